// /api/v1/bulk-operations (beyond the contract, in its conventions): POST /exports queues an export of a
// GraphQL query; POST /imports?resource=… takes a JSONL file as its body (streamed into storage, never
// held whole) and queues its import (or JSON { resource, fileId } to import a file uploaded before);
// GET lists and retrieves them; POST /{id}/cancel stops one. Both answer 202 with the operation.
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, createRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { bulkOperationRepresentation } from './bulk-operations.public.ts';
import { storeImportFile } from './bulk-operations.files.ts';
import { assertImportable, assertMayImport, importLineBytes } from './bulk-operations.service.ts';

const operationAt = (id: string) => `/api/v1/bulk-operations/${id}`;

export const bulkOperationRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/bulk-operations',
    typename: 'BulkOperation',
    label: 'bulk operation',
    plural: 'bulkOperations',
    representation: bulkOperationRepresentation,
    filters: ['status', 'type'],
    list: 'List bulk exports and imports, newest first',
    retrieve: 'Retrieve a bulk operation: its status, progress, and once it has ended the link to its file',
  }),
  createRoute({
    path: '/api/v1/bulk-operations/exports',
    mutation: 'bulkExport',
    summary: 'Queue an export of every record a GraphQL query lists, as a JSONL file (202: queued)',
    inputType: 'BulkExportInput',
    status: 202,
    location: operationAt,
    schema: bulkOperationRepresentation.schema,
  }),
  {
    ...createRoute({
      path: '/api/v1/bulk-operations/imports',
      mutation: 'bulkImport',
      summary:
        'Queue an import: the JSONL file as the body (Content-Type application/jsonl, ?resource=invoices), one ' +
        '{"idempotencyKey": …, "body": {…}} a line, each created as POST /api/v1/<resource> would (202: queued)',
      inputType: 'BulkImportInput',
      status: 202,
      location: operationAt,
      schema: bulkOperationRepresentation.schema,
    }),
    rawBody: {
      accepts: /^application\/(jsonl|x-ndjson|x-jsonlines)$/,
      mediaType: 'application/jsonl',
      description:
        'The file: one import line a line, {"idempotencyKey": "…", "body": {…}} (at most 1,000,000 lines, 512 MB, 1 MB a line, ' +
        '12 MB for bank-statements, whose body names its bankAccountId); ' +
        'send ?resource= with it.',
      async store(body, query, context) {
        // Checked before the file is read, so a wrong resource or a missing scope costs no upload.
        const resource = query.get('resource') ?? '';
        assertImportable(resource);
        assertMayImport(context.apiKey.scopes, resource);
        const file = await storeImportFile(context.db, context.organizationId, body, importLineBytes(resource));
        return { resource, fileId: file.id };
      },
    },
  },
  actionRoute({
    path: '/api/v1/bulk-operations/:id/cancel',
    mutation: 'cancelBulkOperation',
    summary: 'Cancel a bulk operation: a queued one at once, a running one at its next checkpoint',
    status: 200,
    schema: bulkOperationRepresentation.schema,
  }),
];
