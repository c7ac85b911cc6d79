// Bills and bill payments as the public sees them: the REST v1 bodies, and `data.object` of bill.* events.
// A bill has an invoice's shape (one declaration, invoices.public.ts) with the vendor as its party.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { currencyDecimals, moneyNumber } from '../../lib/money.ts';
import {
  amountDueOf,
  type DocumentLineRow,
  documentBody,
  documentHead,
  isOverdue,
  paymentVoidFields,
  renderLines,
  excessCreditSchema,
  foreignDocumentBody,
  homeMoney,
  foreignDocumentSchema,
  foreignPaymentBody,
  foreignPaymentSchema,
  renderExcessCredit,
} from '../documents/index.ts';

export const BILL = 'bill';
export const BILL_PAYMENT = 'bill_payment';

/** A bill's lines in order, for reads of several bills' lines at once (as LINES_IN_ORDER for invoices). */
export const BILL_LINES_IN_ORDER = [{ billId: 'asc' }, { lineNo: 'asc' }] satisfies PrismaTypes.BillLineOrderByWithRelationInput[];

export type BillRow = PrismaTypes.BillGetPayload<object> & { lines: DocumentLineRow[] };
export type BillPaymentRow = PrismaTypes.BillPaymentGetPayload<object> & {
  bill: Pick<BillRow, 'status' | 'total' | 'amountPaid' | 'amountCredited'>;
  excessCredit: { id: string; total: bigint } | null;
};

const BILL_SCHEMA = S.objectWithOptional(
  {
    ...documentHead('bill'),
    vendorId: S.id('ven'),
    ...documentBody('bl', "The vendor's own invoice number; unique per vendor among bills that are not void."),
    amountCredited: { ...S.number, description: 'Vendor credits applied to it (amountDue = total − amountPaid − amountCredited).' },
  },
  {
    ...foreignDocumentSchema,
    purchaseOrderId: { ...S.id('po'), description: 'The purchase order it bills (present when it does).' },
    recurringScheduleId: { ...S.id('rs'), description: 'The recurring schedule that made it (present when one did).' },
  },
);

const BILL_QUERY = { include: { lines: { orderBy: BILL_LINES_IN_ORDER } } };

export const billRepresentation: Representation<BillRow, Infer<typeof BILL_SCHEMA>> = {
  type: BILL,
  schema: BILL_SCHEMA,
  load: (db, organizationId, ids) =>
    db.bill.findMany({ where: { organizationId, id: { in: ids } }, ...BILL_QUERY, orderBy: { id: 'asc' } }),
  query: BILL_QUERY,
  // One object literal, as the invoice's (invoices.public.ts says why).
  render(b, organization) {
    const decimals = currencyDecimals(b.currency);
    const money = (minor: bigint) => moneyNumber(minor, decimals);
    const body = {
      id: b.id,
      number: b.number,
      status: b.status.toLowerCase(),
      vendorId: b.vendorId,
      issueDate: b.issueDate,
      dueDate: b.dueDate,
      currency: b.currency,
      memo: b.memo,
      reference: b.reference,
      subtotal: money(b.subtotal),
      discountTotal: money(b.discountTotal),
      taxTotal: money(b.taxTotal),
      total: money(b.total),
      amountPaid: money(b.amountPaid),
      amountDue: money(amountDueOf(b)),
      isOverdue: isOverdue(b),
      lines: renderLines(b.lines, money, homeMoney(organization)),
      journalEntryId: b.journalEntryId,
      voidedAt: b.voidedAt?.toISOString() ?? null,
      voidDate: b.status === 'VOID' ? b.settledOn : null,
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
      amountCredited: money(b.amountCredited),
      // Undefined is left out of the JSON: no link, no field.
      purchaseOrderId: b.purchaseOrderId ?? undefined,
      recurringScheduleId: b.recurringScheduleId ?? undefined,
    };
    const foreign = foreignDocumentBody(b, organization.baseCurrency);
    return foreign ? Object.assign(body, foreign) : body;
  },
};

/** A bill payment with where it left its bill (the REST response to recording one). */
const BILL_PAYMENT_SCHEMA = S.objectWithOptional(
  {
    id: S.id('bpay'),
    billId: S.id('bill'),
    amount: S.number,
    date: S.date,
    method: S.nullable(S.string),
    reference: S.nullable(S.string),
    paymentAccountId: { ...S.id('acct'), description: 'The bank or cash account the money left.' },
    journalEntryId: S.id('je'),
    billStatus: S.enum(Object.values(InvoiceStatus)),
    billAmountDue: S.number,
    excessCredit: excessCreditSchema('vpp'),
    createdAt: S.dateTime,
    ...paymentVoidFields,
  },
  foreignPaymentSchema,
);

const BILL_PAYMENT_QUERY = {
  include: {
    bill: { select: { status: true, total: true, amountPaid: true, amountCredited: true } },
    excessCredit: { select: { id: true, total: true } },
  },
} satisfies PrismaTypes.BillPaymentFindManyArgs;

export const billPaymentRepresentation: Representation<BillPaymentRow, Infer<typeof BILL_PAYMENT_SCHEMA>> = {
  type: BILL_PAYMENT,
  schema: BILL_PAYMENT_SCHEMA,
  load: (db, organizationId, ids) =>
    db.billPayment.findMany({ where: { organizationId, id: { in: ids } }, ...BILL_PAYMENT_QUERY, orderBy: { id: 'asc' } }),
  query: BILL_PAYMENT_QUERY,
  render(p, organization) {
    const decimals = currencyDecimals(p.currency ?? organization.baseCurrency);
    const body = {
      id: p.id,
      billId: p.billId,
      amount: moneyNumber(p.amount, decimals),
      date: p.date,
      method: p.method,
      reference: p.reference,
      paymentAccountId: p.paymentAccountId,
      journalEntryId: p.journalEntryId,
      billStatus: p.bill.status.toLowerCase(),
      billAmountDue: moneyNumber(amountDueOf(p.bill), decimals),
      excessCredit: renderExcessCredit(p.excessCredit, decimals),
      createdAt: p.createdAt.toISOString(),
      voidedAt: p.voidedAt?.toISOString() ?? null,
      voidDate: p.voidDate,
      voidJournalEntryId: p.voidJournalEntryId,
    };
    const foreign = foreignPaymentBody(p, 'purchase', organization.baseCurrency);
    return foreign ? Object.assign(body, foreign) : body;
  },
};
