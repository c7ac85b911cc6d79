// Files kept beside records: a receipt's scan beside its bill, a signed contract beside an invoice
// (Xero: files on any document; QuickBooks: Attachable). Stored in the database, so several instances
// and a backup need nothing else. What a file is comes from its bytes (file-type reads their magic
// numbers), never from the uploader's Content-Type; limits as Xero's: 10 files of 10 MB per record.
import { createHash } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import { change } from '../../core/representations.ts';
import type { Resource } from '../../core/scopes.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { idType, newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { delegate, delegateName } from '../documents/index.ts';
import { ATTACHMENT, ATTACHMENT_COLUMNS, type AttachmentRow } from './attachments.public.ts';

export const MAX_ATTACHMENTS_PER_RECORD = 10;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** The records files may be attached to, by id type: how events name them, and the scope resource guarding them. */
const ATTACHABLE: Record<string, { recordType: string; resource: Resource }> = {
  Invoice: { recordType: 'invoice', resource: 'invoices' },
  CreditNote: { recordType: 'credit_note', resource: 'invoices' },
  Bill: { recordType: 'bill', resource: 'bills' },
  VendorCredit: { recordType: 'vendor_credit', resource: 'bills' },
  SalesReceipt: { recordType: 'sales_receipt', resource: 'sales_receipts' },
  Estimate: { recordType: 'estimate', resource: 'estimates' },
  PurchaseOrder: { recordType: 'purchase_order', resource: 'purchase_orders' },
  JournalEntry: { recordType: 'journal_entry', resource: 'journal_entries' },
  BankTransaction: { recordType: 'bank_transaction', resource: 'banking' },
  Customer: { recordType: 'customer', resource: 'customers' },
  Vendor: { recordType: 'vendor', resource: 'vendors' },
};

/** The scope resources guarding the records files may be attached to. */
export const attachableResources = () => [...new Set(Object.values(ATTACHABLE).map((a) => a.resource))];

/** What a record id names, if files may be attached to it. */
export function attachableOf(recordId: string | null | undefined) {
  const type = recordId ? idType(recordId) : undefined;
  const known = type ? ATTACHABLE[type] : undefined;
  return known && type ? { ...known, typename: type } : undefined;
}

const BINARY_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const ALLOWED = 'PDF, PNG, JPEG, GIF, WebP, CSV or plain text';

export interface AttachmentInput {
  recordId?: string | null;
  filename?: string | null;
  /** The bytes, base64 (GraphQL and JSON); REST also takes them raw. */
  contentBase64?: string | null;
}

/** A file read and judged before the write: its bytes, what they are, their hash. */
export interface ReadFile {
  content: Buffer;
  contentType: string;
  sha256: string;
}

/**
 * Decodes and judges a file, outside the write's transaction (sniffing reads the bytes): 413 past the
 * size limit, 415 for a type not taken (naming what it is), 400 for content that is not base64.
 */
export async function readFile(input: AttachmentInput): Promise<ReadFile> {
  const text = (input.contentBase64 ?? '').replace(/\s+/g, '');
  if (!text || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1)
    throw validationError([{ path: 'contentBase64', message: 'must be the file, base64-encoded (and not empty)' }]);
  const content = Buffer.from(text, 'base64');
  if (content.length > MAX_ATTACHMENT_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is ${content.length} bytes; a file may be at most ${MAX_ATTACHMENT_BYTES} (10 MB)`, [
      { path: 'contentBase64', message: `is larger than ${MAX_ATTACHMENT_BYTES} bytes` },
    ]);
  const sniffed = await fileTypeFromBuffer(content);
  let contentType: string | undefined;
  if (sniffed) contentType = BINARY_TYPES.includes(sniffed.mime) ? sniffed.mime : undefined;
  else if (isUtf8(content) && !content.includes(0)) contentType = /\.csv$/i.test(input.filename ?? '') ? 'text/csv' : 'text/plain';
  if (!contentType)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The file is ${sniffed ? `a ${sniffed.ext.toUpperCase()} file (${sniffed.mime})` : 'not a file type taken'}; attach ${ALLOWED}`,
      [{ path: 'contentBase64', message: `must be ${ALLOWED}` }],
    );
  return { content, contentType, sha256: createHash('sha256').update(content).digest('hex') };
}

