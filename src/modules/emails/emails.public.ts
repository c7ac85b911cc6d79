// An email of a document as the public sees it: the REST v1 body, and `data.object` of email.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';

export const EMAIL = 'email';
export const MAILABLE_TYPES = ['invoice', 'credit_note', 'estimate', 'customer_statement'] as const;
export type MailableType = (typeof MAILABLE_TYPES)[number];

export type EmailRow = PrismaTypes.DocumentEmailGetPayload<object>;

const EMAIL_SCHEMA = S.object(
  {
    id: S.id('em'),
    documentType: S.enum(MAILABLE_TYPES),
    documentId: { ...S.nullable(S.string), description: 'The document sent; null for a statement.' },
    customerId: S.id('cus'),
    to: S.array(S.string),
    cc: S.array(S.string),
    subject: S.string,
    message: S.nullable(S.string),
    parameters: {
      ...S.nullable({ type: 'object', additionalProperties: { type: 'string' } } as never),
      description: "A statement's period: from and to.",
    },
    status: { ...S.enum(['QUEUED', 'SENT', 'FAILED']), description: 'queued (waiting or being retried), sent, or failed for good.' },
    attempts: { ...S.integer, description: 'Times it was offered to the mail server.' },
    nextAttemptAt: { ...S.nullable(S.dateTime), description: 'When it is offered next, while queued.' },
    lastError: S.nullable(S.string),
    messageId: { ...S.nullable(S.string), description: 'The Message-ID it went out with, once sent.' },
    sentAt: S.nullable(S.dateTime),
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  'A document sent by email: to whom, and whether the mail server took it.',
);

const addresses = (text: string | null) => (text ? text.split(',') : []);

export const emailRepresentation: Representation<EmailRow, Infer<typeof EMAIL_SCHEMA>> = {
  type: EMAIL,
  schema: EMAIL_SCHEMA,
  load: (db, organizationId, ids) => db.documentEmail.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (e) => ({
    id: e.id,
    documentType: e.documentType,
    documentId: e.documentId,
    customerId: e.customerId,
    to: addresses(e.to),
    cc: addresses(e.cc),
    subject: e.subject,
    message: e.message,
    parameters: e.parameters ? (JSON.parse(e.parameters) as never) : null,
    status: e.status.toLowerCase(),
    attempts: e.attempts,
    nextAttemptAt: e.status === 'QUEUED' ? e.nextAttemptAt.toISOString() : null,
    lastError: e.lastError,
    messageId: e.messageId,
    sentAt: e.sentAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  }),
};
