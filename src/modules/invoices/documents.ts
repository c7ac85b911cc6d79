// What invoices and bills share beyond their shape (invoices.public.ts) and arithmetic (invoice-math.ts):
// the rows of their lines, the checks and status of a payment, and voiding. Each document keeps its own
// rules (which accounts, which party, which numbers) in its own service; these are the steps that are
// the same word for word.
import type { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import type { EventDraft } from '../../core/representations.ts';
import { decimalsOf, type WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { type IdType, newId } from '../../lib/ids.ts';
import { formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { assertOpenPeriod, mirrorLines, writePosting } from '../journal/journal.service.ts';
import type { SourceType } from '../journal/journal.public.ts';
import type { LineFigures } from './invoice-math.ts';

/** The statuses in which a document is owed (and can take a payment). */
export const OPEN_STATUSES: InvoiceStatus[] = ['OPEN', 'PARTIALLY_PAID'];

/** A line as a document's check computed it. */
export interface CheckedLine {
  productId: string | null;
  accountId: string;
  description: string;
  quantityMilli: bigint;
  unitPrice: bigint;
  discountPpm: number;
  /** null: no tax; 0: a zero rate. */
  taxRatePpm: number | null;
  taxRateId: string | null;
  /** The account the line's tax posts to (its rate's, else the organization's tax account); null with no tax. */
  taxAccountId: string | null;
  figures: LineFigures;
}

/** The columns of a document's line, as every write of one inserts them (one raw INSERT, src/db/insert.ts). */
export const lineColumns = <Key extends string>(parentKey: Key) =>
  [
    'id',
    'organizationId',
    parentKey,
    'lineNo',
    'productId',
    'accountId',
    'description',
    'quantityMilli',
    'unitPrice',
    'discountPpm',
    'taxRatePpm',
    'taxRateId',
    'amount',
    'taxAmount',
    'taxAccountId',
  ] as const;

/**
 * The rows a document's checked lines are stored as, numbered from 1 (the `parentKey` column names the
 * document). A draft's lines name no tax account: their tax is posted, to its rates' accounts as they are
 * then, when the draft is finalized (`recordTaxAccounts`).
 */
export function lineRows<Key extends string>(
  scope: WriteScope,
  idType: IdType,
  parentKey: Key,
  parentId: string,
  lines: CheckedLine[],
  options: { draft?: boolean } = {},
) {
  return lines.map((l, i) => ({
    id: newId(idType),
    organizationId: scope.organizationId,
    ...({ [parentKey]: parentId } as Record<Key, string>),
    lineNo: i + 1,
    productId: l.productId,
    accountId: l.accountId,
    description: l.description,
    quantityMilli: l.quantityMilli,
    unitPrice: l.unitPrice,
    discountPpm: l.discountPpm,
    taxRatePpm: l.taxRatePpm,
    taxRateId: l.taxRateId,
    amount: l.figures.amount,
    taxAmount: l.figures.tax,
    taxAccountId: options.draft ? null : l.taxAccountId,
  }));
}

/** The tax account of each taxed line of a draft being posted: its rate's account now, else `fallback`. */
export function taxAccountsAtPosting<Line extends { taxRateId: string | null; taxRatePpm: number | null }>(
  lines: Line[],
  rateAccounts: Map<string, string | null>,
  fallback: string,
) {
  return lines.map((l) => ({
    ...l,
    taxAccountId: l.taxRatePpm === null ? null : (l.taxRateId && rateAccounts.get(l.taxRateId)) || fallback,
  }));
}

/** Stores where a finalized draft's lines' tax went, grouped by account (one statement per account). */
export async function recordTaxAccounts(
  update: (ids: string[], taxAccountId: string) => Promise<unknown>,
  lines: { id: string; taxAccountId: string | null }[],
) {
  const byAccount = new Map<string, string[]>();
  for (const line of lines) if (line.taxAccountId) byAccount.set(line.taxAccountId, [...(byAccount.get(line.taxAccountId) ?? []), line.id]);
  for (const [account, ids] of byAccount) await update(ids, account);
}

export interface PaymentInput {
  amount?: string | number | null;
  date?: string | null;
  method?: string | null;
  reference?: string | null;
}

/** The fields every payment has, checked (amount above 0, a date, method, reference); more checks may join `check`. */
export function checkPaymentFields(scope: WriteScope, input: PaymentInput, check: Checker) {
  const amount = check.money('amount', input.amount, decimalsOf(scope), { required: true });
  if (amount === 0n) check.fail('amount', 'must be above 0');
  return {
    amount: amount ?? 0n,
    date: check.date('date', input.date) ?? today(scope.now),
    method: check.text('method', input.method, { max: 50 }) ?? null,
    reference: check.text('reference', input.reference, { max: 100 }) ?? null,
  };
}

/** How messages name a document: `Invoice INV-0001 is already void`. */
export type DocumentLabel = 'Invoice' | 'Bill' | 'Sales receipt' | 'Credit note';

interface Document {
  number: string;
  status: InvoiceStatus;
  issueDate: string;
  total: bigint;
  amountPaid: bigint;
  /** Credit notes applied (invoices only). */
  amountCredited?: bigint;
}

/**
 * Refuses a payment the document cannot take (not open, more than is due, dated before the document, in a
 * locked period) and answers the document's status after it.
 */
export function statusAfterPayment(
  scope: WriteScope,
  label: DocumentLabel,
  document: Document,
  amount: bigint,
  date: string,
): InvoiceStatus {
  if (!OPEN_STATUSES.includes(document.status)) {
    const hint = document.status === 'DRAFT' ? '; finalize it first' : '';
    throw new AppError(
      'INVALID_STATE',
      `${label} ${document.number} is ${document.status.toLowerCase().replace('_', ' ')} and cannot take a payment${hint}`,
    );
  }
  const decimals = decimalsOf(scope);
  const due = document.total - document.amountPaid - (document.amountCredited ?? 0n);
  if (amount > due)
    throw validationError([
      {
        path: 'amount',
        message: `${formatMoney(amount, decimals)} is more than the amount due ${formatMoney(due, decimals)}; overpayments are refused`,
      },
    ]);
  if (date < document.issueDate)
    throw validationError([{ path: 'date', message: `must not be before the ${label.toLowerCase()} date ${document.issueDate}` }]);
  assertOpenPeriod(scope, date);
  return amount === due ? 'PAID' : 'PARTIALLY_PAID';
}

/**
 * The date a document paid in full by a payment dated `date` stopped being owed: the latest of its
 * payments' dates (payments may be recorded out of date order; until the latest, some was still due).
 * `latestEarlier` reads the latest date of the payments recorded before this one.
 */
export async function paidInFullOn(
  document: { amountPaid: bigint; amountCredited?: bigint },
  date: string,
  latestEarlier: () => Promise<string | null>,
): Promise<string> {
  if (document.amountPaid === 0n && !document.amountCredited) return date; // paid by this payment alone
  const latest = await latestEarlier();
  return latest && latest > date ? latest : date;
}

/**
 * Voids a document without payments: posts the reversal of its posting (dated `date`, default today or
 * the document's date if later); a draft is voided without one. Answers what the document's row takes.
 */
export async function voidPosting(
  scope: WriteScope,
  label: DocumentLabel,
  document: Document & { id: string; journalEntryId: string | null },
  sourceType: SourceType,
  input: { date?: string | null; reason?: string | null },
) {
  const check = new Checker();
  const requestedDate = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  if (document.status === 'VOID') throw new AppError('INVALID_STATE', `${label} ${document.number} is already void`);
  if (document.amountPaid > 0n) {
    throw new AppError(
      'INVALID_STATE',
      `${label} ${document.number} has payments of ${formatMoney(document.amountPaid, decimalsOf(scope))}; a paid or partly paid ${label.toLowerCase()} cannot be voided`,
    );
  }
  if (document.amountCredited) {
    throw new AppError(
      'INVALID_STATE',
      `${label} ${document.number} has credit notes of ${formatMoney(document.amountCredited, decimalsOf(scope))} applied; a ${label.toLowerCase()} with credit applied cannot be voided`,
    );
  }
  const todayDate = today(scope.now);
  const date = requestedDate ?? (todayDate < document.issueDate ? document.issueDate : todayDate);
  if (date < document.issueDate)
    throw validationError([{ path: 'date', message: `must not be before the ${label.toLowerCase()} date ${document.issueDate}` }]);
  const events: EventDraft[] = [];
  if (!document.journalEntryId) return { voidJournalEntryId: null, settledOn: null, events };
  assertOpenPeriod(scope, date);
  const original = await scope.prisma.journalLine.findMany({ where: { entryId: document.journalEntryId }, orderBy: { lineNo: 'asc' } });
  const posted = await writePosting(scope, {
    date,
    description: reason
      ? `Void of ${label.toLowerCase()} ${document.number}: ${reason}`
      : `Void of ${label.toLowerCase()} ${document.number}`,
    reference: document.number,
    sourceType,
    sourceId: document.id,
    lines: mirrorLines(original),
  });
  events.push(posted.event);
  return { voidJournalEntryId: posted.entry.id, settledOn: date, events };
}

/** What voidedAt and voidDate mean, on every document that can be voided (REST and GraphQL say the same). */
export const VOIDED_AT_DESCRIPTION = 'When the void was requested (the clock time of the request); voidDate is the date it was posted.';
export const VOID_DATE_DESCRIPTION =
  "The date the void was posted (its reversing entry's date, which the void request may set); null unless void, and for a voided draft (nothing was posted).";
