// One JSON line per log record on stderr: what a log shipper wants, readable enough by a person.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** The same logger with fields added to every record (e.g. the request id). */
  child(fields: Record<string, unknown>): Logger;
}

function serialize(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`), bound: Record<string, unknown> = {}): Logger {
  const log = (at: Exclude<LogLevel, 'silent'>) => (message: string, fields: Record<string, unknown> = {}) => {
    if (RANK[at] < RANK[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, message, ...bound, ...serialize(fields) }, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), child: (fields) => createLogger(level, write, { ...bound, ...fields }) };
}
