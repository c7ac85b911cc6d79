// An attachment as the public sees it (never its bytes: GET …/content answers those): the REST v1 body,
// and `data.object` of attachment.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';

export const ATTACHMENT = 'attachment';

export type AttachmentRow = Omit<PrismaTypes.AttachmentGetPayload<object>, 'content'>;

/** Every column but the bytes: what lists, events and answers read. */
export const ATTACHMENT_COLUMNS = {
  id: true,
  organizationId: true,
  recordType: true,
  recordId: true,
  filename: true,
  contentType: true,
  size: true,
  sha256: true,
  createdAt: true,
} as const;

const ATTACHMENT_SCHEMA = S.object(
  {
    id: S.id('att'),
    recordType: { ...S.string, description: 'What it is attached to: invoice, bill, journal_entry, bank_transaction, customer, vendor…' },
    recordId: S.string,
    filename: S.string,
    contentType: { ...S.string, description: 'The type its bytes are (read from them, not from what the uploader said).' },
    size: { ...S.integer, description: 'Bytes.' },
    sha256: { ...S.string, description: 'SHA-256 of the bytes (hex): compare it with your copy.' },
    contentUrl: { ...S.string, description: 'Where its bytes are downloaded (GET, with a key that may read the record).' },
    createdAt: S.dateTime,
  },
  'A file attached to a record.',
);

const ATTACHMENT_QUERY = { select: ATTACHMENT_COLUMNS } satisfies PrismaTypes.AttachmentFindManyArgs;

export const attachmentRepresentation: Representation<AttachmentRow, Infer<typeof ATTACHMENT_SCHEMA>> = {
  type: ATTACHMENT,
  schema: ATTACHMENT_SCHEMA,
  load: (db, organizationId, ids) =>
    db.attachment.findMany({ where: { organizationId, id: { in: ids } }, ...ATTACHMENT_QUERY, orderBy: { id: 'asc' } }),
  query: ATTACHMENT_QUERY,
  render: (a) => ({
    id: a.id,
    recordType: a.recordType,
    recordId: a.recordId,
    filename: a.filename,
    contentType: a.contentType,
    size: a.size,
    sha256: a.sha256,
    contentUrl: `/api/v1/attachments/${a.id}/content`,
    createdAt: a.createdAt.toISOString(),
  }),
};
