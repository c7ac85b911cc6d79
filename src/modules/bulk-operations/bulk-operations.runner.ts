// The bulk runner, on every instance: takes a queued or running operation by a lease (a token and a
// time), runs it as the key that started it (its scopes as they are now) in steps, and records each step
// at a checkpoint that only the lease's holder can write (bulk-operations.service.ts). An export's step
// is one page of its query; an import's is up to 100 lines, each created through the REST route table
// with its own idempotency key, so lines an instance created before dying are replayed, not created
// again, by whichever instance carries the job on. After a few seconds a job gives its lease back so
// several jobs share the runners, and a closing instance stops between steps.
import { randomUUID } from 'node:crypto';
import type { GraphQLError } from 'graphql';
import { backgroundLoop } from '../../events/loop.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { readSql } from '../../db/sql.ts';
import type { RequestContext } from '../../core/request-context.ts';
import type { ModuleWorker, WorkerDeps } from '../../module.ts';
import type { BulkOperationRow } from './bulk-operations.public.ts';
import { UNFINISHED } from './bulk-operations.public.ts';
import { resultLink } from './bulk-operations.files.ts';
import { exportPageSize, exportQuery, type ExportQuery, PAGE_INFO_ALIAS } from './bulk-operations.query.ts';
import { checkpoint, importTarget, LeaseLost, type Step } from './bulk-operations.service.ts';
import { letRequestsIn } from '../../lib/turns.ts';

/** Records an export asks for a step at least (a client's largest page) and at most. */
export const EXPORT_PAGE = 100;
export const LARGEST_EXPORT_PAGE = 1_000;
/** Import lines a step creates before its checkpoint. */
export const IMPORT_STEP = 100;
/** How long a job runs before it gives its lease back for others (a fairness slice, not a limit). */
const SLICE_MS = 5_000;
/** The pause before a job that met a busy or unreachable database carries on. */
const RETRY_AFTER_MS = 5_000;
/** Answers that say "not now" rather than "not this": the line is tried again later, never recorded as failed. */
const TRANSIENT = new Set([409, 429, 503]);

export const bulkRunner: ModuleWorker = {
  name: 'bulk-operations',
  create(deps) {
    let stopping = false;
    let prunedAt = -Infinity;
    const pass = async () => {
      if (await runNext(deps, () => stopping)) return true;
      // Housekeeping when no job is waiting, at most once a minute.
      if (deps.clock().getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = deps.clock().getTime();
        await pruneFiles(deps);
      }
      return false;
    };
    const loop = backgroundLoop('bulk operations', pass, deps.config.bulk.pollMs, deps.logger);
    return {
      ...loop,
      start() {
        stopping = false;
        loop.start();
      },
      async stop() {
        stopping = true;
        await loop.stop();
      },
    };
  },
};

