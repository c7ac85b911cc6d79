// REST reads that skip their stored document (RestRoute.read: a retrieve through the representation;
// RestRoute.readCoerced: a list's page read with its rows at once) answer exactly as the document does:
// every such route is called on this app (fast paths on) and on a server process with FAST_PATHS=false
// over the same database, for a record, another organization's record, an id of another type and a
// missing id, and for lists every filter, pages, sizes and refused parameters; and the direct reads run
// the representation's statements alone.
import { getNamedType, type GraphQLInputObjectType, isEnumType, isScalarType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANY_ID, ID_PREFIX, idKindNamedBy } from '../../src/lib/ids.ts';
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
const direct = restRoutes.filter((route) => route.read);
const lists = restRoutes.filter((route) => route.readCoerced);

beforeAll(async () => {
  both = await startBothPaths('Direct Co');
  ({ t, key, otherKey, general, examples } = both);
}, 60_000);
afterAll(() => both?.close());

/**
 * The statements `request` runs for its read, with the background passes (relay, webhook dispatcher) paused
 * meanwhile (their polls are statements too, and would land in the count now and then), and without the key's
 * own (looked up again when its memory lapses, its last use stored once a minute).
 */
async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
  await Promise.all([t.app.relay.stop(), t.app.dispatcher.stop()]);
  try {
    const from = t.queries.length;
    await request();
    return t.queries.slice(from).filter((q) => !/^\s*(PRAGMA|BEGIN|COMMIT)/i.test(q) && !/"ApiKey"/.test(q));
  } finally {
    t.app.relay.start();
    t.app.dispatcher.start();
  }
}

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
    const statements = await statementsOf(async () =>
      expect((await http(t.url, `/api/v1/customers/${customer}`, { key })).status).toBe(200),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM "Customer"/);
  });
});

/** A value for a list's filter parameter, by its GraphQL type: valid, or (`bad`) one REST refuses. */
function filterValue(filterType: string, name: string, ids: Record<string, string>, bad = false): string {
  const field = (schema.getType(filterType) as GraphQLInputObjectType).getFields()[name];
  const type = getNamedType(field.type);
  if (isEnumType(type)) return bad ? 'nonsense' : type.getValues()[0].name.toLowerCase();
  if (name.endsWith('Id')) {
    if (bad) return '5';
    // A record of the kind named where the test has one, else an id of that kind that matches nothing.
    const kind = idKindNamedBy(name);
    return ids[name] ?? `${kind && kind !== ANY_ID ? ID_PREFIX[kind] : 'inv'}_01m8ezacm6cc68sberz79g5pyn`;
  }
  if (isScalarType(type) && type.name === 'DateTime') return bad ? 'yesterday' : '2026-01-01T00:00:00Z';
  if (isScalarType(type) && type.name === 'Date') return bad ? '2026-02-30' : '2026-01-01';
  if (isScalarType(type) && type.name === 'Boolean') return bad ? 'maybe' : 'true';
  if (isScalarType(type) && (type.name === 'Int' || type.name === 'Money')) return bad ? 'many' : '1';
  return bad ? 'a\u0000b' : 'Co';
}

describe('REST lists read once', () => {
  it('are the lists whose representation says what it reads with a row', () => {
    expect(lists.map((route) => route.operationId)).toEqual(
      expect.arrayContaining([
        'listInvoices',
        'listBills',
        'listCustomers',
        'listVendors',
        'listJournalEntries',
        'listBankTransactions',
        'listEvents',
      ]),
    );
    expect(lists.every((route) => route.method === 'GET' && route.filter)).toBe(true);
  });

  it('answer as the document does: pages, sizes, every filter, refused parameters', async () => {
    // Records of each listed kind (each example's path makes the records it names).
    const seeded = new Set<string>();
    for (const route of lists) {
      const retrieve = restRoutes.find((r) => r.method === 'GET' && r.path === `${route.path}/:id`);
      if (!retrieve || !examples[retrieve.operationId]) continue;
      await examples[retrieve.operationId]!.path();
      seeded.add(route.path);
    }
    expect(seeded.size).toBeGreaterThan(lists.length / 2);
    const customerId = (await http(t.url, '/api/v1/customers?limit=1', { key })).body.data[0].id;
    const vendorId = (await http(t.url, '/api/v1/vendors?limit=1', { key })).body.data[0].id;
    const ids = { customerId, vendorId };
    for (const route of lists) {
      const { type, names } = route.filter!;
      const probes = ['', '?page=2&limit=1', '?limit=100', '?page=1000', '?limit=0', '?page=0&limit=500', '?unknown=1'];
      for (const name of names) {
        probes.push(`?${name}=${encodeURIComponent(filterValue(type, name, ids))}`);
        probes.push(`?${name}=${encodeURIComponent(filterValue(type, name, ids, true))}&limit=2`);
      }
      for (const probe of probes) {
        const path = `${route.path}${probe}`;
        const [fast, slow] = [await answer(t.url, path), await answer(general.url, path)];
        expect(fast, path).toEqual(slow);
        expect(JSON.stringify(fast.body), path).toBe(JSON.stringify(slow.body)); // the same order of keys too
      }
      const whole = await answer(t.url, route.path);
      expect(whole.status, route.path).toBe(200);
      if (seeded.has(route.path)) expect(whole.body.data.length, route.path).toBeGreaterThan(0);
    }
  });

  it('read the page with its rows, and the kept count', async () => {
    await http(t.url, '/api/v1/invoices?limit=5', { key });
    const statements = await statementsOf(async () => expect((await http(t.url, '/api/v1/invoices?limit=5', { key })).status).toBe(200));
    // The page of invoices, their lines, the kept count: the page is not read twice (ids, then rows).
    expect(statements, statements.join('\n')).toHaveLength(3);
    expect(statements.filter((q) => /FROM "Invoice"/.test(q))).toHaveLength(1);
  });

  it("complete a page's rows with what no include reads: accounts with their balances", async () => {
    await http(t.url, '/api/v1/accounts?limit=5', { key });
    const statements = await statementsOf(async () => expect((await http(t.url, '/api/v1/accounts?limit=5', { key })).status).toBe(200));
    // The page of accounts, their balances from the kept totals, the kept count.
    expect(statements, statements.join('\n')).toHaveLength(3);
    expect(statements.filter((q) => /FROM "Account"/.test(q))).toHaveLength(1);
  });
});
