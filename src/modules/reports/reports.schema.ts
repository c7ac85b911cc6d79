import type { ArgBuilder, ObjectFieldBuilder } from '@pothos/core';
import { requires } from '../../graphql/scopes.ts';
import { PLANNED_REPORT } from '../../fast-paths/planned-queries.ts';
import { selectedColumns } from '../../graphql/selected-columns.ts';
import { builder, type BuilderTypes } from '../../graphql/builder.ts';
import { money, moneyIn } from '../../graphql/money.ts';
import { pageArgs, pageType } from '../../graphql/pages.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { AccountRef } from '../accounts/accounts.schema.ts';
import { CustomerRef, VendorRef } from '../contacts/contacts.schema.ts';
import type { AgingSide } from '../documents/index.ts';
import { JournalLineRef } from '../journal/journal.schema.ts';
import {
  agedPayables,
  agedReceivables,
  agingDetail,
  balanceSheet,
  generalLedger,
  generalLedgerAllAccounts,
  partyStatement,
  profitAndLoss,
  profitAndLossColumns,
  taxSummary,
  trialBalance,
} from './reports.service.ts';
import { TaxRateRef } from '../tax-rates/tax-rates.schema.ts';
import { InvoiceRef } from '../invoices/invoices.schema.ts';
import { BillRef } from '../bills/bills.schema.ts';
import { CreditNoteRef } from '../credit-notes/credit-notes.schema.ts';
import { VendorCreditRef } from '../vendor-credits/vendor-credits.schema.ts';
import { CustomerPrepaymentRef } from '../customer-prepayments/customer-prepayments.schema.ts';
import { VendorPrepaymentRef } from '../vendor-prepayments/vendor-prepayments.schema.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { PrismaTypes } from '../../db/database.ts';
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

type Aged = Awaited<ReturnType<typeof agedReceivables>>;
type AgingBuckets = Aged['totals'];
// The bucket rule: days overdue = asOf − due date; current while not overdue (due on or after asOf).
const AGING_COLUMNS = {
  current: 'Not yet due: due on or after asOf.',
  days1to30: '1 to 30 days past due.',
  days31to60: '31 to 60 days past due.',
  days61to90: '61 to 90 days past due.',
  over90: 'More than 90 days past due.',
  total: 'All buckets.',
} as const;
/** The aging columns, in the report's currency (home unless it was asked for one). */
const agingFields = <Row extends AgingBuckets>(t: ObjectFieldBuilder<BuilderTypes, Row>) =>
  Object.fromEntries(
    Object.entries(AGING_COLUMNS).map(([column, description]) => [
      column,
      t.field({
        type: 'Money',
        description,
        resolve: (r, _a, ctx) => moneyIn(ctx, r.currency, r[column as keyof typeof AGING_COLUMNS]),
      }),
    ]),
  ) as Record<keyof typeof AGING_COLUMNS, ReturnType<typeof t.field>>;
const AgedReceivablesRow = builder.objectRef<Aged['rows'][number]>('AgedReceivablesRow').implement({
  description: 'What one customer owes, by age.',
  fields: (t) => ({
    customer: t.field({ type: CustomerRef, description: 'The customer.', resolve: (r) => r.customer }),
    ...agingFields(t),
  }),
});
type AgedPayables = Awaited<ReturnType<typeof agedPayables>>;
const AgedPayablesRow = builder.objectRef<AgedPayables['rows'][number]>('AgedPayablesRow').implement({
  description: 'What we owe one vendor, by age.',
  fields: (t) => ({ vendor: t.field({ type: VendorRef, description: 'The vendor.', resolve: (r) => r.vendor }), ...agingFields(t) }),
});
const AgingTotals = builder
  .objectRef<Aged['totals']>('AgingTotals')
  .implement({ description: 'Totals per age bucket.', fields: (t) => agingFields(t) });
const AgingBucketEnum = builder.enumType('AgingBucket', {
  description: 'How overdue an amount was at the end of asOf: days overdue = asOf − due date.',
  values: {
    CURRENT: { value: 'current', description: 'Not yet due: due on or after asOf.' },
    // Over REST each is spelled as the rows' field of its amount (`days1to30`), not `days_1_to_30`.
    DAYS_1_TO_30: { value: 'days1to30', description: '1 to 30 days past due.', extensions: { rest: 'days1to30' } },
    DAYS_31_TO_60: { value: 'days31to60', description: '31 to 60 days past due.', extensions: { rest: 'days31to60' } },
    DAYS_61_TO_90: { value: 'days61to90', description: '61 to 90 days past due.', extensions: { rest: 'days61to90' } },
    OVER_90: { value: 'over90', description: 'More than 90 days past due.', extensions: { rest: 'over90' } },
  } as const,
});

