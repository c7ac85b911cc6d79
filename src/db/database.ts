// Opens the database the configuration names: embedded SQLite by default, PostgreSQL for a
// postgresql:// URL. Both go through Prisma driver adapters (Prisma 7 has no native engine here).
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { pgSessionOptions } from './pg-session.ts';
import { unicodeLike } from '../lib/search.ts';
import { PrismaClient as SqliteClient } from './generated/sqlite/client.ts';
import { PrismaClient as PostgresClient } from './generated/postgresql/client.ts';
import { asConflict, pgTransaction, type SqlDatabase, sqliteValue } from './sql.ts';
import { readySqliteWriter, runSqliteWrite } from '../core/heavy-work.ts';
import { setBounded } from '../lib/bounded-map.ts';

/**
 * The two generated clients have the same models and the same API; services use this one type and
 * stay within what both providers support.
 */
export type Prisma = SqliteClient;
export type { Prisma as PrismaTypes } from './generated/sqlite/client.ts';

export type Provider = 'sqlite' | 'postgresql';

/** A database opened for the service: the raw parts src/db/sql.ts uses (SqlDatabase, documented there), and the rest. */
export interface Database extends SqlDatabase {
  prisma: Prisma;
  provider: Provider;
  /** What the database is, for logs: a file path or a URL without its password. */
  description: string;
  /** PostgreSQL schema in use (from `?schema=`), for the migrator. */
  schema?: string;
  /** How to reach the same database without Prisma (migrations run SQL in one transaction). */
  direct: { kind: 'sqlite'; file: string } | { kind: 'postgresql'; connectionString: string; schema: string };
  /** For the schema engine (migrations): on PostgreSQL each connection is a pool of its own, ended when the engine lets it go. */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Told of each read the compiled reader left to Prisma, and why. */
  onCompiledReadFallback?: (model: string, reason: string) => void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * PostgreSQL: the planner's cost of a page read out of order for this service's sessions
   * (PG_RANDOM_PAGE_COST); null leaves the database's own; undefined: DEFAULT_PG_RANDOM_PAGE_COST.
   */
  pgRandomPageCost?: number | null;
  /** Logs every query Prisma sends; tests count them. */
  onQuery?: (query: string) => void;
  /**
   * SQLite: run reads and the unit of work's raw statements straight on the adapter's connection, with
   * prepared statements kept (default). False leaves every statement to Prisma: slower, but free of the
   * pinned adapter internals these rely on (docs/upgrading.md), to rule them in or out of a bug.
   */
  sqliteFastPaths?: boolean;
  /** Told of each read the compiled reader left to Prisma, and why (src/fast-paths/compiled-reads.ts). */
  onCompiledReadFallback?: (model: string, reason: string) => void;
  /**
   * SQLite, for tests: the gate made strict, so code that would read another's transaction or wait for its
   * own throws instead (`ConnectionGate`).
   */
  guardTransactions?: boolean;
}

export function sqliteFileFromUrl(url: string | undefined, dataDir: string): string {
  if (!url) return resolve(dataDir, 'accounting.db');
  return resolve(url.replace(/^file:/, '').replace(/\?.*$/, ''));
}

