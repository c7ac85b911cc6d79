// Long work done in pieces on the request thread (a job's steps, a statement's staged chunks, a
// schedule's catch-up) must give the event loop back between pieces.

/**
 * Lets requests in. On SQLite every statement runs synchronously and its promise settles at once, so
 * pieces awaited one after another run back to back in microtasks and never reach the loop's poll
 * phase: requests that arrived meanwhile would wait for the whole of the work. setImmediate runs after
 * this turn's I/O.
 */
export const letRequestsIn = () => new Promise<void>((resolve) => setImmediate(resolve));
