// Webhook delivery against real receivers on 127.0.0.1: signed per Standard Webhooks (verified with the
// `standardwebhooks` package), retried with the same webhook-id after a failure, in event order, every
// attempt recorded, a subscription that never gets through disabled with an event, private targets refused.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, http, type TestApp } from '../helpers.ts';

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
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
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
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 }, webhooks: { timeoutMs: 2000, retryScheduleMs: [50, 50], allowPrivateTargets: true } });
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
    expect(() => new Webhook(`whsec_${Buffer.from('not the secret, 24 bytes!').toString('base64')}`).verify(body, headers as Record<string, string>)).toThrow();
  });

  it('retries a failed delivery with the same webhook-id and records every attempt', async () => {
    const hook = await receiver((n) => (n === 1 ? 503 : 200));
    receivers.push(hook);
    const subscription = await register(hook.url, ['vendor.created']);
    await http(t.url, '/api/v1/vendors', { key, body: { name: 'Flaky receiver' } });
    await until(() => hook.received.length === 2);
    expect(hook.received[1].headers['webhook-id']).toBe(hook.received[0].headers['webhook-id']);
    await until(async () => (await t.db.prisma.webhookDelivery.findFirst({ where: { subscriptionId: subscription.id } }))?.status === 'SUCCEEDED');
    const delivery = await t.db.prisma.webhookDelivery.findFirstOrThrow({ where: { subscriptionId: subscription.id }, include: { attemptLog: { orderBy: { attemptedAt: 'asc' } } } });
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
    await until(async () => (await t.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).status === 'DISABLED');
    expect(hook.received).toHaveLength(3); // the first try and the two retries of the schedule
    const disabled = await t.db.prisma.event.findFirstOrThrow({ where: { type: 'webhook_subscription.disabled', resourceId: subscription.id } });
    expect(JSON.parse(disabled.payload)).toMatchObject({ object: { id: subscription.id, status: 'disabled' }, previousAttributes: { status: 'enabled' }, reason: expect.stringMatching(/500/) });
    // Nothing more goes to a disabled subscription.
    await http(t.url, '/api/v1/employees', { key, body: { firstName: 'Also', lastName: 'Not sent' } });
    await new Promise((r) => setTimeout(r, 600));
    expect(hook.received).toHaveLength(3);
  });
});

describe('targets that cannot be turned against us', () => {
  it('refuses loopback, private, link-local (cloud metadata) and unique-local targets, naming the url field', async () => {
    const strict = await createTestApp({ webhooks: { timeoutMs: 1000, retryScheduleMs: [], allowPrivateTargets: false } });
    try {
      const { key: strictKey } = await strict.tenant('Strict Co');
      for (const url of ['http://127.0.0.1:6379/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://10.0.0.5/hook', 'http://[fd00::1]/', 'http://100.64.0.1/', 'http://localhost:8080/', 'ftp://127.0.0.1/']) {
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
