import { CreditNoteStatus } from '../../db/generated/sqlite/enums.ts';
import { builder, describedEnum, tenantNode } from '../../graphql/builder.ts';
import {
  creditAllocationFields,
  creditDocumentFields,
  creditDocumentLists,
  creditRefundFields,
  documentLineFields,
  documentTotalFields,
  postedDocumentFields,
  purchaseLineInputFields,
} from '../documents/schema.ts';
import { creditApplyInput, creditDocumentMutations, currencyInputFields, paymentRateInputField } from '../documents/schema-mutations.ts';
import { VENDOR_CREDIT_LINES_IN_ORDER, VENDOR_CREDIT_TYPE } from './vendor-credits.public.ts';
import type { VendorCreditInput } from './vendor-credits.service.ts';

const VendorCreditStatusEnum = describedEnum(
  'VendorCreditStatus',
  CreditNoteStatus,
  'Where a vendor credit is: OPEN while credit remains, CLOSED once all of it is applied or refunded, or VOID.',
  {
    OPEN: 'Posted, with credit remaining.',
    CLOSED: 'All of its credit applied to bills or refunded.',
    VOID: 'Cancelled; its posting was reversed.',
  },
);

builder.prismaObject('VendorCreditLine', {
  description: 'One line of a vendor credit; rounded per line, half up, as bill lines.',
  select: { id: true },
  fields: (t) => ({
    ...documentLineFields(t, 'vcl', 'vendor credit'),
    product: t.relation('product', { nullable: true, description: 'The product returned or credited, if any.' }),
    account: t.relation('account', { description: "The expense or asset account the line's amount is credited back to." }),
    appliedTaxRate: t.relation('taxRate', {
      nullable: true,
      description: "The tax rate the line's recoverable tax comes from and is taken back from; null when the line has no tax.",
    }),
  }),
});

builder.prismaObject('VendorCreditAllocation', {
  description: 'Vendor credit applied to a bill.',
  fields: (t) => ({
    bill: t.relation('bill', { description: 'The bill credited.' }),
    vendorCredit: t.relation('vendorCredit', { description: 'The vendor credit the credit came from.' }),
    ...creditAllocationFields(t, 'vca'),
  }),
});

builder.prismaObject('VendorCreditRefund', {
  description: 'Credit the vendor paid back to us: debit the bank or cash account, credit payables.',
  fields: (t) =>
    creditRefundFields(t, 'vcr', {
      amount: 'Amount the vendor paid back.',
      paymentAccount: 'The bank or cash account the money went into.',
    }),
});

export const VendorCreditRef = builder.prismaNode('VendorCredit', {
  description:
    "A vendor credit (the supplier's credit note: a return, an overcharge): the mirror of a bill, posted Dr payables, Cr the " +
    "lines' expense or asset accounts and recoverable tax. Its credit is applied to the vendor's bills or refunded by the vendor.",
  ...tenantNode('The vendor credit id (`vc_…`).'),
  fields: (t) => ({
    number: t.exposeString('number', { description: 'VC-0001, sequential in the organization.' }),
    status: t.field({ type: VendorCreditStatusEnum, description: 'Where it is.', resolve: (c) => c.status }),
    vendor: t.relation('vendor', { description: 'Who gave the credit.' }),
    issueDate: t.expose('issueDate', { type: 'Date', description: 'Its date; the posting date.' }),
    memo: t.exposeString('memo', { nullable: true, description: 'Internal note.' }),
    reference: t.exposeString('reference', { nullable: true, description: "The vendor's own credit note number." }),
    ...documentTotalFields(t, {
      taxTotal: 'Sum of the line taxes (recoverable tax taken back).',
      total: 'subtotal − discountTotal + taxTotal: the credit received.',
    }),
    ...creditDocumentFields(t, {
      amountApplied: 'Applied to bills.',
      amountRefunded: 'Paid back by the vendor.',
      allocations: 'Where its credit was applied, oldest first.',
      refunds: 'Its credit paid back, oldest first.',
    }),
    lines: t.relation('lines', { description: 'Its lines, in order.', query: { orderBy: VENDOR_CREDIT_LINES_IN_ORDER } }),
    ...postedDocumentFields(t, 'settledOn', {
      posting: 'The posting it made.',
      created: 'When it was entered.',
      updated: 'When it last changed.',
    }),
  }),
});

