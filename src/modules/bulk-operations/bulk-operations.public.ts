// A bulk operation as the public sees it: the REST v1 body, and `data.object` of bulk_operation.* events.
// Its secret and lease are never shown.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';

export const BULK_OPERATION = 'bulk_operation';

export type BulkOperationRow = PrismaTypes.BulkOperationGetPayload<object>;

/** Statuses in which an operation still has work to do (or to wind up). */
export const UNFINISHED = ['CREATED', 'RUNNING', 'CANCELING'] as const;

const BULK_OPERATION_SCHEMA = S.object(
  {
    id: S.id('bop'),
    type: S.enum(['EXPORT', 'IMPORT']),
    status: {
      ...S.enum(['CREATED', 'RUNNING', 'CANCELING', 'CANCELED', 'COMPLETED', 'FAILED']),
      description:
        'created (queued), running, canceling (stops at its next checkpoint), canceled, completed, or failed (errorCode says why).',
    },
    query: { ...S.nullable(S.string), description: "An export's GraphQL query." },
    resource: { ...S.nullable(S.string), description: "An import's resource (the path under /api/v1/ its lines are created at)." },
    inputFileId: { ...S.nullable(S.string), description: "An import's uploaded file (`bfl_…`)." },
    totalCount: { ...S.nullable(S.integer), description: "An import's lines; null for an export (unknown until it ends)." },
    objectCount: { ...S.integer, description: 'Records written (an export) or lines done (an import) so far.' },
    errorCount: { ...S.integer, description: "An import's lines that failed (each named in the result file)." },
    fileSize: { ...S.integer, description: 'Bytes of the result file so far.' },
    url: {
      ...S.nullable(S.string),
      description:
        'Once it has ended: a signed link to its result file (JSONL; a partial one when canceled or failed), valid until urlExpiresAt, ' +
        'no key needed.',
    },
    urlExpiresAt: S.nullable(S.dateTime),
    errorCode: S.nullable(S.string),
    errorMessage: S.nullable(S.string),
    createdAt: S.dateTime,
    startedAt: S.nullable(S.dateTime),
    completedAt: S.nullable(S.dateTime),
  },
  'A bulk export or import, run as a job: where it is, how far it got, and its result file once it ends.',
);

export const bulkOperationRepresentation: Representation<BulkOperationRow, Infer<typeof BULK_OPERATION_SCHEMA>> = {
  type: BULK_OPERATION,
  schema: BULK_OPERATION_SCHEMA,
  load: (db, organizationId, ids) => db.bulkOperation.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (o) => ({
    id: o.id,
    type: o.type.toLowerCase(),
    status: o.status.toLowerCase(),
    query: o.query,
    resource: o.resource,
    inputFileId: o.inputFileId,
    totalCount: o.totalCount,
    objectCount: o.objectCount,
    errorCount: o.errorCount,
    fileSize: Number(o.resultBytes),
    url: o.resultUrl,
    urlExpiresAt: o.resultUrl ? (o.resultExpiresAt?.toISOString() ?? null) : null,
    errorCode: o.errorCode,
    errorMessage: o.errorMessage,
    createdAt: o.createdAt.toISOString(),
    startedAt: o.startedAt?.toISOString() ?? null,
    completedAt: o.completedAt?.toISOString() ?? null,
  }),
};
