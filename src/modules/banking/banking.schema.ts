// GraphQL: bank accounts, statements imported into them, their lines with match suggestions, matching,
// explaining and excluding lines, reconciliations and the reconciliation report.
import { allows, insufficientScope, scopeResourceOf } from '../../core/scopes.ts';
import { builder, tenantNode } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { moneyIn } from '../../graphql/money.ts';
import { actionMutation, createMutation, recordMutation, updateMutation } from '../../graphql/mutations.ts';
import { requires } from '../../graphql/scopes.ts';
import { JournalEntryRef } from '../journal/journal.schema.ts';
import {
  type BankAccountFilter,
  bankAccountWhere,
  bankStatementWhere,
  createBankAccount,
  importStatement,
  prepareStatementImport,
  updateBankAccount,
} from './bank-accounts.service.ts';
import { BANK_ACCOUNT_KINDS, type BANK_TRANSACTION_STATUSES, type RECONCILIATION_STATUSES } from './banking.public.ts';
import { clearedBalance, reconcileBankAccount, undoReconciliation } from './reconciliation.service.ts';
import { today } from '../../lib/dates.ts';
import { CsvLayoutInput } from './csv-layouts.schema.ts';
import { STATEMENT_FORMATS } from './statement-files.ts';
import { dropStaged } from './statement-staging.ts';
import {
  type BankTransactionFilter,
  bankTransactionWhere,
  excludeBankTransaction,
  explainBankTransaction,
  matchBankTransaction,
  payableDocumentOf,
  unmatchBankTransaction,
} from './matching.service.ts';
import { suggestMatches } from './suggestions.service.ts';

export const IN_ACCOUNT_CURRENCY = "In the bank account's currency";

/** The scope resource of each document type a line may pay. */
/** Suggestions name only documents the key may read (an invoice: invoices:read). */
const mayReadDocuments = (ctx: GraphQLContext) => (type: string) => {
  const resource = scopeResourceOf(type);
  return resource !== undefined && allows(ctx.apiKey.scopes, `${resource}:read`);
};

/** Matching an invoice or bill records its payment: the key must be allowed to. */
function assertMayPay(ctx: GraphQLContext, ids: string[]) {
  for (const id of ids) {
    const document = payableDocumentOf(id);
    const resource = document && scopeResourceOf(document);
    if (resource && !allows(ctx.apiKey.scopes, `${resource}:write`))
      throw insufficientScope(`${resource}:write`, `This API key lacks ${resource}:write, which recording the payment of ${id} needs`);
  }
}

const currencyOf = { bankAccount: { select: { currency: true } } } as const;

const BankAccountKind = builder.enumType('BankAccountKind', {
  description: 'What a bank account is.',
  values: {
    BANK: { value: 'bank', description: 'A bank account (an asset, subtype bank).' },
    CASH: { value: 'cash', description: 'Cash on hand (an asset, subtype cash).' },
    CREDIT_CARD: { value: 'credit_card', description: 'A credit card (a liability, subtype credit_card).' },
  },
});

const BankTransactionStatus = builder.enumType('BankTransactionStatus', {
  description: 'Where a statement line stands.',
  values: {
    UNMATCHED: { description: 'Not yet in the books: match it, explain it, or exclude it.' },
    MATCHED: { description: 'Matched to recorded transactions (or explained into one).' },
    EXCLUDED: { description: 'Not for the books (a duplicate, a line that is not the organization’s).' },
  },
});

const BankReconciliationStatus = builder.enumType('BankReconciliationStatus', {
  description: 'Whether a reconciliation stands.',
  values: { COMPLETED: { description: 'It stands: its lines are locked.' }, UNDONE: { description: 'It was undone.' } },
});

