// Bank accounts and the statements imported into them. A bank account is a ledger account of the chart
// (an asset of subtype bank or cash, or a liability of subtype credit_card) seen as its bank sees it: the
// bank's name, the last digits of its number, an opening balance on a date (posted against Opening
// Balance Equity when the account is new), and the lines of the statements imported into it.
import type { Database, PrismaTypes } from '../../db/database.ts';
import { HeavyTaskFailed, runHeavyTask } from '../../core/heavy-work.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { UNSTAGED } from '../../db/list-counts.ts';
import { currencyDecimals } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { ACCOUNT } from '../accounts/accounts.public.ts';
import { systemAccountOnNeed } from '../accounts/accounts.service.ts';
import { homeCurrency, rateFor, toHome } from '../documents/index.ts';
import { type PostingLine, writePosting } from '../journal/journal.service.ts';
import {
  BANK_ACCOUNT,
  BANK_ACCOUNT_KINDS,
  BANK_STATEMENT,
  type BankAccountKind,
  type BankAccountRow,
  type BankStatementRow,
} from './banking.public.ts';
import {
  CSV_DATE_FORMATS,
  type CsvLayout,
  lastFourOf,
  MAX_STATEMENT_LINES,
  type ParsedStatement,
  STATEMENT_FORMATS,
  type StatementFormat,
} from './statement-files.ts';
import type { ReadStatement } from './statement-packing.ts';
import type { StatementFileInput } from './statement-reader.ts';
import { csvLayouts, namedCsvLayout, saveCsvLayout } from './csv-layouts.ts';
import { commitStaged, type StagedStatement, stageStatement } from './statement-staging.ts';

export interface BankAccountInput {
  accountId?: string | null;
  name?: string | null;
  code?: string | null;
  kind?: string | null;
  currency?: string | null;
  bankName?: string | null;
  accountNumber?: string | null;
  openingBalance?: string | number | null;
  openingDate?: string | null;
}

export interface BankAccountFilter {
  kind?: string | null;
  currency?: string | null;
}

/** Where each kind lives in the chart: its type, subtype and the code range new ones are numbered in. */
const KIND_ACCOUNTS: Record<BankAccountKind, { type: 'ASSET' | 'LIABILITY'; subtype: string; firstCode: number }> = {
  bank: { type: 'ASSET', subtype: 'bank', firstCode: 1011 },
  cash: { type: 'ASSET', subtype: 'cash', firstCode: 1001 },
  credit_card: { type: 'LIABILITY', subtype: 'credit_card', firstCode: 2100 },
};

const kindOf = (account: { type: string; subtype: string | null }): BankAccountKind | undefined =>
  BANK_ACCOUNT_KINDS.find(
    (kind) => KIND_ACCOUNTS[kind].type === account.type && KIND_ACCOUNTS[kind].subtype === account.subtype?.toLowerCase(),
  );

export function bankAccountWhere(organizationId: string, filter: BankAccountFilter = {}): PrismaTypes.BankAccountWhereInput {
  return {
    organizationId,
    ...(filter.kind ? { kind: filter.kind.trim().toLowerCase() } : {}),
    ...(filter.currency ? { currency: filter.currency.trim().toUpperCase() } : {}),
  };
}

export async function loadBankAccount(tenant: Tenant, id: string, path?: string): Promise<BankAccountRow> {
  const row = await tenant.prisma.bankAccount.findFirst({
    where: { id, organizationId: tenant.organizationId },
    include: { account: true },
  });
  if (row) return row;
  if (path) throw validationError([{ path, message: `no bank account with id "${id}"` }]);
  throw notFound('bank account', id);
}

/** The last four digits of an account number as people write it (spaces, dashes, an IBAN's letters). */
function lastFour(check: Checker, value: string | null | undefined) {
  const text = check.text('accountNumber', value, { max: 64 });
  if (!text) return text;
  if (text.replace(/[^0-9A-Za-z]/g, '').length < 4) check.fail('accountNumber', 'must have at least four digits');
  return lastFourOf(text);
}

