// Sales and refund receipts as the public sees them: the REST v1 body, and `data.object` of sales_receipt.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { ReceiptKind, ReceiptStatus } from '../../db/generated/sqlite/enums.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { currencyDecimals, moneyNumber } from '../../lib/money.ts';
import {
  type DocumentLineRow,
  documentLines,
  foreignDocumentBody,
  homeMoney,
  foreignDocumentSchema,
  renderLines,
  voidFields,
} from '../documents/index.ts';

export const SALES_RECEIPT = 'sales_receipt';

/** A receipt's lines in order, for reads of several receipts' lines at once (as LINES_IN_ORDER for invoices). */
export const RECEIPT_LINES_IN_ORDER = [
  { receiptId: 'asc' },
  { lineNo: 'asc' },
] satisfies PrismaTypes.SalesReceiptLineOrderByWithRelationInput[];

export type SalesReceiptRow = PrismaTypes.SalesReceiptGetPayload<object> & { lines: DocumentLineRow[] };

const SALES_RECEIPT_SCHEMA = S.objectWithOptional(
  {
    id: S.id('sr'),
    number: { ...S.string, description: 'SR-0001 for a sale, RR-0002 for a refund: one series.' },
    kind: S.enum(Object.values(ReceiptKind)),
    status: S.enum(Object.values(ReceiptStatus)),
    customerId: S.nullable(S.id('cus')),
    date: S.date,
    depositAccountId: { ...S.id('acct'), description: 'The bank or cash account the money went into (a refund: came out of).' },
    paymentMethod: S.nullable(S.string),
    reference: S.nullable(S.string),
    memo: S.nullable(S.string),
    currency: S.string,
    subtotal: S.number,
    discountTotal: S.number,
    taxTotal: S.number,
    total: S.number,
    refundOfId: { ...S.nullable(S.id('sr')), description: "A refund's sale receipt, when it names one." },
    lines: documentLines('srl'),
    journalEntryId: S.id('je'),
    voidJournalEntryId: S.nullable(S.id('je')),
    ...voidFields,
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  foreignDocumentSchema,
);

const SALES_RECEIPT_QUERY = { include: { lines: { orderBy: RECEIPT_LINES_IN_ORDER } } } satisfies PrismaTypes.SalesReceiptFindManyArgs;

export const salesReceiptRepresentation: Representation<SalesReceiptRow, Infer<typeof SALES_RECEIPT_SCHEMA>> = {
  type: SALES_RECEIPT,
  schema: SALES_RECEIPT_SCHEMA,
  load: (db, organizationId, ids) =>
    db.salesReceipt.findMany({ where: { organizationId, id: { in: ids } }, ...SALES_RECEIPT_QUERY, orderBy: { id: 'asc' } }),
  query: SALES_RECEIPT_QUERY,
  render(r, organization) {
    const decimals = currencyDecimals(r.currency);
    const money = (minor: bigint) => moneyNumber(minor, decimals);
    const body = {
      id: r.id,
      number: r.number,
      kind: r.kind.toLowerCase(),
      status: r.status.toLowerCase(),
      customerId: r.customerId,
      date: r.date,
      depositAccountId: r.depositAccountId,
      paymentMethod: r.paymentMethod,
      reference: r.reference,
      memo: r.memo,
      currency: r.currency,
      subtotal: money(r.subtotal),
      discountTotal: money(r.discountTotal),
      taxTotal: money(r.taxTotal),
      total: money(r.total),
      refundOfId: r.refundOfId,
      lines: renderLines(r.lines, money, homeMoney(organization)),
      journalEntryId: r.journalEntryId,
      voidJournalEntryId: r.voidJournalEntryId,
      voidedAt: r.voidedAt?.toISOString() ?? null,
      voidDate: r.voidDate,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
    const foreign = foreignDocumentBody(r, organization.baseCurrency);
    return foreign ? Object.assign(body, foreign) : body;
  },
};
