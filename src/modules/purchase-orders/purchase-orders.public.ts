// A purchase order as the public sees it: the REST v1 body, and `data.object` of purchase_order.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { PurchaseOrderStatus } from '../../db/generated/sqlite/enums.ts';
import { type Infer, S, type Schema } from '../../lib/json-schema.ts';
import { currencyDecimals, moneyNumber } from '../../lib/money.ts';
import { documentLines, formatQuantity, renderLines } from '../documents/index.ts';

export const PURCHASE_ORDER = 'purchase_order';

export type PurchaseOrderRow = PrismaTypes.PurchaseOrderGetPayload<{ include: { lines: true } }>;

/** The lines of every document, with how much of each arrived and was billed. */
const baseLine = documentLines('pol').items as Schema & { properties: Record<string, Schema>; required: string[] };
const PURCHASE_ORDER_LINES = S.array({
  ...baseLine,
  properties: {
    ...baseLine.properties,
    quantityReceived: { type: 'number', minimum: 0, description: 'How much of the quantity arrived.' },
    quantityBilled: { type: 'number', minimum: 0, description: 'How much of the quantity was billed.' },
  },
  required: [...baseLine.required, 'quantityReceived', 'quantityBilled'],
} as Schema<ReturnType<typeof renderLines>[number] & { quantityReceived: number; quantityBilled: number }>);

const PURCHASE_ORDER_SCHEMA = S.object(
  {
    id: S.id('po'),
    number: { ...S.string, description: 'PO-0001, sequential in the organization.' },
    status: {
      ...S.enum(Object.values(PurchaseOrderStatus)),
      description: 'draft → open (issued) → billed (all of it billed) or closed (nothing more expected). Posts nothing.',
    },
    vendorId: S.id('ven'),
    issueDate: S.date,
    deliveryDate: { ...S.nullable(S.date), description: 'When the goods are expected.' },
    currency: S.string,
    memo: S.nullable(S.string),
    reference: S.nullable(S.string),
    subtotal: S.number,
    discountTotal: S.number,
    taxTotal: S.number,
    total: S.number,
    lines: PURCHASE_ORDER_LINES,
    isFullyReceived: { ...S.boolean, description: 'Every line arrived in full.' },
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  'A purchase order: goods or services ordered from a vendor, posting nothing; received and billed in parts.',
);

const PURCHASE_ORDER_QUERY = {
  include: { lines: { orderBy: [{ purchaseOrderId: 'asc' }, { lineNo: 'asc' }] } },
} satisfies PrismaTypes.PurchaseOrderFindManyArgs;

export const purchaseOrderRepresentation: Representation<PurchaseOrderRow, Infer<typeof PURCHASE_ORDER_SCHEMA>> = {
  type: PURCHASE_ORDER,
  schema: PURCHASE_ORDER_SCHEMA,
  load: (db, organizationId, ids) =>
    db.purchaseOrder.findMany({ where: { organizationId, id: { in: ids } }, ...PURCHASE_ORDER_QUERY, orderBy: { id: 'asc' } }),
  query: PURCHASE_ORDER_QUERY,
  render(p) {
    const decimals = currencyDecimals(p.currency);
    const money = (minor: bigint) => moneyNumber(minor, decimals);
    const byNo = new Map(p.lines.map((l) => [l.lineNo, l]));
    return {
      id: p.id,
      number: p.number,
      status: p.status.toLowerCase(),
      vendorId: p.vendorId,
      issueDate: p.issueDate,
      deliveryDate: p.deliveryDate,
      currency: p.currency,
      memo: p.memo,
      reference: p.reference,
      subtotal: money(p.subtotal),
      discountTotal: money(p.discountTotal),
      taxTotal: money(p.taxTotal),
      total: money(p.total),
      lines: renderLines(p.lines, money).map((l) => {
        const row = byNo.get(l.lineNo)!;
        return {
          ...l,
          quantityReceived: Number(formatQuantity(row.quantityReceivedMilli ?? 0n)),
          quantityBilled: Number(formatQuantity(row.quantityBilledMilli ?? 0n)),
        };
      }),
      isFullyReceived: p.lines.every((l) => (l.quantityReceivedMilli ?? 0n) >= l.quantityMilli),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  },
};
