// A statement's import in two steps. Before the import's unit of work, its statement and new lines are
// written staged, a few hundred rows a transaction: no reader sees a staged row and the kept list counts
// leave them out. The unit of work then shows them by clearing a column no index holds (so it rewrites
// rows, not index entries) and counts them. So no transaction of an import is long: on SQLite, whose one
// writer every organization shares, another organization's write waits for a chunk at most, not for the
// whole file; on PostgreSQL a large file never nears the unit of work's transaction timeout. All or
// nothing still: an import that fails, or is answered from an earlier request with its idempotency key,
// drops what it staged (`dropStaged`). On SQLite the staging's reads and writes run off the request
// thread (a heavy-work read, the writer thread): its synchronous statements held the thread that
// answers every organization for most of an import.
import type { Database, PrismaTypes } from '../../db/database.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { addToTotals, insertStatement } from '../../db/insert.ts';
import { offThread, shortTransaction } from '../../db/sql.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import { letRequestsIn } from '../../lib/turns.ts';
import { newId } from '../../lib/ids.ts';
import type { BankAccountRow, BankStatementRow } from './banking.public.ts';
import { lineReader, PackedColumn, type ReadStatement } from './statement-packing.ts';

/** Lines a staging transaction writes: on SQLite a few milliseconds of the write lock every organization shares. */
const STAGE_CHUNK = 100;
/** Staged lines one statement of the import's commit shows (on SQLite a few milliseconds of the request thread). */
const SHOW_CHUNK = 1_000;
/** Keys one read of the lines an account already has asks for. */
const KNOWN_CHUNK = 2_000;
/** Lines read between two turns given back while none of them is new. */
const SCAN_CHUNK = 5_000;
/** A staged import older than this was abandoned (its process ended mid-way): the next import of the account drops it. */
const ABANDONED_AFTER_MS = 5 * 60_000;

const LINE_COLUMNS = [
  'id',
  'organizationId',
  'bankAccountId',
  'statementId',
  'date',
  'amount',
  'description',
  'counterparty',
  'reference',
  'dedupeKey',
  'status',
  'staged',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof PrismaTypes.BankTransactionGetPayload<object>)[];

const STATEMENT_COLUMNS = [
  'id',
  'organizationId',
  'bankAccountId',
  'format',
  'filename',
  'fileHash',
  'lineCount',
  'newCount',
  'skippedCount',
  'startDate',
  'endDate',
  'closingBalance',
  'closingDate',
  'createdAt',
  'staged',
] as const satisfies readonly (keyof PrismaTypes.BankStatementGetPayload<object>)[];

/** A statement whose lines are written and wait for the import's unit of work to show them. */
export interface StagedStatement {
  statementId: string;
  /** Lines staged: the file's lines the account did not have. */
  newCount: number;
  /**
   * SQLite: the rowids the staged lines were written at, in ranges (a multi-row INSERT takes consecutive
   * ones), so the commit shows them by range of the table itself.
   */
  rowids?: RowidRange[];
}

/** Rowids from `first` to `last`, both included. */
type RowidRange = [first: number, last: number];

/** Adds a range to the list, joining it to the last one when they meet. */
function addRowids(ranges: RowidRange[], first: number, last: number) {
  const previous = ranges.at(-1);
  if (previous && previous[1] + 1 === first) previous[1] = last;
  else ranges.push([first, last]);
}

/** What a statement import writes of a file read for a bank account. */
export interface StatementFile {
  format: string;
  filename: string | null | undefined;
  /** The file as read (its lines' keys and its fingerprint with it). */
  parsed: ReadStatement;
}

const anotherImport = () =>
  new AppError(
    'CONFLICT',
    'Another statement is being imported into this bank account; import this file again when it has finished: ' +
      'lines already imported are skipped.',
    [{ path: 'id', message: 'has a statement import under way' }],
    { retryAfterSeconds: 2 },
  );

/**
 * True for a unique index broken by another import's lines written meanwhile: better-sqlite3's code or
 * PostgreSQL's SQLSTATE (the direct transactions), or Prisma's report of either (its own transaction).
 */
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } } | undefined;
  return (
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === '23505' ||
    e?.code === 'P2002' ||
    e?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation'
  );
};

/**
 * Runs writes of staged rows (no reader sees them) in a short transaction of their own: on SQLite on the
 * writer thread, elsewhere as any short transaction. Answers the rows each statement changed.
 */
