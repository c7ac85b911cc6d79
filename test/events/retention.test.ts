// The event log keeps what it must: after EVENT_RETENTION_DAYS an event's data is pruned and its row
// stays as the audit trail (type, resource, time, who); an event a webhook delivery still waits for is
// kept whole until the delivery is done; a pruned event is neither redelivered nor resumed from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionAfter } from '../../src/events/stream.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let now = new Date('2026-01-01T09:00:00Z');
let t: TestApp;
let key: string;
let organizationId: string;
const get = (path: string) => http(t.url, path, { key });

beforeAll(async () => {
  // The hook's target refuses; its one retry is an hour away, so its delivery stays pending.
  t = await createTestApp({ webhooks: { retryScheduleMs: [3_600_000], allowPrivateTargets: true } }, { clock: () => now });
  ({ key, organizationId } = await t.tenant('Retention Co'));
});
afterAll(() => t.close());

describe('event retention (30 days by default)', () => {
  let early: { id: string };
  let waiting: { id: string };
  let hook: { id: string };

  it('prunes the data of events past it, keeps their rows, and keeps whole what a delivery waits for', async () => {
    await http(t.url, '/api/v1/customers', { key, body: { name: 'Early Ltd' } });
    [early] = (await get('/api/v1/events?type=customer.created')).body.data;
    hook = (await http(t.url, '/api/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook', eventTypes: ['vendor.created'] } })).body;
    await http(t.url, '/api/v1/vendors', { key, body: { name: 'Waited For Ltd' } });
    [waiting] = (await get('/api/v1/events?type=vendor.created')).body.data;
    await t.app.dispatcher.drain();
    const delivery = (await get(`/api/v1/webhooks/subscriptions/${hook.id}/deliveries`)).body.data[0];
    expect(delivery.status).toBe('pending');

    now = new Date('2026-02-15T09:00:00Z'); // 45 days on
    await http(t.url, '/api/v1/customers', { key, body: { name: 'Recent Ltd' } });
    await t.app.workers['event-retention']!.drain();

    const pruned = (await get(`/api/v1/events/${early.id}`)).body;
    expect(pruned).toMatchObject({ id: early.id, type: 'customer.created', data: {}, prunedAt: '2026-02-15T09:00:00.000Z' });
    expect(pruned.actor).toMatchObject({ type: 'api_key', name: 'test key' });
    expect((await get(`/api/v1/events/${waiting.id}`)).body.data.object.name).toBe('Waited For Ltd');
    const recent = (await get('/api/v1/events?type=customer.created')).body.data.at(-1);
    expect(recent.data.object.name).toBe('Recent Ltd');
    expect(recent.prunedAt).toBeUndefined();
    const viaGraphql = await gql(t.url, key, `{ node(id: "${early.id}") { ... on Event { type prunedAt data actor { type } } } }`);
    expect(viaGraphql.body.data.node).toEqual({
      type: 'customer.created',
      prunedAt: '2026-02-15T09:00:00.000Z',
      data: {},
      actor: { type: 'api_key' },
    });
  });

  it('once the delivery is done, the event it waited for is pruned too; a pruned event is not redelivered or resumed from', async () => {
    await t.db.prisma.webhookDelivery.updateMany({ where: { eventId: waiting.id }, data: { status: 'FAILED' } });
    // A new instance starts from the beginning of the log once.
    const { createRetention } = await import('../../src/events/retention.ts');
    const { createLogger } = await import('../../src/lib/logger.ts');
    await createRetention({ db: t.db, logger: createLogger('silent'), clock: () => now, retentionDays: 30 }).drain();
    expect((await get(`/api/v1/events/${waiting.id}`)).body.data).toEqual({});
    const redeliver = await http(t.url, `/api/v1/webhooks/subscriptions/${hook.id}/redeliver`, { key, body: { eventId: waiting.id } });
    expect(redeliver.status).toBe(400);
    expect(redeliver.body.errors[0]).toMatchObject({ path: 'eventId', message: expect.stringMatching(/was pruned on 2026-02-15/) });
    await expect(positionAfter(t.db.prisma, organizationId, early.id)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ path: 'after', message: expect.stringMatching(/pruned/) }],
    });
  });
});

it('EVENT_RETENTION_DAYS=0 keeps every event whole', async () => {
  let clock = new Date('2026-01-01T00:00:00Z');
  const keeping = await createTestApp({ eventRetentionDays: 0 }, { clock: () => clock });
  try {
    const { key: k } = await keeping.tenant('Keeper Co');
    await http(keeping.url, '/api/v1/customers', { key: k, body: { name: 'Kept Ltd' } });
    clock = new Date('2030-01-01T00:00:00Z');
    await keeping.app.workers['event-retention']!.drain();
    const [event] = (await http(keeping.url, '/api/v1/events?type=customer.created', { key: k })).body.data;
    expect(event.data.object.name).toBe('Kept Ltd');
  } finally {
    await keeping.close();
  }
});
