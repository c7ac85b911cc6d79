// GraphQL of what customers owe and vendors are owed: the aged reports (with each party's documents) and a
// party's statement of account, computed by aging.ts.
import type { ArgBuilder, ObjectFieldBuilder } from '@pothos/core';
import { requires } from '../../graphql/scopes.ts';
import { PLANNED_REPORT } from '../../fast-paths/planned-queries.ts';
import { builder, type BuilderTypes } from '../../graphql/builder.ts';
import { money, moneyIn } from '../../graphql/money.ts';
import { CustomerRef, VendorRef } from '../contacts/contacts.schema.ts';
import type { AgingSide } from '../documents/index.ts';
import { agedPayables, agedReceivables, agingDetail, partyStatement } from './reports.service.ts';
import { InvoiceRef } from '../invoices/invoices.schema.ts';
import { BillRef } from '../bills/bills.schema.ts';
import { CreditNoteRef } from '../credit-notes/credit-notes.schema.ts';
import { VendorCreditRef } from '../vendor-credits/vendor-credits.schema.ts';
import { CustomerPrepaymentRef } from '../customer-prepayments/customer-prepayments.schema.ts';
import { VendorPrepaymentRef } from '../vendor-prepayments/vendor-prepayments.schema.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { PrismaTypes } from '../../db/database.ts';

/** A report's root field: read with the reports scope, and planned (fast-paths/planned-queries.ts). */

// As every report's field: reports:read, and planned as the reports' are (reports.schema.ts).
const REPORT = { ...requires('reports:read'), ...PLANNED_REPORT };

type Aged = Awaited<ReturnType<typeof agedReceivables>>;
type AgingBuckets = Aged['totals'];
// The bucket rule: days overdue = asOf − due date; current while not overdue (due on or after asOf).
const AGING_COLUMNS = {
  current: 'Not yet due: due on or after asOf.',
  days1to30: '1 to 30 days past due.',
  days31to60: '31 to 60 days past due.',
  days61to90: '61 to 90 days past due.',
  over90: 'More than 90 days past due.',
  total: 'All buckets.',
} as const;
/** The aging columns, in the report's currency (home unless it was asked for one). */
const agingFields = <Row extends AgingBuckets>(t: ObjectFieldBuilder<BuilderTypes, Row>) =>
  Object.fromEntries(
    Object.entries(AGING_COLUMNS).map(([column, description]) => [
      column,
      t.field({
        type: 'Money',
        description,
        resolve: (r, _a, ctx) => moneyIn(ctx, r.currency, r[column as keyof typeof AGING_COLUMNS]),
      }),
    ]),
  ) as Record<keyof typeof AGING_COLUMNS, ReturnType<typeof t.field>>;
const AgedReceivablesRow = builder.objectRef<Aged['rows'][number]>('AgedReceivablesRow').implement({
  description: 'What one customer owes, by age.',
  fields: (t) => ({
    customer: t.field({ type: CustomerRef, description: 'The customer.', resolve: (r) => r.customer }),
    ...agingFields(t),
  }),
});
type AgedPayables = Awaited<ReturnType<typeof agedPayables>>;
const AgedPayablesRow = builder.objectRef<AgedPayables['rows'][number]>('AgedPayablesRow').implement({
  description: 'What we owe one vendor, by age.',
  fields: (t) => ({ vendor: t.field({ type: VendorRef, description: 'The vendor.', resolve: (r) => r.vendor }), ...agingFields(t) }),
});
const AgingTotals = builder
  .objectRef<Aged['totals']>('AgingTotals')
  .implement({ description: 'Totals per age bucket.', fields: (t) => agingFields(t) });
const AgingBucketEnum = builder.enumType('AgingBucket', {
  description: 'How overdue an amount was at the end of asOf: days overdue = asOf − due date.',
  values: {
    CURRENT: { value: 'current', description: 'Not yet due: due on or after asOf.' },
    // Over REST each is spelled as the rows' field of its amount (`days1to30`), not `days_1_to_30`.
    DAYS_1_TO_30: { value: 'days1to30', description: '1 to 30 days past due.', extensions: { rest: 'days1to30' } },
    DAYS_31_TO_60: { value: 'days31to60', description: '31 to 60 days past due.', extensions: { rest: 'days31to60' } },
    DAYS_61_TO_90: { value: 'days61to90', description: '61 to 90 days past due.', extensions: { rest: 'days61to90' } },
    OVER_90: { value: 'over90', description: 'More than 90 days past due.', extensions: { rest: 'over90' } },
  } as const,
});

