// Raw statements inside a write's transaction, at the driver's cost. Every write runs a handful of the
// same raw statements (the organization lock, its outbox event, the webhook lookup, a posting's entry
// and lines); through Prisma each costs several times its SQLite work in client work (query templating,
// argument and result mapping, the transaction's bookkeeping), about a fifth of a posting.
//
// On SQLite, Prisma's adapter holds one better-sqlite3 connection and runs an open transaction on it:
// a statement run directly on that connection, while the unit of work holds the transaction, is part
// of it, exactly as if it went through the transaction client. So inside a transaction this runs the
// statement on the connection's cached prepared statement, binding values as the adapter does. On
// PostgreSQL a write's transaction is a connection of the pool Prisma's adapter shares, checked out
// and begun here (`pgTransaction`), its statements named prepared statements on it; several writes are
// one statement where they can (`writeAll`).
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Prisma } from './generated/sqlite/client.ts';

/** An integer (a SUM, a BIGINT column) as a raw statement answers it: bigint or number on SQLite, numeric text on PostgreSQL. */
export const bigintOf = (value: unknown) => BigInt(typeof value === 'bigint' || typeof value === 'number' ? value : String(value));

/** What runs a raw statement: a Prisma client or transaction, or the direct form below. */
export interface RawSql {
  $queryRaw<T = unknown>(query: Prisma.Sql): Promise<T>;
  $executeRaw(query: Prisma.Sql): Promise<number>;
  /** Writes none of which reads what another writes, as one statement (see `writeAll`); the last one's rows. */
  $queryAll?<T>(queries: Prisma.Sql[]): Promise<T[]>;
}

/**
 * What the helpers below use of a database; src/db/database.ts's `Database` extends it. Declared here so
 * this file needs nothing of that one (which builds on this).
 */
export interface SqlDatabase {
  provider: 'sqlite' | 'postgresql';
  prisma: RawSql & { $transaction<T>(work: (tx: RawSql) => Promise<T>, options: { maxWait: number }): Promise<T> };
  /**
   * SQLite: the connection's prepared statement for a SQL text (the adapter's own cache), once Prisma has
   * connected; the unit of work runs its raw statements on it (below). Undefined on PostgreSQL.
   */
  sqliteStatement?: (sql: string) => BetterSqlite3.Statement | undefined;
  /**
   * SQLite: undefined when a statement from outside a transaction may run on the connection now; else a
   * promise to wait on before asking again (a transaction is open: `ConnectionGate`).
   */
  sqliteBusy?: () => Promise<void> | undefined;
  /**
   * SQLite: the statement for a SQL text on a read-only connection beside the serving one. A direct read
   * that finds a transaction open on the serving connection (`sqliteBusy`) runs here instead of waiting
   * for it: it sees the last commit, as a read on PostgreSQL does beside an open transaction. So a long
   * write (a statement import's commit) holds up no other organization's reads. Reads only; undefined
   * without the fast paths.
   */
  sqliteReadStatement?: (sql: string) => BetterSqlite3.Statement | undefined;
  /**
   * SQLite: runs `work` in a transaction begun straight on the connection, holding the adapter's
   * transaction lock as Prisma's own do, and commits it (or rolls it back if `work` throws), without
   * Prisma's interactive transaction: its client work cost a posting about as much as all its own
   * statements. Only for work that runs every statement through the unit of work's direct ones
   * (`transactionSql`): Prisma's client would wait for this very transaction (`ConnectionGate`).
   * Waits at most `maxWaitMs` for the lock, then fails as a conflict a retry may win.
   */
  sqliteTransaction?: <T>(work: () => Promise<T>, maxWaitMs: number) => Promise<T>;
  /**
   * SQLite: runs the statements in one transaction on a connection of a writer thread, not on the
   * request thread; answers the rows each changed. Holds the adapter's transaction lock meanwhile, so
   * no other write of this process begins, but opens no transaction on the serving connection, so its
   * reads go on. For writes no reader sees until a later transaction shows them (a statement import's
   * staged rows): they commit apart from any unit of work. Waits at most `maxWaitMs` for the lock.
   * Answers each statement's changed rows and the rowid of the last row it inserted.
   */
  sqliteWriteOffThread?: (statements: Prisma.Sql[], maxWaitMs: number) => Promise<{ changes: number; lastRowid: number }[]>;
  /**
   * PostgreSQL: runs `work` in a transaction on a connection of the shared pool, without Prisma's
   * interactive transaction, its statements the raw SQL `work` is given (`pgTransaction` below).
   * Only for work that runs every statement through that SQL.
   */
  pgTransaction?: <T>(work: (sql: RawSql) => Promise<T>, maxWaitMs: number) => Promise<T>;
  /**
   * PostgreSQL: the connection pool Prisma's adapter queries through, shared so reads outside a
   * transaction (the API key check, the compiled reader) run at the driver's cost on the same
   * connections. Undefined on SQLite.
   */
  pgPool?: pg.Pool;
  /** Told of every statement run outside Prisma, as Prisma's query log is of its own (tests count both). */
  onQuery?: (query: string) => void;
}

