// Webhook delivery against real receivers on 127.0.0.1: signed per Standard Webhooks (verified with the
// `standardwebhooks` package), retried with the same webhook-id after a failure, in event order, every
// attempt recorded, a subscription that never gets through disabled with an event, private targets refused.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver on loopback answering with `statusFor(n)` for its n-th request (from 1). */
async function receiver(statusFor: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statusFor(received.length)).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function until(predicate: () => boolean | Promise<boolean>, ms = 8000) {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

let t: TestApp;
let key: string;
const receivers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { points: 100_000, durationSeconds: 60 },
    webhooks: { timeoutMs: 2000, retryScheduleMs: [50, 50], allowPrivateTargets: true },
  });
  ({ key } = await t.tenant('Hooked Co'));
});
afterAll(async () => {
  await t.close();
  for (const r of receivers) await r.close();
});

const register = async (url: string, eventTypes: string[]) => {
  const r = await http(t.url, '/api/v1/webhooks', { key, body: { url, eventTypes } });
  expect(r.status).toBe(201);
  return r.body as { id: string; secret: string };
};

describe('webhook delivery', () => {
  it('keeps and shows a url as it is parsed: the address deliveries really go to', async () => {
    const r = await http(t.url, '/api/v1/webhooks', { key, body: { url: 'HTTP://127.0.0.1:9\\@127.0.0.2/hook', eventTypes: ['*'] } });
    expect(r.status).toBe(201);
    expect(r.body.url).toBe('http://127.0.0.1:9/@127.0.0.2/hook');
    expect((await t.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: r.body.id } })).url).toBe(
      'http://127.0.0.1:9/@127.0.0.2/hook',
    );
    await http(t.url, `/api/v1/webhooks/subscriptions/${r.body.id}/disable`, { key, body: {} });
  });

  it('POSTs { id, type, createdAt, data } signed so standardwebhooks verifies it, data.object as GET shows it', async () => {
    const hook = await receiver();
    receivers.push(hook);
    const subscription = await register(hook.url, ['customer.created']);
    const customer = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Hooked Ada' } })).body;
    await until(() => hook.received.length === 1);
    const [{ headers, body }] = hook.received;
    const verified = new Webhook(subscription.secret).verify(body, headers as Record<string, string>) as any;
    expect(verified).toMatchObject({ type: 'customer.created', data: { object: customer } });
    const event = await t.db.prisma.event.findFirstOrThrow({ where: { resourceId: customer.id } });
    expect(headers['webhook-id']).toBe(event.id);
    expect(verified.id).toBe(event.id);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret, 24 bytes!').toString('base64')}`).verify(body, headers as Record<string, string>),
    ).toThrow();
  });

  it('retries a failed delivery with the same webhook-id and records every attempt', async () => {
    const hook = await receiver((n) => (n === 1 ? 503 : 200));
    receivers.push(hook);
    const subscription = await register(hook.url, ['vendor.created']);
    await http(t.url, '/api/v1/vendors', { key, body: { name: 'Flaky receiver' } });
    await until(() => hook.received.length === 2);
    expect(hook.received[1].headers['webhook-id']).toBe(hook.received[0].headers['webhook-id']);
    await until(
      async () => (await t.db.prisma.webhookDelivery.findFirst({ where: { subscriptionId: subscription.id } }))?.status === 'SUCCEEDED',
    );
    const delivery = await t.db.prisma.webhookDelivery.findFirstOrThrow({
      where: { subscriptionId: subscription.id },
      include: { attemptLog: { orderBy: { attemptedAt: 'asc' } } },
    });
    expect(delivery.attempts).toBe(2);
    expect(delivery.attemptLog.map((a) => [a.responseStatus, a.responseBody])).toEqual([
      [503, 'thanks'],
      [200, 'thanks'],
    ]);
    expect(delivery.attemptLog[0].error).toMatch(/503/);
  });

  it('keeps event order for one subscription', async () => {
    const hook = await receiver();
    receivers.push(hook);
    await register(hook.url, ['product.created']);
    const names = Array.from({ length: 6 }, (_, i) => `Ordered ${i}`);
    for (const name of names) await http(t.url, '/api/v1/products', { key, body: { name } });
    await until(() => hook.received.length === names.length);
    expect(hook.received.map((r) => JSON.parse(r.body).data.object.name)).toEqual(names);
  });

  it('disables a subscription that fails for its whole retry schedule, with an event saying why', async () => {
    const hook = await receiver(() => 500);
    receivers.push(hook);
    const subscription = await register(hook.url, ['employee.created']);
    await http(t.url, '/api/v1/employees', { key, body: { firstName: 'Never', lastName: 'Reached' } });
    await until(
      async () => (await t.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).status === 'DISABLED',
    );
    expect(hook.received).toHaveLength(3); // the first try and the two retries of the schedule
    const disabled = await t.db.prisma.event.findFirstOrThrow({
      where: { type: 'webhook_subscription.disabled', resourceId: subscription.id },
    });
    expect(JSON.parse(disabled.payload)).toMatchObject({
      object: { id: subscription.id, status: 'disabled' },
      previousAttributes: { status: 'enabled' },
      reason: expect.stringMatching(/500/),
    });
    // Nothing more goes to a disabled subscription.
    await http(t.url, '/api/v1/employees', { key, body: { firstName: 'Also', lastName: 'Not sent' } });
    await new Promise((r) => setTimeout(r, 600));
    expect(hook.received).toHaveLength(3);
  });
});

