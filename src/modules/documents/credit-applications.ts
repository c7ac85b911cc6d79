// A credit document's credit applied to documents its party owes, and an application undone.
import type { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { assertOpenPeriod } from '../journal/journal.service.ts';
import { SIDE_ACCOUNTS } from './lines.ts';
import { homeCurrency, toHome } from './currency.ts';
import { postReversal, reversalDate } from './posting.ts';
import { amountDueOf, settledApartFromPayments, OPEN_STATUSES, statusWords } from './settlement.ts';
import { creditAgingSource, keepAging, owedAgingSource } from './aging.ts';
import { delegate, latestOf } from './common.ts';
import {
  afterUse,
  assertOpen,
  creditEventOf,
  creditHomeRemaining,
  creditPartyIdOf,
  findCreditDocument,
  homeOfUse,
  loadCreditDocument,
  postApplicationDifference,
  remainingCreditOf,
} from './credits.ts';
import { type CreditDocumentRow, type CreditDocumentType, type OwedDocumentRow, type OwedDocumentType, owedDocumentType } from './kinds.ts';
import { homeSettledSoFar, latestSettlement } from './owed-payments.ts';

export interface ApplyCreditInput {
  date?: string | null;
  allocations?: Record<string, string | number | null | undefined>[] | null;
}

/** The owed documents an application names, with their lines, keyed by id. */
async function creditedDocuments(scope: WriteScope, owed: OwedDocumentType, ids: string[]) {
  const rows = (await delegate(scope, owed.model).findMany({
    where: { organizationId: scope.organizationId, id: { in: ids } },
    include: { lines: { orderBy: owed.linesInOrder } },
  })) as (OwedDocumentRow & { amountCredited: bigint; status: InvoiceStatus })[];
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Applies credit to open documents of the credit's party, each at most its amount due, in all at most
 * the credit remaining. No posting; each document's amount due falls (paid in full when none is left).
 * Long on purpose: one write in its lock order: checks of every allocation first (all refusals in one answer), then
 * each document settled, the credit and its aging, the events.
 */
export async function applyCreditDocument<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: ApplyCreditInput,
) {
  const owed = owedDocumentType(type.appliesTo);
  const owedName = owed.label.toLowerCase();
  const { appliedKey } = type;
  // The credit first: the amounts are in its currency.
  const found = await findCreditDocument<Row>(scope, type, id);
  const decimals = currencyDecimals(found?.currency ?? homeCurrency(scope));
  const check = new Checker();
  const date = check.date('date', input.date) ?? today(scope.now);
  const wanted = input.allocations ?? [];
  if (wanted.length === 0) check.fail('allocations', `name at least one ${owedName} and amount`);
  if (wanted.length > 50) check.fail('allocations', `at most 50 ${owedName}s at once`);
  const amounts = wanted.map((a, i) => {
    if (!a[appliedKey]) check.fail(`allocations.${i}.${appliedKey}`, 'is required');
    const amount = check.money(`allocations.${i}.amount`, a.amount, decimals, { required: true });
    if (amount === 0n) check.fail(`allocations.${i}.amount`, 'must be above 0');
    return amount ?? 0n;
  });
  const ids = wanted.map((a) => a[appliedKey]).filter((v): v is string => typeof v === 'string' && v !== '');
  if (new Set(ids).size !== ids.length) check.fail('allocations', `name each ${owedName} once`);
  check.done();
  if (!found) throw notFound(type.label.toLowerCase(), id);
  const credit = found;
  assertOpen(type, credit, 'applied');
  const partyId = creditPartyIdOf(type, credit);
  const documents = await creditedDocuments(scope, owed, ids);
  for (const [i, a] of wanted.entries()) {
    const document = documents.get(String(a[appliedKey]));
    const at = `allocations.${i}`;
    const party = type.party.model;
    if (!document) check.fail(`${at}.${appliedKey}`, `no ${owedName} with id "${a[appliedKey]}"`);
    else if (document[type.party.key] !== partyId)
      check.fail(
        `${at}.${appliedKey}`,
        `${owedName} ${document.number} is another ${party}'s; credit applies to its own ${party}'s ${owedName}s`,
      );
    else if (!OPEN_STATUSES.includes(document.status))
      check.fail(
        `${at}.${appliedKey}`,
        `${owedName} ${document.number} is ${statusWords(document.status)}; credit applies to open ${owedName}s`,
      );
    else {
      const due = amountDueOf(document);
      if (amounts[i] > due)
        check.fail(
          `${at}.amount`,
          `${formatMoney(amounts[i], decimals)} is more than ${owedName} ${document.number}'s amount due ${formatMoney(due, decimals)}`,
        );
      if (date < document.issueDate) check.fail('date', `must not be before ${owedName} ${document.number}'s date ${document.issueDate}`);
    }
  }
  const applying = amounts.reduce((t, a) => t + a, 0n);
  const remaining = remainingCreditOf(credit);
  if (applying > remaining)
    check.fail('allocations', `${formatMoney(applying, decimals)} is more than the credit remaining ${formatMoney(remaining, decimals)}`);
  if (date < credit.issueDate) check.fail('date', `must not be before the ${type.label.toLowerCase()} date ${credit.issueDate}`);
  check.done();
  assertOpenPeriod(scope, date);

  const events: EventDraft[] = [];
  const foreign = credit.currency !== homeCurrency(scope);
  let [creditLeft, homeLeft] = [remainingCreditOf(credit), foreign ? creditHomeRemaining(credit) : 0n];
  const control = SIDE_ACCOUNTS[type.side].control;
  const controlAccountId = foreign ? (await systemAccounts(scope, [control]))[control] : '';
  const allocations: Record<string, unknown>[] = [];
  for (const [i, a] of wanted.entries()) {
    const allocation = {
      id: newId(type.allocation.idType),
      organizationId: scope.organizationId,
      [type.parentKey]: credit.id,
      [appliedKey]: String(a[appliedKey]),
      amount: amounts[i],
      date,
      createdAt: scope.now,
    };
    if (foreign) {
      const document = documents.get(String(a[appliedKey]))!;
      const homeSettled =
        amounts[i] === amountDueOf(document)
          ? document.homeTotal! - (await homeSettledSoFar(scope, owed, document.id))
          : toHome(scope, amounts[i], credit.currency, document.exchangeRate);
      creditLeft -= amounts[i];
      const homeApplied = homeOfUse(scope, credit, amounts[i], creditLeft, homeLeft);
      homeLeft -= homeApplied;
      const partyId = creditPartyIdOf(type, credit);
      const posted = await postApplicationDifference(scope, type, {
        ...allocation,
        currency: credit.currency,
        homeApplied,
        homeSettled,
        partyId,
        number: credit.number,
        controlAccountId,
      });
      if (posted) events.push(posted.event);
      Object.assign(allocation, { currency: credit.currency, homeSettled, homeApplied, journalEntryId: posted?.entry.id ?? null });
    }
    allocations.push(allocation);
  }
  await delegate(scope, type.allocation.model).createMany({ data: allocations });
  for (const allocation of allocations as { amount: bigint }[]) {
    const document = documents.get((allocation as Record<string, unknown>)[appliedKey] as string)!;
    const amountCredited = document.amountCredited + allocation.amount;
    const paid = amountDueOf({ ...document, amountCredited }) === 0n;
    const status: InvoiceStatus = paid ? 'PAID' : 'PARTIALLY_PAID';
    const settledOn = paid ? latestOf([date, await latestSettlement(scope, owed, document.id)]) : null;
    const written = (await delegate(scope, owed.model).update({
      where: { id: document.id },
      data: { amountCredited, status, settledOn, updatedAt: scope.now },
    })) as object;
    const row: OwedDocumentRow = { ...(written as OwedDocumentRow), lines: document.lines };
    const ref = { type: owed.resource, id: document.id, row };
    events.push({ type: creditEventOf(owed, 'credit_applied'), resource: ref });
    if (paid) events.push({ type: creditEventOf(owed, 'paid'), resource: ref });
  }
  const used = await afterUse(scope, type, credit, applying, date);
  const written = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { amountApplied: credit.amountApplied + applying, ...used, updatedAt: scope.now },
  })) as object;
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  await keepAging(scope, owedAgingSource(owed), [...documents.keys()]);
  const applied = allocations.map((a) => ({
    id: a.id,
    [appliedKey]: a[appliedKey],
    amount: a.amount,
    date: a.date,
    voidDate: null,
    currency: a.currency ?? null,
    homeApplied: a.homeApplied ?? null,
    homeSettled: a.homeSettled ?? null,
    journalEntryId: a.journalEntryId ?? null,
  }));
  const row = { ...written, lines: credit.lines, refunds: credit.refunds, allocations: [...credit.allocations, ...applied] } as Row;
  return change(type.resource, row, [
    { type: creditEventOf(type, 'applied'), resource: { type: type.resource, id: credit.id, row } },
    ...events,
  ]);
}

