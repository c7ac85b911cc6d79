// Writing off what is left on an owed document as bad debt (its tax reclaimed as the rules allow), and
// voiding a write-off.
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import { type IdType, newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { checkAccountRefs, systemAccounts } from '../accounts/accounts.service.ts';
import { writePosting } from '../journal/journal.service.ts';
import { divRoundHalfUp } from './arithmetic.ts';
import { SIDE_ACCOUNTS } from './lines.ts';
import { homeCurrency, toHome } from './currency.ts';
import { postReversal, reversalDate } from './posting.ts';
import { amountDueOf, OPEN_STATUSES, settledApartFromPayments, statusWords } from './settlement.ts';
import { keepAging, owedAgingSource } from './aging.ts';
import { delegate, latestOf, movePartyBalance, partyRef } from './common.ts';
import { type LineRow, type OwedDocumentRow, type OwedDocumentType, writeOffModel } from './kinds.ts';
import { homeSettledSoFar, latestSettlement } from './owed-payments.ts';
import { eventOf, loadOwedDocument, partyIdOf, updateRow } from './owed.ts';

/** A write-off as its void reads it. */
interface WriteOffRow {
  id: string;
  amount: bigint;
  date: string;
  journalEntryId: string;
}

/** The type's write-off source types, or a refusal when its documents are not written off. */
function writeOffOf(type: OwedDocumentType) {
  if (!type.writeOff) throw new AppError('INVALID_STATE', `${type.label}s are not written off`);
  return type.writeOff;
}

/**
 * Writes off what is left on an open document as bad debt (QuickBooks' and Xero's bad-debt write-off):
 * Dr the bad-debt expense account (or the expense account given), Cr receivables, for the amount due,
 * on `date` (default today, not before the document, not in a locked period). Revenue and tax stay as
 * posted. The document is settled (status paid, `amountWrittenOff`), the party's balance falls; voiding
 * the write-off undoes it.
 * Long on purpose: one write in its lock order: checks, the tax relieved, the posting, the write-off, the document,
 * its aging, the events.
 */
export async function writeOffOwedDocument<Row extends OwedDocumentRow>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  input: { date?: string | null; accountId?: string | null; reason?: string | null } = {},
) {
  const sources = writeOffOf(type);
  const check = new Checker();
  const requestedDate = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 }) ?? null;
  await checkAccountRefs(scope, check, [{ path: 'accountId', id: input.accountId, types: ['EXPENSE'] }]);
  check.done();
  const document = await loadOwedDocument<Row>(scope, type, id);
  if (!OPEN_STATUSES.includes(document.status)) {
    const hint = document.status === 'DRAFT' ? '; a draft is deleted or voided instead' : '';
    throw new AppError(
      'INVALID_STATE',
      `${type.label} ${document.number} is ${statusWords(document.status)}; nothing is owed on it to write off${hint}`,
    );
  }
  const date = reversalDate(scope, requestedDate, document.issueDate, `the ${type.label.toLowerCase()} date`);
  const amount = amountDueOf(document);
  const { control, tax } = SIDE_ACCOUNTS[type.side];
  const system = await systemAccounts(scope, ['bad_debts', control, tax]);
  const accountId = input.accountId ?? system.bad_debts;
  const partyId = partyIdOf(type, document);
  const party = partyRef(type, partyId);
  const writeOffId = newId(`${type.typename}WriteOff` as IdType);
  // A foreign invoice's write-off clears what is left of its home total (it settles it in full); the
  // relieved tax is reported in home currency, at the invoice's rate.
  const foreign = document.currency !== homeCurrency(scope);
  const homeSettled = foreign ? document.homeTotal! - (await homeSettledSoFar(scope, type, document.id)) : amount;
  const relieved = (
    scope.organization.badDebtTaxRelief === 'ON_WRITE_OFF' ? taxInWriteOff(document, amount, system[tax], writeOffId, scope) : []
  ).map((l) =>
    foreign
      ? {
          ...l,
          amount: toHome(scope, l.amount, document.currency, document.exchangeRate),
          taxAmount: toHome(scope, l.taxAmount, document.currency, document.exchangeRate),
        }
      : l,
  );
  const taxRelieved = relieved.reduce((sum, l) => sum + l.taxAmount, 0n);
  const foreignAmount = foreign ? { currency: document.currency, foreignAmount: amount } : {};
  const posted = await writePosting(scope, {
    date,
    description: reason
      ? `Bad debt written off: ${type.label.toLowerCase()} ${document.number}: ${reason}`
      : `Bad debt written off: ${type.label.toLowerCase()} ${document.number}`,
    reference: document.number,
    sourceType: sources.sourceType,
    sourceId: writeOffId,
    lines: [
      { accountId, debit: homeSettled - taxRelieved, credit: 0n, ...party },
      ...[
        ...sumBy(
          relieved,
          (l) => l.taxAccountId,
          (l) => l.taxAmount,
        ),
      ].map(([taxAccountId, relief]) => ({
        accountId: taxAccountId,
        debit: relief,
        credit: 0n,
        ...party,
      })),
      { accountId: system[control], debit: 0n, credit: homeSettled, ...party, ...foreignAmount },
    ].filter((l) => l.debit > 0n || l.credit > 0n),
  });
  await delegate(scope, writeOffModel(type)).create({
    data: {
      id: writeOffId,
      organizationId: scope.organizationId,
      [type.parentKey]: document.id,
      amount,
      date,
      accountId,
      reason,
      taxRelieved,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
      ...(foreign ? { currency: document.currency, homeSettled } : {}),
    },
  });
  if (relieved.length) await delegate(scope, `${writeOffModel(type)}Tax`).createMany({ data: relieved });
  const settledOn = latestOf([date, await latestSettlement(scope, type, document.id)])!;
  const written = await updateRow<Row>(scope, type, id, {
    amountWrittenOff: (document.amountWrittenOff ?? 0n) + amount,
    status: 'PAID',
    settledOn,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  await movePartyBalance(scope, type.party.table, partyId, -amount);
  await keepAging(scope, owedAgingSource(type), [id]);
  return change(type.resource, row, [{ type: eventOf(type, 'written_off'), resource: { type: type.resource, id, row } }, posted.event]);
}

/**
 * The tax in what a write-off writes off (bad-debt relief, when the organization reclaims it): each
 * taxed line's taxable amount and tax in the proportion written off (written off / total), rounded per
 * line half up, with the account the line's tax went to.
 */
function taxInWriteOff(document: OwedDocumentRow, writtenOff: bigint, taxAccountId: string, writeOffId: string, scope: WriteScope) {
  const lines = document.lines as (LineRow & { taxRateId: string | null; taxRatePpm: number | null })[];
  const share = (minor: bigint) => divRoundHalfUp(minor * writtenOff, document.total);
  return lines
    .filter((l) => l.taxRatePpm !== null)
    .map((l, i) => ({
      id: newId('InvoiceWriteOffTax'),
      organizationId: scope.organizationId,
      writeOffId,
      lineNo: i + 1,
      taxRateId: l.taxRateId,
      taxRatePpm: l.taxRatePpm!,
      amount: share(l.amount),
      taxAmount: share(l.taxAmount),
      taxAccountId: l.taxAccountId ?? taxAccountId,
    }));
}

/** Sums `value` of items per `key`, in first-seen order. */
function sumBy<T>(items: T[], key: (item: T) => string, value: (item: T) => bigint) {
  const sums = new Map<string, bigint>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0n) + value(item));
  return sums;
}