export function openDatabase(url: string | undefined, dataDir: string, options: OpenOptions = {}): Database {
  const log = options.onQuery ? [{ emit: 'event' as const, level: 'query' as const }] : [];
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? 'public';
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid PostgreSQL schema name "${schema}"`);
    parsed.searchParams.delete('schema');
    // search_path makes the schema engine and raw SQL use the same schema as the client.
    const poolConfig = { connectionString: parsed.toString(), options: pgSessionOptions(schema, options.pgRandomPageCost), max: 10 };
    const pgPool = new pg.Pool(poolConfig);
    // An idle connection the server ended (a restart, a failover, pg_terminate_backend) is an 'error' on
    // the pool, which drops it and connects anew at the next query. Prisma's adapter listens only while
    // Prisma is connected, and the direct reads use the pool before and after that: without a listener of
    // its own the event would end the process.
    pgPool.on('error', () => {});
    // The pool hears its idle connections only: one checked out (by a transaction between its statements,
    // or a query's own handling) and ended by the server with no statement running emits 'error' on the
    // connection itself. Every connection has a listener of its own from birth, so no such event goes
    // unheard; the statement or transaction using it still fails, and the pool drops it on release.
    pgPool.on('connect', (connection) => connection.on('error', () => {}));
    // The client's pool is shared with the direct reads and closed with the database. The schema engine
    // gets pools of its own: it takes session locks that must end with its connections.
    const prisma = new PostgresClient({ adapter: new PrismaPg(pgPool, { schema }), log }) as unknown as Prisma;
    const adapterFactory = new PrismaPg(poolConfig, { schema });
    if (options.onQuery) onQueryEvents(prisma, options.onQuery);
    const connectionString = parsed.toString();
    parsed.password = '';
    return {
      prisma,
      provider: 'postgresql',
      description: `${parsed.toString()} (schema ${schema})`,
      schema,
      direct: { kind: 'postgresql', connectionString, schema },
      adapterFactory,
      pgPool,
      pgTransaction: (work, maxWaitMs) => pgTransaction(pgPool, work, maxWaitMs, options.onQuery),
      onQuery: options.onQuery,
      onCompiledReadFallback: options.onCompiledReadFallback,
      close: async () => {
        await prisma.$disconnect();
        if (!pgPool.ending) await pgPool.end();
      },
    };
  }
  return openSqlite(sqliteFileFromUrl(url, dataDir), options);
}

function openSqlite(file: string, options: OpenOptions): Database {
  const log = options.onQuery ? [{ emit: 'event' as const, level: 'query' as const }] : [];
  mkdirSync(dirname(file), { recursive: true });
  const connection: SqliteConnection = {};
  const gate = new ConnectionGate(options.guardTransactions ?? false);
  const fastPaths = options.sqliteFastPaths ?? true;
  const clientAdapter = withUnicodeLike(new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 5000 }), file, connection, fastPaths, gate);
  const prisma = new SqliteClient({ adapter: clientAdapter, log });
  // The schema engine's connections are its own: the gate and the direct statements watch the client's.
  const adapterFactory = new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 5000 });
  gate.watch(prisma);
  if (options.onQuery) onQueryEvents(prisma, options.onQuery);
  return {
    prisma,
    provider: 'sqlite',
    description: file,
    direct: { kind: 'sqlite', file },
    adapterFactory,
    sqliteStatement: (sql) => connection.statement?.(sql),
    sqliteReadStatement: (sql) => connection.readStatement?.(sql),
    sqliteBusy: () => gate.busy(),
    ...(fastPaths
      ? {
          sqliteTransaction: (work, maxWaitMs) => gate.transaction(work, maxWaitMs),
          sqliteWriteOffThread: async (statements, maxWaitMs) => {
            await readySqliteWriter(file);
            const bound = statements.map((q) => ({ sql: q.sql, values: q.values.map(sqliteValue) }));
            return gate.offThread(() => runSqliteWrite(file, bound), maxWaitMs);
          },
        }
      : {}),
    onQuery: options.onQuery,
    onCompiledReadFallback: options.onCompiledReadFallback,
    close: async () => {
      await connection.reader?.dispose();
      await prisma.$disconnect();
    },
  };
}

/** LIKE as `unicodeLike` (lib/search.ts) on a connection: case folded, wildcards escaped as PostgreSQL's ILIKE. */
const foldingLike = (client: BetterSqlite3.Database) =>
  client.function('like', { deterministic: true }, (pattern: unknown, value: unknown) =>
    unicodeLike(pattern as string | null, value as string | null),
  );

/**
 * Replaces LIKE on each SQLite connection the adapter opens with `unicodeLike` (lib/search.ts), so
 * search folds case and escapes wildcards as PostgreSQL's ILIKE does. The adapter creates its
 * better-sqlite3 handle itself and offers no hook, so this reaches its `client` field; a Prisma upgrade
 * that renames it fails here at the first connection (and the search tests), not silently.
 */
function withUnicodeLike(
  factory: PrismaBetterSqlite3,
  file: string,
  connection: SqliteConnection,
  fastPaths: boolean,
  gate: ConnectionGate,
): PrismaBetterSqlite3 {
  const clientOf = (adapter: unknown) => {
    const client = (adapter as { client?: BetterSqlite3.Database }).client;
    if (typeof client?.function !== 'function')
      throw new Error('@prisma/adapter-better-sqlite3 no longer exposes its client; update withUnicodeLike');
    foldingLike(client);
    return client;
  };
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const client = clientOf(adapter);
    // A read-only adapter on the same file beside it: the reads from outside a transaction while one is
    // open here (ConnectionGate), Prisma's and the direct ones alike.
    const reader = await new PrismaBetterSqlite3({ url: `file:${file}`, readonly: true, fileMustExist: true }).connect();
    connection.reader = reader;
    const readerClient = clientOf(reader);
    // Without the fast paths nothing reaches the connections: no statement cache, no direct reads.
    if (fastPaths) {
      connection.statement = cachePreparedStatements(client);
      connection.readStatement = cachePreparedStatements(readerClient);
    }
    gate.attach(adapter, client, connection, reader);
    return adapter;
  };
  return factory;
}

/** What the direct statements reach of the adapter's connections, once Prisma has connected. */
interface SqliteConnection {
  statement?: (sql: string) => BetterSqlite3.Statement;
  /** The read-only connection beside it. */
  readStatement?: (sql: string) => BetterSqlite3.Statement;
  reader?: { dispose(): Promise<void> };
}

/**
 * The SQLite adapter runs one transaction at a time (a mutex) but sends a statement outside a transaction
 * straight to the same connection, where it would read, or join, whatever transaction is open. Two chains of
 * promises interleave whenever both are queued in one turn of the event loop: a request reading its answer
 * right after its own write committed, while the next write (queued on the mutex) had just begun, or a
 * background pass woken by the commit, read the other's uncommitted work. So a statement from outside a
 * transaction waits here until none is open; a read (a SELECT) runs at once on a read-only connection
 * beside it instead, and sees the last commit. A transaction's own statements go through
 * its own connection object (Prisma's) or the unit of work's direct statements, neither of which is gated.
 *
 * `strict` (tests) also throws where code is wrong: a direct statement fetched from outside while a
 * transaction is open (a fast path that skipped the wait), and a statement through the database's client
 * from inside a transaction's callback (it would wait for its own transaction). Knowing "inside" takes an
 * AsyncLocalStorage around `$transaction`, which puts a hook on every promise: tests only.
 */
class ConnectionGate {
  readonly #inside = new AsyncLocalStorage<true>();
  #prisma: SqliteClient | undefined;
  #client: BetterSqlite3.Database | undefined;
  #statement: ((sql: string) => BetterSqlite3.Statement) | undefined;
  #startTransaction: ((level?: string) => Promise<Record<string, () => Promise<void>>>) | undefined;
  #waiters: (() => void)[] = [];

  #reader: { queryRaw(query: { sql: string }): Promise<unknown> } | undefined;

  constructor(readonly strict: boolean) {}

  watch(prisma: SqliteClient): void {
    this.#prisma = prisma;
    if (!this.strict) return;
    const transaction = prisma.$transaction.bind(prisma) as (...args: unknown[]) => Promise<unknown>;
    (prisma as { $transaction: unknown }).$transaction = (...args: unknown[]) => this.#inside.run(true, () => transaction(...args));
  }

  /** Undefined when a statement from outside a transaction may run now; else a promise to wait on, then ask again. */
  busy(): Promise<void> | undefined {
    if (!this.#client?.inTransaction) return undefined;
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  attach(
    adapter: {
      queryRaw: (...args: never[]) => unknown;
      executeRaw: (...args: never[]) => unknown;
      startTransaction: (...args: never[]) => unknown;
    },
    client: BetterSqlite3.Database,
    connection: SqliteConnection,
    reader: { queryRaw(query: { sql: string }): Promise<unknown> },
  ): void {
    this.#client = client;
    this.#reader = reader;
    this.#statement = connection.statement;
    for (const method of ['queryRaw', 'executeRaw'] as const) {
      const run = adapter[method].bind(adapter) as (query: { sql: string }) => Promise<unknown>;
      // The adapter runs the statement before its first await, so nothing can begin between the check and it.
      const gated = (query: { sql: string }): Promise<unknown> => {
        if (this.strict && client.inTransaction && this.#inside.getStore())
          throw new Error(
            `a statement through the database's client ran inside a transaction; use the transaction's: ${query.sql.slice(0, 200)}`,
          );
        // A read while a transaction is open: on the reader connection, which sees the last commit, as a
        // read beside an open transaction does on PostgreSQL.
        if (method === 'queryRaw' && client.inTransaction && this.#reader && READ_ONLY.test(query.sql)) return this.#reader.queryRaw(query);
        const wait = this.busy();
        return wait ? wait.then(() => gated(query)) : run(query);
      };
      (adapter as Record<string, unknown>)[method] = gated;
    }
    const start = adapter.startTransaction.bind(adapter) as (level?: string) => Promise<Record<string, () => Promise<void>>>;
    (adapter as Record<string, unknown>).startTransaction = this.#startTransaction = async (level?: string) => {
      const transaction = await start(level);
      // Prisma has run COMMIT (or ROLLBACK) when it calls these, which then release the mutex. The waiting
      // statements resume first, so a stream of writes queued on the mutex cannot starve them; and again
      // after, should one have found the transaction still open.
      for (const end of ['commit', 'rollback']) {
        const close = transaction[end].bind(transaction);
        transaction[end] = () => {
          this.#closed();
          return close().finally(() => this.#closed());
        };
      }
      return transaction;
    };
    const statement = connection.statement;
    if (statement && this.strict)
      connection.statement = (sql) => {
        // The data version does not count the connection's own changes; `SELECT 1` only asks whether it is open.
        if (client.inTransaction && !this.#inside.getStore() && !/^(PRAGMA data_version|SELECT 1)$/.test(sql))
          throw new Error(`a statement ran on SQLite's connection while another's transaction was open: ${sql.slice(0, 200)}`);
        return statement(sql);
      };
  }

  /**
   * `Database.sqliteTransaction`: the adapter's own start (its lock, then BEGIN) and its end (the lock
   * released, waiting statements woken), with the work's statements and COMMIT or ROLLBACK run directly.
   */
  async transaction<T>(work: () => Promise<T>, maxWaitMs: number): Promise<T> {
    const { statement, client, transaction } = await this.#lock(maxWaitMs);
    try {
      // The adapter's BEGIN is deferred, and between it and the work's first write a statement allowed
      // while a transaction is open (another request's `PRAGMA data_version`) may have fixed the
      // transaction's snapshot; had another process written since, that first write would fail at once
      // (SQLITE_BUSY_SNAPSHOT). Begun again as IMMEDIATE, back to back, it holds the write lock from the
      // start (waiting out another process's write like any statement) and sees the latest commit.
      statement('ROLLBACK').run();
      statement('BEGIN IMMEDIATE').run();
      const result = await (this.strict ? this.#inside.run(true, work) : work());
      statement('COMMIT').run();
      return result;
    } catch (error) {
      if (client.inTransaction) statement('ROLLBACK').run();
      throw asConflict(error);
    } finally {
      await transaction.commit(); // the adapter's commit runs no statement: it releases the lock
    }
  }

  /**
   * `Database.sqliteWriteOffThread`: holds the adapter's transaction lock, so no transaction of this
   * connection begins, while `work` writes through another connection; this one has no transaction open
   * meanwhile, so its reads go on (WAL shows them the last commit).
   */
  async offThread<T>(work: () => Promise<T>, maxWaitMs: number): Promise<T> {
    const { statement, transaction } = await this.#lock(maxWaitMs);
    try {
      statement('ROLLBACK').run();
      return await work();
    } catch (error) {
      throw asConflict(error);
    } finally {
      await transaction.commit();
    }
  }

  /** The adapter's start: its lock, then BEGIN. Waits at most `maxWaitMs`, then fails as a conflict a retry may win. */
  async #lock(maxWaitMs: number) {
    if (!this.#client) await this.#prisma?.$connect(); // Prisma connects on its first statement
    const client = this.#client;
    const statement = this.#statement;
    const start = this.#startTransaction;
    if (!client || !statement || !start) throw new Error('SQLite runs without its fast paths: no direct transactions');
    const starting = start();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Given up on: when the lock comes, it is handed straight back.
        starting.then(
          (transaction) => {
            if (client.inTransaction) statement('ROLLBACK').run();
            return transaction.rollback();
          },
          () => {}, // it never began: nothing to hand back
        );
        reject(Object.assign(new Error('Unable to start a transaction in the given time'), { code: 'P2028' }));
      }, maxWaitMs);
    });
    const transaction = await Promise.race([starting, late]).finally(() => clearTimeout(timer));
    return { client, statement, transaction };
  }

  /** A transaction ended: every statement waiting asks again. */
  #closed(): void {
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const resume of waiting) resume();
  }
}

/** A statement that only reads: the reader connection takes nothing else (it is read-only, and a write there would fail). */
const READ_ONLY = /^\s*SELECT\b/i;

/** How many distinct SQL texts keep their prepared statement (Prisma's statements are parameterized, so few). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The adapter prepares every statement anew (`client.prepare(sql).bind(args)`), a visible share of a posting's CPU.
 * This keeps each SQL text's prepared statement and hands the adapter a stand-in with the methods it
 * uses (`bind` then `reader`/`run`/`columns`/`raw().all`, and `run` for BEGIN), passing the arguments
 * at each call: better-sqlite3 binds a statement once for good, so the real one cannot be re-bound.
 * Safe because better-sqlite3 runs each statement to completion synchronously; the adapter's version
 * is pinned, and a method it starts calling that the stand-in lacks fails every test at once.
 */
function cachePreparedStatements(client: BetterSqlite3.Database): (sql: string) => BetterSqlite3.Statement {
  const prepare = client.prepare.bind(client);
  // A statement's result columns do not change while the server runs (migrations run before it serves): read once.
  const cache = new Map<string, { statement: BetterSqlite3.Statement; columns?: BetterSqlite3.ColumnDefinition[] }>();
  const entryFor = (sql: string) => {
    let entry = cache.get(sql);
    if (!entry) {
      entry = { statement: prepare(sql) };
      setBounded(cache, sql, entry, STATEMENT_CACHE_SIZE);
    }
    return entry;
  };
  (client as { prepare: unknown }).prepare = (sql: string) => {
    const cached = entryFor(sql);
    const prepared = cached.statement;
    return {
      reader: prepared.reader,
      run: (...args: unknown[]) => prepared.run(...args),
      bind: (args: unknown[]) => ({
        reader: prepared.reader,
        run: () => prepared.run(args),
        columns: () => (cached.columns ??= prepared.columns()),
        raw: (on = true) => ({ all: () => prepared.raw(on).all(args) }),
      }),
    };
  };
  return (sql: string) => entryFor(sql).statement;
}

/** Settings that make SQLite a good server database: WAL for concurrent readers, enforced foreign keys. */
export async function tuneDatabase(db: Database): Promise<void> {
  if (db.provider !== 'sqlite') return;
  await db.prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await db.prisma.$executeRawUnsafe('PRAGMA synchronous = NORMAL');
  await db.prisma.$executeRawUnsafe('PRAGMA foreign_keys = ON');
  await optimizeDatabase(db);
}

/** How often a long-running server refreshes SQLite's table statistics (SQLite suggests hourly to daily). */
export const OPTIMIZE_EVERY_MS = 3_600_000;

/**
 * Keeps SQLite's table statistics current (`PRAGMA optimize`, sampling at most 400 rows per index so it
 * stays in milliseconds on large files). Without statistics the planner guesses: it read every invoice
 * of an organization through the (organizationId, number) index to find 25 invoices by primary key
 * (slower, and growing with the books). PostgreSQL's autovacuum does
 * this itself.
 */
export async function optimizeDatabase(db: Database): Promise<void> {
  if (db.provider !== 'sqlite') return;
  await db.prisma.$executeRawUnsafe('PRAGMA analysis_limit = 400');
  // In a batch transaction: on SQLite a bare statement could otherwise join another request's open transaction.
  await db.prisma.$transaction([db.prisma.$queryRawUnsafe('PRAGMA optimize = 0x10002')]);
  await correctTenantStatistics(db);
}

/**
 * Sampled statistics read the first ~400 entries of each index, so for an index led by organizationId
 * they count as many rows per organization as the sample held (401), however many the organization
 * has: on a million invoices of one organization the planner then walked the issue-date index past
 * every paid invoice to find 25 overdue ones rather than read the open ones by status and sort them (as
 * it does after a full ANALYZE, which takes far too long there). The rows an organization has on average
 * are known exactly (the index's row count, recorded first, over the organizations), so that figure is
 * set from them; the figures after it stay the sample's. SQLite documents sqlite_stat1 as writable for
 * this, and `ANALYZE sqlite_schema` makes the planner read it again.
 */
async function correctTenantStatistics(db: Database): Promise<void> {
  const [analyzed] = await db.prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`);
  if (!analyzed) return; // no statistics yet (an empty database)
  const stats = await db.prisma.$queryRawUnsafe<{ idx: string; stat: string }[]>(
    `SELECT s.idx, s.stat FROM sqlite_stat1 s WHERE s.idx IS NOT NULL AND (SELECT name FROM pragma_index_info(s.idx) WHERE seqno
      = 0) = 'organizationId'`,
  );
  if (stats.length === 0) return;
  const [{ organizations }] = await db.prisma.$queryRawUnsafe<{ organizations: bigint | number }[]>(
    'SELECT COUNT(*) AS organizations FROM "Organization"',
  );
  const corrections = stats.flatMap(({ idx, stat }) => {
    const figures = stat.split(' ');
    const perOrganization = Math.ceil(Number(figures[0]) / Math.max(1, Number(organizations)));
    if (!(perOrganization > Number(figures[1]))) return [];
    figures[1] = String(perOrganization);
    return [db.prisma.$executeRawUnsafe('UPDATE sqlite_stat1 SET stat = ? WHERE idx = ?', figures.join(' '), idx)];
  });
  if (corrections.length) await db.prisma.$transaction([...corrections, db.prisma.$executeRawUnsafe('ANALYZE sqlite_schema')]);
}

