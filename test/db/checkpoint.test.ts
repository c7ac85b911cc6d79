// SQLite's write-ahead log is copied back into the database file by a worker thread, not inside a
// request's COMMIT on the event loop, and it starts over under a stream of writes (src/db/checkpoint.ts).
import { copyFileSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESTART_PAGES, startCheckpointer } from '../../src/db/checkpoint.ts';
import { createTestApp, freshDatabase, http, startServerProcess, type TestApp, usingPostgres } from '../helpers.ts';

/** Invoices written by `concurrency` clients, each sending its next as soon as its last is answered. */
async function customerWithInvoices(t: TestApp, key: string, invoices: number, concurrency: number) {
  const customer = await http(t.url, '/api/v1/customers', { key, body: { name: 'Stream Ltd' } });
  expect(customer.status).toBe(201);
  let next = 0;
  const statuses: number[] = [];
  const client = async () => {
    for (let n = next++; n < invoices; n = next++) {
      const written = await http(t.url, '/api/v1/invoices', {
        key,
        body: { customerId: customer.body.id, lines: [{ description: `Work ${n}`, quantity: 2, unitPrice: 12.5 }] },
      });
      statuses.push(written.status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  expect(statuses).toEqual(statuses.map(() => 201));
}

const sqliteFile = ({ db }: Pick<TestApp, 'db'>) => (db.direct.kind === 'sqlite' ? db.direct.file : '');

const pragma = async (t: TestApp, name: string) =>
  Number(Object.values(((await t.db.prisma.$queryRawUnsafe(`PRAGMA ${name}`)) as Record<string, bigint>[])[0])[0]);

describe.skipIf(!usingPostgres)('on PostgreSQL', () => {
  it('runs no checkpointer (PostgreSQL checkpoints itself)', async () => {
    const t = await createTestApp();
    try {
      expect(await t.app.checkpointer()).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(usingPostgres)('on SQLite', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
    key = (await t.tenant('Checkpoint Co')).key;
  });
  afterAll(() => t.close());

  it('copies committed writes into the database file off the event loop', async () => {
    const checkpointer = (await t.app.checkpointer())!;
    expect(checkpointer).toBeDefined();
    // The serving connection checkpoints itself only as a safety net, far past SQLite's 1,000 pages.
    expect(await pragma(t, 'wal_autocheckpoint')).toBe(2 * RESTART_PAGES);

    await customerWithInvoices(t, key, 12, 4);
    const passes = checkpointer.passes;
    const last = await vi.waitUntil(
      () => {
        const result = checkpointer.last;
        return checkpointer.passes > passes + 1 && result && result.log > 0 && result.checkpointed === result.log ? result : undefined;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(last).toMatchObject({ busy: 0 });
    expect(last!.checkpointed).toBe(last!.log);
    // The database file alone, without its log, holds the invoices: the worker copied them back.
    const copy = join(mkdtempSync(join(tmpdir(), 'checkpointed-')), 'copy.db');
    copyFileSync(sqliteFile(t), copy);
    expect(existsSync(`${copy}-wal`)).toBe(false);
    const file = new Database(copy, { readonly: true });
    try {
      expect(file.prepare('SELECT count(*) AS n FROM "Invoice"').get()).toEqual({ n: 12 });
    } finally {
      file.close();
    }

    // Operators see the log's length on /metrics.
    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toMatch(new RegExp(`accounting_sqlite_wal_pages\\{state="written"\\} ${last!.log}\\b`));
    expect(metrics).toMatch(/accounting_sqlite_wal_pages\{state="copied"\} \d+/);
  });
});

describe.skipIf(usingPostgres)('a stream of writes on SQLite', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    // The app's own checkpointer off: the one under test is started with small sizes.
    t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 }, sqliteBackgroundCheckpoints: false });
    key = (await t.tenant('Stream Co')).key;
  });
  afterAll(() => t.close());

  it('starts the log over, holding writes back for a pass, so the file stays short', async () => {
    const restartPages = 300;
    // No safety net within reach: only the hold keeps the log short.
    const checkpointer = (await startCheckpointer(t.db, { everyMs: 10, restartPages, autocheckpointPages: 1_000_000 }))!;
    try {
      const log = `${sqliteFile(t)}-wal`;
      // The log emptied first (migrations wrote a long one), so its file's size is the longest log since.
      await t.db.prisma.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
      expect(statSync(log).size).toBe(0);
      // Some 30 pages an invoice in a small book: ~40 times the restart size, written without a pause.
      await customerWithInvoices(t, key, 400, 8);
      expect(checkpointer.restarts).toBeGreaterThan(0);
      // A restart's worth and what came between passes and holds, not the whole stream's.
      const page = 4096 + 24;
      expect(statSync(log).size).toBeLessThan(20 * restartPages * page);
      expect(await t.db.prisma.invoice.count()).toBe(400);
    } finally {
      await checkpointer.stop();
    }
    // Stopped, the serving connection checkpoints at SQLite's own threshold again.
    expect(await pragma(t, 'wal_autocheckpoint')).toBe(1000);
  });
});

describe.skipIf(usingPostgres)('the server as npm start runs it, on SQLite', () => {
  it('stops its worker and closes the database cleanly when stopped, leaving no log behind', async () => {
    const database = freshDatabase();
    try {
      const file = sqliteFile(database);
      const server = await startServerProcess({ DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir, SEED_DEMO: 'true' });
      const key = /^\s+(ak_\S+)$/m.exec(server.stdout())![1];
      expect((await http(server.url, '/api/v1/customers', { key, body: { name: 'Last Ltd' } })).status).toBe(201);
      expect(existsSync(`${file}-wal`)).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // The whole shutdown ran, the worker's end included: the last connection closed, and SQLite copied
      // the log back and removed it.
      expect(existsSync(`${file}-wal`)).toBe(false);
      const db = new Database(file, { readonly: true });
      try {
        expect(db.prepare('SELECT name FROM "Customer"').all()).toEqual([{ name: 'Last Ltd' }]);
      } finally {
        db.close();
      }
    } finally {
      await database.drop();
    }
  }, 30_000);
});
