// One JSON line per log record on stderr (pino): what a log shipper wants, readable enough by a person.
// The rest of the code sees a small interface with the message first, so it does not depend on pino's
// argument order.
//
// The request log is a line per request, the only high-volume one: its lines gather in a 4 KB buffer that
// the main thread writes when full, within a second, or at exit (pino's `minLength` with `sync`), where an
// asynchronous write of a line or two at a time handed each to libuv's thread pool and woke a thread
// for it (docs/performance.md, levers table). Every other line is written at once.
import { hostname } from 'node:os';
import { pino, stdSerializers, stdTimeFunctions, type Logger as Pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /**
   * One answered request's line in the request log (`info`, message "request"): it may wait up to a
   * second in the buffer with the next ones. A failed request's line is a `warn`, written at once.
   */
  request(fields: Record<string, unknown>): void;
  /** The same logger with fields added to every record (e.g. the request id). */
  child(fields: Record<string, unknown>): Logger;
  /** Whether records of this level are written (to skip building fields nobody reads). */
  isLevelEnabled(level: Exclude<LogLevel, 'silent'>): boolean;
}

/**
 * Secrets a client may put where logs reach (a key sent as X-Request-Id or in a URL path, with or
 * without its `ak_`; a webhook secret in an error): an API key keeps its prefix, which names it without
 * unlocking it.
 */
const SECRETS = /\b(ak_[0-9a-z]{12}_|[0-9a-z]{12}_(?=[0-9A-Za-z]{32}\b))[0-9A-Za-z]{8,}|\bwhsec_[A-Za-z0-9+/=]{8,}/g;

export const containsSecret = (text: string) => text.search(SECRETS) >= 0;

/** `text` with every API key's secret part and every webhook secret replaced by `[redacted]`. */
export const redactSecrets = (text: string) =>
  text.replace(SECRETS, (_match, keyPrefix: string | undefined) => `${keyPrefix ?? 'whsec_'}[redacted]`);

/** How long a request log line may wait in the buffer, and how much gathers before it is written. */
const REQUEST_LOG_FLUSH_MS = 1_000;
const REQUEST_LOG_BUFFER_BYTES = 4_096;

function wrap(log: Pino, flush: () => void): Logger {
  // A line written at once: it takes the buffered request lines with it.
  const at = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) => {
    if (!log.isLevelEnabled(level)) return;
    if (fields) log[level](fields, message);
    else log[level](message);
    flush();
  };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    request: (fields) => log.info(fields, 'request'),
    child: (fields) => wrap(log.child(fields), flush),
    isLevelEnabled: (level) => log.isLevelEnabled(level),
  };
}

const open = (destination: object) => !(destination as { destroyed?: boolean }).destroyed;

/** Standard error, one buffer for every logger of the process, so lines keep their order. */
let stderr: ReturnType<typeof pino.destination> | undefined;
function stderrDestination() {
  if (stderr) return stderr;
  const destination = pino.destination({ dest: 2, sync: true, minLength: REQUEST_LOG_BUFFER_BYTES, periodicFlush: REQUEST_LOG_FLUSH_MS });
  // pino flushes a synchronous destination at exit only when told to. `flush` writes synchronously here
  // and reports a failed write as pino expects (a closed pipe is ignored), where `flushSync` would retry
  // it for good and keep the process from exiting.
  process.once('exit', flushStderr);
  stderr = destination;
  return destination;
}

/** Writes what the buffer holds; logging never throws (a closed stderr is pino's to ignore). */
function flushStderr() {
  try {
    if (stderr && open(stderr)) stderr.flush();
  } catch {
    // nothing to be done about a standard error that cannot be written
  }
}

/**
 * `write` replaces stderr (tests collect the lines). Records look like
 * {"level":"info","time":"2026-11-25T06:00:00.000Z","pid":1,"hostname":"api-1","requestId":"…","message":"request"}.
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination = write
    ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : level === 'silent'
      ? { write: () => {} }
      : stderrDestination();
  return wrap(
    pino(
      {
        level,
        messageKey: 'message',
        timestamp: stdTimeFunctions.isoTime,
        base: { pid: process.pid, hostname: hostname() },
        formatters: { level: (label) => ({ level: label }) },
        // Errors logged as `error` keep their name, message and stack (and a cause's).
        serializers: { error: stdSerializers.err },
        // Every line, whatever field carries it: no secret is ever written.
        hooks: { streamWrite: redactSecrets },
      },
      destination,
    ),
    write ? () => {} : flushStderr,
  );
}