/**
 * The account Opening Balance Equity, where opening balances are posted against (as QuickBooks does):
 * made the first time one is needed.
 */
const openingEquityAccountId = (scope: WriteScope) =>
  systemAccountOnNeed(scope, {
    role: 'opening_balance_equity',
    code: '3900',
    suffix: 'OB',
    name: 'Opening Balance Equity',
    type: 'EQUITY',
  });

/** The first free numeric code from `first` on (codes of the organization are unique). */
async function freeCode(scope: WriteScope, first: number) {
  const codes = new Set(
    (await scope.prisma.account.findMany({ where: { organizationId: scope.organizationId }, select: { code: true } })).map((a) => a.code),
  );
  let code = first;
  while (codes.has(String(code))) code++;
  return String(code);
}

/**
 * The posting of an opening balance: the bank's ledger account against Opening Balance Equity, in home
 * currency (converted at the rate of the opening date when the account is foreign; the bank line keeps the
 * foreign amount). Money held debits the account; a card's debt (a negative balance) credits it.
 */
async function postOpeningBalance(scope: WriteScope, bank: { accountId: string; currency: string }, balance: bigint, date: string) {
  const foreign = bank.currency !== homeCurrency(scope);
  const rate = await rateFor(scope, bank.currency, date, null, 'openingDate');
  const magnitude = balance < 0n ? -balance : balance;
  const home = toHome(scope, magnitude, bank.currency, rate);
  const equity = await openingEquityAccountId(scope);
  const bankLine: PostingLine = {
    accountId: bank.accountId,
    debit: balance > 0n ? home : 0n,
    credit: balance > 0n ? 0n : home,
    ...(foreign ? { currency: bank.currency, foreignAmount: magnitude } : {}),
  };
  const equityLine: PostingLine = { accountId: equity, debit: bankLine.credit, credit: bankLine.debit };
  return writePosting(scope, {
    date,
    description: 'Opening balance',
    sourceType: 'bank_opening_balance',
    lines: balance > 0n ? [bankLine, equityLine] : [equityLine, bankLine],
  });
}

/**
 * Adds a bank account: a new ledger account (`name`, `kind`, optional `code` and `currency`), or an
 * existing bank, cash or credit card account of the chart (`accountId`). A new account's opening balance
 * is posted against Opening Balance Equity; an existing account's history is already in the ledger, so
 * its opening balance is only where reconciliation starts, and nothing is posted.
 * Long on purpose: one write: the account's checks (all refusals in one answer), its ledger account, its opening
 * balance's posting.
 */
