// Reconciling a bank account to a statement: the matched lines up to the statement date, added to where
// the last reconciliation ended (or the opening balance), must come to the statement's closing balance.
// Then they are reconciled, and so are the journal entries they match: those can be neither voided nor
// reversed (journal.service refuses, naming the reconciliation) until the reconciliation is undone. Only
// the latest reconciliation of an account can be undone, so the chain of balances always holds.
import { change } from '../../core/representations.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { addDays, today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { UNSTAGED } from '../../db/list-counts.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { bigintOf, offThread } from '../../db/sql.ts';
import { Checker } from '../../lib/validate.ts';
import { loadBankAccount } from './bank-accounts.service.ts';
import { BANK_RECONCILIATION, type BankAccountRow } from './banking.public.ts';
import { netOnAccount, unmatchedCandidates } from './matching.service.ts';
import { voidPartners } from './void-pairs.ts';

const INCLUDE_ROW = { bankAccount: { select: { currency: true } } };

/** The latest completed reconciliation of an account (up to `asOf`, when given). */
const lastReconciliation = (tenant: Tenant, bank: BankAccountRow, asOf?: string) =>
  tenant.prisma.bankReconciliation.findFirst({
    where: { bankAccountId: bank.id, status: 'COMPLETED', ...(asOf ? { statementDate: { lte: asOf } } : {}) },
    orderBy: [{ statementDate: 'desc' }, { createdAt: 'desc' }],
  });

/** The last reconciliation up to `cut`, and the completed ones after it (whose lines were not yet cleared at `cut`). */
async function reconciledAround(tenant: Tenant, bank: BankAccountRow, cut: string) {
  const last = await lastReconciliation(tenant, bank, cut);
  const later = await tenant.prisma.bankReconciliation.findMany({
    where: { bankAccountId: bank.id, status: 'COMPLETED', statementDate: { gt: cut } },
    select: { id: true },
  });
  return { last, later: later.map((r) => r.id) };
}

/**
 * An account's cleared balance as at `asOf`: where the last reconciliation up to then ended (or the
 * opening balance), plus the matched lines up to then that it does not hold (unreconciled, or held by a
 * later one). Summed by the database (on SQLite off the request thread): an account never reconciled
 * may have years of lines. The lines since the last reconciliation only, so it costs the same however
 * long the account's history.
 */
export async function clearedBalance(tenant: Tenant, bank: BankAccountRow, asOf: string, { describing = false } = {}) {
  // `describing` a date: from the reconciliation before it, so a month just reconciled shows its own lines.
  const { last, later } = await reconciledAround(tenant, bank, describing ? addDays(asOf, -1) : asOf);
  // Two sums, each on its own index: the lines no reconciliation holds (by account, unreconciled, date:
  // a status condition in the WHERE would let the planner walk every matched line instead), and those of
  // later ones.
  const mine = Prisma.sql`"organizationId" = ${tenant.organizationId} AND "bankAccountId" = ${bank.id}`;
  const [unreconciled, ofLater] = await Promise.all([
    matchedSums(tenant, Prisma.sql`${mine} AND "reconciliationId" IS NULL AND "date" <= ${asOf}`),
    later.length
      ? matchedSums(tenant, Prisma.sql`${mine} AND "reconciliationId" IN (${Prisma.join(later)}) AND "date" <= ${asOf}`)
      : { deposits: 0n, payments: 0n },
  ]);
  const deposits = unreconciled.deposits + ofLater.deposits;
  const payments = unreconciled.payments + ofLater.payments;
  const opening = last?.closingBalance ?? bank.openingBalance;
  return { last, opening, deposits, payments, balance: opening + deposits + payments };
}

/** Money in and out of the matched lines among those `where` selects, summed by the database (on SQLite off the request thread). */
async function matchedSums(tenant: Tenant, where: Prisma.Sql) {
  const query = Prisma.sql`SELECT
      COALESCE(SUM(CASE WHEN "status" = 'MATCHED' AND "amount" > 0 THEN "amount" ELSE 0 END), 0) AS "deposits",
      COALESCE(SUM(CASE WHEN "status" = 'MATCHED' AND "amount" < 0 THEN "amount" ELSE 0 END), 0) AS "payments"
    FROM "BankTransaction" WHERE ${where}`;
  const [row] = await tenant.prisma.$queryRaw<{ deposits: unknown; payments: unknown }[]>(offThread(query, tenant.organizationId));
  return { deposits: bigintOf(row?.deposits ?? 0), payments: bigintOf(row?.payments ?? 0) };
}

