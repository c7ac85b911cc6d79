// The tasks the heavy-work pool's threads run (src/core/heavy-work.ts), by name: the one list of what
// leaves the request thread. Each answers its value, or the AppError it refused its input with (an error
// class does not cross a thread whole); anything else it throws ends the task, and the pool says so.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'piscina';
import { HEAVY_THREAD_NICE, type HeavyWorkerData, type TaskOutcome } from '../core/heavy-work.ts';
import { AppError } from '../lib/errors.ts';
import { readStatementPacked } from '../modules/banking/statement-packing.ts';
import { readSqlite } from './sqlite-reads.ts';
import { writeSqlite } from './sqlite-writes.ts';
import { drawLogo, drawPdf } from '../modules/documents/pdf-drawing.ts';
import { useExtraFonts } from '../modules/documents/pdf-fonts.ts';

const TASKS = {
  drawPdf: ({
    letterhead,
    view,
  }: Parameters<typeof drawPdf>[0] extends infer L ? { letterhead: L; view: Parameters<typeof drawPdf>[1] } : never) =>
    drawPdf(letterhead, view),
  drawLogo: ({ base64 }: { base64: string }) => drawLogo(base64),
  readStatement: (input: Parameters<typeof readStatementPacked>[0]) => readStatementPacked(input),
  readSqlite: (input: Parameters<typeof readSqlite>[0]) => readSqlite(input),
  writeSqlite: (input: Parameters<typeof writeSqlite>[0]) => writeSqlite(input),
} satisfies Record<string, (input: never) => unknown>;

export type HeavyTaskName = keyof typeof TASKS;

const data = workerData as HeavyWorkerData | undefined;

// Linux keeps a nice value per thread: setpriority on this thread's id lowers this thread alone (no
// privilege needed to lower). Elsewhere (no /proc/thread-self) the pool runs at the process's priority.
// The writer thread keeps the process's: it holds SQLite's one write lock while it runs.
try {
  if (!data?.writer) setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), HEAVY_THREAD_NICE);
} catch {}

useExtraFonts(data?.fonts ?? []);

export default async function run({ task, input }: { task: HeavyTaskName; input: never }): Promise<TaskOutcome<unknown>> {
  try {
    return { ok: true, value: await TASKS[task](input) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, error: { code: error.code, message: error.message, fieldErrors: error.fieldErrors, details: error.details } };
  }
}
