// Heavy work (drawing PDFs and decoding their images, reading bank statement files) runs in a pool of
// worker threads (Piscina), never on the thread that answers requests: a large file or a burst of PDFs
// costs its own organization time, not every organization's. Each task has a time and a memory limit; a
// library that throws from a callback or runs out of memory ends its worker and so its task, with a
// clear error, never the process. An organization has at most a few tasks in the pool at once (one
// instance's count); more wait for its share, a few deep, and past them a request is refused with 429 (a
// background job waits its turn).
//
// The worker runs src/heavy/tasks.ts (the composition's list of tasks); this file knows tasks only by name.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError, type ErrorCode, type FieldError } from '../lib/errors.ts';

export interface HeavyWorkSettings {
  /** Worker threads (HEAVY_WORK_THREADS). */
  threads: number;
  /** Tasks one organization may have in the pool at once, running or waiting (HEAVY_WORK_PER_ORGANIZATION). */
  perOrganization: number;
  /** A task still running after this is ended (HEAVY_WORK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Old-generation heap a worker may use, in MB; past it the worker and its task end (HEAVY_WORK_MEMORY_MB). */
  memoryMb: number;
  /** Font files PDFs may draw text in beyond the packaged ones (PDF_FONTS, separated by the path delimiter). */
  fonts: string[];
}

export const DEFAULT_HEAVY_WORK: HeavyWorkSettings = {
  threads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  perOrganization: 2,
  timeoutMs: 30_000,
  memoryMb: 256,
  fonts: [],
};

/** What every pool thread is started with. */
export interface HeavyWorkerData {
  fonts: string[];
  /** The SQLite writer thread (`runSqliteWrite`): runs at the process's priority. */
  writer?: boolean;
}

/** The nice value of a pool thread (src/heavy/tasks.ts): when the cores are all busy, the request thread's turns come first. */
export const HEAVY_THREAD_NICE = 10;

/** What a task answers across the thread boundary: its value, or the AppError it refused with. */
export type TaskOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: ErrorCode; message: string; fieldErrors: FieldError[]; details: Record<string, unknown> } };

/** A task that ended without an answer: its worker crashed, ran out of memory or out of time. */
export class HeavyTaskFailed extends Error {
  override name = 'HeavyTaskFailed';
  constructor(
    readonly task: string,
    readonly reason: 'crashed' | 'timed out' | 'out of memory',
    detail: string,
  ) {
    super(`${task} ${reason}: ${detail}`);
  }
}

export interface HeavyTaskOptions {
  /** Whose work it is: counted against that organization's share. */
  organizationId: string;
  /** When the organization's share is taken: refuse with 429 (a request), or wait for a place (a background job). */
  whenBusy?: 'refuse' | 'wait';
}

let settings = DEFAULT_HEAVY_WORK;
let pool: Piscina | undefined;
let writerPool: Piscina | undefined;
let writerReady: Promise<unknown> | undefined;
const running = new Map<string, number>();
const waiting = new Map<string, (() => void)[]>();

let users = 0;

/**
 * Sets the pool's limits (an app, at start, from its configuration) and returns the app's release: the
 * worker threads end when the last app using them closes.
 */
export function openHeavyWork(next: Partial<HeavyWorkSettings> = {}): () => Promise<void> {
  settings = { ...DEFAULT_HEAVY_WORK, ...next };
  users += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users > 0) return;
    const closing = [pool, writerPool];
    pool = writerPool = writerReady = undefined;
    await Promise.all(closing.map((p) => p?.destroy()));
  };
}

/**
 * The worker's file: the built bundle's sibling when this runs from dist/, else a small module that
 * teaches the worker TypeScript (tsx) before loading the tasks' source.
 */
const workerFile = () =>
  import.meta.url.endsWith('.ts')
    ? new URL('../heavy/worker.dev.mjs', import.meta.url).href
    : new URL('./heavy-tasks.js', import.meta.url).href;

function poolOf(): Piscina {
  pool ??= new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: settings.threads,
    idleTimeout: 60_000,
    // Every organization's share at once, and some: past it the service is saturated (503), not one tenant.
    maxQueue: Math.max(16, settings.threads * 8),
    resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb },
    workerData: { fonts: settings.fonts } satisfies HeavyWorkerData,
  });
  return pool;
}

/**
 * SQLite's writer thread: one thread, its own pool so that a write never queues behind PDFs. Its caller
 * holds the database's write lock while the write runs (src/db/database.ts), so it never has a queue.
 * Kept once started: a thread started under the lock held every write for as long as it took to start.
 */
function writerPoolOf(): Piscina {
  writerPool ??= new Piscina({
    filename: workerFile(),
    minThreads: 1,
    maxThreads: 1,
    resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb },
    workerData: { fonts: [], writer: true } satisfies HeavyWorkerData,
  });
  return writerPool;
}

