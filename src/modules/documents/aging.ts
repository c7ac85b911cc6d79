// Aging kept as sums. What a posted document adds to what its party owes is a step function of the date:
// nothing before its issue date; from then its total less what settled it by that date (payments,
// write-offs, credit applied: each counts from its date until its void's date); nothing once it stopped
// being owed (`settledOn`: paid in full, or void). A credit document adds minus its credit still unused
// (not applied, not refunded), due on its own date. These are the rules the aged reports always had
// (reports.service.ts `openAt` still reads them from the documents for the aging detail).
//
// Each write that changes a document or what settles it derives the document's steps again and replaces
// its rows in AgingStep; database triggers sum the steps per party, currency and due date
// (AgingBalance, with each party's running balance through each due date, and AgingParty, the parties
// with one) and per date (AgingDay). An aged report today reads each party's running balances at the
// buckets' edges; as at a past date, those less the days after it. Neither reads a document.
import type { Database } from '../../db/database.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { insertStatement } from '../../db/insert.ts';
import { bigintOf as big, type RawSql } from '../../db/sql.ts';
import { organizationLockStatement, type WriteScope } from '../../core/tenant.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Side } from './lines.ts';
import { type CreditDocumentType, type OwedDocumentType, creditDocumentTypes, owedDocumentTypes } from './kinds.ts';

export type AgingSide = 'receivables' | 'payables';

export const agingSideOf = (side: Side): AgingSide => (side === 'sale' ? 'receivables' : 'payables');

/** Where a kind of document and what settles it are read from, and how it ages. */
export interface AgingSource {
  side: AgingSide;
  /** What the aging detail calls its rows: the document's resource (`invoice`, `bill`, `credit_note`). */
  kind: string;
  table: string;
  partyKey: string;
  /** Its due date's column; a credit is due on its issue date. */
  dueDateColumn: 'dueDate' | 'issueDate';
  /** The statuses in which it is owed (or its credit usable). */
  open: readonly string[];
  /** +1 for what is owed, -1 for a credit. */
  sign: bigint;
  /** The tables of what settles it, the column naming it, and the column of what each cleared in home currency. */
  settledBy: { table: string; key: string; home: 'homeSettled' | 'homeApplied' }[];
}

const capitalized = (model: string) => `${model.charAt(0).toUpperCase()}${model.slice(1)}`;

/** An invoice's (bill's) aging: less its payments, write-offs and the credit of every credit document applied to it. */
export function owedAgingSource(type: OwedDocumentType): AgingSource {
  const credits = creditDocumentTypes(type.side).filter((c) => c.appliesTo === type.resource);
  return {
    side: agingSideOf(type.side),
    kind: type.resource,
    table: type.typename,
    partyKey: type.party.key,
    dueDateColumn: 'dueDate',
    open: ['OPEN', 'PARTIALLY_PAID'],
    sign: 1n,
    settledBy: [
      ...type.settledBy.map((s) => ({ table: capitalized(s.model), key: type.parentKey, home: 'homeSettled' as const })),
      ...credits.map((c) => ({ table: `${c.typename}Allocation`, key: c.appliedKey, home: 'homeSettled' as const })),
    ],
  };
}

/** A credit document's aging: minus its credit, less what was applied (at the credit's rate) and refunded. */
export function creditAgingSource(type: CreditDocumentType): AgingSource {
  return {
    side: agingSideOf(type.side),
    kind: type.resource,
    table: type.typename,
    partyKey: type.party.key,
    dueDateColumn: 'issueDate',
    open: ['OPEN'],
    sign: -1n,
    settledBy: [
      { table: `${type.typename}Allocation`, key: type.parentKey, home: 'homeApplied' },
      { table: `${type.typename}Refund`, key: type.parentKey, home: 'homeSettled' },
    ],
  };
}

const allSources = () => [
  ...owedDocumentTypes().map(owedAgingSource),
  ...(['sale', 'purchase'] as const).flatMap((side) => creditDocumentTypes(side).map(creditAgingSource)),
];

/** Every kind of document that ages on `side`, made from the document declarations (a new kind ages by itself). */
export const agingSources = (side: AgingSide) => allSources().filter((source) => source.side === side);

interface Settlement {
  date: string;
  voidDate: string | null;
  amount: bigint;
  home: bigint;
}

