// A webhook URL's host is resolved before the write's transaction opens: a name that takes long to
// resolve must not hold the organization's other writes (on SQLite, every write) behind it. The name
// lookup is replaced here by one that answers only when the test lets it (no timer: the order of events
// is what is checked, not how fast anything is), with a private address, so the registration is refused
// and nothing is ever sent anywhere; every request goes to the test server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, expectProblem, http, type TestApp } from '../helpers.ts';

const SLOW_HOST = 'slow-to-resolve.invalid';

/** The slow name's lookups: each waits until `answer()` is called; `asked` counts them. */
const lookups = vi.hoisted(() => {
  let answer!: () => void;
  const state = { asked: 0, answered: new Promise<void>((resolve) => (answer = resolve)), answer: () => answer() };
  return state;
});

vi.mock('node:dns', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:dns')>();
  const lookup = (
    host: string,
    options: unknown,
    callback: (error: Error | null, addresses: { address: string; family: number }[]) => void,
  ) => {
    if (host === SLOW_HOST) {
      lookups.asked++;
      void lookups.answered.then(() => callback(null, [{ address: '10.0.0.5', family: 4 }]));
      return;
    }
    (actual.lookup as (...args: unknown[]) => void)(host, options, callback);
  };
  return { ...actual, default: { ...actual, lookup }, lookup };
});

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ webhooks: { timeoutMs: 1000, retryScheduleMs: [], allowPrivateTargets: false } });
  ({ key } = await t.tenant('Slow DNS Co'));
  await t.app.dispatcher.stop(); // nothing here is meant to be delivered
});
afterAll(() => t.close());

describe('webhook targets', () => {
  it('are resolved before the write opens its transaction: a slow lookup holds no other write of the organization', async () => {
    let registrationAnswered = false;
    const registration = http(t.url, '/api/v1/webhooks', { key, body: { url: `https://${SLOW_HOST}/hook`, eventTypes: ['*'] } }).then(
      (r) => {
        registrationAnswered = true;
        return r;
      },
    );
    await vi.waitFor(() => expect(lookups.asked).toBe(1), { timeout: 20_000 }); // the registration waits for its lookup
    const customer = await http(t.url, '/api/v1/customers', { key, body: { name: 'Written meanwhile' } });
    expect(customer.status).toBe(201);
    expect(registrationAnswered).toBe(false);

    lookups.answer();
    const refused = await registration;
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([{ path: 'url', message: expect.stringContaining('private address (10.0.0.5)') }]);
    expect(await t.db.prisma.webhookSubscription.count()).toBe(0);
  });

  it('refuse a loopback address, naming the setting that allows private targets for development', async () => {
    const refused = await http(t.url, '/api/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook', eventTypes: ['*'] } });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([
      { path: 'url', message: expect.stringMatching(/loopback address \(127\.0\.0\.1\).*WEBHOOK_ALLOW_PRIVATE_TARGETS=1/) },
    ]);
  });

  it('refuse IPv4-compatible IPv6 spellings of loopback as the IPv4 address they carry', async () => {
    for (const url of ['http://[::127.0.0.1]/hook', 'http://[::7f00:1]/hook']) {
      const refused = await http(t.url, '/api/v1/webhooks', { key, body: { url, eventTypes: ['*'] } });
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body.errors).toEqual([{ path: 'url', message: expect.stringMatching(/^resolves to a loopback address/) }]);
    }
  });

  it("are judged again when a subscription's url changes, with the same refusal", async () => {
    lookups.answer(); // no need to hold this lookup (and, run alone, nothing else would answer it)
    // A subscription stored as an earlier configuration allowed it (loopback); nothing is dispatched here.
    const { organizationId, key: ownKey } = await t.tenant('Changing Co');
    const id = newId('WebhookSubscription');
    await t.db.prisma.webhookSubscription.create({
      data: {
        id,
        organizationId,
        url: 'http://127.0.0.1:9/hook',
        eventTypes: 'invoice.paid',
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0',
      },
    });
    const changed = await http(t.url, `/api/v1/webhooks/subscriptions/${id}`, {
      key: ownKey,
      method: 'PATCH',
      body: { url: `https://${SLOW_HOST}/elsewhere` },
    });
    expectProblem(changed, 400, 'VALIDATION_FAILED');
    expect(changed.body.errors).toEqual([{ path: 'url', message: expect.stringContaining('private address (10.0.0.5)') }]);
    expect((await t.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id } })).url).toBe('http://127.0.0.1:9/hook');
  });
});
