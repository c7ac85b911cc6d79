// Reports are aggregates computed in the database, never by loading every line into memory. Balances add
// up the accounts' kept totals (AccountMonthlyTotal for whole months, AccountDailyTotal for the days of a
// month only partly in the range; both kept with every posting), not the journal lines themselves: the
// same sums, from far fewer rows.
import type { AccountType } from '../../db/generated/sqlite/enums.ts';
import { addDays, fiscalYearStart, today } from '../../lib/dates.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { Checker } from '../../lib/validate.ts';
import { type PageWindow, pageResult } from '../../lib/pagination.ts';
import type { Tenant } from '../../core/tenant.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { bigintOf, offThread } from '../../db/sql.ts';
import { modelRows } from '../../db/model-rows.ts';
import { type AgingSide, agingPending, agingSources, creditDocumentTypes } from '../documents/index.ts';
import { setBounded } from '../../lib/bounded-map.ts';

/** Debit-normal account types; the others are credit-normal. */
export const DEBIT_NORMAL: readonly AccountType[] = ['ASSET', 'EXPENSE'];

interface AccountSums {
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

interface DateRange {
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
async function sumsByAccount(
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

const normal = (type: AccountType, net: bigint) => (DEBIT_NORMAL.includes(type) ? net : -net);

type Account = Awaited<ReturnType<Tenant['prisma']['account']['findUniqueOrThrow']>>;

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
type Chart = 'whole' | 'summed';

/**
 * The organization's chart by code and each account's sums over each of `ranges` (periodSumsStatement,
 * kept by chartSumsStatement), in one statement: the chart joined to its sums. On PostgreSQL a round trip
 * less for every report over the chart; on SQLite no dearer than two. With `accountColumns` (what the
 * report's caller will read of each account, ReportOptions) the rows hold those and REPORTED_ACCOUNT's
 * only, typed as whole rows for the report's sake.
 */
async function chartWithSums(
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

/** What a caller tells a report of how it will read it. */
export interface ReportOptions {
  /** The only columns of its accounts the caller reads (undefined: any). */
  accountColumns?: readonly string[];
}

const PROFIT_AND_LOSS: readonly AccountType[] = ['INCOME', 'EXPENSE'];

/**
 * The books at the end of `asOf` with every fiscal year before the one `asOf` falls in closed, as
 * QuickBooks and Xero report them without a closing entry: each account's net (debit − credit) up to
 * `asOf`, but an income or expense account's only from the start of the fiscal year, and the result of
 * the closed years (their income − expenses) apart, as `retainedEarnings`.
 */
async function closedBooks(tenant: Tenant, asOf: string, accountColumns?: readonly string[]) {
  const yearStart = fiscalYearStart(asOf, tenant.organization.fiscalYearEnd);
  // The closed years and this one, apart: together no more rows than the whole history up to asOf.
  const {
    accounts,
    sums: [closed, current],
  } = await chartWithSums(tenant, [{ to: addDays(yearStart, -1) }, { from: yearStart, to: asOf }], accountColumns, 'summed');
  const typeOf = new Map(accounts.map((a) => [a.id, a.type]));
  const net = new Map<string, bigint>();
  let retainedEarnings = 0n;
  for (const s of closed) {
    if (PROFIT_AND_LOSS.includes(typeOf.get(s.accountId)!)) retainedEarnings += s.credit - s.debit;
    else net.set(s.accountId, s.debit - s.credit);
  }
  for (const s of current) net.set(s.accountId, (net.get(s.accountId) ?? 0n) + s.debit - s.credit);
  return { yearStart, accounts, net, retainedEarnings };
}

export async function trialBalance(tenant: Tenant, asOf = today(), options: ReportOptions = {}) {
  const { accounts, net, retainedEarnings } = await closedBooks(tenant, asOf, options.accountColumns);
  // The closed years' result sits in the retained earnings account, as if closed into it.
  const retained = accounts.find((a) => a.systemRole === 'retained_earnings');
  if (retained) net.set(retained.id, (net.get(retained.id) ?? 0n) - retainedEarnings);
  const rows = accounts
    .filter((a) => net.has(a.id))
    .map((account) => {
      const n = net.get(account.id)!;
      return { account, debit: n > 0n ? n : 0n, credit: n < 0n ? -n : 0n };
    })
    .filter((r) => r.debit !== 0n || r.credit !== 0n);
  const totalDebit = rows.reduce((t, r) => t + r.debit, 0n);
  const totalCredit = rows.reduce((t, r) => t + r.credit, 0n);
  return { asOf, rows, totalDebit, totalCredit };
}

function section(accounts: Account[], balances: Map<string, bigint>, type: AccountType) {
  const rows = accounts
    .filter((a) => a.type === type && (balances.get(a.id) ?? 0n) !== 0n)
    .map((account) => ({ account, amount: balances.get(account.id)! }));
  return { rows, total: rows.reduce((t, r) => t + r.amount, 0n) };
}

async function normalBalances(tenant: Tenant, range: { from?: string; to?: string }, accountColumns?: readonly string[]) {
  const {
    accounts,
    sums: [sums],
  } = await chartWithSums(tenant, [range], accountColumns, 'summed');
  const typeOf = new Map(accounts.map((a) => [a.id, a.type]));
  return { accounts, balances: new Map(sums.map((s) => [s.accountId, normal(typeOf.get(s.accountId)!, s.debit - s.credit)])) };
}

/**
 * Assets = liabilities + equity + retained earnings (the result of every closed fiscal year) + current
 * earnings (this fiscal year's income − expenses, up to `asOf`).
 */
export async function balanceSheet(tenant: Tenant, asOf = today(), options: ReportOptions = {}) {
  const { yearStart, accounts, net, retainedEarnings } = await closedBooks(tenant, asOf, options.accountColumns);
  const typeOf = new Map(accounts.map((a) => [a.id, a.type]));
  const balances = new Map([...net].map(([id, n]) => [id, normal(typeOf.get(id)!, n)]));
  const assets = section(accounts, balances, 'ASSET');
  const liabilities = section(accounts, balances, 'LIABILITY');
  const equity = section(accounts, balances, 'EQUITY');
  const currentEarnings = section(accounts, balances, 'INCOME').total - section(accounts, balances, 'EXPENSE').total;
  return {
    asOf,
    fiscalYearStart: yearStart,
    assets,
    liabilities,
    equity,
    retainedEarnings,
    currentEarnings,
    totalLiabilitiesAndEquity: liabilities.total + equity.total + retainedEarnings + currentEarnings,
  };
}

export async function profitAndLoss(tenant: Tenant, from: string, to: string, options: ReportOptions = {}) {
  if (to < from) throw validationError([{ path: 'to', message: `must not be before from (${from})` }]);
  const { accounts, balances } = await normalBalances(tenant, { from, to }, options.accountColumns);
  const income = section(accounts, balances, 'INCOME');
  const expenses = section(accounts, balances, 'EXPENSE');
  return { from, to, income, expenses, netIncome: income.total - expenses.total };
}

/** The start of the fiscal year after the one starting `start`. */
const nextYearStart = (start: string, fiscalYearEnd: string) => fiscalYearStart(addDays(start, 366), fiscalYearEnd);

/**
 * The closings of the fiscal years that ended in [from, to] (from: the first posting when open), as
 * the retained-earnings account's ledger shows them: no journal entry closes a year (the reports close
 * it, as QuickBooks and Xero do), so each closed year's result (income − expenses) is a computed line
 * dated the first day of the next fiscal year, where the trial balance starts showing it in retained
 * earnings. One statement sums every year.
 */
async function yearClosings(tenant: Tenant, from: string | undefined, to: string) {
  const fiscalYearEnd = tenant.organization.fiscalYearEnd;
  const first =
    from ??
    (await tenant.prisma.journalLine.findFirst({ where: { organizationId: tenant.organizationId }, orderBy: { date: 'asc' } }))?.date;
  if (!first) return [];
  // Only the years the books have lines in close anything: a range reaching centuries before or after
  // them costs no more than the books' own span.
  const [earliest, latest] = await Promise.all(
    (['asc', 'desc'] as const).map(async (order) =>
      from === undefined && order === 'asc'
        ? first
        : (
            await tenant.prisma.journalLine.findFirst({
              where: { organizationId: tenant.organizationId },
              orderBy: { date: order },
              select: { date: true },
            })
          )?.date,
    ),
  );
  if (!earliest || !latest) return [];
  const years: { from: string; to: string; closedOn: string }[] = [];
  let start = fiscalYearStart(first, fiscalYearEnd);
  if (start < first || from === undefined) start = nextYearStart(start, fiscalYearEnd);
  const firstClosing = nextYearStart(fiscalYearStart(earliest, fiscalYearEnd), fiscalYearEnd);
  if (start < firstClosing) start = firstClosing;
  for (; start <= to && fiscalYearStart(addDays(start, -1), fiscalYearEnd) <= latest; start = nextYearStart(start, fiscalYearEnd)) {
    years.push({ from: fiscalYearStart(addDays(start, -1), fiscalYearEnd), to: addDays(start, -1), closedOn: start });
  }
  if (!years.length) return [];
  // A statement sums at most a century of years: SQLite caps a compound SELECT at 500 terms.
  const parts = [];
  for (let i = 0; i < years.length; i += 100) parts.push(await chartWithSums(tenant, years.slice(i, i + 100)));
  const accounts = parts[0]!.accounts;
  const sums = parts.flatMap((p) => p.sums);
  const profitAndLoss = new Set(accounts.filter((a) => PROFIT_AND_LOSS.includes(a.type)).map((a) => a.id));
  return years.map((year, i) => ({
    date: year.closedOn,
    fiscalYearStart: year.from,
    fiscalYearEnd: year.to,
    netIncome: sums[i].filter((s) => profitAndLoss.has(s.accountId)).reduce((t, s) => t + s.credit - s.debit, 0n),
  }));
}

/** What a ledger line tells of its entry: which one, and what posted it (the invoice, the payment…). */
const LEDGER_ENTRY = { id: true, number: true, description: true, reference: true, sourceType: true, sourceId: true } as const;

/**
 * Where an account's opening balance at `from` comes from: every line before it, or for an income or
 * expense account (`resets`) only those of from's fiscal year, since each year's result was closed into
 * retained earnings (yearClosings): at a fiscal year's first day they open at zero.
 */
const openingRange = (from: string, resets: boolean, yearOf: (date: string) => string): DateRange =>
  resets
    ? yearOf(from) < from
      ? { from: yearOf(from), to: addDays(from, -1) }
      : { from, to: addDays(from, -1) }
    : { to: addDays(from, -1) };

/**
 * What an account's closing balance sums: its lines in the range (added to its opening), or for an
 * income or expense account its lines of the closing date's fiscal year, whole (`to`, else today).
 */
const closingRange = (range: { from?: string | null; to?: string | null }, resets: boolean, yearOf: (date: string) => string): DateRange =>
  resets ? { from: yearOf(range.to ?? today()), to: range.to ?? undefined } : { from: range.from ?? undefined, to: range.to ?? undefined };

/** An account's lines from `date` on and before `line` (by date, then id): what a page's first line's running balance adds up. */
function linesBefore(organizationId: string, line: { accountId: string; date: string; id: string }, date: { gte?: string }) {
  return {
    organizationId,
    accountId: line.accountId,
    ...(date.gte ? { date: { gte: date.gte } } : {}),
    OR: [{ date: { lt: line.date } }, { date: line.date, id: { lt: line.id } }],
  };
}

/**
 * An account's lines in a date range with running balances, one page at a time. The retained-earnings
 * account's ledger also counts each fiscal year's closing (yearClosings), so it ties to the trial balance.
 */
export async function generalLedger(
  tenant: Tenant,
  accountId: string,
  range: { from?: string | null; to?: string | null },
  window: PageWindow,
) {
  const account = await tenant.prisma.account.findFirst({ where: { id: accountId, organizationId: tenant.organizationId } });
  if (!account) throw notFound('account', accountId);
  if (range.from && range.to && range.to < range.from)
    throw validationError([{ path: 'to', message: `must not be before from (${range.from})` }]);
  const inRange = {
    organizationId: tenant.organizationId,
    accountId,
    ...(range.from || range.to ? { date: { ...(range.from ? { gte: range.from } : {}), ...(range.to ? { lte: range.to } : {}) } } : {}),
  };
  const orderBy = [{ date: 'asc' as const }, { id: 'asc' as const }];
  const resets = PROFIT_AND_LOSS.includes(account.type);
  const yearOf = (date: string) => fiscalYearStart(date, tenant.organization.fiscalYearEnd);
  const [opening, lines, total, closing] = await Promise.all([
    range.from ? sumsByAccount(tenant, { accountIds: [accountId], ...openingRange(range.from, resets, yearOf) }) : [],
    tenant.prisma.journalLine.findMany({
      where: inRange,
      orderBy,
      skip: window.skip,
      take: window.limit,
      include: { entry: { select: LEDGER_ENTRY } },
    }),
    tenant.prisma.journalLine.count({ where: inRange }),
    sumsByAccount(tenant, { accountIds: [accountId], ...closingRange(range, resets, yearOf) }),
  ]);
  const net = (agg: { _sum: { debit: bigint | null; credit: bigint | null } } | null) =>
    normal(account.type, (agg?._sum.debit ?? 0n) - (agg?._sum.credit ?? 0n));
  const netOf = (sums: AccountSums[]) => normal(account.type, (sums[0]?.debit ?? 0n) - (sums[0]?.credit ?? 0n));
  // What the range's lines on earlier pages add before this page's first line (an income or expense
  // account: only those of the first line's fiscal year, and before the range, that year's opening).
  const first = lines[0];
  const beforePage =
    first && (window.skip > 0 || resets)
      ? await tenant.prisma.journalLine.aggregate({
          where: linesBefore(tenant.organizationId, first, resets ? { gte: yearOf(first.date) } : { gte: range.from ?? undefined }),
          _sum: { debit: true, credit: true },
        })
      : null;
  // Retained earnings also holds each closed year's result: the years closed before `from` open it, the
  // years closed within the range are its closings (a closing comes first on its day).
  const retained = account.systemRole === 'retained_earnings';
  const closings = retained ? await yearClosings(tenant, range.from ?? undefined, range.to ?? today()) : [];
  const closedBefore = retained && range.from ? (await closedBooks(tenant, addDays(range.from, -1))).retainedEarnings : 0n;
  const closedBy = (date: string) => closings.filter((c) => c.date <= date).reduce((t, c) => t + c.netIncome, 0n);
  const openingBalance = netOf(opening) + closedBefore;
  let running = (resets ? 0n : openingBalance) + net(beforePage);
  let year = first ? yearOf(first.date) : '';
  const rows = lines.map((line) => {
    if (resets && yearOf(line.date) !== year) [running, year] = [0n, yearOf(line.date)]; // a new fiscal year opens at zero
    running += normal(account.type, line.debit - line.credit);
    return { line, balance: running + closedBy(line.date) };
  });
  return {
    account,
    from: range.from ?? null,
    to: range.to ?? null,
    openingBalance,
    closingBalance: (resets ? 0n : openingBalance) + netOf(closing) + closings.reduce((t, c) => t + c.netIncome, 0n),
    yearClosings: closings,
    lines: pageResult(rows, total, window),
  };
}

/** A SUM the database answered, as exact minor units. */
const minor = bigintOf;

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

/** The rows of `table` open at the end of `asOf`, in two halves: still open and issued by then, or settled after it. */
function openRows(
  table: string,
  columns: Prisma.Sql,
  organizationId: string,
  asOf: string,
  openStatuses: string,
  currency: string | undefined,
) {
  const inCurrency = currency ? Prisma.sql` AND i."currency" = ${currency}` : Prisma.empty;
  return Prisma.sql`
      SELECT ${columns} FROM ${Prisma.raw(`"${table}"`)} i
      WHERE i."organizationId" = ${organizationId} AND i."status" IN (${Prisma.raw(openStatuses)}) AND i."issueDate" <= ${asOf}${inCurrency}
      UNION ALL
      SELECT ${columns} FROM ${Prisma.raw(`"${table}"`)} i
      -- The issue date as an expression: no planner may read this half by the issue-date index (every
      -- document issued before the date), whatever its statistics; the settled-after index finds the few.
      WHERE i."organizationId" = ${organizationId} AND i."settledOn" > ${asOf} AND i."issueDate" || '' <= ${asOf}${inCurrency}`;
}

/**
 * Each document open at the end of `asOf` with what was still due on it then: its total less its
 * payments (and credit applied) dated on or before `asOf` (a payment voided by then paid nothing); and
 * each credit document's credit still unused then (not applied, not refunded), as a negative amount due
 * on its own date. In home currency (a foreign document's home total less what its settlements cleared
 * at its rate, as the ledger has it), or, given a `currency`, only the documents in it, in it.
 */
function openAt(organizationId: string, asOf: string, side: AgingSide, currency?: string): Prisma.Sql {
  const total = currency ? Prisma.sql`i."total"` : Prisma.sql`COALESCE(i."homeTotal", i."total")`;
  const halves = agingSources(side).map((source) => {
    // What settled it by then and was not undone by then (a payment, write-off, credit applied or refund
    // voided by then settled nothing): in home currency, what each cleared; in a currency, its amount.
    const settled = source.settledBy.map((by) => {
      const value = currency ? Prisma.sql`p."amount"` : Prisma.raw(`COALESCE(p."${by.home}", p."amount")`);
      return Prisma.sql` - COALESCE((SELECT SUM(${value}) FROM ${Prisma.raw(`"${by.table}"`)} p WHERE p.${Prisma.raw(`"${by.key}"`)} = i."id"
        AND p."date" <= ${asOf} AND (p."voidDate" IS NULL OR p."voidDate" > ${asOf})), 0)`;
    });
    const due = Prisma.sql`${total}${settled.length ? Prisma.join(settled, '', '', '') : Prisma.empty}`;
    const columns = Prisma.sql`${Prisma.raw(`'${source.kind}'`)} AS "kind", i."id", i."number", i.${Prisma.raw(`"${source.partyKey}"`)} AS "partyId",
      i."issueDate", i.${Prisma.raw(`"${source.dueDateColumn}"`)} AS "dueDate", ${source.sign < 0n ? Prisma.sql`-(${due})` : due} AS "due"`;
    const open = source.open.map((status) => `'${status}'`).join(', ');
    return openRows(source.table, columns, organizationId, asOf, open, currency);
  });
  return Prisma.join(halves, ' UNION ALL ', '', '');
}

/**
 * The statement of aged receivables (or payables) as at `asOf`: one row per party owing (owed) then, with its buckets,
 * from the kept aging sums, or, for an organization whose aging is still being derived, from the documents
 * (test/db/list-plans.test.ts reads its plans).
 */
export function agingStatement(
  organizationId: string,
  asOf: string,
  side: AgingSide = 'receivables',
  currency?: string,
  from: 'kept' | 'documents' = 'kept',
  /** One party's row only (a statement's aging). */
  partyId?: string,
): Prisma.Sql {
  // Not a WHERE on what is due: PostgreSQL would push it into every half and run the subqueries twice. A
  // customer whose unused credit outweighs what it owes shows, with a negative total (a credit).
  if (from === 'documents')
    return Prisma.sql`
      SELECT o."partyId", ${bucketSums(asOf, Prisma.sql`o."due"`, Prisma.sql`o."dueDate"`)}
      FROM (${openAt(organizationId, asOf, side, currency)}) o
      ${partyId ? Prisma.sql`WHERE o."partyId" = ${partyId}` : Prisma.empty}
      GROUP BY o."partyId"
      HAVING SUM(o."due") <> 0`;
  // Each party's total and what of it was due before each bucket's edge (so a bucket is the difference
  // of two edges). From the balances: the party's kept total, and its running balance at each edge that
  // falls after its earliest due date and not after its latest (before it, nothing; after, the total),
  // the latest due date before the edge, one key lookup. So it reads at most five rows a party and
  // currency however many due dates it owes. As at a past date, less the days after it.
  const column = currency ? 'amount' : 'home';
  const edges = [asOf, ...agingEdges(asOf)];
  const running = Prisma.raw(`"running${column === 'home' ? 'Home' : 'Amount'}"`);
  const total = Prisma.raw(`p."${column}"`);
  const before = (edge: string) => Prisma.sql`CASE WHEN p."earliestDue" >= ${edge} THEN 0 WHEN p."latestDue" < ${edge} THEN ${total}
      ELSE (SELECT b.${running} FROM "AgingBalance" b WHERE b."organizationId" = p."organizationId" AND b."side" = p."side"
        AND b."partyId" = p."partyId" AND b."currency" = p."currency" AND b."dueDate" < ${edge} ORDER BY b."dueDate" DESC LIMIT 1) END`;
  const filters = Prisma.sql`${currency ? Prisma.sql` AND "currency" = ${currency}` : Prisma.empty}${partyId ? Prisma.sql` AND "partyId" = ${partyId}` : Prisma.empty}`;
  const balances = Prisma.sql`SELECT p."partyId", ${total} AS "total",
      ${Prisma.join(edges.map((edge, i) => Prisma.sql`${before(edge)} AS ${Prisma.raw(`"before${i}"`)}`))}
    FROM "AgingParty" p WHERE p."organizationId" = ${organizationId} AND p."side" = ${side}${filters}`;
  const value = Prisma.raw(`-"${column}"`);
  const daysAfter = Prisma.sql`SELECT "partyId", SUM(${value}) AS "total",
      ${Prisma.join(edges.map((edge, i) => Prisma.sql`SUM(CASE WHEN "dueDate" < ${edge} THEN ${value} ELSE 0 END) AS ${Prisma.raw(`"before${i}"`)}`))}
    FROM "AgingDay" WHERE "organizationId" = ${organizationId} AND "side" = ${side} AND "date" > ${asOf}${filters}
    GROUP BY "partyId"`;
  return Prisma.sql`
    SELECT k."partyId", SUM(k."total") - SUM(k."before0") AS "current", SUM(k."before0") - SUM(k."before1") AS "days1to30",
      SUM(k."before1") - SUM(k."before2") AS "days31to60", SUM(k."before2") - SUM(k."before3") AS "days61to90",
      SUM(k."before3") AS "over90"
    FROM (${balances} UNION ALL ${daysAfter}) k
    GROUP BY k."partyId"
    HAVING SUM(k."total") <> 0`;
}

/** The due dates before which an amount is over 30, 60 and 90 days overdue as at the end of `asOf`. */
const agingEdges = (asOf: string) => [addDays(asOf, -30), addDays(asOf, -60), addDays(asOf, -90)] as const;

/** The aged buckets of amounts `due` on `dueDate` as at the end of `asOf`, summed: current = not yet due; then 1–30 … over 90 days. */
function bucketSums(asOf: string, due: Prisma.Sql, dueDate: Prisma.Sql) {
  const [d30, d60, d90] = agingEdges(asOf);
  return Prisma.sql`
      SUM(CASE WHEN ${dueDate} >= ${asOf} THEN ${due} ELSE 0 END) AS "current",
      SUM(CASE WHEN ${dueDate} < ${asOf} AND ${dueDate} >= ${d30} THEN ${due} ELSE 0 END) AS "days1to30",
      SUM(CASE WHEN ${dueDate} < ${d30} AND ${dueDate} >= ${d60} THEN ${due} ELSE 0 END) AS "days31to60",
      SUM(CASE WHEN ${dueDate} < ${d60} AND ${dueDate} >= ${d90} THEN ${due} ELSE 0 END) AS "days61to90",
      SUM(CASE WHEN ${dueDate} < ${d90} THEN ${due} ELSE 0 END) AS "over90"`;
}

/**
 * The bucket of an amount due on `dueDate`, as at the end of `asOf`: days overdue = asOf − dueDate;
 * current when not yet overdue (due on or after asOf), then 1–30, 31–60, 61–90 and over 90 days.
 */
export function agingBucket(dueDate: string, asOf: string): { daysOverdue: number; bucket: (typeof AGING_BUCKETS)[number] } {
  const daysOverdue = Math.max(0, Math.round((Date.parse(asOf) - Date.parse(dueDate)) / 86_400_000));
  const bucket =
    daysOverdue === 0
      ? 'current'
      : daysOverdue <= 30
        ? 'days1to30'
        : daysOverdue <= 60
          ? 'days31to60'
          : daysOverdue <= 90
            ? 'days61to90'
            : 'over90';
  return { daysOverdue, bucket };
}

/**
 * Aging detail: every invoice (bill) open at the end of `asOf` with what was due on it then, its days
 * overdue and bucket, most overdue first. Its amounts sum, per party and bucket, to the aged report's.
 */
export async function agingDetail(tenant: Tenant, asOf: string, side: AgingSide, currency?: string) {
  const rows: {
    /** `document`, or the resource of the credit document whose unused credit the row is (`credit_note`). */
    kind: string;
    id: string;
    number: string;
    partyId: string;
    issueDate: string;
    dueDate: string;
    due: unknown;
  }[] = await tenant.prisma.$queryRaw(
    // Every open document: off the request thread on SQLite.
    offThread(
      Prisma.sql`SELECT o."kind", o."id", o."number", o."partyId", o."issueDate", o."dueDate", o."due" FROM
        (${openAt(tenant.organizationId, asOf, side, currency)}) o ORDER BY o."dueDate", o."number"`,
      tenant.organizationId,
    ),
  );
  return rows
    .map((r) => ({
      kind: r.kind,
      id: r.id,
      number: r.number,
      partyId: r.partyId,
      issueDate: r.issueDate,
      dueDate: r.dueDate,
      outstanding: minor(r.due),
      currency: currency ?? null,
      ...agingBucket(r.dueDate, asOf),
    }))
    .filter((r) => r.outstanding !== 0n);
}

type Buckets = Record<(typeof AGING_BUCKETS)[number], bigint>;

/** The aged sums as at `asOf` per party id, from one aggregate in the database (no document is loaded into the process). */
async function agedSums(tenant: Tenant, asOf: string, side: AgingSide, currency?: string, partyId?: string): Promise<Map<string, Buckets>> {
  const from = (await agingPending(tenant.prisma, tenant.organizationId)) ? 'documents' : 'kept';
  const sums: ({ partyId: string } & Record<(typeof AGING_BUCKETS)[number], unknown>)[] = await tenant.prisma.$queryRaw(
    agingStatement(tenant.organizationId, asOf, side, currency, from, partyId),
  );
  return new Map(sums.map((row) => [row.partyId, Object.fromEntries(AGING_BUCKETS.map((k) => [k, minor(row[k])])) as Buckets]));
}

/** Rows of parties (by name) with their buckets and total, and the totals of every column. */
function agingTable<Party extends { id: string }>(asOf: string, parties: Party[], perParty: Map<string, Buckets>, currency: string | null) {
  const rows = parties.map((party) => {
    const b = perParty.get(party.id)!;
    return { party, ...b, total: AGING_BUCKETS.reduce((t, k) => t + b[k], 0n), currency };
  });
  const columns = [...AGING_BUCKETS, 'total'] as const;
  const totals = Object.fromEntries(columns.map((k) => [k, rows.reduce((t, r) => t + r[k], 0n)])) as Record<
    (typeof columns)[number],
    bigint
  >;
  return { asOf, currency, rows, totals: { ...totals, currency } };
}

/** An aged report's currency: a document currency (ISO 4217) to age only the documents in it, in it; none for all, in home currency. */
export function agingCurrency(currency: string | null | undefined) {
  const check = new Checker();
  const code = check.currency('currency', currency);
  check.done();
  return code;
}

/**
 * What customers owed at the end of `asOf`, by how overdue it was then. Only what had happened by that
 * date counts (QuickBooks and Xero do the same): invoices posted on or before it, less payments dated on
 * or before it, without invoices voided on or before it. So the total always equals the receivables
 * balance of the trial balance at the same date, whatever happened afterwards.
 *
 * The aggregate reads the invoices that were open at the end of `asOf` and no others: those still open,
 * and those settled (paid in full, or voided) after it, each through an index, so the cost follows what
 * was owed then, not the years of settled history behind it. Each one's amount still due then (its total
 * less its payments dated on or before `asOf`) is bucketed by its due date (current = not yet due; then
 * 1–30, 31–60, 61–90, over 90 days past due) and summed per customer.
 */
export async function agedReceivables(tenant: Tenant, asOf = today(), currency?: string | null) {
  const code = agingCurrency(currency);
  const perCustomer = await agedSums(tenant, asOf, 'receivables', code);
  const customers = await tenant.prisma.customer.findMany({
    where: { organizationId: tenant.organizationId, id: { in: [...perCustomer.keys()] } },
    orderBy: { name: 'asc' },
  });
  const table = agingTable(asOf, customers, perCustomer, code ?? null);
  return { ...table, rows: table.rows.map(({ party, ...buckets }) => ({ customer: party, ...buckets })) };
}

/**
 * What we owed vendors at the end of `asOf`, by how overdue it was then: aged receivables' rules, over bills and bill payments; the
 * total equals the payables balance then.
 */
export async function agedPayables(tenant: Tenant, asOf = today(), currency?: string | null) {
  const code = agingCurrency(currency);
  const perVendor = await agedSums(tenant, asOf, 'payables', code);
  const vendors = await tenant.prisma.vendor.findMany({
    where: { organizationId: tenant.organizationId, id: { in: [...perVendor.keys()] } },
    orderBy: { name: 'asc' },
  });
  const table = agingTable(asOf, vendors, perVendor, code ?? null);
  return { ...table, rows: table.rows.map(({ party, ...buckets }) => ({ vendor: party, ...buckets })) };
}

/**
 * The statement of tax over a period per tax rate (or bare percentage): charged on invoices and sales
 * receipts posted in it (less refund receipts), and paid on bills posted in it, each less what voids
 * posted in it took back (a void posts the reversal on its own date: settledOn, or a receipt's voidDate).
 */
export function taxStatement(organizationId: string, from: string, to: string): Prisma.Sql {
  type Taxed = { lines: string; key: string; side: 'sales' | 'purchases'; posted: string; voided: string; givesBack?: boolean };
  const DOCUMENTS: Record<string, Taxed> = {
    Invoice: { lines: '"InvoiceLine"', key: '"invoiceId"', side: 'sales', posted: '"issueDate"', voided: '"settledOn"' },
    SalesReceipt: { lines: '"SalesReceiptLine"', key: '"receiptId"', side: 'sales', posted: '"date"', voided: '"voidDate"' },
    Bill: { lines: '"BillLine"', key: '"billId"', side: 'purchases', posted: '"issueDate"', voided: '"settledOn"' },
    // Bad-debt relief: the tax a write-off took back, off the tax collected in the write-off's period.
    InvoiceWriteOff: {
      lines: '"InvoiceWriteOffTax"',
      key: '"writeOffId"',
      side: 'sales',
      posted: '"date"',
      voided: '"voidDate"',
      givesBack: true,
    },
  };
  // Credit documents with lines (credit notes, vendor credits) post the mirror of their side's documents;
  // prepayments carry no tax (it is charged on the invoice they are applied to).
  for (const c of [...creditDocumentTypes('sale'), ...creditDocumentTypes('purchase')].filter((t) => t.linesInOrder))
    DOCUMENTS[c.typename] = {
      lines: `"${c.lineTable}"`,
      key: `"${c.parentKey}"`,
      side: c.side === 'sale' ? 'sales' : 'purchases',
      posted: '"issueDate"',
      voided: '"settledOn"',
      givesBack: true,
    };
  const part = (documents: string, posting: 'posted' | 'voided') => {
    const d = DOCUMENTS[documents]!;
    // A void takes back what its document posted; a refund receipt and a credit document are their side's mirror.
    const mirrored = (posting === 'voided') !== (d.givesBack === true);
    const sign = `${mirrored ? '-' : ''}${documents === 'SalesReceipt' ? `(CASE WHEN i."kind" = 'REFUND' THEN -1 ELSE 1 END) * ` : ''}`;
    // In home currency: a foreign document's lines keep their amounts converted as posted.
    // A write-off's relieved tax is kept in home currency already.
    const [taxable, tax] =
      d.lines === '"InvoiceWriteOffTax"'
        ? [`${sign}l."amount"`, `${sign}l."taxAmount"`]
        : [`${sign}COALESCE(l."homeAmount", l."amount")`, `${sign}COALESCE(l."homeTaxAmount", l."taxAmount")`];
    const [sales, purchases] =
      d.side === 'sales'
        ? [
            [taxable, tax],
            ['0', '0'],
          ]
        : [
            ['0', '0'],
            [taxable, tax],
          ];
    // The account the line's tax was posted to, on its side: a row names where its tax went.
    const [salesAccount, purchaseAccount] =
      d.side === 'sales' ? ['l."taxAccountId"', 'CAST(NULL AS TEXT)'] : ['CAST(NULL AS TEXT)', 'l."taxAccountId"'];
    const columns =
      `${sales[0]} AS "salesTaxable", ${sales[1]} AS "salesTax", ${purchases[0]} AS "purchasesTaxable", ` +
      `${purchases[1]} AS "purchasesTax", ${salesAccount} AS "salesAccountId", ${purchaseAccount} AS "purchaseAccountId", ` +
      `'${d.side}' AS "side"`;
    const [entry, dateColumn] = posting === 'posted' ? ['"journalEntryId"', d.posted] : ['"voidJournalEntryId"', d.voided];
    // A line without tax (null) is in no row, on either side; a zero rate (0) is reported.
    return Prisma.sql`SELECT l."taxRateId", l."taxRatePpm", ${Prisma.raw(columns)} FROM ${Prisma.raw(`"${documents}"`)} i JOIN
      ${Prisma.raw(d.lines)} l ON l.${Prisma.raw(d.key)} = i."id"
      WHERE i."organizationId" = ${organizationId} AND i.${Prisma.raw(entry)} IS NOT NULL
        AND i.${Prisma.raw(dateColumn)} >= ${from} AND i.${Prisma.raw(dateColumn)} <= ${to} AND l."taxRatePpm" IS NOT NULL`;
  };
  const parts = Object.keys(DOCUMENTS).flatMap((documents) => [part(documents, 'posted'), part(documents, 'voided')]);
  return Prisma.sql`
    SELECT o."taxRateId", o."taxRatePpm", o."side", o."salesAccountId", o."purchaseAccountId",
           SUM(o."salesTaxable") AS "salesTaxable", SUM(o."salesTax") AS "salesTax",
           SUM(o."purchasesTaxable") AS "purchasesTaxable", SUM(o."purchasesTax") AS "purchasesTax"
    FROM (${Prisma.join(parts, ' UNION ALL ')}) o
    GROUP BY o."taxRateId", o."taxRatePpm", o."side", o."salesAccountId", o."purchaseAccountId"`;
}

/**
 * Tax over a period, per tax rate, as a company files it: the amounts taxed and the tax charged on
 * invoices and sales receipts posted in it (less refund receipts, and the tax write-offs in it took back as
 * bad-debt relief), and the amounts and tax paid on bills posted in it (each less what voids posted in it
 * took back); net = collected − paid. Invoice lines with a bare percentage are grouped by
 * percentage, without a rate; their tax went to the sales tax account. Collected tax moved each row's
 * `account` and paid tax its `purchaseAccount` through documents in the period (a manual journal entry
 * to a tax account is not a document and is not in it).
 */
export async function taxSummary(tenant: Tenant, from: string, to: string) {
  if (to < from) throw validationError([{ path: 'to', message: `must not be before from (${from})` }]);
  type Sum = {
    taxRateId: string | null;
    taxRatePpm: unknown;
    side: 'sales' | 'purchases';
    salesAccountId: string | null;
    purchaseAccountId: string | null;
    salesTaxable: unknown;
    salesTax: unknown;
    purchasesTaxable: unknown;
    purchasesTax: unknown;
  };
  // Every taxed line of the period: off the request thread on SQLite.
  const sums: Sum[] = await tenant.prisma.$queryRaw(offThread(taxStatement(tenant.organizationId, from, to), tenant.organizationId));
  const rateIds = [...new Set(sums.map((s) => s.taxRateId).filter((id): id is string => !!id))];
  const rates = rateIds.length
    ? await tenant.prisma.taxRate.findMany({ where: { organizationId: tenant.organizationId, id: { in: rateIds } } })
    : [];
  const rateOf = new Map(rates.map((r) => [r.id, r]));
  const accountIds = [
    ...sums.flatMap((s) => [s.salesAccountId, s.purchaseAccountId]),
    ...rates.flatMap((r) => [r.salesAccountId, r.purchaseAccountId]),
  ].filter((id): id is string => !!id);
  const accounts = await tenant.prisma.account.findMany({
    where: {
      organizationId: tenant.organizationId,
      OR: [{ id: { in: [...new Set(accountIds)] } }, { systemRole: { in: ['sales_tax_payable', 'tax_recoverable'] } }],
    },
  });
  const bySystemRole = (role: string) => accounts.find((a) => a.systemRole === role) ?? null;
  const accountOf = new Map(accounts.map((a) => [a.id, a]));
  // One row per rate (a rate's lines all carry its percentage) and per bare percentage, and within it per
  // account its tax went to: a rate whose account changed shows a row for each account, as the ledger does.
  // Sales and purchases at the same rate share a row, side by side.
  const byRate = new Map<string, { sales: Sum[]; purchases: Sum[] }>();
  for (const sum of sums) {
    const key = `${sum.taxRateId ?? ''}/${Number(sum.taxRatePpm)}`;
    const group = byRate.get(key) ?? byRate.set(key, { sales: [], purchases: [] }).get(key)!;
    group[sum.side].push(sum);
  }
  const rows = [...byRate.values()]
    .flatMap(({ sales, purchases }) =>
      Array.from({ length: Math.max(sales.length, purchases.length) }, (_, i) => {
        const sale = sales[i];
        const purchase = purchases[i];
        const any = (sale ?? purchase)!;
        const taxRate = any.taxRateId ? rateOf.get(any.taxRateId)! : null;
        const collected = minor(sale?.salesTax ?? 0);
        const paid = minor(purchase?.purchasesTax ?? 0);
        // A side with no lines in the period names where its tax would go now.
        const account =
          (sale?.salesAccountId ? accountOf.get(sale.salesAccountId) : undefined) ??
          (taxRate?.salesAccountId ? accountOf.get(taxRate.salesAccountId) : undefined) ??
          bySystemRole('sales_tax_payable');
        const purchaseAccount =
          (purchase?.purchaseAccountId ? accountOf.get(purchase.purchaseAccountId) : undefined) ??
          (taxRate?.purchaseAccountId ? accountOf.get(taxRate.purchaseAccountId) : undefined) ??
          bySystemRole('tax_recoverable');
        return {
          taxRate,
          ratePpm: Number(any.taxRatePpm),
          account,
          purchaseAccount,
          taxable: minor(sale?.salesTaxable ?? 0),
          collected,
          taxablePurchases: minor(purchase?.purchasesTaxable ?? 0),
          paid,
          net: collected - paid,
        };
      }),
    )
    .filter((r) => r.taxable !== 0n || r.collected !== 0n || r.taxablePurchases !== 0n || r.paid !== 0n)
    .sort(
      (a, b) =>
        (a.taxRate ? 0 : 1) - (b.taxRate ? 0 : 1) ||
        (a.taxRate?.name ?? '').localeCompare(b.taxRate?.name ?? '') ||
        a.ratePpm - b.ratePpm ||
        (a.account?.code ?? '').localeCompare(b.account?.code ?? ''),
    );
  const total = (pick: (r: (typeof rows)[number]) => bigint) => rows.reduce((t, r) => t + pick(r), 0n);
  return {
    from,
    to,
    rows,
    totalTaxable: total((r) => r.taxable),
    totalCollected: total((r) => r.collected),
    totalTaxablePurchases: total((r) => r.taxablePurchases),
    totalPaid: total((r) => r.paid),
    totalNet: total((r) => r.net),
  };
}

/**
 * A customer's statement (or a vendor's) for a period, as QuickBooks and Xero print one: what was owed
 * at the start, every posting to receivables (payables) naming the party in the period, oldest first,
 * with the running balance (invoices, payments, credit notes and their refunds, write-offs, and every
 * void of them), what was owed at the end, and the aging at the end. Read from the ledger, so it ties to
 * the control account's general ledger; the aging is read from the documents and agrees with it.
 * Amounts are what the party owes (a customer) or is owed (a vendor): a charge raises the balance.
 */
export async function partyStatement(tenant: Tenant, side: AgingSide, partyId: string, from: string, to: string) {
  if (to < from) throw validationError([{ path: 'to', message: `must not be before from (${from})` }]);
  const where = { id: partyId, organizationId: tenant.organizationId };
  const party =
    side === 'receivables' ? await tenant.prisma.customer.findFirst({ where }) : await tenant.prisma.vendor.findFirst({ where });
  const partyKey = side === 'receivables' ? 'customerId' : 'vendorId';
  if (!party) throw notFound(side === 'receivables' ? 'customer' : 'vendor', partyId);
  const control = await tenant.prisma.account.findFirstOrThrow({
    where: { organizationId: tenant.organizationId, systemRole: side === 'receivables' ? 'accounts_receivable' : 'accounts_payable' },
    select: { id: true },
  });
  const lineWhere = { organizationId: tenant.organizationId, accountId: control.id, [partyKey]: partyId };
  // What the party owes (a customer) or is owed (a vendor), from a line's debit and credit.
  const owed = (debit: bigint, credit: bigint) => (side === 'receivables' ? debit - credit : credit - debit);
  const [before, lines, perParty] = await Promise.all([
    tenant.prisma.journalLine.aggregate({ where: { ...lineWhere, date: { lt: from } }, _sum: { debit: true, credit: true } }),
    // Every posting of the period, however many: off the request thread on SQLite.
    tenant.prisma.$queryRaw<StatementLineRow[]>(
      offThread(
        Prisma.sql`SELECT l."date", l."debit", l."credit", l."description", e."id" AS "entryId", e."description" AS "entryDescription",
          e."reference", e."sourceType", e."sourceId"
        FROM "JournalLine" l JOIN "JournalEntry" e ON e."id" = l."entryId"
        WHERE l."organizationId" = ${tenant.organizationId} AND l."accountId" = ${control.id}
          AND ${Prisma.raw(`l."${partyKey}"`)} = ${partyId} AND l."date" >= ${from} AND l."date" <= ${to}
        ORDER BY l."date", e."number", l."lineNo"`,
        tenant.organizationId,
      ),
    ),
    agedSums(tenant, to, side, undefined, partyId),
  ]);
  const openingBalance = owed(before._sum.debit ?? 0n, before._sum.credit ?? 0n);
  let balance = openingBalance;
  const rows = lines.map((line) => {
    const amount = owed(minor(line.debit), minor(line.credit));
    balance += amount;
    return {
      date: line.date,
      journalEntryId: line.entryId,
      sourceType: line.sourceType,
      sourceId: line.sourceId,
      reference: line.reference,
      description: line.description ?? line.entryDescription,
      amount,
      balance,
    };
  });
  const buckets = perParty.get(partyId) ?? (Object.fromEntries(AGING_BUCKETS.map((k) => [k, 0n])) as Buckets);
  return {
    customer: side === 'receivables' ? party : null,
    vendor: side === 'payables' ? party : null,
    from,
    to,
    openingBalance,
    lines: rows,
    closingBalance: balance,
    aging: { ...buckets, total: AGING_BUCKETS.reduce((t, k) => t + buckets[k], 0n), currency: null },
  };
}

/** A posting of a party's statement as its read answers it (amounts as the driver gives them). */
interface StatementLineRow {
  date: string;
  debit: unknown;
  credit: unknown;
  description: string | null;
  entryId: string;
  entryDescription: string;
  reference: string | null;
  sourceType: string;
  sourceId: string | null;
}

/** How a P&L in columns divides its range. */
export type ColumnPeriod = 'month' | 'quarter';

const MAX_COLUMNS = 24;

/** The periods of [from, to] by month or quarter (calendar ones, the first and last cut to the range). */
function columnRanges(from: string, to: string, period: ColumnPeriod) {
  const ranges: { from: string; to: string }[] = [];
  const step = period === 'month' ? 1 : 3;
  let start = from;
  while (start <= to && ranges.length <= MAX_COLUMNS) {
    const [year, month] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
    // The first month of the next period: the next month, or the month after this quarter.
    const nextMonth = period === 'month' ? month + 1 : month - ((month - 1) % 3) + step;
    const next = `${year + Math.floor((nextMonth - 1) / 12)}-${String(((nextMonth - 1) % 12) + 1).padStart(2, '0')}-01`;
    const end = addDays(next, -1);
    ranges.push({ from: start, to: end < to ? end : to });
    start = next;
  }
  return ranges;
}

const yearEarlier = (date: string) => {
  const earlier = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  // 29 February a year before is 28 February.
  return earlier.endsWith('-02-29') ? `${earlier.slice(0, 8)}28` : earlier;
};

/**
 * Profit and loss in columns (QuickBooks' "columns by month", Xero's periods): income and expense per
 * account for each month or quarter of [from, to], and, asked for, each beside the same period a year
 * before. One statement reads every column's sums from the kept totals. At most 24 periods.
 */
export async function profitAndLossColumns(
  tenant: Tenant,
  from: string,
  to: string,
  period: ColumnPeriod = 'month',
  comparePriorYear = false,
) {
  if (to < from) throw validationError([{ path: 'to', message: `must not be before from (${from})` }]);
  const periods = columnRanges(from, to, period);
  if (periods.length > MAX_COLUMNS)
    throw validationError([
      { path: 'to', message: `makes more than ${MAX_COLUMNS} ${period === 'month' ? 'months' : 'quarters'}; ask for a shorter range` },
    ]);
  const label = (date: string) =>
    period === 'month' ? date.slice(0, 7) : `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
  const columns = periods.flatMap((p) => [
    { ...p, label: label(p.from), priorYear: false },
    ...(comparePriorYear ? [{ from: yearEarlier(p.from), to: yearEarlier(p.to), label: label(yearEarlier(p.from)), priorYear: true }] : []),
  ]);
  const { accounts, sums } = await chartWithSums(tenant, columns);
  const amounts = sums.map((column) => new Map(column.map((s) => [s.accountId, s.debit - s.credit])));
  const sectionOf = (type: 'INCOME' | 'EXPENSE') => {
    const rows = accounts
      .filter((a) => a.type === type)
      .map((account) => ({ account, amounts: amounts.map((column) => normal(type, column.get(account.id) ?? 0n)) }))
      .filter((r) => r.amounts.some((a) => a !== 0n));
    const totals = columns.map((_c, i) => rows.reduce((t, r) => t + r.amounts[i], 0n));
    return { rows, totals };
  };
  const income = sectionOf('INCOME');
  const expenses = sectionOf('EXPENSE');
  return { from, to, columns, income, expenses, netIncome: columns.map((_c, i) => income.totals[i] - expenses.totals[i]) };
}

/**
 * The general ledger of every account at once (QuickBooks' and Xero's general ledger report): each
 * account with a balance or activity, with its opening and closing balances, and one page of all their
 * lines in the range, by account code, then date, each with its account's running balance. Retained
 * earnings counts each fiscal year's closing, as in its own ledger (generalLedger).
 */
export async function generalLedgerAllAccounts(tenant: Tenant, range: { from?: string | null; to?: string | null }, window: PageWindow) {
  if (range.from && range.to && range.to < range.from)
    throw validationError([{ path: 'to', message: `must not be before from (${range.from})` }]);
  const to = range.to ?? undefined;
  const from = range.from ?? undefined;
  const yearOf = (date: string) => fiscalYearStart(date, tenant.organization.fiscalYearEnd);
  // Income and expense accounts open each fiscal year at zero and close with their year to date
  // (openingRange, closingRange); the others open with everything before the range.
  const {
    accounts,
    sums: [within, yearToDate, before = [], yearBefore = []],
  } = await chartWithSums(tenant, [
    { from, to },
    closingRange(range, true, yearOf),
    ...(from ? [openingRange(from, false, yearOf), openingRange(from, true, yearOf)] : []),
  ]);
  const retained = accounts.find((a) => a.systemRole === 'retained_earnings');
  const [closings, closedBefore] = retained
    ? await Promise.all([
        yearClosings(tenant, from, to ?? today()),
        from ? closedBooks(tenant, addDays(from, -1)).then((b) => b.retainedEarnings) : 0n,
      ])
    : [[], 0n];
  const closedBy = (date: string) => closings.filter((c) => c.date <= date).reduce((t, c) => t + c.netIncome, 0n);
  const netIn = (sums: AccountSums[], account: Account) => {
    const s = sums.find((x) => x.accountId === account.id);
    return s ? normal(account.type, s.debit - s.credit) : 0n;
  };
  const summaries = accounts
    .map((account) => {
      const extra = account.id === retained?.id;
      const moved = within.some((s) => s.accountId === account.id) || (extra && closings.length > 0);
      if (PROFIT_AND_LOSS.includes(account.type))
        return { account, openingBalance: netIn(yearBefore, account), closingBalance: netIn(yearToDate, account), moved };
      const openingBalance = netIn(before, account) + (extra ? closedBefore : 0n);
      const activity = netIn(within, account) + (extra ? closings.reduce((t, c) => t + c.netIncome, 0n) : 0n);
      return { account, openingBalance, closingBalance: openingBalance + activity, moved };
    })
    .filter((s) => s.openingBalance !== 0n || s.moved)
    .map(({ moved: _moved, ...s }) => s);
  const dates = from || to ? { date: { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) } } : {};
  const inRange = { organizationId: tenant.organizationId, ...dates };
  const orderBy = [{ account: { code: 'asc' as const } }, { date: 'asc' as const }, { id: 'asc' as const }];
  const [lines, total] = await Promise.all([
    tenant.prisma.journalLine.findMany({
      where: inRange,
      orderBy,
      skip: window.skip,
      take: window.limit,
      include: { account: true, entry: { select: LEDGER_ENTRY } },
    }),
    tenant.prisma.journalLine.count({ where: inRange }),
  ]);
  // Lines come grouped by account: only the page's first account has lines of the range on earlier pages
  // (an income or expense account: those of its first line's fiscal year, and that year's opening).
  const first = lines[0];
  const firstResets = first ? PROFIT_AND_LOSS.includes(first.account.type) : false;
  const earlier = first
    ? await tenant.prisma.journalLine.aggregate({
        where: linesBefore(tenant.organizationId, first, firstResets ? { gte: yearOf(first.date) } : { gte: from }),
        _sum: { debit: true, credit: true },
      })
    : null;
  const openingOf = new Map(summaries.map((s) => [s.account.id, s.openingBalance]));
  const running = new Map<string, { balance: bigint; year: string }>();
  const rows = lines.map((line, i) => {
    const type = line.account.type;
    const resets = PROFIT_AND_LOSS.includes(type);
    let state = running.get(line.accountId);
    if (!state) {
      // The range's opening, except for an income or expense account whose first line here is in a later fiscal year.
      const opening = resets && from && yearOf(line.date) !== yearOf(from) ? 0n : (openingOf.get(line.accountId) ?? 0n);
      state = { balance: i === 0 && firstResets ? 0n : opening, year: yearOf(line.date) };
      if (i === 0 && earlier) state.balance += normal(type, (earlier._sum.debit ?? 0n) - (earlier._sum.credit ?? 0n));
    }
    if (resets && yearOf(line.date) !== state.year) state = { balance: 0n, year: yearOf(line.date) }; // a new fiscal year opens at zero
    state.balance += normal(type, line.debit - line.credit);
    running.set(line.accountId, state);
    const balance = state.balance;
    return { line, balance: balance + (line.accountId === retained?.id ? closedBy(line.date) : 0n) };
  });
  return { from: from ?? null, to: to ?? null, accounts: summaries, lines: pageResult(rows, total, window) };
}