/** A document as aging reads it, with what settles it. */
export interface AgedDocument {
  id: string;
  partyId: string;
  currency: string;
  dueDate: string;
  issueDate: string;
  status: string;
  settledOn: string | null;
  total: bigint;
  homeTotal: bigint | null;
  settlements: Settlement[];
}

export interface AgingStepRow extends Record<string, unknown> {
  documentId: string;
  date: string;
  organizationId: string;
  side: AgingSide;
  partyId: string;
  currency: string;
  dueDate: string;
  home: bigint;
  amount: bigint;
}

export const AGING_STEP_COLUMNS = [
  'documentId',
  'date',
  'organizationId',
  'side',
  'partyId',
  'currency',
  'dueDate',
  'home',
  'amount',
] as const;

/**
 * What `document` adds to its party's aging as at the end of `date`, in home currency and its own: the
 * aged reports' rule, counted once for each half of theirs it falls in (still open; settled after the date).
 */
function owedAt(source: AgingSource, document: AgedDocument, date: string) {
  if (document.issueDate > date) return { home: 0n, amount: 0n };
  const times = BigInt(source.open.includes(document.status)) + BigInt(document.settledOn !== null && document.settledOn > date);
  let amount = document.total;
  let home = document.homeTotal ?? document.total;
  for (const s of document.settlements)
    if (s.date <= date && (s.voidDate === null || s.voidDate > date)) {
      amount -= s.amount;
      home -= s.home;
    }
  return { home: source.sign * times * home, amount: source.sign * times * amount };
}

/** The steps of a document's aging: at each date its amount owed changes, by how much. */
export function agingSteps(source: AgingSource, document: AgedDocument) {
  const dates = new Set([document.issueDate]);
  if (document.settledOn) dates.add(document.settledOn);
  for (const s of document.settlements) {
    dates.add(s.date);
    if (s.voidDate) dates.add(s.voidDate);
  }
  const steps: { date: string; home: bigint; amount: bigint }[] = [];
  let before = { home: 0n, amount: 0n };
  for (const date of [...dates].sort()) {
    const now = owedAt(source, document, date);
    if (now.home !== before.home || now.amount !== before.amount)
      steps.push({ date, home: now.home - before.home, amount: now.amount - before.amount });
    before = now;
  }
  return steps;
}

const nullableBig = (value: unknown) => (value === null || value === undefined ? null : big(value));

/** The documents of `source` (those named, or every one of the organization: a draft has no steps) with what settles them. */
async function readDocuments(sql: RawSql, organizationId: string, source: AgingSource, ids?: string[]): Promise<AgedDocument[]> {
  const table = Prisma.raw(`"${source.table}"`);
  const rows: Record<string, unknown>[] = await sql.$queryRaw(Prisma.sql`
    SELECT "id", ${Prisma.raw(`"${source.partyKey}"`)} AS "partyId", "currency", ${Prisma.raw(`"${source.dueDateColumn}"`)} AS "dueDate",
      "issueDate", "status", "settledOn", "total", "homeTotal"
    FROM ${table} WHERE "organizationId" = ${organizationId}${ids ? Prisma.sql` AND "id" IN (${Prisma.join(ids)})` : Prisma.empty}`);
  const documents = new Map<string, AgedDocument>(
    rows.map((r) => [
      r.id as string,
      {
        id: r.id as string,
        partyId: r.partyId as string,
        currency: r.currency as string,
        dueDate: r.dueDate as string,
        issueDate: r.issueDate as string,
        status: String(r.status),
        settledOn: (r.settledOn as string | null) ?? null,
        total: big(r.total),
        homeTotal: nullableBig(r.homeTotal),
        settlements: [],
      },
    ]),
  );
  if (documents.size === 0) return [];
  // Every kind of settlement in one statement (one round trip on PostgreSQL).
  const halves = source.settledBy.map((by) => {
    const key = Prisma.raw(`"${by.key}"`);
    const owners = ids
      ? Prisma.sql`${key} IN (${Prisma.join([...documents.keys()])})`
      : Prisma.sql`${key} IN (SELECT "id" FROM ${table} WHERE "organizationId" = ${organizationId})`;
    const home = Prisma.raw(`"${by.home}"`);
    return Prisma.sql`SELECT ${key} AS "documentId", "date", "voidDate", "amount", COALESCE(${home}, "amount") AS "home"
      FROM ${Prisma.raw(`"${by.table}"`)} WHERE ${owners}`;
  });
  const settlements: Record<string, unknown>[] = halves.length ? await sql.$queryRaw(Prisma.join(halves, ' UNION ALL ', '', '')) : [];
  for (const s of settlements)
    documents.get(s.documentId as string)?.settlements.push({
      date: s.date as string,
      voidDate: (s.voidDate as string | null) ?? null,
      amount: big(s.amount),
      home: big(s.home),
    });
  return [...documents.values()];
}