type AgedDocument = Awaited<ReturnType<typeof agingDetail>>[number];
const agedDocumentFields = <Row extends AgedDocument>(t: ObjectFieldBuilder<BuilderTypes, Row>) => ({
  number: t.string({ description: 'Its number.', resolve: (d) => d.number }),
  issueDate: t.field({ type: 'Date', description: 'Its date.', resolve: (d) => d.issueDate }),
  dueDate: t.field({ type: 'Date', description: 'When it was due.', resolve: (d) => d.dueDate }),
  daysOverdue: t.int({ description: 'Days past due at the end of asOf (0 when not yet due).', resolve: (d) => d.daysOverdue }),
  bucket: t.field({ type: AgingBucketEnum, description: 'The column its amount is in.', resolve: (d) => d.bucket }),
  outstanding: t.field({
    type: 'Money',
    description: 'What was still due on it at the end of asOf: its total less payments dated on or before it.',
    resolve: (d, _a, ctx) => moneyIn(ctx, d.currency, d.outstanding),
  }),
});
const AgedInvoice = builder.objectRef<AgedDocument & { document: PrismaTypes.InvoiceGetPayload<object> }>('AgedInvoice').implement({
  description: 'One invoice open at the end of asOf, with what was due on it then and how overdue it was.',
  fields: (t) => ({
    invoice: t.field({ type: InvoiceRef, description: 'The invoice, as it is now.', resolve: (d) => d.document }),
    ...agedDocumentFields(t),
  }),
});
const AgedBill = builder.objectRef<AgedDocument & { document: PrismaTypes.BillGetPayload<object> }>('AgedBill').implement({
  description: 'One bill open at the end of asOf, with what was due on it then and how overdue it was.',
  fields: (t) => ({
    bill: t.field({ type: BillRef, description: 'The bill, as it is now.', resolve: (d) => d.document }),
    ...agedDocumentFields(t),
  }),
});
const AgedCreditNote = builder
  .objectRef<AgedDocument & { document: PrismaTypes.CreditNoteGetPayload<object> }>('AgedCreditNote')
  .implement({
    description: 'A credit note with credit unused at the end of asOf: a negative amount, aged from its date.',
    fields: (t) => ({
      creditNote: t.field({ type: CreditNoteRef, description: 'The credit note, as it is now.', resolve: (d) => d.document }),
      ...agedDocumentFields(t),
    }),
  });
const AgedVendorCredit = builder
  .objectRef<AgedDocument & { document: PrismaTypes.VendorCreditGetPayload<object> }>('AgedVendorCredit')
  .implement({
    description: 'A vendor credit with credit unused at the end of asOf: a negative amount, aged from its date.',
    fields: (t) => ({
      vendorCredit: t.field({ type: VendorCreditRef, description: 'The vendor credit, as it is now.', resolve: (d) => d.document }),
      ...agedDocumentFields(t),
    }),
  });
const AgedCustomerPrepayment = builder
  .objectRef<AgedDocument & { document: PrismaTypes.CustomerPrepaymentGetPayload<object> }>('AgedCustomerPrepayment')
  .implement({
    description:
      "A customer's prepayment (or kept overpayment) with credit unused at the end of asOf: a negative amount, aged from its date.",
    fields: (t) => ({
      customerPrepayment: t.field({
        type: CustomerPrepaymentRef,
        description: 'The prepayment, as it is now.',
        resolve: (d) => d.document,
      }),
      ...agedDocumentFields(t),
    }),
  });
const AgedVendorPrepayment = builder
  .objectRef<AgedDocument & { document: PrismaTypes.VendorPrepaymentGetPayload<object> }>('AgedVendorPrepayment')
  .implement({
    description:
      'A prepayment to a vendor (or a kept overpayment) with credit unused at the end of asOf: a negative amount, aged from its date.',
    fields: (t) => ({
      vendorPrepayment: t.field({ type: VendorPrepaymentRef, description: 'The prepayment, as it is now.', resolve: (d) => d.document }),
      ...agedDocumentFields(t),
    }),
  });
