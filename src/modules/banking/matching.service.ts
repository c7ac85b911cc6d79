// Matching statement lines to the books. A line is matched to recorded transactions (the journal
// entries whose lines on the bank's ledger account sum to it: payments, receipts, refunds, transfers,
// manual entries), to open invoices or bills (matching one records its payment from the line), or
// explained into a new entry (a bank fee, interest, a transfer to another bank account). Suggestions
// (suggestions.service.ts)
// read only what is near the line (the entries of the account within a few days, documents named in
// it or of its amount), so they cost the same however long the account's history is.
import { change, type EventDraft } from '../../core/representations.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { idType, newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { UNSTAGED } from '../../db/list-counts.ts';
import { Checker } from '../../lib/validate.ts';
import { homeCurrency, owedDocumentType, owedDocumentTypes, rateFor, recordOwedPayment, toHome } from '../documents/index.ts';
import { JOURNAL_ENTRY } from '../journal/journal.public.ts';
import { mirrorLines, type PostingLine, writePosting } from '../journal/journal.service.ts';
import { loadBankAccount } from './bank-accounts.service.ts';
import { BANK_TRANSACTION, type BankAccountRow, type BankTransactionRow } from './banking.public.ts';
import { reversedEntryIds, standingMovements } from './void-pairs.ts';

/** How far apart (days) a recorded transaction's date and the bank's may be to be suggested. */
export const MATCH_WINDOW_DAYS = 7;

/** Postings that are not money moving through the bank: never suggested, never matched. */
const NOT_BANK_MOVEMENTS = new Set(['bank_opening_balance', 'revaluation', 'revaluation_reversal', 'reversal', 'bank_transaction_void']);

const INCLUDE_ROW = { bankAccount: { select: { currency: true } }, matches: { orderBy: { id: 'asc' as const } } };

export async function loadBankTransaction(tenant: Tenant, id: string): Promise<BankTransactionRow> {
  const row = await tenant.prisma.bankTransaction.findFirst({
    where: { id, organizationId: tenant.organizationId, ...UNSTAGED },
    include: INCLUDE_ROW,
  });
  if (!row) throw notFound('bank transaction', id);
  return row;
}

export interface BankTransactionFilter {
  bankAccountId?: string | null;
  status?: string | null;
  from?: string | null;
  to?: string | null;
}

export function bankTransactionWhere(organizationId: string, filter: BankTransactionFilter = {}) {
  return {
    organizationId,
    ...(filter.bankAccountId ? { bankAccountId: filter.bankAccountId } : {}),
    // A statement's lines are staged while its import runs: never listed.
    ...UNSTAGED,
    ...(filter.status ? { status: filter.status.trim().toUpperCase() } : {}),
    ...(filter.from || filter.to
      ? { date: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } }
      : {}),
  };
}

type EntryLine = { entryId: string; debit: bigint; credit: bigint; currency: string | null; foreignAmount: bigint | null };

/**
 * An entry's net amount on a bank account, in the account's currency: its lines' debits less credits, or
 * on a foreign account the foreign amounts they were converted from.
 */
export function netOnAccount(lines: EntryLine[], foreign: boolean) {
  return lines.reduce((sum, l) => {
    const magnitude = foreign && l.foreignAmount !== null ? l.foreignAmount : l.debit + l.credit;
    return l.debit > 0n ? sum + magnitude : sum - magnitude;
  }, 0n);
}

/** A recorded transaction as matching sees it: its entry, what made it, and its net amount on the account. */
export interface BankCandidate {
  journalEntryId: string;
  sourceType: string;
  sourceId: string | null;
  date: string;
  description: string;
  reference: string | null;
  amount: bigint;
}

/**
 * The account's standing bank movements dated `from`..`to` that no statement line of it matches yet
 * (and, when `amount` is given, of that net amount).
 */