/** Tasks of one organization that may wait for its share, a request's, before more are refused. */
const waitingPerShare = 4;

const shareTaken = (waitingNow: number) =>
  new AppError(
    'RATE_LIMITED',
    `This organization already has ${settings.perOrganization} heavy operations (PDFs, statement files) under way and ` +
      `${waitingNow} waiting; retry when one has finished.`,
    [],
    { retryAfterSeconds: 1 },
  );

/**
 * Refuses (429) a request whose organization's share is taken, waiting places included: called before
 * the request reads what its task needs, so a burst a share cannot take costs the service little.
 */
export function refuseWhenShareTaken(organizationId: string): void {
  const queued = waiting.get(organizationId)?.length ?? 0;
  if (queued >= settings.perOrganization * waitingPerShare) throw shareTaken(queued);
}

async function takeShare(options: HeavyTaskOptions) {
  const { organizationId } = options;
  for (;;) {
    const now = running.get(organizationId) ?? 0;
    if (now < settings.perOrganization) {
      running.set(organizationId, now + 1);
      return;
    }
    const queue = waiting.get(organizationId) ?? [];
    // A request waits behind its own organization's tasks, a few deep (they hold no thread meanwhile);
    // past that it is refused, while a background job always waits its turn.
    if (options.whenBusy !== 'wait' && queue.length >= settings.perOrganization * waitingPerShare) throw shareTaken(queue.length);
    await new Promise<void>((resolve) => waiting.set(organizationId, [...queue, resolve]));
  }
}

function giveShare(organizationId: string) {
  const left = (running.get(organizationId) ?? 1) - 1;
  if (left > 0) running.set(organizationId, left);
  else running.delete(organizationId);
  const next = waiting.get(organizationId)?.shift();
  if (waiting.get(organizationId)?.length === 0) waiting.delete(organizationId);
  next?.();
}

/** Runs a task in a pool; resolves with its value, throws its AppError, or HeavyTaskFailed. */
async function runIn<T>(on: Piscina, task: string, input: unknown): Promise<T> {
  let outcome: TaskOutcome<T>;
  try {
    outcome = await on.run({ task, input }, { signal: AbortSignal.timeout(settings.timeoutMs) });
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string };
    if (e.name === 'AbortError' || e.name === 'TimeoutError')
      throw new HeavyTaskFailed(task, 'timed out', `still running after ${settings.timeoutMs / 1000} s`);
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new HeavyTaskFailed(task, 'out of memory', `past ${settings.memoryMb} MB`);
    if (e.message === 'Task queue is at limit')
      throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy with heavy work from many organizations; retry shortly.', [], {
        retryAfterSeconds: 2,
      });
    throw new HeavyTaskFailed(task, 'crashed', e.message ?? String(error));
  }
  if (outcome.ok) return outcome.value;
  throw new AppError(outcome.error.code, outcome.error.message, outcome.error.fieldErrors, outcome.error.details);
}

/** Runs a task in the pool, counted against the organization's share. */
export async function runHeavyTask<T>(task: string, input: unknown, options: HeavyTaskOptions): Promise<T> {
  await takeShare(options);
  try {
    return await runIn<T>(poolOf(), task, input);
  } finally {
    giveShare(options.organizationId);
  }
}

/** Starts SQLite's writer thread and opens its connection, if not yet: before its caller takes the write lock. */
export function readySqliteWriter(file: string): Promise<unknown> {
  writerReady ??= runIn(writerPoolOf(), 'writeSqlite', { file, statements: [] }).catch((error) => {
    writerReady = undefined;
    throw error;
  });
  return writerReady;
}

/**
 * Runs statements in one transaction on SQLite's writer thread (`writeSqlite`, src/heavy/sqlite-writes.ts);
 * answers the rows each changed and the last rowid each inserted, or throws the database's refusal as
 * better-sqlite3 would (its `code`).
 * Only under the database's write lock (`Database.sqliteWriteOffThread`).
 */
export async function runSqliteWrite(
  file: string,
  statements: { sql: string; values: unknown[] }[],
): Promise<{ changes: number; lastRowid: number }[]> {
  const outcome = await runIn<{ written: { changes: number; lastRowid: number }[] } | { refused: { code: string; message: string } }>(
    writerPoolOf(),
    'writeSqlite',
    { file, statements },
  );
  if ('written' in outcome) return outcome.written;
  throw Object.assign(new Error(outcome.refused.message), { code: outcome.refused.code });
}

/** Tasks under way per organization on this instance (for tests and metrics). */
export const heavyTasksRunning = (organizationId: string) => running.get(organizationId) ?? 0;
