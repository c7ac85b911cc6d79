// SQLite's WAL is copied back into the database file by a worker thread, not inside a request's COMMIT
// on the event loop (src/db/checkpoint.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FALLBACK_AUTOCHECKPOINT_PAGES } from '../../src/db/checkpoint.ts';
import { createTestApp, http, type TestApp, usingPostgres } from '../helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
  key = (await t.tenant('Checkpoint Co')).key;
});
afterAll(() => t.close());

async function until<T>(read: () => T, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it.skipIf(!usingPostgres)('runs no checkpointer on PostgreSQL', async () => {
  expect(await t.app.checkpointer()).toBeUndefined();
});

it.skipIf(usingPostgres)('copies committed writes back into the database file off the event loop (SQLite)', async () => {
  const checkpointer = (await t.app.checkpointer())!;
  expect(checkpointer).toBeDefined();
  // The serving connection only checkpoints itself as a safety net, far later than SQLite's 1,000 pages.
  const [{ wal_autocheckpoint }] = (await t.db.prisma.$queryRawUnsafe('PRAGMA wal_autocheckpoint')) as { wal_autocheckpoint: bigint }[];
  expect(Number(wal_autocheckpoint)).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);

  for (let i = 0; i < 20; i++) expect((await http(t.url, '/api/v1/customers', { key, body: { name: `Customer ${i}` } })).status).toBe(201);
  const passesBefore = checkpointer.passes;
  // The worker's next passes find the writes in the log and copy all of it back.
  const last = await until(
    () => checkpointer.last,
    (result) => checkpointer.passes > passesBefore && !!result && result.log > 0 && result.checkpointed === result.log,
  );
  expect(last).toMatchObject({ busy: 0 });
  expect(last!.log).toBeGreaterThan(0);
  expect(last!.checkpointed).toBe(last!.log);
  expect((await http(t.url, '/api/v1/customers?limit=100', { key })).body.data).toHaveLength(20);
});