export async function unmatchedCandidates(
  tenant: Tenant,
  bank: BankAccountRow,
  from: string,
  to: string,
  amount?: bigint,
  pairs: 'matched' | 'all' = 'matched',
) {
  const foreign = bank.currency !== homeCurrency(tenant);
  const onAccount = { organizationId: tenant.organizationId, accountId: bank.accountId, date: { gte: from, lte: to } };
  // Given an amount, only entries with a bank line of that size on its side can net to it (an entry
  // with two lines on the bank nets otherwise, and is matched by its id): the window's other lines are
  // not read.
  const magnitude = amount === undefined ? undefined : amount < 0n ? -amount : amount;
  const side = amount === undefined ? {} : amount > 0n ? { debit: { gt: 0n } } : { credit: { gt: 0n } };
  const sized =
    magnitude === undefined
      ? undefined
      : await tenant.prisma.journalLine.findMany({
          where: {
            ...onAccount,
            ...side,
            ...(foreign ? { foreignAmount: magnitude } : amount! > 0n ? { debit: magnitude } : { credit: magnitude }),
          },
          select: { entryId: true },
        });
  if (sized?.length === 0) return [];
  const lines = await tenant.prisma.journalLine.findMany({
    where: sized ? { ...onAccount, entryId: { in: sized.map((l) => l.entryId) } } : onAccount,
    select: {
      entryId: true,
      debit: true,
      credit: true,
      currency: true,
      foreignAmount: true,
      entry: { select: { id: true, sourceType: true, sourceId: true, date: true, description: true, reference: true } },
    },
  });
  const byEntry = new Map<string, { entry: (typeof lines)[number]['entry']; lines: EntryLine[] }>();
  for (const line of lines) {
    if (NOT_BANK_MOVEMENTS.has(line.entry.sourceType)) continue;
    if (line.entry.date < bank.openingDate || line.entryId === bank.openingEntryId) continue;
    const group = byEntry.get(line.entryId) ?? { entry: line.entry, lines: [] };
    group.lines.push(line);
    byEntry.set(line.entryId, group);
  }
  const candidates = [...byEntry.values()]
    .map(({ entry, lines: entryLines }) => ({
      journalEntryId: entry.id,
      sourceType: entry.sourceType,
      sourceId: entry.sourceId,
      date: entry.date,
      description: entry.description,
      reference: entry.reference,
      amount: netOnAccount(entryLines, foreign),
    }))
    .filter((c) => c.amount !== 0n && (amount === undefined || c.amount === amount));
  return standingMovements(tenant, bank, candidates, pairs);
}

export interface MatchInput {
  matches?: { id?: string | null; amount?: string | number | null }[] | null;
}

/** The owed document an id names, when it is one a line may pay (`invoice`, `bill`, any owed type a module adds). */
export const payableDocumentOf = (id: string) => owedDocumentTypes().find((type) => type.idType === idType(id))?.resource;

function assertUnmatched(line: BankTransactionRow) {
  if (line.status !== 'UNMATCHED')
    throw new AppError('INVALID_STATE', `Bank transaction ${line.id} is ${line.status.toLowerCase()}; unmatch it first`);
}

/** The standing entry a record posted to the bank's ledger account (a payment's, a receipt's…), or the entry itself. */
async function entryOf(scope: WriteScope, bank: BankAccountRow, id: string) {
  return scope.prisma.journalEntry.findFirst({
    where: {
      organizationId: scope.organizationId,
      // By a record's id, its own posting (a payment's, not its void's); a void entry by the entry's id.
      OR: [{ id }, { sourceId: id, NOT: { sourceType: { endsWith: '_void' } } }],
      lines: { some: { accountId: bank.accountId } },
    },
    select: { id: true, sourceType: true, sourceId: true, lines: { where: { accountId: bank.accountId } } },
    orderBy: { createdAt: 'desc' },
  });
}

/**
 * Matches a line to what it is in the books: recorded transactions by their id (a payment's, a receipt's,
 * a journal entry's) and open invoices or bills (whose payment is then recorded from the line, into the
 * bank account, on the line's date: `amount` says how much of the line each takes when there are several).
 * What they move on the bank's account must add up to the line.
 * Long on purpose: one write in its lock order: the line, each target checked (all refusals in one answer), the
 * matches and their postings, the events.
 */