creditDocumentLists(VENDOR_CREDIT_TYPE, VendorCreditRef, {
  plural: 'vendorCredits',
  noun: 'vendor credits',
  status: VendorCreditStatusEnum,
  filter: {
    party: "Only this vendor's credits.",
    search: "Part of the number, the vendor's reference or the vendor's name.",
  },
  orders: {
    ISSUE_DATE: { column: 'issueDate', description: 'By date.' },
    TOTAL: { column: 'total', description: 'By total.' },
    CREATED_AT: { column: 'createdAt', description: 'By entry time.' },
  },
  partyConnection: "This vendor's credits, newest first.",
});

const VendorCreditLineInput = builder.inputType('VendorCreditLineInput', {
  description: "One vendor credit line. With a product, the description and account default to the product's (its expense account).",
  fields: (t) => purchaseLineInputFields(t, 'credit'),
});

const CreateVendorCreditInput = builder.inputType('CreateVendorCreditInput', {
  description: 'A credit from a vendor, posted at once.',
  fields: (t) => ({
    vendorId: t.id({ required: true, description: 'The vendor (`ven_…`).' }),
    issueDate: t.field({ type: 'Date', description: 'Its date; today (UTC) when omitted. Not in a locked period.' }),
    memo: t.string({ description: 'Internal note.' }),
    reference: t.string({ description: "The vendor's own credit note number." }),
    lines: t.field({ type: [VendorCreditLineInput], required: true, description: 'At least one line.' }),
    ...currencyInputFields(t, 'vendor'),
  }),
}) satisfies { $inferInput: VendorCreditInput };

const ApplyVendorCreditInput = creditApplyInput(VENDOR_CREDIT_TYPE, {
  allocation: { name: 'VendorCreditAllocationInput', description: 'Vendor credit to apply to one bill.' },
  appliedId: "An open bill of the vendor credit's vendor (`bill_…`).",
  apply: 'Where to apply a vendor credit: one or more open bills of its vendor, in all at most the credit remaining.',
  dates: 'document',
});

const RefundVendorCreditInput = builder.inputType('RefundVendorCreditInput', {
  description: 'Credit the vendor paid back to us.',
  fields: (t) => ({
    amount: t.field({ type: 'Money', required: true, description: 'At most the credit remaining.' }),
    date: t.field({
      type: 'Date',
      description: 'Date received; today when omitted. Not before the vendor credit, not in a locked period.',
    }),
    paymentAccountId: t.id({ description: 'Bank or cash account the money went into; default the bank account.' }),
    ...paymentRateInputField(t),
    method: t.string({ description: 'How it was paid.' }),
    reference: t.string({ description: 'External reference.' }),
  }),
});

creditDocumentMutations(VENDOR_CREDIT_TYPE, {
  typename: 'VendorCredit',
  createInput: CreateVendorCreditInput,
  applyInput: ApplyVendorCreditInput,
  refundInput: RefundVendorCreditInput,
  applied: 'bill',
  applyInputDescription: 'The bills and amounts.',
  mutations: {
    createVendorCredit: "Enters a vendor's credit and posts it (Dr payables, Cr the lines' accounts and recoverable tax).",
    applyVendorCredit: 'Applies a vendor credit to open bills of its vendor; their amounts due fall.',
    refundVendorCredit: 'Records credit the vendor paid back and posts it (Dr bank, Cr payables).',
    voidVendorCredit: 'Voids a vendor credit none of whose credit is used, posting the reversal of its entry.',
    unapplyVendorCredit:
      "Undoes an application of the vendor credit's credit: the bill owes the amount again, the credit is free again. Nothing is posted.",
    voidVendorCreditRefund: "Voids a refund of the vendor credit's credit, posting the reversal of its entry; the credit is free again.",
  },
});
