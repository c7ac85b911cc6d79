// Unrealized exchange gains and losses: what the foreign balances still open on a date (receivables and
// payables per party, foreign bank and cash accounts) are worth at that date's rate, against the home
// amounts they were booked at. Read from the journal lines that remember a foreign amount, so it holds
// for every document kind that posts in a foreign currency. Posting it (as Xero and Business Central do
// at a period end) adjusts each balance to the date's rate against the exchange gains and losses account,
// and reverses itself the next day, so realized differences are still posted whole when settled.
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { change } from '../../core/representations.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { addDays, today } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { Checker } from '../../lib/validate.ts';
import { exchangeAccountId, homeCurrency, toHome } from '../documents/index.ts';
import { rateOn } from '../exchange-rates/exchange-rates.service.ts';
import { JOURNAL_ENTRY } from '../journal/journal.public.ts';
import { mirrorLines, writePosting } from '../journal/journal.service.ts';

/** One foreign balance on a date: an account (and the party, on receivables or payables) in one currency. */
export interface RevaluationRow {
  accountId: string;
  customerId: string | null;
  vendorId: string | null;
  currency: string;
  /** The balance in the currency (debit positive) and the home amount it was booked at. */
  foreignBalance: bigint;
  bookedHome: bigint;
  rate: string;
  /** The balance at the date's rate, and the difference from what was booked (positive: a gain). */
  revaluedHome: bigint;
  unrealizedGain: bigint;
}

const minor = (value: unknown) => BigInt(value as bigint | number | string);

/**
 * The revaluation as at the end of `asOf`: every foreign balance then, at the currency's rate in force
 * that day (no rate on or before it: 400 naming the currency and the date).
 */
export async function revaluation(tenant: Tenant, asOf = today()) {
  const sums: {
    accountId: string;
    customerId: string | null;
    vendorId: string | null;
    currency: string;
    foreign: unknown;
    home: unknown;
  }[] = await tenant.prisma.$queryRaw(Prisma.sql`
    SELECT o."accountId", o."customerId", o."vendorId", o."currency", SUM(o."foreign") AS "foreign", SUM(o."home") AS "home"
    FROM (
      -- Money held or owed in the currency: receivables and payables per party, and accounts in the
      -- currency (a bank account's lines name the party paid, but the balance is the account's). Income,
      -- expense and tax lines were converted once and stay as booked.
      SELECT l."accountId", l."currency",
        CASE WHEN a."currency" IS NULL THEN l."customerId" END AS "customerId",
        CASE WHEN a."currency" IS NULL THEN l."vendorId" END AS "vendorId",
        CASE WHEN l."debit" > 0 THEN l."foreignAmount" ELSE -l."foreignAmount" END AS "foreign",
        l."debit" - l."credit" AS "home"
      FROM "JournalLine" l JOIN "Account" a ON a."id" = l."accountId"
      WHERE l."organizationId" = ${tenant.organizationId} AND l."date" <= ${asOf} AND l."currency" IS NOT NULL
        AND (a."systemRole" IN ('accounts_receivable', 'accounts_payable') OR a."currency" = l."currency")
    ) o
    GROUP BY o."accountId", o."customerId", o."vendorId", o."currency"
    ORDER BY o."currency", o."accountId", o."customerId", o."vendorId"`);
  const open = sums.map((s) => ({ ...s, foreign: minor(s.foreign), home: minor(s.home) })).filter((s) => s.foreign !== 0n || s.home !== 0n);
  const rates = new Map<string, string>();
  for (const currency of new Set(open.map((s) => s.currency))) rates.set(currency, (await rateOn(tenant, currency, asOf, 'asOf')).rate);
  const rows: RevaluationRow[] = open.map((s) => {
    const rate = rates.get(s.currency)!;
    const revaluedHome = toHome(tenant, s.foreign, s.currency, rate);
    return {
      accountId: s.accountId,
      customerId: s.customerId,
      vendorId: s.vendorId,
      currency: s.currency,
      foreignBalance: s.foreign,
      bookedHome: s.home,
      rate,
      revaluedHome,
      unrealizedGain: revaluedHome - s.home,
    };
  });
  return { asOf, currency: homeCurrency(tenant), rows, totalUnrealizedGain: rows.reduce((t, r) => t + r.unrealizedGain, 0n) };
}