export async function matchBankTransaction(scope: WriteScope, id: string, input: MatchInput) {
  const line = await loadBankTransaction(scope, id);
  assertUnmatched(line);
  const bank = await loadBankAccount(scope, line.bankAccountId);
  const check = new Checker();
  const given = input.matches ?? [];
  if (given.length === 0) check.fail('matches', 'name at least one transaction, invoice or bill');
  if (given.length > 100) check.fail('matches', 'at most 100 at once');
  const decimals = currencyDecimals(bank.currency);
  const targets = given.slice(0, 100).map((m, i) => {
    const targetId = check.text(`matches.${i}.id`, m.id, { required: true, max: 40 });
    const documentType = targetId ? payableDocumentOf(targetId) : undefined;
    const amount = check.money(`matches.${i}.amount`, m.amount, decimals);
    if (amount !== undefined && amount !== null && !documentType) check.fail(`matches.${i}.amount`, 'is only for an invoice or a bill');
    if (amount !== undefined && amount !== null && amount <= 0n) check.fail(`matches.${i}.amount`, 'must be above 0');
    return { path: `matches.${i}`, id: targetId!, documentType, amount };
  });
  const documents = targets.filter((t) => t.documentType);
  if (documents.length > 1 && documents.some((t) => !t.amount))
    check.fail('matches', 'give each invoice or bill its amount when the line pays several');
  check.done();
  const magnitude = line.amount < 0n ? -line.amount : line.amount;
  const seen = new Set<string>();
  const events: EventDraft[] = [];
  const entries: { journalEntryId: string; amount: bigint }[] = [];
  for (const target of targets) {
    if (seen.has(target.id)) throw validationError([{ path: target.path, message: `${target.id} is named twice` }]);
    seen.add(target.id);
    if (target.documentType) {
      const type = owedDocumentType(target.documentType);
      if (line.amount > 0n !== (type.side === 'sale'))
        throw validationError([
          { path: target.path, message: `money ${line.amount > 0n ? 'in' : 'out'} cannot pay ${target.documentType} ${target.id}` },
        ]);
      const paid = await recordOwedPayment(scope, type, {
        [type.parentKey]: target.id,
        [type.payment.accountKey]: bank.accountId,
        amount: formatMoney(target.amount ?? magnitude, decimals),
        date: line.date,
        reference: line.reference?.slice(0, 100) ?? undefined,
        method: 'bank_transfer',
      } as never).catch((error: unknown) => {
        // The payment is dated the line's date, which the request does not set: a document dated later is the match's fault.
        if (error instanceof AppError && error.fieldErrors.some((f) => f.path === 'date'))
          throw validationError([
            {
              path: `${target.path}.id`,
              message: `${target.id} is dated after the line (${line.date}): a payment cannot come before its ${target.documentType}`,
            },
          ]);
        // The payment's refusals name its own fields; here they are this match's.
        if (error instanceof AppError && error.fieldErrors.length)
          throw new AppError(
            error.code,
            error.message,
            error.fieldErrors.map((f) => ({ ...f, path: `${target.path}.${f.path}` })),
            error.details,
          );
        throw error;
      });
      events.push(...paid.events);
      const payment = paid.result.row as unknown as { journalEntryId: string };
      const entry = await entryOf(scope, bank, payment.journalEntryId);
      entries.push({ journalEntryId: payment.journalEntryId, amount: netOnAccount(entry!.lines, bank.currency !== homeCurrency(scope)) });
      continue;
    }
    const entry = await entryOf(scope, bank, target.id);
    if (!entry)
      throw validationError([{ path: target.path, message: `${target.id} posted nothing to bank account ${bank.id}'s ledger account` }]);
    if (NOT_BANK_MOVEMENTS.has(entry.sourceType))
      throw validationError([
        { path: target.path, message: `${target.id} is a ${entry.sourceType.replace(/_/g, ' ')}, not money through the bank` },
      ]);
    // A voided payment may be matched (a bounced cheque's deposit: the money came), as may its void (the returned
    // item); an entry a reversal cancels never moved money.
    if ((await reversedEntryIds(scope, [entry.id])).size)
      throw validationError([{ path: target.path, message: `${target.id} was reversed: it moved no money` }]);
    const taken = await scope.prisma.bankMatch.findFirst({ where: { bankAccountId: bank.id, journalEntryId: entry.id } });
    if (taken) throw validationError([{ path: target.path, message: `${target.id} is matched already, to ${taken.bankTransactionId}` }]);
    entries.push({ journalEntryId: entry.id, amount: netOnAccount(entry.lines, bank.currency !== homeCurrency(scope)) });
  }
  const sum = entries.reduce((total, e) => total + e.amount, 0n);
  if (sum !== line.amount)
    throw validationError([
      {
        path: 'matches',
        message:
          `they move ${formatMoney(sum, decimals)} ${bank.currency} on the account; ` + `the line is ${formatMoney(line.amount, decimals)}`,
      },
    ]);
  return recordMatches(scope, line, entries, events, false);
}

