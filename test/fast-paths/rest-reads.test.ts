// REST reads that skip their stored document (RestRoute.read: a retrieve through the representation)
// answer exactly as the document does: every such route is called on this app (fast paths on) and on a
// server process with FAST_PATHS=false over the same database, for a record, another organization's
// record, an id of another type and a missing id; and the direct read runs the representation's
// statements alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/registry.ts';
import { http, type Started, type TestApp } from '../helpers.ts';
import type { RouteExamples } from '../rest/route-examples.ts';
import { startBothPaths } from './both-paths.ts';

let both: Awaited<ReturnType<typeof startBothPaths>>;
let t: TestApp;
let key: string;
let otherKey: string;
let general: Started;
let examples: RouteExamples;
const direct = restRoutes.filter((route) => route.read);

beforeAll(async () => {
  both = await startBothPaths('Direct Co');
  ({ t, key, otherKey, general, examples } = both);
}, 60_000);
afterAll(() => both?.close());

/** Status and body, without what differs per request (the request id in a problem). */
const answer = async (base: string, path: string, withKey = key) => {
  const response = await http(base, path, { key: withKey });
  const { requestId: _requestId, ...body } = response.body ?? {};
  return { status: response.status, body };
};

describe('REST reads without their document', () => {
  it('are the retrieve routes of every resource but events', () => {
    expect(direct.map((route) => route.operationId)).toContain('getInvoice');
    expect(direct.map((route) => route.operationId)).not.toContain('getEvent');
    expect(direct.every((route) => route.method === 'GET' && route.path.endsWith('/:id'))).toBe(true);
  });

  it('answer as the document does: a record, another organization, another type, a missing id', async () => {
    for (const route of direct) {
      const path = await examples[route.operationId]!.path();
      const id = path.split('/').pop()!;
      const missing = `${id.slice(0, -4)}zzzz`;
      const otherType = route.path.startsWith('/api/v1/customers') ? 'inv_01m8ezacm6cc68sberz79g5pyn' : 'cus_01m8ezacm6cc68sberz79g5pyn';
      for (const [probe, withKey] of [
        [path, key],
        [path, otherKey],
        [path.replace(id, missing), key],
        [path.replace(id, otherType), key],
      ] as const) {
        const [fast, slow] = [await answer(t.url, probe, withKey), await answer(general.url, probe, withKey)];
        expect(fast, `${route.operationId} ${probe}`).toEqual(slow);
        expect(fast.status, `${route.operationId} ${probe}`).toBe(withKey === key && probe === path ? 200 : 404);
      }
    }
  });

  it("run the representation's statements alone", async () => {
    const customer = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Counted' } })).body.id;
    await http(t.url, `/api/v1/customers/${customer}`, { key });
    const from = t.queries.length;
    expect((await http(t.url, `/api/v1/customers/${customer}`, { key })).status).toBe(200);
    const statements = t.queries.slice(from).filter((q) => !/^\s*(PRAGMA|BEGIN|COMMIT)/i.test(q));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM "Customer"/);
  });
});
