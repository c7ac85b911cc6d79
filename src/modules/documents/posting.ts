// What a document posts. One rule for every document: its lines' amounts go to their accounts and
// their tax to their tax accounts, summed per account, against one counter line (receivables for an
// invoice, payables for a bill, the bank for a receipt). A sale credits the lines and debits the
// counter; a purchase debits the lines and credits the counter; a document that gives back (a credit
// note, a refund receipt) posts its side's mirror. The debit side comes first, so an entry reads as
// the documents it came from always have.
import type { EventDraft } from '../../core/representations.ts';
import { decimalsOf, type WriteScope } from '../../core/tenant.ts';
import { laterDate, today } from '../../lib/dates.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { assertNotReconciled, assertOpenPeriod, mirrorLines, type PostingLine, writePosting } from '../journal/journal.service.ts';
import type { SourceType } from '../journal/journal.public.ts';
import type { Side } from './lines.ts';
import type { DocumentLabel, SettledDocument } from './settlement.ts';

/**
 * A document's line as its posting needs it: its amount to `accountId`, its tax to `taxAccountId` (null:
 * the side's tax account); a foreign-currency document's line also its currency and those amounts in
 * home currency, which are what is posted.
 */
export interface PostedLine {
  accountId: string;
  amount: bigint;
  taxAmount: bigint;
  taxAccountId: string | null;
  currency?: string | null;
  homeAmount?: bigint | null;
  homeTaxAmount?: bigint | null;
}

/** Who a posting's lines name: the customer or the vendor (or nobody, for an anonymous sale). */
export type PartyRef = { customerId: string | null } | { vendorId: string | null };

/** Home and foreign sums per account, in first-seen order. */
class AccountSums {
  readonly sums = new Map<string, { home: bigint; foreign: bigint }>();
  add(accountId: string, home: bigint, foreign: bigint) {
    const sum = this.sums.get(accountId) ?? { home: 0n, foreign: 0n };
    this.sums.set(accountId, { home: sum.home + home, foreign: sum.foreign + foreign });
  }
}

/**
 * The lines' amounts and tax, summed per account, each on the side's line side, naming `party`; in home
 * currency, each remembering the foreign amount when the document is in a foreign currency.
 */
export function lineEntries(side: Side, lines: PostedLine[], taxAccountId: string, party: PartyRef): PostingLine[] {
  const amounts = new AccountSums();
  const tax = new AccountSums();
  const currency = lines.find((l) => l.currency)?.currency ?? null;
  for (const line of lines) {
    amounts.add(line.accountId, line.homeAmount ?? line.amount, line.amount);
    tax.add(line.taxAccountId ?? taxAccountId, line.homeTaxAmount ?? line.taxAmount, line.taxAmount);
  }
  const entries = ({ sums }: AccountSums) =>
    [...sums]
      .filter(([, { home }]) => home > 0n)
      .map(([accountId, { home, foreign }]) => ({
        ...(side === 'sale' ? { accountId, debit: 0n, credit: home } : { accountId, debit: home, credit: 0n }),
        ...party,
        ...(currency ? { currency, foreignAmount: foreign } : {}),
      }));
  return [...entries(amounts), ...entries(tax)];
}

/**
 * The posting of a document of `side`: its lines against `counterAccountId` for its total (debit side
 * first), in home currency (`homeTotal`, when in a foreign one); `givesBack` posts the mirror (credit
 * notes, refund receipts).
 */
export function documentPostingLines(
  side: Side,
  document: { total: bigint; homeTotal?: bigint | null; lines: PostedLine[] },
  accounts: { counterAccountId: string; taxAccountId: string },
  party: PartyRef,
  options: { givesBack?: boolean } = {},
): PostingLine[] {
  const lines = lineEntries(side, document.lines, accounts.taxAccountId, party);
  const currency = document.lines.find((l) => l.currency)?.currency;
  const total = document.homeTotal ?? document.total;
  const foreign = currency && document.homeTotal != null ? { currency, foreignAmount: document.total } : {};
  const posting =
    side === 'sale'
      ? [{ accountId: accounts.counterAccountId, debit: total, credit: 0n, ...party, ...foreign }, ...lines]
      : [...lines, { accountId: accounts.counterAccountId, debit: 0n, credit: total, ...party, ...foreign }];
  return options.givesBack ? posting.map((l) => ({ ...l, debit: l.credit, credit: l.debit })) : posting;
}

