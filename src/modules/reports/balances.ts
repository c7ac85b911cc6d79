// Balances add up the accounts' kept totals (AccountMonthlyTotal for whole months, AccountDailyTotal for
// the days of a month only partly in the range; both kept with every posting), not the journal lines
// themselves: the same sums, from far fewer rows. Reads the ledger only, nothing of the documents.
import type { AccountType } from '../../db/generated/sqlite/enums.ts';
import { addDays } from '../../lib/dates.ts';
import type { Tenant } from '../../core/tenant.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { bigintOf } from '../../db/sql.ts';
import { modelRows } from '../../db/model-rows.ts';
import { setBounded } from '../../lib/bounded-map.ts';

/** A SUM the database answered, as exact minor units. */
export const minor = bigintOf;

/** Debit-normal account types; the others are credit-normal. */
export const DEBIT_NORMAL: readonly AccountType[] = ['ASSET', 'EXPENSE'];

export interface AccountSums {
  accountId: string;
  debit: bigint;
  credit: bigint;
}

/**
 * A date range (inclusive, either end open) as what the kept totals hold: the whole months inside it
 * (AccountMonthlyTotal) and the days of the months it only partly covers (AccountDailyTotal). A balance
 * as at a date is then its history's months plus at most a month of days.
 */
export function periodParts(
  from?: string,
  to?: string,
): { months?: { gte?: string; lte?: string }; days: { gte?: string; lte?: string }[] } {
  const monthOf = (date: string) => date.slice(0, 7);
  const nextMonthStart = (date: string) => `${monthOf(addDays(`${monthOf(date)}-28`, 4))}-01`; // the 28th + 4 days is next month
  if (from && to && monthOf(from) === monthOf(to)) return { days: [{ gte: from, lte: to }] };
  const days: { gte?: string; lte?: string }[] = [];
  let firstMonth: string | undefined;
  let lastMonth: string | undefined;
  if (from) {
    if (from.endsWith('-01')) firstMonth = monthOf(from);
    else {
      const next = nextMonthStart(from);
      days.push({ gte: from, lte: addDays(next, -1) });
      firstMonth = monthOf(next);
    }
  }
  if (to) {
    const monthStart = `${monthOf(to)}-01`;
    if (addDays(to, 1).endsWith('-01')) lastMonth = monthOf(to);
    else {
      days.push({ gte: monthStart, lte: to });
      lastMonth = monthOf(addDays(monthStart, -1));
    }
  }
  const months =
    firstMonth && lastMonth && firstMonth > lastMonth
      ? undefined
      : { ...(firstMonth ? { gte: firstMonth } : {}), ...(lastMonth ? { lte: lastMonth } : {}) };
  return { months, days };
}

export interface DateRange {
  from?: string;
  to?: string;
}

/**
 * The statement of each account's debit and credit sums over each of `ranges` (inclusive, either end
 * open): every range as the kept totals hold it (periodParts), its parts tagged with the range's index,
 * so a report needing several ranges (the trial balance: the closed years and this one) reads them in
 * one round trip; undefined when no range has a part (test/db/list-plans.test.ts reads its plan).
 */
export function periodSumsStatement(organizationId: string, ranges: DateRange[], accountIds?: string[]): Prisma.Sql | undefined {
  const ofAccounts = accountIds ? Prisma.sql` AND "accountId" IN (${Prisma.join(accountIds)})` : Prisma.empty;
  const within = (column: string, range: { gte?: string; lte?: string }) =>
    Prisma.join(
      [
        range.gte ? Prisma.sql` AND ${Prisma.raw(column)} >= ${range.gte}` : Prisma.empty,
        range.lte ? Prisma.sql` AND ${Prisma.raw(column)} <= ${range.lte}` : Prisma.empty,
      ],
      '',
      '',
      '',
    );
  const parts = ranges.flatMap((range, index) => {
    const { months, days } = periodParts(range.from, range.to);
    // The index as a literal (an integer of ours, not input): a bound parameter would be untyped text on PostgreSQL.
    const rows = (table: string) =>
      Prisma.sql`SELECT ${Prisma.raw(String(index))} AS "part", "accountId", "debit", "credit" FROM ${Prisma.raw(`"${table}"`)}
        WHERE "organizationId" = ${organizationId}${ofAccounts}`;
    return [
      ...(months ? [Prisma.sql`${rows('AccountMonthlyTotal')}${within('"month"', months)}`] : []),
      ...days.map((d) => Prisma.sql`${rows('AccountDailyTotal')}${within('"date"', d)}`),
    ];
  });
  if (!parts.length) return undefined;
  return Prisma.sql`SELECT p."part", p."accountId", SUM(p."debit") AS "debit", SUM(p."credit") AS "credit" FROM
    (${Prisma.join(parts, ' UNION ALL ')}) p GROUP BY p."part", p."accountId"`;
}

/**
 * The statements of the organizations' whole-chart sums lately asked for, by organization and ranges: a
 * report is asked again and again for the same dates (a dashboard's after every event), and rebuilding its
 * statement (the ranges' months and days, the SQL) each time showed in its profile (docs/performance.md).
 * Oldest out first past the bound; a statement is the same text and values however often it is built.
 */
const chartSumsStatements = new Map<string, Prisma.Sql | undefined>();
const CHART_SUMS_STATEMENTS_KEPT = 1000;

function chartSumsStatement(organizationId: string, ranges: DateRange[]): Prisma.Sql | undefined {
  const key = `${organizationId}${ranges.map((r) => `|${r.from ?? ''}..${r.to ?? ''}`).join('')}`;
  if (chartSumsStatements.has(key)) return chartSumsStatements.get(key);
  const statement = periodSumsStatement(organizationId, ranges);
  setBounded(chartSumsStatements, key, statement, CHART_SUMS_STATEMENTS_KEPT);
  return statement;
}