/**
 * What a reconciliation at `statementDate` clears: the cleared balance's parts and the unreconciled matched
 * lines' ids, read in the reconciliation's own transaction (it then marks those lines).
 */
async function clearedLines(scope: WriteScope, bank: BankAccountRow, statementDate: string) {
  const { last, later } = await reconciledAround(scope, bank, statementDate);
  const select = { id: true, amount: true, reconciliationId: true, status: true } as const;
  const [unreconciled, ofLater] = await Promise.all([
    scope.prisma.bankTransaction.findMany({
      where: { bankAccountId: bank.id, reconciliationId: null, date: { lte: statementDate } },
      select,
    }),
    later.length
      ? scope.prisma.bankTransaction.findMany({ where: { reconciliationId: { in: later }, date: { lte: statementDate } }, select })
      : [],
  ]);
  const lines = [...unreconciled, ...ofLater].filter((l) => l.status === 'MATCHED');
  const deposits = lines.reduce((sum, l) => (l.amount > 0n ? sum + l.amount : sum), 0n);
  const payments = lines.reduce((sum, l) => (l.amount < 0n ? sum + l.amount : sum), 0n);
  const opening = last?.closingBalance ?? bank.openingBalance;
  return {
    opening,
    deposits,
    payments,
    balance: opening + deposits + payments,
    unreconciled: lines.filter((l) => l.reconciliationId === null).map((l) => l.id),
  };
}

export interface ReconcileInput {
  statementDate?: string | null;
  closingBalance?: string | number | null;
}

/**
 * Reconciles a bank account to a statement: refused, saying by how much, unless the opening balance plus
 * the matched lines up to the statement date equals the statement's closing balance, and refused while a
 * line is matched to a transaction since voided. Locks the lines and their journal entries.
 * Long on purpose: one write in its lock order: the lines and their entries locked, the balance checked, the
 * reconciliation recorded.
 */