/** Takes the oldest operation nobody holds and runs a slice of it. True when it ran one (there may be more). */
export async function runNext(deps: WorkerDeps, stopping: () => boolean = () => false): Promise<boolean> {
  const { db, clock, config } = deps;
  const now = clock();
  const free = { status: { in: [...UNFINISHED] }, OR: [{ leasedUntil: null }, { leasedUntil: { lt: now } }] };
  // The same condition as a plain read: it runs every poll on every instance, and nearly always finds nothing.
  const candidates = await readSql(db).$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT "id" FROM "BulkOperation" WHERE "status" IN (${Prisma.join([...UNFINISHED])})
      AND ("leasedUntil" IS NULL OR "leasedUntil" < ${now}) ORDER BY "createdAt" LIMIT 5`);
  for (const { id } of candidates) {
    const leaseToken = randomUUID();
    const [{ count }] = await db.prisma.$transaction([
      db.prisma.bulkOperation.updateMany({
        where: { id, ...free },
        data: { leaseToken, leasedUntil: new Date(now.getTime() + config.bulk.leaseMs) },
      }),
    ]);
    if (count === 0) continue; // another instance took it first
    const operation = await db.prisma.bulkOperation.findUniqueOrThrow({ where: { id } });
    try {
      await runSlice(deps, operation, leaseToken, stopping);
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error;
      deps.logger.info('bulk operation carried on by another instance', { id });
    }
    return true;
  }
  return false;
}

/** How often an idle runner deletes expired files. */
const PRUNE_EVERY_MS = 60_000;
/** Upload chunks older than this with no file row are an upload that died midway. */
const ABANDONED_UPLOAD_MS = 86_400_000;

/**
 * Deletes what has outlived its use, a batch at a time, when no job is waiting: result files past their
 * link's expiry (the operation stays, its link answering 410), uploads older than the same number of
 * days that no unfinished import reads, and the chunks of uploads that never finished.
 */
export async function pruneFiles(deps: Pick<WorkerDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  const now = clock();
  const expired = await db.prisma.bulkOperation.findMany({
    where: { resultExpiresAt: { lt: now }, resultChunks: { gt: 0 } },
    select: { id: true },
    take: 20,
  });
  for (const { id } of expired) {
    await db.prisma.$transaction([
      db.prisma.bulkFileChunk.deleteMany({ where: { fileId: id } }),
      db.prisma.bulkOperation.update({ where: { id }, data: { resultChunks: 0 } }),
    ]);
  }
  const old = new Date(now.getTime() - config.bulk.fileDays * 86_400_000);
  const uploads = await db.prisma.bulkFile.findMany({ where: { createdAt: { lt: old } }, select: { id: true }, take: 20 });
  for (const { id } of uploads) {
    const reading = await db.prisma.bulkOperation.count({ where: { inputFileId: id, status: { in: [...UNFINISHED] } } });
    if (reading) continue;
    await db.prisma.$transaction([
      db.prisma.bulkFileChunk.deleteMany({ where: { fileId: id } }),
      db.prisma.bulkFile.delete({ where: { id } }),
    ]);
  }
  const abandoned = await db.prisma.bulkFileChunk.findMany({
    where: { fileId: { startsWith: 'bfl_' }, seq: 0, createdAt: { lt: new Date(now.getTime() - ABANDONED_UPLOAD_MS) } },
    select: { fileId: true },
    take: 20,
  });
  for (const { fileId } of abandoned) {
    if (await db.prisma.bulkFile.findUnique({ where: { id: fileId }, select: { id: true } })) continue;
    await db.prisma.$transaction([db.prisma.bulkFileChunk.deleteMany({ where: { fileId } })]);
  }
}

/** A step's work, from where the last checkpoint left off: what it adds to the result file and where the next one starts. */
type StepWork = (cursor: string | null, done: number) => Promise<Step>;

async function runSlice(deps: WorkerDeps, operation: BulkOperationRow, leaseToken: string, stopping: () => boolean) {
  const { clock, config, api } = deps;
  const started = Date.now();
  const key = await api.key(operation.apiKeyId);
  const context = typeof key === 'string' ? undefined : api.contextFor(key, `bulk:${operation.id}`);
  let work: StepWork;
  if (!context) {
    const why = key === 'expired' ? 'expired' : 'was revoked';
    work = async () => ({
      lines: [],
      objects: 0,
      cursor: null,
      done: false,
      failure: { code: 'UNAUTHENTICATED', message: `The API key that started it ${why}` },
    });
  } else work = operation.type === 'EXPORT' ? exportStep(deps, operation, context) : importStep(deps, operation, context);

  let cursor = operation.cursor;
  for (;;) {
    // A canceled job ends at once, without another step.
    const step: Step =
      operation.status === 'CANCELING' ? { lines: [], objects: 0, cursor, done: false } : await work(cursor, operation.objectCount);
    const yieldNow = !step.done && !step.failure && (step.retryLater || stopping() || Date.now() - started > SLICE_MS);
    // Given back at once to share the runners; held a while by a job that must wait for the database.
    const leasedUntil = step.retryLater
      ? new Date(clock().getTime() + RETRY_AFTER_MS)
      : yieldNow
        ? null
        : new Date(clock().getTime() + config.bulk.leaseMs);
    const written = await deps.unitOfWork.write(
      operation.organizationId,
      { operation: 'bulkOperationCheckpoint', input: { id: operation.id } },
      (scope) =>
        checkpoint(scope, operation.id, step, {
          leaseToken,
          leasedUntil,
          fileDays: config.bulk.fileDays,
          link: (row, expiresAt) => resultLink(config.mail.publicUrl, row, expiresAt),
        }),
    );
    const row = written.row as BulkOperationRow;
    if (row.status !== 'RUNNING') {
      const status = row.status.toLowerCase() as 'completed' | 'failed' | 'canceled';
      deps.metrics.bulkOperationFinished(operation.type === 'EXPORT' ? 'export' : 'import', status, row.objectCount);
      return;
    }
    if (yieldNow) return;
    await letRequestsIn();
    operation = row;
    cursor = row.cursor;
  }
}

const failureOf = (errors: readonly GraphQLError[]) => ({
  code: String(errors[0]?.extensions?.code ?? 'INTERNAL'),
  message: errors.map((e) => e.message).join('; '),
});

/** An export's step: the next page of its query, each node a line. */
function exportStep(deps: WorkerDeps, operation: BulkOperationRow, context: RequestContext): StepWork {
  let enveloped: ReturnType<WorkerDeps['api']['graphql']>;
  let query: ExportQuery;
  let pageSize: number;
  return async (cursor) => {
    if (!query) {
      const schema = deps.api.graphql(context).schema;
      try {
        query = exportQuery(schema, operation.query!);
      } catch (error) {
        return { lines: [], objects: 0, cursor, done: false, failure: { code: 'VALIDATION_FAILED', message: (error as Error).message } };
      }
      // As many records a step as the query cost allows: each page is a round trip per nested level, and on
      // PostgreSQL those round trips, not the rows, were most of an export's time.
      pageSize = exportPageSize(schema, query, EXPORT_PAGE, LARGEST_EXPORT_PAGE);
      enveloped = deps.api.graphql({ ...context, largestPage: pageSize });
    }
    const result = await enveloped.execute({
      schema: enveloped.schema,
      document: query.document,
      variableValues: { bulkFirst: pageSize, bulkAfter: cursor },
      contextValue: await enveloped.contextFactory(),
    });
    if ('errors' in result && result.errors?.length) {
      const failure = failureOf(result.errors);
      if (failure.code === 'SERVICE_UNAVAILABLE' || failure.code === 'CONFLICT')
        return { lines: [], objects: 0, cursor, done: false, retryLater: true };
      return { lines: [], objects: 0, cursor, done: false, failure };
    }
    const connection = (result as { data: Record<string, ConnectionPage> }).data[query.field];
    const lines = connection.edges.flatMap((edge) => (edge?.node ? [JSON.stringify(edge.node)] : []));
    const page = connection[PAGE_INFO_ALIAS];
    return { lines, objects: lines.length, cursor: page.endCursor ?? cursor, done: !page.hasNextPage };
  };
}

interface ConnectionPage {
  edges: ({ node: unknown } | null)[];
  [PAGE_INFO_ALIAS]: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * An import's step: up to 100 lines from where the last checkpoint left off (`<chunk>:<line>` of the
 * uploaded file), each created on its own; a line's failure is its line in the result file.
 */
function importStep(deps: WorkerDeps, operation: BulkOperationRow, context: RequestContext): StepWork {
  // The chunk being worked through, read and decoded once (a chunk holds ten steps' lines).
  let current: { seq: number; texts: string[] } | undefined;
  const chunkAt = async (seq: number) => {
    if (current?.seq === seq) return current;
    const chunk = await deps.db.prisma.bulkFileChunk.findUnique({ where: { fileId_seq: { fileId: operation.inputFileId!, seq } } });
    current = chunk ? { seq, texts: Buffer.from(chunk.data).toString('utf8').split('\n', chunk.lineCount) } : undefined;
    return current;
  };
  return async (cursor, done) => {
    const [seq, offset] = (cursor ?? '0:0').split(':').map(Number);
    const lines: string[] = [];
    let errors = 0;
    let at = { seq, offset };
    let lineNumber = done;
    for (let chunk = await chunkAt(seq); chunk; chunk = await chunkAt(chunk.seq + 1)) {
      const { texts } = chunk;
      for (let i = chunk.seq === seq ? offset : 0; i < texts.length; i++) {
        if (lines.length === IMPORT_STEP) return { lines, objects: lines.length, errors, cursor: `${at.seq}:${at.offset}`, done: false };
        lineNumber++;
        const { idempotencyKey, body } = JSON.parse(texts[i]) as { idempotencyKey?: string; body: Record<string, unknown> };
        const key = idempotencyKey ?? `bulk:${operation.id}:${lineNumber}`;
        const target = importTarget(operation.resource!, body);
        const answer =
          'error' in target
            ? {
                status: 400,
                idempotentReplayed: false,
                body: { code: 'VALIDATION_FAILED', detail: 'The line cannot be imported', errors: [target.error] },
              }
            : await deps.api.rest({ method: 'POST', path: target.path, body: target.body, idempotencyKey: key }, context);
        if (TRANSIENT.has(answer.status))
          return { lines, objects: lines.length, errors, cursor: `${at.seq}:${at.offset}`, done: false, retryLater: true };
        const ok = answer.status < 400;
        if (!ok) errors++;
        const outcome = ok
          ? { id: (answer.body as { id?: string }).id ?? null, ...(answer.idempotentReplayed ? { replayed: true } : {}) }
          : { error: problemOf(answer.body) };
        lines.push(JSON.stringify({ line: lineNumber, idempotencyKey: idempotencyKey ?? null, status: answer.status, ...outcome }));
        at = { seq: chunk.seq, offset: i + 1 };
        await letRequestsIn();
      }
    }
    return { lines, objects: lines.length, errors, cursor: `${at.seq}:${at.offset}`, done: true };
  };
}

/** A line's error as the result file gives it: the problem's code, message and field errors. */
function problemOf(body: unknown) {
  const problem = body as { code?: string; detail?: string; errors?: unknown[] };
  return { code: problem.code ?? 'INTERNAL', message: problem.detail ?? 'Unexpected error', errors: problem.errors ?? [] };
}