/** Some accounts' sums over a range, from one statement (periodSumsStatement); the whole chart's are chartWithSums'. */
export async function sumsByAccount(
  tenant: Pick<Tenant, 'prisma' | 'organizationId'>,
  where: DateRange & { accountIds: string[] },
): Promise<AccountSums[]> {
  const statement = periodSumsStatement(tenant.organizationId, [where], where.accountIds);
  if (!statement) return [];
  const sums: { accountId: string; debit: unknown; credit: unknown }[] = await tenant.prisma.$queryRaw(statement);
  return sums.map((row) => ({ accountId: row.accountId, debit: minor(row.debit), credit: minor(row.credit) }));
}

/** Balance of each account on its normal side, from all posted lines (optionally up to a date). */
export async function accountBalances(
  tenant: Pick<Tenant, 'prisma' | 'organizationId'>,
  accountIds: string[],
  asOf?: string,
): Promise<Map<string, bigint>> {
  // Both at once: on PostgreSQL two round trips side by side rather than one after the other.
  const [sums, accounts] = await Promise.all([
    sumsByAccount(tenant, { accountIds, to: asOf }),
    tenant.prisma.account.findMany({
      where: { organizationId: tenant.organizationId, id: { in: accountIds } },
      select: { id: true, type: true },
    }),
  ]);
  return normalBalancesOf(sums, accounts);
}

/** Balance of each of `accounts` (rows already read, with their type) on its normal side, optionally up to a date. */
export async function balancesOf(
  tenant: Pick<Tenant, 'prisma' | 'organizationId'>,
  accounts: { id: string; type: AccountType }[],
  asOf?: string,
): Promise<Map<string, bigint>> {
  if (accounts.length === 0) return new Map();
  return normalBalancesOf(await sumsByAccount(tenant, { accountIds: accounts.map((a) => a.id), to: asOf }), accounts);
}

function normalBalancesOf(sums: AccountSums[], accounts: { id: string; type: AccountType }[]): Map<string, bigint> {
  const typeOf = new Map(accounts.map((a) => [a.id, a.type]));
  return new Map(sums.map((s) => [s.accountId, normal(typeOf.get(s.accountId)!, s.debit - s.credit)]));
}

export const normal = (type: AccountType, net: bigint) => (DEBIT_NORMAL.includes(type) ? net : -net);

export type Account = Awaited<ReturnType<Tenant['prisma']['account']['findUniqueOrThrow']>>;

/** The columns a report reads of every account whatever it shows: to sum, order and find the retained earnings account. */
const REPORTED_ACCOUNT = ['id', 'code', 'type', 'systemRole'];
/** A summed chart's condition (Chart): the account has a sum, or is the retained earnings account. */
const RETAINED = Prisma.raw(` AND a."systemRole" = 'retained_earnings'`);
const SUMMED_OR_RETAINED = Prisma.raw(` AND (s."accountId" IS NOT NULL OR a."systemRole" = 'retained_earnings')`);

/**
 * Which accounts of the chart a report reads: all of them, or only those with a sum in one of its ranges
 * and the retained earnings account (a report that lists balances, and folds the closed years' result
 * into that account). Reading every account made a row of each, most of them empty, on every request
 * (docs/performance.md, levers table).
 */
export type Chart = 'whole' | 'summed';

/**
 * The organization's chart by code and each account's sums over each of `ranges` (periodSumsStatement,
 * kept by chartSumsStatement), in one statement: the chart joined to its sums. On PostgreSQL a round trip
 * less for every report over the chart; on SQLite no dearer than two. With `accountColumns` (what the
 * report's caller will read of each account, ReportOptions) the rows hold those and REPORTED_ACCOUNT's
 * only, typed as whole rows for the report's sake.
 */
export async function chartWithSums(
  tenant: Pick<Tenant, 'prisma' | 'organizationId'>,
  ranges: DateRange[],
  accountColumns?: readonly string[],
  chart: Chart = 'whole',
): Promise<{ accounts: Account[]; sums: AccountSums[][] }> {
  const sums = ranges.map((): AccountSums[] => []);
  const sumsStatement = chartSumsStatement(tenant.organizationId, ranges);
  const fields = accountColumns && [...new Set([...accountColumns, ...REPORTED_ACCOUNT])];
  const { columns, row } = modelRows<Account>('Account', fields, 'a');
  const withSums = sumsStatement
    ? Prisma.sql`, s."part" AS "sumsPart", s."debit" AS "sumsDebit", s."credit" AS "sumsCredit"
      FROM "Account" a LEFT JOIN (${sumsStatement}) s ON s."accountId" = a."id"`
    : Prisma.sql` FROM "Account" a`;
  const only = chart === 'whole' ? Prisma.empty : sumsStatement ? SUMMED_OR_RETAINED : RETAINED;
  const records: Record<string, unknown>[] = await tenant.prisma.$queryRaw(
    Prisma.sql`SELECT ${Prisma.raw(columns)}${withSums}
      WHERE a."organizationId" = ${tenant.organizationId}${only} ORDER BY a."code"${Prisma.raw(sumsStatement ? ', s."part"' : '')}`,
  );
  const accounts: Account[] = [];
  for (const record of records) {
    const id = record.id as string;
    if (accounts.at(-1)?.id !== id) accounts.push(row(record));
    if (record.sumsPart !== null && record.sumsPart !== undefined)
      sums[Number(record.sumsPart)].push({ accountId: id, debit: minor(record.sumsDebit), credit: minor(record.sumsCredit) });
  }
  return { accounts, sums };
}
