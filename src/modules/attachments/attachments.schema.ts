// GraphQL: files attached to records. Attaching or deleting one needs write access to its record, and
// listing a record's files read access to it, beside attachments:*; the bytes are REST's
// (GET /api/v1/attachments/{id}/content).
import { allows, insufficientScope } from '../../core/scopes.ts';
import { builder, tenantNode } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { createMutation, deleteMutation } from '../../graphql/mutations.ts';
import {
  type AttachmentFilter,
  type AttachmentInput,
  attachableOf,
  attachmentWhere,
  createAttachment,
  deleteAttachment,
  loadAttachment,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_RECORD,
  readableRecordTypes,
  readFile,
} from './attachments.service.ts';

/** The key must be allowed to read (or write) the record a file belongs to. */
export function assertMayReach(ctx: Pick<GraphQLContext, 'apiKey'>, recordId: string | null | undefined, access: 'read' | 'write') {
  const target = attachableOf(recordId);
  if (!target) return;
  const scope = `${target.resource}:${access}` as const;
  if (!allows(ctx.apiKey.scopes, scope)) throw insufficientScope(scope, `This API key lacks ${scope}, which the files of ${recordId} need`);
}

/** A file of the organization's that the key's lookup did not find: refused (403) when its record's read scope is what it lacks. */
export async function refuseUnreadableFile(id: string, ctx: Pick<GraphQLContext, 'apiKey' | 'prisma' | 'organizationId'>) {
  const file = await ctx.prisma.attachment.findFirst({ where: { id, organizationId: ctx.organizationId }, select: { recordId: true } });
  if (file) assertMayReach(ctx, file.recordId, 'read');
}

/** The record types whose files the key may read. */
const readableBy = (ctx: Pick<GraphQLContext, 'apiKey'>) =>
  readableRecordTypes((resource) => allows(ctx.apiKey.scopes, `${resource}:read`));

export const AttachmentRef = builder.prismaNode('Attachment', {
  description: 'A file attached to a record (its bytes: GET /api/v1/attachments/{id}/content).',
  ...tenantNode('The attachment id (`att_…`).'),
  // By id as in lists, a key finds only the files of records it may read: their names and sizes are the record's data too.
  findUnique: (id, ctx) => ({ id, ...attachmentWhere(ctx.organizationId, {}, readableBy(ctx)) }),
  select: { id: true },
  fields: (t) => ({
    recordType: t.exposeString('recordType', { description: 'invoice, bill, journal_entry, bank_transaction, customer, vendor…' }),
    recordId: t.exposeID('recordId', { description: 'The record it is attached to.' }),
    filename: t.exposeString('filename', { description: 'Its name.' }),
    contentType: t.exposeString('contentType', { description: 'The type its bytes are (read from them).' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    sha256: t.exposeString('sha256', { description: 'SHA-256 of the bytes, hex.' }),
    contentUrl: t.string({ description: 'Where its bytes are downloaded.', resolve: (a) => `/api/v1/attachments/${a.id}/content` }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was attached.' }),
  }),
});

const AttachFileInput = builder.inputType('AttachFileInput', {
  description: `A file for a record: ${MAX_ATTACHMENTS_PER_RECORD} at most per record, ${MAX_ATTACHMENT_BYTES} bytes (10 MB) each.`,
  fields: (t) => ({
    recordId: t.id({ required: true, description: 'A document, journal entry, bank transaction, customer or vendor of yours.' }),
    filename: t.string({ required: true, description: 'Its name (a path is cut to its last part).' }),
    contentBase64: t.string({ required: true, description: 'Its bytes, base64: PDF, PNG, JPEG, GIF, WebP, CSV or plain text.' }),
  }),
}) satisfies { $inferInput: AttachmentInput };

createMutation({
  name: 'attachFile',
  model: 'Attachment',
  input: AttachFileInput,
  description:
    'Attaches a file to a record. Its type is read from its bytes; 413 past 10 MB, 415 for a type not taken, and an 11th file ' +
    'on one record is refused. Needs write access to the record too.',
  prepare: async (input, ctx) => {
    assertMayReach(ctx, input.recordId, 'write');
    return readFile(input);
  },
  run: (scope, input, ctx, file) => createAttachment(scope, input, file, ctx.settings.attachmentQuotaBytes),
});

deleteMutation({
  name: 'deleteAttachment',
  model: 'Attachment',
  label: 'attachment',
  description: 'Takes a file off its record. Needs write access to the record too.',
  run: async (scope, id, ctx) => {
    // The record's scope is judged inside the write, where the attachment is read under the lock.
    assertMayReach(ctx, (await loadAttachment(scope, id)).recordId, 'write');
    return deleteAttachment(scope, id);
  },
});

const AttachmentFilterInput = builder.inputType('AttachmentFilter', {
  description: 'Narrows a list of files.',
  fields: (t) => ({ recordId: t.id({ description: "Only this record's files." }) }),
});

listFields<AttachmentFilter>({
  plural: 'attachments',
  model: 'Attachment',
  nodeRef: AttachmentRef,
  description: "a record's files",
  filterInput: AttachmentFilterInput,
  order: orderInput('Attachment', { CREATED_AT: { column: 'createdAt', description: 'By when it was attached.' } }, 'CREATED_AT'),
  // A record's files need read access to it; without a record, the files of the records the key may read.
  where: (ctx, filter) => {
    const recordId = filter?.recordId ? String(filter.recordId) : null;
    if (recordId) assertMayReach(ctx, recordId, 'read');
    return attachmentWhere(ctx.organizationId, { recordId }, recordId ? undefined : readableBy(ctx));
  },
});
