// One JSON line per log record on stderr (pino): what a log shipper wants, readable enough by a person.
// The rest of the code sees a small interface with the message first, so it does not depend on pino's
// argument order.
import { hostname } from 'node:os';
import { pino, stdSerializers, stdTimeFunctions, type Logger as Pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** The same logger with fields added to every record (e.g. the request id). */
  child(fields: Record<string, unknown>): Logger;
  /** Whether records of this level are written (to skip building fields nobody reads). */
  isLevelEnabled(level: Exclude<LogLevel, 'silent'>): boolean;
}

/**
 * Secrets a client may put where logs reach (a key sent as X-Request-Id or in a URL path, a webhook
 * secret in an error): an API key keeps its prefix, which names it without unlocking it.
 */
const SECRETS = /\b(ak_[0-9a-z]{12}_)[0-9A-Za-z]{8,}|\bwhsec_[A-Za-z0-9+/=]{8,}/g;

export const containsSecret = (text: string) => text.search(SECRETS) >= 0;

/** `text` with every API key's secret part and every webhook secret replaced by `[redacted]`. */
export const redactSecrets = (text: string) =>
  text.replace(SECRETS, (_match, keyPrefix: string | undefined) => `${keyPrefix ?? 'whsec_'}[redacted]`);

function wrap(log: Pino): Logger {
  return {
    debug: (message, fields) => (fields ? log.debug(fields, message) : log.debug(message)),
    info: (message, fields) => (fields ? log.info(fields, message) : log.info(message)),
    warn: (message, fields) => (fields ? log.warn(fields, message) : log.warn(message)),
    error: (message, fields) => (fields ? log.error(fields, message) : log.error(message)),
    child: (fields) => wrap(log.child(fields)),
    isLevelEnabled: (level) => log.isLevelEnabled(level),
  };
}

/**
 * `write` replaces stderr (tests collect the lines). Records look like
 * {"level":"info","time":"2026-11-25T06:00:00.000Z","pid":1,"hostname":"api-1","requestId":"…","message":"request"}.
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination = write
    ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 2, sync: false });
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
  );
}
