// Purchase orders: goods or services ordered from a vendor, posting nothing (documents/offers.ts runs
// its life). draft → open (issued) → billed (every line billed in full) or closed (nothing more
// expected). What arrives is received line by line, in parts; bills are made from it line by line, in
// parts, as drafts naming it, never billing more than was ordered.
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import { currencyDecimals } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import {
  createOfferDocument,
  createOwedDocument,
  defineOfferDocument,
  deleteOfferDocument,
  formatQuantity,
  lineInputOf,
  loadOfferDocument,
  moveOfferDocument,
  type OfferDocumentInput,
  owedDocumentType,
  parseQuantity,
  updateOfferDocument,
} from '../documents/index.ts';
import { PURCHASE_ORDER, type PurchaseOrderRow } from './purchase-orders.public.ts';

export const PURCHASE_ORDER_TYPE = defineOfferDocument({
  label: 'Purchase order',
  resource: PURCHASE_ORDER,
  side: 'purchase',
  typename: 'PurchaseOrder',
  number: { prefix: 'PO', sequence: 'purchase_order' },
  party: 'vendor',
  dateField: 'deliveryDate',
  editable: ['DRAFT'],
});

export type PurchaseOrderInput = Omit<OfferDocumentInput, 'customerId' | 'expiryDate'>;

export interface PurchaseOrderFilter {
  status?: string | null;
  vendorId?: string | null;
  from?: string | null;
  to?: string | null;
}

export function purchaseOrderWhere(organizationId: string, filter: PurchaseOrderFilter = {}) {
  return {
    organizationId,
    ...(filter.status ? { status: filter.status.toUpperCase() as PurchaseOrderRow['status'] } : {}),
    ...(filter.vendorId ? { vendorId: filter.vendorId } : {}),
    ...(filter.from || filter.to
      ? { issueDate: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } }
      : {}),
  };
}

export const createPurchaseOrder = (scope: WriteScope, input: PurchaseOrderInput) =>
  createOfferDocument<PurchaseOrderRow>(scope, PURCHASE_ORDER_TYPE, input);

export const updatePurchaseOrder = (scope: WriteScope, id: string, input: PurchaseOrderInput) =>
  updateOfferDocument<PurchaseOrderRow>(scope, PURCHASE_ORDER_TYPE, id, input);

export const deletePurchaseOrder = (scope: WriteScope, id: string) => deleteOfferDocument<PurchaseOrderRow>(scope, PURCHASE_ORDER_TYPE, id);

export const issuePurchaseOrder = (scope: WriteScope, id: string) =>
  moveOfferDocument<PurchaseOrderRow>(scope, PURCHASE_ORDER_TYPE, id, { from: ['DRAFT'], to: 'OPEN', action: 'issued', doing: 'issued' });

export const closePurchaseOrder = (scope: WriteScope, id: string) =>
  moveOfferDocument<PurchaseOrderRow>(scope, PURCHASE_ORDER_TYPE, id, { from: ['OPEN'], to: 'CLOSED', action: 'closed', doing: 'closed' });

/** Quantities by line: `[{ lineNo, quantity }]`. */
export interface LineQuantities {
  lines?: { lineNo?: number | null; quantity?: string | number | null }[] | null;
}

type OrderLine = PurchaseOrderRow['lines'][number];

/**
 * Checks quantities against what each line has left (`left`): each names a line of the order once, is
 * above 0 and at most what is left; answers the quantity (thousandths) by line number.
 */
function checkQuantities(order: PurchaseOrderRow, input: LineQuantities, left: (l: OrderLine) => bigint, doing: string) {
  const check = new Checker();
  const given = input.lines ?? [];
  if (given.length === 0) check.fail('lines', `name at least one line and the quantity ${doing}`);
  const byNo = new Map(order.lines.map((l) => [l.lineNo, l]));
  const out = new Map<number, bigint>();
  given.forEach((g, i) => {
    const line = g.lineNo === undefined || g.lineNo === null ? undefined : byNo.get(g.lineNo);
    if (!line) return check.fail(`lines.${i}.lineNo`, `is not a line of purchase order ${order.number}`);
    if (out.has(line.lineNo)) return check.fail(`lines.${i}.lineNo`, `names line ${line.lineNo} twice`);
    const quantity = parseQuantity(g.quantity ?? '');
    if (quantity === undefined) return check.fail(`lines.${i}.quantity`, 'must be a number above 0 with at most 3 decimals');
    if (quantity > left(line))
      return check.fail(`lines.${i}.quantity`, `is more than the ${formatQuantity(left(line))} of line ${line.lineNo} left ${doing}`);
    out.set(line.lineNo, quantity);
  });
  check.done();
  return out;
}

