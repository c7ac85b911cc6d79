// Webhook delivery across server processes sharing one database (SQLite file in `npm test`, PostgreSQL
// in `npm run test:services`):
//   - a process killed in the middle of a send loses its claim when the lease runs out, and another
//     process sends the delivery again, with the same webhook-id;
//   - with two processes dispatching, one subscription still receives its events in commit order.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tuneDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, http, type Started, startServerProcess } from '../helpers.ts';

const database = freshDatabase();
const children: Started[] = [];
let onRequest: (req: IncomingMessage, res: ServerResponse, body: string) => void = (_req, res) => res.writeHead(204).end();
const hanging: ServerResponse[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => onRequest(req, res, body));
});
let hookUrl: string;
let key: string;
const env = () => ({
  DATABASE_URL: database.databaseUrl,
  DATA_DIR: database.dataDir,
  SEED_DEMO: 'false',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_LEASE_MS: '3000',
  WEBHOOK_RETRY_SCHEDULE_MS: '100,100,100,100,100',
  RATE_LIMIT_PER_MINUTE: '100000',
});

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await migrate(database.db);
  await tuneDatabase(database.db);
  const organization = await createOrganization(database.db.prisma, { name: 'Instances Hook Co' });
  key = (await createApiKey(database.db.prisma, organization.id, 'k')).plaintext;
});
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  for (const res of hanging) res.destroy();
  await new Promise<void>((r) => receiver.close(() => r()));
  await database.drop();
});

const until = async (predicate: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

it('a process killed mid-send loses its claim when the lease runs out; another process resends, same webhook-id', async () => {
  const requests: { id: string; at: number }[] = [];
  onRequest = (req, res) => {
    requests.push({ id: String(req.headers['webhook-id']), at: Date.now() });
    if (requests.length === 1)
      hanging.push(res); // the first send never gets an answer: its sender dies waiting
    else res.writeHead(204).end();
  };
  const first = await startServerProcess(env());
  children.push(first);
  const subscription = await http(first.url, '/api/v1/webhooks', { key, body: { url: hookUrl, eventTypes: ['vendor.created'] } });
  expect(subscription.status).toBe(201);
  const vendor = await http(first.url, '/api/v1/vendors', { key, body: { name: 'Mid-send' } });
  await until(() => requests.length === 1, 5000);
  first.child.kill('SIGKILL'); // mid-send: the delivery is leased to a process that no longer exists
  await first.exited;

  const second = await startServerProcess(env());
  children.push(second);
  await until(() => requests.length === 2, 10_000);
  const event = await database.db.prisma.event.findFirstOrThrow({ where: { resourceId: vendor.body.id } });
  expect(requests.map((r) => r.id)).toEqual([event.id, event.id]);
  // Not before the lease (3 s from the claim, just before the first request) ran out.
  expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(2500);
  // The answer is recorded after it arrives: wait for the record (bounded), whatever the machine's pace.
  let status = '';
  const deadline = Date.now() + 20_000;
  while (status !== 'SUCCEEDED' && Date.now() < deadline) {
    status = (await database.db.prisma.webhookDelivery.findFirstOrThrow({ where: { eventId: event.id } })).status;
    if (status !== 'SUCCEEDED') await new Promise((r) => setTimeout(r, 25));
  }
  expect(status).toBe('SUCCEEDED');
  second.child.kill('SIGTERM');
  await second.exited;
}, 60_000);

it("two processes dispatching keep one subscription's events in commit order, each delivered once", async () => {
  const ids: string[] = [];
  onRequest = (req, res, body) => {
    const parsed = JSON.parse(body);
    if (parsed.type === 'customer.created') ids.push(parsed.id);
    // A little latency per delivery, so both processes have deliveries due while one is in flight.
    setTimeout(() => res.writeHead(204).end(), 5);
  };
  const a = await startServerProcess(env());
  const b = await startServerProcess(env());
  children.push(a, b);
  expect((await http(a.url, '/api/v1/webhooks', { key, body: { url: hookUrl, eventTypes: ['customer.created'] } })).status).toBe(201);
  const created: string[] = [];
  for (let i = 0; i < 30; i++) {
    const base = i % 2 === 0 ? a.url : b.url; // commits through both
    created.push((await http(base, '/api/v1/customers', { key, body: { name: `Ordered ${i}` } })).body.id);
  }
  await until(() => ids.length >= 30, 20_000);
  await new Promise((r) => setTimeout(r, 300));
  const events = await database.db.prisma.event.findMany({
    where: { type: 'customer.created', resourceId: { in: created } },
    orderBy: { seq: 'asc' },
  });
  expect(ids).toEqual(events.map((e) => e.id)); // commit order, no duplicate, nothing missing
}, 60_000);
