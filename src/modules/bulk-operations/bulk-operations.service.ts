// Bulk operations: an export (a query over every record of a list) or an import (a file of creates),
// queued by a request and run by the runner (bulk-operations.runner.ts) on whichever instance holds its
// lease. Progress is kept at checkpoints, each one write that adds a chunk of the result file and moves
// the operation on together, refused unless the writer still holds the lease (its token): so a job
// carried on elsewhere after an instance died never writes a line twice.
import { randomBytes } from 'node:crypto';
import { change, type EventDraft } from '../../core/representations.ts';
import { allows, insufficientScope, type Scope } from '../../core/scopes.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { AppError, type FieldError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { BULK_OPERATION, type BulkOperationRow, UNFINISHED } from './bulk-operations.public.ts';

/** Operations an organization may have queued or running at once (Shopify allows five). */
export const MAX_UNFINISHED = 5;

/**
 * What an import may create, by resource (the path under /api/v1/), with the scope each needs: the
 * resources whose records arrive in bulk (a migration's opening books, a shop's orders, a day of sales).
 */
export const IMPORTABLE: Readonly<Record<string, Scope>> = {
  accounts: 'accounts:write',
  customers: 'customers:write',
  vendors: 'vendors:write',
  products: 'products:write',
  'tax-rates': 'tax_rates:write',
  employees: 'employees:write',
  'journal-entries': 'journal_entries:write',
  invoices: 'invoices:write',
  'credit-notes': 'invoices:write',
  'sales-receipts': 'sales_receipts:write',
  bills: 'bills:write',
  estimates: 'estimates:write',
  'purchase-orders': 'purchase_orders:write',
  'exchange-rates': 'exchange_rates:write',
  'bank-statements': 'banking:write',
};

/** The longest import line of most resources: one record's JSON. */
export const IMPORT_LINE_BYTES = 1024 * 1024;

/**
 * Resources whose lines are not created as POST /api/v1/<resource>, or may be longer: a statement file is
 * imported into the bank account its line's body names (POST /api/v1/bank-accounts/{id}/statements), and
 * its line holds the file (8 MB as the route takes it, a little more as JSON). A statement too large to
 * wait for (up to 100,000 lines) is imported so, as a job.
 */
const NESTED_IMPORTS: Readonly<Record<string, { parent: string; path: string; lineBytes: number }>> = {
  'bank-statements': { parent: 'bankAccountId', path: '/api/v1/bank-accounts/:id/statements', lineBytes: 12 * 1024 * 1024 },
};

/** The REST route an import line of `resource` is created through (`:id`: its parent's id). */
export const importRoute = (resource: string) => NESTED_IMPORTS[resource]?.path ?? `/api/v1/${resource}`;

/** The longest line an import of `resource` takes. */
export const importLineBytes = (resource: string) => NESTED_IMPORTS[resource]?.lineBytes ?? IMPORT_LINE_BYTES;

/**
 * Where an import line of `resource` is created, and the body sent there; or what is wrong with the line
 * (its parent's id missing), said as the route would.
 */
export function importTarget(
  resource: string,
  body: Record<string, unknown>,
): { path: string; body: Record<string, unknown> } | { error: FieldError } {
  const nested = NESTED_IMPORTS[resource];
  if (!nested) return { path: `/api/v1/${resource}`, body };
  const { [nested.parent]: parentId, ...rest } = body;
  if (typeof parentId !== 'string' || !parentId)
    return { error: { path: nested.parent, message: `is required: the id of the record each ${resource} line is created in` } };
  return { path: nested.path.replace(':id', encodeURIComponent(parentId)), body: rest };
}

const unknownResource = { path: 'resource', message: `must be one of ${Object.keys(IMPORTABLE).join(', ')}` };

/** Refuses an import of a resource that cannot be imported (400), before anything is read. */
export function assertImportable(resource: string) {
  if (IMPORTABLE[resource] === undefined) throw validationError([unknownResource]);
}

/** Refuses a key without the write scope importing `resource` needs (403); an unknown resource is refused elsewhere. */
export function assertMayImport(scopes: ReadonlySet<Scope>, resource: string) {
  const needed = IMPORTABLE[resource];
  if (needed && !allows(scopes, needed)) throw insufficientScope(needed, `This API key lacks ${needed}, which importing ${resource} needs`);
}

