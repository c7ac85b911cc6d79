// One organization's webhook receivers cannot hold up another's deliveries: a receiver that answers its
// headers and then trickles its body is cut off at the deadline, a receiver that answers without end is read
// only as far as the first kilobyte, and a tenant's slow receivers take at most its share of the sending slots.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { post } from '../../src/events/webhooks.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

interface Receiver {
  url: string;
  /** Requests that reached it (their answers may still be running). */
  hits: number;
  /** Bytes of body it managed to write before the sender hung up. */
  written: number;
  close(): Promise<void>;
}

/** A receiver on loopback that answers 200 at once and then writes its body as `body` says. */
async function receiver(body: 'trickle' | 'endless' | 'short'): Promise<Receiver> {
  const open = new Set<ServerResponse>();
  const r: Receiver = { url: '', hits: 0, written: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    req.resume();
    r.hits += 1;
    open.add(res);
    res.on('close', () => open.delete(res));
    res.writeHead(200, { 'content-type': 'text/plain' });
    if (body === 'short') return void res.end('ok');
    if (body === 'trickle') {
      const timer = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!res.destroyed && r.written < 512 * 1024 * 1024) {
        r.written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () =>
    new Promise<void>((resolve) => {
      for (const res of open) res.destroy();
      server.close(() => resolve());
    });
  return r;
}

const receivers: Receiver[] = [];
const make = async (body: 'trickle' | 'endless' | 'short') => {
  const r = await receiver(body);
  receivers.push(r);
  return r;
};

afterAll(async () => {
  for (const r of receivers) await r.close();
});

async function subscribe(t: TestApp, key: string, url: string) {
  const r = await http(t.url, '/api/v1/webhooks', { key, body: { url, eventTypes: ['customer.created'] } });
  expect(r.status).toBe(201);
}

const createCustomer = async (t: TestApp, key: string, name: string) =>
  expect((await http(t.url, '/api/v1/customers', { key, body: { name } })).status).toBe(201);

const attemptsOf = (t: TestApp, organizationId: string) =>
  t.db.prisma.webhookDeliveryAttempt.findMany({ where: { organizationId }, orderBy: { attemptedAt: 'asc' } });

describe("one organization's slow receivers", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A deadline far longer than the test: the slow receivers are still being waited for when B is served.
    t = await createTestApp({
      rateLimit: { points: 100_000, durationSeconds: 60 },
      webhooks: { timeoutMs: 60_000, retryScheduleMs: [60_000], allowPrivateTargets: true },
    });
  });
  afterAll(() => t.close());

  it("do not stop another organization's deliveries, however many it has", async () => {
    const a = await t.tenant('Slow Receivers Ltd');
    const b = await t.tenant('Quick Receiver Ltd');
    const slow = await Promise.all(Array.from({ length: 10 }, () => make('trickle')));
    for (const r of slow) await subscribe(t, a.key, r.url);
    await createCustomer(t, a.key, 'Held up');
    // A's sends are under way (as many as its share allows) and will not end within this test.
    await vi.waitUntil(() => slow.some((r) => r.hits > 0), { timeout: 20_000, interval: 20 });

    const quick = await make('short');
    await subscribe(t, b.key, quick.url);
    await createCustomer(t, b.key, 'Not held up');
    await vi.waitUntil(async () => (await attemptsOf(t, b.organizationId)).length > 0, { timeout: 20_000, interval: 50 });
    const [attempt] = await attemptsOf(t, b.organizationId);
    expect(attempt).toMatchObject({ responseStatus: 200, error: null });
    // A holds at most its share of the slots: fewer than all of its receivers have been reached.
    expect(slow.filter((r) => r.hits > 0).length).toBeLessThan(slow.length);
    expect(await attemptsOf(t, a.organizationId)).toEqual([]);
  });
});

describe('a receiver that never finishes its answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimit: { points: 100_000, durationSeconds: 60 },
      webhooks: { timeoutMs: 500, retryScheduleMs: [60_000], allowPrivateTargets: true },
    });
  });
  afterAll(() => t.close());

  it('is cut off at the deadline, which counts headers and body together, and the attempt fails', async () => {
    const a = await t.tenant('Trickling Receiver Ltd');
    const trickle = await make('trickle');
    await subscribe(t, a.key, trickle.url);
    await createCustomer(t, a.key, 'Trickled');
    await vi.waitUntil(async () => (await attemptsOf(t, a.organizationId)).length > 0, { timeout: 30_000, interval: 50 });
    const [attempt] = await attemptsOf(t, a.organizationId);
    expect(attempt!.error).toBe('no complete answer within 500 ms');
    const delivery = await t.db.prisma.webhookDelivery.findFirstOrThrow({ where: { organizationId: a.organizationId } });
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1, leaseUntil: null });
  });

  it('is read only as far as the body it keeps: an endless 200 succeeds and its connection is closed', async () => {
    const a = await t.tenant('Endless Receiver Ltd');
    const endless = await make('endless');
    await subscribe(t, a.key, endless.url);
    await createCustomer(t, a.key, 'Flooded');
    await vi.waitUntil(async () => (await attemptsOf(t, a.organizationId)).length > 0, { timeout: 30_000, interval: 50 });
    const [attempt] = await attemptsOf(t, a.organizationId);
    expect(attempt).toMatchObject({ responseStatus: 200, error: null });
    expect(attempt!.responseBody).toBe('x'.repeat(1024));
    // The sender hung up: the receiver stopped well short of what it would have sent.
    expect(endless.written).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('a send', () => {
  it("leaves nothing on the dispatcher's stop signal once it is answered: sends do not pile listeners up", async () => {
    const quick = await make('short');
    const stopping = new AbortController();
    for (let i = 0; i < 20; i++) {
      const result = await post(quick.url, {}, '{}', { timeoutMs: 5_000, allowPrivateTargets: true }, stopping.signal);
      expect(result.status).toBe(200);
    }
    expect(getEventListeners(stopping.signal, 'abort')).toHaveLength(0);
  });
});
