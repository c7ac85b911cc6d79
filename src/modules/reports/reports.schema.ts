// GraphQL of the financial statements (trial balance, balance sheet, profit and loss, in columns too), the
// general ledger and the tax summary; the aged reports and statements of account are aging.schema.ts.
import { requires } from '../../graphql/scopes.ts';
import { PLANNED_REPORT } from '../../fast-paths/planned-queries.ts';
import { selectedColumns } from '../../graphql/selected-columns.ts';
import { builder } from '../../graphql/builder.ts';
import { money } from '../../graphql/money.ts';
import { pageArgs, pageType } from '../../graphql/pages.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { AccountRef } from '../accounts/accounts.schema.ts';
import { JournalLineRef } from '../journal/journal.schema.ts';
import {
  balanceSheet,
  generalLedger,
  generalLedgerAllAccounts,
  profitAndLoss,
  profitAndLossColumns,
  taxSummary,
  trialBalance,
} from './reports.service.ts';
import { TaxRateRef } from '../tax-rates/tax-rates.schema.ts';
import { formatPercent } from '../../lib/money.ts';

/** A report's root field: read with the reports scope, and planned (fast-paths/planned-queries.ts). */
const REPORT = { ...requires('reports:read'), ...PLANNED_REPORT };

type TB = Awaited<ReturnType<typeof trialBalance>>;
type Section = Awaited<ReturnType<typeof balanceSheet>>['assets'];

const TrialBalanceRow = builder.objectRef<TB['rows'][number]>('TrialBalanceRow').implement({
  description: "An account's net balance, in the debit or the credit column.",
  fields: (t) => ({
    account: t.field({ type: AccountRef, description: 'The account.', resolve: (r) => r.account }),
    debit: t.field({
      type: 'Money',
      description: 'Net debit balance (0 if the balance is a credit).',
      resolve: (r, _a, ctx) => money(ctx, r.debit),
    }),
    credit: t.field({
      type: 'Money',
      description: 'Net credit balance (0 if the balance is a debit).',
      resolve: (r, _a, ctx) => money(ctx, r.credit),
    }),
  }),
});

const TrialBalance = builder.objectRef<TB>('TrialBalance').implement({
  description:
    'Every account with a balance; total debits equal total credits. Income and expense accounts show this fiscal year only; the ' +
    'result of the years before is in the retained earnings account.',
  fields: (t) => ({
    asOf: t.field({ type: 'Date', description: 'Lines dated up to and including this date.', resolve: (r) => r.asOf }),
    rows: t.field({ type: [TrialBalanceRow], description: 'One row per account with a balance, by code.', resolve: (r) => r.rows }),
    totalDebit: t.field({ type: 'Money', description: 'Sum of the debit column.', resolve: (r, _a, ctx) => money(ctx, r.totalDebit) }),
    totalCredit: t.field({ type: 'Money', description: 'Sum of the credit column.', resolve: (r, _a, ctx) => money(ctx, r.totalCredit) }),
  }),
});

const ReportLine = builder.objectRef<Section['rows'][number]>('ReportLine').implement({
  description: 'An account and its balance on its normal side.',
  fields: (t) => ({
    account: t.field({ type: AccountRef, description: 'The account.', resolve: (r) => r.account }),
    amount: t.field({ type: 'Money', description: 'Its balance on its normal side.', resolve: (r, _a, ctx) => money(ctx, r.amount) }),
  }),
});

const ReportSection = builder.objectRef<Section>('ReportSection').implement({
  description: 'A group of accounts and their total.',
  fields: (t) => ({
    rows: t.field({ type: [ReportLine], description: 'Accounts with a balance, by code.', resolve: (s) => s.rows }),
    total: t.field({ type: 'Money', description: 'Sum of the rows.', resolve: (s, _a, ctx) => money(ctx, s.total) }),
  }),
});

