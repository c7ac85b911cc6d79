// Double-entry journal: the rules every posting obeys, whoever posts it (a person, an invoice, a
// payment, a reversal). Entries are immutable once posted; reversal posts a mirror entry.
import type { PrismaTypes } from '../../db/database.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { insertStatement, totalsStatement } from '../../db/insert.ts';
import { writeAll } from '../../db/sql.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import { decimalsOf, rawSqlOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { AppError, type FieldError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';
import { JOURNAL_ENTRY, type JournalEntryRow, SOURCE_TYPES, type SourceType } from './journal.public.ts';

/** Accounts only documents may post to, and the documents that do the job a journal line there would. */
const CONTROL_ROLES: Record<string, string> = {
  accounts_receivable:
    'is the receivables control account, moved only by documents: record a payment for money received (a customer ' +
    'prepayment for money ahead of an invoice), issue a credit note to give a customer credit, or write off what is left on an invoice',
  accounts_payable:
    'is the payables control account, moved only by documents: record a bill payment for money paid (a vendor prepayment ' +
    'for money ahead of a bill), or enter a vendor credit for what a vendor owes back',
};

export interface JournalLineInput {
  accountId?: string | null;
  debit?: string | number | null;
  credit?: string | number | null;
  description?: string | null;
  customerId?: string | null;
  vendorId?: string | null;
}

export interface JournalEntryInput {
  date?: string | null;
  description?: string | null;
  reference?: string | null;
  lines?: JournalLineInput[] | null;
}

/** A checked line, amounts in minor units. */
export interface PostingLine {
  accountId: string;
  debit: bigint;
  credit: bigint;
  description?: string | null;
  customerId?: string | null;
  vendorId?: string | null;
  /** A line converted from a foreign currency: that currency and the amount in it (on the line's side). */
  currency?: string | null;
  foreignAmount?: bigint | null;
}

export interface Posting {
  date: string;
  description: string;
  reference?: string | null;
  sourceType: SourceType;
  sourceId?: string | null;
  reversalOfId?: string | null;
  lines: PostingLine[];
}

export interface JournalFilter {
  from?: string | null;
  to?: string | null;
  accountId?: string | null;
  sourceType?: string | null;
  search?: string | null;
}

export function journalEntryWhere(
  organizationId: string,
  filter: JournalFilter = {},
  provider: SearchProvider,
): PrismaTypes.JournalEntryWhereInput {
  const where: PrismaTypes.JournalEntryWhereInput = { organizationId };
  if (filter.from || filter.to) where.date = { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) };
  if (filter.accountId) where.lines = { some: { accountId: filter.accountId } };
  if (filter.sourceType) {
    if (!(SOURCE_TYPES as readonly string[]).includes(filter.sourceType))
      throw validationError([{ path: 'sourceType', message: `must be one of ${SOURCE_TYPES.join(', ')}, got "${filter.sourceType}"` }]);
    where.sourceType = filter.sourceType;
  }
  if (filter.search?.trim()) {
    const text = filter.search.trim();
    const number = /^\d+$/.test(text) ? Number(text) : undefined;
    where.OR = [
      { description: textMatch(provider, 'contains', text) },
      { reference: textMatch(provider, 'contains', text) },
      ...(number !== undefined && number < 2 ** 31 ? [{ number }] : []),
    ];
  }
  return where;
}

/** Refuses a date on or before the organization's lock date. */
export function assertOpenPeriod(tenant: Tenant, date: string, path = 'date') {
  const lockDate = tenant.organization.lockDate;
  if (lockDate && date <= lockDate) {
    throw new AppError(
      'PERIOD_LOCKED',
      `The books are locked up to ${lockDate}; ${path} ${date} is inside the locked period`,
      [{ path, message: `must be after the lock date ${lockDate}` }],
      { lockDate },
    );
  }
}

/**
 * Refuses to undo an entry a bank reconciliation cleared (its bank line is on a reconciled statement):
 * the reconciliation must be undone first, so the reconciled balance stays what the bank said.
 */
export function assertNotReconciled(entry: { number: number; reconciliationId: string | null }, named = `Journal entry #${entry.number}`) {
  if (entry.reconciliationId)
    throw new AppError(
      'INVALID_STATE',
      `${named} is reconciled with a bank statement (bank reconciliation ${entry.reconciliationId}): undo that reconciliation first`,
      [],
      { reconciliationId: entry.reconciliationId },
    );
}