/** The revaluation with each row's account and party read (one query each). */
export async function revaluationReport(tenant: Tenant, asOf = today()) {
  const report = await revaluation(tenant, asOf);
  const ids = (key: 'accountId' | 'customerId' | 'vendorId') => [
    ...new Set(report.rows.map((r) => r[key]).filter((id): id is string => !!id)),
  ];
  const where = (key: 'accountId' | 'customerId' | 'vendorId') => ({ organizationId: tenant.organizationId, id: { in: ids(key) } });
  const [accounts, customers, vendors] = await Promise.all([
    tenant.prisma.account.findMany({ where: where('accountId') }),
    tenant.prisma.customer.findMany({ where: where('customerId') }),
    tenant.prisma.vendor.findMany({ where: where('vendorId') }),
  ]);
  const byId = <Row extends { id: string }>(rows: Row[]) => new Map(rows.map((r) => [r.id, r]));
  const [account, customer, vendor] = [byId(accounts), byId(customers), byId(vendors)];
  return {
    ...report,
    rows: report.rows.map((r) => ({
      ...r,
      account: account.get(r.accountId)!,
      customer: r.customerId ? (customer.get(r.customerId) ?? null) : null,
      vendor: r.vendorId ? (vendor.get(r.vendorId) ?? null) : null,
    })),
  };
}

/**
 * Posts the revaluation as at `date`: each foreign balance moved to the date's rate (its line keeps the
 * currency, with no foreign amount: the balance in the currency does not change), against the exchange
 * gains and losses account; and its mirror the next day. Answers the revaluation entry, whose
 * `reversedBy` is the mirror. Nothing to revalue is refused.
 */
export async function postRevaluation(scope: WriteScope, input: { date?: string | null }) {
  const check = new Checker();
  const date = check.date('date', input.date, { required: true })!;
  check.done();
  const report = await revaluation(scope, date);
  const moved = report.rows.filter((r) => r.unrealizedGain !== 0n);
  if (moved.length === 0)
    throw new AppError('INVALID_STATE', `Nothing to revalue on ${date}: every foreign balance is booked at that day's rate`);
  const exchange = await exchangeAccountId(scope);
  const total = report.totalUnrealizedGain;
  const lines = [
    ...moved.map((r) => {
      const gain = r.unrealizedGain;
      return {
        accountId: r.accountId,
        debit: gain > 0n ? gain : 0n,
        credit: gain < 0n ? -gain : 0n,
        customerId: r.customerId,
        vendorId: r.vendorId,
        currency: r.currency,
        foreignAmount: 0n,
        description: `${r.currency} at ${r.rate}`,
      };
    }),
    ...(total !== 0n
      ? [
          {
            accountId: exchange,
            debit: total < 0n ? -total : 0n,
            credit: total > 0n ? total : 0n,
            description: 'Unrealized exchange result',
          },
        ]
      : []),
  ];
  const posted = await writePosting(scope, {
    date,
    description: `Revaluation of foreign balances at ${date}`,
    sourceType: 'revaluation',
    lines,
  });
  const reversal = await writePosting(scope, {
    date: addDays(date, 1),
    description: `Reversal of the revaluation of ${date}`,
    sourceType: 'revaluation_reversal',
    reversalOfId: posted.entry.id,
    lines: mirrorLines(posted.entry.lines as Parameters<typeof mirrorLines>[0]),
  });
  // As it stands after the write: reversed by the next day's mirror.
  const entry = { ...posted.entry, reversedBy: { id: reversal.entry.id } };
  const created = { ...posted.event, resource: { ...posted.event.resource, row: entry } };
  return change(JOURNAL_ENTRY, entry, [created, reversal.event]);
}