const BalanceSheet = builder.objectRef<Awaited<ReturnType<typeof balanceSheet>>>('BalanceSheet').implement({
  description:
    'Assets = liabilities + equity + retained earnings + current earnings, as of a date. Each fiscal year before the one the date ' +
    'falls in is closed into retained earnings, without a closing entry (as QuickBooks and Xero report it).',
  fields: (t) => ({
    asOf: t.field({ type: 'Date', description: 'Lines dated up to and including this date.', resolve: (r) => r.asOf }),
    assets: t.field({ type: ReportSection, description: 'Asset accounts.', resolve: (r) => r.assets }),
    liabilities: t.field({ type: ReportSection, description: 'Liability accounts.', resolve: (r) => r.liabilities }),
    equity: t.field({ type: ReportSection, description: 'Equity accounts.', resolve: (r) => r.equity }),
    fiscalYearStart: t.field({
      type: 'Date',
      description: "The first day of the fiscal year asOf falls in (the organization's fiscalYearEnd sets it).",
      resolve: (r) => r.fiscalYearStart,
    }),
    retainedEarnings: t.field({
      type: 'Money',
      description:
        'Income minus expenses of every fiscal year before this one (beside any balance posted to the retained earnings account ' +
        'itself, which is in equity).',
      resolve: (r, _a, ctx) => money(ctx, r.retainedEarnings),
    }),
    currentEarnings: t.field({
      type: 'Money',
      description: 'Income minus expenses of this fiscal year, from fiscalYearStart to asOf.',
      resolve: (r, _a, ctx) => money(ctx, r.currentEarnings),
    }),
    totalLiabilitiesAndEquity: t.field({
      type: 'Money',
      description: 'Liabilities + equity + retained earnings + current earnings; equals total assets.',
      resolve: (r, _a, ctx) => money(ctx, r.totalLiabilitiesAndEquity),
    }),
  }),
});

const ProfitAndLoss = builder.objectRef<Awaited<ReturnType<typeof profitAndLoss>>>('ProfitAndLoss').implement({
  description: 'Income and expenses over a period.',
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'First day of the period.', resolve: (r) => r.from }),
    to: t.field({ type: 'Date', description: 'Last day of the period.', resolve: (r) => r.to }),
    income: t.field({ type: ReportSection, description: 'Income accounts over the period.', resolve: (r) => r.income }),
    expenses: t.field({ type: ReportSection, description: 'Expense accounts over the period.', resolve: (r) => r.expenses }),
    netIncome: t.field({ type: 'Money', description: 'Income minus expenses.', resolve: (r, _a, ctx) => money(ctx, r.netIncome) }),
  }),
});

type GL = Awaited<ReturnType<typeof generalLedger>>;
const LedgerLine = builder.objectRef<GL['lines']['data'][number]>('LedgerLine').implement({
  description: 'A journal line with the account balance after it.',
  fields: (t) => ({
    line: t.field({ type: JournalLineRef, description: 'The journal line.', resolve: (r) => r.line }),
    balance: t.field({
      type: 'Money',
      description: "Running balance after this line, on the account's normal side.",
      resolve: (r, _a, ctx) => money(ctx, r.balance),
    }),
  }),
});
const LedgerPage = pageType('Ledger', LedgerLine, 'ledger lines');

const YearClosing = builder.objectRef<GL['yearClosings'][number]>('YearClosing').implement({
  description:
    "A fiscal year's closing into retained earnings: computed by the reports (no journal entry closes a year), dated the first " +
    'day of the next fiscal year.',
  fields: (t) => ({
    date: t.field({ type: 'Date', description: 'The first day of the next fiscal year.', resolve: (c) => c.date }),
    fiscalYearStart: t.field({ type: 'Date', description: 'The closed year.', resolve: (c) => c.fiscalYearStart }),
    fiscalYearEnd: t.field({ type: 'Date', description: 'Its last day.', resolve: (c) => c.fiscalYearEnd }),
    netIncome: t.field({
      type: 'Money',
      description: 'Its income − expenses, added to retained earnings (a loss takes it off).',
      resolve: (c, _a, ctx) => money(ctx, c.netIncome),
    }),
  }),
});