/** The aging detail's rows of one kind with each document, read in one query (a document settled since shows as it is now). */
async function agedDocuments<Row extends { id: string }>(
  ctx: GraphQLContext,
  { asOf, currency }: { asOf: string; currency: string | null },
  side: AgingSide,
  kind: 'document' | 'credit_note' | 'vendor_credit' | 'customer_prepayment' | 'vendor_prepayment',
  read: (ids: string[]) => Promise<Row[]>,
) {
  const detail = (await agingDetail(ctx, asOf, side, currency ?? undefined)).filter((d) => d.kind === kind);
  const documents = new Map((await read(detail.map((d) => d.id))).map((d) => [d.id, d]));
  return detail.map((d) => ({ ...d, document: documents.get(d.id)! }));
}

const AgedReceivables = builder.objectRef<Aged>('AgedReceivables').implement({
  description: 'Amounts due on open invoices per customer, by days past due.',
  fields: (t) => ({
    asOf: t.field({ type: 'Date', description: 'The day ages are counted to.', resolve: (r) => r.asOf }),
    rows: t.field({ type: [AgedReceivablesRow], description: 'One row per customer owing money, by name.', resolve: (r) => r.rows }),
    totals: t.field({ type: AgingTotals, description: 'Totals of every column.', resolve: (r) => r.totals }),
    creditNotes: t.field({
      type: [AgedCreditNote],
      description:
        'Credit notes with credit unused at the end of asOf, as negative amounts aged from their dates (days overdue: days since ' +
        'issued). Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'receivables', 'credit_note', (ids) =>
          ctx.prisma.creditNote.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
    customerPrepayments: t.field({
      type: [AgedCustomerPrepayment],
      description:
        'Prepayments and kept overpayments with credit unused at the end of asOf, as negative amounts aged from their dates. Read only ' +
        'when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'receivables', 'customer_prepayment', (ids) =>
          ctx.prisma.customerPrepayment.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
    invoices: t.field({
      type: [AgedInvoice],
      description:
        'Aging detail: every invoice open at the end of asOf, most overdue first; with creditNotes and customerPrepayments they sum to ' +
        'the rows per customer and bucket. Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'receivables', 'document', (ids) =>
          ctx.prisma.invoice.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
  }),
});
const AgedPayables = builder.objectRef<AgedPayables>('AgedPayables').implement({
  description: 'Amounts due on open bills per vendor, by days past due; the total equals the payables balance on the date.',
  fields: (t) => ({
    asOf: t.field({ type: 'Date', description: 'The day ages are counted to.', resolve: (r) => r.asOf }),
    rows: t.field({ type: [AgedPayablesRow], description: 'One row per vendor we owe money, by name.', resolve: (r) => r.rows }),
    totals: t.field({ type: AgingTotals, description: 'Totals of every column.', resolve: (r) => r.totals }),
    vendorCredits: t.field({
      type: [AgedVendorCredit],
      description:
        'Vendor credits with credit unused at the end of asOf, as negative amounts aged from their dates (days overdue: days ' +
        'since issued). Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'payables', 'vendor_credit', (ids) =>
          ctx.prisma.vendorCredit.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
    vendorPrepayments: t.field({
      type: [AgedVendorPrepayment],
      description:
        'Prepayments to vendors and kept overpayments with credit unused at the end of asOf, as negative amounts aged from their dates. ' +
        'Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'payables', 'vendor_prepayment', (ids) =>
          ctx.prisma.vendorPrepayment.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
    }),
    bills: t.field({
      type: [AgedBill],
      description:
        'Aging detail: every bill open at the end of asOf, most overdue first; with vendorCredits and vendorPrepayments they sum to the ' +
        'rows per vendor and bucket. Read only when asked for.',
      resolve: (r, _a, ctx) =>
        agedDocuments(ctx, r, 'payables', 'document', (ids) =>
          ctx.prisma.bill.findMany({ where: { organizationId: ctx.organizationId, id: { in: ids } } }),
        ),
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

type Statement = Awaited<ReturnType<typeof partyStatement>>;
const StatementLine = builder.objectRef<Statement['lines'][number]>('StatementLine').implement({
  description: 'One posting on a statement: a document, a payment, a credit, a write-off or a void of one.',
  fields: (t) => ({
    date: t.field({ type: 'Date', description: 'Its date.', resolve: (l) => l.date }),
    sourceType: t.string({
      description: 'What posted it: invoice, payment, credit_note, write_off, payment_void…',
      resolve: (l) => l.sourceType,
    }),
    sourceId: t.id({ nullable: true, description: 'The record that posted it (the invoice, the payment…).', resolve: (l) => l.sourceId }),
    journalEntryId: t.id({ description: 'The journal entry (`je_…`).', resolve: (l) => l.journalEntryId }),
    reference: t.string({ nullable: true, description: 'The document number or payment reference.', resolve: (l) => l.reference }),
    description: t.string({ description: 'What it was.', resolve: (l) => l.description }),
    amount: t.field({
      type: 'Money',
      description: 'What it added to the balance (negative: what it took off, a payment or a credit).',
      resolve: (l, _a, ctx) => money(ctx, l.amount),
    }),
    balance: t.field({ type: 'Money', description: 'The balance after it.', resolve: (l, _a, ctx) => money(ctx, l.balance) }),
  }),
});
const PartyStatement = builder.objectRef<Statement>('PartyStatement').implement({
  description:
    "A customer's or vendor's statement for a period: the balance at the start, every posting naming them, the balance at the end, " +
    'and the aging at the end. The balance is what the customer owes us, or what we owe the vendor.',
  fields: (t) => ({
    customer: t.field({ type: CustomerRef, nullable: true, description: 'The customer (customerStatement).', resolve: (s) => s.customer }),
    vendor: t.field({ type: VendorRef, nullable: true, description: 'The vendor (vendorStatement).', resolve: (s) => s.vendor }),
    from: t.field({ type: 'Date', description: 'First day.', resolve: (s) => s.from }),
    to: t.field({ type: 'Date', description: 'Last day.', resolve: (s) => s.to }),
    openingBalance: t.field({
      type: 'Money',
      description: 'The balance before from.',
      resolve: (s, _a, ctx) => money(ctx, s.openingBalance),
    }),
    lines: t.field({ type: [StatementLine], description: 'Every posting in the period, oldest first.', resolve: (s) => s.lines }),
    closingBalance: t.field({
      type: 'Money',
      description: 'The balance at the end of to.',
      resolve: (s, _a, ctx) => money(ctx, s.closingBalance),
    }),
    aging: t.field({ type: AgingTotals, description: 'The closing balance by age at the end of to.', resolve: (s) => s.aging }),
  }),
});

/** An aged report's arguments: the date, and the currency to age alone. */
const agingArgs = (t: { arg: ArgBuilder<BuilderTypes> }) => ({
  asOf: t.arg({ type: 'Date' }),
  currency: t.arg.string({
    description:
      'Only the documents in this currency (ISO 4217), in it: what each party owes in its own currency. Without it, every ' +
      'document, in the home currency (the total equals the control account on the trial balance).',
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
  customerStatement: t.field({
    type: PartyStatement,
    extensions: REPORT,
    description: "A customer's statement for a period: opening balance, every invoice, payment, credit and write-off, closing balance.",
    args: {
      customerId: t.arg.id({ required: true }),
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
    },
    resolve: (_p, args, ctx) => partyStatement(ctx, 'receivables', String(args.customerId), args.from, args.to),
  }),
  vendorStatement: t.field({
    type: PartyStatement,
    extensions: REPORT,
    description: "A vendor's statement for a period: opening balance, every bill, payment, credit and refund, closing balance.",
    args: {
      vendorId: t.arg.id({ required: true }),
      from: t.arg({ type: 'Date', required: true }),
      to: t.arg({ type: 'Date', required: true }),
    },
    resolve: (_p, args, ctx) => partyStatement(ctx, 'payables', String(args.vendorId), args.from, args.to),
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
  agedPayables: t.field({
    type: AgedPayables,
    extensions: REPORT,
    description: 'Aged payables as of a date (today when omitted).',
    args: agingArgs(t),
    resolve: (_p, args, ctx) => agedPayables(ctx, args.asOf ?? undefined, args.currency),
  }),
  agedReceivables: t.field({
    type: AgedReceivables,
    extensions: REPORT,
    description: 'Aged receivables as of a date (today when omitted).',
    args: agingArgs(t),
    resolve: (_p, args, ctx) => agedReceivables(ctx, args.asOf ?? undefined, args.currency),
  }),
}));
