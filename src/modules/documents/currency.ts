// Documents in a foreign currency. A customer or vendor deals in one currency (its `currency`, else the
// home currency), and its documents are in it: their amounts stay in that currency's minor units, and
// what they post is converted to home currency at the document's rate (its own, else the table's on its
// date). Each line is converted once, rounded half up, and the document's home total is the sum of its
// converted lines, so the posting balances in home currency and each journal line remembers the foreign
// amount it came from. A payment at another rate than the document's posts the difference to the
// exchange gains and losses account; the payment that settles a document clears exactly what is left of
// its home total, so rounding never leaves 0.01 in receivables or payables.
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { systemAccountOnNeed } from '../accounts/accounts.service.ts';
import { convertMoney, currencyDecimals } from '../../lib/money.ts';
import type { Checker } from '../../lib/validate.ts';
import { checkRate, rateOn } from '../exchange-rates/exchange-rates.service.ts';

/** The organization's home currency: what the books are kept in. */
export const homeCurrency = (tenant: { organization: { baseCurrency: string } }) => tenant.organization.baseCurrency;

/** The currency a party's documents are in: its own, else home. */
export const partyCurrency = (tenant: Tenant, party: { currency?: string | null } | null | undefined) =>
  party?.currency ?? homeCurrency(tenant);

/** What a document's head may say of its currency. */
export interface CurrencyInput {
  currency?: string | null;
  exchangeRate?: string | number | null;
}

/**
 * Checks a document's `currency` (if given, it must be its party's: a customer's documents are all in its
 * currency, as QuickBooks and Xero keep them) and its own `exchangeRate` (only for a foreign currency).
 * Answers the rate it gave, if any; the table's rate is read when the document is posted (`rateFor`).
 */
export function checkDocumentCurrency(check: Checker, tenant: Tenant, currency: string | undefined, input: CurrencyInput) {
  if (input.currency !== undefined && input.currency !== null && currency !== undefined) {
    const given = String(input.currency).trim().toUpperCase();
    if (given !== currency) check.fail('currency', `must be ${currency}, the currency of the document's party (or left out)`);
  }
  if (input.exchangeRate === undefined || input.exchangeRate === null) return undefined;
  if (currency === homeCurrency(tenant)) {
    check.fail('exchangeRate', `is only for a document in a foreign currency; this one is in ${currency}, the home currency`);
    return undefined;
  }
  return checkRate(check, 'exchangeRate', input.exchangeRate);
}

/** The rate a foreign amount dated `date` converts at: the one given, else the table's in force then (refused naming both when none). */
export async function rateFor(tenant: Tenant, currency: string, date: string, given: string | null | undefined, path = 'date') {
  if (currency === homeCurrency(tenant)) return null;
  return given ?? (await rateOn(tenant, currency, date, path)).rate;
}

/** Converts `minor` of `currency` to home minor units at `rate` (null: already home). */
export const toHome = (tenant: Tenant, minor: bigint, currency: string, rate: string | null) =>
  rate === null ? minor : convertMoney(minor, rate, currencyDecimals(currency), currencyDecimals(homeCurrency(tenant)));

/**
 * A line's currency and amounts in home currency, as it is stored: all null on a home-currency
 * document's line; the home amounts null while a foreign draft has no rate yet.
 */
export function homeLineAmounts(tenant: Tenant, line: { amount: bigint; taxAmount: bigint }, currency: string, rate: string | null) {
  if (currency === homeCurrency(tenant)) return { currency: null, homeAmount: null, homeTaxAmount: null };
  return {
    currency,
    homeAmount: rate === null ? null : toHome(tenant, line.amount, currency, rate),
    homeTaxAmount: rate === null ? null : toHome(tenant, line.taxAmount, currency, rate),
  };
}

/** A document's total in home currency: its lines' converted amounts and tax (null: a home document, whose home total is its total). */
export const homeTotalOf = (lines: { homeAmount: bigint | null; homeTaxAmount: bigint | null }[]) =>
  lines.some((l) => l.homeAmount !== null) ? lines.reduce((t, l) => t + (l.homeAmount ?? 0n) + (l.homeTaxAmount ?? 0n), 0n) : null;

/** The currency a bank or cash account holds: its own, else home. */
export const accountCurrency = (tenant: Tenant, account: { currency?: string | null }) => account.currency ?? homeCurrency(tenant);

/**
 * The account exchange differences post to: the organization's exchange gains and losses account, made
 * the first time one is needed (an organization that never deals in a foreign currency never has it).
 */
export const exchangeAccountId = (scope: WriteScope) =>
  systemAccountOnNeed(scope, {
    role: 'exchange_gains_losses',
    code: '6950',
    suffix: 'FX',
    name: 'Exchange Gains and Losses',
    type: 'EXPENSE',
  });
