// Input nobody writes by hand: bodies nested as deep as they fit, every content type on both surfaces,
// and GraphQL documents with several mutations. Each is answered with a 4xx and a readable body (or,
// for mutations, with every write that committed reported), never a 500, and nothing is written that
// the client is not told of.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/lib/text.ts';
import { restRoutes } from '../../src/registry.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let invoiceId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 1_000_000 }, maxBodyBytes: 1_000_000 });
  ({ key, organizationId } = await t.tenant('Hostile input'));
  const customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Target' } })).body.id;
  invoiceId = (await http(t.url, '/api/v1/invoices', { key, body: { customerId, lines: [{ description: 'x', unitPrice: 10 }] } })).body.id;
});
afterAll(() => t.close());

const customers = () => t.db.prisma.customer.count({ where: { organizationId } });
const payments = () => t.db.prisma.payment.count({ where: { organizationId } });

/** A JSON text nesting `depth` arrays or objects, built as text (JSON.stringify itself would recurse). */
function nested(depth: number, kind: 'array' | 'object', inner = '1') {
  return kind === 'array' ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

describe('deeply nested JSON', () => {
  it(`REST: ${MAX_JSON_DEPTH} levels pass the check; one more is 400 naming where, at any depth to 100,000, on every route`, async () => {
    const before = [await customers(), await payments()];
    const fits = await http(t.url, '/api/v1/customers', {
      key,
      rawBody: `{"name":"Deep","notes":${nested(MAX_JSON_DEPTH - 1, 'object', '"x"')}}`,
      headers: { 'content-type': 'application/json' },
    });
    // Within the depth limit the body reaches the field check, which refuses an object as notes.
    expectProblem(fits, 400, 'VALIDATION_FAILED');
    expect(fits.body.errors.map((e: any) => e.path)).toEqual(['notes']);
    const over = await http(t.url, '/api/v1/customers', {
      key,
      rawBody: `{"name":"Deep","notes":${nested(MAX_JSON_DEPTH, 'object', '"x"')}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(over, 400, 'VALIDATION_FAILED');
    expect(over.body.errors).toEqual([
      { path: `notes${'.a'.repeat(MAX_JSON_DEPTH - 1)}`, message: expect.stringContaining(`the limit is ${MAX_JSON_DEPTH}`) },
    ]);
    const posts = restRoutes.filter((r) => r.method !== 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts),
        fc.integer({ min: MAX_JSON_DEPTH + 1, max: 100_000 }),
        fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
        fc.boolean(),
        async (route, depth, kind, whole) => {
          const path = route.path.replace(':id', invoiceId);
          const rawBody = whole ? nested(depth, kind) : `{"name":"x","amount":${nested(depth, kind)}}`;
          const response = await http(t.url, path, { method: route.method, key, rawBody, headers: { 'content-type': 'application/json' } });
          expectProblem(response, 400, 'VALIDATION_FAILED');
          expect(response.body.errors[0].message).toContain('the limit is');
        },
      ),
      { seed: 77, numRuns: 40 },
    );
    expect([await customers(), await payments()]).toEqual(before);
  }, 60_000);

  it('GraphQL: a variable nested past the limit is refused with VALIDATION_FAILED and its path, over HTTP', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 3_000, 100_000]) {
      const rawBody =
        `{"query":"mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { id } ` +
        `}","variables":{"input":{"name":"x","notes":${nested(depth, 'array')}}}}`;
      // A request error: 400 to a client that accepts the GraphQL response type (docs/graphql.md, HTTP status).
      const headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json' };
      const response = await http(t.url, '/graphql', { key, rawBody, headers });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ path: `input.notes${'.0'.repeat(MAX_JSON_DEPTH - 2)}` }],
      });
    }
    const whole = await http(t.url, '/graphql', {
      key,
      rawBody: nested(100_000, 'array'),
      headers: { 'content-type': 'application/json' },
    });
    expect(whole.status).toBeGreaterThanOrEqual(400);
    expect(whole.status).toBeLessThan(500);
  });
});

