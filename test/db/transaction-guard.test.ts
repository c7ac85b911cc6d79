// On SQLite the adapter orders transactions but sends any statement outside one straight to the same
// connection, where it would read (or join) an open transaction's uncommitted work; two chains of promises
// queued in one turn of the event loop interleave, so a request's read could land between another's BEGIN
// and COMMIT. Such statements wait until no transaction is open (openDatabase's ConnectionGate), or, reads,
// run on a read-only connection beside it, seeing the last commit; and every test app's database is strict:
// one that reaches the connection anyway throws. These prove a read from
// outside never sees a transaction's work before it commits (nor ever, when it rolls back), that a direct
// statement from outside is refused, and that reads and writes of every kind at once, with webhooks
// relaying, never trip the gate.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { migrate } from '../../src/db/migrate.ts';
import { readSql } from '../../src/db/sql.ts';
import { Prisma } from '../../src/db/generated/sqlite/client.ts';
import { isTransientConflict } from '../../src/core/unit-of-work.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { createTestApp, freshDatabase, gql, http, type TestApp, type TestDatabase, usingPostgres } from '../helpers.ts';
// Another request's work, started when the transaction is open but from outside its async context, as a
// request's would be (a promise's reactions run in the context that registered them).
const whileOpen = <T>(work: () => Promise<T> | T) => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const outcome = opened.then(work).catch((error: Error) => error.message);
  return { open, outcome };
};

/** A migrated database of its own for the enclosing describe (its `db` once the describe's tests run). */
function migratedDatabase(): { readonly db: TestDatabase['db'] } {
  let database: TestDatabase;
  beforeAll(async () => {
    database = freshDatabase();
    await migrate(database.db);
  });
  afterAll(() => database.drop());
  return {
    get db() {
      return database.db;
    },
  };
}

