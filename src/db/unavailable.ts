// Whether an error means "the database cannot be reached right now" (refused, terminated, timed out,
// shutting down), however it reached us: Prisma's own codes, the driver adapter's error kinds,
// PostgreSQL's SQLSTATE, or node-postgres' plain errors (a transaction whose connection was terminated
// fails with a bare `Error`, outside Prisma's error classes). Such an error is the service's to report
// as 503 with Retry-After, never an INTERNAL 500: the client did nothing wrong, and retrying (with its
// Idempotency-Key for writes) is the right move.

/**
 * Prisma: can't reach (P1001), timed out (P1002, P1008), connection closed (P1017), pool timeout (P2024), transaction closed under it
 * (P2028).
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);

/** The driver adapters' kinds for the same (@prisma/driver-adapter-utils' MappedError). */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'TooManyConnections', 'SocketTimeout', 'DatabaseAccessDenied']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (administrator or crash shutdown,
 * cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** node-postgres' and Node's words for a connection that went away. */
const CONNECTION_LOST = new RegExp(
  [
    'Connection terminated',
    'connection error and is not queryable',
    'Client was closed',
    'timeout exceeded when trying to connect',
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'EHOSTUNREACH',
    'terminating connection due to',
  ].join('|'),
  'i',
);

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  // Walk the chain: the error, the adapter error Prisma wraps, and their causes.
  const queue: unknown[] = [error];
  while (queue.length) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const e = current as {
      code?: unknown;
      kind?: unknown;
      originalCode?: unknown;
      message?: unknown;
      meta?: { driverAdapterError?: unknown };
      cause?: unknown;
      name?: unknown;
    };
    if (typeof e.code === 'string' && (PRISMA_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code) || CONNECTION_LOST.test(e.code)))
      return true;
    if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
    if (typeof e.originalCode === 'string' && UNAVAILABLE_SQLSTATE.test(e.originalCode)) return true;
    // Only connection-level messages: a constraint or syntax error never matches these.
    if (typeof e.message === 'string' && CONNECTION_LOST.test(e.message) && !/violates|syntax/i.test(e.message)) return true;
    queue.push(e.meta?.driverAdapterError, e.cause);
  }
  return false;
}
