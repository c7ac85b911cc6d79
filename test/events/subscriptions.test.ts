// GraphQL subscriptions over graphql-ws, with a real client against the started server: the caller's
// organization's events as they commit, nothing of another organization, `after` replay with no gap
// and no duplicate, 4401 for a bad or revoked key, a cap on open subscriptions, clean completion on close.
import type { Socket } from 'node:net';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, http, rawSubscriber, type TestApp, untilOpenSubscriptions } from '../helpers.ts';
import { createApiKey, revokeApiKeyByPrefix } from '../../src/modules/api-keys/api-keys.service.ts';
import { inProcessBus, type LoggedEvent } from '../../src/events/bus.ts';

let t: TestApp;
let key: string;
let otherKey: string;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp({
    rateLimit: { points: 100_000, durationSeconds: 60 },
    maxSubscriptionsPerKey: 3,
    socketRecheckMs: 200,
    maxUnidentifiedSocketsPerAddress: 16,
  });
  ({ key } = await t.tenant('Live Co'));
  ({ key: otherKey } = await t.tenant('Other Live Co'));
});
afterAll(async () => {
  for (const c of clients) await c.dispose();
  await t.close();
});

const wsUrl = () => `${t.url.replace('http', 'ws')}/graphql`;

/** The subscriptions the app holds now (other tests' may still be open). */
const openCount = async () =>
  (await t.app.metrics.registry.getSingleMetric('accounting_graphql_subscriptions')!.get()).values[0]?.value ?? 0;

function connect(k: string, onClosed?: (event: { code: number; reason: string }) => void) {
  const client = createClient({
    url: wsUrl(),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${k}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {}, // the closes these tests provoke are asserted through on.closed
    on: { closed: (event) => onClosed?.(event as { code: number; reason: string }) },
  });
  clients.push(client);
  return client;
}