/** Validates a journal entry as clients send it and turns it into a posting. Reads, never writes. */
export async function checkJournalEntry(tenant: Tenant, input: JournalEntryInput): Promise<Posting> {
  const decimals = decimalsOf(tenant);
  const check = new Checker();
  const date = check.date('date', input.date, { required: true });
  const description = check.text('description', input.description, { max: 1000 }) ?? '';
  const reference = check.text('reference', input.reference, { max: 100 });
  const lines: PostingLine[] = [];
  const inputLines = input.lines ?? [];
  if (!Array.isArray(inputLines) || inputLines.length < 2) check.fail('lines', 'an entry needs at least two lines');
  if (inputLines.length > 500) check.fail('lines', 'an entry may have at most 500 lines');
  inputLines.forEach((line, i) => {
    const at = `lines.${i}`;
    if (!line.accountId) check.fail(`${at}.accountId`, 'is required');
    const debit = check.money(`${at}.debit`, line.debit ?? 0, decimals);
    const credit = check.money(`${at}.credit`, line.credit ?? 0, decimals);
    if (typeof debit === 'bigint' && typeof credit === 'bigint') {
      if (debit > 0n && credit > 0n) check.fail(at, 'a line posts to one side only: debit or credit, the other must be 0');
      else if (debit === 0n && credit === 0n) check.fail(at, 'a line needs a debit or a credit above 0');
      else
        lines.push({
          accountId: line.accountId ?? '',
          debit,
          credit,
          description: check.text(`${at}.description`, line.description, { max: 500 }),
          customerId: line.customerId,
          vendorId: line.vendorId,
        });
    }
  });
  check.done();
  const posting: Posting = { date: date!, description, reference, sourceType: 'manual', lines };
  await checkReferences(tenant, posting.lines);
  assertBalanced(posting.lines, decimals);
  assertOpenPeriod(tenant, posting.date);
  return posting;
}

/**
 * The organization's accounts among `ids`. Raw, because every posting runs it and Prisma's client work
 * for a findMany is about three times a raw statement's (src/db/insert.ts).
 */
async function accountsOf(
  tenant: Tenant,
  ids: string[],
): Promise<{ id: string; active: boolean; systemRole: string | null; currency: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await rawSqlOf(tenant).$queryRaw<{ id: string; active: unknown; systemRole: string | null; currency: string | null }[]>(
    Prisma.sql`SELECT "id", "active", "systemRole", "currency" FROM "Account" WHERE "organizationId" = ${tenant.organizationId}
      AND "id" IN (${Prisma.join(ids)})`,
  );
  return rows.map((row) => ({ id: row.id, active: Boolean(row.active), systemRole: row.systemRole, currency: row.currency }));
}