describe('managing webhooks', () => {
  it('rotates the secret: the new one is shown once, and both old and new verify deliveries for 24 hours', async () => {
    const hook = await receiver();
    receivers.push(hook);
    const subscription = await register(hook.url, ['account.created']);
    const rotated = await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}/rotate-secret`, { key, body: {} });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(subscription.secret);
    const read = (await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}`, { key })).body;
    expect(read).not.toHaveProperty('secret');
    expect(read.secretLast4).toBe(rotated.body.secret.slice(-4)); // afterwards only the last four, to tell which is in use
    await http(t.url, '/api/v1/accounts', { key, body: { code: '6960', name: 'Rotated', type: 'expense' } });
    await until(() => hook.received.length === 1);
    const [{ headers, body }] = hook.received;
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [subscription.secret, rotated.body.secret])
      expect(() => new Webhook(secret).verify(body, headers as Record<string, string>)).not.toThrow();
  });

  it('sends a test event to that one subscription only, lists deliveries with attempts, and redelivers', async () => {
    const hook = await receiver();
    const other = await receiver();
    receivers.push(hook, other);
    const subscription = await register(hook.url, ['invoice.paid']);
    await register(other.url, ['*']);
    expect((await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}/test`, { key, body: {} })).status).toBe(200);
    await until(() => hook.received.length === 1);
    expect(JSON.parse(hook.received[0].body)).toMatchObject({
      type: 'webhook_subscription.test',
      data: { object: { id: subscription.id } },
    });
    await until(
      async () => (await t.db.prisma.webhookDelivery.count({ where: { subscriptionId: subscription.id, status: 'SUCCEEDED' } })) === 1,
    );
    const list = await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}/deliveries`, { key });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total: 1,
      data: [{ eventType: 'webhook_subscription.test', status: 'succeeded', attemptCount: 1, attempts: [{ responseStatus: 200 }] }],
    });
    const eventId = list.body.data[0].eventId;
    const again = await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}/redeliver`, { key, body: { eventId } });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ eventId, status: 'pending' });
    await until(() => hook.received.length === 2);
    expect(hook.received[1].headers['webhook-id']).toBe(eventId);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.received.map((r) => JSON.parse(r.body).type)).not.toContain('webhook_subscription.test');
    const foreign = await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}/redeliver`, {
      key,
      body: { eventId: 'evt_00000000000000000000000000' },
    });
    expectProblem(foreign, 400, 'VALIDATION_FAILED');
  });

  it('updates, disables and enables a subscription; a disabled one receives nothing', async () => {
    const hook = await receiver();
    receivers.push(hook);
    const subscription = await register(hook.url, ['customer.updated']);
    const updated = await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}`, {
      key,
      method: 'PATCH',
      body: { eventTypes: ['vendor.updated'], description: 'vendors only' },
    });
    expect(updated.body).toMatchObject({ eventTypes: ['vendor.updated'], description: 'vendors only', status: 'enabled' });
    expect((await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}/disable`, { key, body: {} })).body.status).toBe(
      'disabled',
    );
    const vendor = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Quiet' } })).body;
    await http(t.url, `/api/v1/vendors/${vendor.id}`, { key, method: 'PATCH', body: { notes: 'while disabled' } });
    await t.app.relay.drain();
    await t.app.dispatcher.drain();
    expect(hook.received).toHaveLength(0);
    expect((await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}/enable`, { key, body: {} })).body.status).toBe('enabled');
    await http(t.url, `/api/v1/vendors/${vendor.id}`, { key, method: 'PATCH', body: { notes: 'enabled again' } });
    await until(() => hook.received.length === 1);
    expect(JSON.parse(hook.received[0].body).data.object.notes).toBe('enabled again');
    const refused = await http(t.url, `/api/v1/webhooks/subscriptions/${subscription.id}`, {
      key,
      method: 'PATCH',
      body: { eventTypes: ['nope'] },
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
  });
});

describe('the signing secret on GraphQL', () => {
  it('is returned by registerWebhook and rotateWebhookSecret only; every read answers null', async () => {
    const registered = (
      await gql(
        t.url,
        key,
        'mutation { registerWebhook(input: { url: "http://127.0.0.1:9/g", eventTypes: ["invoice.paid"] }) { id secret } }',
      )
    ).body.data.registerWebhook;
    expect(registered.secret).toMatch(/^whsec_/);
    const read = await gql(
      t.url,
      key,
      'query($id: ID!) { node(id: $id) { ... on WebhookSubscription { secret } } webhookSubscriptionsPage { data { secret } } }',
      { id: registered.id },
    );
    expect(read.body.data.node.secret).toBeNull();
    expect(read.body.data.webhookSubscriptionsPage.data.every((w: any) => w.secret === null)).toBe(true);
    const updated = await gql(
      t.url,
      key,
      'mutation($id: ID!) { updateWebhookSubscription(id: $id, input: { description: "x" }) { secret } }',
      { id: registered.id },
    );
    expect(updated.body.data.updateWebhookSubscription.secret).toBeNull();
    const rotated = (await gql(t.url, key, 'mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }', { id: registered.id })).body
      .data.rotateWebhookSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(registered.secret);
    const hint = await gql(t.url, key, 'query($id: ID!) { node(id: $id) { ... on WebhookSubscription { secret secretLast4 } } }', {
      id: registered.id,
    });
    expect(hint.body.data.node).toEqual({ secret: null, secretLast4: rotated.secret.slice(-4) });
  });

  it('is shown under an alias too, only for the subscription that mutation answered with', async () => {
    const r = await gql(
      t.url,
      key,
      'mutation { mine: registerWebhook(input: { url: "http://127.0.0.1:9/h", eventTypes: ["*"] }) { secret } other: ' +
        'updateWebhookSubscription(id: "wh_00000000000000000000000000", input: { description: "x" }) { secret } }',
    );
    expect(r.body.data.mine.secret).toMatch(/^whsec_/);
    expect(r.body.data.other).toBeNull(); // no such subscription: NOT_FOUND, and no secret anywhere else
  });
});

describe('targets that cannot be turned against us', () => {
  it('refuses loopback, private, link-local (cloud metadata) and unique-local targets, naming the url field', async () => {
    const strict = await createTestApp({ webhooks: { timeoutMs: 1000, retryScheduleMs: [], allowPrivateTargets: false } });
    try {
      const { key: strictKey } = await strict.tenant('Strict Co');
      for (const url of [
        'http://127.0.0.1:6379/',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/',
        'http://10.0.0.5/hook',
        'http://[fd00::1]/',
        'http://100.64.0.1/',
        'http://localhost:8080/',
        'ftp://127.0.0.1/',
      ]) {
        const r = await http(strict.url, '/api/v1/webhooks', { key: strictKey, body: { url, eventTypes: ['*'] } });
        expectProblem(r, 400, 'VALIDATION_FAILED');
        expect(r.body.errors[0].path).toBe('url');
      }
      expect(await strict.db.prisma.webhookSubscription.count()).toBe(0);
    } finally {
      await strict.close();
    }
  });
});