async function recordMatches(
  scope: WriteScope,
  line: BankTransactionRow,
  entries: { journalEntryId: string; amount: bigint }[],
  events: EventDraft[],
  explained: boolean,
) {
  await scope.prisma.bankMatch.createMany({
    data: entries.map((e) => ({
      id: newId('BankMatch'),
      organizationId: scope.organizationId,
      bankAccountId: line.bankAccountId,
      bankTransactionId: line.id,
      journalEntryId: e.journalEntryId,
      amount: e.amount,
      explained,
      createdAt: scope.now,
    })),
  });
  const row = await scope.prisma.bankTransaction.update({
    where: { id: line.id },
    data: { status: 'MATCHED', updatedAt: scope.now },
    include: INCLUDE_ROW,
  });
  return change(BANK_TRANSACTION, row, [
    { type: 'bank_transaction.matched', resource: { type: BANK_TRANSACTION, id: row.id, row } },
    ...events,
  ]);
}

export interface ExplainInput {
  accountId?: string | null;
  description?: string | null;
}

/** Roles whose accounts only documents move: a line is never explained to them. */
const DOCUMENT_ROLES = new Set(['accounts_receivable', 'accounts_payable']);

/**
 * Explains a line nothing in the books matches by posting it: the bank's ledger account against
 * `accountId` (a fee or interest to an expense or income account; a transfer when it is another bank or
 * cash account), on the line's date, and matches the line to it.
 */
export async function explainBankTransaction(scope: WriteScope, id: string, input: ExplainInput) {
  const line = await loadBankTransaction(scope, id);
  assertUnmatched(line);
  const bank = await loadBankAccount(scope, line.bankAccountId);
  const check = new Checker();
  const accountId = check.text('accountId', input.accountId, { required: true, max: 40 });
  const description = check.text('description', input.description, { max: 500 }) ?? line.description;
  const counter = accountId
    ? await scope.prisma.account.findFirst({ where: { id: accountId, organizationId: scope.organizationId } })
    : null;
  if (accountId && !counter) check.fail('accountId', `no account with id "${accountId}"`);
  else if (counter && !counter.active) check.fail('accountId', 'is an inactive account');
  else if (counter?.id === bank.accountId) check.fail('accountId', "is the bank account's own ledger account");
  else if (counter?.systemRole && DOCUMENT_ROLES.has(counter.systemRole))
    check.fail('accountId', 'is a control account only documents move: match the line to an invoice or bill instead');
  else if (counter?.currency && counter.currency !== bank.currency)
    check.fail(
      'accountId',
      `is a ${counter.currency} account; the line is in ${bank.currency} (transfers are between accounts of one currency)`,
    );
  check.done();
  const foreign = bank.currency !== homeCurrency(scope);
  const rate = await rateFor(scope, bank.currency, line.date, null);
  const magnitude = line.amount < 0n ? -line.amount : line.amount;
  const home = toHome(scope, magnitude, bank.currency, rate);
  const inForeign = (accountCurrency: string | null) =>
    foreign && accountCurrency ? { currency: bank.currency, foreignAmount: magnitude } : {};
  const bankLine: PostingLine = {
    accountId: bank.accountId,
    debit: line.amount > 0n ? home : 0n,
    credit: line.amount > 0n ? 0n : home,
    ...inForeign(bank.currency),
  };
  const counterLine: PostingLine = {
    accountId: counter!.id,
    debit: bankLine.credit,
    credit: bankLine.debit,
    ...inForeign(counter!.currency),
  };
  const transfer = counter!.type === 'ASSET' && ['bank', 'cash'].includes(counter!.subtype?.toLowerCase() ?? '');
  const posted = await writePosting(scope, {
    date: line.date,
    description,
    reference: line.reference,
    sourceType: transfer || counter!.subtype === 'credit_card' ? 'bank_transfer' : 'bank_transaction',
    sourceId: line.id,
    lines: line.amount > 0n ? [bankLine, counterLine] : [counterLine, bankLine],
  });
  return recordMatches(scope, line, [{ journalEntryId: posted.entry.id, amount: line.amount }], [posted.event], true);
}

