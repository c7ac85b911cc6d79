// A credit document's credit refunded to its party, and a refund voided.
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { CASH_ACCOUNT, checkAccountRefs, systemAccounts } from '../accounts/accounts.service.ts';
import { assertOpenPeriod, writePosting } from '../journal/journal.service.ts';
import { SIDE_ACCOUNTS } from './lines.ts';
import { checkDocumentCurrency, homeCurrency, rateFor, toHome } from './currency.ts';
import { postReversal } from './posting.ts';
import { checkPaymentFields, type PaymentInput } from './settlement.ts';
import { creditAgingSource, keepAging } from './aging.ts';
import { cashAccountCurrency, delegate, movePartyBalance, partyRef } from './common.ts';
import { type UndoCreditInput, checkUndo, standingUse } from './credit-applications.ts';
import {
  afterUse,
  assertOpen,
  creditEventOf,
  creditHomeRemaining,
  creditPartyIdOf,
  findCreditDocument,
  homeOfUse,
  loadCreditDocument,
  remainingCreditOf,
} from './credits.ts';
import type { CreditDocumentRow, CreditDocumentType } from './kinds.ts';
import { exchangeDifferenceLine, paymentLines } from './owed-payments.ts';

export interface RefundCreditInput extends PaymentInput {
  paymentAccountId?: string | null;
  exchangeRate?: string | number | null;
}

/**
 * Refunds (part of) the remaining credit: a customer's paid back to it (Dr receivables, Cr the bank or
 * cash account), a vendor's paid back to us (Dr the bank or cash account, Cr payables).
 */
export async function refundCreditDocument<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: RefundCreditInput,
) {
  // The credit first: the amount is in its currency.
  const found = await findCreditDocument<Row>(scope, type, id);
  const currency = found?.currency ?? homeCurrency(scope);
  const foreign = currency !== homeCurrency(scope);
  const decimals = currencyDecimals(currency);
  const check = new Checker();
  const { amount, date, method, reference } = checkPaymentFields(scope, input, check, decimals);
  const givenRate = found ? checkDocumentCurrency(check, scope, currency, { exchangeRate: input.exchangeRate }) : undefined;
  const cashRef = { path: 'paymentAccountId', id: input.paymentAccountId, ...CASH_ACCOUNT, ...(foreign ? { currency } : {}) };
  await checkAccountRefs(scope, check, [cashRef]);
  check.done();
  if (!found) throw notFound(type.label.toLowerCase(), id);
  const credit = found;
  assertOpen(type, credit, 'refunded');
  const remaining = remainingCreditOf(credit);
  if (amount > remaining)
    throw validationError([
      { path: 'amount', message: `${formatMoney(amount, decimals)} is more than the credit remaining ${formatMoney(remaining, decimals)}` },
    ]);
  if (date < credit.issueDate)
    throw validationError([{ path: 'date', message: `must not be before the ${type.label.toLowerCase()} date ${credit.issueDate}` }]);
  assertOpenPeriod(scope, date);
  const control = SIDE_ACCOUNTS[type.side].control;
  const system = await systemAccounts(scope, ['bank', control]);
  const paymentAccountId = input.paymentAccountId ?? system.bank;
  const partyId = creditPartyIdOf(type, credit);
  const party = partyRef(type, partyId);
  const refundId = newId(type.refund.idType);
  // Money the other way from a payment: a customer's credit refunded goes out as a bill payment does.
  const moneySide = type.side === 'sale' ? 'purchase' : 'sale';
  const exchange = foreign ? await exchangeOfRefund(scope, credit, amount, date, givenRate) : null;
  const inCurrency = foreign ? { currency, foreignAmount: amount } : {};
  const cashForeign = foreign && (await cashAccountCurrency(scope, paymentAccountId)) === currency ? inCurrency : {};
  const posted = await writePosting(scope, {
    date,
    description: `Refund of ${type.label.toLowerCase()} ${credit.number}`,
    reference: reference ?? credit.number,
    sourceType: type.sourceTypes.refund,
    sourceId: refundId,
    lines: paymentLines(
      moneySide,
      { accountId: paymentAccountId, amount: exchange?.homeAmount ?? amount, ...cashForeign },
      { accountId: system[control], amount: exchange?.homeSettled ?? amount, ...inCurrency },
      exchange && (await exchangeDifferenceLine(scope, moneySide, exchange)),
      party,
    ),
  });
  const refund = await delegate(scope, type.refund.model).create({
    data: {
      id: refundId,
      organizationId: scope.organizationId,
      [type.parentKey]: credit.id,
      amount,
      date,
      paymentAccountId,
      method,
      reference,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
      ...(exchange ? { currency, exchangeRate: exchange.rate, homeAmount: exchange.homeAmount, homeSettled: exchange.homeSettled } : {}),
    },
  });
  const used = await afterUse(scope, type, credit, amount, date);
  const written = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { amountRefunded: credit.amountRefunded + amount, ...used, updatedAt: scope.now },
  })) as object;
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  await movePartyBalance(scope, type.party.table, partyId, amount);
  const row = { ...written, lines: credit.lines, allocations: credit.allocations, refunds: [...credit.refunds, refund] } as Row;
  return change(type.resource, row, [
    { type: creditEventOf(type, 'refunded'), resource: { type: type.resource, id: credit.id, row } },
    posted.event,
  ]);
}

