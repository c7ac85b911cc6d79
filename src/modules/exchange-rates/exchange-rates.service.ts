// Exchange rates: how many units of the organization's home currency one unit of a foreign currency is
// worth on a date, the table Xero and QuickBooks keep. A date without its own rate takes the latest
// earlier one (as both do); a currency with no rate on or before the date is refused, naming both.
import type { PrismaTypes } from '../../db/database.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import { rawSqlOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { selectModelRows } from '../../db/model-rows.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { EXCHANGE_RATE } from './exchange-rates.public.ts';

export interface ExchangeRateInput {
  currency?: string | null;
  date?: string | null;
  rate?: string | number | null;
}

export interface ExchangeRateFilter {
  currency?: string | null;
  from?: string | null;
  to?: string | null;
}

/** At most this many digits after the point, and in all: exact for any rate a bank quotes. */
const MAX_DECIMALS = 12;
const MAX_DIGITS = 18;
/** How many rates one bulk request sets. */
export const MAX_BULK_RATES = 1000;

/**
 * A rate as exact decimal text, normalized (no sign, no exponent, no leading or trailing zeros beyond
 * one before the point): "1.10" and 1.1 are both "1.1". Checked on `check`, at `path`.
 */
export function checkRate(check: Checker, path: string, value: string | number | null | undefined): string | undefined {
  if (value === undefined || value === null || value === '') {
    check.fail(path, 'is required (home-currency units per one unit of the currency, e.g. 1.1034)');
    return undefined;
  }
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value).trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) {
    check.fail(path, `must be a positive decimal number such as 1.1034, got ${JSON.stringify(value)}`);
    return undefined;
  }
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (/^0*$/.test(whole + fraction)) {
    check.fail(path, 'must be above 0');
    return undefined;
  }
  const digits = (whole === '0' ? fraction.replace(/^0+/, '') : whole + fraction).length;
  if (fraction.length > MAX_DECIMALS || digits > MAX_DIGITS) {
    check.fail(path, `must have at most ${MAX_DECIMALS} decimals and ${MAX_DIGITS} digits in all`);
    return undefined;
  }
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A currency code a rate is for: ISO 4217, and not the home currency (whose rate is always 1). */
function checkCurrency(check: Checker, path: string, tenant: Tenant, value: string | null | undefined) {
  const code = check.currency(path, value, { required: true });
  if (code !== tenant.organization.baseCurrency) return code;
  check.fail(path, `${code} is the home currency: its rate is always 1 and is not set`);
  return undefined;
}

export function exchangeRateWhere(organizationId: string, filter: ExchangeRateFilter = {}): PrismaTypes.ExchangeRateWhereInput {
  const and: PrismaTypes.ExchangeRateWhereInput[] = [];
  if (filter.currency) and.push({ currency: filter.currency.trim().toUpperCase() });
  if (filter.from) and.push({ date: { gte: filter.from } });
  if (filter.to) and.push({ date: { lte: filter.to } });
  return { organizationId, ...(and.length ? { AND: and } : {}) };
}

/** The rate in force for `currency` on `date`: its own, else the latest earlier one; refused when there is none. */
export async function rateOn(tenant: Tenant, currency: string, date: string, path = 'date') {
  const code = currency.trim().toUpperCase();
  // Raw, so a write converting a document's amounts stays off Prisma's transaction (core/unit-of-work.ts).
  const [found] = await selectModelRows<PrismaTypes.ExchangeRateGetPayload<object>>(
    rawSqlOf(tenant),
    'ExchangeRate',
    Prisma.sql`"organizationId" = ${tenant.organizationId} AND "currency" = ${code} AND "date" <= ${date}`,
    { orderBy: 'date', descending: true, limit: 1 },
  );
  if (!found)
    throw new AppError(
      'VALIDATION_FAILED',
      `No ${code} exchange rate on or before ${date}: set one for that date (or an earlier one) first`,
      [{ path, message: `no ${code} exchange rate on or before ${date}` }],
      { currency: code, date },
    );
  return found;
}

/** Reads the rate asked for in a lookup (the currency and date checked), or refuses. */
export async function effectiveRate(tenant: Tenant, input: { currency?: string | null; date?: string | null }) {
  const check = new Checker();
  const currency = checkCurrency(check, 'currency', tenant, input.currency);
  const date = check.date('date', input.date, { required: true });
  check.done();
  return rateOn(tenant, currency!, date!);
}

