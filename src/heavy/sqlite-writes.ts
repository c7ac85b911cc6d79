// Writes that leave the request thread on SQLite: a statement import's staged rows, run in the writer
// thread (src/core/heavy-work.ts `runSqliteWrite`) on a read-write connection of its own. The request
// thread holds the serving connection's transaction lock meanwhile (src/db/database.ts), so no other
// write of this process begins while these run, and reads on the serving connection go on (WAL).
import Database from 'better-sqlite3';

/** One statement as the serving connection would bind it (`sqliteValue`). */
export interface SqliteStatement {
  sql: string;
  values: unknown[];
}

const connections = new Map<string, Database.Database>();

function connection(file: string): Database.Database {
  let db = connections.get(file);
  if (!db) {
    // As the serving connection is tuned (tuneDatabase): WAL is the file's, the rest each connection's.
    // No checkpoint at its commits: the background checkpointer (src/db/checkpoint.ts) copies the log
    // back, and the serving connection's threshold is the net; at SQLite's default a commit here would
    // copy the log and fsync while holding the write lock that every organization's writes wait for.
    db = new Database(file, { fileMustExist: true, timeout: 10_000 });
    db.defaultSafeIntegers(true);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('wal_autocheckpoint = 0');
    connections.set(file, db);
  }
  return db;
}

/** What one statement of a write did: the rows it changed, and the rowid of the last row it inserted. */
export interface SqliteWritten {
  changes: number;
  lastRowid: number;
}

/**
 * What a write answers: each statement's outcome, or the database's refusal (a broken unique index, say)
 * with its code, which an error loses on its way across threads.
 */
export type SqliteWriteOutcome = { written: SqliteWritten[] } | { refused: { code: string; message: string } };

/** Runs the statements in one transaction, holding the write lock from its start; none opens the connection only. */
export function writeSqlite({ file, statements }: { file: string; statements: SqliteStatement[] }): SqliteWriteOutcome {
  const db = connection(file);
  if (statements.length === 0) return { written: [] };
  db.prepare('BEGIN IMMEDIATE').run();
  try {
    const written = statements.map(({ sql, values }) => {
      const { changes, lastInsertRowid } = db.prepare(sql).run(...values);
      return { changes, lastRowid: Number(lastInsertRowid) };
    });
    db.prepare('COMMIT').run();
    return { written };
  } catch (error) {
    if (db.inTransaction) db.prepare('ROLLBACK').run();
    if (!(error instanceof Database.SqliteError)) throw error;
    return { refused: { code: error.code, message: error.message } };
  }
}
