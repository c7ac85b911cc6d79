// What an operator runs on: one JSON log line per request at LOG_LEVEL=info, warnings for failing webhook
// receivers, and Prometheus metrics on METRICS_PORT, read from the server as `npm start` runs it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { freshDatabase, gql, http, startServerProcess, type Started } from '../helpers.ts';

const d = freshDatabase();
let server: Started;
let metricsUrl: string;
let key: string;
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  // A webhook receiver that always fails.
  receiver = createServer((_req, res) => res.writeHead(500).end('down for maintenance'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks?token=receiver-secret`;
  server = await startServerProcess({
    DATABASE_URL: d.databaseUrl,
    DATA_DIR: d.dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '12',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
    WEBHOOK_RETRY_SCHEDULE_MS: '50',
  });
  metricsUrl = /Prometheus metrics at (http:\/\/\S+)/.exec(server.stdout())![1];
  key = /^\s+(ak_\S+)$/m.exec(server.stdout())![1];
}, 30_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  receiver?.close();
  await d.drop();
});

const logLines = () =>
  server
    .stderr()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function waitFor<T>(find: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}\n${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? wanted.every((w) => l.includes(w)) : false));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('operating the server', () => {
  it('writes one log line per request with its route, operation, status, duration, key prefix and organization', async () => {
    const accounts = await http(server.url, '/api/v1/accounts?limit=2', { key });
    expect(accounts.status).toBe(200);
    const account = await http(server.url, `/api/v1/accounts/${accounts.body.data[0].id}`, {
      key,
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(account.status).toBe(200);
    const graphql = await gql(server.url, key, 'query WhoAmI { viewer { organization { name } } }');
    expect(graphql.body.errors).toBeUndefined();
    expect((await http(server.url, '/api/v1/accounts', { key: 'ak_nope_nope' })).status).toBe(401);
    expect((await http(server.url, '/nowhere')).status).toBe(404);

    const prefix = key.split('_')[1];
    const one = await waitFor(() => logLines().find((l) => l.requestId === 'trace-me-1'), 'the request line');
    expect(one).toMatchObject({
      level: 'info',
      message: 'request',
      method: 'GET',
      route: '/api/v1/accounts/:id',
      operation: 'getAccount',
      status: 200,
      keyPrefix: prefix,
    });
    expect(one.organizationId).toMatch(/^org_/);
    expect(typeof one.durationMs).toBe('number');
    expect(typeof one.time).toBe('string');
    const named = await waitFor(() => logLines().find((l) => l.route === '/graphql' && l.operation === 'WhoAmI'), 'the GraphQL line');
    expect(named).toMatchObject({ method: 'POST', status: 200, keyPrefix: prefix });
    expect(await waitFor(() => logLines().find((l) => l.status === 401), 'the 401 line')).toMatchObject({
      route: '/api/v1/accounts',
      path: '/api/v1/accounts',
    });
    expect(await waitFor(() => logLines().find((l) => l.status === 404), 'the 404 line')).toMatchObject({
      route: 'unmatched',
      path: '/nowhere',
    });
    // Never a secret: the key's secret part appears nowhere in the log, even where the client put the key
    // (as its request id, in a URL path): a request id shaped like a key is not taken.
    // (Sent without authorization, so the key's quota, which the metrics test below spends, is untouched.)
    const misplaced = await http(server.url, `/api/v1/accounts/${key}`, { headers: { 'x-request-id': key } });
    expect(misplaced.status).toBe(401);
    expect(misplaced.headers.get('x-request-id')).not.toBe(key);
    expect(misplaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // The same without its `ak_`, as a client that split the key on its first underscore would send it.
    const bare = key.slice('ak_'.length);
    const stripped = await http(server.url, '/healthz', { headers: { 'x-request-id': bare } });
    expect(stripped.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const longest = 'r'.repeat(128);
    expect((await http(server.url, '/healthz', { headers: { 'x-request-id': longest } })).headers.get('x-request-id')).toBe(longest);
    expect((await http(server.url, '/healthz', { headers: { 'x-request-id': `${longest}r` } })).headers.get('x-request-id')).not.toBe(
      `${longest}r`,
    );
    await waitFor(() => logLines().find((l) => l.requestId === misplaced.headers.get('x-request-id')), "the misplaced key's line");
    expect(server.stderr()).toContain(`/api/v1/accounts/ak_${prefix}_[redacted]`);
    expect(server.stderr()).not.toContain(key.split('_')[2]);
  });

  it('warns for each failed webhook attempt, naming the receiver by origin only', async () => {
    const registered = await http(server.url, '/api/v1/webhooks', {
      method: 'POST',
      key,
      body: { url: receiverUrl, eventTypes: ['customer.created'] },
    });
    expect(registered.status).toBe(201);
    expect((await http(server.url, '/api/v1/customers', { method: 'POST', key, body: { name: 'Logged Ltd' } })).status).toBe(201);
    const retrying = await waitFor(
      () => logLines().find((l) => l.level === 'warn' && /attempt failed/.test(String(l.message))),
      'the failed attempt',
    );
    expect(retrying).toMatchObject({ eventType: 'customer.created', attempt: 1, responseStatus: 500, target: new URL(receiverUrl).origin });
    await waitFor(() => logLines().find((l) => l.level === 'warn' && /failed for good/.test(String(l.message))), 'the last attempt');
    expect(server.stderr()).not.toContain('receiver-secret');
  });

  it('serves Prometheus metrics on their own port, and the counters move with traffic', async () => {
    const socket = createClient({
      url: `${server.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
    });
    const events: unknown[] = [];
    const unsubscribe = socket.subscribe(
      { query: 'subscription { events { type } }' },
      { next: (e) => void events.push(e), error: () => {}, complete: () => {} },
    );
    try {
      // Spend the key's quota (12 a minute) to see refusals counted.
      let refused = 0;
      for (let i = 0; i < 14 && refused === 0; i++)
        if ((await http(server.url, '/api/v1/accounts?limit=1', { key })).status === 429) refused++;
      expect(refused).toBe(1);
      let body = '';
      for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 50))) {
        body = await (await fetch(metricsUrl)).text();
        if ((sample(body, 'accounting_graphql_subscriptions') ?? 0) >= 1) break;
      }
      expect(sample(body, 'accounting_http_requests_total', { method: 'GET', route: '/api/v1/accounts/:id', status: '200' })).toBe(1);
      expect(sample(body, 'accounting_http_requests_total', { route: '/api/v1/accounts', status: '401' })).toBe(1);
      expect(sample(body, 'accounting_http_requests_total', { route: '/api/v1/accounts', status: '429' })).toBe(1);
      expect(
        sample(body, 'accounting_http_request_duration_seconds_count', { method: 'POST', route: '/graphql', status: '200' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(body, 'accounting_graphql_operation_duration_seconds_count', { operation: 'WhoAmI', type: 'query', outcome: 'ok' }),
      ).toBe(1);
      expect(sample(body, 'accounting_rate_limit_refusals_total', { kind: 'key' })).toBe(1);
      expect(sample(body, 'accounting_webhook_delivery_attempts_total', { outcome: 'retrying' })).toBe(1);
      expect(sample(body, 'accounting_webhook_delivery_attempts_total', { outcome: 'failed' })).toBe(1);
      expect(sample(body, 'accounting_event_relay_lag_seconds_count')).toBeGreaterThanOrEqual(2); // webhook.registered, customer.created
      expect(sample(body, 'accounting_websocket_connections')).toBe(1);
      expect(sample(body, 'accounting_graphql_subscriptions')).toBe(1);
      expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
      expect(sample(body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
      // The API's own port does not serve them.
      expect((await http(server.url, '/metrics')).status).toBe(404);
    } finally {
      unsubscribe();
      await socket.dispose();
    }
  });
});
