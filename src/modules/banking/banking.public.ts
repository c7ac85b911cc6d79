// Bank accounts, statements, statement lines and reconciliations as the public sees them: the REST v1
// bodies, and `data.object` of bank_*.* events. Amounts are in the bank account's own currency.
import type { PrismaTypes } from '../../db/database.ts';
import { UNSTAGED } from '../../db/list-counts.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { currencyDecimals, moneyNumber } from '../../lib/money.ts';

export const BANK_ACCOUNT = 'bank_account';
export const BANK_STATEMENT = 'bank_statement';
export const BANK_TRANSACTION = 'bank_transaction';
export const BANK_RECONCILIATION = 'bank_reconciliation';

export const BANK_ACCOUNT_KINDS = ['bank', 'cash', 'credit_card'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];
export const BANK_TRANSACTION_STATUSES = ['UNMATCHED', 'MATCHED', 'EXCLUDED'] as const;
export type BankTransactionStatus = (typeof BANK_TRANSACTION_STATUSES)[number];
export const RECONCILIATION_STATUSES = ['COMPLETED', 'UNDONE'] as const;

const money = (description: string) => ({ ...S.number, description: `${description} In the bank account's currency.` });
const inCurrency = (minor: bigint, currency: string) => moneyNumber(minor, currencyDecimals(currency));
const orNull = (minor: bigint | null, currency: string) => (minor === null ? null : inCurrency(minor, currency));

export type BankAccountRow = PrismaTypes.BankAccountGetPayload<{ include: { account: true } }>;

