// A bulk import across server processes sharing one database (SQLite file in `npm test`, PostgreSQL in
// `npm run test:services`): the process running it is killed mid-job (SIGKILL, nothing wound up), and
// another process carries it on when the lease runs out. Every line is created exactly once and listed
// exactly once in the result file; lines the dead process created after its last checkpoint come back
// as replays of their idempotency keys.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tuneDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, http, type Started, startServerProcess } from '../helpers.ts';

const database = freshDatabase();
const children: Started[] = [];
let key: string;
let organizationId: string;
const LINES = 3000;
const env = () => ({
  DATABASE_URL: database.databaseUrl,
  DATA_DIR: database.dataDir,
  SEED_DEMO: 'false',
  BULK_POLL_MS: '50',
  BULK_LEASE_MS: '2000',
  RATE_LIMIT_PER_MINUTE: '100000',
});
const until = async (what: string, check: () => Promise<boolean>, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  await migrate(database.db);
  await tuneDatabase(database.db);
  organizationId = (await createOrganization(database.db.prisma, { name: 'Bulk Instances Co' })).id;
  key = (await createApiKey(database.db.prisma, organizationId, 'k')).plaintext;
});
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await database.drop();
});

it('an import whose process is killed mid-job is finished by another, nothing created or listed twice', async () => {
  const first = await startServerProcess(env());
  children.push(first);
  const file = Array.from({ length: LINES }, (_, i) => JSON.stringify({ idempotencyKey: `c-${i}`, body: { name: `Imported ${i}` } }));
  const queued = await fetch(`${first.url}/api/v1/bulk-operations/imports?resource=customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
    body: file.join('\n'),
  });
  expect(queued.status).toBe(202);
  const { id } = await queued.json();
  const progress = () => database.db.prisma.bulkOperation.findUniqueOrThrow({ where: { id } });
  await until('the first process has passed a checkpoint', async () => (await progress()).objectCount >= 100);
  first.child.kill('SIGKILL');
  await first.exited;
  const killed = await progress();
  expect(killed.status).toBe('RUNNING');
  expect(killed.objectCount).toBeLessThan(LINES);

  const second = await startServerProcess(env());
  children.push(second);
  await until('the second process has finished it', async () => (await progress()).status === 'COMPLETED');
  const done = (await http(second.url, `/api/v1/bulk-operations/${id}`, { key })).body;
  expect(done).toMatchObject({ status: 'completed', objectCount: LINES, errorCount: 0 });
  const text = await (await fetch(`${second.url}${new URL(done.url).pathname}`)).text();
  const results = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  expect(results.map((r) => r.line)).toEqual(Array.from({ length: LINES }, (_, i) => i + 1));
  expect(results.every((r) => r.status === 201 && r.id)).toBe(true);
  const customers = await database.db.prisma.customer.findMany({ where: { organizationId }, select: { id: true, name: true } });
  expect(customers).toHaveLength(LINES);
  expect(new Set(customers.map((c) => c.name)).size).toBe(LINES);
  expect(new Set(results.map((r) => r.id))).toEqual(new Set(customers.map((c) => c.id)));
}, 120_000);