function stepRows(organizationId: string, source: AgingSource, documents: AgedDocument[]): AgingStepRow[] {
  return documents.flatMap((d) =>
    agingSteps(source, d).map((step) => ({
      documentId: d.id,
      organizationId,
      side: source.side,
      partyId: d.partyId,
      currency: d.currency,
      dueDate: d.dueDate,
      ...step,
    })),
  );
}

/**
 * Derives again the aging steps of the documents named (after a write changed them or what settles them)
 * and replaces theirs; the triggers move the sums.
 */
export async function keepAging(scope: WriteScope, source: AgingSource, ids: string[]) {
  if (ids.length === 0) return;
  const wanted = stepRows(scope.organizationId, source, await readDocuments(scope.sql, scope.organizationId, source, ids));
  // Two statements, not one: the new steps may have the keys of the old (see writeAll).
  await scope.sql.$executeRaw(Prisma.sql`DELETE FROM "AgingStep" WHERE "documentId" IN (${Prisma.join(ids)})`);
  if (wanted.length) await scope.sql.$executeRaw(insertStatement('AgingStep', AGING_STEP_COLUMNS, wanted));
}

/** The aging of a document just posted, settled by nothing yet (one step: its total from its issue date), as statements for `writeAll`. */
export function newDocumentAgingStatements(scope: WriteScope, source: AgingSource, document: Omit<AgedDocument, 'settlements'>) {
  const rows = stepRows(scope.organizationId, source, [{ ...document, settlements: [] }]);
  return rows.length ? [insertStatement('AgingStep', AGING_STEP_COLUMNS, rows)] : [];
}

/** Every aging step of an organization, derived afresh from its documents (a rebuild writes these; a check compares them). */
export async function derivedAgingSteps(sql: RawSql, organizationId: string): Promise<AgingStepRow[]> {
  const rows: AgingStepRow[] = [];
  for (const source of allSources()) rows.push(...stepRows(organizationId, source, await readDocuments(sql, organizationId, source)));
  return rows;
}

const REBUILD_BATCH = 500;

/** Replaces an organization's aging steps with those derived from its documents (the triggers rebuild the sums). */
export async function rebuildAging(sql: RawSql, organizationId: string) {
  await sql.$executeRaw(Prisma.sql`DELETE FROM "AgingStep" WHERE "organizationId" = ${organizationId}`);
  // Each party's steps in due-date order: a step adds to the running balance of every later due date its
  // party owes, so written in this order none is there yet (years of history would otherwise move each
  // open due date once per step before it).
  const order = (r: AgingStepRow) => `${r.side}\u0000${r.partyId}\u0000${r.currency}\u0000${r.dueDate}`;
  const rows = (await derivedAgingSteps(sql, organizationId)).sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  for (let i = 0; i < rows.length; i += REBUILD_BATCH)
    await sql.$executeRaw(insertStatement('AgingStep', AGING_STEP_COLUMNS, rows.slice(i, i + REBUILD_BATCH)));
}

/** Whether an organization's aging is still to be derived from its documents (until then aged reports read the documents). */
export async function agingPending(sql: RawSql, organizationId: string) {
  const rows: unknown[] = await sql.$queryRaw(Prisma.sql`SELECT 1 FROM "AgingRebuild" WHERE "organizationId" = ${organizationId}`);
  return rows.length > 0;
}

/**
 * Derives the aging of each organization whose documents predate kept aging (the migration listed them),
 * one organization a transaction, under its lock (the unit of work's first lock), so several instances
 * starting at once rebuild each once and writes wait for it.
 */
export async function rebuildPendingAging(db: Database, logger?: Logger) {
  const pending: { organizationId: string }[] = await db.prisma.$queryRaw(Prisma.sql`SELECT "organizationId" FROM "AgingRebuild"`);
  for (const { organizationId } of pending)
    await db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw(organizationLockStatement(db.provider, organizationId));
        if (!(await agingPending(tx, organizationId))) return;
        await rebuildAging(tx, organizationId);
        await tx.$executeRaw(Prisma.sql`DELETE FROM "AgingRebuild" WHERE "organizationId" = ${organizationId}`);
        logger?.info('aging derived from the documents', { organizationId });
      },
      { maxWait: 10_000, timeout: 600_000 },
    );
}

