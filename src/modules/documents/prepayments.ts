// Prepayments: money a party paid ahead of its documents (a customer's deposit, our advance to a vendor),
// or beyond what a payment's document owed (an overpayment). As Xero and QuickBooks keep them: a credit
// document without lines (credits.ts runs its applications, refunds and voids), received Dr the bank, Cr
// receivables (a customer's) or paid Dr payables, Cr the bank (a vendor's). The party's balance is then a
// credit, shown apart in the aged reports, until applied to its documents or refunded. An overpayment is
// posted by its payment's entry (one bank movement, as the bank shows it) and is voided with that payment.
import { checkDocumentCurrency, homeCurrency, partyCurrency, rateFor, toHome } from './currency.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import { decimalsOf, type WriteScope } from '../../core/tenant.ts';
import type { EventType } from '../../events/catalogue.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { CASH_ACCOUNT, checkAccountRefs, systemAccounts } from '../accounts/accounts.service.ts';
import { assertOpenPeriod, writePosting } from '../journal/journal.service.ts';
import { SIDE_ACCOUNTS } from './lines.ts';
import { checkPaymentFields, type PaymentInput } from './settlement.ts';
import { creditAgingSource, keepAging } from './aging.ts';
import { cashAccountCurrency, delegate, movePartyBalance, nextDocumentNumber, partyRef } from './common.ts';
import { type CreditDocumentRow, type CreditDocumentType, type OwedDocumentType, prepaymentTypeFor } from './kinds.ts';

export interface PrepaymentInput extends PaymentInput {
  customerId?: string | null;
  vendorId?: string | null;
  memo?: string | null;
  /** A party in a foreign currency: the rate the money was received or paid at (default the table's on its date). */
  exchangeRate?: string | number | null;
  /** The bank or cash account, under the type's `accountKey` (`depositAccountId`, `paymentAccountId`). */
  depositAccountId?: string | null;
  paymentAccountId?: string | null;
}

/**
 * Money in from a customer (Dr the bank, Cr receivables) or out to a vendor (Dr payables, Cr the bank), in
 * home currency; each line remembers the foreign amount it came from (the bank's only when it holds that currency).
 */
function moneyLines(
  type: { side: 'sale' | 'purchase' },
  accounts: { cash: string; control: string },
  amount: bigint,
  party: object,
  foreign: { cash: object; control: object },
) {
  const cash = { accountId: accounts.cash, ...foreign.cash };
  const control = { accountId: accounts.control, ...foreign.control };
  const [debited, credited] = type.side === 'sale' ? [cash, control] : [control, cash];
  return [
    { ...debited, debit: amount, credit: 0n, ...party },
    { ...credited, debit: 0n, credit: amount, ...party },
  ];
}