export async function createBankAccount(scope: WriteScope, input: BankAccountInput) {
  const check = new Checker();
  const bankName = check.text('bankName', input.bankName, { max: 200 });
  const last4 = lastFour(check, input.accountNumber);
  const openingDate = check.date('openingDate', input.openingDate) ?? today(scope.now);
  let existing: PrismaTypes.AccountGetPayload<object> | null = null;
  let kind: BankAccountKind | undefined;
  let currency: string | undefined;
  let name: string | null | undefined;
  let code: string | null | undefined;
  if (input.accountId) {
    for (const field of ['name', 'code', 'kind', 'currency'] as const)
      if (input[field] != null) check.fail(field, 'comes from the existing account accountId names; leave it out');
    existing = await scope.prisma.account.findFirst({ where: { id: input.accountId, organizationId: scope.organizationId } });
    if (!existing) check.fail('accountId', `no account with id "${input.accountId}"`);
    else {
      kind = kindOf(existing);
      currency = existing.currency ?? homeCurrency(scope);
      if (!existing.active) check.fail('accountId', 'is an inactive account');
      else if (!kind)
        check.fail(
          'accountId',
          'must be a bank or cash account (asset, subtype bank or cash) or a credit card account (liability, subtype credit_card)',
        );
      else if (await scope.prisma.bankAccount.findFirst({ where: { accountId: existing.id } }))
        check.fail('accountId', 'is a bank account already');
    }
  } else {
    name = check.text('name', input.name, { required: true, max: 200 });
    code = check.text('code', input.code, { max: 20 });
    const kindText = check.text('kind', input.kind, { required: true, max: 20 })?.toLowerCase();
    kind = BANK_ACCOUNT_KINDS.find((k) => k === kindText);
    if (kindText && !kind) check.fail('kind', `must be one of ${BANK_ACCOUNT_KINDS.join(', ')}`);
    currency = check.currency('currency', input.currency) ?? homeCurrency(scope);
    if (kind === 'credit_card' && currency !== homeCurrency(scope))
      check.fail('currency', `a credit card account is in the home currency (${homeCurrency(scope)})`);
    if (code && (await scope.prisma.account.findFirst({ where: { organizationId: scope.organizationId, code } })))
      check.fail('code', `an account with code ${code} exists already`);
  }
  const openingBalance =
    check.money('openingBalance', input.openingBalance, currencyDecimals(currency ?? homeCurrency(scope)), { allowNegative: true }) ?? 0n;
  check.done();
  const events: EventDraft[] = [];
  let accountId = existing?.id;
  if (!existing) {
    const shape = KIND_ACCOUNTS[kind!];
    const account = await scope.prisma.account.create({
      data: {
        id: newId('Account'),
        organizationId: scope.organizationId,
        code: code ?? (await freeCode(scope, shape.firstCode)),
        name: name!,
        type: shape.type,
        subtype: shape.subtype,
        currency: currency === homeCurrency(scope) ? null : currency,
        createdAt: scope.now,
        updatedAt: scope.now,
      },
    });
    accountId = account.id;
    // Rendered after the commit, with the balance the opening entry gives it.
    events.push({ type: 'account.created', resource: { type: ACCOUNT, id: account.id } });
  }
  const opening =
    !existing && openingBalance !== 0n
      ? await postOpeningBalance(scope, { accountId: accountId!, currency: currency! }, openingBalance, openingDate)
      : null;
  if (opening) events.push(opening.event);
  const row = await scope.prisma.bankAccount.create({
    data: {
      id: newId('BankAccount'),
      organizationId: scope.organizationId,
      accountId: accountId!,
      kind: kind!,
      bankName: bankName ?? null,
      accountNumberLast4: last4 ?? null,
      currency: currency!,
      openingBalance,
      openingDate,
      openingEntryId: opening?.entry.id ?? null,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
    include: { account: true },
  });
  events.unshift({ type: 'bank_account.created', resource: { type: BANK_ACCOUNT, id: row.id, row } });
  return change(BANK_ACCOUNT, row, events);
}

/** Changes what the bank calls the account (its name and number); the ledger account's own fields change under accounts. */
export async function updateBankAccount(scope: WriteScope, id: string, input: { bankName?: string | null; accountNumber?: string | null }) {
  const check = new Checker();
  const bankName = check.text('bankName', input.bankName, { max: 200 });
  const last4 = lastFour(check, input.accountNumber);
  check.done();
  const before = await loadBankAccount(scope, id);
  const data = {
    ...(bankName !== undefined ? { bankName } : {}),
    ...(last4 !== undefined ? { accountNumberLast4: last4 } : {}),
  };
  if (Object.entries(data).every(([key, value]) => before[key as keyof typeof before] === value)) return change(BANK_ACCOUNT, before);
  const row = await scope.prisma.bankAccount.update({ where: { id }, data: { ...data, updatedAt: scope.now }, include: { account: true } });
  return change(BANK_ACCOUNT, row, [{ type: 'bank_account.updated', resource: { type: BANK_ACCOUNT, id, row }, before }]);
}

export interface CsvLayoutInput {
  name?: string | null;
  dateColumn?: string | null;
  amountColumn?: string | null;
  directionColumn?: string | null;
  debitColumn?: string | null;
  creditColumn?: string | null;
  descriptionColumn?: string | null;
  counterpartyColumn?: string | null;
  referenceColumn?: string | null;
  balanceColumn?: string | null;
  currencyColumn?: string | null;
  dateFormat?: string | null;
  decimalSeparator?: string | null;
  delimiter?: string | null;
  skipLines?: number | null;
  footerLines?: number | null;
  hasHeader?: boolean | null;
  invertSign?: boolean | null;
}

const CSV_COLUMNS = [
  'dateColumn',
  'amountColumn',
  'directionColumn',
  'debitColumn',
  'creditColumn',
  'descriptionColumn',
  'counterpartyColumn',
  'referenceColumn',
  'balanceColumn',
  'currencyColumn',
] as const;

export interface ImportStatementInput {
  format?: string | null;
  file?: string | null;
  /** `text` (default), or `base64`: the file's bytes (a zip archive of statement files, or text in another encoding). */
  encoding?: string | null;
  filename?: string | null;
  csv?: CsvLayoutInput | null;
}

/** A CSV layout as given with an upload, checked; every fault under `csv.`. */
function checkCsvLayout(check: Checker, given: CsvLayoutInput): CsvLayout | undefined {
  const column = (field: keyof CsvLayoutInput, required = false) =>
    check.text(`csv.${field}`, given[field] as string, { required, max: 100 });
  const layout = {
    name: check.text('csv.name', given.name, { max: 100 }) ?? null,
    dateColumn: column('dateColumn', true),
    amountColumn: column('amountColumn'),
    directionColumn: column('directionColumn'),
    debitColumn: column('debitColumn'),
    creditColumn: column('creditColumn'),
    descriptionColumn: column('descriptionColumn', true),
    counterpartyColumn: column('counterpartyColumn'),
    referenceColumn: column('referenceColumn'),
    balanceColumn: column('balanceColumn'),
    currencyColumn: column('currencyColumn'),
    dateFormat: (given.dateFormat ?? 'YYYY-MM-DD') as CsvLayout['dateFormat'],
    decimalSeparator: (given.decimalSeparator ?? '.') as CsvLayout['decimalSeparator'],
    delimiter: given.delimiter ?? ',',
    skipLines: given.skipLines ?? 0,
    footerLines: given.footerLines ?? 0,
    hasHeader: given.hasHeader ?? true,
    invertSign: given.invertSign ?? false,
  };
  if (!layout.amountColumn === !(layout.debitColumn && layout.creditColumn))
    check.fail('csv.amountColumn', 'name either the amount column, or both the debit and the credit columns');
  if (layout.directionColumn && !layout.amountColumn)
    check.fail('csv.directionColumn', 'goes with amountColumn: the amount whose direction it gives');
  if (!CSV_DATE_FORMATS.includes(layout.dateFormat)) check.fail('csv.dateFormat', `must be one of ${CSV_DATE_FORMATS.join(', ')}`);
  if (layout.decimalSeparator !== '.' && layout.decimalSeparator !== ',') check.fail('csv.decimalSeparator', 'must be "." or ","');
  if (![',', ';', '\t', '|'].includes(layout.delimiter)) check.fail('csv.delimiter', 'must be ",", ";", "|" or a tab');
  check.integer('csv.skipLines', layout.skipLines, 0, 100);
  check.integer('csv.footerLines', layout.footerLines, 0, 100);
  if (!layout.hasHeader)
    for (const field of CSV_COLUMNS)
      if (layout[field] && !/^[1-9]\d{0,2}$/.test(layout[field]!))
        check.fail(`csv.${field}`, 'without a header, name the column by its number (1 is the first)');
  return layout as CsvLayout;
}

/** Reads a statement file in the heavy-work pool: a large or hostile file costs this organization's share, not the server. */
async function readStatement(tenant: Pick<Tenant, 'organizationId'>, input: StatementFileInput): Promise<ReadStatement> {
  try {
    return await runHeavyTask<ReadStatement>('readStatement', input, { organizationId: tenant.organizationId });
  } catch (error) {
    if (!(error instanceof HeavyTaskFailed)) throw error;
    throw validationError([{ path: 'file', message: `cannot be read: the reader ${error.reason} on it` }]);
  }
}

/**
 * Why a file read for `bank` is another account's statement, if it is: in another currency, a credit
 * card's statement for a bank account (or the reverse), or stating an account number whose last four
 * digits are not the bank account's.
 */
function statementForAnotherAccount(
  parsed: Pick<ParsedStatement, 'currency' | 'account'>,
  bank: { kind: string; currency: string; accountNumberLast4: string | null },
): string | undefined {
  if (parsed.currency && parsed.currency !== bank.currency)
    return `the statement is in ${parsed.currency}; the bank account is in ${bank.currency}`;
  const { creditCard, number } = parsed.account;
  if (creditCard === true && bank.kind !== 'credit_card')
    return `the file is a credit card statement (CCSTMTRS); this is a ${bank.kind} account: import it into a credit card account`;
  if (creditCard === false && bank.kind === 'credit_card')
    return "the file is a bank account's statement (STMTRS); this is a credit card account";
  const fileLast4 = number ? lastFourOf(number) : '';
  if (bank.accountNumberLast4 && fileLast4.length === 4 && fileLast4 !== bank.accountNumberLast4.toUpperCase())
    return `the file is the statement of account ••••${fileLast4}; this bank account's number ends in ${bank.accountNumberLast4}`;
  return undefined;
}

/** Other names of the formats: Quicken's OFX, and the file extension MT940 statements come with. */
const FORMAT_ALIASES: Record<string, StatementFormat> = { qfx: 'ofx', sta: 'mt940' };

/** A statement file checked and read, ready to import: what `readStatementUpload` answers. */
export interface StatementUpload {
  format: StatementFormat;
  layout: CsvLayout | undefined;
  filename: string | null | undefined;
  parsed: ReadStatement;
  /** The name the upload's layout is to be saved under for the organization's accounts. */
  saveAs?: string;
  /** The bank account as read for the checks (the import reads it again under the organization's lock). */
  bank: BankAccountRow;
}

/**
 * Checks an upload's fields and reads its file (in the heavy-work pool), writing nothing: done before the
 * import's write opens, so the file's reading holds no transaction (on SQLite, no other organization's write).
 */
export async function readStatementUpload(tenant: Tenant, bankAccountId: string, input: ImportStatementInput): Promise<StatementUpload> {
  const check = new Checker();
  const formatText = check
    .text('format', input.format, { required: true, max: 10 })
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const format = STATEMENT_FORMATS.find((f) => f === (FORMAT_ALIASES[formatText ?? ''] ?? formatText));
  if (formatText && !format) check.fail('format', `must be one of ${STATEMENT_FORMATS.join(', ')} (qfx is read as ofx, sta as mt940)`);
  if (typeof input.file !== 'string' || !input.file.trim()) check.fail('file', "is required: the file's text");
  const encoding = check.text('encoding', input.encoding, { max: 10 }) ?? 'text';
  if (encoding !== 'text' && encoding !== 'base64') check.fail('encoding', 'must be text or base64');
  else if (encoding === 'base64' && typeof input.file === 'string' && !/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(input.file))
    check.fail('file', 'is not base64 (encoding says it is)');
  const filename = check.text('filename', input.filename, { max: 255 });
  const bank = await loadBankAccount(tenant, bankAccountId);
  let layout: CsvLayout | undefined;
  let saveAs: string | undefined;
  if (format === 'csv') {
    const remembered = bank.csvFormat ? (JSON.parse(bank.csvFormat) as CsvLayoutInput) : null;
    // `csv: { name }` alone: a layout saved under that name; a layout with a name: used, and saved as it.
    const onlyName = input.csv && Object.entries(input.csv).every(([k, v]) => k === 'name' || v === undefined || v === null);
    if (input.csv && !onlyName) {
      layout = checkCsvLayout(check, input.csv);
      saveAs = layout?.name ?? undefined;
    } else if (input.csv?.name) {
      const name = check.text('csv.name', input.csv.name, { max: 100 });
      layout = name ? await namedCsvLayout(tenant, name) : undefined;
      if (name && !layout) {
        const saved = (await csvLayouts(tenant)).map((l) => `"${l.name}"`);
        check.fail('csv.name', `no layout is saved as "${name}" (${saved.length ? `saved: ${saved.join(', ')}` : 'none is saved yet'})`);
      }
    } else if (remembered) layout = remembered as CsvLayout;
    else
      check.fail(
        'csv',
        "is required for this account's first CSV: name its columns (dateColumn, amountColumn…) and formats, or a saved layout (name)",
      );
  } else if (input.csv) check.fail('csv', 'is only for a CSV file');
  check.done();
  const parsed = await readStatement(tenant, {
    format: format!,
    text: input.file!,
    base64: encoding === 'base64',
    layout,
    decimals: currencyDecimals(bank.currency),
    accountLast4: bank.accountNumberLast4,
  });
  const wrongAccount = statementForAnotherAccount(parsed, bank);
  if (wrongAccount) throw validationError([{ path: 'file', message: wrongAccount }]);
  if (parsed.lines.count > MAX_STATEMENT_LINES)
    throw validationError([{ path: 'file', message: `has ${parsed.lines.count} lines; import at most ${MAX_STATEMENT_LINES} at once` }]);
  return { format: format!, layout, filename, parsed, saveAs, bank };
}

/** A statement file read and its new lines staged: what the import's unit of work commits. */
export interface PreparedStatement extends StatementUpload {
  staged: StagedStatement;
}

/**
 * Before the import's unit of work: reads the file (readStatementUpload) and stages the statement and the
 * lines the account does not have yet (statement-staging.ts), in short transactions of their own.
 */
export async function prepareStatementImport(
  db: Database,
  tenant: Tenant,
  bankAccountId: string,
  input: ImportStatementInput,
): Promise<PreparedStatement> {
  const upload = await readStatementUpload(tenant, bankAccountId, input);
  const file = { format: upload.format, filename: upload.filename, parsed: upload.parsed };
  return { ...upload, staged: await stageStatement(db, tenant, upload.bank, file, new Date()) };
}

/**
 * Imports a statement file into a bank account: every line read and checked first (a bad line refuses
 * the file, naming the line and field), then each line the account does not have yet kept, and each it
 * has (the same bank id, or the same fingerprint) skipped. A CSV's layout is remembered for the account's
 * next CSV; a stated closing balance becomes the account's statement balance when it is the latest.
 * `prepared`: the file as prepareStatementImport read and staged it before the unit of work.
 */
export async function importStatement(scope: WriteScope, bankAccountId: string, input: ImportStatementInput, prepared: PreparedStatement) {
  const { format, layout, saveAs, staged } = prepared;
  if (saveAs && layout) await saveCsvLayout(scope, saveAs, layout);
  const bank = await loadBankAccount(scope, bankAccountId);
  const statement = await commitStaged(scope, staged);
  const events: EventDraft[] = [{ type: 'bank_statement.imported', resource: { type: BANK_STATEMENT, id: statement.id, row: statement } }];
  const newer = statement.closingBalance !== null && (!bank.statementDate || (statement.closingDate ?? '') >= bank.statementDate);
  const csvFormat = format === 'csv' && input.csv ? JSON.stringify(layout) : bank.csvFormat;
  if (newer || csvFormat !== bank.csvFormat) {
    const updated = await scope.prisma.bankAccount.update({
      where: { id: bank.id },
      data: {
        csvFormat,
        ...(newer ? { statementBalance: statement.closingBalance, statementDate: statement.closingDate } : {}),
        updatedAt: scope.now,
      },
      include: { account: true },
    });
    if (newer) events.push({ type: 'bank_account.updated', resource: { type: BANK_ACCOUNT, id: bank.id, row: updated }, before: bank });
  }
  return change<BankStatementRow>(BANK_STATEMENT, statement, events);
}

export function bankStatementWhere(organizationId: string, filter: { bankAccountId?: string | null } = {}) {
  // A statement is staged while its import runs: never listed.
  return { organizationId, ...UNSTAGED, ...(filter.bankAccountId ? { bankAccountId: filter.bankAccountId } : {}) };
}
