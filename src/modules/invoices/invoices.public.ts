// Invoices and payments as the public sees them: the REST v1 bodies, and `data.object` of invoice.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
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

export const INVOICE = 'invoice';
export const PAYMENT = 'payment';

/**
 * Lines in order, for reads of several invoices' lines at once: ordered by invoice first, the order of
 * the (invoiceId, lineNo) index, SQLite reads them without sorting; each invoice's lines still come in lineNo order.
 */
export const LINES_IN_ORDER = [{ invoiceId: 'asc' }, { lineNo: 'asc' }] satisfies PrismaTypes.InvoiceLineOrderByWithRelationInput[];

export type InvoiceRow = PrismaTypes.InvoiceGetPayload<object> & { lines: DocumentLineRow[] };
export type PaymentRow = PrismaTypes.PaymentGetPayload<object> & {
  invoice: Pick<InvoiceRow, 'status' | 'total' | 'amountPaid' | 'amountCredited' | 'amountWrittenOff'>;
  excessCredit: { id: string; total: bigint } | null;
};

const INVOICE_SCHEMA = S.objectWithOptional(
  {
    ...documentHead('inv'),
    customerId: S.id('cus'),
    ...documentBody('il', "The customer's reference, e.g. a purchase order number."),
    amountCredited: { ...S.number, description: 'Credit notes applied to it (amountDue = total − amountPaid − amountCredited).' },
    amountWrittenOff: { ...S.number, description: 'Written off as bad debt; amountDue also excludes it.' },
  },
  {
    ...foreignDocumentSchema,
    hostedUrl: {
      ...S.string,
      description:
        "The path of its public page (/i/<secret>, on this server's address), which the customer opens without a key: the " +
        'invoice and whether it is paid. Present once it is posted, unless the link was revoked.',
    },
    sentAt: { ...S.dateTime, description: 'When it was last emailed to the customer (present once it was).' },
    sentTo: { ...S.array(S.string), description: 'Who that email went to.' },
    recurringScheduleId: { ...S.id('rs'), description: 'The recurring schedule that made it (present when one did).' },
    estimateId: { ...S.id('est'), description: 'The estimate it was converted from (present when it was).' },
  },
);

const INVOICE_QUERY = { include: { lines: { orderBy: LINES_IN_ORDER } } };

export const invoiceRepresentation: Representation<InvoiceRow, Infer<typeof INVOICE_SCHEMA>> = {
  type: INVOICE,
  schema: INVOICE_SCHEMA,
  load: (db, organizationId, ids) =>
    db.invoice.findMany({ where: { organizationId, id: { in: ids } }, ...INVOICE_QUERY, orderBy: { id: 'asc' } }),
  query: INVOICE_QUERY,
  // One object literal, not spreads of the shared parts: a page renders many invoices, and an object
  // built by spreading is copied property by property and serializes slower (docs/performance.md).
  render(i, organization) {
    const decimals = currencyDecimals(i.currency);
    const money = (minor: bigint) => moneyNumber(minor, decimals);
    const body = {
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
      lines: renderLines(i.lines, money, homeMoney(organization)),
      journalEntryId: i.journalEntryId,
      voidedAt: i.voidedAt?.toISOString() ?? null,
      voidDate: i.status === 'VOID' ? i.settledOn : null,
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
      amountCredited: money(i.amountCredited),
      amountWrittenOff: money(i.amountWrittenOff),
      // Undefined is left out of the JSON: no link, no field.
      hostedUrl: i.publicToken ? `/i/${i.publicToken}` : undefined,
      sentAt: i.sentAt?.toISOString(),
      sentTo: i.sentTo ? i.sentTo.split(',') : undefined,
      recurringScheduleId: i.recurringScheduleId ?? undefined,
      estimateId: i.estimateId ?? undefined,
    };
    const foreign = foreignDocumentBody(i, organization.baseCurrency);
    return foreign ? Object.assign(body, foreign) : body;
  },
};

/** A payment with where it left its invoice (the REST response to recording one). */
const PAYMENT_SCHEMA = S.objectWithOptional(
  {
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
    excessCredit: excessCreditSchema('cpp'),
    createdAt: S.dateTime,
    ...paymentVoidFields,
  },
  foreignPaymentSchema,
);

const PAYMENT_QUERY = {
  include: {
    invoice: { select: { status: true, total: true, amountPaid: true, amountCredited: true, amountWrittenOff: true } },
    excessCredit: { select: { id: true, total: true } },
  },
} satisfies PrismaTypes.PaymentFindManyArgs;

export const paymentRepresentation: Representation<PaymentRow, Infer<typeof PAYMENT_SCHEMA>> = {
  type: PAYMENT,
  schema: PAYMENT_SCHEMA,
  load: (db, organizationId, ids) =>
    db.payment.findMany({ where: { organizationId, id: { in: ids } }, ...PAYMENT_QUERY, orderBy: { id: 'asc' } }),
  query: PAYMENT_QUERY,
  render(p, organization) {
    const decimals = currencyDecimals(p.currency ?? organization.baseCurrency);
    const body = {
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
      excessCredit: renderExcessCredit(p.excessCredit, decimals),
      createdAt: p.createdAt.toISOString(),
      voidedAt: p.voidedAt?.toISOString() ?? null,
      voidDate: p.voidDate,
      voidJournalEntryId: p.voidJournalEntryId,
    };
    const foreign = foreignPaymentBody(p, 'sale', organization.baseCurrency);
    return foreign ? Object.assign(body, foreign) : body;
  },
};
