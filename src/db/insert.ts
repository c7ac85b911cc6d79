// Rows in one raw INSERT. Prisma 7 caches the query plan of a model operation but still spends client
// work on each (argument validation, query templating, result mapping); a raw statement costs about a
// third of that, and `createMany`, which its WASM compiler plans anew on
// every call, far more. Used on the write paths every posting takes (journal entries and lines,
// invoice lines, outbox events). Values are bound as Prisma binds them in its own writes: text,
// integers, booleans, BigInt and Date (stored by both adapters exactly as a model write stores it;
// test/db/insert.test.ts compares the stored text).
import { Prisma } from './generated/sqlite/client.ts';
import type { RawSql } from './sql.ts'; // a Prisma client or transaction, or a transaction's direct statements

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const quoted = (name: string) => {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

/** The INSERT of `rows` (at least one) into `table`, for `insertRows` or `writeAll` (src/db/sql.ts). */
export function insertStatement<Row extends Record<string, unknown>>(
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Prisma.Sql {
  const values = rows.map((row) => Prisma.sql`(${Prisma.join(columns.map((column) => row[column] ?? null))})`);
  return Prisma.sql`INSERT INTO ${Prisma.raw(quoted(table))} (${Prisma.raw(columns.map(quoted).join(', '))}) VALUES ${Prisma.join(values)}`;
}

export async function insertRows<Row extends Record<string, unknown>>(
  db: RawSql,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw(insertStatement(table, columns, rows));
}

/**
 * The INSERT of `rows` (at least one) returning the named columns of the inserted rows (database-assigned
 * values such as an autoincrement `seq`), for `writeAll` (src/db/sql.ts), which answers them. The order of
 * the returned rows is not promised (SQLite does not): match them by a key you wrote.
 */
export function insertReturningStatement<Row extends Record<string, unknown>>(
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  returning: readonly string[],
): Prisma.Sql {
  return Prisma.sql`${insertStatement(table, columns, rows)} RETURNING ${Prisma.raw(returning.map(quoted).join(', '))}`;
}

/**
 * Adds rows to running totals: a row whose key is new is inserted, one whose key exists adds its
 * `summed` columns to the stored ones. One statement (`INSERT … ON CONFLICT (key) DO UPDATE`, the same
 * text on SQLite and PostgreSQL); the key must be the table's primary key or a unique index.
 */
export async function addToTotals<Row extends Record<string, unknown>>(
  db: RawSql,
  table: string,
  key: readonly (keyof Row & string)[],
  summed: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.$executeRaw(totalsStatement(table, key, summed, rows));
}

/** The statement of `addToTotals` (at least one row), for `writeAll` (src/db/sql.ts). */
export function totalsStatement<Row extends Record<string, unknown>>(
  table: string,
  key: readonly (keyof Row & string)[],
  summed: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Prisma.Sql {
  const additions = summed
    .map((column) => `${quoted(column)} = ${quoted(table)}.${quoted(column)} + excluded.${quoted(column)}`)
    .join(', ');
  return Prisma.sql`${insertStatement(table, [...key, ...summed], rows)} ON CONFLICT (${Prisma.raw(key.map(quoted).join(', '))})
    DO UPDATE SET ${Prisma.raw(additions)}`;
}