export async function reconcileBankAccount(scope: WriteScope, bankAccountId: string, input: ReconcileInput) {
  const bank = await loadBankAccount(scope, bankAccountId);
  const decimals = currencyDecimals(bank.currency);
  const check = new Checker();
  const statementDate = check.date('statementDate', input.statementDate, { required: true });
  const closing = check.money('closingBalance', input.closingBalance, decimals, { required: true, allowNegative: true });
  check.done();
  const latest = await lastReconciliation(scope, bank);
  if (statementDate! < bank.openingDate)
    throw validationError([{ path: 'statementDate', message: `must not be before the account's opening date ${bank.openingDate}` }]);
  if (latest && statementDate! < latest.statementDate)
    throw validationError([
      { path: 'statementDate', message: `must not be before the last reconciliation's statement date ${latest.statementDate}` },
    ]);
  const cleared = await clearedLines(scope, bank, statementDate!);
  const matches = await scope.prisma.bankMatch.findMany({
    where: { bankTransactionId: { in: cleared.unreconciled } },
    select: { journalEntryId: true, bankTransactionId: true },
  });
  const entries = await scope.prisma.journalEntry.findMany({
    where: { id: { in: matches.map((m) => m.journalEntryId) } },
    select: { id: true, sourceType: true, sourceId: true, reversedBy: { select: { id: true } } },
  });
  // Stale: a line matched to an entry since reversed, or to a payment voided by the statement date whose
  // void no line matches (not the bank returning it, as a bounced cheque's returned item would show, but
  // a correction: the line is some other payment's).
  const partners = await voidPartners(
    scope,
    entries.filter((e) => !e.sourceType.endsWith('_void')),
  );
  const dueVoids = [...partners.values()].filter((p) => p.date <= statementDate!);
  const voidsMatched = new Set(
    dueVoids.length
      ? (
          await scope.prisma.bankMatch.findMany({
            where: { bankAccountId: bank.id, journalEntryId: { in: dueVoids.map((p) => p.id) } },
            select: { journalEntryId: true },
          })
        ).map((m) => m.journalEntryId)
      : [],
  );
  const staleEntries = new Set(
    entries
      .filter((e) => {
        const partner = partners.get(e.id);
        return e.reversedBy !== null || (partner && partner.date <= statementDate! && !voidsMatched.has(partner.id));
      })
      .map((e) => e.id),
  );
  const stale = matches.filter((m) => staleEntries.has(m.journalEntryId));
  if (stale.length)
    throw new AppError(
      'INVALID_STATE',
      `${stale.map((m) => m.bankTransactionId).join(', ')} ${stale.length === 1 ? 'is' : 'are'} matched to a transaction since ` +
        'voided: match the returned item to its void (a bounced payment), or unmatch and match again',
    );
  const balance = cleared.balance;
  if (balance !== closing) {
    const text = (minor: bigint) => formatMoney(minor, decimals);
    throw new AppError(
      'VALIDATION_FAILED',
      `The cleared balance is ${text(balance)} ${bank.currency} (opening ${text(cleared.opening)}, deposits ${text(cleared.deposits)}, ` +
        `payments ${text(cleared.payments)}); the statement says ${text(closing!)}: ${text(closing! - balance)} is not matched yet`,
      [{ path: 'closingBalance', message: `differs from the cleared balance ${text(balance)} by ${text(closing! - balance)}` }],
      { clearedBalance: text(balance), difference: text(closing! - balance) },
    );
  }
  const id = newId('BankReconciliation');
  const row = await scope.prisma.bankReconciliation.create({
    data: {
      id,
      organizationId: scope.organizationId,
      bankAccountId: bank.id,
      statementDate: statementDate!,
      openingBalance: cleared.opening,
      closingBalance: closing!,
      clearedDeposits: cleared.deposits,
      clearedPayments: cleared.payments,
      transactionCount: cleared.unreconciled.length,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
    include: INCLUDE_ROW,
  });
  const ids = cleared.unreconciled;
  const entryIds = [...new Set(matches.map((m) => m.journalEntryId))];
  for (let i = 0; i < Math.max(ids.length, entryIds.length); i += 500) {
    await scope.prisma.bankTransaction.updateMany({ where: { id: { in: ids.slice(i, i + 500) } }, data: { reconciliationId: id } });
    await scope.prisma.journalEntry.updateMany({ where: { id: { in: entryIds.slice(i, i + 500) } }, data: { reconciliationId: id } });
  }
  return change(BANK_RECONCILIATION, row, [{ type: 'bank_reconciliation.completed', resource: { type: BANK_RECONCILIATION, id, row } }]);
}

/** Undoes the latest reconciliation of its account: its lines and their entries are free to change again. */
export async function undoReconciliation(scope: WriteScope, id: string) {
  const found = await scope.prisma.bankReconciliation.findFirst({ where: { id, organizationId: scope.organizationId } });
  if (!found) throw notFound('bank reconciliation', id);
  if (found.status !== 'COMPLETED') throw new AppError('INVALID_STATE', `Bank reconciliation ${id} is undone already`);
  const bank = await loadBankAccount(scope, found.bankAccountId);
  const last = await lastReconciliation(scope, bank);
  if (last && last.id !== id)
    throw new AppError(
      'INVALID_STATE',
      `Bank reconciliation ${id} is not the account's latest (${last.id}, to ${last.statementDate}): undo that one first`,
    );
  await scope.prisma.bankTransaction.updateMany({ where: { reconciliationId: id }, data: { reconciliationId: null } });
  await scope.prisma.journalEntry.updateMany({
    where: { organizationId: scope.organizationId, reconciliationId: id },
    data: { reconciliationId: null },
  });
  const row = await scope.prisma.bankReconciliation.update({
    where: { id },
    data: { status: 'UNDONE', undoneAt: scope.now, updatedAt: scope.now },
    include: INCLUDE_ROW,
  });
  return change(BANK_RECONCILIATION, row, [{ type: 'bank_reconciliation.undone', resource: { type: BANK_RECONCILIATION, id, row } }]);
}

export interface OutstandingItem {
  journalEntryId: string;
  sourceType: string;
  sourceId: string | null;
  date: string;
  description: string;
  amount: bigint;
}

/**
 * A bank account's reconciliation as at a date: where it starts (the balance the reconciliation before the
 * date ended at, or the account's opening balance: so at a reconciled statement's date it describes that
 * statement's period), the matched money
 * in and out up to the date, the cleared balance they come to, the statement's balance when one was
 * imported for that date, and what the books hold that no statement line has matched yet (deposits in
 * transit, outstanding payments); the book balance is the cleared balance and those.
 */
export async function reconciliationReport(tenant: Tenant, bankAccountId: string, input: { asOf?: string | null }) {
  const check = new Checker();
  const asOf = check.date('asOf', input.asOf) ?? today();
  check.done();
  const bank = await loadBankAccount(tenant, bankAccountId);
  const [cleared, latest, statement] = await Promise.all([
    clearedBalance(tenant, bank, asOf, { describing: true }),
    lastReconciliation(tenant, bank, asOf),
    // What the bank said at that date: the latest statement imported that states a balance up to it.
    tenant.prisma.bankStatement.findFirst({
      where: { bankAccountId: bank.id, closingBalance: { not: null }, closingDate: { lte: asOf }, ...UNSTAGED },
      orderBy: [{ closingDate: 'desc' }, { createdAt: 'desc' }],
      select: { closingBalance: true, closingDate: true },
    }),
  ]);
  // Counted and summed by the database: an account with years of lines never matched sends no rows here.
  const unmatchedLines = await tenant.prisma.bankTransaction.aggregate({
    where: { bankAccountId: bank.id, status: 'UNMATCHED', date: { lte: asOf }, ...UNSTAGED },
    _count: { _all: true },
    _sum: { amount: true },
  });
  const unmatched = BigInt(unmatchedLines._sum.amount ?? 0n);
  // Outstanding: standing bank movements up to the date that no line dated up to it matches.
  const standing = await unmatchedCandidates(tenant, bank, bank.openingDate, asOf);
  const matchedLater = await tenant.prisma.bankMatch.findMany({
    where: { bankAccountId: bank.id, bankTransaction: { date: { gt: asOf } } },
    select: { journalEntryId: true },
  });
  const later = matchedLater.length
    ? await unmatchedCandidatesOf(tenant, bank, asOf, new Set(matchedLater.map((m) => m.journalEntryId)))
    : [];
  const outstanding: OutstandingItem[] = [...standing, ...later]
    .map((c) => ({
      journalEntryId: c.journalEntryId,
      sourceType: c.sourceType,
      sourceId: c.sourceId,
      date: c.date,
      description: c.description,
      amount: c.amount,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.journalEntryId.localeCompare(b.journalEntryId));
  const inTransit = outstanding.filter((o) => o.amount > 0n).reduce((s, o) => s + o.amount, 0n);
  const outstandingPayments = outstanding.filter((o) => o.amount < 0n).reduce((s, o) => s + o.amount, 0n);
  return {
    bankAccountId: bank.id,
    currency: bank.currency,
    asOf,
    openingBalance: cleared.opening,
    openingDate: cleared.last?.statementDate ?? bank.openingDate,
    clearedDeposits: cleared.deposits,
    clearedPayments: cleared.payments,
    clearedBalance: cleared.balance,
    statementBalance: statement?.closingBalance ?? null,
    statementDate: statement?.closingDate ?? null,
    unmatchedStatementLines: unmatchedLines._count._all,
    unmatchedStatementAmount: unmatched,
    depositsInTransit: inTransit,
    outstandingPayments,
    bookBalance: cleared.balance + inTransit + outstandingPayments,
    outstanding,
    lastReconciliationId: latest?.id ?? null,
    lastReconciledDate: latest?.statementDate ?? null,
  };
}

/** The standing movements up to `asOf` among `entryIds` (matched, but to lines after the date: still outstanding then). */
async function unmatchedCandidatesOf(tenant: Tenant, bank: BankAccountRow, asOf: string, entryIds: Set<string>) {
  const entries = await tenant.prisma.journalEntry.findMany({
    where: { id: { in: [...entryIds] }, date: { gte: bank.openingDate, lte: asOf } },
    select: {
      id: true,
      sourceType: true,
      sourceId: true,
      date: true,
      description: true,
      reference: true,
      lines: { where: { accountId: bank.accountId } },
      reversedBy: { select: { id: true } },
    },
  });
  // Matched to a later line, each moved money then (a voided payment's too: the bank shows it), unless a reversal cancels it.
  return entries
    .filter((e) => e.reversedBy === null)
    .map((e) => ({
      journalEntryId: e.id,
      sourceType: e.sourceType,
      sourceId: e.sourceId,
      date: e.date,
      description: e.description,
      reference: e.reference,
      amount: netOnAccount(e.lines, bank.currency !== tenant.organization.baseCurrency),
    }));
}
