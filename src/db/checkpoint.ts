// SQLite's write-ahead log copied back into the database file off the event loop.
//
// In WAL mode SQLite copies the log back (a checkpoint) inside whichever COMMIT takes the log past
// `wal_autocheckpoint` pages. better-sqlite3 runs that COMMIT on the event loop, so the copy and its two
// fsyncs stall every request. A write touches a page of every index of every table it writes (an invoice
// with its posting, totals, aging and event: ~80 pages), so at SQLite's 1,000 pages one invoice in ~13
// stalled the server. Here a worker thread with a connection of its own copies the log back with PASSIVE
// checkpoints, which never block the serving connection's reads or writes.
//
// SQLite starts the log over only when a write begins with every frame copied back, which a stream of
// writes never leaves time for, so the log would only grow. Past `restartPages`, the serving connection's
// writes are held back (asynchronously: its transaction queue waits, the event loop does not) for one
// pass that copies the few frames not yet copied; the next write then finds the log copied and starts it
// over. The serving connection keeps an automatic threshold above that as a safety net, and SQLite's
// own again if the worker stops.
//
// A worker of our own rather than a library: nothing on npm runs checkpoints beside better-sqlite3. Its
// source is inline (eval) so the server's bundle stays one file.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from './database.ts';

/** Pages of log (4 KB each) past which writes are held back for a pass that lets the log start over. */
export const RESTART_PAGES = 16_384;
/** SQLite's default threshold, restored on the serving connection if the worker stops. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/** The longest writes wait for the lock to be held back; past it, the next pass tries again. */
const HOLD_MAX_WAIT_MS = 2_000;
/** The least time between two holds, in passes. */
const HOLD_SPACING_PASSES = 5;

/** One pass of `PRAGMA wal_checkpoint(PASSIVE)`. */
export interface CheckpointResult {
  /** 1 when another connection was checkpointing (nothing done this time). */
  busy: number;
  /** Frames in the log. */
  log: number;
  /** Frames copied back into the database file. */
  checkpointed: number;
}

export interface Checkpointer {
  /** The last pass's result, once one ran. */
  readonly last: CheckpointResult | undefined;
  readonly passes: number;
  /** How many times writes were held back so the log could start over. */
  readonly restarts: number;
  /** Runs a last pass and ends the worker. */
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  /** How often the worker copies the log back while it grows (up to eight times less often while it does not). */
  everyMs?: number;
  restartPages?: number;
  /** The serving connection's own threshold while the worker runs, a safety net (default twice `restartPages`). */
  autocheckpointPages?: number;
  onError?: (message: string) => void;
}

// Passes come every `everyMs` while the log grows; while it does not, at most every `everyMs * 8`
// (an idle server wakes a few times a second, and a burst waits at most that long for its first pass).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let lastLog = -1;
let delay = workerData.everyMs;
const pass = (requested) => {
  try {
    const result = checkpoint.get();
    parentPort.postMessage({ result, requested });
    return result;
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error), requested });
  }
};
let timer;
const loop = () => {
  const result = pass(false);
  const quiet = result !== undefined && result.log === lastLog && result.checkpointed === result.log;
  lastLog = result === undefined ? -1 : result.log;
  delay = quiet ? Math.min(delay * 2, workerData.everyMs * 8) : workerData.everyMs;
  timer = setTimeout(loop, delay);
};
timer = setTimeout(loop, delay);
parentPort.on('message', (message) => {
  if (message === 'pass') return void pass(true);
  clearTimeout(timer);
  pass(false);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts background checkpoints on a SQLite database file; undefined on PostgreSQL, which needs none.
 * Long on purpose: one closure over the checkpointing thread and its state (last result, stop), set up and
 * torn down together.
 */
export async function startCheckpointer(db: Database, options: CheckpointerOptions = {}): Promise<Checkpointer | undefined> {
  if (db.direct.kind !== 'sqlite') return undefined;
  const restartPages = options.restartPages ?? RESTART_PAGES;
  const everyMs = options.everyMs ?? 50;
  const setThreshold = (pages: number) => db.prisma.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${pages}`);
  await setThreshold(options.autocheckpointPages ?? restartPages * 2);
  // The serving connection's lock on its writes, held while `work` runs (its own transactions wait).
  const holdingWrites = (work: () => Promise<void>) =>
    db.sqliteTransaction ? db.sqliteTransaction(work, HOLD_MAX_WAIT_MS) : db.prisma.$transaction(work, { maxWait: HOLD_MAX_WAIT_MS });
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file: db.direct.file, everyMs },
    // The worker holds a connection and nothing else.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  const state = { last: undefined as CheckpointResult | undefined, passes: 0, restarts: 0 };
  let lastError: string | undefined;
  let holding = false;
  let lastHold = 0;
  let copiedWhileHeld = 0;
  let stopping = false;
  let stopped = false;
  let requested: (() => void)[] = [];
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(() => {
    stopped = true;
    for (const done of requested) done();
  });
  /** One pass now, resolved once it ran (or the worker ended). */
  const passNow = () =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      requested.push(resolve);
      worker.postMessage('pass');
    });
  worker.on('message', (message: { result?: CheckpointResult; error?: string; requested: boolean }) => {
    if (message.requested) {
      const waiting = requested;
      requested = [];
      for (const done of waiting) done();
    }
    if (message.error) {
      if (message.error !== lastError) options.onError?.(message.error); // said once, not every pass
      lastError = message.error;
      return;
    }
    lastError = undefined;
    const result = message.result!;
    state.last = result;
    state.passes++;
    if (message.requested) copiedWhileHeld = result.log;
    // Held back when the log is long and has grown since the last hold (else no write came since, and the
    // next one starts it over), and not again at once should a reader elsewhere keep it from starting over.
    if (message.requested || holding || stopping || result.log < restartPages || result.log === copiedWhileHeld) return;
    if (performance.now() - lastHold < HOLD_SPACING_PASSES * everyMs) return;
    holding = true;
    lastHold = performance.now();
    holdingWrites(async () => {
      await passNow();
      state.restarts++;
    })
      .catch(() => {}) // the lock was busy past the wait: the next pass asks again
      .finally(() => (holding = false));
  });
  worker.once('error', (error) => {
    options.onError?.(error.message);
    // The serving connection checkpoints at SQLite's usual threshold again.
    if (!stopping) void setThreshold(SQLITE_AUTOCHECKPOINT_PAGES).catch(() => {});
  });
  return {
    get last() {
      return state.last;
    },
    get passes() {
      return state.passes;
    },
    get restarts() {
      return state.restarts;
    },
    async stop() {
      stopping = true;
      // Referenced again while it finishes: an unreferenced worker lets the process exit in the middle of a
      // shutdown that waits for it (and skip what comes after, such as flushing traces).
      worker.ref();
      if (!stopped) worker.postMessage('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      await worker.terminate();
      await setThreshold(SQLITE_AUTOCHECKPOINT_PAGES).catch(() => {}); // the database may be closing
    },
  };
}