/** Records money paid ahead of any document, and posts it; the party's balance falls by it. */
export async function createPrepayment<Row extends CreditDocumentRow>(scope: WriteScope, type: CreditDocumentType, input: PrepaymentInput) {
  const check = new Checker();
  const partyKey = type.party.key;
  const partyId = input[partyKey];
  // The party first: the money is in its currency.
  const party = partyId
    ? ((await delegate(scope, type.party.model).findFirst({ where: { id: partyId, organizationId: scope.organizationId } })) as {
        id: string;
        active: boolean;
        currency: string | null;
      } | null)
    : null;
  const currency = partyCurrency(scope, party);
  const foreign = currency !== homeCurrency(scope);
  const { amount, date, method, reference } = checkPaymentFields(scope, input, check, currencyDecimals(currency));
  const memo = check.text('memo', input.memo, { max: 2000 }) ?? null;
  if (!partyId) check.fail(partyKey, 'is required');
  const givenRate = checkDocumentCurrency(check, scope, party ? currency : undefined, { exchangeRate: input.exchangeRate });
  const accountKey = type.accountKey!;
  const accountId = (input as Record<string, string | null | undefined>)[accountKey];
  await checkAccountRefs(scope, check, [{ path: accountKey, id: accountId, ...CASH_ACCOUNT, ...(foreign ? { currency } : {}) }]);
  if (partyId && !party) check.fail(partyKey, `no ${type.party.model} with id "${partyId}"`);
  else if (party && !party.active) check.fail(partyKey, `is an inactive ${type.party.model}`);
  check.done();
  assertOpenPeriod(scope, date);
  const control = SIDE_ACCOUNTS[type.side].control;
  const system = await systemAccounts(scope, ['bank', control]);
  const cash = accountId ?? system.bank;
  const exchangeRate = await rateFor(scope, currency, date, givenRate, 'exchangeRate');
  const homeTotal = exchangeRate === null ? null : toHome(scope, amount, currency, exchangeRate);
  const inCurrency = foreign ? { currency, foreignAmount: amount } : {};
  const cashInCurrency = foreign && (await cashAccountCurrency(scope, cash)) === currency ? inCurrency : {};
  const id = newId(type.typename);
  const number = nextDocumentNumber(scope, type.number);
  const posted = await writePosting(scope, {
    date,
    description: `${type.label} ${number}`,
    reference: reference ?? number,
    sourceType: type.sourceTypes.posting,
    sourceId: id,
    lines: moneyLines(type, { cash, control: system[control] }, homeTotal ?? amount, partyRef(type, party!.id), {
      cash: cashInCurrency,
      control: inCurrency,
    }),
  });
  const row = (await delegate(scope, type.model).create({
    data: {
      id,
      organizationId: scope.organizationId,
      number,
      [partyKey]: party!.id,
      kind: 'PREPAYMENT',
      issueDate: date,
      currency,
      exchangeRate,
      homeTotal,
      memo,
      reference,
      method,
      [accountKey]: cash,
      total: amount,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  })) as Row;
  await movePartyBalance(scope, type.party.table, party!.id, -amount);
  await keepAging(scope, creditAgingSource(type), [id]);
  const rendered = { ...row, allocations: [], refunds: [] } as Row;
  return change(type.resource, rendered, [
    { type: `${type.resource}.created` as EventType, resource: { type: type.resource, id, row: rendered } },
    posted.event,
  ]);
}

/** What a payment larger than its document's amount due leaves to keep as the party's credit. */
export interface PaymentExcess {
  partyId: string;
  amount: bigint;
  date: string;
  accountId: string;
  method: string | null;
  reference: string | null;
  paymentId: string;
  journalEntryId: string;
  /** A foreign payment's excess: its currency, the payment's rate and what it is worth at it. */
  currency?: string;
  exchangeRate?: string;
  homeTotal?: bigint;
}

/**
 * The prepayment type that keeps the excess of a payment of `owed` documents; refuses the payment when
 * none is declared, or when the caller did not ask to keep it (an unasked excess is most often a typo or
 * a payment recorded twice, so it is refused as it always was, and the refusal says how to keep it).
 */
export function excessCreditType(
  scope: WriteScope,
  owed: OwedDocumentType,
  due: bigint,
  amount: bigint,
  keep: boolean | null | undefined,
  decimals = decimalsOf(scope),
) {
  const type = prepaymentTypeFor(owed.resource);
  if (!keep || !type)
    throw validationError([
      {
        path: 'amount',
        message:
          `${formatMoney(amount, decimals)} is more than the amount due ${formatMoney(due, decimals)}; overpayments are refused` +
          (type ? ` unless keepExcessAsCredit is true (the excess is then kept as the ${owed.party.model}'s credit)` : ''),
      },
    ]);
  return type;
}

/** Keeps a payment's excess as the party's credit: an overpayment, posted by the payment's own entry. */
export async function keepPaymentExcess(scope: WriteScope, type: CreditDocumentType, excess: PaymentExcess) {
  const id = newId(type.typename);
  const row = (await delegate(scope, type.model).create({
    data: {
      id,
      organizationId: scope.organizationId,
      number: nextDocumentNumber(scope, type.number),
      [type.party.key]: excess.partyId,
      kind: 'OVERPAYMENT',
      issueDate: excess.date,
      currency: excess.currency ?? scope.organization.baseCurrency,
      exchangeRate: excess.exchangeRate ?? null,
      homeTotal: excess.homeTotal ?? null,
      reference: excess.reference,
      method: excess.method,
      [type.accountKey!]: excess.accountId,
      total: excess.amount,
      paymentId: excess.paymentId,
      journalEntryId: excess.journalEntryId,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  })) as CreditDocumentRow;
  await keepAging(scope, creditAgingSource(type), [id]);
  const rendered = { ...row, allocations: [], refunds: [] };
  const event: EventDraft = { type: `${type.resource}.created` as EventType, resource: { type: type.resource, id, row: rendered } };
  return { id, amount: excess.amount, event };
}

/** The credit a payment's excess was kept as, if any (with the type that keeps it). */
export async function paymentExcessCredit(scope: WriteScope, owed: OwedDocumentType, paymentId: string) {
  const type = prepaymentTypeFor(owed.resource);
  if (!type) return null;
  const credit = (await delegate(scope, type.model).findFirst({
    where: { paymentId, organizationId: scope.organizationId },
  })) as CreditDocumentRow | null;
  return credit && credit.status !== 'VOID' ? { type, credit } : null;
}

/** Refuses to void a payment whose kept excess was used since (its applications and refunds are undone first). */
export function assertExcessUnused(scope: WriteScope, excess: { type: CreditDocumentType; credit: CreditDocumentRow }) {
  const { type, credit } = excess;
  const used = credit.amountApplied + credit.amountRefunded;
  if (used > 0n)
    throw new AppError(
      'INVALID_STATE',
      `The payment's excess is kept as ${type.label.toLowerCase()} ${credit.number}, of which ` +
        `${formatMoney(used, currencyDecimals(credit.currency ?? scope.organization.baseCurrency))} ` +
        'is applied or refunded; undo those applications and refunds first',
    );
}

/** Voids a payment's kept excess with the payment (its reversal reversed both); the party's balance moves back. */
export async function voidPaymentExcess(
  scope: WriteScope,
  excess: { type: CreditDocumentType; credit: CreditDocumentRow },
  voidJournalEntryId: string,
  date: string,
) {
  const { type, credit } = excess;
  const row = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { status: 'VOID', voidJournalEntryId, voidedAt: scope.now, settledOn: date, updatedAt: scope.now },
  })) as CreditDocumentRow;
  await movePartyBalance(scope, type.party.table, credit[type.party.key]!, credit.total);
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  const rendered = { ...row, allocations: [], refunds: [] };
  return { type: `${type.resource}.voided` as EventType, resource: { type: type.resource, id: credit.id, row: rendered } } as EventDraft;
}
