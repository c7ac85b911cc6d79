// A client that stops reading is told what to do: its subscriptions end with SERVICE_UNAVAILABLE and
// `resumeAfter` (the last event it was sent), behind the events already on their way to it, and the socket
// closes with 4408; subscribing again with that `after` gives exactly what it missed. (A bounded queue per
// subscription in test/events/subscriptions.test.ts; 1,000 subscribers under load in bench/events.ts.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, http, rawSubscriber, type TestApp, untilOpenSubscriptions } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 }, socketKeepAliveMs: 500 });
});
afterAll(async () => {
  await t.close();
});

/** Waits for `predicate`, bounded so a lost message fails the test instead of hanging it (not a timing assertion). */
async function until(predicate: () => boolean, what: string, ms = 10_000) {
  for (const deadline = Date.now() + ms; !predicate(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

it('a client that stops reading is ended with where to resume, behind what was sent, and resuming there misses nothing', async () => {
  const { key } = await t.tenant('Stops Reading Co');
  const customer = async (name: string) => {
    const response = await http(t.url, '/api/v1/customers', { key, body: { name } });
    expect(response.status).toBe(201);
  };
  const client = rawSubscriber(t.url, key);
  await untilOpenSubscriptions(t.app, 1);
  // Live once an event written now arrives.
  for (let n = 0; client.received.length === 0; n++) {
    if (n > 50) throw new Error('the subscription never received an event');
    await customer(`Before ${n}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  client.socket.pause(); // stops reading: no more messages, and no answer to the server's pings
  for (let n = 0; n < 3; n++) await customer(`While stalled ${n}`);
  await untilOpenSubscriptions(t.app, 0); // the server gave up on it
  for (let n = 0; n < 2; n++) await customer(`After it ended ${n}`);

  client.socket.resume();
  await until(() => client.closed !== undefined, 'the close');
  expect(client.closed).toEqual({ code: 4408, reason: expect.stringContaining('did not answer a ping') });
  const ending = client.messages.findIndex((m) => m.type === 'next' && m.payload.errors);
  expect(ending).toBeGreaterThan(0);
  const error = client.messages[ending].payload.errors[0];
  const received = client.received;
  // resumeAfter names the last event that reached the client before the error; then `complete`.
  expect(error.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', resumeAfter: received.at(-1) });
  expect(error.message).toContain(`after: "${received.at(-1)}"`);
  expect(client.messages.slice(ending + 1).map((m) => m.type)).toEqual(['complete']);
  // Operators see it: one subscription ended for not answering.
  const ended = (await t.app.metrics.registry.getSingleMetric('accounting_graphql_subscriptions_ended_total')!.get()).values;
  expect(ended).toEqual([expect.objectContaining({ labels: { reason: 'unresponsive' }, value: 1 })]);

  // Resuming after it gives the rest of the log: every event the organization committed after it, once.
  const log = (
    await t.db.prisma.event.findMany({
      where: { organizationId: (await t.db.prisma.event.findFirstOrThrow({ where: { id: received[0] } })).organizationId },
      orderBy: { seq: 'asc' },
      select: { id: true },
    })
  ).map((e) => e.id);
  const missed = log.slice(log.indexOf(received.at(-1)!) + 1);
  expect(missed.length).toBeGreaterThanOrEqual(2);
  const resumed = rawSubscriber(t.url, key, { after: received.at(-1) });
  await until(() => resumed.received.length >= missed.length, 'the replay');
  expect(resumed.received).toEqual(missed);
  resumed.close();
});