/** When and why a use of credit is undone, and which one. */
export interface UndoCreditInput {
  date?: string | null;
  reason?: string | null;
}

/** An undo's date and reason, checked (default today, or the use's date if later; never before it, never in a locked period). */
export function checkUndo(scope: WriteScope, input: UndoCreditInput, usedOn: string) {
  const check = new Checker();
  const requested = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  return { date: reversalDate(scope, requested, usedOn, 'the date it was used,'), reason };
}

/** The use of credit `useId` names among the credit's (its allocations or refunds), or a refusal. */
export function standingUse<Use extends { id: string; amount: bigint; date: string; voidDate: string | null }>(
  type: CreditDocumentType,
  credit: CreditDocumentRow,
  uses: Use[],
  useId: string | null | undefined,
  path: string,
  what: string,
) {
  if (!useId) throw validationError([{ path, message: 'is required' }]);
  const use = uses.find((u) => u.id === useId);
  if (!use) throw validationError([{ path, message: `${type.label.toLowerCase()} ${credit.number} has no ${what} "${useId}"` }]);
  if (use.voidDate)
    throw new AppError(
      'INVALID_STATE',
      `That ${what} of ${type.label.toLowerCase()} ${credit.number} was already undone on ${use.voidDate}`,
    );
  return use;
}