/** Excludes a line from the books (a duplicate the bank sent, a line that is not the organization's). */
export async function excludeBankTransaction(scope: WriteScope, id: string) {
  const line = await loadBankTransaction(scope, id);
  assertUnmatched(line);
  const row = await scope.prisma.bankTransaction.update({
    where: { id },
    data: { status: 'EXCLUDED', updatedAt: scope.now },
    include: INCLUDE_ROW,
  });
  return change(BANK_TRANSACTION, row, [{ type: 'bank_transaction.excluded', resource: { type: BANK_TRANSACTION, id, row } }]);
}

/**
 * Makes a matched or excluded line unmatched again. Matches to recorded transactions are let go (the
 * payments stay: void them apart); an entry the line was explained into existed only because of it, and
 * is reversed on its own date. A reconciled line is refused until its reconciliation is undone.
 */
export async function unmatchBankTransaction(scope: WriteScope, id: string) {
  const line = await loadBankTransaction(scope, id);
  if (line.status === 'UNMATCHED') throw new AppError('INVALID_STATE', `Bank transaction ${id} is not matched`);
  if (line.reconciliationId)
    throw new AppError(
      'INVALID_STATE',
      `Bank transaction ${id} is reconciled (${line.reconciliationId}): undo that reconciliation first`,
      [],
      { reconciliationId: line.reconciliationId },
    );
  const events: EventDraft[] = [];
  for (const match of line.matches.filter((m) => m.explained)) {
    // A transfer explained here may be matched on the other account's statement too.
    const elsewhere = await scope.prisma.bankMatch.findFirst({
      where: { journalEntryId: match.journalEntryId, bankTransactionId: { not: id } },
    });
    if (elsewhere)
      throw new AppError(
        'INVALID_STATE',
        `Bank transaction ${id} was explained into an entry that ${elsewhere.bankTransactionId} on the other account is matched to: ` +
          'unmatch that line first',
      );
    const original = await scope.prisma.journalEntry.findFirstOrThrow({
      where: { id: match.journalEntryId },
      include: { lines: { orderBy: { lineNo: 'asc' } } },
    });
    const posted = await writePosting(scope, {
      date: original.date,
      description: `Void of ${original.description}`,
      reference: original.reference,
      sourceType: 'bank_transaction_void',
      sourceId: original.id,
      reversalOfId: original.id,
      lines: mirrorLines(original.lines),
    });
    const reversed = { ...original, reversedBy: { id: posted.entry.id } };
    events.push(posted.event, { type: 'journal_entry.reversed', resource: { type: JOURNAL_ENTRY, id: original.id, row: reversed } });
  }
  await scope.prisma.bankMatch.deleteMany({ where: { bankTransactionId: id } });
  const row = await scope.prisma.bankTransaction.update({
    where: { id },
    data: { status: 'UNMATCHED', updatedAt: scope.now },
    include: INCLUDE_ROW,
  });
  return change(BANK_TRANSACTION, row, [{ type: 'bank_transaction.unmatched', resource: { type: BANK_TRANSACTION, id, row } }, ...events]);
}