/**
 * What differs between an organization's kept aging and its documents (none: they agree): the steps
 * stored against those derived afresh, and each sum against its steps. For tests and an operator's check.
 */
export async function agingDrift(sql: RawSql, organizationId: string): Promise<string[]> {
  const drift: string[] = [];
  const derived = await derivedAgingSteps(sql, organizationId);
  const stored: Record<string, unknown>[] = await sql.$queryRaw(
    Prisma.sql`SELECT * FROM "AgingStep" WHERE "organizationId" = ${organizationId}`,
  );
  if (keyText(derived, AGING_STEP_COLUMNS) !== keyText(stored, AGING_STEP_COLUMNS))
    drift.push(`steps differ:\nstored\n${keyText(stored, AGING_STEP_COLUMNS)}\nderived\n${keyText(derived, AGING_STEP_COLUMNS)}`);
  return [...drift, ...(await keptSumsDrift(sql, organizationId))];
}

const keyText = (rows: Record<string, unknown>[], key: readonly string[]) =>
  rows
    .map((r) => key.map((k) => String(r[k])).join('|'))
    .sort()
    .join('\n');

/** What differs between an organization's kept sums (balances, running balances, parties, days) and its stored steps. */
export async function keptSumsDrift(sql: RawSql, organizationId: string): Promise<string[]> {
  const drift: string[] = [];
  for (const [table, key] of [
    ['AgingBalance', ['side', 'partyId', 'currency', 'dueDate']],
    ['AgingDay', ['side', 'date', 'partyId', 'currency', 'dueDate']],
  ] as const) {
    const columns = Prisma.raw(key.map((k) => `"${k}"`).join(', '));
    const kept: Record<string, unknown>[] = await sql.$queryRaw(
      Prisma.sql`SELECT ${columns}, "home", "amount" FROM ${Prisma.raw(`"${table}"`)} WHERE "organizationId" = ${organizationId}`,
    );
    const summed: Record<string, unknown>[] = await sql.$queryRaw(Prisma.sql`
      SELECT ${columns}, SUM("home") AS "home", SUM("amount") AS "amount" FROM "AgingStep"
      WHERE "organizationId" = ${organizationId} GROUP BY ${columns} HAVING SUM("home") <> 0 OR SUM("amount") <> 0`);
    if (keyText(kept, [...key, 'home', 'amount']) !== keyText(summed, [...key, 'home', 'amount']))
      drift.push(`${table} differs from its steps`);
  }
  // The running balances and the parties listed, against the balances themselves.
  const party = ['side', 'partyId', 'currency'] as const;
  const running: Record<string, unknown>[] = await sql.$queryRaw(Prisma.sql`
    SELECT "side", "partyId", "currency", "dueDate", "runningHome", "runningAmount",
      SUM("home") OVER "party" AS "home", SUM("amount") OVER "party" AS "amount"
    FROM "AgingBalance" WHERE "organizationId" = ${organizationId}
    WINDOW "party" AS (PARTITION BY "side", "partyId", "currency" ORDER BY "dueDate")`);
  for (const r of running)
    if (big(r.runningHome) !== big(r.home) || big(r.runningAmount) !== big(r.amount))
      drift.push(`AgingBalance running balance of ${party.map((k) => r[k]).join('|')} on ${r.dueDate} differs from its rows`);
  const partyColumns = [...party, 'home', 'amount', 'earliestDue', 'latestDue'] as const;
  const listed: Record<string, unknown>[] = await sql.$queryRaw(
    Prisma.sql`SELECT ${Prisma.raw(partyColumns.map((c) => `"${c}"`).join(', '))} FROM "AgingParty"
      WHERE "organizationId" = ${organizationId}`,
  );
  const owing: Record<string, unknown>[] = await sql.$queryRaw(Prisma.sql`
    SELECT "side", "partyId", "currency", SUM("home") AS "home", SUM("amount") AS "amount", MIN("dueDate") AS "earliestDue",
      MAX("dueDate") AS "latestDue"
    FROM "AgingBalance" WHERE "organizationId" = ${organizationId} GROUP BY "side", "partyId", "currency"`);
  if (keyText(listed, partyColumns) !== keyText(owing, partyColumns)) drift.push('AgingParty differs from the parties with a balance');
  return drift;
}