/**
 * A refund of foreign credit in home currency: the amount at the refund's rate (its own, else the table's
 * on its date), and what it clears from the credit at the credit's rate (all that is left, when it uses it up).
 */
async function exchangeOfRefund(scope: WriteScope, credit: CreditDocumentRow, amount: bigint, date: string, givenRate: string | undefined) {
  const rate = (await rateFor(scope, credit.currency, date, givenRate, 'exchangeRate'))!;
  const homeSettled = homeOfUse(scope, credit, amount, remainingCreditOf(credit) - amount, creditHomeRemaining(credit));
  return { rate, homeAmount: toHome(scope, amount, credit.currency, rate), homeSettled };
}

/** Voids a refund of credit: posts the reversal of its posting; the credit has the amount free again and the party's balance moves back. */
export async function voidCreditRefund<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: UndoCreditInput & { refundId?: string | null },
) {
  const credit = await loadCreditDocument<Row>(scope, type, id);
  const refunds = credit.refunds as { id: string; amount: bigint; date: string; journalEntryId: string; voidDate: string | null }[];
  const refund = standingUse(type, credit, refunds, input.refundId, 'refundId', 'refund');
  const { date, reason } = checkUndo(scope, input, refund.date);
  const posted = await postReversal(scope, refund.journalEntryId, {
    date,
    named: `refund of ${type.label.toLowerCase()} ${credit.number}`,
    reason,
    reference: credit.number,
    sourceType: type.sourceTypes.refundVoid,
    sourceId: refund.id,
  });
  await delegate(scope, type.refund.model).update({
    where: { id: refund.id },
    data: { voidJournalEntryId: posted.entry.id, voidedAt: scope.now, voidDate: date },
  });
  const written = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { amountRefunded: credit.amountRefunded - refund.amount, status: 'OPEN', settledOn: null, updatedAt: scope.now },
  })) as object;
  await movePartyBalance(scope, type.party.table, creditPartyIdOf(type, credit), -refund.amount);
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  const row = {
    ...written,
    lines: credit.lines,
    allocations: credit.allocations,
    refunds: refunds.map((r) => (r.id === refund.id ? { ...r, voidDate: date } : r)),
  } as Row;
  return change(type.resource, row, [
    { type: creditEventOf(type, 'refund_voided'), resource: { type: type.resource, id: credit.id, row } },
    posted.event,
  ]);
}
