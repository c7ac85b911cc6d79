// The relay hands on every committed event exactly once and nothing uncommitted: at commit (the unit of
// work's hand-off), or by its sweep for events stored unrelayed. On PostgreSQL, concurrent transactions
// commit out of seq order (the outbox trap); nothing reads by a "last seq" cursor, so none is skipped.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createUnitOfWork } from '../../src/core/unit-of-work.ts';
import type { LoggedEvent } from '../../src/events/bus.ts';
import { customers } from '../../src/modules/contacts/contacts.service.ts';
import { representations } from '../../src/registry.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let failNextCommit = false;
const tenants: { key: string; organizationId: string }[] = [];
const published: LoggedEvent[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { rateLimit: { points: 100_000, durationSeconds: 60 } },
    {
      beforeCommit: () => {
        if (failNextCommit) {
          failNextCommit = false;
          throw new Error('injected');
        }
      },
    },
  );
  for (let i = 0; i < 5; i++) tenants.push(await t.tenant(`Relay Co ${i}`));
  // The app's own bus, as a subscriber has it: each organization's events handed on in seq order (events/order.ts),
  // whichever commit's hand-off runs first.
  for (const { organizationId } of tenants) t.app.bus.subscribe(organizationId, (event) => published.push(event));
});
afterAll(() => t.close());

it('publishes every committed event exactly once under many concurrent writers', async () => {
  await Promise.all(
    Array.from({ length: 200 }, (_, i) => {
      const { key } = tenants[i % tenants.length];
      return http(t.url, '/api/v1/customers', { key, body: { name: `Writer ${i}` } }).then((r) => expect(r.status).toBe(201));
    }),
  );
  const deadline = Date.now() + 10_000;
  const logged = await t.db.prisma.event.findMany({
    where: { organizationId: { in: tenants.map((x) => x.organizationId) } },
    select: { id: true, seq: true, organizationId: true },
  });
  expect(logged).toHaveLength(200);
  while (published.length < logged.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const ids = published.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(new Set(ids)).toEqual(new Set(logged.map((e) => e.id)));
  // Each organization's events arrive in the order they committed.
  for (const { organizationId } of tenants) {
    const seqs = published.filter((e) => e.organizationId === organizationId).map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  }
  // Each event names the organization's event before it (0 for its first), as the log has them: what lets
  // every instance tell a gap (events/order.ts). On PostgreSQL the writes wait on each other's locks.
  for (const { organizationId } of tenants) {
    const seqs = logged
      .filter((e) => e.organizationId === organizationId)
      .map((e) => e.seq)
      .sort((a, b) => a - b);
    const previous = new Map(published.filter((e) => e.organizationId === organizationId).map((e) => [e.seq, e.previousSeq]));
    expect(seqs.map((seq) => previous.get(seq))).toEqual([0, ...seqs.slice(0, -1)]);
  }
  expect(await t.db.prisma.event.count({ where: { relayedAt: null } })).toBe(0);
});

it('publishes nothing of a write that did not commit', async () => {
  const before = published.length;
  failNextCommit = true;
  expect((await http(t.url, '/api/v1/customers', { key: tenants[0].key, body: { name: 'Never' } })).status).toBe(500);
  await t.app.relay.drain();
  await new Promise((r) => setTimeout(r, 100));
  expect(published.length).toBe(before);
});

it('sweeps events stored without the hand-off (a seeding script, another tool): published once each, in order', async () => {
  const seeding = createUnitOfWork({ db: t.db, representations }); // no relay: events are stored unrelayed
  const { organizationId } = tenants[1];
  const written: string[] = [];
  // The loop is paused while seeding, so its timer cannot sweep an event before the count below.
  await t.app.relay.stop();
  for (let i = 0; i < 3; i++) {
    const change = await seeding.write(organizationId, { operation: 'createCustomer', input: null }, (scope) =>
      customers.create(scope, { name: `Seeded ${i}` }),
    );
    written.push(change.id);
  }
  expect(await t.db.prisma.event.count({ where: { organizationId, relayedAt: null } })).toBe(3);
  t.app.relay.start();
  await t.app.relay.drain();
  // Handed on in seq order: an event may wait a moment for its predecessors (events/order.ts).
  await vi.waitFor(() => {
    const seen = published.filter((e) => e.organizationId === organizationId && written.includes(e.resourceId));
    expect(seen.map((e) => e.resourceId)).toEqual(written);
  }, 5_000);
  expect(await t.db.prisma.event.count({ where: { organizationId, relayedAt: null } })).toBe(0);
});
