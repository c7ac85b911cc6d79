// REST writes that call their mutation's write instead of running their stored document (a document that
// is one mutation selecting only the id: http/rest.ts `directWriteOf`) answer as the document does. Every
// such route is called with its example on this app (fast paths on) and on a server process with
// FAST_PATHS=false over the same database: the same status, headers and shape of body; the same refusal
// of a missing record, of another organization's, and of a body its rules refuse; an idempotent retry
// answered from the first write on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Yoga } from '../../src/graphql/context.ts';
import { type DirectWrite, directWrites } from '../../src/graphql/mutations.ts';
import { createRestRouter } from '../../src/http/rest.ts';
import { restRoutes, schema } from '../../src/registry.ts';
import { http, type Started, type TestApp } from '../helpers.ts';
import type { RouteExamples } from '../rest/route-examples.ts';
import { startBothPaths } from './both-paths.ts';

let both: Awaited<ReturnType<typeof startBothPaths>>;
let t: TestApp;
let key: string;
let otherKey: string;
let general: Started;
let examples: RouteExamples;
let accounts: Record<string, string>;
const direct = createRestRouter(restRoutes, schema, {} as Yoga).routes.filter((route) => route.directWrite);
/** How many times each mutation's write was called by a REST route without GraphQL (the resolvers call it apart). */
const directCalls = new Map<string, number>();

beforeAll(async () => {
  for (const [name, write] of directWrites) {
    const counted: DirectWrite = (...args) => {
      directCalls.set(name, (directCalls.get(name) ?? 0) + 1);
      return write(...args);
    };
    directWrites.set(name, counted);
  }
  both = await startBothPaths('Direct Writes Co');
  ({ t, key, otherKey, general, examples, accounts } = both);
}, 60_000);
afterAll(() => both?.close());

/** A body's shape: its keys, nested (ids, amounts, dates and how many lines differ between two writes). */
const shape = (value: unknown): unknown =>
  Array.isArray(value)
    ? 'list'
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
      : 'value';

type Method = 'POST' | 'PATCH' | 'DELETE';

/** Status, the headers a client reads, and the body without what differs per request (a problem's request id). */
async function send(base: string, method: Method, path: string, body: unknown, options: { key?: string; idempotencyKey?: string } = {}) {
  const response = await http(base, path, {
    method,
    key: options.key ?? key,
    ...(method === 'DELETE' ? {} : { body: body ?? {} }),
    ...(options.idempotencyKey ? { headers: { 'idempotency-key': options.idempotencyKey } } : {}),
  });
  const { requestId: _requestId, ...rest } = response.body ?? {};
  return {
    status: response.status,
    location: response.headers.get('location')?.replace(/[^/]+$/, '{id}') ?? null,
    replayed: response.headers.get('idempotent-replayed'),
    body: rest as Record<string, unknown>,
  };
}

describe('REST writes without their document', () => {
  it("are the create, update, action and delete routes selecting only the id; not those that read GraphQL's answer", () => {
    const names = direct.map((route) => route.operationId);
    for (const name of ['createJournalEntry', 'createInvoice', 'updateCustomer', 'voidInvoice', 'recordPayment', 'deleteEstimate'])
      expect(names).toContain(name);
    // A list answered (the rates set) and a secret shown once (the key's) are read from GraphQL's data.
    expect(names).not.toContain('setExchangeRates');
    expect(names).not.toContain('createApiKey');
    expect(direct.every((route) => route.method !== 'GET')).toBe(true);
    expect(direct.length).toBeGreaterThan(100);
  });

  it('answer as the document does: status, Location, the body of the written record; and call the write straight', async () => {
    for (const route of direct) {
      const example = examples[route.operationId];
      expect(example, `an example for ${route.operationId}`).toBeDefined();
      const method = route.method as Method;
      const calls = directCalls.get(route.operationId) ?? 0;
      const fast = await send(t.url, method, await example!.path(), await example!.body?.());
      expect(directCalls.get(route.operationId), `${route.operationId} ran without GraphQL`).toBe(calls + 1);
      const slow = await send(general.url, method, await example!.path(), await example!.body?.());
      expect([200, 201, 202], `${route.operationId} ${JSON.stringify(fast.body)}`).toContain(fast.status);
      expect({ ...fast, body: shape(fast.body) }, route.operationId).toEqual({ ...slow, body: shape(slow.body) });
    }
  }, 120_000);

  it("refuse as the document does: a missing record, another organization's, a body the rules refuse", async () => {
    const journal = { date: '2026-03-01', lines: [{ accountId: accounts['1000'], debit: '10.00' }] };
    const probes: [Method, string, unknown, string?][] = [
      ['POST', '/api/v1/journal-entries', journal],
      ['POST', '/api/v1/journal-entries', { ...journal, lines: [...journal.lines, { accountId: accounts['4000'], credit: '9.00' }] }],
      ['POST', '/api/v1/invoices', { customerId: 'cus_01m8ezacm6cc68sberz79g5pyn', lines: [{ description: 'x', unitPrice: 1 }] }],
      ['POST', `/api/v1/invoices/${await examples.voidInvoice.path().then((p) => p.split('/')[3])}/void`, {}, otherKey],
      ['POST', '/api/v1/invoices/inv_01m8ezacm6cc68sberz79g5pyn/void', {}],
      ['PATCH', '/api/v1/customers/cus_01m8ezacm6cc68sberz79g5pyn', { name: 'Nobody' }],
      ['DELETE', '/api/v1/estimates/est_01m8ezacm6cc68sberz79g5pyn', undefined],
    ];
    for (const [method, path, body, withKey] of probes) {
      const [fast, slow] = [
        await send(t.url, method, path, body, { key: withKey }),
        await send(general.url, method, path, body, { key: withKey }),
      ];
      expect(fast.status, `${method} ${path} ${JSON.stringify(fast.body)}`).toBeGreaterThanOrEqual(400);
      expect(fast.status).toBeLessThan(500);
      expect(fast, `${method} ${path}`).toEqual(slow);
    }
  });

  it('answer an idempotent retry from the first write, marked as replayed, on both paths', async () => {
    const body = {
      date: '2026-03-02',
      lines: [
        { accountId: accounts['1000'], debit: '12.00' },
        { accountId: accounts['4000'], credit: '12.00' },
      ],
    };
    const first = await send(t.url, 'POST', '/api/v1/journal-entries', body, { idempotencyKey: 'direct-retry-1' });
    const again = await send(t.url, 'POST', '/api/v1/journal-entries', body, { idempotencyKey: 'direct-retry-1' });
    const viaDocument = await send(general.url, 'POST', '/api/v1/journal-entries', body, { idempotencyKey: 'direct-retry-1' });
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    for (const retry of [again, viaDocument]) expect(retry).toEqual({ ...first, replayed: 'true' });
  });
});
