// Keys managed through the API (create, list, revoke, roll, expiry) and the audit trail: every event
// names the key that caused it, or the system, and keeps that name after the key is gone.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { points: 100_000, authFailures: 100_000 },
    webhooks: { allowPrivateTargets: true, timeoutMs: 1000, retryScheduleMs: [] },
  });
  ({ key, organizationId } = await t.tenant('Keyholder Co'));
});
afterAll(() => t.close());

const post = (path: string, body: unknown, withKey = key) => http(t.url, path, { key: withKey, method: 'POST', body });
const newKey = async (body: unknown, withKey = key) => {
  const response = await post('/api/v1/api-keys', body, withKey);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; prefix: string; secret: string; scopes: string[]; name: string };
};

describe('keys managed through the API', () => {
  it('creates a key shown once, which then authenticates; lists keys without secrets, with who created them', async () => {
    const created = await post('/api/v1/api-keys', { name: 'Online shop', scopes: ['invoices:write', 'customers:write'] });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v1/api-keys/${created.body.id}`);
    expect(created.body).toMatchObject({
      name: 'Online shop',
      scopes: ['invoices:write', 'customers:write'],
      status: 'active',
      expiresAt: null,
      revokedAt: null,
    });
    expect(created.body.secret).toMatch(new RegExp(`^ak_${created.body.prefix}_[0-9A-Za-z]{32}$`));
    expect((await http(t.url, '/api/v1/invoices', { key: created.body.secret })).status).toBe(200);

    const creator = (await gql(t.url, key, '{ viewer { apiKey { id prefix name scopes } } }')).body.data.viewer.apiKey;
    const listed = await http(t.url, '/api/v1/api-keys?limit=100', { key });
    const mine = listed.body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(mine).toMatchObject({ name: 'Online shop', createdBy: { id: creator.id, prefix: creator.prefix, name: creator.name } });
    expect(mine.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret.split('_')[2]);
    expect(Object.keys(mine)).not.toContain('secret');
    // GraphQL: the same keys; the secret field is null outside the answer that made it.
    const gqlKeys = await gql(t.url, key, '{ apiKeys(first: 50) { edges { node { id name secret scopes status createdBy { name } } } } }');
    expect(gqlKeys.body.data.apiKeys.edges.map((e: { node: { secret: string | null } }) => e.node.secret)).toEqual(
      gqlKeys.body.data.apiKeys.edges.map(() => null),
    );
    const made = await gql(
      t.url,
      key,
      'mutation { createApiKey(input: { name: "Till", scopes: ["invoices:write"] }) { id secret status } }',
    );
    expect(made.body.data.createApiKey.secret).toMatch(/^ak_/);
  });

  it('never lets a key grant what it does not hold, nor manage a key that holds more', async () => {
    const manager = (await newKey({ name: 'Key manager', scopes: ['api_keys:write', 'customers:write'] })).secret;
    const tooMuch = await post('/api/v1/api-keys', { name: 'Escalation', scopes: ['invoices:read'] }, manager);
    expectProblem(tooMuch, 403, 'INSUFFICIENT_SCOPE');
    expect(tooMuch.body.requiredScope).toBe('invoices:read');
    expect((await post('/api/v1/api-keys', { name: 'Everything', scopes: ['*'] }, manager)).body.requiredScope).toBe('*');
    // Within its own scopes it may (write implies read).
    expect((await post('/api/v1/api-keys', { name: 'CRM reader', scopes: ['customers:read'] }, manager)).status).toBe(201);
    // Rolling a key hands over its secret: only for keys whose scopes the manager could grant.
    const stronger = await newKey({ name: 'Ledger', scopes: ['journal_entries:write'] });
    expect((await post(`/api/v1/api-keys/${stronger.id}/roll`, {}, manager)).body).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      requiredScope: 'journal_entries:write',
    });
    expect((await post(`/api/v1/api-keys/${stronger.id}/revoke`, {}, manager)).status).toBe(403);
    expect((await http(t.url, '/api/v1/journal-entries', { key: stronger.secret })).status).toBe(200);
  });

  it('refuses bad requests with the field named, and writes nothing', async () => {
    const before = await t.db.prisma.apiKey.count();
    for (const [body, path] of [
      [{ name: 'x', scopes: ['invoices:delete'] }, 'scopes.0'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: '', scopes: ['invoices:read'] }, 'name'],
      [{ name: 'x', scopes: ['invoices:read'], expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x', scopes: ['*', 'invoices:read'] }, 'scopes'],
    ] as const) {
      const response = await post('/api/v1/api-keys', body);
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const roll = await post(`/api/v1/api-keys/${(await newKey({ name: 'r', scopes: ['reports:read'] })).id}/roll`, {
      expiresInHours: 1000,
    });
    expectProblem(roll, 400, 'VALIDATION_FAILED');
    expect(await t.db.prisma.apiKey.count()).toBe(before + 1);
  });

  it('an expired key is refused with 401 saying it expired', async () => {
    const expiresAt = Date.now() + 1_500;
    const expiring = await newKey({ name: 'Contractor', scopes: ['reports:read'], expiresAt: new Date(expiresAt).toISOString() });
    expect((await gql(t.url, expiring.secret, '{ trialBalance { totalDebit } }')).status).toBe(200);
    // The expiry passes (a server that remembers verified keys, as on PostgreSQL, does not answer past it).
    await new Promise((resolve) => setTimeout(resolve, expiresAt + 50 - Date.now()));
    const refused = await http(t.url, '/api/v1/accounts', { key: expiring.secret });
    expectProblem(refused, 401, 'UNAUTHENTICATED');
    expect(refused.body.detail).toMatch(/expired/);
    expect((await http(t.url, `/api/v1/api-keys/${expiring.id}`, { key })).body.status).toBe('expired');
    expect((await http(t.url, '/api/v1/api-keys?status=expired', { key })).body.data.map((k: { id: string }) => k.id)).toContain(
      expiring.id,
    );
  });

  it(
    'rolls a key: both secrets work for the grace period, then only the new one; a ' + 'roll with 0 hours stops the old one at once',
    async () => {
      const shop = await newKey({ name: 'Shop', scopes: ['invoices:read'] });
      const rolled = await post(`/api/v1/api-keys/${shop.id}/roll`, { expiresInHours: 1 });
      expect(rolled.status).toBe(200);
      expect(rolled.body).toMatchObject({ id: shop.id, prefix: shop.prefix, scopes: ['invoices:read'] });
      expect(rolled.body.secret).not.toBe(shop.secret);
      expect(Date.parse(rolled.body.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
      for (const secret of [shop.secret, rolled.body.secret])
        expect((await http(t.url, '/api/v1/invoices', { key: secret })).status).toBe(200);

      const again = await post(`/api/v1/api-keys/${shop.id}/roll`, { expiresInHours: 0 });
      for (const secret of [shop.secret, rolled.body.secret])
        expect((await http(t.url, '/api/v1/invoices', { key: secret })).status).toBe(401);
      expect((await http(t.url, '/api/v1/invoices', { key: again.body.secret })).status).toBe(200);
      // The default grace is 24 hours.
      const third = await gql(t.url, key, `mutation { rollApiKey(id: "${shop.id}") { secret previousSecretExpiresAt } }`);
      expect(Math.round((Date.parse(third.body.data.rollApiKey.previousSecretExpiresAt) - Date.now()) / 3_600_000)).toBe(24);
    },
  );

  it('revokes a key at once; a revoked key cannot be rolled', async () => {
    const doomed = await newKey({ name: 'Old HR sync', scopes: ['employees:write'] });
    const revoked = await post(`/api/v1/api-keys/${doomed.id}/revoke`, {});
    expect(revoked.body).toMatchObject({ id: doomed.id, status: 'revoked' });
    expectProblem(await http(t.url, '/api/v1/employees', { key: doomed.secret }), 401, 'UNAUTHENTICATED');
    expectProblem(await post(`/api/v1/api-keys/${doomed.id}/roll`, {}), 400, 'INVALID_STATE');
    expect((await post(`/api/v1/api-keys/${doomed.id}/revoke`, {})).status).toBe(200); // again: nothing changes
  });

  it("revoking through the API closes the key's open subscriptions at once (4401), not at the next key check", async () => {
    const watcher = await newKey({ name: 'Watcher', scopes: ['events:read', 'customers:read'] });
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
    );
    await new Promise<void>((resolve) => socket.on('open', () => resolve()));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${watcher.secret}` } }));
    await new Promise<void>((resolve) => socket.once('message', () => resolve())); // connection_ack
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { events { type } }' } }));
    const revokedAt = Date.now();
    await post(`/api/v1/api-keys/${watcher.id}/revoke`, {});
    const { code, reason, at } = await closed;
    expect(code).toBe(4401);
    expect(reason).toMatch(/revoked/);
    expect(at - revokedAt).toBeLessThan(2_000); // SOCKET_RECHECK_MS is 5 s
  });

  it("a rolled key's two secrets share one quota", async () => {
    const limited = await createTestApp({ rateLimit: { points: 6, durationSeconds: 60, authFailures: 1000 } });
    try {
      const tenant = await limited.tenant('Quota Co');
      const made = await http(limited.url, '/api/v1/api-keys', {
        key: tenant.key,
        method: 'POST',
        body: { name: 'Rolled', scopes: ['accounts:read'] },
      });
      const rolled = await http(limited.url, `/api/v1/api-keys/${made.body.id}/roll`, { key: tenant.key, method: 'POST', body: {} });
      const statuses: number[] = [];
      for (const secret of [
        made.body.secret,
        rolled.body.secret,
        made.body.secret,
        rolled.body.secret,
        made.body.secret,
        rolled.body.secret,
        made.body.secret,
      ]) {
        statuses.push((await http(limited.url, '/api/v1/accounts', { key: secret })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('an expiring key cannot make a key that outlives it', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    const expiring = (
      await createApiKey(t.db.prisma, organizationId, 'expiring manager', { scopes: ['api_keys:write', 'invoices:read'], expiresAt })
    ).plaintext;
    const forever = await post('/api/v1/api-keys', { name: 'forever', scopes: ['invoices:read'] }, expiring);
    expectProblem(forever, 400, 'VALIDATION_FAILED');
    expect(forever.body.errors).toEqual([
      { path: 'expiresAt', message: `must be on or before ${expiresAt.toISOString()}, when the key creating it expires` },
    ]);
    const later = await post(
      '/api/v1/api-keys',
      { name: 'later', scopes: ['invoices:read'], expiresAt: new Date(expiresAt.getTime() + 1000).toISOString() },
      expiring,
    );
    expectProblem(later, 400, 'VALIDATION_FAILED');
    expect(await t.db.prisma.apiKey.count({ where: { organizationId, name: { in: ['forever', 'later'] } } })).toBe(0);
    const within = await newKey({ name: 'within', scopes: ['invoices:read'], expiresAt: expiresAt.toISOString() }, expiring);
    expect(within.name).toBe('within');
  });

  it("a key rolls itself; only the owner's key (*) rolls another, since the new secret acts as that key", async () => {
    const manager = await newKey({ name: 'key manager', scopes: ['api_keys:write', 'invoices:read'] });
    const sibling = await newKey({ name: 'sibling', scopes: ['invoices:read'] });
    const taken = await post(`/api/v1/api-keys/${sibling.id}/roll`, {}, manager.secret);
    expectProblem(taken, 403, 'INSUFFICIENT_SCOPE');
    expect(taken.body.requiredScope).toBe('*');
    expect((await http(t.url, '/api/v1/invoices', { key: sibling.secret })).status).toBe(200); // untouched
    const itself = await post(`/api/v1/api-keys/${manager.id}/roll`, { expiresInHours: 0 }, manager.secret);
    expect(itself.status).toBe(200);
    expect(itself.body.secret).toMatch(/^ak_/);
    expect((await post(`/api/v1/api-keys/${sibling.id}/roll`, {})).status).toBe(200); // the owner's
    // Revoking another key within one's scopes stays allowed.
    expect((await post(`/api/v1/api-keys/${sibling.id}/revoke`, {}, itself.body.secret)).status).toBe(200);
  });
});

describe('the audit trail', () => {
  let receiver: Server;
  const delivered: Record<string, unknown>[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req
        .on('data', (c) => (body += c))
        .on('end', () => {
          delivered.push(JSON.parse(body));
          res.writeHead(204).end();
        });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => receiver.close());

  it(
    "every event names the key that caused it, in the log, in GraphQL and in webhooks; a resource's history is one query; revoked keys " +
      'keep their names',
    async () => {
      const sync = await newKey({ name: 'CRM sync', scopes: ['customers:write', 'webhooks:write'] });
      const hook = await post(
        '/api/v1/webhooks',
        { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, eventTypes: ['customer.created', 'customer.updated'] },
        sync.secret,
      );
      expect(hook.status).toBe(201);
      const customer = (await post('/api/v1/customers', { name: 'Audited Ltd' }, sync.secret)).body;
      await http(t.url, `/api/v1/customers/${customer.id}`, {
        key: sync.secret,
        method: 'PATCH',
        body: { email: 'billing@audited.example' },
      });
      await http(t.url, `/api/v1/customers/${customer.id}`, { key, method: 'PATCH', body: { notes: 'checked' } });
      await post(`/api/v1/api-keys/${sync.id}/revoke`, {});

      const actor = { type: 'api_key', id: sync.id, prefix: sync.prefix, name: 'CRM sync' };
      const history = await http(t.url, `/api/v1/events?resourceId=${customer.id}`, { key });
      expect(history.body.data.map((e: { type: string }) => e.type)).toEqual(['customer.created', 'customer.updated', 'customer.updated']);
      expect(history.body.data[0].actor).toEqual(actor);
      expect(history.body.data[1]).toMatchObject({ actor, data: { previousAttributes: { email: null } } });
      expect(history.body.data[2].actor).toMatchObject({ type: 'api_key', name: 'test key' });

      const byKey = await http(t.url, `/api/v1/events?apiKeyId=${sync.id}`, { key });
      // A resource's history takes an id of any kind; a number or an invoice number there is a mistake to report.
      const byNumber = await http(t.url, '/api/v1/events?resourceId=INV-0001', { key });
      expect(byNumber.status).toBe(400);
      expect(byNumber.body.errors).toEqual([
        { path: 'resourceId', message: 'must be an id (a type prefix such as inv_ and 26 letters and digits), got "INV-0001"' },
      ]);
      expect(byKey.body.data.map((e: { type: string }) => e.type)).toEqual([
        'webhook_subscription.created',
        'customer.created',
        'customer.updated',
      ]);
      const graph = await gql(
        t.url,
        key,
        `{ events(first: 10, filter: { resourceId: "${customer.id}" }) { edges { node { type actor { type apiKeyId prefix name } } } } }`,
      );
      expect(graph.body.data.events.edges[0].node.actor).toEqual({
        type: 'api_key',
        apiKeyId: sync.id,
        prefix: sync.prefix,
        name: 'CRM sync',
      });

      for (let i = 0; i < 100 && delivered.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
      expect(delivered.map((d) => d.actor)).toEqual([actor, actor, history.body.data[2].actor]);
      expect(delivered[0]).toEqual(history.body.data[0]); // the log and the webhook carry the same body
    },
  );

  it("what the service does by itself is the system's", async () => {
    // Port 9 on loopback refuses: with no retries, the dispatcher disables the subscription.
    const hook = await post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/gone', eventTypes: ['vendor.created'] });
    await post('/api/v1/vendors', { name: 'Trigger' });
    let disabled: { actor: unknown } | undefined;
    for (let i = 0; i < 100 && !disabled; i++) {
      await new Promise((r) => setTimeout(r, 50));
      disabled = (await http(t.url, `/api/v1/events?resourceId=${hook.body.id}&type=webhook_subscription.disabled`, { key })).body.data[0];
    }
    expect(disabled?.actor).toEqual({ type: 'system' });
  });

  it('events from before actors were recorded say so with null', async () => {
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'old');
    const customer = (await post('/api/v1/customers', { name: 'Legacy' }, plaintext)).body;
    await t.db.prisma.event.updateMany({ where: { resourceId: customer.id }, data: { actor: null, actorKeyId: null } });
    expect((await http(t.url, `/api/v1/events?resourceId=${customer.id}`, { key })).body.data[0].actor).toBeNull();
  });
});