/** Which of `ids` are the organization's customers (or vendors); raw, as `accountsOf`. */
async function idsOf(tenant: Tenant, table: 'Customer' | 'Vendor', ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await rawSqlOf(tenant).$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT "id" FROM ${Prisma.raw(`"${table}"`)}
      WHERE "organizationId" = ${tenant.organizationId} AND "id" IN (${Prisma.join(ids)})`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Every account is an active account of the organization; customers and vendors are its own. */
async function checkReferences(tenant: Tenant, lines: PostingLine[]) {
  const ids = (key: 'accountId' | 'customerId' | 'vendorId') => [...new Set(lines.map((l) => l[key]).filter((v): v is string => !!v))];
  const customerIds = ids('customerId');
  const vendorIds = ids('vendorId');
  const [accounts, customers, vendors] = await Promise.all([
    accountsOf(tenant, ids('accountId')),
    idsOf(tenant, 'Customer', customerIds),
    idsOf(tenant, 'Vendor', vendorIds),
  ]);
  const active = new Map(accounts.map((a) => [a.id, a.active]));
  const role = new Map(accounts.map((a) => [a.id, a.systemRole]));
  const currency = new Map(accounts.map((a) => [a.id, a.currency]));
  const errors: FieldError[] = [];
  lines.forEach((line, i) => {
    if (!active.has(line.accountId)) errors.push({ path: `lines.${i}.accountId`, message: `no account with id "${line.accountId}"` });
    else if (!active.get(line.accountId)) errors.push({ path: `lines.${i}.accountId`, message: 'is an inactive account' });
    // Receivables move only through invoices and payments (as in Xero), so the ledger always equals
    // the open invoices.
    else if (CONTROL_ROLES[role.get(line.accountId) ?? ''])
      errors.push({ path: `lines.${i}.accountId`, message: CONTROL_ROLES[role.get(line.accountId)!]! });
    // A manual entry is in home currency; a foreign account's lines must each say what they are in it.
    else if (currency.get(line.accountId)) {
      const code = currency.get(line.accountId);
      errors.push({ path: `lines.${i}.accountId`, message: `is a ${code} account: only payments in ${code} post to it` });
    }
    if (line.customerId && !customers.has(line.customerId))
      errors.push({ path: `lines.${i}.customerId`, message: `no customer with id "${line.customerId}"` });
    if (line.vendorId && !vendors.has(line.vendorId))
      errors.push({ path: `lines.${i}.vendorId`, message: `no vendor with id "${line.vendorId}"` });
  });
  if (errors.length) throw validationError(errors);
}

export function assertBalanced(lines: PostingLine[], decimals: number) {
  const totalDebit = lines.reduce((sum, l) => sum + l.debit, 0n);
  const totalCredit = lines.reduce((sum, l) => sum + l.credit, 0n);
  if (totalDebit !== totalCredit) {
    const debit = formatMoney(totalDebit, decimals);
    const credit = formatMoney(totalCredit, decimals);
    // The totals as JSON numbers, as every REST amount is (display only: nothing computes with them).
    throw new AppError(
      'UNBALANCED_ENTRY',
      `Total debit ${debit} does not equal total credit ${credit}`,
      [{ path: 'lines', message: `debits total ${debit}, credits total ${credit}` }],
      {
        totalDebit: Number(debit),
        totalCredit: Number(credit),
      },
    );
  }
}

export const JOURNAL_ENTRY_COLUMNS = [
  'id',
  'organizationId',
  'number',
  'date',
  'description',
  'reference',
  'sourceType',
  'sourceId',
  'reversalOfId',
  'totalAmount',
  'currency',
  'createdAt',
] as const satisfies readonly (keyof PrismaTypes.JournalEntryGetPayload<object>)[];
export const JOURNAL_LINE_COLUMNS = [
  'id',
  'organizationId',
  'entryId',
  'lineNo',
  'accountId',
  'description',
  'debit',
  'credit',
  'date',
  'customerId',
  'vendorId',
  'currency',
  'foreignAmount',
] as const;

export const DAILY_TOTAL_KEY = ['organizationId', 'accountId', 'date'] as const;

/** A posting's lines summed per account (all share the posting's date). */
function dailyTotals(organizationId: string, date: string, lines: readonly { accountId: string; debit: bigint; credit: bigint }[]) {
  const byAccount = new Map<string, { organizationId: string; accountId: string; date: string; debit: bigint; credit: bigint }>();
  for (const line of lines) {
    const total =
      byAccount.get(line.accountId) ??
      byAccount.set(line.accountId, { organizationId, accountId: line.accountId, date, debit: 0n, credit: 0n }).get(line.accountId)!;
    total.debit += line.debit;
    total.credit += line.credit;
  }
  return [...byAccount.values()];
}

/**
 * Writes a posting inside the caller's unit of work: numbers it, writes the entry, its lines and the
 * accounts' daily totals, and returns the entry as written with its `journal_entry.created` event.
 * The one path every posting takes (manual entries, invoices, payments, voids, reversals), so the totals
 * reports read always match the lines. It refuses what would break the books whoever calls it: lines
 * that do not balance, a line with both sides or neither, fewer than two lines, a date in the locked
 * period. (Callers check their own input first, in their own words; this is the last line.)
 */
export async function writePosting(scope: WriteScope, posting: Posting): Promise<{ entry: JournalEntryRow; event: EventDraft }> {
  if (posting.lines.length < 2) throw validationError([{ path: 'lines', message: 'a posting needs at least two lines' }]);
  posting.lines.forEach((line, i) => {
    if (line.debit < 0n || line.credit < 0n || line.debit > 0n === line.credit > 0n)
      throw validationError([{ path: `lines.${i}`, message: 'a line posts one amount above 0, on one side' }]);
  });
  assertBalanced(posting.lines, decimalsOf(scope));
  assertOpenPeriod(scope, posting.date);
  const id = newId('JournalEntry');
  const lines = posting.lines.map((line, i) => ({
    id: newId('JournalLine'),
    organizationId: scope.organizationId,
    entryId: id,
    lineNo: i + 1,
    accountId: line.accountId,
    description: line.description ?? null,
    debit: line.debit,
    credit: line.credit,
    date: posting.date,
    customerId: line.customerId ?? null,
    vendorId: line.vendorId ?? null,
    currency: line.currency ?? null,
    foreignAmount: line.foreignAmount ?? null,
  }));
  const written: PrismaTypes.JournalEntryGetPayload<object> = {
    id,
    organizationId: scope.organizationId,
    number: scope.nextNumber('journalEntry'),
    date: posting.date,
    description: posting.description,
    reference: posting.reference ?? null,
    sourceType: posting.sourceType,
    sourceId: posting.sourceId ?? null,
    reversalOfId: posting.reversalOfId ?? null,
    totalAmount: posting.lines.reduce((sum, l) => sum + l.debit, 0n),
    currency: scope.organization.baseCurrency,
    createdAt: scope.now,
    reconciliationId: null,
  };
  // The entry, its lines (raw INSERTs: src/db/insert.ts says why not Prisma's create) and the accounts'
  // totals of the day, which reports add up instead of the lines: one round trip where the database
  // allows (writeAll), in the write's transaction.
  await writeAll(scope.sql, [
    insertStatement('JournalEntry', JOURNAL_ENTRY_COLUMNS, [written]),
    insertStatement('JournalLine', JOURNAL_LINE_COLUMNS, lines),
    totalsStatement('AccountDailyTotal', DAILY_TOTAL_KEY, ['debit', 'credit'], dailyTotals(scope.organizationId, posting.date, lines)),
  ]);
  const entry: JournalEntryRow = Object.assign({}, written, { lines, reversedBy: null });
  return { entry, event: { type: 'journal_entry.created', resource: { type: JOURNAL_ENTRY, id, row: entry } } };
}

export async function createJournalEntry(scope: WriteScope, input: JournalEntryInput) {
  const posting = await checkJournalEntry(scope, input);
  const { entry, event } = await writePosting(scope, posting);
  return change(JOURNAL_ENTRY, entry, [event]);
}

/** The mirror of an entry's lines: every debit becomes a credit and the other way round. */
export function mirrorLines(
  lines: {
    accountId: string;
    debit: bigint;
    credit: bigint;
    description: string | null;
    customerId: string | null;
    vendorId: string | null;
    currency?: string | null;
    foreignAmount?: bigint | null;
  }[],
): PostingLine[] {
  return lines.map((l) => ({
    accountId: l.accountId,
    debit: l.credit,
    credit: l.debit,
    description: l.description,
    customerId: l.customerId,
    vendorId: l.vendorId,
    currency: l.currency ?? null,
    foreignAmount: l.foreignAmount ?? null,
  }));
}

export async function reverseJournalEntry(scope: WriteScope, id: string, input: { date?: string | null; reason?: string | null } = {}) {
  const check = new Checker();
  const date = check.date('date', input.date) ?? today(scope.now);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  const original = await scope.prisma.journalEntry.findFirst({
    where: { id, organizationId: scope.organizationId },
    include: { lines: { orderBy: { lineNo: 'asc' } }, reversedBy: { select: { id: true } } },
  });
  if (!original) throw notFound('journal entry', id);
  if (original.reversedBy) throw new AppError('INVALID_STATE', `Journal entry ${id} is already reversed by ${original.reversedBy.id}`);
  assertNotReconciled(original);
  if (original.sourceType !== 'manual') {
    const how = original.sourceType === 'invoice' ? 'void the invoice' : 'post a correcting entry';
    throw new AppError(
      'INVALID_STATE',
      `Journal entry ${id} was posted by ${original.sourceType.replace('_', ' ')} ${original.sourceId ?? ''}; ${how} instead`.replace(
        '  ',
        ' ',
      ),
    );
  }
  if (date < original.date)
    throw validationError([{ path: 'date', message: `must not be before the original entry's date ${original.date}` }]);
  assertOpenPeriod(scope, date);
  const { entry: reversal, event } = await writePosting(scope, {
    date,
    description: reason ? `Reversal of #${original.number}: ${reason}` : `Reversal of #${original.number}`,
    reference: original.reference,
    sourceType: 'reversal',
    sourceId: original.id,
    reversalOfId: original.id,
    lines: mirrorLines(original.lines),
  });
  const reversed: JournalEntryRow = { ...original, reversedBy: { id: reversal.id } };
  return change(JOURNAL_ENTRY, reversal, [
    event,
    { type: 'journal_entry.reversed', resource: { type: JOURNAL_ENTRY, id: original.id, row: reversed } },
  ]);
}