/**
 * Runs writes that read nothing another of them writes (rows of new records, additions to totals, a
 * sequence's new value) in one round trip where the database can, and answers the rows the last one
 * returns (`RETURNING`), if any. On PostgreSQL inside a write's transaction they are one statement:
 * all but the last as data-modifying WITH clauses, which run once and to completion at the statement's
 * snapshot, with foreign keys checked at its end (so a line may reference the entry written beside it).
 * Every round trip under the organization's lock (a Prisma statement: client work and a trip to the
 * database) holds up the writes queued behind it; a posting's three writes were three of them.
 * Elsewhere one after another (SQLite runs them at the driver's cost, on its one connection).
 */
export async function writeAll<T = unknown>(sql: RawSql, queries: Prisma.Sql[]): Promise<T[]> {
  if (queries.length === 0) return [];
  if (sql.$queryAll) return sql.$queryAll<T>(queries);
  for (const query of queries.slice(0, -1)) await sql.$executeRaw(query);
  return sql.$queryRaw<T[]>(queries[queries.length - 1]);
}

/** One statement doing every write of `queries`: all but the last as WITH clauses, the last as the statement. */
function togetherStatement(queries: Prisma.Sql[]): Prisma.Sql {
  const last = queries[queries.length - 1];
  if (queries.length === 1) return last;
  const clauses = queries.slice(0, -1).map((query, i) => Prisma.sql`${Prisma.raw(`"w${i}"`)} AS (${query})`);
  return Prisma.sql`WITH ${Prisma.join(clauses)} ${last}`;
}

/** A value as the SQLite adapter binds it (@prisma/adapter-better-sqlite3 `mapArg`, default options). */
export function sqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  return value;
}

/** A value as the PostgreSQL adapter binds it (@prisma/adapter-pg `mapArg`: a DateTime as UTC text for `timestamp(3)`). */
export function pgValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString().replace('T', ' ').replace('Z', '');
  if (Array.isArray(value)) return value.map(pgValue);
  return value;
}

const TIMESTAMP_OID = 1114;
const INT8_OID = 20;
const asText = (text: string) => text;
/**
 * `timestamp` (Prisma's DateTime: UTC without a zone) as its text, for the caller to read as UTC; pg's default reads it as local time.
 * `bigint` as its text too, which pg's own parser also answers, after testing it against a pattern: the caller converts it once.
 */
const timestampsAndBigintsAsText: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID || oid === INT8_OID ? asText : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
/** As Prisma's `$queryRaw` answers: DateTime as a Date (UTC), 64-bit integers as bigint. */
const asPrismaRaw: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === TIMESTAMP_OID) return (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
    if (oid === INT8_OID) return (text: string) => BigInt(text);
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Prepared-statement names by SQL text: each text is parsed and planned once per pooled connection. */
const statementNames = new Map<string, string>();
/** `?` placeholders numbered as PostgreSQL's `$1, $2, …`, once per text. */
const numberedTexts = new Map<string, string>();

/**
 * Runs `sql` (`?` placeholders, or PostgreSQL's own `$n`) on the pool as a named prepared statement.
 * `array`: rows as arrays, timestamps as text (the compiled reader converts them); `object`: rows as
 * Prisma's `$queryRaw` answers them.
 */
export async function pgQuery(
  pool: pg.Pool | pg.PoolClient,
  sql: string,
  values: unknown[],
  rowMode: 'array' | 'object',
): Promise<unknown[]> {
  return (await pgRun(pool, sql, values, rowMode)).rows;
}

async function pgRun(pool: pg.Pool | pg.PoolClient, sql: string, values: unknown[], rowMode: 'array' | 'object'): Promise<pg.QueryResult> {
  let text = numberedTexts.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numberedTexts.set(sql, text);
  }
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return pool.query({
    name,
    text,
    values,
    ...(rowMode === 'array' ? { rowMode: 'array', types: timestampsAndBigintsAsText } : { types: asPrismaRaw }),
  });
}

