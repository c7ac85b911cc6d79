import { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { requires } from '../../graphql/scopes.ts';
import type { LoggedEvent } from '../../events/bus.ts';
import { eventStream, positionAfter } from '../../events/stream.ts';
import { builder, describedEnum, tenantNode } from '../../graphql/builder.ts';
import { money, moneyIn } from '../../graphql/money.ts';
import { actionMutation, voidInputType } from '../../graphql/mutations.ts';
import { voidOwedWriteOff, writeOffOwedDocument } from '../documents/index.ts';
import {
  documentLineFields,
  documentTotalFields,
  pdfUrlField,
  foreignDocumentFields,
  paymentCurrencyFields,
  postedDocumentFields,
  owedDocumentFields,
  owedDocumentLists,
  owedPaymentLists,
  paymentVoidObjectFields,
  InvoiceLineInput,
} from '../documents/schema.ts';
import { owedDocumentInputs, owedDocumentMutations } from '../documents/schema-mutations.ts';
import { LINES_IN_ORDER } from './invoices.public.ts';
import { changeInvoicePublicLink, INVOICE_TYPE } from './invoices.service.ts';

const InvoiceStatusEnum = describedEnum(
  'InvoiceStatus',
  InvoiceStatus,
  'Where an invoice is in its life: DRAFT → OPEN → PARTIALLY_PAID → PAID, or VOID.',
  {
    DRAFT: 'Not posted yet; finalizeInvoice posts it.',
    OPEN: 'Posted and unpaid.',
    PARTIALLY_PAID: 'Posted, with payments less than the total.',
    PAID: 'Paid in full.',
    VOID: 'Cancelled; its posting was reversed.',
  },
);

export const InvoiceLineRef = builder.prismaObject('InvoiceLine', {
  description: 'One line of an invoice. Amounts are rounded per line, half up; the invoice totals are the sums of the lines.',
  select: { id: true },
  fields: (t) => ({
    ...documentLineFields(t, 'il', 'invoice'),
    product: t.relation('product', { nullable: true, description: 'The product sold, if any.' }),
    account: t.relation('account', { description: "The income account the line's amount is credited to." }),
    appliedTaxRate: t.relation('taxRate', {
      nullable: true,
      description: "The tax rate the line's tax comes from and posts to; null when the line gave a bare percentage.",
    }),
  }),
});

export const PaymentRef = builder.prismaNode('Payment', {
  description: 'Money received against an invoice, posted as debit bank (or the deposit account), credit receivables.',
  ...tenantNode('The payment id (`pay_…`).'),
  fields: (t) => ({
    invoice: t.relation('invoice', { description: 'The invoice paid.' }),
    amount: t.field({
      type: 'Money',
      description: "Amount received, in the invoice's currency.",
      resolve: (p, _a, ctx) => moneyIn(ctx, p.currency, p.amount),
    }),
    ...paymentCurrencyFields(t, 'sale'),
    date: t.expose('date', { type: 'Date', description: 'Date received.' }),
    depositAccount: t.relation('depositAccount', { description: 'The asset account the money went into.' }),
    method: t.exposeString('method', { nullable: true, description: 'How it was paid, e.g. card or transfer.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'External reference.' }),
    journalEntry: t.relation('journalEntry', { description: 'The posting it made.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
    ...paymentVoidObjectFields(t),
  }),
});

export const InvoiceRef = builder.prismaNode('Invoice', {
  description: 'A sales invoice. Posting it debits receivables and credits revenue and sales tax; it is never edited once posted.',
  ...tenantNode('The invoice id (`inv_…`).'),
  select: { id: true },
  fields: (t) => ({
    number: t.exposeString('number', { description: 'Invoice number, e.g. INV-0001, sequential in the organization.' }),
    status: t.expose('status', { type: InvoiceStatusEnum, description: 'Where the invoice is in its life.' }),
    customer: t.relation('customer', { description: 'Who is invoiced.' }),
    issueDate: t.expose('issueDate', { type: 'Date', description: 'Invoice date; the posting date.' }),
    dueDate: t.expose('dueDate', { type: 'Date', description: 'When payment is due.' }),
    memo: t.exposeString('memo', { nullable: true, description: 'Note to the customer.' }),
    reference: t.exposeString('reference', { nullable: true, description: "The customer's reference, e.g. a purchase order number." }),
    ...foreignDocumentFields(t),
    ...pdfUrlField(t, '/api/v1/invoices'),
    hostedUrl: t.string({
      nullable: true,
      description:
        "The path of its public page (/i/<secret>, on this server's address): the invoice and whether it is paid, which the " +
        'customer opens without a key. Null while a draft, and once the link is revoked.',
      select: { publicToken: true },
      resolve: (i) => (i.publicToken ? `/i/${i.publicToken}` : null),
    }),
    ...documentTotalFields(t),
    ...owedDocumentFields(t, {
      amountPaid: 'Payments received so far.',
      amountDue: 'What is still owed: total − amountPaid − amountCredited − amountWrittenOff (0 when void).',
      credited: true,
      writtenOff: true,
    }),
    amountWrittenOff: t.field({
      type: 'Money',
      description: 'Written off as bad debt (a standing write-off).',
      select: { amountWrittenOff: true },
      resolve: (i, _a, ctx) => money(ctx, i.amountWrittenOff),
    }),
    writeOffs: t.relation('writeOffs', {
      description: 'Its write-offs, oldest first (a voided one with its void date).',
      query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] },
    }),
    amountCredited: t.field({
      type: 'Money',
      description: 'Credit notes applied to it.',
      select: { amountCredited: true },
      resolve: (i, _a, ctx) => money(ctx, i.amountCredited),
    }),
    creditAllocations: t.relation('creditAllocations', {
      description: 'The credit applied to it, oldest first.',
      query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] },
    }),
    lines: t.relation('lines', { description: 'The invoice lines, in order.', query: { orderBy: LINES_IN_ORDER } }),
    payments: t.relation('payments', {
      description: 'Payments received, oldest first.',
      query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] },
    }),
    ...postedDocumentFields(t, 'settledOn', {
      posting: 'The posting the invoice made (null for a draft).',
      draft: true,
      created: 'When it was created.',
      updated: 'When its status last changed.',
    }),
  }),
});

