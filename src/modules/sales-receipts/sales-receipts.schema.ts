import { ReceiptKind, ReceiptStatus } from '../../db/generated/sqlite/enums.ts';
import { builder, describedEnum, tenantNode } from '../../graphql/builder.ts';
import { connectionMaxSize, listFields, orderInput } from '../../graphql/lists.ts';
import { actionMutation, createMutation, voidInputType } from '../../graphql/mutations.ts';
import {
  documentLineFields,
  documentTotalFields,
  pdfUrlField,
  postedDocumentFields,
  foreignDocumentFields,
  saleLineInputFields,
} from '../documents/schema.ts';
import { currencyInputFields } from '../documents/schema-mutations.ts';
import { RECEIPT_LINES_IN_ORDER } from './sales-receipts.public.ts';
import { createSalesReceipt, type SalesReceiptFilter, salesReceiptWhere, voidSalesReceipt } from './sales-receipts.service.ts';

const ReceiptKindEnum = describedEnum('ReceiptKind', ReceiptKind, 'What a receipt records.', {
  SALE: 'A sale paid at once: money in, revenue and tax out.',
  REFUND: 'Money given back for a return: the mirror of a sale.',
});

const ReceiptStatusEnum = describedEnum(
  'ReceiptStatus',
  ReceiptStatus,
  'A receipt is posted when it is recorded; voiding posts the reversal.',
  {
    POSTED: 'Recorded and posted.',
    VOID: 'Cancelled; its posting was reversed.',
  },
);

builder.prismaObject('SalesReceiptLine', {
  description: 'One line of a sales or refund receipt; rounded per line, half up, as invoice lines.',
  select: { id: true },
  fields: (t) => ({
    ...documentLineFields(t, 'srl', 'receipt'),
    product: t.relation('product', { nullable: true, description: 'The product sold, if any.' }),
    account: t.relation('account', { description: "The income account the line's amount is credited to (a refund: debited)." }),
    appliedTaxRate: t.relation('taxRate', {
      nullable: true,
      description: "The tax rate the line's tax comes from and posts to; null when the line has no tax.",
    }),
  }),
});

export const SalesReceiptRef = builder.prismaNode('SalesReceipt', {
  description:
    'A sale paid at once (Dr bank or cash, Cr revenue, Cr sales tax), or a refund receipt (the mirror). Posted when recorded, never ' +
    'edited.',
  ...tenantNode('The receipt id (`sr_…`).'),
  fields: (t) => ({
    number: t.exposeString('number', { description: 'SR-0001 for a sale, RR-0002 for a refund: one series.' }),
    kind: t.field({ type: ReceiptKindEnum, description: 'Sale or refund.', resolve: (r) => r.kind }),
    status: t.field({ type: ReceiptStatusEnum, description: 'Posted or void.', resolve: (r) => r.status }),
    customer: t.relation('customer', { nullable: true, description: 'Who bought (or returned), if known.' }),
    date: t.expose('date', { type: 'Date', description: 'The date of the sale (refund); the posting date.' }),
    depositAccount: t.relation('depositAccount', { description: 'The bank or cash account the money went into (a refund: came out of).' }),
    paymentMethod: t.exposeString('paymentMethod', { nullable: true, description: 'How it was paid, e.g. card or cash.' }),
    reference: t.exposeString('reference', {
      nullable: true,
      description: "External reference, e.g. the till's or the shop's order number.",
    }),
    memo: t.exposeString('memo', { nullable: true, description: 'Note.' }),
    ...foreignDocumentFields(t),
    ...pdfUrlField(t, '/api/v1/sales-receipts'),
    ...documentTotalFields(t, { total: 'subtotal − discountTotal + taxTotal: the money received (refunded).' }),
    refundOf: t.relation('refundOf', { nullable: true, description: "A refund's sale, when it names one." }),
    refunds: t.relation('refunds', {
      description: "A sale's refund receipts, oldest first.",
      query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] },
    }),
    lines: t.relation('lines', { description: 'The receipt lines, in order.', query: { orderBy: RECEIPT_LINES_IN_ORDER } }),
    ...postedDocumentFields(t, 'voidDate', {
      posting: 'The posting it made.',
      created: 'When it was recorded.',
      updated: 'When its status last changed.',
    }),
  }),
});