function writeStaged(db: Database, statements: Prisma.Sql[]): Promise<{ changes: number; lastRowid?: number }[]> {
  if (db.sqliteWriteOffThread) return db.sqliteWriteOffThread(statements, 10_000);
  return shortTransaction(db, async (sql) => {
    const changed: { changes: number }[] = [];
    for (const statement of statements) changed.push({ changes: await sql.$executeRaw(statement) });
    return changed;
  });
}

/** The keys of `keys` the account's lines already hold: on SQLite read off the request thread, charged to the organization. */
async function knownKeys(tenant: Tenant, bankAccountId: string, keys: string[]): Promise<Set<string>> {
  const query = Prisma.sql`SELECT "dedupeKey" FROM "BankTransaction"
    WHERE "organizationId" = ${tenant.organizationId} AND "bankAccountId" = ${bankAccountId}
    AND "dedupeKey" IN (${Prisma.join(keys)})`;
  const found: { dedupeKey: string }[] = await tenant.prisma.$queryRaw(offThread(query, tenant.organizationId));
  return new Set(found.map((f) => f.dedupeKey));
}

/**
 * Writes the statement and the lines the account does not have yet, staged, in short transactions of
 * their own. Refused (409) while another import into the account is under way; one abandoned long ago
 * is dropped first.
 * Long on purpose: the staging in short transactions, each chunk's step beside the loop that gives requests their
 * turn.
 */
export async function stageStatement(
  db: Database,
  tenant: Tenant,
  bank: BankAccountRow,
  file: StatementFile,
  now: Date,
): Promise<StagedStatement> {
  const under = await tenant.prisma.bankStatement.findMany({
    where: { bankAccountId: bank.id, staged: true },
    select: { id: true, createdAt: true },
  });
  for (const staged of under) {
    if (now.getTime() - staged.createdAt.getTime() < ABANDONED_AFTER_MS) throw anotherImport();
    await dropStaged(db, staged.id);
  }
  const { parsed } = file;
  const packed = parsed.lines;
  // First pass, a chunk of keys at a time: the lines the account has (or the file had earlier: the same
  // bank id twice in one file is one line), and the first and last dates (ISO dates compare as text).
  const fresh = new Uint8Array(packed.count);
  let newCount = 0;
  let first: string | null = null;
  let last: string | null = null;
  const keys = new PackedColumn(packed.keys);
  const dates = new PackedColumn(packed.dates);
  const seen = new Set<string>();
  for (let start = 0; start < packed.count; start += KNOWN_CHUNK) {
    const batch: string[] = [];
    for (let i = start; i < Math.min(start + KNOWN_CHUNK, packed.count); i++) {
      batch.push(keys.next());
      const date = dates.next();
      if (first === null || date < first) first = date;
      if (last === null || date > last) last = date;
    }
    const known = await knownKeys(tenant, bank.id, batch);
    batch.forEach((key, j) => {
      if (!known.has(key) && !seen.has(key)) {
        fresh[start + j] = 1;
        newCount++;
      }
      seen.add(key);
    });
    await letRequestsIn();
  }
  const statementId = newId('BankStatement');
  const statement = {
    id: statementId,
    organizationId: tenant.organizationId,
    bankAccountId: bank.id,
    format: file.format,
    filename: file.filename ?? null,
    fileHash: parsed.fileHash,
    lineCount: packed.count,
    newCount,
    skippedCount: packed.count - newCount,
    startDate: first,
    endDate: last,
    closingBalance: parsed.closingBalance,
    closingDate: parsed.closingBalance === null ? null : (parsed.closingDate ?? last),
    createdAt: now,
    staged: true,
  };
  await writeStaged(db, [insertStatement('BankStatement', STATEMENT_COLUMNS, [statement])]);
  const rowids: RowidRange[] = [];
  try {
    const next = lineReader(packed);
    let rows: PrismaTypes.BankTransactionCreateManyInput[] = [];
    for (let i = 0; i < packed.count; i++) {
      const line = next();
      if (fresh[i]) {
        rows.push({
          id: newId('BankTransaction'),
          organizationId: tenant.organizationId,
          bankAccountId: bank.id,
          statementId,
          date: line.date,
          amount: line.amount,
          description: line.description.slice(0, 500),
          counterparty: line.counterparty?.slice(0, 200) ?? null,
          reference: line.reference?.slice(0, 200) ?? null,
          dedupeKey: line.key,
          status: 'UNMATCHED',
          staged: true,
          createdAt: now,
          updatedAt: now,
        });
      }
      if (rows.length === STAGE_CHUNK || (i === packed.count - 1 && rows.length > 0)) {
        const [{ changes, lastRowid }] = await writeStaged(db, [insertStatement('BankTransaction', LINE_COLUMNS, rows)]);
        if (lastRowid !== undefined) addRowids(rowids, lastRowid - changes + 1, lastRowid);
        rows = [];
        await letRequestsIn();
      } else if (i % SCAN_CHUNK === SCAN_CHUNK - 1) await letRequestsIn(); // a long run of lines the account had
    }
  } catch (error) {
    await dropStaged(db, statementId);
    throw isUniqueViolation(error) ? anotherImport() : error;
  }
  return { statementId, newCount, ...(rowids.length ? { rowids } : {}) };
}