owedDocumentLists(INVOICE_TYPE, InvoiceRef, {
  plural: 'invoices',
  noun: 'invoices',
  status: InvoiceStatusEnum,
  filter: {
    party: "Only this customer's invoices.",
    from: 'Issued on or after.',
    to: 'Issued on or before.',
    search: 'Part of the number, reference or customer name.',
  },
  orders: {
    ISSUE_DATE: { column: 'issueDate', description: 'By invoice date.' },
    DUE_DATE: { column: 'dueDate', description: 'By due date.' },
    NUMBER: { column: 'number', unique: true, description: 'By invoice number.' },
    TOTAL: { column: 'total', description: 'By total.' },
    CREATED_AT: { column: 'createdAt', description: 'By creation time.' },
  },
  partyConnection: "This customer's invoices, newest first.",
});

owedPaymentLists(INVOICE_TYPE, PaymentRef, {
  plural: 'payments',
  noun: 'payments received against invoices',
  one: 'payment',
  moved: 'received',
  account: 'Payments into this account.',
});

builder.prismaObjectField('Customer', 'balance', (t) =>
  t.field({
    type: 'Money',
    description: 'What the customer owes: the amount due on open and partly paid invoices.',
    select: { balance: true, currency: true },
    resolve: (customer, _args, ctx) => moneyIn(ctx, customer.currency, customer.balance),
  }),
);

const { createInput, updateInput, paymentInput } = owedDocumentInputs(INVOICE_TYPE, {
  create: 'A new invoice. Unless `draft` is true it is posted at once (status OPEN).',
  dateName: 'Invoice date',
  memo: 'Note to the customer',
  reference: { name: "The customer's reference", more: ', e.g. a purchase order number.' },
  lineInput: InvoiceLineInput,
  payment: {
    description:
      'A payment received against an open invoice. More than the amount due is refused unless keepExcessAsCredit keeps the ' +
      'excess as credit.',
    moved: 'received',
    account: 'Asset account the money went into; default the bank account.',
    reference: 'External reference.',
  },
});

owedDocumentMutations(INVOICE_TYPE, {
  typename: 'Invoice',
  createInput,
  updateInput,
  payment: { typename: 'Payment', input: paymentInput },
  mutations: {
    createInvoice: 'Creates an invoice and, unless it is a draft, posts its journal entry.',
    updateInvoice: 'Edits a draft invoice: its customer, dates, memo, reference and lines (the lines given replace its lines).',
    deleteInvoice: 'Deletes a draft invoice and its lines; a posted invoice is voided instead.',
    recordPayment: 'Records a payment against an invoice and posts it; the invoice becomes PARTIALLY_PAID or PAID.',
    finalizeInvoice: 'Posts a draft invoice (status OPEN).',
    voidInvoice: "Voids an invoice that has no payments, posting the reversal of its entry. Void a paid invoice's payments first.",
    voidPayment:
      "Voids a payment received, posting the reversal of its entry; the invoice's amount due is restored (paid becomes partially " +
      'paid or open).',
  },
});