const assertOpen = (order: PurchaseOrderRow, doing: string) => {
  if (order.status !== 'OPEN')
    throw new AppError(
      'INVALID_STATE',
      `Purchase order ${order.number} is ${order.status.toLowerCase()}; only an open one can be ${doing}`,
    );
};

/** Records goods that arrived, line by line; never more than was ordered. */
export async function receivePurchaseOrder(scope: WriteScope, id: string, input: LineQuantities) {
  const order = await loadOfferDocument<PurchaseOrderRow>(scope, PURCHASE_ORDER_TYPE, id);
  assertOpen(order, 'received');
  const received = checkQuantities(order, input, (l) => l.quantityMilli - l.quantityReceivedMilli, 'to receive');
  for (const [lineNo, quantity] of received) {
    const line = order.lines.find((l) => l.lineNo === lineNo)!;
    line.quantityReceivedMilli += quantity;
    await scope.prisma.purchaseOrderLine.update({ where: { id: line.id }, data: { quantityReceivedMilli: line.quantityReceivedMilli } });
  }
  const row = { ...(await scope.prisma.purchaseOrder.update({ where: { id }, data: { updatedAt: scope.now } })), lines: order.lines };
  return change(PURCHASE_ORDER, row, [{ type: 'purchase_order.received', resource: { type: PURCHASE_ORDER, id, row } }]);
}

export interface BillPurchaseOrderInput extends LineQuantities {
  issueDate?: string | null;
  dueDate?: string | null;
  reference?: string | null;
}

/**
 * Makes a draft bill of an open purchase order: the quantities given, or every line's quantity not yet
 * billed, at the order's prices; the order is billed once every line is. Answers the bill.
 */
export async function billPurchaseOrder(scope: WriteScope, id: string, input: BillPurchaseOrderInput = {}) {
  const order = await loadOfferDocument<PurchaseOrderRow>(scope, PURCHASE_ORDER_TYPE, id);
  assertOpen(order, 'billed');
  const left = (l: OrderLine) => l.quantityMilli - l.quantityBilledMilli;
  const quantities = input.lines?.length
    ? checkQuantities(order, input, left, 'to bill')
    : new Map(order.lines.filter((l) => left(l) > 0n).map((l) => [l.lineNo, left(l)]));
  const decimals = currencyDecimals(order.currency);
  const billed = order.lines.filter((l) => quantities.has(l.lineNo));
  const bill = await createOwedDocument(
    scope,
    owedDocumentType('bill'),
    {
      vendorId: order.vendorId,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      reference: input.reference ?? order.number,
      memo: order.memo,
      draft: true,
      lines: billed.map((l) => ({ ...lineInputOf(l, decimals), quantity: formatQuantity(quantities.get(l.lineNo)!) })),
    },
    { purchaseOrderId: order.id },
  );
  for (const line of billed) {
    line.quantityBilledMilli += quantities.get(line.lineNo)!;
    await scope.prisma.purchaseOrderLine.update({ where: { id: line.id }, data: { quantityBilledMilli: line.quantityBilledMilli } });
  }
  const done = order.lines.every((l) => l.quantityBilledMilli >= l.quantityMilli);
  const written = await scope.prisma.purchaseOrder.update({
    where: { id },
    data: { status: done ? 'BILLED' : 'OPEN', updatedAt: scope.now },
  });
  const row = { ...written, lines: order.lines };
  return change(bill.result.type, bill.result.row, [
    ...bill.events,
    { type: 'purchase_order.billed', resource: { type: PURCHASE_ORDER, id, row } },
  ]);
}
