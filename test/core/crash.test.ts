// kill -9 in the middle of idempotent writes: every write was one transaction with its idempotency
// record, so a new process on the same database answers each retry at once, writing exactly once per key.
import { afterAll, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { openDatabase, tuneDatabase } from '../../src/db/database.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, http, type Started, startServerProcess } from '../helpers.ts';

const database = freshDatabase();
const children: Started[] = [];
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await database.drop();
});

it('a server killed with SIGKILL mid-flight leaves every idempotency key answerable at once, one write per key', async () => {
  await migrate(database.db);
  await tuneDatabase(database.db);
  const organization = await createOrganization(database.db.prisma, { name: 'Crash Co' });
  const key = (await createApiKey(database.db.prisma, organization.id, 'crash key')).plaintext;
  const account = async (code: string) =>
    (await database.db.prisma.account.findFirstOrThrow({ where: { organizationId: organization.id, code } })).id;
  const [rent, cash] = [await account('6100'), await account('1000')];
  const env = { DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir, SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000' };
  const post = (url: string, i: number) =>
    http(url, '/api/v1/journal-entries', {
      key,
      headers: { 'idempotency-key': `crash-${i}` },
      // 100 lines: enough work per write that the kill lands while most are still running.
      body: {
        date: '2026-07-01',
        description: `crash ${i}`,
        lines: Array.from({ length: 50 }, () => [
          { accountId: rent, debit: 10 + i, credit: 0 },
          { accountId: cash, debit: 0, credit: 10 + i },
        ]).flat(),
      },
    });

  const first = await startServerProcess(env);
  children.push(first);
  expect((await post(first.url, 999)).status).toBe(201); // warm: the first request compiles what the rest reuse
  let answers = 0;
  let killed!: () => void;
  const killedWhen = new Promise<void>((resolve) => (killed = resolve));
  const inFlight = Array.from({ length: 30 }, (_, i) =>
    post(first.url, i).then(
      (r) => {
        if (++answers === 3) killed(); // a few answers are in: the rest are mid-flight
        return { i, r };
      },
      () => undefined,
    ),
  );
  await killedWhen;
  first.child.kill('SIGKILL');
  await first.exited;
  const answered = (await Promise.all(inFlight)).filter(
    (x): x is { i: number; r: Awaited<ReturnType<typeof post>> } => x !== undefined && x.r.status === 201,
  );
  expect(answered.length).toBeLessThan(30); // the kill really interrupted work

  const second = await startServerProcess(env);
  children.push(second);
  expect((await post(second.url, 999)).headers.get('idempotent-replayed')).toBe('true'); // warm, and a replay itself
  // Each retry on its own, as a client retrying after a timeout would: no 409 "in progress", no wait.
  const retries: { i: number; r: Awaited<ReturnType<typeof post>>; ms: number }[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    retries.push({ i, r: await post(second.url, i), ms: performance.now() - started });
  }
  for (const { r, ms } of retries) {
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(ms).toBeLessThan(1000);
  }
  for (const { i, r } of answered) {
    const retry = retries[i].r;
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(r.body);
  }
  second.child.kill('SIGTERM');
  await second.exited;

  const check = openDatabase(database.databaseUrl, database.dataDir);
  try {
    const entries = await check.prisma.journalEntry.groupBy({
      by: ['description'],
      where: { organizationId: organization.id },
      _count: { _all: true },
    });
    expect(entries).toHaveLength(31);
    expect(entries.every((e) => e._count._all === 1)).toBe(true);
    expect(await check.prisma.idempotencyKey.count({ where: { organizationId: organization.id } })).toBe(31);
  } finally {
    await check.close();
  }
}, 90_000);
