// One JSON line per log record on stderr (pino): what a log shipper wants, readable enough by a person.
// The rest of the code sees a small interface with the message first, so it does not depend on pino's
// argument order.
//
// The request log is a line per request, the only high-volume one: its lines gather in a 4 KB buffer that is
// written when full, within a second, or at exit (pino's `minLength`), rather than a line or two at a time,
// each write handed to libuv's thread pool (docs/performance.md, levers table). Every other line is
// written at once.
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

/** Most bytes of log lines held while standard error cannot take them; past it lines are dropped, and counted. */
const LOG_BUFFER_LIMIT_BYTES = 4 * 1024 * 1024;
let droppedLines = 0;
let exiting = false;

/** Log lines dropped because standard error stopped taking them (a reader that stopped reading). */
export const droppedLogLines = () => droppedLines;

/**
 * Standard error, one buffer for every logger of the process, so lines keep their order. Written
 * asynchronously: a reader that stops reading (a full pipe) must not stop the server, as a synchronous
 * write waiting on the pipe would. While the pipe is full, lines gather up to LOG_BUFFER_LIMIT_BYTES; past
 * it they are dropped and counted (the `accounting_log_lines_dropped_total` metric).
 */
let stderr: ReturnType<typeof pino.destination> | undefined;
function stderrDestination() {
  if (stderr) return stderr;
  const destination = pino.destination({
    dest: 2,
    sync: false,
    minLength: REQUEST_LOG_BUFFER_BYTES,
    maxLength: LOG_BUFFER_LIMIT_BYTES,
    periodicFlush: REQUEST_LOG_FLUSH_MS,
    // A full non-blocking pipe is tried again later, except at exit, when what cannot be written is let go.
    retryEAGAIN: () => !exiting,
  });
  destination.on('drop', () => droppedLines++);
  // A closed pipe (the reader is gone): nothing more can be written, and logging never throws.
  destination.on('error', () => {});
  process.once('exit', () => {
    exiting = true;
    flushStderr(true);
  });
  stderr = destination;
  return destination;
}

/** Writes what the buffer holds (at exit, synchronously); logging never throws. */
function flushStderr(now = false) {
  try {
    if (!stderr || !open(stderr)) return;
    if (now) stderr.flushSync();
    else stderr.flush();
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
    write ? () => {} : () => flushStderr(),
  );
}