/** Collects what a subscription sends; `next(n)` waits for n more items (or fails after a timeout). */
function collect(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const items: any[] = [];
  const waiters: (() => void)[] = [];
  let error: unknown;
  let completed = false;
  const stop = client.subscribe(
    { query, variables },
    {
      next: (value) => {
        items.push(value);
        waiters.splice(0).forEach((w) => w());
      },
      error: (e) => {
        error = e;
        waiters.splice(0).forEach((w) => w());
      },
      complete: () => {
        completed = true;
        waiters.splice(0).forEach((w) => w());
      },
    },
  );
  return {
    items,
    stop,
    /** A refusal: a protocol error, or (for errors raised while subscribing) a result carrying errors. */
    get error() {
      return error ?? items.find((item) => item.errors)?.errors;
    },
    get completed() {
      return completed;
    },
    async until(predicate: () => boolean, ms = 8000) {
      const deadline = Date.now() + ms;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(items)} ${String(error)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

const EVENTS = 'subscription($types: [String!], $after: ID) { events(types: $types, after: $after) { id type resourceId sequence data } }';
const createCustomer = (k: string, name: string) => http(t.url, '/api/v1/customers', { key: k, body: { name } });

describe('subscription { events }', () => {
  it("streams the organization's events as they commit, in the public shape, and nothing of another organization", async () => {
    // Subscribing after a known event, as a dashboard does: whatever commits while the subscription is
    // being set up still arrives.
    const mark = async (k: string) => (await createCustomer(k, 'Mark')).body.id;
    const lastOf = async (resourceId: string) => (await t.db.prisma.event.findFirstOrThrow({ where: { resourceId } })).id;
    const mine = collect(connect(key), EVENTS, { after: await lastOf(await mark(key)) });
    const theirs = collect(connect(otherKey), EVENTS, { after: await lastOf(await mark(otherKey)) });
    const created = await createCustomer(key, 'Live Ada');
    await mine.until(() => mine.items.length >= 1);
    const event = mine.items[0].data.events;
    expect(event).toMatchObject({ type: 'customer.created', resourceId: created.body.id });
    expect(event.data.object).toEqual(created.body);
    await createCustomer(otherKey, 'Theirs');
    await theirs.until(() => theirs.items.length >= 1);
    expect(theirs.items.map((i) => i.data.events.type)).toEqual(['customer.created']);
    expect(mine.items).toHaveLength(1);
    mine.stop();
    theirs.stop();
  });

  it('with `after`, replays the log first and continues live with no gap and no duplicate', async () => {
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) ids.push((await createCustomer(key, `Replay ${name}`)).body.id);
    const log = await t.db.prisma.event.findMany({ where: { resourceId: { in: ids } }, orderBy: { seq: 'asc' } });
    const live = collect(connect(key), EVENTS, { after: log[0].id, types: ['customer.created'] });
    await live.until(() => live.items.length >= 2);
    const d = (await createCustomer(key, 'Replay D')).body.id;
    await live.until(() => live.items.length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(live.items.map((i) => i.data.events.resourceId)).toEqual([ids[1], ids[2], d]);
    const seqs = live.items.map((i) => i.data.events.sequence);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    live.stop();
  });

  it('refuses an unknown event type or a foreign `after` with a coded error', async () => {
    const bad = collect(connect(key), EVENTS, { types: ['invoice.nope'] });
    await bad.until(() => bad.error !== undefined);
    expect((bad.error as any[])[0].extensions.code).toBe('VALIDATION_FAILED');
    // A huge value is quoted cut short, not sent back whole.
    const huge = collect(connect(key), EVENTS, { types: ['x'.repeat(500_000)] });
    await huge.until(() => huge.error !== undefined);
    expect((huge.error as any[])[0].message).toBe(`types.0: "${'x'.repeat(100)}…" (500000 characters) is not an event type`);
    expect(JSON.stringify(huge.error).length).toBeLessThan(2_000);
    const theirEvent = await t.db.prisma.event.findFirstOrThrow({ where: { type: 'customer.created', payload: { contains: 'Theirs' } } });
    const foreign = collect(connect(key), EVENTS, { after: theirEvent.id });
    await foreign.until(() => foreign.error !== undefined);
    expect((foreign.error as any[])[0].extensions.code).toBe('NOT_FOUND');
  });

  it('holds at most MAX_SUBSCRIPTIONS_PER_KEY open subscriptions per key', async () => {
    const client = connect(key);
    const before = await openCount();
    const open = [collect(client, EVENTS), collect(client, EVENTS), collect(client, EVENTS)];
    await untilOpenSubscriptions(t.app, before + 3);
    const fourth = collect(client, EVENTS);
    await fourth.until(() => fourth.error !== undefined);
    expect((fourth.error as any[])[0].extensions.code).toBe('RATE_LIMITED');
    open[0].stop();
    await untilOpenSubscriptions(t.app, before + 2);
    const again = collect(client, EVENTS);
    await untilOpenSubscriptions(t.app, before + 3);
    expect(again.error).toBeUndefined();
    for (const s of [...open, again]) s.stop();
  });
});

describe('subscription { invoiceChanged }', () => {
  it("streams invoice events with the invoice in the client's selection, through the same Invoice type", async () => {
    const customer = (await createCustomer(key, 'Invoiced Live')).body;
    const mark = (await t.db.prisma.event.findFirstOrThrow({ where: { resourceId: customer.id } })).id;
    const live = collect(
      connect(key),
      'subscription($after: ID) { invoiceChanged(after: $after) { type eventId invoice { number amountDue customer { name } } } }',
      { after: mark },
    );
    const invoice = (
      await http(t.url, '/api/v1/invoices', {
        key,
        body: { customerId: customer.id, issueDate: '2026-08-01', lines: [{ description: 'Live work', unitPrice: 40 }] },
      })
    ).body;
    await http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key, body: { amount: 40, date: '2026-08-02' } });
    await live.until(() => live.items.length >= 3);
    expect(live.items.map((i) => i.data.invoiceChanged.type)).toEqual(['invoice.created', 'invoice.payment_recorded', 'invoice.paid']);
    expect(live.items[0].data.invoiceChanged.invoice).toMatchObject({ number: invoice.number, customer: { name: 'Invoiced Live' } });
    live.stop();
  });
});

describe('a client that stops reading', () => {
  it(
    'may leave SUBSCRIPTION_BACKLOG events waiting; one more ends its subscription with ' + 'one error naming the last event it received',
    async () => {
      // A bus the test publishes to directly, so more events than a subscription may hold arrive at once,
      // before its client can take any (as if its socket had stalled).
      const bus = inProcessBus();
      const backlog = 25;
      const own = await createTestApp({ subscriptionBacklog: backlog }, { bus });
      try {
        const { key: k, organizationId } = await own.tenant('Stalled Co');
        const client = createClient({
          url: `${own.url.replace('http', 'ws')}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${k}` },
          retryAttempts: 0,
        });
        clients.push(client);
        const s = collect(client, EVENTS);
        const fake = (seq: number): LoggedEvent => ({
          seq,
          id: `evt_stall_${seq}`,
          organizationId,
          type: 'customer.created',
          resourceType: 'customer',
          resourceId: `cus_${seq}`,
          payload: '{"object":{}}',
          createdAt: new Date(),
          actor: null,
          actorKeyId: null,
        });
        const sequence = (from: number, count: number) => Array.from({ length: count }, (_, i) => fake(from + i));
        // The subscription is live once it receives an event.
        for (let tries = 0; s.items.length === 0 && tries < 100; tries++) {
          await bus.publish([fake(1)]);
          await new Promise((r) => setTimeout(r, 50));
        }
        // Exactly the backlog at once: all of it waits, then reaches the client.
        const before = s.items.length;
        await bus.publish(sequence(500, backlog));
        await s.until(() => s.items.length === before + backlog);
        expect(s.completed).toBe(false);
        const received = s.items.at(-1).data.events.id;
        expect(received).toBe(`evt_stall_${500 + backlog - 1}`);
        // One more than the backlog: the subscription ends.
        await bus.publish(sequence(1000, backlog + 1));
        await s.until(() => s.completed);
        const last = s.items.at(-1);
        expect(last.errors).toHaveLength(1);
        expect(last.errors[0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', resumeAfter: received });
        expect(last.errors[0].message).toContain(`more than ${backlog} events behind`);
        expect(last.errors[0].message).toContain(`after: "${received}"`);
        const ended = (await own.app.metrics.registry.getSingleMetric('accounting_graphql_subscriptions_ended_total')!.get()).values;
        expect(ended).toEqual([expect.objectContaining({ labels: { reason: 'backlog' }, value: 1 })]);
        // None of the events that waited was sent.
        expect(s.items.filter((item) => Number(item.data?.events?.id?.replace('evt_stall_', '')) >= 1000)).toHaveLength(0);
      } finally {
        await own.close();
      }
    },
  );
});

describe('resuming while writes go on', () => {
  it(
    'a client that resumes with `after` at every event it receives, while eight ' + 'writers commit, ends up with exactly the log',
    async () => {
      const { key: k, organizationId } = await t.tenant('Hopping Co');
      const mark = (await createCustomer(k, 'Mark')).body.id;
      const after = (await t.db.prisma.event.findFirstOrThrow({ where: { resourceId: mark } })).id;
      const steady = rawSubscriber(t.url, k, { after });
      const hopping = rawSubscriber(t.url, k, { after, hop: true });
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let n = next++; n < 120; n = next++) expect((await createCustomer(k, `Concurrent ${n}`)).status).toBe(201);
        }),
      );
      const afterSeq = (await t.db.prisma.event.findUniqueOrThrow({ where: { id: after } })).seq;
      const log = (
        await t.db.prisma.event.findMany({
          where: { organizationId, seq: { gt: afterSeq } },
          orderBy: { seq: 'asc' },
          select: { id: true },
        })
      ).map((e) => e.id);
      expect(log).toHaveLength(120);
      for (const deadline = Date.now() + 20_000; [steady, hopping].some((s) => s.received.length < log.length) && Date.now() < deadline; )
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200)); // anything more (a duplicate) would arrive now
      for (const s of [steady, hopping]) {
        expect(s.problems).toEqual([]);
        expect(s.received).toEqual(log);
        s.close();
      }
    },
  );
});

