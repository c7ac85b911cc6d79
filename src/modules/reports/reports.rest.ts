// The reports over REST: each runs the GraphQL report it names and answers its result as it stands, in
// REST's spelling (amounts as JSON numbers, enum values in lower case; http/graphql-result.ts), so a
// report is declared once, by its GraphQL type. Query parameters are the report's arguments.
import type { RestRoute } from '../../http/rest.ts';
import { letterheadOf, type PdfView, renderPdf } from '../documents/pdf.ts';
import type { Tenant } from '../../core/tenant.ts';
import { AGING_BUCKETS, AGING_LABELS } from './aging.ts';
import { partyStatement } from './reports.service.ts';

const ACCOUNT = 'account { id code name type }';
const SECTION = `{ rows { ${ACCOUNT} amount } total }`;
const BUCKETS = 'current days1to30 days31to60 days61to90 over90 total';
/** A ledger line's entry: its number and what posted it (sourceType, sourceId: the invoice, the payment…), as GraphQL gives them. */
const LEDGER_ENTRY = 'id number description reference sourceType sourceId';
const AGED = 'issueDate dueDate daysOverdue bucket outstanding';

interface ReportDescription {
  /** The path after /api/v1/reports/ */
  name: string;
  field: string;
  summary: string;
  /** The report's arguments, as GraphQL declares them: `$asOf: Date`. */
  args: string;
  selection: string;
}

const reportRoute = ({ name, field, summary, args, selection }: ReportDescription): RestRoute => {
  const variables = [...args.matchAll(/\$(\w+)/g)].map((m) => m[1]);
  const operationId = `get${field.charAt(0).toUpperCase()}${field.slice(1)}`;
  return {
    method: 'GET',
    path: `/api/v1/reports/${name}`,
    operationId,
    summary,
    variables,
    result: field,
    document: `query ${operationId}(${args}) { ${field}(${variables.map((v) => `${v}: $${v}`).join(', ')}) { ${selection} } }`,
  };
};

const STATEMENT =
  'from to openingBalance lines { date sourceType sourceId journalEntryId reference description amount balance } closingBalance ' +
  `aging { ${BUCKETS} }`;

export const reportRoutes: RestRoute[] = [
  reportRoute({
    name: 'trial-balance',
    field: 'trialBalance',
    summary: "Trial balance as of a date (today when asOf is left out): each account's net debit or credit",
    args: '$asOf: Date',
    selection: `asOf rows { ${ACCOUNT} debit credit } totalDebit totalCredit`,
  }),
  reportRoute({
    name: 'balance-sheet',
    field: 'balanceSheet',
    summary: "Balance sheet as of a date (today when asOf is left out), with this and earlier fiscal years' earnings",
    args: '$asOf: Date',
    selection: `asOf fiscalYearStart assets ${SECTION} liabilities ${SECTION} equity ${SECTION} retainedEarnings currentEarnings
      totalLiabilitiesAndEquity`,
  }),
  reportRoute({
    name: 'profit-and-loss',
    field: 'profitAndLoss',
    summary: 'Profit and loss over a period: income, expenses and net income',
    args: '$from: Date!, $to: Date!',
    selection: `from to income ${SECTION} expenses ${SECTION} netIncome`,
  }),
  reportRoute({
    name: 'general-ledger',
    field: 'generalLedger',
    summary: "One account's ledger over a period (or all of it), a page of lines with the running balance",
    args: '$accountId: ID!, $from: Date, $to: Date, $page: Int, $limit: Int',
    selection: `${ACCOUNT} from to openingBalance closingBalance lines { data { balance line { id entry { ${LEDGER_ENTRY} } date
      description debit credit } } total page limit pages } yearClosings { date fiscalYearStart fiscalYearEnd netIncome }`,
  }),
  reportRoute({
    name: 'aged-receivables',
    field: 'agedReceivables',
    summary:
      'Aged receivables as of a date (today when asOf is left out): what each customer owes, by days past due, with each open ' +
      'invoice and unused credit note',
    args: '$asOf: Date, $currency: String',
    selection: `asOf rows { customer { id name } ${BUCKETS} } totals { ${BUCKETS} } invoices { invoice { id } number ${AGED} }
      creditNotes { creditNote { id } number ${AGED} } customerPrepayments { customerPrepayment { id } number ${AGED} }`,
  }),
  reportRoute({
    name: 'aged-payables',
    field: 'agedPayables',
    summary: 'Aged payables as of a date (today when asOf is left out): what is owed to each vendor, by days past due, with each open bill',
    args: '$asOf: Date, $currency: String',
    selection: `asOf rows { vendor { id name } ${BUCKETS} } totals { ${BUCKETS} } bills { bill { id } number ${AGED} }
      vendorCredits { vendorCredit { id } number ${AGED} } vendorPrepayments { vendorPrepayment { id } number ${AGED} }`,
  }),
  reportRoute({
    name: 'tax-summary',
    field: 'taxSummary',
    summary: 'Tax collected on sales and paid on purchases over a period, per tax rate',
    args: '$from: Date!, $to: Date!',
    selection: `from to rows { taxRate { id name } rate account { id code name } purchaseAccount { id code name } taxableAmount
      taxCollected taxablePurchases taxPaid netTax } totalTaxableAmount totalTaxCollected totalTaxablePurchases totalTaxPaid totalNetTax`,
  }),
  reportRoute({
    name: 'customer-statement',
    field: 'customerStatement',
    summary: "A customer's statement for a period: opening balance, every posting with the running balance, closing balance, aging",
    args: '$customerId: ID!, $from: Date!, $to: Date!',
    selection: `customer { id name } ${STATEMENT}`,
  }),
  statementPdfRoute('customer'),
  reportRoute({
    name: 'vendor-statement',
    field: 'vendorStatement',
    summary: "A vendor's statement for a period: opening balance, every posting with the running balance, closing balance, aging",
    args: '$vendorId: ID!, $from: Date!, $to: Date!',
    selection: `vendor { id name } ${STATEMENT}`,
  }),
  statementPdfRoute('vendor'),
  reportRoute({
    name: 'profit-and-loss-columns',
    field: 'profitAndLossColumns',
    summary: 'Profit and loss in columns by month or quarter (period), each beside the year before when comparePriorYear is true',
    args: '$from: Date!, $to: Date!, $period: ColumnPeriod, $comparePriorYear: Boolean',
    selection: `from to columns { from to label priorYear } income { rows { ${ACCOUNT} amounts } totals } expenses { rows {
      ${ACCOUNT} amounts } totals } netIncome`,
  }),
  reportRoute({
    name: 'general-ledger-all-accounts',
    field: 'generalLedgerAllAccounts',
    summary: "Every account's ledger over a period at once: each account's balances, and a page of all lines with running balances",
    args: '$from: Date, $to: Date, $page: Int, $limit: Int',
    selection: `from to accounts { ${ACCOUNT} openingBalance closingBalance } lines { data { balance line { id account { id code }
      entry { ${LEDGER_ENTRY} } date description debit credit } } total page limit pages }`,
  }),
];