describe('content types', () => {
  const types = [
    'text/plain',
    'application/xml',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    'application/graphql',
    'application/jsonx',
    '',
    'application/json; charset=latin1',
  ];

  it.each(types)('POST /graphql with Content-Type %j is refused with a 4xx and a readable body, never run', async (type) => {
    const before = await customers();
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, ...(type ? { 'content-type': type } : {}) },
      body: 'mutation { createCustomer(input: { name: "by content type" }) { id } }',
    });
    const text = await response.text();
    expect(response.status, text).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('content-type')).toMatch(/json/);
    const body = JSON.parse(text);
    expect(body.code ?? body.errors?.[0]?.extensions?.code).toMatch(/^(UNSUPPORTED_MEDIA_TYPE|MALFORMED_JSON|VALIDATION_FAILED)$/);
    expect(await customers()).toBe(before);
  });

  it('an unsupported Content-Type on /graphql is 415 with the problem body REST gives', async () => {
    const response = await http(t.url, '/graphql', { key, rawBody: '<query/>', headers: { 'content-type': 'application/xml' } });
    expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(response.body.detail).toContain('application/json');
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('%s /graphql is 405 with a readable body', async (method) => {
    const response = await http(t.url, '/graphql', {
      key,
      method,
      rawBody: '{"query":"{ __typename }"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(405);
    expect(response.body.code ?? response.body.errors?.[0]?.extensions?.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('requests that are not GraphQL over HTTP are 4xx, never 200', async () => {
    const cases: [string, RequestInit][] = [
      ['/graphql', { method: 'GET', headers: { accept: 'application/json' } }],
      ['/graphql?query=', { method: 'GET' }],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' }],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' }],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '"{ __typename }"' }],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": 5}' }],
    ];
    for (const [path, init] of cases) {
      const response = await fetch(`${t.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, ...(init.headers as object) },
      });
      const text = await response.text();
      expect(response.status, `${init.method} ${path} ${String(init.body)} → ${response.status} ${text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, text).toBeLessThan(500);
      expect(text.length, `${init.method} ${path} ${String(init.body)}: empty body`).toBeGreaterThan(0);
    }
  });

  it.each(types.filter((type) => !type.startsWith('application/json')))(
    'POST to a REST route with Content-Type %j is 415 and writes nothing',
    async (type) => {
      const before = await customers();
      const response = await fetch(`${t.url}/api/v1/customers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, ...(type ? { 'content-type': type } : {}) },
        body: '{"name":"by content type"}',
      });
      expect(response.status).toBe(415);
      expect((await response.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(await customers()).toBe(before);
    },
  );
});

describe('documents with several mutations', () => {
  const names = async (prefix: string) =>
    (await t.db.prisma.customer.findMany({ where: { organizationId, name: { startsWith: prefix } }, select: { id: true, name: true } }))
      .map((c) => c.name)
      .sort();

  it('a second mutation that fails leaves the first reported: its id in data, the error on the second field only', async () => {
    const r = await gql(
      t.url,
      key,
      'mutation { a: createCustomer(input: { name: "multiA" }) { id name } b: createCustomer(input: { name: "" }) { id } }',
    );
    expect(r.status).toBe(200);
    expect(r.body.data.a).toMatchObject({ id: expect.stringMatching(/^cus_/), name: 'multiA' });
    expect(r.body.data.b).toBeNull();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0]).toMatchObject({ path: ['b'], extensions: { code: 'VALIDATION_FAILED' } });
    expect(await names('multiA')).toEqual(['multiA']);
  });

  it('a second mutation that fails in the books (unbalanced) leaves the first reported, and the third still runs', async () => {
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data;
    const cash = accounts.find((a: any) => a.code === '1010').id;
    const equity = accounts.find((a: any) => a.code === '3000').id;
    const r = await gql(
      t.url,
      key,
      `mutation {
        a: createCustomer(input: { name: "multiB1" }) { id }
        b: createJournalEntry(input: { date: "2026-03-01", description: "x", lines: [{ accountId: "${cash}", debit: "5" }, {
          accountId: "${equity}", credit: "4" }] }) { id }
        c: createCustomer(input: { name: "multiB2" }) { id }
      }`,
    );
    expect(r.body.data.a.id).toMatch(/^cus_/);
    expect(r.body.data.b).toBeNull();
    expect(r.body.data.c.id).toMatch(/^cus_/);
    expect(r.body.errors.map((e: any) => [e.path[0], e.extensions.code])).toEqual([['b', 'UNBALANCED_ENTRY']]);
    expect(await names('multiB')).toEqual(['multiB1', 'multiB2']);
  });

  it('a document refused before it runs (a mistake in the second mutation) writes nothing', async () => {
    const before = await customers();
    const r = await gql(
      t.url,
      key,
      'mutation { a: createCustomer(input: { name: "multiC" }) { id } b: createCustomer(input: { name: "x", colour: "red" }) { id } }',
    );
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(await customers()).toBe(before);
  });
});

describe('a write whose answer cannot be read back', () => {
  it('reports the committed id in the error, so the client does not write again', async () => {
    let failReads = false;
    const app = await createTestApp(
      {},
      {
        onOperation: (operation) => {
          if (failReads && operation === 'Customer.findUniqueOrThrow') throw new Error('connection lost');
        },
      },
    );
    try {
      const { key: k, organizationId: org } = await app.tenant();
      failReads = true;
      const r = await gql(
        app.url,
        k,
        'mutation { createCustomer(input: { name: "Read fails" }) { id name invoices(first: 1) { totalCount } } }',
      );
      failReads = false;
      expect(r.body.data.createCustomer).toBeNull();
      const written = await app.db.prisma.customer.findFirstOrThrow({ where: { organizationId: org, name: 'Read fails' } });
      expect(r.body.errors[0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', writtenId: written.id });
      expect(r.body.errors[0].message).toContain(written.id);
    } finally {
      await app.close();
    }
  });
});
