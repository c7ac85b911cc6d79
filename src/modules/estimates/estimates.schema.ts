// GraphQL: estimates (quotes) — their lines, life (send, accept, decline) and conversion into an invoice.
import { EstimateStatus } from '../../db/generated/sqlite/enums.ts';
import { builder, describedEnum, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { actionMutation, createMutation, deleteMutation, recordMutation, updateMutation } from '../../graphql/mutations.ts';
import { documentLineFields, documentTotalFields, InvoiceLineInput, pdfUrlField } from '../documents/schema.ts';
import { isExpired } from './estimates.public.ts';
import {
  acceptEstimate,
  type ConvertEstimateInput,
  convertEstimate,
  createEstimate,
  declineEstimate,
  deleteEstimate,
  type EstimateFilter,
  type EstimateInput,
  estimateWhere,
  markEstimateSent,
  updateEstimate,
} from './estimates.service.ts';

const EstimateStatusEnum = describedEnum(
  'EstimateStatus',
  EstimateStatus,
  'Where an estimate is: DRAFT → SENT → ACCEPTED (→ INVOICED) or DECLINED. It posts nothing in any status.',
  {
    DRAFT: 'Being prepared.',
    SENT: 'With the customer.',
    ACCEPTED: 'Accepted by the customer; convertEstimateToInvoice makes its invoice.',
    DECLINED: 'Declined by the customer.',
    INVOICED: 'Converted into an invoice.',
  },
);

builder.prismaObject('EstimateLine', {
  description: 'One line of an estimate, computed as an invoice line is.',
  select: { id: true },
  fields: (t) => ({
    ...documentLineFields(t, 'estl', 'estimate'),
    product: t.relation('product', { nullable: true, description: 'The product offered, if any.' }),
    account: t.relation('account', { description: 'The income account the invoice will credit.' }),
  }),
});

export const EstimateRef = builder.prismaNode('Estimate', {
  description: 'An estimate (quote): a sale offered to a customer. It posts nothing; accepted, it converts into a draft invoice.',
  ...tenantNode('The estimate id (`est_…`).'),
  select: { id: true },
  fields: (t) => ({
    number: t.exposeString('number', { description: 'EST-0001, sequential in the organization.' }),
    status: t.expose('status', { type: EstimateStatusEnum, description: 'Where it is in its life.' }),
    customer: t.relation('customer', { description: 'Who it is offered to.' }),
    issueDate: t.expose('issueDate', { type: 'Date', description: 'Its date.' }),
    expiryDate: t.expose('expiryDate', { type: 'Date', nullable: true, description: 'The last day the offer stands.' }),
    isExpired: t.boolean({
      description: 'Past its expiry date without being accepted or declined: it can no longer be accepted.',
      select: { status: true, expiryDate: true },
      resolve: (e) => isExpired(e),
    }),
    memo: t.exposeString('memo', { nullable: true, description: 'Note to the customer.' }),
    reference: t.exposeString('reference', { nullable: true, description: "The customer's reference." }),
    ...documentTotalFields(t),
    ...pdfUrlField(t, '/api/v1/estimates'),
    lines: t.relation('lines', { description: 'Its lines, in order.', query: { orderBy: { lineNo: 'asc' } } }),
    invoiceId: t.exposeID('invoiceId', { nullable: true, description: 'The invoice it was converted into.' }),
    acceptedAt: t.expose('acceptedAt', { type: 'DateTime', nullable: true, description: 'When it was accepted.' }),
    declinedAt: t.expose('declinedAt', { type: 'DateTime', nullable: true, description: 'When it was declined.' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true, description: 'When it was last sent.' }),
    sentTo: t.stringList({
      nullable: true,
      description: 'Who the last email of it went to (null: never emailed).',
      select: { sentTo: true },
      resolve: (e) => e.sentTo?.split(',') ?? null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

const estimateFields = (required: boolean) => (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  customerId: t.id({ required, description: 'An active customer of your organization (`cus_…`).' }),
  issueDate: t.field({ type: 'Date', description: 'Its date; today (UTC) when omitted.' }),
  expiryDate: t.field({ type: 'Date', description: 'The last day the offer stands (not before issueDate).' }),
  memo: t.string({ description: 'Note to the customer.' }),
  reference: t.string({ description: "The customer's reference." }),
  lines: t.field({ type: [InvoiceLineInput], required, description: 'At least one line (on an edit: all of them, replacing the old).' }),
});

createMutation({
  name: 'createEstimate',
  model: 'Estimate',
  input: builder.inputType('CreateEstimateInput', { description: 'A new estimate (a draft).', fields: estimateFields(true) }) satisfies {
    $inferInput: EstimateInput;
  },
  description: 'Creates an estimate: a draft, numbered EST-0001 on; it posts nothing.',
  run: (scope, input) => createEstimate(scope, input),
});

updateMutation({
  name: 'updateEstimate',
  model: 'Estimate',
  label: 'estimate',
  input: builder.inputType('UpdateEstimateInput', {
    description: 'Changes to a draft or sent estimate; what is left out stays.',
    fields: estimateFields(false),
  }) satisfies { $inferInput: EstimateInput },
  description: 'Edits a draft or sent estimate.',
  run: (scope, id, input) => updateEstimate(scope, id, input),
});

deleteMutation({
  name: 'deleteEstimate',
  model: 'Estimate',
  label: 'estimate',
  description: 'Deletes a draft estimate (its number is not reused).',
  run: (scope, id) => deleteEstimate(scope, id),
});

for (const [name, description, run] of [
  [
    'markEstimateSent',
    'Records that the customer has the estimate (handed over outside this API): a draft becomes sent.',
    markEstimateSent,
  ],
  ['acceptEstimate', 'Records that the customer accepted the estimate; an expired one is refused.', acceptEstimate],
  ['declineEstimate', 'Records that the customer declined the estimate.', declineEstimate],
] as const) {
  actionMutation({ name, model: 'Estimate', label: 'estimate', description, run: (scope, id) => run(scope, id) });
}

recordMutation({
  name: 'convertEstimateToInvoice',
  model: 'Invoice',
  label: 'estimate',
  input: builder.inputType('ConvertEstimateInput', {
    description: "The invoice's dates; the rest comes from the estimate.",
    fields: (t) => ({
      issueDate: t.field({ type: 'Date', description: 'Invoice date; today when omitted.' }),
      dueDate: t.field({ type: 'Date', description: "Due date; default issueDate + the customer's payment terms." }),
    }),
  }) satisfies { $inferInput: ConvertEstimateInput },
  inputRequired: false,
  inputDescription: "The invoice's dates; all optional.",
  description:
    'Converts an accepted estimate into a draft invoice with its customer, memo, reference and lines (the invoice names the ' +
    'estimate, the estimate the invoice); answers the invoice. Needs invoices:write and estimates:write.',
  // It writes an invoice (the model's scope) and changes the estimate.
  alsoRequires: ['estimates:write'],
  run: (scope, id, input) => convertEstimate(scope, id, input),
});

const EstimateFilterInput = builder.inputType('EstimateFilter', {
  description: 'Narrows a list of estimates; all given conditions must hold.',
  fields: (t) => ({
    status: t.field({ type: EstimateStatusEnum, description: 'Only estimates in this status.' }),
    customerId: t.id({ description: "Only this customer's." }),
    from: t.field({ type: 'Date', description: 'Dated on or after.' }),
    to: t.field({ type: 'Date', description: 'Dated on or before.' }),
  }),
});

listFields<EstimateFilter>({
  plural: 'estimates',
  model: 'Estimate',
  nodeRef: EstimateRef,
  description: 'estimates',
  filterInput: EstimateFilterInput,
  order: orderInput(
    'Estimate',
    {
      ISSUE_DATE: { column: 'issueDate', description: 'By date.' },
      CREATED_AT: { column: 'createdAt', description: 'By when it was created.' },
    },
    'ISSUE_DATE',
  ),
  where: (ctx, filter) =>
    estimateWhere(ctx.organizationId, { ...filter, customerId: filter?.customerId ? String(filter.customerId) : null }),
});

builder.prismaObjectField('Invoice', 'estimateId', (t) =>
  t.exposeID('estimateId', { nullable: true, description: 'The estimate it was converted from, if any.' }),
);