const GeneralLedger = builder.objectRef<GL>('GeneralLedger').implement({
  description: "One account's lines over a period, with opening, running and closing balances.",
  fields: (t) => ({
    account: t.field({ type: AccountRef, description: 'The account.', resolve: (r) => r.account }),
    from: t.field({ type: 'Date', nullable: true, description: 'First day of the period, if bounded.', resolve: (r) => r.from }),
    to: t.field({ type: 'Date', nullable: true, description: 'Last day of the period, if bounded.', resolve: (r) => r.to }),
    openingBalance: t.field({
      type: 'Money',
      description: 'Balance before `from`.',
      resolve: (r, _a, ctx) => money(ctx, r.openingBalance),
    }),
    closingBalance: t.field({
      type: 'Money',
      description: 'Balance at the end of the period.',
      resolve: (r, _a, ctx) => money(ctx, r.closingBalance),
    }),
    lines: t.field({ type: LedgerPage, description: 'This page of lines, oldest first.', resolve: (r) => r.lines }),
    yearClosings: t.field({
      type: [YearClosing],
      description:
        'The retained-earnings account only (empty for others): each fiscal year closed in the period, whose result the ' +
        'balances include from the first day of the next year, so the ledger ties to the trial balance.',
      resolve: (r) => r.yearClosings,
    }),
  }),
});

type AllLedgers = Awaited<ReturnType<typeof generalLedgerAllAccounts>>;
const LedgerAccount = builder.objectRef<AllLedgers['accounts'][number]>('LedgerAccount').implement({
  description: 'An account in the general ledger of every account: its balance before and at the end of the period.',
  fields: (t) => ({
    account: t.field({ type: AccountRef, description: 'The account.', resolve: (a) => a.account }),
    openingBalance: t.field({ type: 'Money', description: 'Balance before from.', resolve: (a, _x, ctx) => money(ctx, a.openingBalance) }),
    closingBalance: t.field({
      type: 'Money',
      description: 'Balance at the end of the period.',
      resolve: (a, _x, ctx) => money(ctx, a.closingBalance),
    }),
  }),
});
const GeneralLedgerAllAccounts = builder.objectRef<AllLedgers>('GeneralLedgerAllAccounts').implement({
  description: 'The general ledger of every account at once: each account with a balance or activity, and a page of all the lines.',
  fields: (t) => ({
    from: t.field({ type: 'Date', nullable: true, description: 'First day of the period, if bounded.', resolve: (r) => r.from }),
    to: t.field({ type: 'Date', nullable: true, description: 'Last day of the period, if bounded.', resolve: (r) => r.to }),
    accounts: t.field({
      type: [LedgerAccount],
      description: 'Every account with a balance or activity, by code.',
      resolve: (r) => r.accounts,
    }),
    lines: t.field({
      type: LedgerPage,
      description: "This page of every account's lines, by account code and then date, each with its account's running balance.",
      resolve: (r) => r.lines,
    }),
  }),
});

