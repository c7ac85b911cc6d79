// kill -9 right after a commit: the event is in the log, so a restarted server still delivers it
// (at least once, with the same webhook-id).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { tuneDatabase } from '../../src/db/database.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, http, type Started, startServerProcess } from '../helpers.ts';

const database = freshDatabase();
const children: Started[] = [];
let accepting = false;
const received: { id: string; answered: number }[] = [];
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const answered = accepting ? 200 : 503;
    received.push({ id: String(req.headers['webhook-id']), answered });
    res.writeHead(answered).end();
  });
});
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await new Promise<void>((r) => receiver.close(() => r()));
  await database.drop();
});

it('delivers an event committed just before a SIGKILL once the server is back', async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await migrate(database.db);
  await tuneDatabase(database.db);
  const organization = await createOrganization(database.db.prisma, { name: 'Crash Hook Co' });
  const key = (await createApiKey(database.db.prisma, organization.id, 'k')).plaintext;
  const env = {
    DATABASE_URL: database.databaseUrl,
    DATA_DIR: database.dataDir,
    SEED_DEMO: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
    WEBHOOK_RETRY_SCHEDULE_MS: '200,200,200,200,200,200,200,200,200,200',
  };

  const first = await startServerProcess(env);
  children.push(first);
  expect((await http(first.url, '/api/v1/webhooks', { key, body: { url: hookUrl, eventTypes: ['customer.created'] } })).status).toBe(201);
  const created = await http(first.url, '/api/v1/customers', { key, body: { name: 'Committed then killed' } });
  expect(created.status).toBe(201);
  first.child.kill('SIGKILL'); // right after the commit: whatever the relay and dispatcher had not done yet is lost with it
  await first.exited;
  const event = await database.db.prisma.event.findFirstOrThrow({ where: { resourceId: created.body.id } });
  expect(received.every((r) => r.answered !== 200)).toBe(true);

  accepting = true;
  const second = await startServerProcess(env);
  children.push(second);
  const deadline = Date.now() + 10_000;
  while (!received.some((r) => r.answered === 200) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(received.filter((r) => r.answered === 200).map((r) => r.id)).toEqual([event.id]);
  expect(new Set(received.map((r) => r.id))).toEqual(new Set([event.id]));
}, 60_000);