/**
 * `GET /api/v1/reports/<party>-statement/pdf`: a customer's (vendor's) statement for a period as the PDF
 * sent to them: every posting naming them with the balance after it, the opening and closing balances.
 */
function statementPdfRoute(party: 'customer' | 'vendor'): RestRoute {
  const key = `${party}Id`;
  const field = `${party}Statement`;
  const operationId = `get${party === 'customer' ? 'Customer' : 'Vendor'}StatementPdf`;
  return {
    method: 'GET',
    path: `/api/v1/reports/${party}-statement/pdf`,
    operationId,
    summary: `A ${party}'s statement for a period as a PDF, to send them: every posting with the balance after it, opening and closing`,
    variables: [key, 'from', 'to'],
    produces: 'application/pdf',
    responses: { 200: { type: 'string', format: 'binary' } },
    document: `query ${operationId}($${key}: ID!, $from: Date!, $to: Date!) {
      ${field}(${key}: $${key}, from: $from, to: $to) { ${party} { id } } }`,
    toResult: async (_data, req, context) => {
      const [partyId, from, to] = [key, 'from', 'to'].map((name) => req.query.get(name)!);
      const view = await statementPdfView(context, party, partyId!, from!, to!);
      const bytes = await renderPdf(await letterheadOf(context), view);
      return { status: 200, body: bytes, headers: { 'content-disposition': `inline; filename="statement-${from}-${to}.pdf"` } };
    },
  };
}

/** A customer's (vendor's) statement for a period as its PDF shows it (the route above, and the statement a mail carries). */
export async function statementPdfView(tenant: Tenant, party: 'customer' | 'vendor', partyId: string, from: string, to: string) {
  const statement = await partyStatement(tenant, party === 'customer' ? 'receivables' : 'payables', partyId, from, to);
  const view: PdfView = {
    title: 'Statement',
    number: null,
    currency: tenant.organization.baseCurrency,
    dates: [
      ['From', from],
      ['To', to],
    ],
    party: { label: 'Statement for', who: (statement.customer ?? statement.vendor)! },
    lines: [],
    rows: statement.lines.map((l) => ({
      date: l.date,
      what: [l.reference, l.description].filter(Boolean).join(' '),
      amount: l.amount,
      balance: l.balance,
    })),
    totals: [
      ['Opening balance', statement.openingBalance],
      ['Closing balance', statement.closingBalance],
    ],
    // What is owed at the end, by how overdue it is then, as QuickBooks prints under a statement.
    aging: AGING_BUCKETS.map((bucket) => [AGING_LABELS[bucket], statement.aging[bucket]]),
  };
  return view;
}
