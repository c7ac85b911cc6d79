// GraphQL: purchase orders — their lines with what arrived and was billed, their life, and bills made of them.
import { PurchaseOrderStatus } from '../../db/generated/sqlite/enums.ts';
import { builder, describedEnum, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { actionMutation, createMutation, deleteMutation, recordMutation, updateMutation } from '../../graphql/mutations.ts';
import { formatQuantity } from '../documents/index.ts';
import { BillLineInput, documentLineFields, documentTotalFields, pdfUrlField } from '../documents/schema.ts';
import {
  type BillPurchaseOrderInput,
  billPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  deletePurchaseOrder,
  issuePurchaseOrder,
  type LineQuantities,
  type PurchaseOrderFilter,
  type PurchaseOrderInput,
  purchaseOrderWhere,
  receivePurchaseOrder,
  updatePurchaseOrder,
} from './purchase-orders.service.ts';

const PurchaseOrderStatusEnum = describedEnum(
  'PurchaseOrderStatus',
  PurchaseOrderStatus,
  'Where a purchase order is: DRAFT → OPEN → BILLED, or CLOSED. It posts nothing in any status.',
  {
    DRAFT: 'Being prepared.',
    OPEN: 'Issued to the vendor: received and billed in parts.',
    BILLED: 'Every line billed in full.',
    CLOSED: 'Closed by hand: nothing more is expected.',
  },
);

builder.prismaObject('PurchaseOrderLine', {
  description: 'One line of a purchase order, with how much of it arrived and was billed.',
  select: { id: true },
  fields: (t) => ({
    ...documentLineFields(t, 'pol', 'purchase order'),
    quantityReceived: t.string({
      description: 'How much of the quantity arrived.',
      select: { quantityReceivedMilli: true },
      resolve: (l) => formatQuantity(l.quantityReceivedMilli),
    }),
    quantityBilled: t.string({
      description: 'How much of the quantity was billed.',
      select: { quantityBilledMilli: true },
      resolve: (l) => formatQuantity(l.quantityBilledMilli),
    }),
    product: t.relation('product', { nullable: true, description: 'The product ordered, if any.' }),
    account: t.relation('account', { description: 'The expense or asset account its bill will debit.' }),
  }),
});

export const PurchaseOrderRef = builder.prismaNode('PurchaseOrder', {
  description: 'A purchase order: goods or services ordered from a vendor. It posts nothing; its bills do.',
  ...tenantNode('The purchase order id (`po_…`).'),
  select: { id: true },
  fields: (t) => ({
    number: t.exposeString('number', { description: 'PO-0001, sequential in the organization.' }),
    status: t.expose('status', { type: PurchaseOrderStatusEnum, description: 'Where it is in its life.' }),
    vendor: t.relation('vendor', { description: 'Who it is ordered from.' }),
    issueDate: t.expose('issueDate', { type: 'Date', description: 'Its date.' }),
    deliveryDate: t.expose('deliveryDate', { type: 'Date', nullable: true, description: 'When the goods are expected.' }),
    memo: t.exposeString('memo', { nullable: true, description: 'Note to the vendor.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'Reference.' }),
    ...documentTotalFields(t),
    ...pdfUrlField(t, '/api/v1/purchase-orders'),
    lines: t.relation('lines', { description: 'Its lines, in order.', query: { orderBy: { lineNo: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

const orderFields = (required: boolean) => (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  vendorId: t.id({ required, description: 'An active vendor of your organization (`ven_…`).' }),
  issueDate: t.field({ type: 'Date', description: 'Its date; today (UTC) when omitted.' }),
  deliveryDate: t.field({ type: 'Date', description: 'When the goods are expected (not before issueDate).' }),
  memo: t.string({ description: 'Note to the vendor.' }),
  reference: t.string({ description: 'Reference.' }),
  lines: t.field({ type: [BillLineInput], required, description: 'At least one line (on an edit: all of them, replacing the old).' }),
});

createMutation({
  name: 'createPurchaseOrder',
  model: 'PurchaseOrder',
  input: builder.inputType('CreatePurchaseOrderInput', {
    description: 'A new purchase order (a draft).',
    fields: orderFields(true),
  }) satisfies {
    $inferInput: PurchaseOrderInput;
  },
  description: 'Creates a purchase order: a draft, numbered PO-0001 on; it posts nothing.',
  run: (scope, input) => createPurchaseOrder(scope, input),
});

updateMutation({
  name: 'updatePurchaseOrder',
  model: 'PurchaseOrder',
  label: 'purchase order',
  input: builder.inputType('UpdatePurchaseOrderInput', {
    description: 'Changes to a draft purchase order; what is left out stays.',
    fields: orderFields(false),
  }) satisfies { $inferInput: PurchaseOrderInput },
  description: 'Edits a draft purchase order.',
  run: (scope, id, input) => updatePurchaseOrder(scope, id, input),
});

deleteMutation({
  name: 'deletePurchaseOrder',
  model: 'PurchaseOrder',
  label: 'purchase order',
  description: 'Deletes a draft purchase order (its number is not reused).',
  run: (scope, id) => deletePurchaseOrder(scope, id),
});

actionMutation({
  name: 'issuePurchaseOrder',
  model: 'PurchaseOrder',
  label: 'purchase order',
  description: 'Issues a draft purchase order to its vendor: it is open, to be received and billed.',
  run: (scope, id) => issuePurchaseOrder(scope, id),
});

actionMutation({
  name: 'closePurchaseOrder',
  model: 'PurchaseOrder',
  label: 'purchase order',
  description: 'Closes an open purchase order: nothing more is expected of it.',
  run: (scope, id) => closePurchaseOrder(scope, id),
});

const LineQuantityInput = builder.inputType('PurchaseOrderLineQuantityInput', {
  description: 'A quantity of one line of a purchase order.',
  fields: (t) => ({
    lineNo: t.int({ required: true, description: 'The line, by its number.' }),
    quantity: t.string({ required: true, description: 'Above 0, up to 3 decimals, at most what the line has left.' }),
  }),
});

recordMutation({
  name: 'receivePurchaseOrder',
  model: 'PurchaseOrder',
  label: 'purchase order',
  input: builder.inputType('ReceivePurchaseOrderInput', {
    description: 'What arrived, line by line.',
    fields: (t) => ({ lines: t.field({ type: [LineQuantityInput], required: true, description: 'At least one line.' }) }),
  }) satisfies { $inferInput: LineQuantities },
  inputRequired: true,
  inputDescription: 'What arrived.',
  description: 'Records goods of an open purchase order that arrived; never more than was ordered.',
  run: (scope, id, input) => receivePurchaseOrder(scope, id, input),
});

recordMutation({
  name: 'billPurchaseOrder',
  model: 'Bill',
  label: 'purchase order',
  input: builder.inputType('BillPurchaseOrderInput', {
    description: "What to bill, and the bill's dates; all optional (default: every line's quantity not yet billed).",
    fields: (t) => ({
      lines: t.field({ type: [LineQuantityInput], description: 'Quantities to bill, by line; default all that is left.' }),
      issueDate: t.field({ type: 'Date', description: 'Bill date; today when omitted.' }),
      dueDate: t.field({ type: 'Date', description: "Due date; default issueDate + the vendor's payment terms." }),
      reference: t.string({ description: "The vendor's invoice number; default the order's number." }),
    }),
  }) satisfies { $inferInput: BillPurchaseOrderInput },
  inputRequired: false,
  inputDescription: 'What to bill; all optional.',
  description:
    'Makes a draft bill of an open purchase order at its prices (the bill names the order); the order is billed once all of it ' +
    'is. Answers the bill. Needs bills:write and purchase_orders:write.',
  // It writes a bill (the model's scope) and changes the order.
  alsoRequires: ['purchase_orders:write'],
  run: (scope, id, input) => billPurchaseOrder(scope, id, input),
});

const PurchaseOrderFilterInput = builder.inputType('PurchaseOrderFilter', {
  description: 'Narrows a list of purchase orders; all given conditions must hold.',
  fields: (t) => ({
    status: t.field({ type: PurchaseOrderStatusEnum, description: 'Only those in this status.' }),
    vendorId: t.id({ description: "Only this vendor's." }),
    from: t.field({ type: 'Date', description: 'Dated on or after.' }),
    to: t.field({ type: 'Date', description: 'Dated on or before.' }),
  }),
});

listFields<PurchaseOrderFilter>({
  plural: 'purchaseOrders',
  model: 'PurchaseOrder',
  nodeRef: PurchaseOrderRef,
  description: 'purchase orders',
  filterInput: PurchaseOrderFilterInput,
  order: orderInput(
    'PurchaseOrder',
    {
      ISSUE_DATE: { column: 'issueDate', description: 'By date.' },
      CREATED_AT: { column: 'createdAt', description: 'By when it was created.' },
    },
    'ISSUE_DATE',
  ),
  where: (ctx, filter) =>
    purchaseOrderWhere(ctx.organizationId, { ...filter, vendorId: filter?.vendorId ? String(filter.vendorId) : null }),
});

builder.prismaObjectField('Bill', 'purchaseOrderId', (t) =>
  t.exposeID('purchaseOrderId', { nullable: true, description: 'The purchase order it bills, if any.' }),
);
