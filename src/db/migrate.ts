// Applies the migrations under migrations/<provider>/ and records them in `_prisma_migrations`
// through Prisma's schema engine, so `prisma migrate deploy` sees the same history.
//
// The engine reads the history (which migrations are pending, failed or edited) and creates the
// history table. Why each migration's SQL then runs here rather than in engine.applyMigrations: over
// driver adapters the engine sends a migration statement by statement outside any transaction, so a
// failure halfway would leave half a migration behind. Here the SQL and its history row are written
// in one transaction (SQLite and PostgreSQL both have transactional DDL): all or nothing. The row is
// the one `prisma migrate deploy` writes (checksum = SHA-256 of migration.sql); a test checks that the
// engine reads it back as applied and unedited.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Database, Provider } from './database.ts';
import { NO_FILTERS, type SchemaEngine, withSchemaEngine } from './schema-engine.ts';
import { PROJECT_ROOT, schemaFor } from './schema-text.ts';

export const MIGRATIONS_ROOT = join(PROJECT_ROOT, 'migrations');

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(provider: Provider, root = MIGRATIONS_ROOT): Migration[] {
  const dir = join(root, provider);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
    .map((entry) => ({ name: entry.name, sql: readFileSync(join(dir, entry.name, 'migration.sql'), 'utf8') }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function migrationList(provider: Provider, migrations: Migration[], root = MIGRATIONS_ROOT) {
  const dir = join(root, provider);
  const lockPath = join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    lockfile: { path: lockPath, content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: migrations.map((m) => ({
      path: m.name,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: m.sql } },
    })),
  };
}

/** Runs SQL in one transaction on a direct connection; holds PostgreSQL's migration lock meanwhile. */
interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

interface DirectConnection {
  /** Runs the migration and records it in _prisma_migrations, in one transaction. */
  apply(migration: Migration): Promise<void>;
  /** The recorded history, or undefined when there is no history table yet. */
  history(): Promise<HistoryRow[] | undefined>;
  close(): Promise<void>;
}

async function connectDirect(db: Database): Promise<DirectConnection> {
  if (db.direct.kind === 'sqlite') {
    const conn = new BetterSqlite3(db.direct.file, { timeout: 10_000 });
    return {
      async apply(migration) {
        // A migration that rebuilds a table (SQLite's way to change one) drops the old table, and with
        // foreign keys on, dropping runs the ON DELETE actions of every row referencing it (journal lines
        // would lose their customer). Its own `PRAGMA foreign_keys=OFF` is ignored inside a transaction,
        // so they are turned off here, before it, and the references checked before committing.
        conn.pragma('foreign_keys = OFF');
        conn.exec('BEGIN IMMEDIATE');
        try {
          conn.exec(migration.sql);
          const broken = conn.pragma('foreign_key_check') as { table: string; parent: string }[];
          if (broken.length)
            throw new Error(`leaves ${broken.length} row(s) referencing missing rows (first: ${broken[0].table} → ${broken[0].parent})`);
          const record = historyRow(migration);
          conn
            .prepare(
              `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at, finished_at, applied_steps_count)
               VALUES (?, ?, ?, NULL, ?, ?, 1)`,
            )
            .run(record.id, record.checksum, migration.name, record.at.getTime(), record.at.getTime());
          conn.exec('COMMIT');
        } catch (error) {
          conn.exec('ROLLBACK');
          throw error;
        } finally {
          conn.pragma('foreign_keys = ON');
        }
      },
      async history() {
        if (!conn.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get()) return undefined;
        return conn.prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"').all() as HistoryRow[];
      },
      async close() {
        conn.close();
      },
    };
  }
  const { connectionString, schema } = db.direct;
  const client = new pg.Client({ connectionString });
  // A connection ended by the server fails the statement running on it; the event needs a listener too.
  client.on('error', () => {});
  await client.connect();
  await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await client.query(`SET search_path TO "${schema}"`);
  // Two instances starting together must not both migrate. The key is ours; 72707369 is the engine's.
  await client.query('SELECT pg_advisory_lock(72707370)');
  return {
    async apply(migration) {
      try {
        await client.query('BEGIN');
        // A simple-protocol query (no parameters) may hold many statements.
        await client.query(migration.sql);
        const record = historyRow(migration);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, NULL, $4, $4, 1)`,
          [record.id, record.checksum, migration.name, record.at],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    async history() {
      const exists = await client.query(`SELECT to_regclass('"_prisma_migrations"') AS t`);
      if (!exists.rows[0].t) return undefined;
      return (await client.query('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"'))
        .rows as HistoryRow[];
    },
    async close() {
      await client.query('SELECT pg_advisory_unlock(72707370)').catch(() => {});
      await client.end();
    },
  };
}

function historyRow(migration: Migration) {
  return { id: randomUUID(), checksum: createHash('sha256').update(migration.sql).digest('hex'), at: new Date() };
}

export interface MigrateOptions {
  /** Where migrations live; tests point this at a folder of their own. */
  root?: string;
  log?: (line: string) => void;
}

/** Applies pending migrations; returns the names applied. Throws MigrationError with a clear message. */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const root = options.root ?? MIGRATIONS_ROOT;
  const migrations = readMigrations(db.provider, root);
  if (migrations.length === 0) throw new MigrationError(`no migrations found under ${join(root, db.provider)}`);
  const list = migrationList(db.provider, migrations, root);
  const schema = schemaFor(db.provider);
  const direct = await connectDirect(db);
  try {
    // Up to date (the usual start): no schema engine. On SQLite the engine needs the file to itself, so
    // starting it would fail beside a running server (a CLI, a second instance) for nothing.
    if (upToDate(migrations, await direct.history())) return [];
    const pending = await withSchemaEngine(schema.path, schema.text, db.adapterFactory, (engine) => pendingMigrations(engine, list));
    const applied: string[] = [];
    // The engine is closed by now: on SQLite its connection would otherwise hold the write lock.
    for (const name of pending) {
      const migration = migrations.find((m) => m.name === name)!;
      try {
        await direct.apply(migration);
      } catch (error) {
        throw new MigrationError(`migration ${name} failed and was rolled back, the database is unchanged: ${(error as Error).message}`);
      }
      applied.push(name);
      options.log?.(`applied migration ${name}`);
    }
    return applied;
  } finally {
    await direct.close();
  }
}

/** True when the history records every migration here, applied, unedited, and nothing else. */
function upToDate(migrations: Migration[], history: HistoryRow[] | undefined): boolean {
  if (!history) return false;
  const applied = history.filter((row) => row.finished_at !== null && row.rolled_back_at === null);
  if (applied.length !== history.length || applied.length !== migrations.length) return false;
  const checksums = new Map(applied.map((row) => [row.migration_name, row.checksum]));
  return migrations.every((m) => checksums.get(m.name) === createHash('sha256').update(m.sql).digest('hex'));
}

async function pendingMigrations(engine: SchemaEngine, list: ReturnType<typeof migrationList>): Promise<string[]> {
  // Lets the engine create its history table if missing (and nothing else: the list is empty).
  await engine.applyMigrations({ migrationsList: { ...list, migrationDirectories: [] }, filters: NO_FILTERS });
  const diagnosis = await engine.diagnoseMigrationHistory({ migrationsList: list, optInToShadowDatabase: false, filters: NO_FILTERS });
  if (diagnosis.failedMigrationNames.length > 0) {
    throw new MigrationError(
      `the database records failed migrations (${diagnosis.failedMigrationNames.join(', ')}); repair it before starting`,
    );
  }
  if (diagnosis.editedMigrationNames.length > 0) {
    throw new MigrationError(
      `migrations were edited after being applied: ${diagnosis.editedMigrationNames.join(', ')}; add a new migration instead`,
    );
  }
  const history = diagnosis.history;
  if (!history) return [];
  if (history.diagnostic === 'databaseIsBehind') return history.unappliedMigrationNames;
  throw new MigrationError(
    `the database has migrations this version does not know (${history.unpersistedMigrationNames.join(', ')}); is an older ` +
      `version of the server starting on a newer database?`,
  );
}