/**
 * In the import's unit of work: shows the staged statement and its lines, and counts them. Refused if
 * they are gone (dropped as abandoned by a later import while this one waited far too long).
 */
export async function commitStaged(scope: WriteScope, staged: StagedStatement): Promise<BankStatementRow> {
  // A chunk at a time, the loop given back between them: a 100,000-line statement shown in one UPDATE held
  // the request thread (SQLite runs it synchronously) for a tenth of a second. On SQLite by the rowids the
  // lines were written at: finding the next chunk by the statement's index walks past every line shown
  // before it, so a 100,000-line statement took a second of the request thread.
  let shown = 0;
  for (const [from, to] of staged.rowids ?? []) {
    for (let first = from; first <= to; first += SHOW_CHUNK) {
      const last = Math.min(first + SHOW_CHUNK - 1, to);
      shown += await scope.sql.$executeRaw(
        Prisma.sql`UPDATE "BankTransaction" SET "staged" = ${false}
          WHERE "rowid" BETWEEN ${first} AND ${last} AND "statementId" = ${staged.statementId} AND "staged"`,
      );
      await letRequestsIn();
    }
  }
  // The rest (all of them on PostgreSQL, none on SQLite unless a rowid was not where it was expected).
  while (shown < staged.newCount) {
    const n = await scope.sql.$executeRaw(
      Prisma.sql`UPDATE "BankTransaction" SET "staged" = ${false} WHERE "id" IN
        (SELECT "id" FROM "BankTransaction" WHERE "statementId" = ${staged.statementId} AND "staged" LIMIT ${SHOW_CHUNK})`,
    );
    shown += n;
    if (n < SHOW_CHUNK) break;
    await letRequestsIn();
  }
  const statement = await scope.sql.$executeRaw(
    Prisma.sql`UPDATE "BankStatement" SET "staged" = ${false} WHERE "id" = ${staged.statementId} AND "staged"`,
  );
  if (shown !== staged.newCount || statement !== 1)
    throw new AppError('CONFLICT', 'The import was interrupted before it finished; import the file again.');
  await addToTotals(
    scope.sql,
    'ListCount',
    ['organizationId', 'model'],
    ['count'],
    [
      { organizationId: scope.organizationId, model: 'BankStatement', count: 1 },
      ...(shown ? [{ organizationId: scope.organizationId, model: 'BankTransaction', count: shown }] : []),
    ],
  );
  return scope.prisma.bankStatement.findUniqueOrThrow({
    where: { id: staged.statementId },
    include: { bankAccount: { select: { currency: true } } },
  });
}

/**
 * Drops what an import staged and did not commit (nothing once it committed): its lines SHOW_CHUNK a
 * transaction (no reader sees them, so they may go in pieces), then the statement.
 */
export async function dropStaged(db: Database, statementId: string): Promise<void> {
  const dropChunk = Prisma.sql`DELETE FROM "BankTransaction" WHERE "id" IN
    (SELECT "id" FROM "BankTransaction" WHERE "statementId" = ${statementId} AND "staged" LIMIT ${SHOW_CHUNK})`;
  while ((await writeStaged(db, [dropChunk]))[0]!.changes === SHOW_CHUNK) await letRequestsIn();
  await writeStaged(db, [Prisma.sql`DELETE FROM "BankStatement" WHERE "id" = ${statementId} AND "staged"`]);
}