builder.prismaObject('InvoiceWriteOff', {
  description: 'What was left on an invoice, written off as bad debt: debit the bad-debt expense account, credit receivables.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The write-off id (`wo_…`).' }),
    amount: t.field({ type: 'Money', description: 'Amount written off.', resolve: (w, _a, ctx) => money(ctx, w.amount) }),
    date: t.expose('date', { type: 'Date', description: 'The date it was written off.' }),
    account: t.relation('account', { description: 'The expense account debited.' }),
    taxRelieved: t.field({
      type: 'Money',
      description:
        "The tax it took back (bad-debt relief, when the organization's badDebtTaxRelief is ON_WRITE_OFF), debited to the tax " +
        'accounts; the expense account took amount − taxRelieved. 0 without relief.',
      resolve: (w, _a, ctx) => money(ctx, w.taxRelieved),
    }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why.' }),
    journalEntry: t.relation('journalEntry', { description: 'The posting it made.' }),
    ...paymentVoidObjectFields(t),
  }),
});

const WriteOffInvoiceInput = builder.inputType('WriteOffInvoiceInput', {
  description: 'When and where what is left on an invoice is written off as bad debt.',
  fields: (t) => ({
    date: t.field({ type: 'Date', description: 'Date of the write-off; today (or the invoice date if later) when omitted.' }),
    accountId: t.id({ description: 'The expense account to debit; default the bad-debt account (6800).' }),
    reason: t.string({ description: "Why; added to the posting's description." }),
  }),
});

actionMutation<{ date?: string | null; accountId?: string | null; reason?: string | null }>({
  name: 'writeOffInvoice',
  model: 'Invoice',
  label: 'invoice',
  input: WriteOffInvoiceInput,
  description:
    'Writes off what is left on an open invoice as bad debt (Dr bad debts, Cr receivables; revenue and tax untouched); the ' +
    'invoice is settled.',
  run: (scope, id, input) => writeOffOwedDocument(scope, INVOICE_TYPE, id, input),
});

actionMutation<{ date?: string | null; reason?: string | null }>({
  name: 'voidInvoiceWriteOff',
  model: 'Invoice',
  label: 'invoice',
  input: voidInputType('VoidInvoiceWriteOffInput', 'write-off'),
  description: "Voids an invoice's write-off, posting the reversal; the invoice is owed again.",
  run: (scope, id, input) => voidOwedWriteOff(scope, INVOICE_TYPE, id, input),
});

const INVOICE_EVENTS = ['invoice.created', 'invoice.finalized', 'invoice.payment_recorded', 'invoice.paid', 'invoice.voided'];

const InvoiceChangeRef = builder.objectRef<LoggedEvent>('InvoiceChange').implement({
  description: 'Something happened to an invoice.',
  fields: (t) => ({
    eventId: t.exposeID('id', { description: 'The event (`evt_…`); pass it as `after` to resume from here.' }),
    type: t.exposeString('type', {
      description: 'invoice.created, invoice.finalized, invoice.payment_recorded, invoice.paid or invoice.voided.',
    }),
    occurredAt: t.expose('createdAt', { type: 'DateTime', description: 'When it happened.' }),
    invoice: t.prismaField({
      type: 'Invoice',
      description: 'The invoice as it is when this message is sent, with whatever you select.',
      resolve: (query, event, _args, ctx) =>
        ctx.prisma.invoice.findFirstOrThrow({ ...query, where: { id: event.resourceId, organizationId: ctx.organizationId } }),
    }),
  }),
});

builder.subscriptionField('invoiceChanged', (t) =>
  t.field({
    type: InvoiceChangeRef,
    extensions: requires('invoices:read'),
    description:
      "Your organization's invoice events as they commit, each with the invoice in the shape you select. `after` resumes after " +
      'an event with no gap.',
    args: { after: t.arg.id({ description: 'Replay the log after this event first.' }) },
    subscribe: async (_root, args, ctx) =>
      eventStream({
        prisma: ctx.prisma,
        bus: ctx.liveEvents,
        organizationId: ctx.organizationId,
        types: INVOICE_EVENTS,
        afterSeq: await positionAfter(ctx.prisma, ctx.organizationId, args.after),
        maxWaiting: ctx.settings.subscriptionBacklog,
      }),
    resolve: (event) => event as LoggedEvent,
  }),
);

actionMutation({
  name: 'rotateInvoicePublicLink',
  model: 'Invoice',
  label: 'invoice',
  description: "Gives a posted invoice's public page a new link (hostedUrl): the old link finds nothing from then on.",
  run: (scope, id) => changeInvoicePublicLink(scope, id, true),
});

actionMutation({
  name: 'revokeInvoicePublicLink',
  model: 'Invoice',
  label: 'invoice',
  description: "Takes an invoice's public page away (hostedUrl becomes null); rotateInvoicePublicLink gives it a new link.",
  run: (scope, id) => changeInvoicePublicLink(scope, id, false),
});
