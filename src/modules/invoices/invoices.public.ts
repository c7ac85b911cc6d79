// Invoices and payments as the public sees them: the REST v1 bodies, and `data.object` of invoice.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { formatPercent, moneyNumber } from '../../lib/money.ts';
import { formatQuantity } from './invoice-math.ts';
import { VOID_DATE_DESCRIPTION, VOIDED_AT_DESCRIPTION } from './documents.ts';

export const INVOICE = 'invoice';
export const PAYMENT = 'payment';

/**
 * Lines in order, for reads of several invoices' lines at once: ordered by invoice first, the order of
 * the (invoiceId, lineNo) index, SQLite reads them without sorting; each invoice's lines still come in lineNo order.
 */
export const LINES_IN_ORDER = [{ invoiceId: 'asc' }, { lineNo: 'asc' }] satisfies PrismaTypes.InvoiceLineOrderByWithRelationInput[];

export type InvoiceLineRow = Omit<PrismaTypes.InvoiceLineGetPayload<object>, 'invoiceId'>;
export type InvoiceRow = PrismaTypes.InvoiceGetPayload<object> & { lines: InvoiceLineRow[] };
export type PaymentRow = PrismaTypes.PaymentGetPayload<object> & {
  invoice: Pick<InvoiceRow, 'status' | 'total' | 'amountPaid' | 'amountCredited'>;
};

const OPEN = ['OPEN', 'PARTIALLY_PAID'];
/** What is still owed on an invoice or bill: its total less payments and (invoices) credit applied; 0 when void. */
export const amountDueOf = (i: { status: string; total: bigint; amountPaid: bigint; amountCredited?: bigint }) =>
  i.status === 'VOID' ? 0n : i.total - i.amountPaid - (i.amountCredited ?? 0n);
export const isOverdue = (i: { status: string; dueDate: string }, asOf = today()) => OPEN.includes(i.status) && i.dueDate < asOf;

/**
 * What invoices and bills share, in the order REST shows it: the head before the party (customerId,
 * vendorId) and the rest after it. One declaration of both documents' schema; each renders itself as
 * one object literal (hot: a page renders many), which the compiler holds to that schema.
 */
export const documentHead = (prefix: string) => ({ id: S.id(prefix), number: S.string, status: S.enum(Object.values(InvoiceStatus)) });

export const documentBody = (linePrefix: string, referenceDescription: string) => ({
  issueDate: S.date,
  dueDate: S.date,
  currency: S.string,
  memo: S.nullable(S.string),
  reference: { ...S.nullable(S.string), description: referenceDescription },
  subtotal: S.number,
  discountTotal: S.number,
  taxTotal: S.number,
  total: S.number,
  amountPaid: S.number,
  amountDue: S.number,
  isOverdue: S.boolean,
  lines: documentLines(linePrefix),
  journalEntryId: S.nullable(S.id('je')),
  ...voidFields,
  createdAt: S.dateTime,
  updatedAt: S.dateTime,
});

/** When a document was voided: the request's moment and the posting's date. */
export const voidFields = {
  voidedAt: { ...S.nullable(S.dateTime), description: VOIDED_AT_DESCRIPTION },
  voidDate: { ...S.nullable(S.date), description: VOID_DATE_DESCRIPTION },
};

/** The lines of a document (invoice, bill, sales receipt), in order. */
export const documentLines = (linePrefix: string) =>
  S.array(
    S.object({
      id: S.id(linePrefix),
      lineNo: S.integer,
      productId: S.nullable(S.id('prod')),
      accountId: S.id('acct'),
      description: S.string,
      quantity: { type: 'number', exclusiveMinimum: 0 },
      unitPrice: S.number,
      discountPercent: S.percent('Discount in percent, e.g. 10.'),
      taxRate: S.nullable(S.percent('Tax in percent, e.g. 8.875; null when the line has no tax (0 is a zero rate).')),
      taxRateId: {
        ...S.nullable(S.id('txr')),
        description:
          "The tax rate the line's tax comes from; null when the line named none (on an invoice: gave a bare percentage, taxRate).",
      },
      amount: S.number,
      taxAmount: S.number,
    }),
  );