/** A file name as it is kept: its last path segment, without control characters. */
const cleanName = (name: string) =>
  name
    .split(/[/\\]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();

/**
 * Attaches a read file to a record of the organization; at most 10 per record, and its files together
 * within the organization's storage quota (ATTACHMENT_QUOTA_MB), so one tenant cannot fill the disk all share.
 */
export async function createAttachment(scope: WriteScope, input: AttachmentInput, file: ReadFile, quotaBytes = Infinity) {
  const check = new Checker();
  const target = attachableOf(input.recordId);
  const filename = cleanName(input.filename ?? '');
  if (!input.recordId) check.fail('recordId', 'is required');
  else if (!target) check.fail('recordId', 'must name a document, journal entry, bank transaction, customer or vendor');
  else if (
    !(await delegate(scope, delegateName(target.typename)).findFirst({
      where: { id: input.recordId, organizationId: scope.organizationId },
    }))
  )
    check.fail('recordId', `no ${target.recordType.replaceAll('_', ' ')} with id "${input.recordId}"`);
  if (!filename || [...filename].length > 255) check.fail('filename', 'is required, at most 255 characters');
  check.done();
  const attached = await scope.prisma.attachment.count({ where: { organizationId: scope.organizationId, recordId: input.recordId! } });
  if (attached >= MAX_ATTACHMENTS_PER_RECORD)
    throw new AppError('INVALID_STATE', `${input.recordId} has ${attached} files already, the most a record may have`, [
      { path: 'recordId', message: `has ${MAX_ATTACHMENTS_PER_RECORD} attachments already` },
    ]);
  const stored = (await scope.prisma.attachment.aggregate({ where: { organizationId: scope.organizationId }, _sum: { size: true } }))._sum
    .size;
  const used = Number(stored ?? 0);
  if (used + file.content.length > quotaBytes)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This organization's files take ${megabytes(used)} of its ${megabytes(quotaBytes)}; this one (${megabytes(file.content.length)}) ` +
        'does not fit: delete files it no longer needs',
      [{ path: 'contentBase64', message: `does not fit in the organization's storage quota of ${megabytes(quotaBytes)}` }],
    );
  const written = await scope.prisma.attachment.create({
    data: {
      id: newId('Attachment'),
      organizationId: scope.organizationId,
      recordType: target!.recordType,
      recordId: input.recordId!,
      filename,
      contentType: file.contentType,
      size: file.content.length,
      sha256: file.sha256,
      content: new Uint8Array(file.content),
      createdAt: scope.now,
    },
    select: ATTACHMENT_COLUMNS,
  });
  return change(ATTACHMENT, written, [{ type: 'attachment.created', resource: { type: ATTACHMENT, id: written.id, row: written } }]);
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export async function loadAttachment(tenant: Tenant, id: string): Promise<AttachmentRow> {
  const row = await tenant.prisma.attachment.findFirst({
    where: { id, organizationId: tenant.organizationId },
    select: ATTACHMENT_COLUMNS,
  });
  if (!row) throw notFound('attachment', id);
  return row;
}

export async function deleteAttachment(scope: WriteScope, id: string) {
  const row = await loadAttachment(scope, id);
  await scope.prisma.attachment.delete({ where: { id } });
  return change(ATTACHMENT, row, [{ type: 'attachment.deleted', resource: { type: ATTACHMENT, id, row } }]);
}

/** An attachment's bytes (the organization's only). */
export async function attachmentContent(tenant: Pick<Tenant, 'prisma' | 'organizationId'>, id: string) {
  const row = await tenant.prisma.attachment.findFirst({ where: { id, organizationId: tenant.organizationId } });
  if (!row) throw notFound('attachment', id);
  return row;
}

export interface AttachmentFilter {
  recordId?: string | null;
}

/**
 * The record types whose files a key may see: those whose records it may read (`mayRead` judges a
 * resource); undefined when that is every type, so a list of all files stays the organization's alone
 * and its total is the kept count rather than a count of every file.
 */
export const readableRecordTypes = (mayRead: (resource: Resource) => boolean) => {
  const attachable = Object.values(ATTACHABLE);
  const readable = new Set(attachable.filter((a) => mayRead(a.resource)).map((a) => a.recordType));
  return readable.size === new Set(attachable.map((a) => a.recordType)).size ? undefined : [...readable];
};

export const attachmentWhere = (organizationId: string, filter: AttachmentFilter = {}, recordTypes?: string[]) => ({
  organizationId,
  ...(filter.recordId ? { recordId: filter.recordId } : {}),
  ...(recordTypes ? { recordType: { in: recordTypes } } : {}),
});
