// GraphQL: documents sent by email (sendInvoice, sendCreditNote, sendCustomerStatement), the log of
// what was sent, and retrying a failed email.
import { builder, tenantNode } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { actionMutation, createMutation, recordMutation } from '../../graphql/mutations.ts';
import {
  type EmailFilter,
  assertMailQuota,
  emailWhere,
  mailNotConfigured,
  queueDocumentEmail,
  retryEmail,
  type SendDocumentInput,
} from './emails.service.ts';

/** Sending needs a mail server, and the organization's hourly quota not spent (checked before the write opens). */
async function assertMayMail(ctx: GraphQLContext) {
  if (!ctx.settings.mailConfigured) throw mailNotConfigured();
  await assertMailQuota(ctx, ctx.settings.mailPerHour, new Date());
}

const EmailStatus = builder.enumType('EmailStatus', {
  description: 'Where an email is.',
  values: {
    QUEUED: { value: 'QUEUED', description: 'Waiting to be offered to the mail server, or to be retried.' },
    SENT: { value: 'SENT', description: 'Taken by the mail server.' },
    FAILED: { value: 'FAILED', description: 'Not taken after every retry, or refused for good; retryEmail queues it again.' },
  },
});

const addresses = (text: string | null) => (text ? text.split(',') : []);

export const DocumentEmailRef = builder.prismaNode('DocumentEmail', {
  description: 'A document sent by email with its PDF attached: to whom, and whether the mail server took it.',
  ...tenantNode('The email id (`em_…`).'),
  fields: (t) => ({
    documentType: t.exposeString('documentType', { description: 'invoice, credit_note, estimate or customer_statement.' }),
    documentId: t.exposeID('documentId', { nullable: true, description: 'The document sent; null for a statement.' }),
    customerId: t.exposeID('customerId', { description: 'The customer it went to (`cus_…`).' }),
    to: t.stringList({ description: 'Addresses.', resolve: (e) => addresses(e.to) }),
    cc: t.stringList({ description: 'Copied addresses.', resolve: (e) => addresses(e.cc) }),
    subject: t.exposeString('subject', { description: 'Subject line.' }),
    message: t.exposeString('message', { nullable: true, description: 'The message above the attachment.' }),
    status: t.expose('status', { type: EmailStatus, description: 'Where it is.' }),
    attempts: t.exposeInt('attempts', { description: 'Times it was offered to the mail server.' }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it is offered next, while queued.',
      resolve: (e) => (e.status === 'QUEUED' ? e.nextAttemptAt : null),
    }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last offer failed.' }),
    messageId: t.exposeString('messageId', { nullable: true, description: 'The Message-ID it went out with.' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true, description: 'When the server took it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was queued.' }),
  }),
});

const SendDocumentInputType = builder.inputType('SendDocumentInput', {
  description: "Who gets the document and what the mail says; all optional (default: the customer's email).",
  fields: (t) => ({
    to: t.stringList({ description: "Addresses (at most 10); default the customer's email." }),
    cc: t.stringList({ description: 'Copied addresses (at most 10).' }),
    subject: t.string({ description: 'Subject; default "<document> from <organization>".' }),
    message: t.string({ description: 'A message above the attachment.' }),
  }),
}) satisfies { $inferInput: SendDocumentInput };

// Each needs read access to what it sends, beside emails:write.
for (const [name, type, label, readScope] of [
  ['sendInvoice', 'invoice', 'invoice', 'invoices:read'],
  ['sendCreditNote', 'credit_note', 'credit note', 'invoices:read'],
  ['sendEstimate', 'estimate', 'estimate', 'estimates:read'],
] as const) {
  recordMutation({
    name,
    model: 'DocumentEmail',
    label,
    input: SendDocumentInputType,
    inputRequired: false,
    inputDescription: 'Who gets it and what the mail says; all optional.',
    description:
      `Emails the ${label} to its customer with its PDF attached${type === 'invoice' ? ' and the link to its public page' : ''}; ` +
      'answers the queued email (status queued; sent once the mail server takes it, retried until then).',
    alsoRequires: [readScope],
    prepare: (_input, ctx) => assertMayMail(ctx),
    run: (scope, id, input) => queueDocumentEmail(scope, type, id, input),
  });
}

const SendCustomerStatementInput = builder.inputType('SendCustomerStatementInput', {
  description: "A customer's statement for a period, and the mail it goes in.",
  fields: (t) => ({
    customerId: t.id({ required: true, description: 'The customer (`cus_…`).' }),
    from: t.field({ type: 'Date', required: true, description: 'First day of the period.' }),
    to: t.field({ type: 'Date', required: true, description: 'Last day of the period.' }),
    mail: t.field({ type: SendDocumentInputType, description: "Who gets it and what the mail says; default the customer's email." }),
  }),
});

createMutation({
  name: 'sendCustomerStatement',
  model: 'DocumentEmail',
  input: SendCustomerStatementInput,
  description: "Emails a customer's statement for a period as a PDF; answers the queued email.",
  alsoRequires: ['reports:read'],
  prepare: (_input, ctx) => assertMayMail(ctx),
  run: (scope, input) =>
    queueDocumentEmail(scope, 'customer_statement', null, input.mail ?? {}, {
      customerId: String(input.customerId),
      from: input.from,
      to: input.to,
    }),
});

actionMutation({
  name: 'retryEmail',
  model: 'DocumentEmail',
  label: 'email',
  description: 'Queues a failed email again, now, with a fresh set of retries.',
  run: (scope, id) => retryEmail(scope, id),
});

const EmailFilterInput = builder.inputType('DocumentEmailFilter', {
  description: 'Narrows a list of emails; all given conditions must hold.',
  fields: (t) => ({
    documentId: t.id({ description: 'Only those of this document.' }),
    customerId: t.id({ description: 'Only those to this customer.' }),
    status: t.field({ type: EmailStatus, description: 'Only those in this status.' }),
  }),
});

listFields<EmailFilter>({
  plural: 'documentEmails',
  model: 'DocumentEmail',
  nodeRef: DocumentEmailRef,
  description: 'documents sent by email',
  filterInput: EmailFilterInput,
  order: orderInput('DocumentEmail', { CREATED_AT: { column: 'createdAt', description: 'By when it was queued.' } }, 'CREATED_AT'),
  where: (ctx, filter) =>
    emailWhere(ctx.organizationId, {
      ...filter,
      documentId: filter?.documentId ? String(filter.documentId) : null,
      customerId: filter?.customerId ? String(filter.customerId) : null,
    }),
});

builder.prismaObjectField('Invoice', 'sentAt', (t) =>
  t.expose('sentAt', { type: 'DateTime', nullable: true, description: 'When it was last emailed to the customer.' }),
);
builder.prismaObjectField('Invoice', 'sentTo', (t) =>
  t.stringList({
    nullable: true,
    description: 'Who that email went to.',
    select: { sentTo: true },
    resolve: (i) => i.sentTo?.split(',') ?? null,
  }),
);
