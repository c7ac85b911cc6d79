// Redis going away under a running deployment: two instances on one database, sharing a Redis of the
// test's own that is killed (SIGKILL) and started again. Live events are never lost silently (an
// instance's own commits reach its own subscribers during the outage, the others' through the event log,
// each exactly once), webhooks do not notice, rate limits follow RATE_LIMIT_ON_REDIS_ERROR, and a
// revocation announced through Redis closes the key's sockets on every instance before any later event.
import { execFile } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, createApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { openDatabase, tuneDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, hasRedisServer, http, type OwnRedis, startOwnRedis, type TestDatabase } from '../helpers.ts';

const run = promisify(execFile);
const TSX = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const CLI = new URL('../../src/cli/apikey.ts', import.meta.url).pathname;

let redis: OwnRedis;
let database: TestDatabase;
const apps: App[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  if (!hasRedisServer) return;
  redis = await startOwnRedis();
  database = freshDatabase();
  await migrate(database.db);
  await tuneDatabase(database.db);
});
afterAll(async () => {
  if (!hasRedisServer) return;
  for (const client of clients) await Promise.resolve(client.dispose()).catch(() => {});
  for (const app of apps) await app.close().catch(() => {});
  await redis.kill();
  await database.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for `condition` (running `poll` before each look, if given), up to `ms`. */
async function until(condition: () => boolean, ms: number, poll?: () => Promise<void>) {
  const deadline = Date.now() + ms;
  for (;;) {
    await poll?.();
    if (condition() || Date.now() > deadline) return condition();
    await sleep(poll ? 100 : 25);
  }
}

async function tenant(name: string) {
  const organization = await createOrganization(database.db.prisma, { name: `${name} ${Date.now()}` });
  const created = async () => createApiKey(database.db.prisma, organization.id, name);
  return { organizationId: organization.id, created };
}

/** An instance of the server on the shared database and the test's Redis; the first one uses the test's connection. */
async function instance(overrides: Partial<Config> = {}): Promise<{ app: App; url: string }> {
  const config: Config = {
    ...loadConfig({ REDIS_URL: redis.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }),
    redisKeyPrefix: `faults-${apps.length}-${Date.now()}`,
    busOutagePollMs: 200,
    socketRecheckMs: 600_000,
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    ...overrides,
  };
  const db = openDatabase(database.databaseUrl, database.dataDir);
  const app = createApp({ config, db, logger: createLogger('silent') });
  apps.push(app);
  return { app, url: `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}` };
}

/** Subscribes to `events` and records what arrives, and how the socket closed. */
function subscriber(url: string, key: string) {
  const received: string[] = [];
  let closed: { code: number; reason: string } | undefined;
  let failed: unknown;
  const client = createClient({
    url: `${url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
    on: { closed: (e) => (closed = e as { code: number; reason: string }) },
  });
  clients.push(client);
  client.subscribe(
    { query: 'subscription { events { id resourceId } }' },
    { next: (v: any) => received.push(v.data.events.resourceId), error: (e) => (failed = e), complete: () => {} },
  );
  return { received, closed: () => closed, failed: () => failed };
}

describe.runIf(hasRedisServer)('Redis killed and restarted under two instances', () => {
  it('delivers every event to every subscriber on both instances exactly once, through ' +
    'the outage; webhooks and writes unaffected', async () => {
    const shared = `faults-events-${Date.now()}`;
    const a = await instance({ redisKeyPrefix: shared });
    const b = await instance({ redisKeyPrefix: shared });
    const { created } = await tenant('Outage Co');
    const key = (await created()).plaintext;

    // A webhook receiver on loopback: deliveries need no Redis.
    const hooked: string[] = [];
    const receiver = createHttpServer((req, res) => {
      let body = '';
      req
        .on('data', (c) => (body += c))
        .on('end', () => {
          hooked.push(JSON.parse(body).data.object.id);
          res.writeHead(204).end();
        });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const hook = await http(a.url, '/api/v1/webhooks', {
        key,
        body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, eventTypes: ['customer.created'] },
      });
      expect(hook.status).toBe(201);
      const subscribers = [subscriber(a.url, key), subscriber(a.url, key), subscriber(b.url, key), subscriber(b.url, key)];
      await sleep(400);
      const before = (await http(a.url, '/api/v1/customers', { key, body: { name: 'before the outage' } })).body.id;
      expect(await until(() => subscribers.every((s) => s.received.includes(before)), 3000)).toBe(true);

      await redis.kill();
      await sleep(300);
      const duringOutage: string[] = [];
      for (let i = 0; i < 20; i++) {
        const r = await http(i % 2 ? b.url : a.url, '/api/v1/customers', { key, body: { name: `during ${i}` } });
        expect(r.status, JSON.stringify(r.body)).toBe(201); // rate limits fall back to memory (the default policy)
        duringOutage.push(r.body.id);
      }
      // Before Redis is back: each instance's own commits, and the other's from the log.
      expect(
        await until(() => subscribers.every((s) => duringOutage.every((id) => s.received.includes(id))), 5000),
        JSON.stringify(subscribers.map((s) => s.received.length)),
      ).toBe(true);

      await redis.start();
      const afterOutage: string[] = [];
      for (let i = 0; i < 4; i++)
        afterOutage.push((await http(i % 2 ? b.url : a.url, '/api/v1/customers', { key, body: { name: `after ${i}` } })).body.id);
      const all = [before, ...duringOutage, ...afterOutage];
      expect(await until(() => subscribers.every((s) => all.every((id) => s.received.includes(id))), 8000)).toBe(true);
      await sleep(500);
      for (const s of subscribers) {
        // Written one after another, so `all` is commit order: each event once, in order, outage or not.
        expect(
          s.received.filter((id) => all.includes(id)),
          'each event exactly once, in order',
        ).toEqual(all);
        expect(s.closed()).toBeUndefined();
        expect(s.failed()).toBeUndefined();
      }
      expect(await until(() => all.every((id) => hooked.includes(id)), 8000)).toBe(true);
      expect(hooked.filter((id) => all.includes(id))).toHaveLength(all.length);
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  }, 60_000);

  it('with RATE_LIMIT_ON_REDIS_ERROR=closed, refuses with 503 + Retry-After over REST and closes graphql-ws with 4503 while Redis is ' +
    'down', async () => {
    await redis.start();
    const closedPolicy = await instance({ rateLimit: { ...loadConfig({}).rateLimit, onRedisError: 'closed' } });
    const { created } = await tenant('Closed Policy Co');
    const key = (await created()).plaintext;
    // Served once its rate limiter has connected to Redis.
    let status = 0;
    expect(
      await until(
        () => status === 200,
        3000,
        async () => void (status = (await http(closedPolicy.url, '/api/v1/accounts', { key })).status),
      ),
    ).toBe(true);
    await redis.kill();
    try {
      await sleep(200);
      const refused = await http(closedPolicy.url, '/api/v1/accounts', { key });
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      const s = subscriber(closedPolicy.url, key);
      expect(await until(() => s.closed() !== undefined, 3000)).toBe(true);
      expect(s.closed()!.code).toBe(4503);
      expect(s.closed()!.reason).toBe(refused.body.detail);
    } finally {
      await redis.start();
    }
    // Back by itself once Redis is.
    status = 0;
    expect(
      await until(
        () => status === 200,
        5000,
        async () => void (status = (await http(closedPolicy.url, '/api/v1/accounts', { key })).status),
      ),
    ).toBe(true);
  }, 30_000);

  it('a key revoked with the CLI closes its sockets on both instances at once: no event written after the revoke returned reaches ' +
    'them', async () => {
    const shared = `faults-revoke-${Date.now()}`;
    // The periodic re-check is 10 minutes here: only the announcement through Redis can close these sockets in time.
    const a = await instance({
      redisKeyPrefix: shared,
      rateLimit: { ...loadConfig({}).rateLimit, points: 100_000, organizationPoints: 1_000_000 },
    });
    const b = await instance({
      redisKeyPrefix: shared,
      rateLimit: { ...loadConfig({}).rateLimit, points: 100_000, organizationPoints: 1_000_000 },
    });
    const { created } = await tenant('Revocation Co');
    const doomed = await created();
    const writer = (await created()).plaintext;
    const sockets = [subscriber(a.url, doomed.plaintext), subscriber(b.url, doomed.plaintext)];
    await sleep(400);

    let revoked = false;
    const writtenAfterRevoke: string[] = [];
    const writing = (async () => {
      for (let i = 0; !revoked || writtenAfterRevoke.length < 20; i++) {
        const startedAfterRevoke = revoked;
        const r = await http(i % 2 ? b.url : a.url, '/api/v1/customers', { key: writer, body: { name: `flow ${i}` } });
        expect(r.status).toBe(201);
        if (startedAfterRevoke) writtenAfterRevoke.push(r.body.id);
      }
    })();
    await until(() => sockets.every((s) => s.received.length >= 5), 5000);
    const cli = await run(TSX, [CLI, 'revoke', doomed.record.prefix], {
      env: {
        ...process.env,
        DATABASE_URL: database.databaseUrl,
        DATA_DIR: database.dataDir,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: shared,
      },
    });
    revoked = true;
    expect(cli.stdout).toContain(`revoked ${doomed.record.prefix}`);
    await writing;
    expect(await until(() => sockets.every((s) => s.closed() !== undefined), 2000)).toBe(true);
    for (const s of sockets) {
      expect(s.closed()).toMatchObject({ code: 4401, reason: 'The API key has been revoked' });
      expect(
        s.received.filter((id) => writtenAfterRevoke.includes(id)),
        'events written after the revoke returned',
      ).toEqual([]);
    }
  }, 60_000);
});