type AgedDocument = Awaited<ReturnType<typeof agingDetail>>[number];
const agedDocumentFields = <Row extends AgedDocument>(t: ObjectFieldBuilder<BuilderTypes, Row>) => ({
  number: t.string({ description: 'Its number.', resolve: (d) => d.number }),
  issueDate: t.field({ type: 'Date', description: 'Its date.', resolve: (d) => d.issueDate }),
  dueDate: t.field({ type: 'Date', description: 'When it was due.', resolve: (d) => d.dueDate }),
  daysOverdue: t.int({ description: 'Days past due at the end of asOf (0 when not yet due).', resolve: (d) => d.daysOverdue }),
  bucket: t.field({ type: AgingBucketEnum, description: 'The column its amount is in.', resolve: (d) => d.bucket }),
  outstanding: t.field({
    type: 'Money',
    description: 'What was still due on it at the end of asOf: its total less payments dated on or before it.',
    resolve: (d, _a, ctx) => moneyIn(ctx, d.currency, d.outstanding),
  }),
});
const AgedInvoice = builder.objectRef<AgedDocument & { document: PrismaTypes.InvoiceGetPayload<object> }>('AgedInvoice').implement({
  description: 'One invoice open at the end of asOf, with what was due on it then and how overdue it was.',
  fields: (t) => ({
    invoice: t.field({ type: InvoiceRef, description: 'The invoice, as it is now.', resolve: (d) => d.document }),
    ...agedDocumentFields(t),
  }),
});
const AgedBill = builder.objectRef<AgedDocument & { document: PrismaTypes.BillGetPayload<object> }>('AgedBill').implement({
  description: 'One bill open at the end of asOf, with what was due on it then and how overdue it was.',
  fields: (t) => ({
    bill: t.field({ type: BillRef, description: 'The bill, as it is now.', resolve: (d) => d.document }),
    ...agedDocumentFields(t),
  }),
});
const AgedCreditNote = builder
  .objectRef<AgedDocument & { document: PrismaTypes.CreditNoteGetPayload<object> }>('AgedCreditNote')
  .implement({
    description: 'A credit note with credit unused at the end of asOf: a negative amount, aged from its date.',
    fields: (t) => ({
      creditNote: t.field({ type: CreditNoteRef, description: 'The credit note, as it is now.', resolve: (d) => d.document }),
      ...agedDocumentFields(t),
    }),
  });
const AgedVendorCredit = builder
  .objectRef<AgedDocument & { document: PrismaTypes.VendorCreditGetPayload<object> }>('AgedVendorCredit')
  .implement({
    description: 'A vendor credit with credit unused at the end of asOf: a negative amount, aged from its date.',
    fields: (t) => ({
      vendorCredit: t.field({ type: VendorCreditRef, description: 'The vendor credit, as it is now.', resolve: (d) => d.document }),
      ...agedDocumentFields(t),
    }),
  });
const AgedCustomerPrepayment = builder
  .objectRef<AgedDocument & { document: PrismaTypes.CustomerPrepaymentGetPayload<object> }>('AgedCustomerPrepayment')
  .implement({
    description:
      "A customer's prepayment (or kept overpayment) with credit unused at the end of asOf: a negative amount, aged from its date.",
    fields: (t) => ({
      customerPrepayment: t.field({
        type: CustomerPrepaymentRef,
        description: 'The prepayment, as it is now.',
        resolve: (d) => d.document,
      }),
      ...agedDocumentFields(t),
    }),
  });
const AgedVendorPrepayment = builder
  .objectRef<AgedDocument & { document: PrismaTypes.VendorPrepaymentGetPayload<object> }>('AgedVendorPrepayment')
  .implement({
    description:
      'A prepayment to a vendor (or a kept overpayment) with credit unused at the end of asOf: a negative amount, aged from its date.',
    fields: (t) => ({
      vendorPrepayment: t.field({ type: VendorPrepaymentRef, description: 'The prepayment, as it is now.', resolve: (d) => d.document }),
      ...agedDocumentFields(t),
    }),
  });