async function assertRoom(scope: WriteScope) {
  const unfinished = await scope.prisma.bulkOperation.count({
    where: { organizationId: scope.organizationId, status: { in: [...UNFINISHED] } },
  });
  if (unfinished >= MAX_UNFINISHED)
    throw new AppError(
      'RATE_LIMITED',
      `This organization already has ${unfinished} bulk operations queued or running, the most allowed; ` +
        'wait for one to finish or cancel one',
      [],
      { retryAfterSeconds: 60 },
    );
}

function queued(scope: WriteScope, apiKeyId: string, data: Partial<BulkOperationRow> & Pick<BulkOperationRow, 'type'>) {
  return scope.prisma.bulkOperation.create({
    data: {
      id: newId('BulkOperation'),
      organizationId: scope.organizationId,
      apiKeyId,
      secret: randomBytes(32).toString('base64url'),
      createdAt: scope.now,
      updatedAt: scope.now,
      ...data,
    } as never,
  });
}

const created = (row: BulkOperationRow) =>
  change(BULK_OPERATION, row, [{ type: 'bulk_operation.created', resource: { type: BULK_OPERATION, id: row.id, row } }]);

/** Queues an export of a query already checked (bulk-operations.query.ts). */
export async function queueExport(scope: WriteScope, apiKeyId: string, query: string) {
  await assertRoom(scope);
  return created(await queued(scope, apiKeyId, { type: 'EXPORT', query }));
}

/** Queues an import of an uploaded file's lines as creates of `resource`. */
export async function queueImport(scope: WriteScope, apiKeyId: string, resource: string, fileId: string) {
  const file = await scope.prisma.bulkFile.findFirst({ where: { id: fileId, organizationId: scope.organizationId } });
  const errors = [
    ...(IMPORTABLE[resource] === undefined ? [unknownResource] : []),
    ...(file ? [] : [{ path: 'fileId', message: `no uploaded file "${fileId}" (upload one to POST /api/v1/bulk-operations/imports)` }]),
  ];
  if (errors.length) throw validationError(errors);
  await assertRoom(scope);
  return created(await queued(scope, apiKeyId, { type: 'IMPORT', resource, inputFileId: fileId, totalCount: file!.lineCount }));
}

export async function loadBulkOperation(tenant: Tenant, id: string) {
  const row = await tenant.prisma.bulkOperation.findFirst({ where: { id, organizationId: tenant.organizationId } });
  if (!row) throw notFound('bulk operation', id);
  return row;
}

/**
 * Cancels an operation: a queued one at once; a running one stops at its next checkpoint (canceling,
 * then canceled, its result file holding what was done). Lines of an import already being created
 * when it stops are created, and listed in the file.
 */
export async function cancelBulkOperation(scope: WriteScope, id: string) {
  const before = await loadBulkOperation(scope, id);
  if (before.status === 'CANCELING') return change(BULK_OPERATION, before);
  if (before.status !== 'CREATED' && before.status !== 'RUNNING')
    throw new AppError('INVALID_STATE', `Bulk operation ${id} is ${before.status.toLowerCase()}; only a queued or running one is canceled`);
  // A queued operation a runner has already claimed may be creating its first lines: it stops at its
  // checkpoint, as a running one does, so what it created is counted and listed in its file.
  const claimed = before.leaseToken !== null && before.leasedUntil !== null && before.leasedUntil > scope.now;
  if (before.status === 'RUNNING' || claimed) {
    const row = await scope.prisma.bulkOperation.update({ where: { id }, data: { status: 'CANCELING', updatedAt: scope.now } });
    return change(BULK_OPERATION, row);
  }
  const row = await scope.prisma.bulkOperation.update({
    where: { id },
    data: { status: 'CANCELED', completedAt: scope.now, leasedUntil: null, leaseToken: null, updatedAt: scope.now },
  });
  return change(BULK_OPERATION, row, [finished(row)]);
}

const finished = (row: BulkOperationRow): EventDraft => ({
  type: 'bulk_operation.finished',
  resource: { type: BULK_OPERATION, id: row.id, row },
});