/**
 * Voids a document without payments: posts the reversal of its posting (dated `date`, default today or
 * the document's date if later); a draft is voided without one. Answers what the document's row takes.
 */
export async function voidPosting(
  scope: WriteScope,
  label: DocumentLabel,
  document: SettledDocument & { id: string; journalEntryId: string | null },
  sourceType: SourceType,
  input: { date?: string | null; reason?: string | null },
) {
  const check = new Checker();
  const requestedDate = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  if (document.status === 'VOID') throw new AppError('INVALID_STATE', `${label} ${document.number} is already void`);
  const decimals = document.currency ? currencyDecimals(document.currency) : decimalsOf(scope);
  if (document.amountPaid > 0n) {
    throw new AppError(
      'INVALID_STATE',
      `${label} ${document.number} has payments of ${formatMoney(document.amountPaid, decimals)}; a paid or partly paid ` +
        `${label.toLowerCase()} cannot be voided: void its payments first`,
    );
  }
  if (document.amountWrittenOff) {
    throw new AppError(
      'INVALID_STATE',
      `${label} ${document.number} has ${formatMoney(document.amountWrittenOff, decimals)} written off; void the write-off first`,
    );
  }
  if (document.amountCredited) {
    throw new AppError(
      'INVALID_STATE',
      `${label} ${document.number} has ${formatMoney(document.amountCredited, decimals)} of credit applied; a ` +
        `${label.toLowerCase()} with credit applied cannot be voided`,
    );
  }
  const todayDate = today(scope.now);
  const date = requestedDate ?? laterDate(todayDate, document.issueDate);
  if (date < document.issueDate)
    throw validationError([{ path: 'date', message: `must not be before the ${label.toLowerCase()} date ${document.issueDate}` }]);
  const events: EventDraft[] = [];
  if (!document.journalEntryId) return { voidJournalEntryId: null, settledOn: null, events };
  assertOpenPeriod(scope, date);
  const posted = await postReversal(scope, document.journalEntryId, {
    date,
    named: `${label.toLowerCase()} ${document.number}`,
    reason,
    reference: document.number,
    sourceType,
    sourceId: document.id,
  });
  events.push(posted.event);
  return { voidJournalEntryId: posted.entry.id, settledOn: date, events };
}

/**
 * The date a reversal is posted on: the one asked for, else today (or `notBefore`, if later); refused
 * before `notBefore` (`what` names it: "the payment's date") and in a locked period.
 */
export function reversalDate(scope: WriteScope, requested: string | null | undefined, notBefore: string, what: string) {
  const date = requested ?? laterDate(today(scope.now), notBefore);
  if (date < notBefore) throw validationError([{ path: 'date', message: `must not be before ${what} ${notBefore}` }]);
  assertOpenPeriod(scope, date);
  return date;
}

/** Posts the mirror of entry `entryId` on `date`: "Void of <named>", with the reason when one was given. */
export async function postReversal(
  scope: WriteScope,
  entryId: string,
  p: { date: string; named: string; reason?: string | null; reference: string; sourceType: SourceType; sourceId: string },
) {
  const [entry, original] = await Promise.all([
    scope.prisma.journalEntry.findUniqueOrThrow({ where: { id: entryId }, select: { number: true, reconciliationId: true } }),
    scope.prisma.journalLine.findMany({ where: { entryId }, orderBy: { lineNo: 'asc' } }),
  ]);
  assertNotReconciled(entry, `${p.named.charAt(0).toUpperCase()}${p.named.slice(1)}`);
  return writePosting(scope, {
    date: p.date,
    description: p.reason ? `Void of ${p.named}: ${p.reason}` : `Void of ${p.named}`,
    reference: p.reference,
    sourceType: p.sourceType,
    sourceId: p.sourceId,
    lines: mirrorLines(original),
  });
}
