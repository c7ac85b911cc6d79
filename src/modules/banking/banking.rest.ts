// /api/v1/bank-accounts, /bank-statements, /bank-transactions and /bank-reconciliations (beyond the
// contract, in its conventions): bank accounts, statement import, matching, reconciliation.
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import {
  bankAccountRepresentation,
  bankReconciliationRepresentation,
  bankStatementRepresentation,
  bankTransactionRepresentation,
} from './banking.public.ts';

const transactionAction = (action: string, summary: string, inputType?: string): RestRoute =>
  actionRoute({
    path: `/api/v1/bank-transactions/:id/${action}`,
    mutation: `${action}BankTransaction`,
    summary,
    ...(inputType ? { inputType, inputRequired: true } : {}),
    status: 200,
    schema: bankTransactionRepresentation.schema,
  });

/** The largest statement import body: 10,000 lines of any format as text, 100,000 zipped (base64). */
const STATEMENT_BODY_BYTES = 8 * 1024 * 1024;
export const bankingRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/bank-accounts',
    typename: 'BankAccount',
    label: 'bank account',
    plural: 'bankAccounts',
    representation: bankAccountRepresentation,
    filters: ['kind', 'currency'],
    list: 'List bank, cash and credit card accounts',
    retrieve: 'Retrieve a bank account',
    create: { summary: 'Add a bank account (a new ledger account with its opening balance posted, or an existing one)' },
    update: { summary: "Change a bank account's bank name or number" },
  }),
  {
    ...actionRoute({
      path: '/api/v1/bank-accounts/:id/statements',
      mutation: 'importBankStatement',
      summary: 'Import a statement file (CSV, OFX/QFX, CAMT or MT940, or a zip of them); lines already imported are skipped',
      inputType: 'ImportBankStatementInput',
      inputRequired: true,
      status: 201,
      schema: bankStatementRepresentation.schema,
      location: (id) => `/api/v1/bank-statements/${id}`,
    }),
    // 10,000 lines of CAMT (some 600 bytes a line) fit as text; the most a file may hold (100,000) zipped.
    maxBodyBytes: STATEMENT_BODY_BYTES,
  },
  actionRoute({
    path: '/api/v1/bank-accounts/:id/reconciliations',
    mutation: 'reconcileBankAccount',
    summary: "Reconcile a bank account to a statement (refused unless the cleared balance is the statement's closing balance)",
    inputType: 'ReconcileBankAccountInput',
    inputRequired: true,
    status: 201,
    schema: bankReconciliationRepresentation.schema,
    location: (id) => `/api/v1/bank-reconciliations/${id}`,
  }),
  {
    method: 'GET',
    path: '/api/v1/bank-accounts/:bankAccountId/reconciliation-report',
    operationId: 'getBankReconciliationReport',
    summary:
      'The reconciliation report as at a date (today when asOf is left out): opening balance, cleared deposits and payments, ' +
      'cleared balance, and deposits in transit and outstanding payments',
    variables: ['asOf'],
    result: 'bankReconciliationReport',
    document: `query getBankReconciliationReport($bankAccountId: ID!, $asOf: Date) {
      bankReconciliationReport(bankAccountId: $bankAccountId, asOf: $asOf) { asOf currency openingBalance openingDate
      clearedDeposits clearedPayments clearedBalance statementBalance statementDate unmatchedStatementLines
      unmatchedStatementAmount depositsInTransit outstandingPayments bookBalance
      outstanding { journalEntryId type sourceId date description amount } lastReconciliationId } }`,
  },
  {
    method: 'GET',
    path: '/api/v1/bank-csv-layouts',
    operationId: 'getBankCsvLayouts',
    summary: "The organization's saved CSV layouts, by name: an import uses one with csv: { name }",
    variables: [],
    result: 'bankCsvLayouts',
    document: `query getBankCsvLayouts { bankCsvLayouts { data { name dateColumn amountColumn directionColumn debitColumn
      creditColumn descriptionColumn counterpartyColumn referenceColumn balanceColumn currencyColumn dateFormat decimalSeparator
      delimiter skipLines footerLines hasHeader invertSign updatedAt } } }`,
  },
  ...resourceRoutes({
    path: '/api/v1/bank-statements',
    typename: 'BankStatement',
    label: 'bank statement',
    plural: 'bankStatements',
    representation: bankStatementRepresentation,
    filters: ['bankAccountId'],
    list: 'List imported bank statements, oldest first',
    retrieve: 'Retrieve a bank statement',
  }),
  ...resourceRoutes({
    path: '/api/v1/bank-transactions',
    typename: 'BankTransaction',
    label: 'bank transaction',
    plural: 'bankTransactions',
    representation: bankTransactionRepresentation,
    filters: ['bankAccountId', 'status', 'from', 'to'],
    list: 'List bank statement lines, by date',
    retrieve: 'Retrieve a bank statement line',
  }),
  {
    method: 'GET',
    path: '/api/v1/bank-transactions/:id/suggestions',
    operationId: 'getBankTransactionSuggestions',
    summary: 'What an unmatched statement line may be, best first, each with why',
    variables: [],
    result: 'bankTransactionSuggestions',
    document: `query getBankTransactionSuggestions($id: ID!) { bankTransactionSuggestions(id: $id) { bankTransactionId
      data { type id journalEntryId date amount description score reasons } } }`,
  },
  transactionAction(
    'match',
    'Match a statement line to recorded transactions and open invoices or bills (whose payments are recorded from it)',
    'MatchBankTransactionInput',
  ),
  transactionAction(
    'explain',
    'Post a statement line nothing matches against an account (a fee, interest, a transfer)',
    'ExplainBankTransactionInput',
  ),
  transactionAction('exclude', 'Exclude a statement line from the books'),
  transactionAction('unmatch', 'Make a matched or excluded statement line unmatched again (refused while reconciled)'),
  ...resourceRoutes({
    path: '/api/v1/bank-reconciliations',
    typename: 'BankReconciliation',
    label: 'bank reconciliation',
    plural: 'bankReconciliations',
    representation: bankReconciliationRepresentation,
    filters: ['bankAccountId'],
    list: 'List bank reconciliations, by statement date',
    retrieve: 'Retrieve a bank reconciliation',
  }),
  actionRoute({
    path: '/api/v1/bank-reconciliations/:id/undo',
    mutation: 'undoBankReconciliation',
    summary: "Undo a bank account's latest reconciliation (its lines and transactions can change again)",
    status: 200,
    schema: bankReconciliationRepresentation.schema,
  }),
];
