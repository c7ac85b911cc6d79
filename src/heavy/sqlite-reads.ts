// A report's unbounded read on SQLite, run in a heavy-work thread on a read-only connection of its own (WAL
// lets it read beside the serving connection's writes, and it sees every committed write). Integers come
// back as BigInt and LIKE folds case, as on the serving connection (src/db/database.ts).
import Database from 'better-sqlite3';
import { unicodeLike } from '../lib/search.ts';

const connections = new Map<string, Database.Database>();

function connection(file: string): Database.Database {
  let db = connections.get(file);
  if (!db) {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.defaultSafeIntegers(true);
    db.function('like', { deterministic: true }, (pattern: unknown, value: unknown) =>
      unicodeLike(pattern as string | null, value as string | null),
    );
    connections.set(file, db);
  }
  return db;
}

export function readSqlite({ file, sql, values }: { file: string; sql: string; values: unknown[] }): unknown[] {
  return connection(file)
    .prepare(sql)
    .all(...values);
}
