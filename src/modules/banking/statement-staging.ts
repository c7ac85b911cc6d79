// A statement's import in two steps. Before the import's unit of work, its statement and new lines are
// written staged, a few hundred rows a transaction: no reader sees a staged row and the kept list counts
// leave them out. The unit of work then shows them by clearing a column no index holds (so it rewrites
// rows, not index entries) and counts them. So no transaction of an import is long: on SQLite, whose one
// writer every organization shares, another organization's write waits for a chunk at most, not for the
// whole file; on PostgreSQL a large file never nears the unit of work's transaction timeout. All or
// nothing still: an import that fails, or is answered from an earlier request with its idempotency key,
// drops what it staged (`dropStaged`).
import type { Database, PrismaTypes } from '../../db/database.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { addToTotals, insertRows } from '../../db/insert.ts';
import { shortTransaction } from '../../db/sql.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import { letRequestsIn } from '../../lib/turns.ts';
import { newId } from '../../lib/ids.ts';
import type { BankAccountRow, BankStatementRow } from './banking.public.ts';
import { type ReadStatement, unpackLines } from './statement-packing.ts';

/** Lines a staging transaction writes: on SQLite a few milliseconds of the shared writer. */
const STAGE_CHUNK = 250;
/** Staged lines one statement of the import's commit shows. */
const SHOW_CHUNK = 10_000;
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
  const lines = unpackLines(parsed.lines);
  const { keys } = lines;
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const found = await tenant.prisma.bankTransaction.findMany({
      where: { bankAccountId: bank.id, dedupeKey: { in: keys.slice(i, i + 500) } },
      select: { dedupeKey: true },
    });
    for (const f of found) known.add(f.dedupeKey);
    await letRequestsIn();
  }
  // The same bank id twice in one file is one line.
  const fresh: number[] = [];
  keys.forEach((key, i) => {
    if (!known.has(key)) fresh.push(i);
    known.add(key);
  });
  // The first and last dates in one pass (ISO dates compare as text): a sort of a large file's dates held the loop.
  let first: string | null = null;
  let last: string | null = null;
  for (const date of lines.dates) {
    if (first === null || date < first) first = date;
    if (last === null || date > last) last = date;
  }
  const statementId = newId('BankStatement');
  const statement = {
    id: statementId,
    organizationId: tenant.organizationId,
    bankAccountId: bank.id,
    format: file.format,
    filename: file.filename ?? null,
    fileHash: parsed.fileHash,
    lineCount: lines.count,
    newCount: fresh.length,
    skippedCount: lines.count - fresh.length,
    startDate: first,
    endDate: last,
    closingBalance: parsed.closingBalance,
    closingDate: parsed.closingBalance === null ? null : (parsed.closingDate ?? last),
    createdAt: now,
    staged: true,
  };
  await shortTransaction(db, (sql) => insertRows(sql, 'BankStatement', STATEMENT_COLUMNS, [statement]));
  try {
    for (let start = 0; start < fresh.length; start += STAGE_CHUNK) {
      const rows = fresh.slice(start, start + STAGE_CHUNK).map((i) => {
        return {
          id: newId('BankTransaction'),
          organizationId: tenant.organizationId,
          bankAccountId: bank.id,
          statementId,
          date: lines.dates[i]!,
          amount: lines.amounts[i]!,
          description: lines.descriptions[i]!.slice(0, 500),
          counterparty: lines.counterparties[i]?.slice(0, 200) ?? null,
          reference: lines.references[i]?.slice(0, 200) ?? null,
          dedupeKey: keys[i]!,
          status: 'UNMATCHED',
          staged: true,
          createdAt: now,
          updatedAt: now,
        };
      });
      await shortTransaction(db, (sql) => insertRows(sql, 'BankTransaction', LINE_COLUMNS, rows));
      await letRequestsIn();
    }
  } catch (error) {
    await dropStaged(db, statementId);
    throw isUniqueViolation(error) ? anotherImport() : error;
  }
  return { statementId, newCount: fresh.length };
}

/**
 * In the import's unit of work: shows the staged statement and its lines, and counts them. Refused if
 * they are gone (dropped as abandoned by a later import while this one waited far too long).
 */
export async function commitStaged(scope: WriteScope, staged: StagedStatement): Promise<BankStatementRow> {
  // A chunk at a time, the loop given back between them: a 100,000-line statement shown in one UPDATE held
  // the request thread (SQLite runs it synchronously) for a tenth of a second.
  let shown = 0;
  for (;;) {
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
  while ((await shortTransaction(db, (sql) => sql.$executeRaw(dropChunk))) === SHOW_CHUNK) await letRequestsIn();
  await shortTransaction(db, (sql) => sql.$executeRaw(Prisma.sql`DELETE FROM "BankStatement" WHERE "id" = ${statementId} AND "staged"`));
}