/**
 * PostgreSQL's conflicts a fresh attempt can win: a serialization failure, a deadlock, and a statement
 * cancelled at the transaction's statement timeout (`pgTransaction`; a wait for the organization's lock).
 */
const PG_CONFLICT_SQLSTATE = new Set(['40001', '40P01', '57014']);

/** A busy database is a conflict the unit of work retries, as it does when Prisma reports one. */
export function asConflict(error: unknown): unknown {
  const code = (error as { code?: string } | undefined)?.code;
  return code?.startsWith('SQLITE_BUSY') || (code && PG_CONFLICT_SQLSTATE.has(code))
    ? Object.assign(new Error((error as Error).message), { cause: { kind: 'TransactionWriteConflict' } })
    : error;
}

/** How long one statement of a write may run on PostgreSQL (a wait for the organization's lock included). */
const PG_STATEMENT_TIMEOUT_MS = 20_000;

/**
 * PostgreSQL: runs `work` in a transaction on a connection of `pool` (the pool Prisma's adapter queries
 * through), its statements given to `work` as raw SQL on that connection, and commits it (or rolls it back
 * if `work` throws): what `Database.sqliteTransaction` is on SQLite. Through Prisma's interactive
 * transaction each statement also cost the client's work and its bookkeeping, while the organization's
 * lock was held. Waits at most `maxWaitMs` for a connection, then fails as a conflict a retry may win;
 * each statement runs at most PG_STATEMENT_TIMEOUT_MS (Prisma's transaction gave the whole 20 s).
 */
export async function pgTransaction<T>(
  pool: pg.Pool,
  work: (sql: RawSql) => Promise<T>,
  maxWaitMs: number,
  onQuery?: (query: string) => void,
): Promise<T> {
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Given up on: the connection, when it comes, goes straight back.
      connecting.then(
        (client) => client.release(),
        () => {},
      );
      reject(Object.assign(new Error('Unable to start a transaction in the given time'), { code: 'P2028' }));
    }, maxWaitMs);
  });
  const client = await Promise.race([connecting, late]).finally(() => clearTimeout(timer));
  // One statement at a time on the connection, in the order asked: `work` may start several at once
  // (checks under Promise.all), and leaving pg to queue a query behind another on the same client is
  // deprecated (pg 9 removes it). `settled` never rejects: a failed statement fails its own caller, and
  // the commit (PostgreSQL would answer a COMMIT after a failed statement by rolling back, silently).
  let settled: Promise<unknown> = Promise.resolve();
  let failed: unknown;
  const run = (query: Prisma.Sql) => {
    const ran = settled.then(() => {
      onQuery?.(query.text);
      return pgRun(client, query.text, query.values.map(pgValue), 'object');
    });
    settled = ran.catch((error) => (failed ??= error));
    return ran;
  };
  const sql: RawSql = {
    $queryRaw: async <R>(query: Prisma.Sql) => (await run(query)).rows as R,
    $executeRaw: async (query: Prisma.Sql) => (await run(query)).rowCount ?? 0,
    $queryAll: async <R>(queries: Prisma.Sql[]) => (await run(togetherStatement(queries))).rows as R[],
  };
  let broken: Error | undefined;
  try {
    // One round trip: a simple query may hold several statements.
    await client.query(`BEGIN; SET LOCAL statement_timeout = ${PG_STATEMENT_TIMEOUT_MS}`);
    const result = await work(sql);
    await settled;
    if (failed) throw failed;
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A statement `work` started beside the one that failed may still be running.
    await settled;
    await client.query('ROLLBACK').catch((rollbackFailed: Error) => {
      broken = rollbackFailed; // the connection is not fit to go back to the pool
    });
    throw asConflict(error);
  } finally {
    client.release(broken);
  }
}

/**
 * Raw statements for the transaction `tx` of `db`. Only for use while that transaction is open: on
 * SQLite a statement run on the connection outside it would run on its own, or inside another
 * request's transaction.
 */
