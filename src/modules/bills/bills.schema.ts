import { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { builder, describedEnum, tenantNode } from '../../graphql/builder.ts';
import { money, moneyIn } from '../../graphql/money.ts';
import {
  documentLineFields,
  documentTotalFields,
  foreignDocumentFields,
  paymentCurrencyFields,
  postedDocumentFields,
  owedDocumentFields,
  owedDocumentLists,
  owedPaymentLists,
  paymentVoidObjectFields,
  BillLineInput,
} from '../documents/schema.ts';
import { owedDocumentInputs, owedDocumentMutations } from '../documents/schema-mutations.ts';
import { BILL_LINES_IN_ORDER } from './bills.public.ts';
import { BILL_TYPE } from './bills.service.ts';

const BillStatusEnum = describedEnum(
  'BillStatus',
  InvoiceStatus,
  'Where a bill is in its life: DRAFT → OPEN → PARTIALLY_PAID → PAID, or VOID.',
  {
    DRAFT: 'Entered but not posted; finalizeBill posts it.',
    OPEN: 'Posted and unpaid.',
    PARTIALLY_PAID: 'Posted, with payments less than the total.',
    PAID: 'Paid in full.',
    VOID: 'Cancelled; its posting was reversed.',
  },
);

builder.prismaObject('BillLine', {
  description: 'One line of a bill. Amounts are rounded per line, half up, as on invoices; the bill totals are the sums of the lines.',
  select: { id: true },
  fields: (t) => ({
    ...documentLineFields(t, 'bl', 'bill'),
    product: t.relation('product', { nullable: true, description: 'The product bought, if any.' }),
    account: t.relation('account', { description: "The expense or asset account the line's amount is debited to." }),
    appliedTaxRate: t.relation('taxRate', {
      nullable: true,
      description: "The tax rate the line's tax comes from and posts to; null when the line has no tax.",
    }),
  }),
});

const BillPaymentRef = builder.prismaNode('BillPayment', {
  description: 'Money paid to a vendor against a bill, posted as debit payables, credit the bank (or cash) account.',
  ...tenantNode('The bill payment id (`bpay_…`).'),
  fields: (t) => ({
    bill: t.relation('bill', { description: 'The bill paid.' }),
    amount: t.field({
      type: 'Money',
      description: "Amount paid, in the bill's currency.",
      resolve: (p, _a, ctx) => moneyIn(ctx, p.currency, p.amount),
    }),
    ...paymentCurrencyFields(t, 'purchase'),
    date: t.expose('date', { type: 'Date', description: 'Date paid.' }),
    paymentAccount: t.relation('paymentAccount', { description: 'The bank or cash account the money left.' }),
    method: t.exposeString('method', { nullable: true, description: 'How it was paid, e.g. transfer or check.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'External reference, e.g. a check number.' }),
    journalEntry: t.relation('journalEntry', { description: 'The posting it made.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
    ...paymentVoidObjectFields(t),
  }),
});

export const BillRef = builder.prismaNode('Bill', {
  description:
    "A bill: what a vendor invoices us. Posting it debits the lines' expense or asset accounts and recoverable tax, and credits " +
    'payables; it is never edited once posted.',
  ...tenantNode('The bill id (`bill_…`).'),
  select: { id: true },
  fields: (t) => ({
    number: t.exposeString('number', { description: 'Our bill number, e.g. BILL-0001, sequential in the organization.' }),
    status: t.expose('status', { type: BillStatusEnum, description: 'Where the bill is in its life.' }),
    vendor: t.relation('vendor', { description: 'Who billed us.' }),
    issueDate: t.expose('issueDate', { type: 'Date', description: 'Bill date; the posting date.' }),
    dueDate: t.expose('dueDate', { type: 'Date', description: 'When payment is due.' }),
    memo: t.exposeString('memo', { nullable: true, description: 'Internal note.' }),
    reference: t.exposeString('reference', {
      nullable: true,
      description: "The vendor's own invoice number; unique per vendor among bills that are not void.",
    }),
    ...foreignDocumentFields(t),
    ...documentTotalFields(t, { taxTotal: 'Sum of the line taxes (recoverable tax).' }),
    ...owedDocumentFields(t, {
      amountPaid: 'Payments made so far.',
      amountDue: 'What we still owe: total − amountPaid − amountCredited (0 when void).',
      credited: true,
    }),
    amountCredited: t.field({
      type: 'Money',
      description: 'Vendor credits applied to it.',
      select: { amountCredited: true },
      resolve: (b, _a, ctx) => money(ctx, b.amountCredited),
    }),
    creditAllocations: t.relation('creditAllocations', {
      description: 'The vendor credit applied to it, oldest first.',
      query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] },
    }),
    lines: t.relation('lines', { description: 'The bill lines, in order.', query: { orderBy: BILL_LINES_IN_ORDER } }),
    payments: t.relation('payments', { description: 'Payments made, oldest first.', query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] } }),
    ...postedDocumentFields(t, 'settledOn', {
      posting: 'The posting the bill made (null for a draft).',
      draft: true,
      created: 'When it was entered.',
      updated: 'When its status last changed.',
    }),
  }),
});

owedDocumentLists(BILL_TYPE, BillRef, {
  plural: 'bills',
  noun: 'bills',
  status: BillStatusEnum,
  filter: {
    party: "Only this vendor's bills.",
    search: "Part of the number, the vendor's reference or the vendor's name.",
  },
  orders: {
    ISSUE_DATE: { column: 'issueDate', description: 'By bill date.' },
    DUE_DATE: { column: 'dueDate', description: 'By due date.' },
    NUMBER: { column: 'number', unique: true, description: 'By bill number.' },
    TOTAL: { column: 'total', description: 'By total.' },
    CREATED_AT: { column: 'createdAt', description: 'By entry time.' },
  },
  partyConnection: "This vendor's bills, newest first.",
});

owedPaymentLists(BILL_TYPE, BillPaymentRef, {
  plural: 'billPayments',
  noun: 'payments made against bills',
  one: 'bill payment',
  moved: 'paid',
  account: 'Payments out of this account.',
});

builder.prismaObjectField('Vendor', 'balance', (t) =>
  t.field({
    type: 'Money',
    description: 'What we owe the vendor: the amount due on its open and partly paid bills.',
    select: { balance: true, currency: true },
    resolve: (vendor, _args, ctx) => moneyIn(ctx, vendor.currency, vendor.balance),
  }),
);

const { createInput, updateInput, paymentInput } = owedDocumentInputs(BILL_TYPE, {
  create: 'A bill from a vendor. Unless `draft` is true it is posted at once (status OPEN).',
  dateName: 'Bill date',
  memo: 'Internal note',
  reference: {
    name: "The vendor's own invoice number",
    more: '; refused when another bill of the vendor that is not void has it.',
  },
  lineInput: BillLineInput,
  payment: {
    description:
      'A payment made against an open bill. More than the amount due is refused unless keepExcessAsCredit keeps the excess as credit.',
    moved: 'paid',
    account: 'Bank or cash account the money left; default the bank account.',
    reference: 'External reference, e.g. a check number.',
  },
});

owedDocumentMutations(BILL_TYPE, {
  typename: 'Bill',
  createInput,
  updateInput,
  payment: { typename: 'BillPayment', input: paymentInput },
  mutations: {
    createBill: 'Enters a bill and, unless it is a draft, posts its journal entry.',
    updateBill: 'Edits a draft bill: its vendor, dates, memo, reference and lines (the lines given replace its lines).',
    deleteBill: 'Deletes a draft bill and its lines; a posted bill is voided instead.',
    recordBillPayment: 'Records a payment of a bill and posts it; the bill becomes PARTIALLY_PAID or PAID.',
    finalizeBill: 'Posts a draft bill (status OPEN).',
    voidBill: "Voids a bill that has no payments, posting the reversal of its entry. Void a paid bill's payments first.",
    voidBillPayment: "Voids a bill payment, posting the reversal of its entry; the bill's amount due is restored.",
  },
});