const BANK_ACCOUNT_SCHEMA = S.object(
  {
    id: S.id('ba'),
    accountId: { ...S.id('acct'), description: 'Its account in the chart of accounts (what its transactions post to).' },
    name: { ...S.string, description: "The ledger account's name." },
    code: { ...S.string, description: "The ledger account's code." },
    kind: S.enum(BANK_ACCOUNT_KINDS),
    currency: { ...S.string, description: 'ISO 4217: what its statements and balances are in.' },
    bankName: S.nullable(S.string),
    accountNumber: { ...S.nullable(S.string), description: 'Masked: only the last four digits are kept (••••1234).' },
    openingBalance: money('Its balance on the opening date: where reconciliation starts (money in minus out; a card owing is negative).'),
    openingDate: S.date,
    statementBalance: S.nullable(money('The closing balance of the latest statement imported that stated one.')),
    statementDate: S.nullable(S.date),
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  'A bank, cash or credit card account as its bank sees it.',
);

const BANK_ACCOUNT_QUERY = { include: { account: true } } satisfies PrismaTypes.BankAccountFindManyArgs;

export const bankAccountRepresentation: Representation<BankAccountRow, Infer<typeof BANK_ACCOUNT_SCHEMA>> = {
  type: BANK_ACCOUNT,
  schema: BANK_ACCOUNT_SCHEMA,
  load: (db, organizationId, ids) =>
    db.bankAccount.findMany({ where: { organizationId, id: { in: ids } }, ...BANK_ACCOUNT_QUERY, orderBy: { id: 'asc' } }),
  query: BANK_ACCOUNT_QUERY,
  render: (b) => ({
    id: b.id,
    accountId: b.accountId,
    name: b.account.name,
    code: b.account.code,
    kind: b.kind,
    currency: b.currency,
    bankName: b.bankName,
    accountNumber: b.accountNumberLast4 ? `••••${b.accountNumberLast4}` : null,
    openingBalance: inCurrency(b.openingBalance, b.currency),
    openingDate: b.openingDate,
    statementBalance: orNull(b.statementBalance, b.currency),
    statementDate: b.statementDate,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  }),
};

export type BankStatementRow = PrismaTypes.BankStatementGetPayload<{ include: { bankAccount: { select: { currency: true } } } }>;

const BANK_STATEMENT_SCHEMA = S.object(
  {
    id: S.id('bst'),
    bankAccountId: S.id('ba'),
    format: S.enum(['csv', 'ofx', 'camt053']),
    filename: S.nullable(S.string),
    fileHash: { ...S.string, description: 'SHA-256 of the file as received (hex).' },
    lineCount: { ...S.integer, description: 'Lines in the file.' },
    newCount: { ...S.integer, description: 'Lines imported.' },
    skippedCount: { ...S.integer, description: 'Lines skipped: already imported (same bank id, or same fingerprint).' },
    startDate: S.nullable(S.date),
    endDate: S.nullable(S.date),
    closingBalance: S.nullable(money('The closing balance the file states (OFX LEDGERBAL, CAMT CLBD).')),
    closingDate: S.nullable(S.date),
    createdAt: S.dateTime,
  },
  'A statement file imported from the bank.',
);

const BANK_STATEMENT_QUERY = { include: { bankAccount: { select: { currency: true } } } } satisfies PrismaTypes.BankStatementFindManyArgs;

export const bankStatementRepresentation: Representation<BankStatementRow, Infer<typeof BANK_STATEMENT_SCHEMA>> = {
  type: BANK_STATEMENT,
  schema: BANK_STATEMENT_SCHEMA,
  load: (db, organizationId, ids) =>
    db.bankStatement.findMany({
      where: { organizationId, id: { in: ids }, ...UNSTAGED },
      ...BANK_STATEMENT_QUERY,
      orderBy: { id: 'asc' },
    }),
  query: BANK_STATEMENT_QUERY,
  render: (s) => ({
    id: s.id,
    bankAccountId: s.bankAccountId,
    format: s.format,
    filename: s.filename,
    fileHash: s.fileHash,
    lineCount: s.lineCount,
    newCount: s.newCount,
    skippedCount: s.skippedCount,
    startDate: s.startDate,
    endDate: s.endDate,
    closingBalance: orNull(s.closingBalance, s.bankAccount.currency),
    closingDate: s.closingDate,
    createdAt: s.createdAt.toISOString(),
  }),
};

export type BankTransactionRow = PrismaTypes.BankTransactionGetPayload<{
  include: { bankAccount: { select: { currency: true } }; matches: true };
}>;

const BANK_TRANSACTION_SCHEMA = S.object(
  {
    id: S.id('btx'),
    bankAccountId: S.id('ba'),
    statementId: { ...S.id('bst'), description: 'The statement file it came from.' },
    date: S.date,
    amount: money('Money in above 0, money out below 0.'),
    currency: S.string,
    description: S.string,
    counterparty: S.nullable(S.string),
    reference: { ...S.nullable(S.string), description: "The bank's own id of the line (OFX FITID, CAMT entry reference)." },
    status: S.enum(BANK_TRANSACTION_STATUSES),
    matches: S.array(
      S.object({
        journalEntryId: S.id('je'),
        amount: money("The entry's net amount on the bank account."),
        explained: { ...S.boolean, description: 'The entry was made from this line (unmatching reverses it).' },
      }),
    ),
    reconciliationId: S.nullable(S.id('brec')),
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  'A line of a bank statement: unmatched, matched to recorded transactions, or excluded.',
);

const BANK_TRANSACTION_QUERY = {
  include: { bankAccount: { select: { currency: true } }, matches: { orderBy: { id: 'asc' } } },
} satisfies PrismaTypes.BankTransactionFindManyArgs;

export const bankTransactionRepresentation: Representation<BankTransactionRow, Infer<typeof BANK_TRANSACTION_SCHEMA>> = {
  type: BANK_TRANSACTION,
  schema: BANK_TRANSACTION_SCHEMA,
  load: (db, organizationId, ids) =>
    db.bankTransaction.findMany({
      where: { organizationId, id: { in: ids }, ...UNSTAGED },
      ...BANK_TRANSACTION_QUERY,
      orderBy: { id: 'asc' },
    }),
  query: BANK_TRANSACTION_QUERY,
  render: (t) => ({
    id: t.id,
    bankAccountId: t.bankAccountId,
    statementId: t.statementId,
    date: t.date,
    amount: inCurrency(t.amount, t.bankAccount.currency),
    currency: t.bankAccount.currency,
    description: t.description,
    counterparty: t.counterparty,
    reference: t.reference,
    status: t.status.toLowerCase(),
    matches: t.matches.map((m) => ({
      journalEntryId: m.journalEntryId,
      amount: inCurrency(m.amount, t.bankAccount.currency),
      explained: m.explained,
    })),
    reconciliationId: t.reconciliationId,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  }),
};

export type BankReconciliationRow = PrismaTypes.BankReconciliationGetPayload<{ include: { bankAccount: { select: { currency: true } } } }>;

const BANK_RECONCILIATION_SCHEMA = S.object(
  {
    id: S.id('brec'),
    bankAccountId: S.id('ba'),
    statementDate: S.date,
    openingBalance: money('Where it started: the previous reconciliation’s closing balance, or the opening balance.'),
    clearedDeposits: money('Matched money in up to the statement date.'),
    clearedPayments: money('Matched money out up to the statement date (0 or below).'),
    closingBalance: money("The statement's closing balance, which the cleared balance equalled."),
    transactionCount: { ...S.integer, description: 'Statement lines it reconciled.' },
    status: S.enum(RECONCILIATION_STATUSES),
    undoneAt: S.nullable(S.dateTime),
    createdAt: S.dateTime,
  },
  'A bank account reconciled to a statement.',
);

const BANK_RECONCILIATION_QUERY = {
  include: { bankAccount: { select: { currency: true } } },
} satisfies PrismaTypes.BankReconciliationFindManyArgs;

export const bankReconciliationRepresentation: Representation<BankReconciliationRow, Infer<typeof BANK_RECONCILIATION_SCHEMA>> = {
  type: BANK_RECONCILIATION,
  schema: BANK_RECONCILIATION_SCHEMA,
  load: (db, organizationId, ids) =>
    db.bankReconciliation.findMany({ where: { organizationId, id: { in: ids } }, ...BANK_RECONCILIATION_QUERY, orderBy: { id: 'asc' } }),
  query: BANK_RECONCILIATION_QUERY,
  render: (r) => ({
    id: r.id,
    bankAccountId: r.bankAccountId,
    statementDate: r.statementDate,
    openingBalance: inCurrency(r.openingBalance, r.bankAccount.currency),
    clearedDeposits: inCurrency(r.clearedDeposits, r.bankAccount.currency),
    clearedPayments: inCurrency(r.clearedPayments, r.bankAccount.currency),
    closingBalance: inCurrency(r.closingBalance, r.bankAccount.currency),
    transactionCount: r.transactionCount,
    status: r.status.toLowerCase(),
    undoneAt: r.undoneAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }),
};
