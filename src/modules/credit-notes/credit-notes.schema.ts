import { CreditNoteStatus } from '../../db/generated/sqlite/enums.ts';
import { builder, describedEnum, tenantNode } from '../../graphql/builder.ts';
import {
  creditAllocationFields,
  creditDocumentFields,
  creditDocumentLists,
  creditRefundFields,
  documentLineFields,
  documentTotalFields,
  pdfUrlField,
  postedDocumentFields,
  saleLineInputFields,
} from '../documents/schema.ts';
import { creditApplyInput, creditDocumentMutations, currencyInputFields, paymentRateInputField } from '../documents/schema-mutations.ts';
import { CREDIT_LINES_IN_ORDER, CREDIT_NOTE_TYPE } from './credit-notes.public.ts';

const CreditNoteStatusEnum = describedEnum(
  'CreditNoteStatus',
  CreditNoteStatus,
  'Where a credit note is: OPEN while credit remains, CLOSED once all of it is applied or refunded, or VOID.',
  {
    OPEN: 'Posted, with credit remaining.',
    CLOSED: 'All of its credit applied to invoices or refunded.',
    VOID: 'Cancelled; its posting was reversed.',
  },
);

builder.prismaObject('CreditNoteLine', {
  description: 'One line of a credit note; rounded per line, half up, as invoice lines.',
  select: { id: true },
  fields: (t) => ({
    ...documentLineFields(t, 'cnl', 'credit note'),
    product: t.relation('product', { nullable: true, description: 'The product credited, if any.' }),
    account: t.relation('account', { description: "The income account the line's amount is debited to." }),
    appliedTaxRate: t.relation('taxRate', {
      nullable: true,
      description: "The tax rate the line's tax comes from and is taken back from; null when the line has no tax.",
    }),
  }),
});

builder.prismaObject('CreditNoteAllocation', {
  description: 'Credit applied to an invoice.',
  fields: (t) => ({
    invoice: t.relation('invoice', { description: 'The invoice credited.' }),
    creditNote: t.relation('creditNote', { description: 'The credit note the credit came from.' }),
    ...creditAllocationFields(t, 'cna'),
  }),
});

builder.prismaObject('CreditNoteRefund', {
  description: 'Credit paid back to the customer: debit receivables, credit the bank or cash account.',
  fields: (t) => creditRefundFields(t, 'cnr', { amount: 'Amount paid back.', paymentAccount: 'The bank or cash account the money left.' }),
});

export const CreditNoteRef = builder.prismaNode('CreditNote', {
  description:
    'A credit note for a customer (a return, an overcharge): the mirror of an invoice, posted Dr revenue, Dr tax, Cr receivables. ' +
    "Its credit is applied to the customer's invoices or refunded.",
  ...tenantNode('The credit note id (`cn_…`).'),
  fields: (t) => ({
    number: t.exposeString('number', { description: 'CN-0001, sequential in the organization.' }),
    status: t.field({ type: CreditNoteStatusEnum, description: 'Where it is.', resolve: (c) => c.status }),
    customer: t.relation('customer', { description: 'Whose credit it is.' }),
    issueDate: t.expose('issueDate', { type: 'Date', description: 'Its date; the posting date.' }),
    memo: t.exposeString('memo', { nullable: true, description: 'Note to the customer.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'E.g. the invoice or return it is for.' }),
    ...pdfUrlField(t, '/api/v1/credit-notes'),
    ...documentTotalFields(t, { total: 'subtotal − discountTotal + taxTotal: the credit given.' }),
    ...creditDocumentFields(t, {
      amountApplied: 'Applied to invoices.',
      amountRefunded: 'Paid back.',
      allocations: 'Where its credit was applied, oldest first.',
      refunds: 'Its credit paid back, oldest first.',
    }),
    lines: t.relation('lines', { description: 'Its lines, in order.', query: { orderBy: CREDIT_LINES_IN_ORDER } }),
    ...postedDocumentFields(t, 'settledOn', {
      posting: 'The posting it made.',
      created: 'When it was issued.',
      updated: 'When it last changed.',
    }),
  }),
});

creditDocumentLists(CREDIT_NOTE_TYPE, CreditNoteRef, {
  plural: 'creditNotes',
  noun: 'credit notes',
  status: CreditNoteStatusEnum,
  filter: {
    party: "Only this customer's credit notes.",
    search: "Part of the number, the reference or the customer's name.",
  },
  orders: {
    ISSUE_DATE: { column: 'issueDate', description: 'By date.' },
    TOTAL: { column: 'total', description: 'By total.' },
    CREATED_AT: { column: 'createdAt', description: 'By issue time.' },
  },
  partyConnection: "This customer's credit notes, newest first.",
});

const CreditNoteLineInput = builder.inputType('CreditNoteLineInput', {
  description: "One credit note line. With a product, description, unit price, tax and account default to the product's.",
  fields: (t) => saleLineInputFields(t, 'debit'),
});

const CreateCreditNoteInput = builder.inputType('CreateCreditNoteInput', {
  description: 'A credit note for a customer, posted at once.',
  fields: (t) => ({
    customerId: t.id({ required: true, description: 'The customer (`cus_…`).' }),
    issueDate: t.field({ type: 'Date', description: 'Its date; today (UTC) when omitted. Not in a locked period.' }),
    memo: t.string({ description: 'Note to the customer.' }),
    reference: t.string({ description: 'E.g. the invoice or return it is for.' }),
    lines: t.field({ type: [CreditNoteLineInput], required: true, description: 'At least one line.' }),
    ...currencyInputFields(t, 'customer'),
  }),
});

const ApplyCreditNoteInput = creditApplyInput(CREDIT_NOTE_TYPE, {
  allocation: { name: 'CreditAllocationInput', description: 'Credit to apply to one invoice.' },
  appliedId: "An open invoice of the credit note's customer (`inv_…`).",
  apply: "Where to apply a credit note's credit: one or more open invoices of its customer, in all at most the credit remaining.",
  dates: 'document',
});

const RefundCreditNoteInput = builder.inputType('RefundCreditNoteInput', {
  description: 'Credit paid back to the customer.',
  fields: (t) => ({
    amount: t.field({ type: 'Money', required: true, description: 'At most the credit remaining.' }),
    date: t.field({ type: 'Date', description: 'Date paid; today when omitted. Not before the credit note, not in a locked period.' }),
    paymentAccountId: t.id({ description: 'Bank or cash account the money left; default the bank account.' }),
    method: t.string({ description: 'How it was paid.' }),
    reference: t.string({ description: 'External reference.' }),
    ...paymentRateInputField(t),
  }),
});

creditDocumentMutations(CREDIT_NOTE_TYPE, {
  typename: 'CreditNote',
  createInput: CreateCreditNoteInput,
  applyInput: ApplyCreditNoteInput,
  refundInput: RefundCreditNoteInput,
  applied: 'invoice',
  applyInputDescription: 'The invoices and amounts.',
  mutations: {
    createCreditNote: 'Issues a credit note and posts it (Dr revenue, Dr tax, Cr receivables).',
    applyCreditNote: "Applies a credit note's credit to open invoices of its customer; their amounts due fall.",
    refundCreditNote: 'Pays credit back to the customer and posts it (Dr receivables, Cr bank).',
    voidCreditNote: 'Voids a credit note none of whose credit is used, posting the reversal of its entry.',
    unapplyCreditNote:
      "Undoes an application of the credit note's credit: the invoice owes the amount again, the credit is free again. Nothing is posted.",
    voidCreditNoteRefund: "Voids a refund of the credit note's credit, posting the reversal of its entry; the credit is free again.",
  },
});