/**
 * Undoes an application of credit (QuickBooks and Xero let a bookkeeper remove an allocation): the
 * document credited owes the amount again (a paid one becomes partly paid or open), the credit has it
 * free again. Nothing is posted (both sides sit in receivables or payables), so nothing is reversed;
 * from the undo's date on, aging counts the amount as owed again.
 */
export async function undoCreditApplication<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: UndoCreditInput & { allocationId?: string | null },
) {
  const credit = await loadCreditDocument<Row>(scope, type, id);
  const allocations = credit.allocations as { id: string; amount: bigint; date: string; voidDate: string | null }[];
  const allocation = standingUse(type, credit, allocations, input.allocationId, 'allocationId', 'application');
  const { date } = checkUndo(scope, input, allocation.date);
  const owed = owedDocumentType(type.appliesTo);
  const documentId = (allocation as unknown as Record<string, string>)[type.appliedKey]!;
  const document = (await creditedDocuments(scope, owed, [documentId])).get(documentId)!;
  // An exchange difference posted when it was applied is reversed on the undo's date.
  const entryId = (allocation as { journalEntryId?: string | null }).journalEntryId;
  const reversed = entryId
    ? await postReversal(scope, entryId, {
        date,
        named: `the exchange difference on ${type.label.toLowerCase()} ${credit.number} applied`,
        reference: credit.number,
        sourceType: 'exchange_difference_void',
        sourceId: allocation.id,
      })
    : null;
  await delegate(scope, type.allocation.model).update({
    where: { id: allocation.id },
    data: { voidedAt: scope.now, voidDate: date, ...(reversed ? { voidJournalEntryId: reversed.entry.id } : {}) },
  });
  const amountCredited = document.amountCredited - allocation.amount;
  const writtenDocument = (await delegate(scope, owed.model).update({
    where: { id: document.id },
    data: {
      amountCredited,
      status: document.amountPaid + settledApartFromPayments({ ...document, amountCredited }) === 0n ? 'OPEN' : 'PARTIALLY_PAID',
      settledOn: null,
      updatedAt: scope.now,
    },
  })) as OwedDocumentRow;
  const documentRow: OwedDocumentRow = { ...writtenDocument, lines: document.lines };
  const written = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { amountApplied: credit.amountApplied - allocation.amount, status: 'OPEN', settledOn: null, updatedAt: scope.now },
  })) as object;
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  await keepAging(scope, owedAgingSource(owed), [document.id]);
  const row = {
    ...written,
    lines: credit.lines,
    refunds: credit.refunds,
    allocations: allocations.map((a) => (a.id === allocation.id ? { ...a, voidDate: date } : a)),
  } as Row;
  return change(type.resource, row, [
    { type: creditEventOf(type, 'application_undone'), resource: { type: type.resource, id: credit.id, row } },
    { type: creditEventOf(owed, 'credit_unapplied'), resource: { type: owed.resource, id: document.id, row: documentRow } },
    ...(reversed ? [reversed.event] : []),
  ]);
}
