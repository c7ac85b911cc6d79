// Raw statements inside a write's transaction, at the driver's cost. Every write runs a handful of the
// same raw statements (the organization lock, its outbox event, the webhook lookup, a posting's entry
// and lines); through Prisma each costs 40-90 µs of client work (query templating, argument and result
// mapping, the transaction's bookkeeping) for 5-60 µs of SQLite, about a fifth of a posting.
//
// On SQLite, Prisma's adapter holds one better-sqlite3 connection and runs an open transaction on it:
// a statement run directly on that connection, while the unit of work holds the transaction, is part
// of it, exactly as if it went through the transaction client. So inside a transaction this runs the
// statement on the connection's cached prepared statement, binding values as the adapter does. On
// PostgreSQL the transaction is a pooled connection only Prisma can reach, and raw statements go
// through it unchanged.
import type { Database } from './database.ts';
import type { Prisma } from './generated/sqlite/client.ts';

/** What runs a raw statement: a Prisma client or transaction, or the direct form below. */
export interface RawSql {
  $queryRaw<T = unknown>(query: Prisma.Sql): Promise<T>;
  $executeRaw(query: Prisma.Sql): Promise<number>;
}

/** A value as the SQLite adapter binds it (@prisma/adapter-better-sqlite3 `mapArg`, default options). */
export function sqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  return value;
}

/** A busy database is a conflict the unit of work retries, as it does when Prisma reports one. */
function asConflict(error: unknown): unknown {
  const code = (error as { code?: string } | undefined)?.code;
  return code?.startsWith('SQLITE_BUSY') ? Object.assign(new Error((error as Error).message), { cause: { kind: 'TransactionWriteConflict' } }) : error;
}

/**
 * Raw statements for the transaction `tx` of `db`. Only for use while that transaction is open: on
 * SQLite a statement run on the connection outside it would run on its own, or inside another
 * request's transaction.
 */
export function transactionSql(db: Database, tx: RawSql): RawSql {
  if (db.provider !== 'sqlite' || !db.sqliteStatement) return tx;
  const run = (query: Prisma.Sql, reading: boolean) => {
    const statement = db.sqliteStatement!(query.sql);
    if (!statement) return reading ? tx.$queryRaw(query) : tx.$executeRaw(query); // not connected yet
    db.onQuery?.(query.sql);
    const values = query.values.map(sqliteValue);
    try {
      if (statement.reader) {
        // Rows as objects: the adapter shares the statement cache and leaves a statement it ran in raw (array) mode.
        const rows = statement.raw(false).all(...values);
        return Promise.resolve(reading ? rows : rows.length);
      }
      const { changes } = statement.run(...values);
      return Promise.resolve(reading ? [] : changes);
    } catch (error) {
      return Promise.reject(asConflict(error));
    }
  };
  return {
    $queryRaw: <T>(query: Prisma.Sql) => run(query, true) as Promise<T>,
    $executeRaw: (query: Prisma.Sql) => run(query, false) as Promise<number>,
  };
}

/**
 * Raw reads outside any transaction (the API key every request checks), at the driver's cost on SQLite:
 * ~11 µs against ~48 µs through Prisma's `$queryRaw`. Prisma's own reads outside a transaction run on the
 * same connection in the same way (the adapter takes no lock for them), so these see what Prisma's would.
 * Reads only: a write goes through the unit of work.
 */
export function readSql(db: Database): Pick<RawSql, '$queryRaw'> {
  const sql = transactionSql(db, db.prisma); // Prisma's client itself on PostgreSQL: called as its method
  return { $queryRaw: <T>(query: Prisma.Sql) => sql.$queryRaw<T>(query) };
}