export const BankAccountRef = builder.prismaNode('BankAccount', {
  description:
    'A bank, cash or credit card account as its bank sees it: its ledger account, the bank, the opening balance where ' +
    'reconciliation starts, and the latest statement balance. Balances are money in minus money out (a card owing is negative).',
  ...tenantNode('The bank account id (`ba_…`).'),
  fields: (t) => ({
    account: t.relation('account', { description: 'Its account in the chart of accounts.' }),
    kind: t.field({
      type: BankAccountKind,
      description: 'Bank, cash or credit card.',
      resolve: (b) => b.kind as (typeof BANK_ACCOUNT_KINDS)[number],
    }),
    currency: t.exposeString('currency', { description: 'ISO 4217: what its statements and balances are in.' }),
    bankName: t.exposeString('bankName', { nullable: true, description: "The bank's name." }),
    accountNumber: t.string({
      nullable: true,
      description: 'Masked: only the last four digits are kept (••••1234).',
      resolve: (b) => (b.accountNumberLast4 ? `••••${b.accountNumberLast4}` : null),
    }),
    openingBalance: t.field({
      type: 'Money',
      description: `Its balance on the opening date, where reconciliation starts. ${IN_ACCOUNT_CURRENCY}.`,
      resolve: (b, _a, ctx) => moneyIn(ctx, b.currency, b.openingBalance),
    }),
    openingDate: t.expose('openingDate', { type: 'Date', description: 'The date of the opening balance.' }),
    statementBalance: t.field({
      type: 'Money',
      nullable: true,
      description: 'The closing balance of the latest statement imported that stated one.',
      resolve: (b, _a, ctx) => (b.statementBalance === null ? null : moneyIn(ctx, b.currency, b.statementBalance)),
    }),
    statementDate: t.expose('statementDate', { type: 'Date', nullable: true, description: 'The date of that balance.' }),
    clearedBalance: t.field({
      type: 'Money',
      description:
        'The cleared balance as at a date (today when omitted): where the last reconciliation up to then ended (or the opening ' +
        "balance) and the matched lines up to then it does not hold; what a statement's closing balance must equal. " +
        `${IN_ACCOUNT_CURRENCY}.`,
      args: { asOf: t.arg({ type: 'Date', description: 'The date.' }) },
      select: { account: true },
      resolve: async (b, args, ctx) => moneyIn(ctx, b.currency, (await clearedBalance(ctx, b, args.asOf ?? today())).balance),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was added.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

export const BankStatementRef = builder.prismaNode('BankStatement', {
  description: 'A statement file imported from the bank: how many of its lines were new and how many already imported.',
  ...tenantNode('The bank statement id (`bst_…`).'),
  fields: (t) => ({
    bankAccount: t.relation('bankAccount', { description: 'The account it was imported into.' }),
    format: t.exposeString('format', { description: `${STATEMENT_FORMATS.join(', ')}.` }),
    filename: t.exposeString('filename', { nullable: true, description: 'The file name given with the upload.' }),
    fileHash: t.exposeString('fileHash', { description: 'SHA-256 of the file as received (hex).' }),
    lineCount: t.exposeInt('lineCount', { description: 'Lines in the file.' }),
    newCount: t.exposeInt('newCount', { description: 'Lines imported.' }),
    skippedCount: t.exposeInt('skippedCount', { description: 'Lines already imported (same bank id or fingerprint), skipped.' }),
    startDate: t.expose('startDate', { type: 'Date', nullable: true, description: 'Its first line’s date.' }),
    endDate: t.expose('endDate', { type: 'Date', nullable: true, description: 'Its last line’s date.' }),
    closingBalance: t.field({
      type: 'Money',
      nullable: true,
      select: currencyOf,
      description: 'The closing balance the file states (OFX LEDGERBAL, CAMT CLBD).',
      resolve: (s, _a, ctx) => (s.closingBalance === null ? null : moneyIn(ctx, s.bankAccount.currency, s.closingBalance)),
    }),
    closingDate: t.expose('closingDate', { type: 'Date', nullable: true, description: 'The date of that balance.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was imported.' }),
  }),
});

builder.prismaObject('BankMatch', {
  description: "A recorded transaction a statement line is matched to: its journal entry and net amount on the bank's account.",
  fields: (t) => ({
    journalEntryId: t.exposeID('journalEntryId', { description: 'The journal entry.' }),
    journalEntry: t.field({
      type: JournalEntryRef,
      description: 'The journal entry.',
      resolve: (m, _a, ctx) => ctx.prisma.journalEntry.findUniqueOrThrow({ where: { id: m.journalEntryId } }),
    }),
    amount: t.field({
      type: 'Money',
      description: `The entry's net amount on the bank account. ${IN_ACCOUNT_CURRENCY}.`,
      select: { bankTransaction: { select: currencyOf } },
      resolve: (m, _a, ctx) => moneyIn(ctx, m.bankTransaction.bankAccount.currency, m.amount),
    }),
    explained: t.exposeBoolean('explained', { description: 'The entry was made from the line; unmatching reverses it.' }),
  }),
});

type Suggestion = Awaited<ReturnType<typeof suggestMatches>>[number];

const BankMatchSuggestionRef = builder.objectRef<Suggestion>('BankMatchSuggestion').implement({
  description: 'Something a statement line may be, with why: a recorded transaction of the same amount, or an open invoice or bill.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'payment, bill_payment, sales_receipt, journal_entry…, or invoice / bill.' }),
    id: t.exposeID('id', { description: 'The id to match with (matchBankTransaction).' }),
    journalEntryId: t.exposeID('journalEntryId', { nullable: true, description: "A recorded transaction's journal entry." }),
    date: t.expose('date', { type: 'Date', description: 'Its date (a document’s due date).' }),
    amount: t.field({
      type: 'Money',
      description: `What it moves on the account (a document: its amount due). ${IN_ACCOUNT_CURRENCY}.`,
      resolve: (s, _a, ctx) => moneyIn(ctx, s.currency, s.amount),
    }),
    description: t.exposeString('description', { description: 'What it is.' }),
    score: t.exposeInt('score', { description: 'How good a match it is; higher is better.' }),
    reasons: t.exposeStringList('reasons', { description: 'Why it is suggested.' }),
  }),
});

export const BankTransactionRef = builder.prismaNode('BankTransaction', {
  description: 'A line of a bank statement: money in above 0, out below 0; unmatched, matched to the books, or excluded.',
  ...tenantNode('The bank transaction id (`btx_…`).'),
  fields: (t) => ({
    bankAccount: t.relation('bankAccount', { description: 'The account whose statement it is on.' }),
    statement: t.relation('statement', { description: 'The statement file it came from.' }),
    date: t.expose('date', { type: 'Date', description: 'The date the bank booked it.' }),
    amount: t.field({
      type: 'Money',
      select: currencyOf,
      description: `Money in above 0, money out below 0. ${IN_ACCOUNT_CURRENCY}.`,
      resolve: (l, _a, ctx) => moneyIn(ctx, l.bankAccount.currency, l.amount),
    }),
    currency: t.string({ select: currencyOf, description: 'ISO 4217.', resolve: (l) => l.bankAccount.currency }),
    description: t.exposeString('description', { description: "The bank's text." }),
    counterparty: t.exposeString('counterparty', { nullable: true, description: 'Who paid or was paid, as the bank names them.' }),
    reference: t.exposeString('reference', { nullable: true, description: "The bank's own id of the line (OFX FITID, CAMT reference)." }),
    status: t.field({
      type: BankTransactionStatus,
      description: 'Unmatched, matched or excluded.',
      resolve: (l) => l.status as (typeof BANK_TRANSACTION_STATUSES)[number],
    }),
    matches: t.relation('matches', { description: 'The recorded transactions it is matched to.', query: { orderBy: { id: 'asc' } } }),
    reconciliation: t.relation('reconciliation', { nullable: true, description: 'The reconciliation that locked it, if any.' }),
    suggestions: t.field({
      type: [BankMatchSuggestionRef],
      description: 'What it may be, best first (none once matched or excluded).',
      resolve: (l, _a, ctx) => suggestMatches(ctx, l.id, mayReadDocuments(ctx)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was imported.' }),
  }),
});

export const BankReconciliationRef = builder.prismaNode('BankReconciliation', {
  description: 'A bank account reconciled to a statement: the matched lines that took the opening balance to the closing one.',
  ...tenantNode('The bank reconciliation id (`brec_…`).'),
  fields: (t) => {
    const amount = (field: 'openingBalance' | 'clearedDeposits' | 'clearedPayments' | 'closingBalance', description: string) =>
      t.field({
        type: 'Money',
        select: currencyOf,
        description: `${description} ${IN_ACCOUNT_CURRENCY}.`,
        resolve: (r, _a, ctx) => moneyIn(ctx, r.bankAccount.currency, r[field]),
      });
    return {
      bankAccount: t.relation('bankAccount', { description: 'The account reconciled.' }),
      statementDate: t.expose('statementDate', { type: 'Date', description: 'The statement’s date.' }),
      openingBalance: amount('openingBalance', 'Where it started.'),
      clearedDeposits: amount('clearedDeposits', 'Matched money in.'),
      clearedPayments: amount('clearedPayments', 'Matched money out (0 or below).'),
      closingBalance: amount('closingBalance', "The statement's closing balance."),
      transactionCount: t.exposeInt('transactionCount', { description: 'Lines it reconciled.' }),
      status: t.field({
        type: BankReconciliationStatus,
        description: 'Completed, or undone.',
        resolve: (r) => r.status as (typeof RECONCILIATION_STATUSES)[number],
      }),
      undoneAt: t.expose('undoneAt', { type: 'DateTime', nullable: true, description: 'When it was undone.' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was completed.' }),
    };
  },
});

const BankAccountFilterInput = builder.inputType('BankAccountFilter', {
  description: 'Narrows a list of bank accounts.',
  fields: (t) => ({
    kind: t.string({ description: `Only this kind: ${BANK_ACCOUNT_KINDS.join(', ')}.` }),
    currency: t.string({ description: 'Only this currency (ISO 4217).' }),
  }),
}) satisfies { $inferInput: BankAccountFilter };

listFields<BankAccountFilter>({
  plural: 'bankAccounts',
  model: 'BankAccount',
  nodeRef: BankAccountRef,
  description: 'bank accounts',
  filterInput: BankAccountFilterInput,
  order: orderInput('BankAccount', { CREATED_AT: { column: 'createdAt', description: 'By when it was added.' } }, 'CREATED_AT'),
  where: (ctx, filter) => bankAccountWhere(ctx.organizationId, filter),
});

const BankStatementFilterInput = builder.inputType('BankStatementFilter', {
  description: 'Narrows a list of statements.',
  fields: (t) => ({ bankAccountId: t.id({ description: 'Only those of this bank account.' }) }),
});

listFields<{ bankAccountId?: string | number | null }>({
  plural: 'bankStatements',
  model: 'BankStatement',
  nodeRef: BankStatementRef,
  description: 'imported bank statements',
  filterInput: BankStatementFilterInput,
  order: orderInput('BankStatement', { CREATED_AT: { column: 'createdAt', description: 'By when it was imported.' } }, 'CREATED_AT'),
  where: (ctx, filter) =>
    bankStatementWhere(ctx.organizationId, { bankAccountId: filter?.bankAccountId ? String(filter.bankAccountId) : null }),
});

const BankTransactionFilterInput = builder.inputType('BankTransactionFilter', {
  description: 'Narrows a list of statement lines; all given conditions must hold.',
  fields: (t) => ({
    bankAccountId: t.id({ description: 'Only those of this bank account.' }),
    status: t.string({ description: 'Only lines in this status: unmatched, matched or excluded.' }),
    from: t.field({ type: 'Date', description: 'Dated on or after.' }),
    to: t.field({ type: 'Date', description: 'Dated on or before.' }),
  }),
});

listFields<BankTransactionFilter & { bankAccountId?: string | number | null }>({
  plural: 'bankTransactions',
  model: 'BankTransaction',
  nodeRef: BankTransactionRef,
  description: 'bank statement lines',
  filterInput: BankTransactionFilterInput,
  order: orderInput(
    'BankTransaction',
    {
      DATE: { column: 'date', description: 'By the date the bank booked it.' },
      AMOUNT: { column: 'amount', description: 'By amount.' },
      CREATED_AT: { column: 'createdAt', description: 'By when it was imported.' },
    },
    'DATE',
  ),
  where: (ctx, filter) =>
    bankTransactionWhere(ctx.organizationId, { ...filter, bankAccountId: filter?.bankAccountId ? String(filter.bankAccountId) : null }),
});

const BankReconciliationFilterInput = builder.inputType('BankReconciliationFilter', {
  description: 'Narrows a list of reconciliations.',
  fields: (t) => ({ bankAccountId: t.id({ description: 'Only those of this bank account.' }) }),
});

listFields<{ bankAccountId?: string | number | null }>({
  plural: 'bankReconciliations',
  model: 'BankReconciliation',
  nodeRef: BankReconciliationRef,
  description: 'bank reconciliations',
  filterInput: BankReconciliationFilterInput,
  order: orderInput(
    'BankReconciliation',
    {
      STATEMENT_DATE: { column: 'statementDate', description: 'By statement date.' },
      CREATED_AT: { column: 'createdAt', description: 'By when it was completed.' },
    },
    'STATEMENT_DATE',
  ),
  where: (ctx, filter) => ({
    organizationId: ctx.organizationId,
    ...(filter?.bankAccountId ? { bankAccountId: String(filter.bankAccountId) } : {}),
  }),
});

const CreateBankAccountInput = builder.inputType('CreateBankAccountInput', {
  description: 'A new bank account: a new ledger account (name and kind), or an existing bank, cash or credit card account (accountId).',
  fields: (t) => ({
    accountId: t.id({ description: 'An existing bank, cash or credit card account of the chart; nothing is posted for it.' }),
    name: t.string({ description: 'The new ledger account’s name (without accountId).' }),
    code: t.string({ description: 'Its code; the next free one of its kind when omitted.' }),
    kind: t.string({ description: `${BANK_ACCOUNT_KINDS.join(', ')} (without accountId).` }),
    currency: t.string({ description: 'ISO 4217; the home currency when omitted (a credit card is in the home currency).' }),
    bankName: t.string({ description: "The bank's name." }),
    accountNumber: t.string({ description: 'The account number or IBAN; only its last four digits are kept.' }),
    openingBalance: t.field({
      type: 'Money',
      description: 'Its balance on the opening date (a card owing is negative); posted for a new account.',
    }),
    openingDate: t.field({ type: 'Date', description: 'The date of the opening balance; today when omitted.' }),
  }),
});

createMutation({
  name: 'createBankAccount',
  model: 'BankAccount',
  input: CreateBankAccountInput,
  description:
    'Adds a bank account. A new one also adds its ledger account and posts its opening balance against Opening Balance Equity; ' +
    'an existing account keeps its history, and its opening balance is only where reconciliation starts.',
  run: (scope, input) => createBankAccount(scope, { ...input, accountId: input.accountId ? String(input.accountId) : input.accountId }),
});

updateMutation({
  name: 'updateBankAccount',
  model: 'BankAccount',
  label: 'bank account',
  input: builder.inputType('UpdateBankAccountInput', {
    description: "What the bank calls it (the ledger account's name and code change under accounts).",
    fields: (t) => ({
      bankName: t.string({ description: "The bank's name." }),
      accountNumber: t.string({ description: 'The account number; only its last four digits are kept.' }),
    }),
  }),
  description: "Changes a bank account's bank name or number.",
  run: (scope, id, input) => updateBankAccount(scope, id, input),
});

recordMutation({
  name: 'importBankStatement',
  model: 'BankStatement',
  label: 'bank account',
  inputRequired: true,
  inputDescription: 'The file and its format.',
  input: builder.inputType('ImportBankStatementInput', {
    description: 'A statement file from the bank.',
    fields: (t) => ({
      format: t.string({ required: true, description: `${STATEMENT_FORMATS.join(', ')} (qfx is read as ofx, sta as mt940).` }),
      file: t.string({ required: true, description: "The file's text (with encoding base64, its bytes in base64)." }),
      encoding: t.string({
        description:
          'text (default), or base64: the bytes of a zip archive of statement files of the format (a month of daily CAMT or MT940 ' +
          'files), or of a file in another encoding than UTF-8 (read as Windows-1252 then).',
      }),
      filename: t.string({ description: 'Its name, kept with the statement.' }),
      csv: t.field({ type: CsvLayoutInput, description: "A CSV's layout; the account's last one when omitted." }),
    }),
  }),
  description:
    'Imports a statement file into a bank account: lines it already has (the same bank id, or the same fingerprint) are skipped; ' +
    'a file with a bad line is refused whole, naming the line and field. Answers the statement with its counts.',
  // The file is read and its lines staged before the write opens: the write only shows them.
  prepare: (input, ctx, id) => prepareStatementImport(ctx.db, ctx, id, input),
  run: (scope, id, input, _ctx, prepared) => importStatement(scope, id, input, prepared),
  release: (ctx, prepared) => dropStaged(ctx.db, prepared.staged.statementId),
});

const MatchTargetInput = builder.inputType('BankMatchTargetInput', {
  description: 'A recorded transaction or an open invoice or bill a line is.',
  fields: (t) => ({
    id: t.id({
      required: true,
      description: 'A payment, receipt, refund or journal entry id; or an invoice or bill id (its payment is recorded).',
    }),
    amount: t.field({ type: 'Money', description: 'For an invoice or bill: how much of the line pays it (the whole line when omitted).' }),
  }),
});

recordMutation({
  name: 'matchBankTransaction',
  model: 'BankTransaction',
  label: 'bank transaction',
  inputRequired: true,
  inputDescription: 'What the line is.',
  input: builder.inputType('MatchBankTransactionInput', {
    description: 'What a statement line is in the books; together they must move exactly the line’s amount.',
    fields: (t) => ({ matches: t.field({ type: [MatchTargetInput], required: true, description: 'One or more.' }) }),
  }),
  description:
    'Matches an unmatched line to recorded transactions and open invoices or bills (whose payments are then recorded from it, ' +
    'into the bank account on its date).',
  prepare: async (input, ctx) =>
    assertMayPay(
      ctx,
      input.matches.map((m) => String(m.id)),
    ),
  run: (scope, id, input) => matchBankTransaction(scope, id, { matches: input.matches.map((m) => ({ ...m, id: String(m.id) })) }),
});

recordMutation({
  name: 'explainBankTransaction',
  model: 'BankTransaction',
  label: 'bank transaction',
  inputRequired: true,
  inputDescription: 'Where the money went or came from.',
  input: builder.inputType('ExplainBankTransactionInput', {
    description: 'The account a line nothing matches posts against.',
    fields: (t) => ({
      accountId: t.id({
        required: true,
        description: 'An expense or income account (a fee, interest), or another bank account (a transfer).',
      }),
      description: t.string({ description: "The entry's description; the line's when omitted." }),
    }),
  }),
  description: 'Posts an unmatched line against an account on its date (a transfer when that is another bank account) and matches it.',
  run: (scope, id, input) => explainBankTransaction(scope, id, { ...input, accountId: String(input.accountId) }),
});

actionMutation({
  name: 'excludeBankTransaction',
  model: 'BankTransaction',
  label: 'bank transaction',
  description: 'Excludes an unmatched line from the books.',
  run: (scope, id) => excludeBankTransaction(scope, id),
});

actionMutation({
  name: 'unmatchBankTransaction',
  model: 'BankTransaction',
  label: 'bank transaction',
  description:
    'Makes a matched or excluded line unmatched (an entry it was explained into is reversed; payments recorded stay). Refused ' +
    'while it is reconciled.',
  run: (scope, id) => unmatchBankTransaction(scope, id),
});

recordMutation({
  name: 'reconcileBankAccount',
  model: 'BankReconciliation',
  label: 'bank account',
  inputRequired: true,
  inputDescription: "The statement's date and closing balance.",
  input: builder.inputType('ReconcileBankAccountInput', {
    description: 'A statement to reconcile to.',
    fields: (t) => ({
      statementDate: t.field({ type: 'Date', required: true, description: "The statement's date." }),
      closingBalance: t.field({ type: 'Money', required: true, description: "The statement's closing balance." }),
    }),
  }),
  description:
    'Reconciles a bank account to a statement: refused, saying by how much, unless the opening balance plus the matched lines up ' +
    "to the statement date equals the statement's closing balance. Locks those lines and the transactions they match.",
  run: (scope, id, input) => reconcileBankAccount(scope, id, input),
});

actionMutation({
  name: 'undoBankReconciliation',
  model: 'BankReconciliation',
  label: 'bank reconciliation',
  description: 'Undoes the latest reconciliation of its account: its lines and transactions can change again.',
  run: (scope, id) => undoReconciliation(scope, id),
});

const BankMatchSuggestionsRef = builder.objectRef<{ bankTransactionId: string; data: Suggestion[] }>('BankMatchSuggestions').implement({
  description: 'What an unmatched statement line may be, best first.',
  fields: (t) => ({
    bankTransactionId: t.exposeID('bankTransactionId', { description: 'The line.' }),
    data: t.field({ type: [BankMatchSuggestionRef], description: 'The suggestions, best first.', resolve: (s) => s.data }),
  }),
});

builder.queryField('bankTransactionSuggestions', (t) =>
  t.field({
    type: BankMatchSuggestionsRef,
    extensions: requires('banking:read'),
    description:
      'What an unmatched statement line may be, best first, each with why: recorded transactions of its amount within ' +
      'a week of it, open invoices or bills it names or whose amount due it is.',
    args: { id: t.arg.id({ required: true, description: 'The bank transaction (statement line).' }) },
    resolve: async (_p, args, ctx) => {
      const id = String(args.id);
      return { bankTransactionId: id, data: await suggestMatches(ctx, id, mayReadDocuments(ctx)) };
    },
  }),
);
