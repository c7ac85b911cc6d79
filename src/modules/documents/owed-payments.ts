// Payments of owed documents: recorded (in part or in full, in the document's currency or across
// currencies with the exchange difference posted; an excess kept as the party's credit) and voided.
import { quoted } from '../../db/insert.ts';
import { insertModelRow } from '../../db/model-rows.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currencyDecimals } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { CASH_ACCOUNT, checkAccountRefs, PURCHASE_PAYMENT_ACCOUNT, systemAccounts } from '../accounts/accounts.service.ts';
import { writePosting } from '../journal/journal.service.ts';
import { SIDE_ACCOUNTS, type Side } from './lines.ts';
import { checkDocumentCurrency, exchangeAccountId, homeCurrency, rateFor, toHome } from './currency.ts';
import { type PartyRef, postReversal, reversalDate } from './posting.ts';
import {
  amountDueOf,
  checkPaymentFields,
  OPEN_STATUSES,
  type PaymentInput,
  settledApartFromPayments,
  statusAfterPayment,
} from './settlement.ts';
import { keepAging, owedAgingSource } from './aging.ts';
import { cashAccountCurrency, delegate, latestOf, movePartyBalance, partyRef, tableOf } from './common.ts';
import { type OwedDocumentRow, type OwedDocumentType, creditAllocationModels, writeOffModel } from './kinds.ts';
import { eventOf, findOwedDocument, loadOwedDocument, partyIdOf, updateRow } from './owed.ts';
import { assertExcessUnused, excessCreditType, keepPaymentExcess, paymentExcessCredit, voidPaymentExcess } from './prepayments.ts';

/**
 * The date from which a document stays settled as its settlements stand (null: none): the latest date of
 * its payments, credit applied and write-offs, and of the voids of those undone. A settlement undone from
 * a date after the last one left the document settled twice over until then (a payment voided on 10 July
 * and paid again on 30 June), so aging as at a date in between must still see it.
 */
export async function latestSettlement(scope: WriteScope, type: OwedDocumentType, id: string): Promise<string | null> {
  // Credit applied counts too (credit documents declare which documents they apply to).
  const credits = creditAllocationModels(type.resource).map((model) => ({ model, voidable: true }));
  const dates = await Promise.all(
    [...type.settledBy, ...credits].map(async ({ model, voidable }) => {
      // A row's void date is never before its date: the latest of both is the later of the two maxima.
      const [latest] = await scope.sql.$queryRaw<{ date: string | null; voidDate: string | null }[]>(
        Prisma.sql`SELECT max("date") AS "date", ${voidable ? Prisma.sql`max("voidDate")` : Prisma.sql`NULL`} AS "voidDate"
          FROM ${Prisma.raw(quoted(tableOf(model)))} WHERE ${Prisma.raw(quoted(type.parentKey))} = ${id}`,
      );
      return [latest?.date ?? null, latest?.voidDate ?? null];
    }),
  );
  return latestOf(dates.flat());
}

/**
 * A payment's fields, with the document it pays under the type's `parentKey` and its account under
 * `payment.accountKey`; `keepExcessAsCredit` keeps what it pays beyond the amount due as the party's credit.
 */
export type OwedPaymentInput = PaymentInput & { keepExcessAsCredit?: boolean | null; exchangeRate?: string | number | null };

/**
 * Records (part of) the payment of an open document: money in (a sale: Dr the bank, Cr receivables) or
 * out (a purchase: Dr payables, Cr the bank), into or from the account the input names (default the bank).
 * Asked to, it keeps what is paid beyond the amount due as the party's credit (an overpayment, posted in
 * the same entry: the bank moved once); the payment itself pays the amount due.
 * Long on purpose: one write in its lock order: checks, the exchange difference, the posting, the excess kept as
 * credit, the document, its aging, the events.
 */
