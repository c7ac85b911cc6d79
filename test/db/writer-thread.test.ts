// On SQLite a statement import's staged rows are written by a writer thread on a connection of its own
// (`Database.sqliteWriteOffThread`), so their statements do not hold the request thread. These prove the
// write keeps the serving connection's transactions in turn (none begins while it runs, the next sees it
// whole), leaves the serving connection's reads free meanwhile, and commits all of its statements or,
// refused by the database, none, with the database's own code.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHeavyWork, readySqliteWriter } from '../../src/core/heavy-work.ts';
import { Prisma } from '../../src/db/generated/sqlite/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { freshDatabase, type TestDatabase, usingPostgres } from '../helpers.ts';

describe.skipIf(usingPostgres)('a write on the writer thread', () => {
  let database: TestDatabase;
  let release: () => Promise<void>;
  beforeAll(async () => {
    release = openHeavyWork();
    database = freshDatabase();
    await migrate(database.db);
  });
  afterAll(async () => {
    await release();
    await database.drop();
  });

  const file = () => (database.db.direct.kind === 'sqlite' ? database.db.direct.file : '');
  const insert = (id: string) =>
    Prisma.sql`INSERT INTO "Organization" ("id", "name", "updatedAt") VALUES (${id}, ${`Writer ${id}`}, ${new Date()})`;
  const ids = (prefix: string) =>
    database.db.prisma.organization
      .findMany({ where: { id: { startsWith: prefix } }, orderBy: { id: 'asc' } })
      .then((rows) => rows.map((r) => r.id));

  it('commits every statement it is given, and answers the rows each changed and where it inserted', async () => {
    const changed = await database.db.sqliteWriteOffThread!(
      [insert('wt_a'), insert('wt_b'), Prisma.sql`DELETE FROM "Organization" WHERE "id" = ${'wt_a'}`],
      1_000,
    );
    expect(changed.map((c) => c.changes)).toEqual([1, 1, 1]);
    // The rowid of the last row each inserted: consecutive, as a statement import's commit relies on.
    expect(changed[1]!.lastRowid).toBe(changed[0]!.lastRowid + 1);
    expect(await ids('wt_')).toEqual(['wt_b']);
  });

  it("refused by the database, keeps none of its statements and throws the database's code; the next write goes on", async () => {
    await expect(database.db.sqliteWriteOffThread!([insert('wt_c'), insert('wt_b')], 1_000)).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(await ids('wt_c')).toEqual([]);
    await database.db.sqliteWriteOffThread!([insert('wt_d')], 1_000);
    expect(await ids('wt_d')).toEqual(['wt_d']);
  });

  it("takes its turn with the serving connection's transactions, and leaves that connection's reads free meanwhile", async () => {
    await readySqliteWriter(file());
    // Another process holds the write lock: the writer thread waits for it, holding this process's turn.
    const other = new Database(file());
    other.prepare('BEGIN IMMEDIATE').run();
    let written = false;
    const write = database.db.sqliteWriteOffThread!([insert('wt_turn')], 5_000).then(() => (written = true));
    await new Promise((resolve) => setImmediate(resolve));
    const order: string[] = [];
    const transaction = database.db.sqliteTransaction!(async () => {
      order.push('transaction begins');
      return database.db.sqliteStatement!('SELECT "id" FROM "Organization" WHERE "id" = ?')!.raw(true).all('wt_turn');
    }, 5_000);
    // The serving connection has no transaction open: a read goes straight through, while the write waits.
    expect(database.db.sqliteBusy!()).toBeUndefined();
    expect(await database.db.prisma.organization.count({ where: { id: 'wt_turn' } })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ written, order }).toEqual({ written: false, order: [] });
    other.prepare('COMMIT').run();
    other.close();
    await write;
    // The transaction began only after the write, and saw it.
    expect(await transaction).toEqual([['wt_turn']]);
    expect(order).toEqual(['transaction begins']);
  });
});