type Tax = Awaited<ReturnType<typeof taxSummary>>;
const TaxSummaryRow = builder.objectRef<Tax['rows'][number]>('TaxSummaryRow').implement({
  description: 'Tax at one rate (or one bare percentage) over the period: collected on invoices, paid on bills.',
  fields: (t) => ({
    taxRate: t.field({
      type: TaxRateRef,
      nullable: true,
      description: 'The tax rate; null for lines that gave a bare percentage (their tax went to the sales tax account).',
      resolve: (r) => r.taxRate,
    }),
    rate: t.field({ type: 'Percent', description: 'The percentage.', resolve: (r) => formatPercent(r.ratePpm) }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: 'The account its sales tax was credited to.',
      resolve: (r) => r.account,
    }),
    purchaseAccount: t.field({
      type: AccountRef,
      nullable: true,
      description: 'The account its tax paid on bills was debited to.',
      resolve: (r) => r.purchaseAccount,
    }),
    taxableAmount: t.field({
      type: 'Money',
      description:
        'Net amounts (after discounts, before tax) of the invoice lines taxed at it: invoices posted in the period, less those ' +
        'voided in it.',
      resolve: (r, _a, ctx) => money(ctx, r.taxable),
    }),
    taxCollected: t.field({ type: 'Money', description: 'Tax charged on those lines.', resolve: (r, _a, ctx) => money(ctx, r.collected) }),
    taxablePurchases: t.field({
      type: 'Money',
      description: 'Net amounts of the bill lines taxed at it: bills posted in the period, less those voided in it.',
      resolve: (r, _a, ctx) => money(ctx, r.taxablePurchases),
    }),
    taxPaid: t.field({
      type: 'Money',
      description: 'Tax paid on those bill lines (recoverable).',
      resolve: (r, _a, ctx) => money(ctx, r.paid),
    }),
    netTax: t.field({
      type: 'Money',
      description: 'Collected less paid: what is owed for the period at this rate.',
      resolve: (r, _a, ctx) => money(ctx, r.net),
    }),
  }),
});
const TaxSummary = builder.objectRef<Tax>('TaxSummary').implement({
  description:
    "Sales tax over a period, per rate, as a company files it; each row ties to its account's movement through documents in the period.",
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'First day of the period.', resolve: (r) => r.from }),
    to: t.field({ type: 'Date', description: 'Last day of the period.', resolve: (r) => r.to }),
    rows: t.field({ type: [TaxSummaryRow], description: 'Tax rates by name, then bare percentages.', resolve: (r) => r.rows }),
    totalTaxableAmount: t.field({
      type: 'Money',
      description: 'Sum of taxableAmount.',
      resolve: (r, _a, ctx) => money(ctx, r.totalTaxable),
    }),
    totalTaxCollected: t.field({
      type: 'Money',
      description: 'Sum of taxCollected.',
      resolve: (r, _a, ctx) => money(ctx, r.totalCollected),
    }),
    totalTaxablePurchases: t.field({
      type: 'Money',
      description: 'Sum of taxablePurchases.',
      resolve: (r, _a, ctx) => money(ctx, r.totalTaxablePurchases),
    }),
    totalTaxPaid: t.field({ type: 'Money', description: 'Sum of taxPaid.', resolve: (r, _a, ctx) => money(ctx, r.totalPaid) }),
    totalNetTax: t.field({ type: 'Money', description: 'Sum of netTax.', resolve: (r, _a, ctx) => money(ctx, r.totalNet) }),
  }),
});

type Columns = Awaited<ReturnType<typeof profitAndLossColumns>>;
const ColumnPeriodEnum = builder.enumType('ColumnPeriod', {
  description: 'How a report in columns divides its range.',
  values: {
    MONTH: { value: 'month', description: 'A column per calendar month.' },
    QUARTER: { value: 'quarter', description: 'A column per calendar quarter.' },
  } as const,
});
const ReportColumn = builder.objectRef<Columns['columns'][number]>('ReportColumn').implement({
  description: "One column of a report in columns: a period (the range's first and last cut to it).",
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'First day.', resolve: (c) => c.from }),
    to: t.field({ type: 'Date', description: 'Last day.', resolve: (c) => c.to }),
    label: t.string({ description: 'E.g. 2026-03, or 2026-Q1.', resolve: (c) => c.label }),
    priorYear: t.boolean({ description: 'The same period a year before the column left of it.', resolve: (c) => c.priorYear }),
  }),
});
const ColumnRow = builder.objectRef<Columns['income']['rows'][number]>('ColumnRow').implement({
  description: "An account's amount in each column.",
  fields: (t) => ({
    account: t.field({ type: AccountRef, description: 'The account.', resolve: (r) => r.account }),
    amounts: t.field({
      type: ['Money'],
      description: 'One per column, in order.',
      resolve: (r, _a, ctx) => r.amounts.map((a) => money(ctx, a)),
    }),
  }),
});
const ColumnSection = builder.objectRef<Columns['income']>('ColumnSection').implement({
  description: 'The accounts of one type in columns, and the total of each column.',
  fields: (t) => ({
    rows: t.field({ type: [ColumnRow], description: 'Accounts with an amount in some column, by code.', resolve: (s) => s.rows }),
    totals: t.field({ type: ['Money'], description: 'One per column.', resolve: (s, _a, ctx) => s.totals.map((a) => money(ctx, a)) }),
  }),
});
const ProfitAndLossColumns = builder.objectRef<Columns>('ProfitAndLossColumns').implement({
  description: 'Profit and loss in columns: per month or quarter, each beside the same period a year before when asked.',
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'First day.', resolve: (r) => r.from }),
    to: t.field({ type: 'Date', description: 'Last day.', resolve: (r) => r.to }),
    columns: t.field({ type: [ReportColumn], description: 'The columns, in order.', resolve: (r) => r.columns }),
    income: t.field({ type: ColumnSection, description: 'Income accounts.', resolve: (r) => r.income }),
    expenses: t.field({ type: ColumnSection, description: 'Expense accounts.', resolve: (r) => r.expenses }),
    netIncome: t.field({
      type: ['Money'],
      description: 'Income − expenses, one per column.',
      resolve: (r, _a, ctx) => r.netIncome.map((a) => money(ctx, a)),
    }),
  }),
});

