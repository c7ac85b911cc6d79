// GraphQL: bulk operations. bulkExport runs a query over every record of a list as a job (Shopify's
// bulkOperationRunQuery); bulkImport creates a resource from each line of an uploaded file (the upload
// itself is REST's: POST /api/v1/bulk-operations/imports, since a file does not travel in GraphQL).
import { allows, insufficientScope } from '../../core/scopes.ts';
import { builder, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { actionMutation, createMutation } from '../../graphql/mutations.ts';
import { requiredScopes } from '../../graphql/scopes.ts';
import { exportQuery } from './bulk-operations.query.ts';
import {
  type BulkOperationFilter,
  bulkOperationWhere,
  cancelBulkOperation,
  assertMayImport,
  IMPORTABLE,
  queueExport,
  queueImport,
} from './bulk-operations.service.ts';

const BulkOperationType = builder.enumType('BulkOperationType', {
  description: 'What a bulk operation does.',
  values: {
    EXPORT: { description: 'Runs a query over every record of a list; each record is a line of its file.' },
    IMPORT: { description: "Creates a resource from each line of an uploaded file; its file has each line's outcome." },
  },
});

const BulkOperationStatus = builder.enumType('BulkOperationStatus', {
  description: 'Where a bulk operation is.',
  values: {
    CREATED: { description: 'Queued; an instance takes it up within a second or so.' },
    RUNNING: { description: 'Running; objectCount says how far it got.' },
    CANCELING: { description: 'Asked to stop; it stops at its next checkpoint.' },
    CANCELED: { description: 'Stopped on request; its file holds what was done.' },
    COMPLETED: { description: 'Done; url is its file.' },
    FAILED: { description: 'Could not go on (errorCode, errorMessage); its file holds what was done.' },
  },
});

export const BulkOperationRef = builder.prismaNode('BulkOperation', {
  description: 'A bulk export or import run as a job: where it is, how far it got, and a link to its file once it ends.',
  ...tenantNode('The bulk operation id (`bop_…`).'),
  fields: (t) => ({
    type: t.expose('type', { type: BulkOperationType, description: 'Export or import.' }),
    status: t.expose('status', { type: BulkOperationStatus, description: 'Where it is.' }),
    query: t.exposeString('query', { nullable: true, description: "An export's query." }),
    resource: t.exposeString('resource', { nullable: true, description: "An import's resource (invoices, customers…)." }),
    inputFileId: t.exposeID('inputFileId', { nullable: true, description: "An import's uploaded file (`bfl_…`)." }),
    totalCount: t.exposeInt('totalCount', { nullable: true, description: "An import's lines; null for an export." }),
    objectCount: t.exposeInt('objectCount', { description: 'Records written (export) or lines done (import) so far.' }),
    errorCount: t.exposeInt('errorCount', { description: "An import's lines that failed." }),
    fileSize: t.int({ description: 'Bytes of its file so far.', resolve: (o) => Number(o.resultBytes) }),
    url: t.exposeString('resultUrl', {
      nullable: true,
      description:
        'Once it has ended: a signed link to its JSONL file (partial when canceled or failed), no key needed, until urlExpiresAt.',
    }),
    urlExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the link stops working (and the file is deleted).',
      resolve: (o) => (o.resultUrl ? o.resultExpiresAt : null),
    }),
    errorCode: t.exposeString('errorCode', { nullable: true, description: 'Why it failed (an error catalogue code).' }),
    errorMessage: t.exposeString('errorMessage', { nullable: true, description: 'Why it failed, for a person.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was queued.' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true, description: 'When it started.' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true, description: 'When it ended.' }),
  }),
});

const BulkExportInput = builder.inputType('BulkExportInput', {
  description: 'What to export.',
  fields: (t) => ({
    query: t.string({
      required: true,
      description:
        'A GraphQL query with one list at the top, without paging arguments (filter and orderBy are fine), such as ' +
        '`{ journalEntries { edges { node { id date lines { lineNo account { code } debit credit } } } } }`; ' +
        'each node is one line of the file.',
    }),
  }),
});

createMutation({
  name: 'bulkExport',
  model: 'BulkOperation',
  input: BulkExportInput,
  description:
    'Queues an export: the query runs over every record of its list in the background, as this key (needing what the query reads); ' +
    'the file (JSONL, one record a line) is linked from the operation once it completes (bulk_operation.finished).',
  prepare: async (input, ctx, schema) => {
    const query = exportQuery(schema, input.query);
    const missing = requiredScopes(schema, query.document).find((scope) => !allows(ctx.apiKey.scopes, scope));
    if (missing) throw insufficientScope(missing, `This API key lacks ${missing}, which the export's query reads`);
  },
  run: (scope, input, ctx) => queueExport(scope, ctx.apiKey.id, input.query),
});

const BulkImportInput = builder.inputType('BulkImportInput', {
  description: 'What to import.',
  fields: (t) => ({
    resource: t.string({ required: true, description: `What each line creates: ${Object.keys(IMPORTABLE).join(', ')}.` }),
    fileId: t.id({
      required: true,
      description:
        'An uploaded file (`bfl_…`): POST /api/v1/bulk-operations/imports?resource=… with the JSONL as the body ' +
        'uploads and queues at once.',
    }),
  }),
});

createMutation({
  name: 'bulkImport',
  model: 'BulkOperation',
  input: BulkImportInput,
  description:
    'Queues an import: each line of the file ({idempotencyKey, body}) is created as POST /api/v1/<resource> would, as this key; the file ' +
    "of outcomes (each line's id or error) is linked from the operation once it completes.",
  prepare: async (input, ctx) => assertMayImport(ctx.apiKey.scopes, input.resource),
  run: (scope, input, ctx) => queueImport(scope, ctx.apiKey.id, input.resource, String(input.fileId)),
});

actionMutation({
  name: 'cancelBulkOperation',
  model: 'BulkOperation',
  label: 'bulk operation',
  description: 'Cancels a queued operation at once, or a running one at its next checkpoint (canceling, then canceled).',
  run: (scope, id) => cancelBulkOperation(scope, id),
});

const BulkOperationFilterInput = builder.inputType('BulkOperationFilter', {
  description: 'Narrows a list of bulk operations; all given conditions must hold.',
  fields: (t) => ({
    status: t.field({ type: BulkOperationStatus, description: 'Only those in this status.' }),
    type: t.field({ type: BulkOperationType, description: 'Only exports, or only imports.' }),
  }),
});

listFields<BulkOperationFilter>({
  plural: 'bulkOperations',
  model: 'BulkOperation',
  nodeRef: BulkOperationRef,
  description: 'bulk exports and imports',
  filterInput: BulkOperationFilterInput,
  order: orderInput('BulkOperation', { CREATED_AT: { column: 'createdAt', description: 'By when it was queued.' } }, 'CREATED_AT'),
  where: (ctx, filter) => bulkOperationWhere(ctx.organizationId, filter ?? {}),
});
