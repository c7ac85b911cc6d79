// Many rows in one raw INSERT. Prisma 7 caches the query plan of every operation except `createMany`,
// which its WASM query compiler plans anew on each call (9 % of a journal posting's CPU); a raw
// statement needs no plan. Only for rows of text, integers, booleans and BigInt, which both providers
// bind alike: a Date would be stored differently from Prisma's own writes on SQLite, so it is refused.
import { Prisma } from './generated/sqlite/client.ts';

/** The client or transaction to write through (both have `$executeRaw`). */
interface Executor {
  $executeRaw(query: Prisma.Sql): Prisma.PrismaPromise<number>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const quoted = (name: string) => {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

export async function insertRows<Row extends Record<string, unknown>>(db: Executor, table: string, columns: readonly (keyof Row & string)[], rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((row) =>
    Prisma.sql`(${Prisma.join(
      columns.map((column) => {
        const value = row[column];
        if (value instanceof Date) throw new Error(`insertRows cannot write the Date in ${table}.${column}; use Prisma's create`);
        return value ?? null;
      }),
    )})`,
  );
  await db.$executeRaw(Prisma.sql`INSERT INTO ${Prisma.raw(quoted(table))} (${Prisma.raw(columns.map(quoted).join(', '))}) VALUES ${Prisma.join(values)}`);
}