builder.queryFields((t) => ({
  profitAndLossColumns: t.field({
    type: ProfitAndLossColumns,
    extensions: REPORT,
    description: 'Profit and loss in columns by month or quarter over a range (at most 24), optionally beside the year before.',
    args: {
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
      period: t.arg({ type: ColumnPeriodEnum, description: 'MONTH when omitted.' }),
      comparePriorYear: t.arg.boolean({ description: 'Each column beside the same period a year before.' }),
    },
    resolve: (_p, args, ctx) => profitAndLossColumns(ctx, args.from, args.to, args.period ?? 'month', args.comparePriorYear ?? false),
  }),
  taxSummary: t.field({
    type: TaxSummary,
    extensions: REPORT,
    description: 'Tax collected on invoices and paid on bills over a period, per tax rate.',
    args: { from: t.arg({ type: 'Date', required: true }), to: t.arg({ type: 'Date', required: true }) },
    resolve: (_p, args, ctx) => taxSummary(ctx, args.from, args.to),
  }),
  trialBalance: t.field({
    type: TrialBalance,
    extensions: REPORT,
    description: 'Trial balance as of a date (today when omitted).',
    args: { asOf: t.arg({ type: 'Date' }) },
    resolve: (_p, args, ctx, info) => trialBalance(ctx, args.asOf ?? undefined, { accountColumns: selectedColumns(info, 'rows.account') }),
  }),
  balanceSheet: t.field({
    type: BalanceSheet,
    extensions: REPORT,
    description: 'Balance sheet as of a date (today when omitted).',
    args: { asOf: t.arg({ type: 'Date' }) },
    resolve: (_p, args, ctx, info) =>
      balanceSheet(ctx, args.asOf ?? undefined, {
        accountColumns: selectedColumns(info, 'assets.rows.account', 'liabilities.rows.account', 'equity.rows.account'),
      }),
  }),
  profitAndLoss: t.field({
    type: ProfitAndLoss,
    extensions: REPORT,
    description: 'Profit and loss over a period.',
    args: { from: t.arg({ type: 'Date', required: true }), to: t.arg({ type: 'Date', required: true }) },
    resolve: (_p, args, ctx, info) =>
      profitAndLoss(ctx, args.from, args.to, { accountColumns: selectedColumns(info, 'income.rows.account', 'expenses.rows.account') }),
  }),
  generalLedgerAllAccounts: t.field({
    type: GeneralLedgerAllAccounts,
    extensions: REPORT,
    description: "Every account's ledger over a period at once, its lines paginated.",
    args: { from: t.arg({ type: 'Date' }), to: t.arg({ type: 'Date' }), ...pageArgs(t) },
    resolve: (_p, args, ctx) => generalLedgerAllAccounts(ctx, { from: args.from, to: args.to }, pageWindow(args.page, args.limit)),
  }),
  generalLedger: t.field({
    type: GeneralLedger,
    extensions: REPORT,
    description: "One account's ledger over a period, paginated.",
    args: { accountId: t.arg.id({ required: true }), from: t.arg({ type: 'Date' }), to: t.arg({ type: 'Date' }), ...pageArgs(t) },
    resolve: (_p, args, ctx) => generalLedger(ctx, args.accountId, { from: args.from, to: args.to }, pageWindow(args.page, args.limit)),
  }),
}));
