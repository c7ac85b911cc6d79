// The financial statements over the kept totals (balances.ts): trial balance, balance sheet, profit and
// loss (in columns too), and the general ledger.
import type { AccountType } from '../../db/generated/sqlite/enums.ts';
import { addDays, fiscalYearStart, today } from '../../lib/dates.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { type PageWindow, pageResult } from '../../lib/pagination.ts';
import type { Tenant } from '../../core/tenant.ts';
import { type Account, type AccountSums, chartWithSums, type DateRange, normal, sumsByAccount } from './balances.ts';

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
 * Long on purpose: the report's one read and its running balances per account, kept together so they agree.
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
