// Credit notes as the public sees them: the REST v1 body, and `data.object` of credit_note.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { CreditNoteStatus } from '../../db/generated/sqlite/enums.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { moneyNumber } from '../../lib/money.ts';
import { type DocumentLineRow, documentLines, renderLines, voidFields } from '../documents/index.ts';

export const CREDIT_NOTE = 'credit_note';

/** A credit note's lines in order, for reads of several credit notes' lines at once. */
export const CREDIT_LINES_IN_ORDER = [
  { creditNoteId: 'asc' },
  { lineNo: 'asc' },
] satisfies PrismaTypes.CreditNoteLineOrderByWithRelationInput[];

type Allocation = Pick<PrismaTypes.CreditNoteAllocationGetPayload<object>, 'invoiceId' | 'amount' | 'date'>;
type Refund = Pick<PrismaTypes.CreditNoteRefundGetPayload<object>, 'id' | 'amount' | 'date' | 'paymentAccountId' | 'journalEntryId'>;
export type CreditNoteRow = PrismaTypes.CreditNoteGetPayload<object> & {
  lines: DocumentLineRow[];
  allocations: Allocation[];
  refunds: Refund[];
};

/** What a credit note's row carries besides its lines, as every read of one loads it. */
export const CREDIT_NOTE_INCLUDE = {
  lines: { orderBy: CREDIT_LINES_IN_ORDER },
  allocations: { orderBy: [{ date: 'asc' }, { id: 'asc' }], select: { invoiceId: true, amount: true, date: true } },
  refunds: {
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
    select: { id: true, amount: true, date: true, paymentAccountId: true, journalEntryId: true },
  },
} satisfies PrismaTypes.CreditNoteInclude;

/** The credit still unused: total less what was applied and refunded (0 when void). */
export const remainingCreditOf = (c: { status: string; total: bigint; amountApplied: bigint; amountRefunded: bigint }) =>
  c.status === 'VOID' ? 0n : c.total - c.amountApplied - c.amountRefunded;

const CREDIT_NOTE_SCHEMA = S.object({
  id: S.id('cn'),
  number: S.string,
  status: S.enum(Object.values(CreditNoteStatus)),
  customerId: S.id('cus'),
  issueDate: S.date,
  currency: S.string,
  memo: S.nullable(S.string),
  reference: { ...S.nullable(S.string), description: 'E.g. the invoice or return it is for.' },
  subtotal: S.number,
  discountTotal: S.number,
  taxTotal: S.number,
  total: S.number,
  amountApplied: { ...S.number, description: "Applied to the customer's invoices." },
  amountRefunded: { ...S.number, description: 'Paid back to the customer.' },
  remainingCredit: { ...S.number, description: 'total − amountApplied − amountRefunded: credit the customer still has (0 when void).' },
  lines: documentLines('cnl'),
  allocations: S.array(S.object({ invoiceId: S.id('inv'), amount: S.number, date: S.date })),
  refunds: S.array(
    S.object({ id: S.id('cnr'), amount: S.number, date: S.date, paymentAccountId: S.id('acct'), journalEntryId: S.id('je') }),
  ),
  journalEntryId: S.id('je'),
  ...voidFields,
  createdAt: S.dateTime,
  updatedAt: S.dateTime,
});

export const creditNoteRepresentation: Representation<CreditNoteRow, Infer<typeof CREDIT_NOTE_SCHEMA>> = {
  type: CREDIT_NOTE,
  schema: CREDIT_NOTE_SCHEMA,
  load: (db, organizationId, ids) =>
    db.creditNote.findMany({ where: { organizationId, id: { in: ids } }, include: CREDIT_NOTE_INCLUDE, orderBy: { id: 'asc' } }),
  render(c, organization) {
    const decimals = decimalsOf({ organization });
    const money = (minor: bigint) => moneyNumber(minor, decimals);
    return {
      id: c.id,
      number: c.number,
      status: c.status.toLowerCase(),
      customerId: c.customerId,
      issueDate: c.issueDate,
      currency: c.currency,
      memo: c.memo,
      reference: c.reference,
      subtotal: money(c.subtotal),
      discountTotal: money(c.discountTotal),
      taxTotal: money(c.taxTotal),
      total: money(c.total),
      amountApplied: money(c.amountApplied),
      amountRefunded: money(c.amountRefunded),
      remainingCredit: money(remainingCreditOf(c)),
      lines: renderLines(c.lines, money),
      allocations: c.allocations.map((a) => ({ invoiceId: a.invoiceId, amount: money(a.amount), date: a.date })),
      refunds: c.refunds.map((r) => ({
        id: r.id,
        amount: money(r.amount),
        date: r.date,
        paymentAccountId: r.paymentAccountId,
        journalEntryId: r.journalEntryId,
      })),
      journalEntryId: c.journalEntryId,
      voidedAt: c.voidedAt?.toISOString() ?? null,
      voidDate: c.status === 'VOID' ? c.settledOn : null,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  },
};