/** Thrown by a checkpoint whose writer no longer holds the lease: another instance carries the job on. */
export class LeaseLost extends Error {
  constructor(id: string) {
    super(`the lease on bulk operation ${id} was taken over`);
  }
}

/** One step of a job, recorded at a checkpoint. */
export interface Step {
  /** The result file's lines this step adds. */
  lines: string[];
  /** Records written (export) or lines done (import) in this step. */
  objects: number;
  /** Of those, import lines that failed. */
  errors?: number;
  /** Where the next step starts. */
  cursor: string | null;
  /** Nothing is left to do. */
  done: boolean;
  /** The job cannot go on: why. */
  failure?: { code: string; message: string };
  /** The database or the organization's writes were busy or away: carry on after a pause, from here. */
  retryLater?: boolean;
}

export interface CheckpointOptions {
  leaseToken: string;
  /** Until when the lease is held after this checkpoint; null lets any instance take the job on at once. */
  leasedUntil: Date | null;
  /** For the result file's link, once the job ends. */
  link: (row: BulkOperationRow, expiresAt: Date) => string;
  fileDays: number;
}

/**
 * Records a step: the result file's new chunk and the operation's progress in one write, only while
 * the lease is still this writer's. Ends the operation when the step is the last, fails, or the
 * operation is being canceled: completed, failed or canceled, with its file's link and the event.
 */
export async function checkpoint(scope: WriteScope, id: string, step: Step, options: CheckpointOptions) {
  const before = await scope.prisma.bulkOperation.findFirst({ where: { id, organizationId: scope.organizationId } });
  if (!before || before.leaseToken !== options.leaseToken || !(UNFINISHED as readonly string[]).includes(before.status))
    throw new LeaseLost(id);
  const data = Buffer.from(step.lines.length ? `${step.lines.join('\n')}\n` : '');
  if (data.length) {
    await scope.prisma.bulkFileChunk.create({
      data: { fileId: id, seq: before.resultChunks, lineCount: step.lines.length, data, createdAt: scope.now },
    });
  }
  const ends = step.done || step.failure !== undefined || before.status === 'CANCELING';
  const status = step.failure ? 'FAILED' : before.status === 'CANCELING' ? 'CANCELED' : step.done ? 'COMPLETED' : 'RUNNING';
  const progressed = {
    objectCount: before.objectCount + step.objects,
    errorCount: before.errorCount + (step.errors ?? 0),
    cursor: step.cursor,
    resultChunks: before.resultChunks + (data.length ? 1 : 0),
    resultBytes: before.resultBytes + BigInt(data.length),
    updatedAt: scope.now,
  };
  if (!ends) {
    const row = await scope.prisma.bulkOperation.update({
      where: { id },
      data: { ...progressed, status, startedAt: before.startedAt ?? scope.now, leasedUntil: options.leasedUntil },
    });
    return change(BULK_OPERATION, row);
  }
  const expiresAt = new Date(scope.now.getTime() + options.fileDays * 86_400_000);
  const wroteFile = status === 'COMPLETED' || progressed.resultChunks > 0;
  const row = await scope.prisma.bulkOperation.update({
    where: { id },
    data: {
      ...progressed,
      status,
      startedAt: before.startedAt ?? scope.now,
      completedAt: scope.now,
      errorCode: step.failure?.code ?? null,
      errorMessage: step.failure?.message.slice(0, 2000) ?? null,
      resultExpiresAt: wroteFile ? expiresAt : null,
      resultUrl: wroteFile ? options.link(before, expiresAt) : null,
      leasedUntil: null,
      leaseToken: null,
    },
  });
  return change(BULK_OPERATION, row, [finished(row)]);
}

export interface BulkOperationFilter {
  status?: string | null;
  type?: string | null;
}

export function bulkOperationWhere(organizationId: string, filter: BulkOperationFilter = {}) {
  return {
    organizationId,
    ...(filter.status ? { status: filter.status.toUpperCase() as BulkOperationRow['status'] } : {}),
    ...(filter.type ? { type: filter.type.toUpperCase() as BulkOperationRow['type'] } : {}),
  };
}