export function transactionSql(db: SqlDatabase, tx: RawSql): RawSql {
  if (db.provider === 'postgresql') {
    return {
      $queryRaw: <T>(query: Prisma.Sql) => tx.$queryRaw<T>(query),
      $executeRaw: (query: Prisma.Sql) => tx.$executeRaw(query),
      $queryAll: <T>(queries: Prisma.Sql[]) => tx.$queryRaw<T[]>(togetherStatement(queries)),
    };
  }
  if (!db.sqliteStatement) return tx;
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
 * a fraction of a read through Prisma's `$queryRaw`. Prisma's own reads outside a transaction run on the
 * same connection in the same way (the adapter takes no lock for them), so these see what Prisma's would.
 * Reads only: a write goes through the unit of work.
 */
export function readSql(db: SqlDatabase): Pick<RawSql, '$queryRaw'> {
  const pool = db.pgPool;
  if (pool) {
    return {
      $queryRaw: async <T>(query: Prisma.Sql) => {
        db.onQuery?.(query.text);
        return (await pgQuery(pool, query.text, query.values.map(pgValue), 'object')) as T;
      },
    };
  }
  const sql = transactionSql(db, db.prisma);
  // Another's transaction is open on the serving connection: reading there now would see its uncommitted
  // rows (ConnectionGate), so the read runs on the reader connection, or without one waits for it to end.
  const read = <T>(query: Prisma.Sql): Promise<T> => {
    const busy = db.sqliteBusy?.();
    if (!busy) return sql.$queryRaw<T>(query);
    const statement = db.sqliteReadStatement?.(query.sql);
    if (!statement) return busy.then(() => read<T>(query));
    db.onQuery?.(query.sql);
    try {
      return Promise.resolve(statement.raw(false).all(...query.values.map(sqliteValue)) as T);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return { $queryRaw: read };
}

/**
 * Whether `query` (a SELECT … LIMIT 1) finds a row: a background pass's look before it opens a transaction.
 * At rest nearly every pass finds nothing, and this plain read leaves next to no garbage, where a pass through
 * Prisma's transaction left enough that the heap grew until the next full collection (docs/performance.md).
 */
export async function anyRow(db: SqlDatabase, query: Prisma.Sql): Promise<boolean> {
  return (await readSql(db).$queryRaw<unknown[]>(query)).length > 0;
}

/** A direct SQLite transaction has no Prisma client: its statements are the raw ones `work` is given. */
const NO_CLIENT = new Proxy({} as RawSql, {
  get(_, key) {
    if (key === 'then' || typeof key === 'symbol') return undefined;
    throw new Error(`a short transaction's statements are the raw ones it is given, not a client's (${String(key)})`);
  },
});

/**
 * A transaction of raw statements outside the unit of work (no organization lock, no events): a piece
 * of a long write that stages rows no reader sees, then commits them in its unit of work. On SQLite it
 * queues for the one connection as the unit of work's do (`Database.sqliteTransaction`), so writes of
 * other organizations take turns with it rather than wait for the whole long write.
 */
export function shortTransaction<T>(db: SqlDatabase, work: (sql: RawSql) => Promise<T>, maxWaitMs = 10_000): Promise<T> {
  if (db.sqliteTransaction) return db.sqliteTransaction(() => work(transactionSql(db, NO_CLIENT)), maxWaitMs);
  if (db.pgTransaction) return db.pgTransaction(work, maxWaitMs);
  return db.prisma.$transaction((tx) => work(transactionSql(db, tx)), { maxWait: maxWaitMs });
}

const OFF_THREAD = Symbol('offThread');

/**
 * Marks a report's read whose rows have no bound (every open document at a date, a party's postings over
 * years) as `organizationId`'s: on SQLite, whose statements run synchronously on the request thread, the
 * request's reading client runs it on a read-only connection in the heavy-work pool (src/fast-paths/
 * compiled-reads.ts), counted against that organization's share; elsewhere it is an ordinary read.
 */
export function offThread(query: Prisma.Sql, organizationId: string): Prisma.Sql {
  return Object.assign(query, { [OFF_THREAD]: organizationId });
}

/** The organization an off-thread read is charged to, if the query is marked as one. */
export const offThreadOwner = (query: unknown): string | undefined => (query as { [OFF_THREAD]?: string } | null)?.[OFF_THREAD];