export async function isReachable(db: Database): Promise<boolean> {
  try {
    await db.prisma.$queryRawUnsafe('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** Prisma types `$on('query')` only for a client built with a literal `log` option; ours is chosen at run time. */
function onQueryEvents(prisma: Prisma, listener: (sql: string) => void) {
  (prisma as unknown as { $on(event: 'query', callback: (e: { query: string }) => void): void }).$on('query', (e) => listener(e.query));
}

/** The Prisma client property of a model: `JournalEntry` -> `journalEntry`. */
export const delegateOf = (model: string) => model.charAt(0).toLowerCase() + model.slice(1);

/** What the generic code (lists, mutation answers, contacts) calls on a model it knows only by name. */
export interface ModelDelegate<Row = Record<string, unknown>> {
  findMany(args: object): Promise<Row[]>;
  findUniqueOrThrow(args: object): Promise<Row>;
  count(args: object): Promise<number>;
  update(args: object): Promise<Row>;
}

/**
 * The Prisma delegate of a model named at run time. Each delegate's methods are generic over its own
 * argument types, which no one static type spells for every model; this is the one place that says so.
 */
export const modelDelegate = <Row = Record<string, unknown>>(prisma: Pick<Prisma, 'account'>, model: string): ModelDelegate<Row> =>
  (prisma as unknown as Record<string, ModelDelegate<Row>>)[delegateOf(model)];