/** Voids a document's standing write-off: posts the reversal (dated as a payment's void is) and the document is owed again. */
export async function voidOwedWriteOff<Row extends OwedDocumentRow>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  input: { date?: string | null; reason?: string | null } = {},
) {
  const sources = writeOffOf(type);
  const check = new Checker();
  const requestedDate = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  const document = await loadOwedDocument<Row>(scope, type, id);
  const writeOff = (await delegate(scope, writeOffModel(type)).findFirst({
    where: { [type.parentKey]: id, organizationId: scope.organizationId, voidJournalEntryId: null },
  })) as WriteOffRow | null;
  if (!writeOff) throw new AppError('INVALID_STATE', `${type.label} ${document.number} has no write-off to void`);
  const date = reversalDate(scope, requestedDate, writeOff.date, "the write-off's date");
  const posted = await postReversal(scope, writeOff.journalEntryId, {
    date,
    named: `the write-off of ${type.label.toLowerCase()} ${document.number}`,
    reason,
    reference: document.number,
    sourceType: sources.voidSourceType,
    sourceId: writeOff.id,
  });
  await delegate(scope, writeOffModel(type)).update({
    where: { id: writeOff.id },
    data: { voidJournalEntryId: posted.entry.id, voidedAt: scope.now, voidDate: date },
  });
  const amountWrittenOff = (document.amountWrittenOff ?? 0n) - writeOff.amount;
  const written = await updateRow<Row>(scope, type, id, {
    amountWrittenOff,
    status: document.amountPaid + settledApartFromPayments({ ...document, amountWrittenOff }) === 0n ? 'OPEN' : 'PARTIALLY_PAID',
    settledOn: null,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  await movePartyBalance(scope, type.party.table, partyIdOf(type, document), writeOff.amount);
  await keepAging(scope, owedAgingSource(type), [id]);
  return change(type.resource, row, [
    { type: eventOf(type, 'write_off_voided'), resource: { type: type.resource, id, row } },
    posted.event,
  ]);
}