const SalesReceiptFilterInput = builder.inputType('SalesReceiptFilter', {
  description: 'Narrows a list of receipts; all given conditions must hold.',
  fields: (t) => ({
    kind: t.field({ type: ReceiptKindEnum, description: 'Only sales, or only refunds.' }),
    status: t.field({ type: ReceiptStatusEnum, description: 'Only this status.' }),
    customerId: t.id({ description: "Only this customer's receipts." }),
    from: t.field({ type: 'Date', description: 'Dated on or after.' }),
    to: t.field({ type: 'Date', description: 'Dated on or before.' }),
    search: t.string({ description: "Part of the number, the reference or the customer's name." }),
  }),
});

listFields<SalesReceiptFilter>({
  plural: 'salesReceipts',
  model: 'SalesReceipt',
  nodeRef: SalesReceiptRef,
  description: 'sales and refund receipts',
  filterInput: SalesReceiptFilterInput,
  order: orderInput(
    'SalesReceipt',
    {
      DATE: { column: 'date', description: 'By date.' },
      TOTAL: { column: 'total', description: 'By total.' },
      CREATED_AT: { column: 'createdAt', description: 'By recording time.' },
    },
    'DATE',
  ),
  where: (ctx, filter) => salesReceiptWhere(ctx.organizationId, filter, ctx.db.provider),
});

builder.prismaObjectField('Customer', 'salesReceipts', (t) =>
  t.relatedConnection('salesReceipts', {
    cursor: 'id',
    maxSize: connectionMaxSize,
    totalCount: true,
    description: "This customer's sales and refund receipts, newest first.",
    query: { orderBy: [{ date: 'desc' }, { id: 'desc' }] },
  }),
);

builder.prismaObjectField('JournalEntry', 'salesReceipt', (t) =>
  t.relation('salesReceipt', { nullable: true, description: 'The sales or refund receipt that posted this entry, if any.' }),
);

const SalesReceiptLineInput = builder.inputType('SalesReceiptLineInput', {
  description: "One receipt line. With a product, description, unit price, tax and account default to the product's.",
  fields: (t) => saleLineInputFields(t, 'credit'),
});

const CreateSalesReceiptInput = builder.inputType('CreateSalesReceiptInput', {
  description: 'A sale paid at once, or (kind REFUND) money given back for a return. Posted at once.',
  fields: (t) => ({
    kind: t.field({ type: ReceiptKindEnum, description: 'SALE (default) or REFUND.' }),
    customerId: t.id({ description: 'The customer (`cus_…`), if known: a walk-in sale has none.' }),
    date: t.field({ type: 'Date', description: 'Date of the sale (refund); today (UTC) when omitted. Not in a locked period.' }),
    depositAccountId: t.id({ description: 'Bank or cash account the money went into (a refund: came out of); default the bank account.' }),
    paymentMethod: t.string({ description: 'How it was paid, e.g. card or cash.' }),
    reference: t.string({ description: "External reference, e.g. the till's or the shop's order number." }),
    memo: t.string({ description: 'Note.' }),
    refundOfId: t.id({
      description:
        "A refund: the sale receipt it refunds (`sr_…`); its customer is the refund's, and its refunds may not come to more than " +
        'its total.',
    }),
    lines: t.field({ type: [SalesReceiptLineInput], required: true, description: 'At least one line.' }),
    ...currencyInputFields(t, 'customer'),
  }),
});

const VoidSalesReceiptInput = voidInputType('VoidSalesReceiptInput', 'receipt');

createMutation({
  name: 'createSalesReceipt',
  model: 'SalesReceipt',
  input: CreateSalesReceiptInput,
  description: 'Records a sale paid at once (or a refund receipt) and posts it.',
  run: (scope, input) => createSalesReceipt(scope, input),
});

actionMutation<{ date?: string | null; reason?: string | null }>({
  name: 'voidSalesReceipt',
  model: 'SalesReceipt',
  label: 'sales receipt',
  input: VoidSalesReceiptInput,
  description: 'Voids a receipt, posting the reversal of its entry. A sale whose refunds stand cannot be voided.',
  run: (scope, id, input) => voidSalesReceipt(scope, id, input),
});