export async function recordOwedPayment<Row extends OwedDocumentRow, Payment extends { id: string }>(
  scope: WriteScope,
  type: OwedDocumentType,
  input: OwedPaymentInput,
) {
  const { accountKey } = type.payment;
  const check = new Checker();
  const named = input as Record<string, string | null | undefined>;
  const documentId = named[type.parentKey];
  // The document first: the amount is in its currency.
  const document = documentId ? await findOwedDocument<Row>(scope, type, documentId) : null;
  const currency = document?.currency ?? homeCurrency(scope);
  const { amount, date, method, reference } = checkPaymentFields(scope, input, check, currencyDecimals(currency));
  if (!documentId) check.fail(type.parentKey, 'is required');
  const givenRate = document ? checkDocumentCurrency(check, scope, currency, { exchangeRate: input.exchangeRate }) : undefined;
  const accountId = named[accountKey];
  const paidFrom = type.side === 'purchase' ? PURCHASE_PAYMENT_ACCOUNT : CASH_ACCOUNT;
  await checkAccountRefs(scope, check, [{ path: accountKey, id: accountId, ...paidFrom, currency }]);
  check.done();
  if (!document) throw notFound(type.label.toLowerCase(), documentId!);
  const foreign = currency !== homeCurrency(scope);
  const due = amountDueOf(document);
  const excessType =
    OPEN_STATUSES.includes(document.status) && amount > due
      ? excessCreditType(scope, type, due, amount, input.keepExcessAsCredit, currencyDecimals(currency))
      : null;
  const applied = excessType ? due : amount;
  const status = statusAfterPayment(scope, type.label, document, applied, date);
  const control = SIDE_ACCOUNTS[type.side].control;
  const system = await systemAccounts(scope, ['bank', control]);
  const cashAccountId = accountId ?? system.bank;
  // Into or out of an account in the payment's currency (checked above), the bank line remembers the foreign amount too.
  const cashCurrency = foreign && accountId ? await cashAccountCurrency(scope, cashAccountId) : homeCurrency(scope);
  const partyId = partyIdOf(type, document);
  const party = partyRef(type, partyId);
  const paymentId = newId(type.payment.idType);
  const exchange = foreign ? await exchangeOfPayment(scope, type, document, amount, applied, date, givenRate, status === 'PAID') : null;
  // The bank moved the whole amount; receivables (payables) take what the document cleared and the excess kept as credit.
  const cash = {
    accountId: cashAccountId,
    amount: exchange ? exchange.homeAmount + exchange.excessHome : amount,
    ...(cashCurrency === currency && foreign ? { currency, foreignAmount: amount } : {}),
  };
  const cleared = {
    accountId: system[control],
    amount: exchange ? exchange.homeSettled + exchange.excessHome : amount,
    ...(foreign ? { currency, foreignAmount: amount } : {}),
  };
  const posted = await writePosting(scope, {
    date,
    description: type.payment.describe(document.number),
    reference: reference ?? document.number,
    sourceType: type.payment.sourceType,
    sourceId: paymentId,
    lines: paymentLines(type.side, cash, cleared, exchange && (await exchangeDifferenceLine(scope, type.side, exchange)), party),
  });
  const settledOn = status === 'PAID' ? latestOf([date, await latestSettlement(scope, type, document.id)]) : null;
  const written = await updateRow<Row>(scope, type, document.id, {
    amountPaid: document.amountPaid + applied,
    status,
    settledOn,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  await movePartyBalance(scope, type.party.table, partyId, -amount);
  const paymentRow: Record<string, unknown> = {
    id: paymentId,
    organizationId: scope.organizationId,
    [type.parentKey]: document.id,
    amount: applied,
    date,
    [accountKey]: cashAccountId,
    method,
    reference,
    journalEntryId: posted.entry.id,
    createdAt: scope.now,
    ...(exchange ? { currency, exchangeRate: exchange.rate, homeAmount: exchange.homeAmount, homeSettled: exchange.homeSettled } : {}),
  };
  const payment = await insertModelRow(scope.sql, type.payment.typename, paymentRow);
  await keepAging(scope, owedAgingSource(type), [document.id]);
  const documentRef = { type: type.resource, id: document.id, row };
  const events: EventDraft[] = [{ type: eventOf(type, 'payment_recorded'), resource: documentRef }];
  if (status === 'PAID') events.push({ type: eventOf(type, 'paid'), resource: documentRef });
  const excess = excessType
    ? await keepPaymentExcess(scope, excessType, {
        partyId,
        amount: amount - applied,
        date,
        accountId: cashAccountId,
        method,
        reference,
        paymentId,
        journalEntryId: posted.entry.id,
        ...(exchange ? { currency, exchangeRate: exchange.rate, homeTotal: exchange.excessHome } : {}),
      })
    : null;
  if (excess) events.push(excess.event);
  const excessCredit = excess ? { id: excess.id, total: excess.amount } : null;
  return change(type.payment.resource, { ...payment, [type.model]: row, excessCredit } as unknown as Payment, [...events, posted.event]);
}

/**
 * What the settlements of a foreign document have cleared in home currency so far: its standing payments,
 * write-offs and credit applied.
 */
export async function homeSettledSoFar(scope: WriteScope, type: OwedDocumentType, documentId: string) {
  const standing = { [type.parentKey]: documentId, voidJournalEntryId: null };
  const applied = { [type.parentKey]: documentId, voidDate: null };
  const sums = await Promise.all(
    [
      ...[type.payment.model, ...(type.writeOff ? [writeOffModel(type)] : [])].map((model) => [model, standing] as const),
      ...creditAllocationModels(type.resource).map((model) => [model, applied] as const),
    ].map(
      async ([model, where]) =>
        (
          (await delegate(scope, model).aggregate({ where, _sum: { homeSettled: true } } as never)) as unknown as {
            _sum: { homeSettled: bigint | null };
          }
        )._sum.homeSettled ?? 0n,
    ),
  );
  return sums.reduce((t, x) => t + x, 0n);
}

/**
 * A foreign document's payment in home currency: the amount at the payment's rate (its own, else the
 * table's on its date), and what it clears from receivables or payables at the document's rate; the
 * payment that settles the document clears all that is left of its home total, so no rounding remains.
 * An excess kept as credit is worth its amount at the payment's rate (`excessHome`); the payment's own
 * home amount is the rest of what the bank moved, so its exchange gain is all the entry posts.
 */
async function exchangeOfPayment(
  scope: WriteScope,
  type: OwedDocumentType,
  document: OwedDocumentRow,
  amount: bigint,
  applied: bigint,
  date: string,
  givenRate: string | undefined,
  settles: boolean,
) {
  const rate = (await rateFor(scope, document.currency, date, givenRate, 'exchangeRate'))!;
  const excessHome = toHome(scope, amount - applied, document.currency, rate);
  const homeAmount = toHome(scope, amount, document.currency, rate) - excessHome;
  const homeSettled = settles
    ? document.homeTotal! - (await homeSettledSoFar(scope, type, document.id))
    : toHome(scope, applied, document.currency, document.exchangeRate);
  return { rate, homeAmount, homeSettled, excessHome };
}

/**
 * The exchange difference of a foreign payment, as a posting line to the exchange gains and losses account:
 * a sale that brings in more home currency than it clears gains (a credit), a purchase that pays more loses
 * (a debit); null when there is none.
 */
export async function exchangeDifferenceLine(scope: WriteScope, side: Side, exchange: { homeAmount: bigint; homeSettled: bigint }) {
  const difference = exchange.homeAmount - exchange.homeSettled;
  if (difference === 0n) return null;
  const accountId = await exchangeAccountId(scope);
  const gain = side === 'sale' ? difference > 0n : difference < 0n;
  const amount = difference < 0n ? -difference : difference;
  return gain ? { accountId, debit: 0n, credit: amount } : { accountId, debit: amount, credit: 0n };
}

/**
 * A payment's posting: money in (a sale: Dr the bank, Cr receivables) or out (Dr payables, Cr the bank),
 * with any exchange difference; debits first.
 */
export function paymentLines(
  side: Side,
  cash: { accountId: string; amount: bigint; currency?: string; foreignAmount?: bigint },
  cleared: { accountId: string; amount: bigint; currency?: string; foreignAmount?: bigint },
  difference: { accountId: string; debit: bigint; credit: bigint } | null,
  party: PartyRef,
) {
  const line = ({ amount, ...rest }: typeof cash, debit: boolean) => ({
    ...rest,
    debit: debit ? amount : 0n,
    credit: debit ? 0n : amount,
    ...party,
  });
  const [into, outOf] = side === 'sale' ? [line(cash, true), line(cleared, false)] : [line(cleared, true), line(cash, false)];
  const extra = difference ? [{ ...difference, ...party }] : [];
  const lines = [into, ...extra.filter((l) => l.debit > 0n), outOf, ...extra.filter((l) => l.credit > 0n)];
  return lines.filter((l) => l.debit > 0n || l.credit > 0n);
}

/**
 * The payments of an organization's documents of `type` a list's filter selects: by the document, its
 * party and the bank or cash account (each under the type's column name), and by dates.
 */
export function owedPaymentWhere(type: OwedDocumentType, organizationId: string, given: { from?: string | null; to?: string | null }) {
  const filter = given as Record<string, string | null | undefined>;
  const and: object[] = [];
  const documentId = filter[type.parentKey];
  if (documentId) and.push({ [type.parentKey]: documentId });
  const partyId = filter[type.party.key];
  if (partyId) and.push({ [type.model]: { [type.party.key]: partyId } });
  const accountId = filter[type.payment.accountKey];
  if (accountId) and.push({ [type.payment.accountKey]: accountId });
  if (filter.from) and.push({ date: { gte: filter.from } });
  if (filter.to) and.push({ date: { lte: filter.to } });
  return { organizationId, ...(and.length ? { AND: and } : {}) };
}

/** A payment as its void reads it. */
interface PaymentRow {
  id: string;
  amount: bigint;
  date: string;
  journalEntryId: string;
  voidJournalEntryId: string | null;
}

/**
 * Voids a payment: posts the reversal of its posting (dated `date`: default today, or the payment's date
 * if later; never before it, never in a locked period) and gives back to its document what it paid: the
 * amount due rises again and a paid document is partly paid or open again. The payment stays, void,
 * with its void date; the party's balance moves back.
 */
export async function voidOwedPayment<Row extends OwedDocumentRow, Payment extends { id: string }>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  input: { date?: string | null; reason?: string | null } = {},
) {
  const label = type.payment.label;
  const check = new Checker();
  const requestedDate = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  const payment = (await delegate(scope, type.payment.model).findFirst({
    where: { id, organizationId: scope.organizationId },
  })) as (PaymentRow & Record<string, unknown>) | null;
  if (!payment) throw notFound(label.toLowerCase(), id);
  const document = await loadOwedDocument<Row>(scope, type, payment[type.parentKey] as string);
  const named = `${label.toLowerCase()} of ${type.label.toLowerCase()} ${document.number}`;
  if (payment.voidJournalEntryId) throw new AppError('INVALID_STATE', `The ${named} dated ${payment.date} is already void`);
  const date = reversalDate(scope, requestedDate, payment.date, "the payment's date");
  const excess = await paymentExcessCredit(scope, type, payment.id);
  if (excess) assertExcessUnused(scope, excess);
  const posted = await postReversal(scope, payment.journalEntryId, {
    date,
    named,
    reason,
    reference: document.number,
    sourceType: type.payment.voidSourceType,
    sourceId: payment.id,
  });
  const amountPaid = document.amountPaid - payment.amount;
  const written = await updateRow<Row>(scope, type, document.id, {
    amountPaid,
    status: amountPaid + settledApartFromPayments(document) === 0n ? 'OPEN' : 'PARTIALLY_PAID',
    settledOn: null,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  await movePartyBalance(scope, type.party.table, partyIdOf(type, document), payment.amount);
  const voided = (await delegate(scope, type.payment.model).update({
    where: { id: payment.id },
    data: { voidJournalEntryId: posted.entry.id, voidedAt: scope.now, voidDate: date },
  })) as Record<string, unknown>;
  await keepAging(scope, owedAgingSource(type), [document.id]);
  const excessVoided = excess ? await voidPaymentExcess(scope, excess, posted.entry.id, date) : null;
  const excessCredit = excess ? { id: excess.credit.id, total: excess.credit.total } : null;
  const paymentRow = { ...voided, [type.model]: row, excessCredit } as unknown as Payment;
  return change(type.payment.resource, paymentRow, [
    { type: eventOf(type.payment, 'voided'), resource: { type: type.payment.resource, id: payment.id, row: paymentRow } },
    { type: eventOf(type, 'payment_voided'), resource: { type: type.resource, id: document.id, row } },
    ...(excessVoided ? [excessVoided] : []),
    posted.event,
  ]);
}