describe('hostile input over graphql-ws', () => {
  it('lets one address hold MAX_UNIDENTIFIED_SOCKETS_PER_ADDRESS (16 here) sockets that have not said who they are; more are closed (4429)', async () => {
    const sockets = Array.from({ length: 20 }, () => new WebSocket(wsUrl(), 'graphql-transport-ws'));
    const codes = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<number>((resolve) => {
            socket.on('error', () => {});
            socket.once('close', (code) => resolve(code));
          }),
      ),
    );
    // Four past the sixteen are turned away; the sixteen wait for connection_init until graphql-ws gives up (4408).
    expect(codes.filter((code) => code === 4429)).toHaveLength(4);
    expect(codes.filter((code) => code === 4408)).toHaveLength(16);
    // Once they are gone, the address connects again.
    const socket = new WebSocket(wsUrl(), 'graphql-transport-ws');
    const acked = new Promise<string>((resolve) => socket.on('message', (data) => resolve(JSON.parse(String(data)).type)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } }));
    expect(await acked).toBe('connection_ack');
    socket.close();
  });

  it('closes a socket whose frame is larger than an HTTP body may be (1009), before it says who it is, reading no more of it', async () => {
    let serverSide: Socket | undefined;
    t.app.server.once('upgrade', (_request, raw: Socket) => (serverSide = raw));
    const socket = new WebSocket(wsUrl(), 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('error', () => {}); // the server hangs up mid-frame
    const complaints = vi.spyOn(console, 'error');
    socket.send(Buffer.alloc(8 * 1024 * 1024, 'x'));
    expect(await closed).toBe(1009);
    // The server stopped reading the frame once its length was past the limit: it did not read 8 MB to drop them.
    if (!serverSide!.destroyed) await new Promise((resolve) => serverSide!.once('close', resolve));
    expect(serverSide!.bytesRead).toBeLessThan(2 * 1024 * 1024);
    // The client's fault, not the server's: nothing said of an internal error.
    expect(complaints).not.toHaveBeenCalled();
    complaints.mockRestore();
  });

  it(
    'refuses variables nested past the limit (up to 100,000 levels) with ' + 'VALIDATION_FAILED and its path; the socket stays usable',
    async () => {
      // A raw socket: a client library would itself overflow its stack serializing such a message.
      const socket = new WebSocket(wsUrl(), 'graphql-transport-ws');
      const messages: any[] = [];
      let closed: number | undefined;
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      socket.on('close', (code) => (closed = code));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } }));
      const waitFor = async (predicate: () => boolean) => {
        const deadline = Date.now() + 5000;
        while (!predicate() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        return predicate();
      };
      expect(await waitFor(() => messages.some((m) => m.type === 'connection_ack'))).toBe(true);
      for (const [id, depth] of [
        ['a', 65],
        ['b', 3_000],
        ['c', 100_000],
      ] as const) {
        const types = `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
        socket.send(`{"id":"${id}","type":"subscribe","payload":{"query":${JSON.stringify(EVENTS)},"variables":{"types":${types}}}}`);
        expect(await waitFor(() => messages.some((m) => m.id === id))).toBe(true);
        const answer = messages.find((m) => m.id === id);
        // Refused while subscribing: one result carrying the error (then complete), as for other refusals.
        const errors = answer.type === 'error' ? answer.payload : answer.payload.errors;
        expect(errors[0].extensions).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [{ path: expect.stringMatching(/^types(\.0)+$/) }],
        });
      }
      socket.send(JSON.stringify({ id: 'ok', type: 'subscribe', payload: { query: 'query { viewer { organization { name } } }' } }));
      expect(await waitFor(() => messages.some((m) => m.id === 'ok' && m.type === 'next'))).toBe(true);
      expect(messages.find((m) => m.id === 'ok').payload.data.viewer.organization.name).toBe('Live Co');
      expect(closed).toBeUndefined();
      socket.close();
    },
  );
});

describe('authentication over graphql-ws', () => {
  it('closes with 4401 and a reason for a missing or bad key', async () => {
    for (const bad of ['', 'ak_000000000000_00000000000000000000000000000000']) {
      const closed = new Promise<{ code: number; reason: string }>((resolve) => {
        const client = connect(bad, resolve);
        collect(client, EVENTS);
      });
      const event = await closed;
      expect(event.code).toBe(4401);
      expect(event.reason).toMatch(/API key|Bearer/);
    }
  });

  it(
    'closes with 4429 (not 4500) for a key over its rate limit and for an address ' + 'blocked after bad keys, with the message REST gives',
    async () => {
      const limited = await createTestApp({ rateLimit: { points: 2, authFailures: 2, durationSeconds: 60 } });
      const closes: { code: number; reason: string }[] = [];
      const open = (k: string) =>
        new Promise<void>((resolve) => {
          const client = createClient({
            url: `${limited.url.replace('http', 'ws')}/graphql`,
            webSocketImpl: WebSocket,
            connectionParams: { authorization: `Bearer ${k}` },
            retryAttempts: 0,
            lazy: false,
            onNonLazyError: () => {},
            on: { closed: (e) => (closes.push(e as { code: number; reason: string }), resolve()), connected: () => resolve() },
          });
          clients.push(client);
        });
      try {
        const { key: k } = await limited.tenant('Limited Live Co');
        for (let i = 0; i < 3; i++) await open(k);
        expect(closes).toHaveLength(1);
        expect(closes[0].code).toBe(4429);
        const rest = await http(limited.url, '/api/v1/accounts', { key: k });
        expect(rest.status).toBe(429);
        expect(closes[0].reason).toBe(rest.body.detail);
        closes.length = 0;
        for (let i = 0; i < 3; i++) await open('ak_000000000000_00000000000000000000000000000000');
        expect(closes.map((c) => c.code)).toEqual([4401, 4401, 4429]);
        expect(closes[2].reason).toMatch(/Too many requests without a valid API key/);
      } finally {
        await limited.close();
      }
    },
  );

  it('drops a connection within seconds once its key is revoked', async () => {
    const { key: doomed } = await t.tenant('Revoked Live Co');
    let closedWith: { code: number; reason: string } | undefined;
    const client = connect(doomed, (event) => (closedWith = event));
    const before = await openCount();
    const s = collect(client, EVENTS);
    await untilOpenSubscriptions(t.app, before + 1);
    expect(closedWith).toBeUndefined();
    await revokeApiKeyByPrefix(t.db.prisma, doomed.split('_')[1]);
    const started = Date.now();
    while (!closedWith && Date.now() - started < 3000) await new Promise((r) => setTimeout(r, 50));
    expect(closedWith?.code).toBe(4401);
    expect(closedWith?.reason).toMatch(/revoked/);
    s.stop();
  });

  it('closes a connection whose key expires, saying it expired (not that it was revoked)', async () => {
    const { organizationId } = await t.tenant('Expiring Live Co');
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'short-lived', { expiresAt: new Date(Date.now() + 1_500) });
    let closedWith: { code: number; reason: string } | undefined;
    const client = connect(plaintext, (event) => (closedWith = event));
    const s = collect(client, EVENTS);
    await vi.waitUntil(() => closedWith, { timeout: 30_000, interval: 50 });
    expect(closedWith).toEqual(expect.objectContaining({ code: 4401, reason: 'The API key has expired' }));
    s.stop();
  });
});

describe('shutting down', () => {
  it('completes open subscriptions and closes their sockets normally when the app closes (SIGTERM)', async () => {
    const own = await createTestApp();
    const { key: k } = await own.tenant('Closing Co');
    let closedWith: { code: number } | undefined;
    const client = createClient({
      url: `${own.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${k}` },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => {},
      on: { closed: (event) => (closedWith = event as { code: number }) },
    });
    let completed = false;
    let failed: unknown;
    client.subscribe({ query: EVENTS }, { next: () => {}, error: (e) => (failed = e), complete: () => (completed = true) });
    await untilOpenSubscriptions(own.app, 1);
    await own.close();
    const deadline = Date.now() + 3000;
    while (!closedWith && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(closedWith?.code).toBe(1001); // "going away": a normal server shutdown
    expect(completed).toBe(true);
    expect(failed).toBeUndefined();
    await client.dispose();
  });
});

describe('over HTTP', () => {
  // A subscription over HTTP (server-sent events) would escape the socket's rules: the cap on open
  // subscriptions and the re-check that drops a revoked key. It is refused before it starts.
  it('is refused, naming graphql-ws, whether the client asks for server-sent events or JSON; the stream ends at once', async () => {
    const request = (accept: string) =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, accept, 'content-type': 'application/json' },
        body: JSON.stringify({ query: EVENTS }),
      });
    const sse = await request('text/event-stream');
    // Resolves only because the stream ends: a subscription left running would hold it open (the test's timeout).
    const text = await sse.text();
    const messages = text
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)));
    expect(messages).toHaveLength(1);
    expect(messages[0].data).toBeUndefined();
    expect(messages[0].errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(messages[0].errors[0].message).toContain('graphql-ws');

    const json = await request('application/graphql-response+json');
    expect(json.status).toBe(400);
    const body = await json.json();
    expect(body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'query' }] });
  });
});