export function renderLines(lines: InvoiceLineRow[], money: (minor: bigint) => number) {
  return [...lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => ({
      id: l.id,
      lineNo: l.lineNo,
      productId: l.productId,
      accountId: l.accountId,
      description: l.description,
      quantity: Number(formatQuantity(l.quantityMilli)),
      unitPrice: money(l.unitPrice),
      discountPercent: Number(formatPercent(l.discountPpm)),
      taxRate: l.taxRatePpm === null ? null : Number(formatPercent(l.taxRatePpm)),
      taxRateId: l.taxRateId,
      amount: money(l.amount),
      taxAmount: money(l.taxAmount),
    }));
}

const INVOICE_SCHEMA = S.object({
  ...documentHead('inv'),
  customerId: S.id('cus'),
  ...documentBody('il', "The customer's reference, e.g. a purchase order number."),
  amountCredited: { ...S.number, description: 'Credit notes applied to it (amountDue = total − amountPaid − amountCredited).' },
});

export const invoiceRepresentation: Representation<InvoiceRow, Infer<typeof INVOICE_SCHEMA>> = {
  type: INVOICE,
  schema: INVOICE_SCHEMA,
  load: (db, organizationId, ids) =>
    db.invoice.findMany({
      where: { organizationId, id: { in: ids } },
      include: { lines: { orderBy: LINES_IN_ORDER } },
      orderBy: { id: 'asc' },
    }),
  // One object literal, not spreads of the shared parts: a page renders many invoices, and an object
  // built by spreading is copied property by property and serializes slower (docs/performance.md).
  render(i, organization) {
    const decimals = decimalsOf({ organization });
    const money = (minor: bigint) => moneyNumber(minor, decimals);
    return {
      id: i.id,
      number: i.number,
      status: i.status.toLowerCase(),
      customerId: i.customerId,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      currency: i.currency,
      memo: i.memo,
      reference: i.reference,
      subtotal: money(i.subtotal),
      discountTotal: money(i.discountTotal),
      taxTotal: money(i.taxTotal),
      total: money(i.total),
      amountPaid: money(i.amountPaid),
      amountDue: money(amountDueOf(i)),
      isOverdue: isOverdue(i),
      lines: renderLines(i.lines, money),
      journalEntryId: i.journalEntryId,
      voidedAt: i.voidedAt?.toISOString() ?? null,
      voidDate: i.status === 'VOID' ? i.settledOn : null,
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
      amountCredited: money(i.amountCredited),
    };
  },
};

/** A payment with where it left its invoice (the REST response to recording one). */
const PAYMENT_SCHEMA = S.object({
  id: S.id('pay'),
  invoiceId: S.id('inv'),
  amount: S.number,
  date: S.date,
  method: S.nullable(S.string),
  reference: S.nullable(S.string),
  depositAccountId: S.id('acct'),
  journalEntryId: S.id('je'),
  invoiceStatus: S.enum(Object.values(InvoiceStatus)),
  invoiceAmountDue: S.number,
  createdAt: S.dateTime,
});

export const paymentRepresentation: Representation<PaymentRow, Infer<typeof PAYMENT_SCHEMA>> = {
  type: PAYMENT,
  schema: PAYMENT_SCHEMA,
  load: (db, organizationId, ids) =>
    db.payment.findMany({
      where: { organizationId, id: { in: ids } },
      include: { invoice: { select: { status: true, total: true, amountPaid: true, amountCredited: true } } },
      orderBy: { id: 'asc' },
    }),
  render(p, organization) {
    const decimals = decimalsOf({ organization });
    return {
      id: p.id,
      invoiceId: p.invoiceId,
      amount: moneyNumber(p.amount, decimals),
      date: p.date,
      method: p.method,
      reference: p.reference,
      depositAccountId: p.depositAccountId,
      journalEntryId: p.journalEntryId,
      invoiceStatus: p.invoice.status.toLowerCase(),
      invoiceAmountDue: moneyNumber(amountDueOf(p.invoice), decimals),
      createdAt: p.createdAt.toISOString(),
    };
  },
};
