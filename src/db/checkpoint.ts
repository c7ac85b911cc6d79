// SQLite WAL checkpoints off the event loop.
//
// In WAL mode SQLite copies the log back into the database file (a checkpoint) from inside whichever
// COMMIT pushes the log past `wal_autocheckpoint` pages. With better-sqlite3 that COMMIT runs on the
// event loop: measured under the journal-entry bench, one write in ~37 stalled the whole server for
// 13 ms (two fsyncs and ~4 MB copied), which is half of all time spent in COMMIT and a direct cause of
// tail latency. Here a worker thread with its own connection runs PASSIVE checkpoints every
// `everyMs` instead: they never block a writer or a reader, and the fsyncs happen on another thread.
// The serving connection keeps a high automatic threshold as a safety net, so the log stays bounded
// even if the worker stops or falls behind.
//
// A worker of our own rather than a library: nothing on npm does this for better-sqlite3, and the
// worker is a dozen lines. Its source is inline (eval) so the esbuild bundle needs no second file.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from './database.ts';

/** The serving connection's own threshold while the worker runs (pages of 4 KB: ~40 MB of log). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;
/** SQLite's default, restored if the worker dies. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

export interface CheckpointResult {
  /** Frames in the log. */
  log: number;
  /** Frames copied back into the database file so far. */
  checkpointed: number;
  /** 1 when another connection held the checkpoint lock (nothing done this time). */
  busy: number;
}

export interface Checkpointer {
  /** The last pass's result, once one ran. */
  readonly last: CheckpointResult | undefined;
  /** How many passes ran. */
  readonly passes: number;
  /** Runs a last pass and ends the worker. */
  stop(): Promise<void>;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const pass = () => {
  try { parentPort.postMessage({ result: db.pragma('wal_checkpoint(PASSIVE)')[0] }); }
  catch (error) { parentPort.postMessage({ error: String((error && error.message) || error) }); }
};
const timer = setInterval(pass, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  pass();
  db.close();
  parentPort.close();
});
`;

export interface CheckpointerOptions {
  everyMs?: number;
  onError?: (message: string) => void;
}

/** Starts background checkpoints for a SQLite database; undefined on PostgreSQL (it needs none of this). */
export async function startCheckpointer(db: Database, options: CheckpointerOptions = {}): Promise<Checkpointer | undefined> {
  if (db.direct.kind !== 'sqlite') return undefined;
  const setThreshold = (pages: number) => db.prisma.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${pages}`);
  await setThreshold(FALLBACK_AUTOCHECKPOINT_PAGES);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file: db.direct.file, everyMs: options.everyMs ?? 250 },
    // A small heap: the worker only holds a connection.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  const state: { last?: CheckpointResult; passes: number } = { passes: 0 };
  let lastError: string | undefined;
  worker.on('message', (message: { result?: CheckpointResult; error?: string }) => {
    if (message.result) {
      state.last = message.result;
      state.passes++;
      lastError = undefined;
    } else if (message.error && message.error !== lastError) {
      lastError = message.error; // said once, not every pass
      options.onError?.(message.error);
    }
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping = false;
  worker.once('error', (error) => {
    options.onError?.(error.message);
    // The serving connection checkpoints at SQLite's usual threshold again.
    if (!stopping) void setThreshold(DEFAULT_AUTOCHECKPOINT_PAGES).catch(() => {});
  });
  return {
    get last() {
      return state.last;
    },
    get passes() {
      return state.passes;
    },
    async stop() {
      stopping = true;
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      await worker.terminate();
    },
  };
}