describe.skipIf(usingPostgres)('an open transaction lets no other statement onto its connection', () => {
  const database = migratedDatabase();

  /**
   * What `read` finds of organization `id` when it starts while a transaction that created it is open, which
   * then rolls back.
   */
  async function readDuringRolledBackCreate(id: string, read: () => Promise<number>) {
    const outsideRead = whileOpen(read);
    await expect(
      database.db.prisma.$transaction(async (tx) => {
        await tx.organization.create({ data: { id, name: 'Never committed' } });
        outsideRead.open();
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    return outsideRead.outcome;
  }

  it('a read from outside never sees rows of an open transaction that then rolls back', async () => {
    const read = () => database.db.prisma.organization.findMany({ where: { id: 'org_dirty' } }).then((rows) => rows.length);
    expect(await readDuringRolledBackCreate('org_dirty', read)).toBe(0);
  });

  it("a direct read from outside (the key check, the compiled reader) reads the last commit at once, never an open transaction's rows", async () => {
    const count = Prisma.sql`SELECT count(*) AS n FROM "Organization" WHERE "id" = ${'org_raw_dirty'}`;
    let open = true;
    const read = () =>
      readSql(database.db)
        .$queryRaw<{ n: bigint | number }[]>(count)
        .then(([row]) => ({ found: Number(row.n), whileOpen: open }));
    // On the reader connection beside the serving one: it does not wait for the transaction to end.
    const outsideRead = whileOpen(read);
    await expect(
      database.db.prisma.$transaction(async (tx) => {
        await tx.organization.create({ data: { id: 'org_raw_dirty', name: 'Never committed' } });
        outsideRead.open();
        await new Promise((resolve) => setTimeout(resolve, 30));
        open = false;
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await outsideRead.outcome).toEqual({ found: 0, whileOpen: true });
    await database.db.prisma.organization.create({ data: { id: 'org_raw_dirty', name: 'Committed' } });
    expect(await read()).toEqual({ found: 1, whileOpen: false });
  });

  it('a read from outside sees the last commit at once, never part of an open transaction; after its commit, all of it', async () => {
    const { prisma } = database.db;
    let committed = false;
    const outsideRead = whileOpen(() =>
      prisma.organization.findMany({ where: { id: 'org_guard' } }).then((rows) => [rows.length, committed]),
    );
    await prisma.$transaction(async (tx) => {
      await tx.organization.create({ data: { id: 'org_guard', name: 'Guarded' } });
      outsideRead.open();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    committed = true;
    // On the reader connection beside the serving one: it did not wait for the commit, nor see the row before it.
    expect(await outsideRead.outcome).toEqual([0, false]);
    expect(await prisma.organization.count({ where: { id: 'org_guard' } })).toBe(1);
  });

  it('a statement from outside that writes is not starved by writes queued on each other: it runs at the first gap; a read runs at once', async () => {
    const { prisma } = database.db;
    const order: string[] = [];
    const outside = whileOpen(() =>
      prisma.$executeRaw`UPDATE "Organization" SET "name" = "name" WHERE "id" = ${'org_none'}`.then(() => order.push('outside write')),
    );
    const read = whileOpen(() => prisma.organization.count().then(() => order.push('read')));
    const writes = Array.from({ length: 20 }, (_, i) =>
      prisma.$transaction(async (tx) => {
        await tx.organization.create({ data: { id: `org_queued_${i}`, name: `Queued ${i}` } });
        if (order.length === 0) {
          outside.open();
          read.open();
        }
        await new Promise((resolve) => setTimeout(resolve, 2)); // open across a turn of the event loop
        order.push('write');
      }),
    );
    await Promise.all(writes);
    await Promise.all([outside.outcome, read.outcome]);
    // The read ran beside the first write; starved, the outside write would have waited for all twenty: it runs
    // once the first write commits.
    expect(order.slice(0, 3)).toEqual(['read', 'write', 'outside write']);
  });

  it("in tests, a statement through the database's client inside a transaction's callback is refused, not left to wait for itself", async () => {
    const { prisma } = database.db;
    await expect(prisma.$transaction(async () => prisma.organization.count())).rejects.toThrow(/use the transaction's/);
  });

  it('a direct statement (the fast paths) fetched from outside an open transaction is refused', async () => {
    const { prisma } = database.db;
    const direct = whileOpen(() => (database.db.sqliteStatement!('SELECT 2 AS two'), 'ran'));
    await prisma.$transaction(async (tx) => {
      await tx.organization.count();
      direct.open();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(await direct.outcome).toMatch(/while another's transaction was open/);
    // Inside its own transaction, and with none open, direct statements run.
    await prisma.$transaction(async () => expect(database.db.sqliteStatement!('SELECT 1')?.get()).toEqual({ 1: 1n }));
    expect(database.db.sqliteStatement!('SELECT 2 AS two')?.get()).toEqual({ two: 2n });
  });
});

// A write that needs no Prisma client runs in a transaction begun on the connection itself
// (`Database.sqliteTransaction`): it must order with Prisma's own transactions and keep outside reads out
// exactly as they do.
describe.skipIf(usingPostgres)('a direct transaction (begun on the connection, not through Prisma)', () => {
  const database = migratedDatabase();

  const INSERT_ORGANIZATION = 'INSERT INTO "Organization" ("id", "name", "updatedAt") VALUES (?, ?, ?)';
  const insert = (id: string) => database.db.sqliteStatement!(INSERT_ORGANIZATION)!.run(id, `Direct ${id}`, new Date().toISOString());
  const names = (prefix: string) =>
    database.db.prisma.organization
      .findMany({ where: { id: { startsWith: prefix } }, orderBy: { id: 'asc' } })
      .then((rows) => rows.map((r) => r.id));
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('commits its statements whole; rolled back, leaves nothing, and an outside read never sees them meanwhile', async () => {
    const run = database.db.sqliteTransaction!;
    const outsideRead = whileOpen(() => names('dx_rolled'));
    await expect(
      run(async () => {
        insert('dx_rolled_1');
        outsideRead.open();
        await pause(30);
        insert('dx_rolled_2');
        throw new Error('changed my mind');
      }, 1_000),
    ).rejects.toThrow('changed my mind');
    expect(await outsideRead.outcome).toEqual([]);
    expect(await names('dx_rolled')).toEqual([]);
    expect(await run(async () => (insert('dx_kept_1'), insert('dx_kept_2'), 'done'), 1_000)).toBe('done');
    expect(await names('dx_kept')).toEqual(['dx_kept_1', 'dx_kept_2']);
    expect(database.db.sqliteStatement!('SELECT 1')!.get()).toEqual({ 1: 1n }); // no transaction left open
  });

  it("takes turns with Prisma's transactions: neither begins while the other is open", async () => {
    const order: string[] = [];
    const direct = database.db.sqliteTransaction!(async () => {
      order.push('direct begins');
      insert('dx_turn_direct');
      await pause(30);
      order.push('direct ends');
    }, 1_000);
    const prismas = database.db.prisma.$transaction(async (tx) => {
      order.push('prisma begins');
      await tx.organization.create({ data: { id: 'dx_turn_prisma', name: 'Prisma turn' } });
      await pause(30);
      order.push('prisma ends');
    });
    const direct2 = database.db.sqliteTransaction!(async () => {
      order.push('direct 2 begins');
      insert('dx_turn_direct2');
      order.push('direct 2 ends');
    }, 1_000);
    await Promise.all([direct, prismas, direct2]);
    // Each ends before the next begins (the order among them is the lock's queue).
    expect(order).toHaveLength(6);
    for (let i = 0; i < order.length; i += 2) expect([order[i], order[i + 1]]).toEqual([order[i], order[i].replace('begins', 'ends')]);
    expect(new Set(order).size).toBe(6);
    expect(await names('dx_turn')).toEqual(['dx_turn_direct', 'dx_turn_direct2', 'dx_turn_prisma']);
  });

  it("holds SQLite's write lock from its start: another process's write waits for its commit, then goes through", async () => {
    const other = new Database(database.db.direct.kind === 'sqlite' ? database.db.direct.file : '', { timeout: 0 });
    try {
      const write = (id: string) => other.prepare(INSERT_ORGANIZATION).run(id, id, new Date().toISOString());
      await database.db.sqliteTransaction!(async () => {
        // Nothing written yet: a deferred transaction would hold no lock, and this write would land first.
        expect(() => write('dx_other_inside')).toThrow(/database is locked/);
        insert('dx_lock_holder');
      }, 1_000);
      write('dx_other_after');
      expect(await names('dx_')).toEqual(expect.arrayContaining(['dx_lock_holder', 'dx_other_after']));
      expect(await names('dx_other_inside')).toEqual([]);
    } finally {
      other.close();
    }
  });

  it('gives up waiting for the lock after its limit as a conflict a retry can win, and hands the lock back when it comes', async () => {
    const run = database.db.sqliteTransaction!;
    const long = run(async () => {
      insert('dx_long');
      await pause(150);
    }, 1_000);
    const impatient = run(async () => insert('dx_impatient'), 20);
    await expect(impatient).rejects.toMatchObject({ code: 'P2028', message: expect.stringMatching(/Unable to start a transaction/) });
    await long;
    // The abandoned turn came and went: the next transaction begins at once and commits.
    await run(async () => insert('dx_after'), 1_000);
    expect(await names('dx_')).toEqual(expect.arrayContaining(['dx_after', 'dx_long']));
    expect(await names('dx_impatient')).toEqual([]);
  });
});

// On PostgreSQL a write that needs no Prisma client runs in a transaction on a connection of the pool Prisma's
// adapter shares (`Database.pgTransaction`), its statements straight on that connection.
describe.skipIf(!usingPostgres)("a direct transaction on PostgreSQL (a pooled connection, not Prisma's transaction)", () => {
  const database = migratedDatabase();
  const insert = (id: string) =>
    Prisma.sql`INSERT INTO "Organization" ("id", "name", "updatedAt") VALUES (${id}, ${`Direct ${id}`}, ${new Date()})`;
  const names = async (prefix: string) =>
    (
      await database.db.pgPool!.query<{ id: string }>('SELECT "id" FROM "Organization" WHERE "id" LIKE $1 ORDER BY "id"', [`${prefix}%`])
    ).rows.map((r) => r.id);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('commits its statements whole; rolled back, leaves nothing, and an outside read never sees them meanwhile', async () => {
    const run = database.db.pgTransaction!;
    let seenMeanwhile: string[] | undefined;
    await expect(
      run(async (sql) => {
        await sql.$executeRaw(insert('px_rolled_1'));
        seenMeanwhile = await names('px_rolled');
        await sql.$executeRaw(insert('px_rolled_2'));
        throw new Error('changed my mind');
      }, 1_000),
    ).rejects.toThrow('changed my mind');
    expect(seenMeanwhile).toEqual([]);
    expect(await names('px_rolled')).toEqual([]);
    const inserted = await run(async (sql) => {
      await sql.$executeRaw(insert('px_kept_1'));
      return sql.$queryRaw<{ id: string; updatedAt: Date }[]>(Prisma.sql`${insert('px_kept_2')} RETURNING "id", "updatedAt"`);
    }, 1_000);
    // Rows as Prisma's $queryRaw answers them: a timestamp as a Date.
    expect(inserted).toEqual([{ id: 'px_kept_2', updatedAt: expect.any(Date) }]);
    expect(await names('px_kept')).toEqual(['px_kept_1', 'px_kept_2']);
    expect(database.db.pgPool!.waitingCount).toBe(0);
  });

  it('runs statements started at once one after another on its connection, in the order asked; one failing rolls back all', async () => {
    // A write's checks may run under Promise.all: on one connection they must not be left to pg's own queue
    // (deprecated, gone in pg 9), nor may a rollback be sent while a sibling statement still runs.
    const pool = database.db.pgPool!;
    // The most statements ever running at once on one connection (each connection watched once).
    let most = 0;
    const watched = new Map<pg.PoolClient, pg.PoolClient['query']>();
    const watch = (client: pg.PoolClient) => {
      if (watched.has(client)) return;
      const query = client.query;
      watched.set(client, query);
      let inFlight = 0;
      client.query = ((...args: Parameters<pg.PoolClient['query']>) => {
        most = Math.max(most, ++inFlight);
        const settled = (query as (...a: unknown[]) => Promise<unknown> | undefined).apply(client, args);
        if (settled)
          settled.then(
            () => inFlight--,
            () => inFlight--,
          );
        else inFlight--; // a callback's query (pg's own): not one of the transaction's
        return settled;
      }) as pg.PoolClient['query'];
    };
    pool.on('acquire', watch);
    try {
      const answers = await database.db.pgTransaction!(
        (sql) =>
          Promise.all([
            sql.$queryRaw<{ n: string }[]>(Prisma.sql`SELECT 'first' AS "n" FROM pg_sleep(0.05)`),
            sql.$queryRaw<{ n: string }[]>(Prisma.sql`SELECT 'second' AS "n"`),
            sql.$executeRaw(insert('px_together')),
          ]),
        1_000,
      );
      expect(answers).toEqual([[{ n: 'first' }], [{ n: 'second' }], 1]);
      expect(await names('px_together')).toEqual(['px_together']);
      const failed = await database.db.pgTransaction!(
        (sql) =>
          Promise.all([
            sql.$executeRaw(insert('px_apart_1')),
            sql.$executeRaw(insert('px_together')), // taken: fails
            sql.$queryRaw(Prisma.sql`SELECT 1 FROM pg_sleep(0.05)`),
          ]),
        1_000,
      ).catch((error: Error) => error);
      expect(failed).toBeInstanceOf(Error);
      expect(await names('px_apart')).toEqual([]);
      // A statement whose failure `work` swallowed still stops the commit: nothing of it is kept.
      const swallowed = await database.db.pgTransaction!(async (sql) => {
        await sql.$executeRaw(insert('px_swallowed'));
        await sql.$executeRaw(insert('px_together')).catch(() => {});
      }, 1_000).catch((error: Error) => error);
      expect(swallowed).toBeInstanceOf(Error);
      expect(await names('px_swallowed')).toEqual([]);
      expect(most).toBe(1);
      expect(pool.waitingCount).toBe(0);
    } finally {
      pool.off('acquire', watch);
      for (const [client, query] of watched) client.query = query;
    }
  });

  it('gives up waiting for a connection after its limit as a conflict a retry can win, and the pool keeps every connection', async () => {
    const pool = database.db.pgPool!;
    // Every connection of the pool taken (its bound is ten), as by ten long writes.
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    const impatient = database.db.pgTransaction!((sql) => sql.$executeRaw(insert('px_impatient')), 50);
    await expect(impatient).rejects.toMatchObject({ code: 'P2028' });
    expect(isTransientConflict(await impatient.catch((error) => error))).toBe(true);
    for (const client of held) client.release();
    // The connection that came too late went back: the next transaction gets one at once and commits.
    await database.db.pgTransaction!((sql) => sql.$executeRaw(insert('px_after')), 1_000);
    expect(await names('px_')).toEqual(expect.arrayContaining(['px_after']));
    expect(await names('px_impatient')).toEqual([]);
    expect(pool.totalCount).toBeLessThanOrEqual(pool.options.max);
  });

  it('loses a deadlock as a conflict a retry can win, rolled back whole, while the other commits', async () => {
    await database.db.pgTransaction!(async (sql) => {
      await sql.$executeRaw(insert('px_lock_a'));
      await sql.$executeRaw(insert('px_lock_b'));
    }, 1_000);
    const lock = (id: string) => Prisma.sql`UPDATE "Organization" SET "name" = "name" || '.' WHERE "id" = ${id}`;
    const crossing = (first: string, second: string, mark: string) =>
      database.db.pgTransaction!(async (sql) => {
        await sql.$executeRaw(lock(first));
        await pause(100); // both hold their first row before either asks for its second
        await sql.$executeRaw(lock(second));
        await sql.$executeRaw(insert(mark));
      }, 1_000);
    const outcomes = await Promise.allSettled([
      crossing('px_lock_a', 'px_lock_b', 'px_won_1'),
      crossing('px_lock_b', 'px_lock_a', 'px_won_2'),
    ]);
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(lost).toHaveLength(1);
    expect(lost[0].reason.message).toMatch(/deadlock/);
    expect(isTransientConflict(lost[0].reason)).toBe(true);
    expect(await names('px_won')).toHaveLength(1);
  });

  it('a connection ended under it (a failover) fails as the database unavailable, and the pool goes on without it', async () => {
    const run = database.db.pgTransaction!;
    const failed = await run(async (sql) => {
      await sql.$executeRaw(insert('px_cut'));
      const [{ pid }] = await sql.$queryRaw<{ pid: number }[]>(Prisma.sql`SELECT pg_backend_pid() AS "pid"`);
      await database.db.pgPool!.query('SELECT pg_terminate_backend($1)', [pid]);
      await sql.$executeRaw(insert('px_cut_2'));
    }, 1_000).catch((error) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(await names('px_cut')).toEqual([]);
    await run((sql) => sql.$executeRaw(insert('px_after_cut')), 1_000);
    expect(await names('px_after_cut')).toEqual(['px_after_cut']);
  });
});

describe('writes, reads and webhook deliveries all at once', () => {
  let t: TestApp;
  let key: string;
  const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { points: 100_000, authFailures: 100_000 } });
    ({ key } = await t.tenant('Busy Co'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    expect((await http(t.url, '/api/v1/webhooks', { key, body: { url: hookUrl, eventTypes: ['*'] } })).status).toBe(201);
  });
  afterAll(async () => {
    receiver.close();
    await t.close();
  });

  it.skipIf(usingPostgres)(
    "a list read while another write's transaction is open answers at once, from the last commit (SQLite's reader connection)",
    async () => {
      const organizationId = (await http(t.url, '/api/v1/organization', { key })).body.id;
      let open = true;
      const list = whileOpen(() =>
        http(t.url, '/api/v1/customers?search=Uncommitted', { key }).then((r) => ({
          status: r.status,
          uncommitted: r.body.data.some((c: { id: string }) => c.id === 'cust_uncommitted_guard'),
          open,
        })),
      );
      await t.db.prisma.$transaction(async (tx) => {
        await tx.customer.create({ data: { id: 'cust_uncommitted_guard', organizationId, name: 'Uncommitted buyer' } });
        list.open();
        await new Promise((resolve) => setTimeout(resolve, 50));
        open = false;
      });
      expect(await list.outcome).toEqual({ status: 200, uncommitted: false, open: true });
      await t.db.prisma.customer.delete({ where: { id: 'cust_uncommitted_guard' } });
    },
  );

  it('every request answers without a server error and the books balance', async () => {
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
    const [cash, sales] = ['1000', '4000'].map((code) => accounts.find((a) => a.code === code)!.id);
    const customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Steady buyer' } })).body.id;
    const statuses: number[] = [];
    const writer = async (n: number) => {
      for (let i = 0; i < 15; i++) {
        const entry = await http(t.url, '/api/v1/journal-entries', {
          key,
          body: {
            date: '2026-03-02',
            description: `Entry ${n}.${i}`,
            lines: [
              { accountId: cash, debit: 5 },
              { accountId: sales, credit: 5 },
            ],
          },
        });
        const invoice = await http(t.url, '/api/v1/invoices', {
          key,
          body: { customerId, lines: [{ description: 'Item', unitPrice: 12 }] },
        });
        const payment = await http(t.url, `/api/v1/invoices/${invoice.body.id}/payments`, { key, body: { amount: 12 } });
        statuses.push(entry.status, invoice.status, payment.status);
      }
    };
    const reader = async () => {
      for (let i = 0; i < 20; i++) {
        const lists = await Promise.all([
          http(t.url, '/api/v1/invoices?limit=5', { key }),
          http(t.url, '/api/v1/journal-entries?limit=5', { key }),
          gql(
            t.url,
            key,
            '{ invoices(first: 5) { edges { node { id total customer { name } } } } trialBalance { totalDebit totalCredit } }',
          ),
        ]);
        statuses.push(...lists.map((r) => r.status));
        expect(lists[2].body.errors, JSON.stringify(lists[2].body.errors)).toBeUndefined();
      }
    };
    await Promise.all([writer(1), writer(2), reader(), reader()]);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    const balance = await gql(t.url, key, '{ trialBalance { totalDebit totalCredit } }');
    expect(balance.body.data.trialBalance.totalDebit).toBe(balance.body.data.trialBalance.totalCredit);
  });
});