/** Sets the rate of a currency on a date; a date that already has one is refused (change that one instead). */
export async function createExchangeRate(scope: WriteScope, input: ExchangeRateInput) {
  const check = new Checker();
  const currency = checkCurrency(check, 'currency', scope, input.currency);
  const date = check.date('date', input.date, { required: true });
  const rate = checkRate(check, 'rate', input.rate);
  check.done();
  const taken = await scope.prisma.exchangeRate.findUnique({
    where: { organizationId_currency_date: { organizationId: scope.organizationId, currency: currency!, date: date! } },
  });
  if (taken)
    throw validationError([{ path: 'date', message: `${currency} already has a rate on ${date} (${taken.id}): change that one instead` }]);
  const row = await scope.prisma.exchangeRate.create({
    data: {
      id: newId('ExchangeRate'),
      organizationId: scope.organizationId,
      currency: currency!,
      date: date!,
      rate: rate!,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  return change(EXCHANGE_RATE, row, [{ type: 'exchange_rate.created', resource: { type: EXCHANGE_RATE, id: row.id, row } }]);
}

async function loadRate(scope: WriteScope, id: string) {
  const row = await scope.prisma.exchangeRate.findFirst({ where: { id, organizationId: scope.organizationId } });
  if (!row) throw notFound('exchange rate', id);
  return row;
}

/** Changes a rate (its currency and date name it, and stay). */
export async function updateExchangeRate(scope: WriteScope, id: string, input: { rate?: string | number | null }) {
  const check = new Checker();
  const rate = checkRate(check, 'rate', input.rate);
  check.done();
  const before = await loadRate(scope, id);
  if (before.rate === rate) return change(EXCHANGE_RATE, before);
  const row = await scope.prisma.exchangeRate.update({ where: { id }, data: { rate: rate!, updatedAt: scope.now } });
  return change(EXCHANGE_RATE, row, [{ type: 'exchange_rate.updated', resource: { type: EXCHANGE_RATE, id, row }, before }]);
}

/** Deletes a rate; dates after it then take the rate before it. */
export async function deleteExchangeRate(scope: WriteScope, id: string) {
  const row = await loadRate(scope, id);
  await scope.prisma.exchangeRate.delete({ where: { id } });
  return change(EXCHANGE_RATE, row, [{ type: 'exchange_rate.deleted', resource: { type: EXCHANGE_RATE, id, row } }]);
}

/**
 * Sets many rates at once (a table from the bank or a rates feed): each row checked first, every fault in
 * one answer and nothing written on any; then each currency and date's rate created, or changed when it
 * differs. The change's result is the last row; the caller reads the whole set back by currency and date.
 */
export async function setExchangeRates(scope: WriteScope, input: { rates?: ExchangeRateInput[] | null }) {
  const check = new Checker();
  const given = input.rates ?? [];
  if (given.length === 0) check.fail('rates', 'give at least one rate');
  if (given.length > MAX_BULK_RATES) check.fail('rates', `at most ${MAX_BULK_RATES} rates at once`);
  const seen = new Map<string, number>();
  const rows = given.slice(0, MAX_BULK_RATES).map((r, i) => {
    const currency = checkCurrency(check, `rates.${i}.currency`, scope, r.currency);
    const date = check.date(`rates.${i}.date`, r.date, { required: true });
    const rate = checkRate(check, `rates.${i}.rate`, r.rate);
    const key = `${currency}/${date}`;
    if (currency && date && seen.has(key)) check.fail(`rates.${i}`, `${currency} on ${date} is given twice (also rates.${seen.get(key)})`);
    seen.set(key, i);
    return { currency: currency!, date: date!, rate: rate! };
  });
  check.done();
  const existing = await scope.prisma.exchangeRate.findMany({
    where: { organizationId: scope.organizationId, OR: rows.map(({ currency, date }) => ({ currency, date })) },
  });
  const byKey = new Map(existing.map((r) => [`${r.currency}/${r.date}`, r]));
  const events: EventDraft[] = [];
  let last: PrismaTypes.ExchangeRateGetPayload<object> | undefined;
  for (const { currency, date, rate } of rows) {
    const before = byKey.get(`${currency}/${date}`);
    if (before?.rate === rate) {
      last = before;
      continue;
    }
    last = before
      ? await scope.prisma.exchangeRate.update({ where: { id: before.id }, data: { rate, updatedAt: scope.now } })
      : await scope.prisma.exchangeRate.create({
          data: {
            id: newId('ExchangeRate'),
            organizationId: scope.organizationId,
            currency,
            date,
            rate,
            createdAt: scope.now,
            updatedAt: scope.now,
          },
        });
    const resource = { type: EXCHANGE_RATE, id: last.id, row: last };
    events.push(before ? { type: 'exchange_rate.updated', resource, before } : { type: 'exchange_rate.created', resource });
  }
  return change(EXCHANGE_RATE, last!, events);
}

/** The rates a bulk set named, in its order (read after the write, so a replay answers the same). */
export async function ratesNamed(tenant: Tenant, rates: { currency?: string | null; date?: string | null }[]) {
  const wanted = rates.map((r) => ({
    currency: String(r.currency ?? '')
      .trim()
      .toUpperCase(),
    date: String(r.date ?? ''),
  }));
  const found = await tenant.prisma.exchangeRate.findMany({ where: { organizationId: tenant.organizationId, OR: wanted } });
  const byKey = new Map(found.map((r) => [`${r.currency}/${r.date}`, r]));
  return wanted.map((w) => byKey.get(`${w.currency}/${w.date}`)).filter((r) => r !== undefined);
}