/** The aging detail's rows of one kind with each document, read in one query (a document settled since shows as it is now). */
async function agedDocuments<Row extends { id: string }>(
  ctx: GraphQLContext,
  { asOf, currency }: { asOf: string; currency: string | null },
  side: AgingSide,
  /** The aging detail's kind of row: the document's resource. */
  kind: 'invoice' | 'bill' | 'credit_note' | 'vendor_credit' | 'customer_prepayment' | 'vendor_prepayment',
  read: (ids: string[]) => Promise<Row[]>,
) {
  const detail = (await agingDetail(ctx, asOf, side, currency ?? undefined)).filter((d) => d.kind === kind);
  const documents = new Map((await read(detail.map((d) => d.id))).map((d) => [d.id, d]));
  return detail.map((d) => ({ ...d, document: documents.get(d.id)! }));
}

const AgedReceivables = builder.objectRef<Aged>('AgedReceivables').implement({
  description: 'Amounts due on open invoices per customer, by days past due.',
  fields: (t) => ({
    asOf: t.field({ type: 'Date', description: 'The day ages are counted to.', resolve: (r) => r.asOf }),
    rows: t.field({ type: [AgedReceivablesRow], description: 'One row per customer owing money, by name.', resolve: (r) => r.rows }),
    totals: t.field({ type: AgingTotals, description: 'Totals of every column.', resolve: (r) => r.totals }),
    creditNotes: t.field({
      type: [AgedCreditNote],
      description:
        'Credit notes with credit unused at the end of asOf, as negative amounts aged from their dates (days overdue: days since ' +
        'issued). Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'receivables', 'credit_note', (ids) =>
          ctx.prisma.creditNote.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
    customerPrepayments: t.field({
      type: [AgedCustomerPrepayment],
      description:
        'Prepayments and kept overpayments with credit unused at the end of asOf, as negative amounts aged from their dates. Read only ' +
        'when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'receivables', 'customer_prepayment', (ids) =>
          ctx.prisma.customerPrepayment.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
    invoices: t.field({
      type: [AgedInvoice],
      description:
        'Aging detail: every invoice open at the end of asOf, most overdue first; with creditNotes and customerPrepayments they sum to ' +
        'the rows per customer and bucket. Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'receivables', 'invoice', (ids) =>
          ctx.prisma.invoice.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
  }),
});
const AgedPayables = builder.objectRef<AgedPayables>('AgedPayables').implement({
  description: 'Amounts due on open bills per vendor, by days past due; the total equals the payables balance on the date.',
  fields: (t) => ({
    asOf: t.field({ type: 'Date', description: 'The day ages are counted to.', resolve: (r) => r.asOf }),
    rows: t.field({ type: [AgedPayablesRow], description: 'One row per vendor we owe money, by name.', resolve: (r) => r.rows }),
    totals: t.field({ type: AgingTotals, description: 'Totals of every column.', resolve: (r) => r.totals }),
    vendorCredits: t.field({
      type: [AgedVendorCredit],
      description:
        'Vendor credits with credit unused at the end of asOf, as negative amounts aged from their dates (days overdue: days ' +
        'since issued). Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'payables', 'vendor_credit', (ids) =>
          ctx.prisma.vendorCredit.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
    vendorPrepayments: t.field({
      type: [AgedVendorPrepayment],
      description:
        'Prepayments to vendors and kept overpayments with credit unused at the end of asOf, as negative amounts aged from their dates. ' +
        'Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'payables', 'vendor_prepayment', (ids) =>
          ctx.prisma.vendorPrepayment.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
    bills: t.field({
      type: [AgedBill],
      description:
        'Aging detail: every bill open at the end of asOf, most overdue first; with vendorCredits and vendorPrepayments they sum to the ' +
        'rows per vendor and bucket. Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'payables', 'bill', (ids) =>
          ctx.prisma.bill.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
  }),
});

type Statement = Awaited<ReturnType<typeof partyStatement>>;
const StatementLine = builder.objectRef<Statement['lines'][number]>('StatementLine').implement({
  description: 'One posting on a statement: a document, a payment, a credit, a write-off or a void of one.',
  fields: (t) => ({
    date: t.field({ type: 'Date', description: 'Its date.', resolve: (l) => l.date }),
    sourceType: t.string({
      description: 'What posted it: invoice, payment, credit_note, write_off, payment_void…',
      resolve: (l) => l.sourceType,
    }),
    sourceId: t.id({ nullable: true, description: 'The record that posted it (the invoice, the payment…).', resolve: (l) => l.sourceId }),
    journalEntryId: t.id({ description: 'The journal entry (`je_…`).', resolve: (l) => l.journalEntryId }),
    reference: t.string({ nullable: true, description: 'The document number or payment reference.', resolve: (l) => l.reference }),
    description: t.string({ description: 'What it was.', resolve: (l) => l.description }),
    amount: t.field({
      type: 'Money',
      description: 'What it added to the balance (negative: what it took off, a payment or a credit).',
      resolve: (l, _a, ctx) => money(ctx, l.amount),
    }),
    balance: t.field({ type: 'Money', description: 'The balance after it.', resolve: (l, _a, ctx) => money(ctx, l.balance) }),
  }),
});
const PartyStatement = builder.objectRef<Statement>('PartyStatement').implement({
  description:
    "A customer's or vendor's statement for a period: the balance at the start, every posting naming them, the balance at the end, " +
    'and the aging at the end. The balance is what the customer owes us, or what we owe the vendor.',
  fields: (t) => ({
    customer: t.field({ type: CustomerRef, nullable: true, description: 'The customer (customerStatement).', resolve: (s) => s.customer }),
    vendor: t.field({ type: VendorRef, nullable: true, description: 'The vendor (vendorStatement).', resolve: (s) => s.vendor }),
    from: t.field({ type: 'Date', description: 'First day.', resolve: (s) => s.from }),
    to: t.field({ type: 'Date', description: 'Last day.', resolve: (s) => s.to }),
    openingBalance: t.field({
      type: 'Money',
      description: 'The balance before from.',
      resolve: (s, _a, ctx) => money(ctx, s.openingBalance),
    }),
    lines: t.field({ type: [StatementLine], description: 'Every posting in the period, oldest first.', resolve: (s) => s.lines }),
    closingBalance: t.field({
      type: 'Money',
      description: 'The balance at the end of to.',
      resolve: (s, _a, ctx) => money(ctx, s.closingBalance),
    }),
    aging: t.field({ type: AgingTotals, description: 'The closing balance by age at the end of to.', resolve: (s) => s.aging }),
  }),
});

/** An aged report's arguments: the date, and the currency to age alone. */
const agingArgs = (t: { arg: ArgBuilder<BuilderTypes> }) => ({
  asOf: t.arg({ type: 'Date' }),
  currency: t.arg.string({
    description:
      'Only the documents in this currency (ISO 4217), in it: what each party owes in its own currency. Without it, every ' +
      'document, in the home currency (the total equals the control account on the trial balance).',
  }),
});

builder.queryFields((t) => ({
  customerStatement: t.field({
    type: PartyStatement,
    extensions: REPORT,
    description: "A customer's statement for a period: opening balance, every invoice, payment, credit and write-off, closing balance.",
    args: {
      customerId: t.arg.id({ required: true }),
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
    },
    resolve: (_p, args, ctx) => partyStatement(ctx, 'receivables', String(args.customerId), args.from, args.to),
  }),
  vendorStatement: t.field({
    type: PartyStatement,
    extensions: REPORT,
    description: "A vendor's statement for a period: opening balance, every bill, payment, credit and refund, closing balance.",
    args: {
      vendorId: t.arg.id({ required: true }),
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
    },
    resolve: (_p, args, ctx) => partyStatement(ctx, 'payables', String(args.vendorId), args.from, args.to),
  }),
  agedPayables: t.field({
    type: AgedPayables,
    extensions: REPORT,
    description: 'Aged payables as of a date (today when omitted).',
    args: agingArgs(t),
    resolve: (_p, args, ctx) => agedPayables(ctx, args.asOf ?? undefined, args.currency),
  }),
  agedReceivables: t.field({
    type: AgedReceivables,
    extensions: REPORT,
    description: 'Aged receivables as of a date (today when omitted).',
    args: agingArgs(t),
    resolve: (_p, args, ctx) => agedReceivables(ctx, args.asOf ?? undefined, args.currency),
  }),
}));
