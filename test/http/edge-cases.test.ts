// Inputs at the edges must get a 4xx with a code, never a 500.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant());
});
afterAll(() => t.close());

describe('edge inputs', () => {
  it('connection sizes out of range are validation errors', async () => {
    for (const args of ['first: 1000', 'first: -1', 'last: -5']) {
      const r = await gql(t.url, key, `{ customers(${args}) { totalCount } }`);
      expect(r.body.errors?.[0]?.extensions?.code, `${args}: ${JSON.stringify(r.body)}`).toBe('VALIDATION_FAILED');
    }
    const cursor = await gql(t.url, key, '{ customers(first: 2, after: "not-a-cursor") { totalCount } }');
    expect(cursor.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });

  it('a malformed percent-encoding in the path is a 404, not a crash', async () => {
    expectProblem(await http(t.url, '/api/v1/customers/%E0%A4%A', { key }), 404, 'NOT_FOUND');
  });

  it('amounts too large to store are refused by field', async () => {
    const customer = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Big' } })).body.id;
    const invoice = await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId: customer, lines: [{ description: 'x', quantity: 999999999, unitPrice: 9999999999999.99 }] },
    });
    expectProblem(invoice, 400, 'VALIDATION_FAILED');
    expect(invoice.body.errors[0].path).toMatch(/^lines\.0/);
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data;
    // biome-ignore lint/correctness/noPrecisionLoss: the most a body may say, sent as the JSON number a client sends
    const huge = 99999999999999.99;
    const entry = await http(t.url, '/api/v1/journal-entries', {
      key,
      body: {
        date: '2026-01-01',
        description: 'x',
        lines: [
          { accountId: accounts[0].id, debit: huge, credit: 0 },
          { accountId: accounts[1].id, debit: 0, credit: huge },
        ],
      },
    });
    expectProblem(entry, 400, 'VALIDATION_FAILED');
  });

  it('a JSON array or a scalar as body is refused', async () => {
    expectProblem(await http(t.url, '/api/v1/customers', { key, body: [{ name: 'x' }] }), 400, 'VALIDATION_FAILED');
    expectProblem(await http(t.url, '/api/v1/customers', { key, body: 'x' }), 400, 'VALIDATION_FAILED');
    expectProblem(await http(t.url, '/api/v1/customers', { key, body: null }), 400, 'VALIDATION_FAILED');
  });

  it('an invalid Idempotency-Key is refused by name', async () => {
    const r = await http(t.url, '/api/v1/customers', { key, body: { name: 'x' }, headers: { 'idempotency-key': 'x'.repeat(300) } });
    expectProblem(r, 400, 'VALIDATION_FAILED');
    expect(r.body.errors[0].path).toBe('idempotencyKey');
  });

  it('GraphQL syntax errors carry VALIDATION_FAILED', async () => {
    const r = await gql(t.url, key, '{ customers(first: ');
    expect(r.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });
});

describe('query limits', () => {
  it('refuses a query nested too deep or with too many aliases before running it', async () => {
    const deep =
      '{ customers(first: 1) { edges { node { invoices(first: 1) { edges { node { customer { invoices(first: 1) { edges { node { ' +
      'customer { invoices(first: 1) { edges { node { id } } } } } } } } } } } } } } }';
    const r = await gql(t.url, key, deep);
    expect(r.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(r.body.errors[0].message).toMatch(/depth/i);
    const aliases = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: viewer { organization { name } }`).join(' ')} }`;
    const a = await gql(t.url, key, aliases);
    expect(a.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(a.body.errors[0].message).toMatch(/alias/i);
  });

  it('counts aliases inside fragments, however the document spreads them', async () => {
    const ten = (p: string) => Array.from({ length: 10 }, (_, i) => `${p}${i}: viewer { organization { name } }`).join(' ');
    const spread = `query { ...A ...B } fragment A on Query { ${ten('a')} } fragment B on Query { ${ten('b')} }`;
    const inline = `query { ... on Query { ${ten('a')} } ... on Query { ${ten('b')} } }`;
    const nested = `query { ...A } fragment A on Query { ${ten('a')} ...B } fragment B on Query { ${ten('b')} }`;
    for (const query of [spread, inline, nested]) {
      const r = await gql(t.url, key, query);
      expect(r.body.errors?.[0]?.message, query).toBe('Aliases limit of 15 exceeded, found 20.');
      expect(r.body).not.toHaveProperty('data');
    }
  });
});

describe('the HTTP status of a GraphQL request error', () => {
  // One rule, the GraphQL-over-HTTP spec's: nothing ran → 400 to a client that accepts
  // application/graphql-response+json, 200 to one that asked for application/json (docs/graphql.md).
  const refused: Record<string, [string, Record<string, unknown>?]> = {
    syntax: ['{ customers(first: '],
    'unknown field': ['{ nope }'],
    depth: [
      '{ customers(first: 1) { edges { node { invoices(first: 1) { edges { node { customer { invoices(first: 1) { edges { node { ' +
        'customer { invoices(first: 1) { edges { node { id } } } } } } } } } } } } } } }',
    ],
    aliases: [`{ ${Array.from({ length: 16 }, (_, i) => `a${i}: viewer { organization { name } }`).join(' ')} }`],
    tokens: [`{ ${'viewer { organization { name } } '.repeat(1200)} }`],
    cost: ['{ customers(first: 100) { edges { node { invoices(first: 100) { edges { node { id lines { id } } } } } } } }'],
    'variable of the wrong type': ['query($n: Int!) { customers(first: $n) { totalCount } }', { n: 'x' }],
    'variable missing': ['query($n: Int!) { customers(first: $n) { totalCount } }', {}],
    'text a string may not hold': ['query($q: String) { customers(first: 1, filter: { search: $q }) { totalCount } }', { q: 'a\u0000b' }],
  };
  for (const [accept, status] of [
    ['application/graphql-response+json', 400],
    ['application/json', 200],
    ['application/graphql-response+json, application/json;q=0.9', 400],
  ] as const) {
    it(`is ${status} for every kind of refusal when the client accepts ${accept}`, async () => {
      for (const [kind, [query, variables]] of Object.entries(refused)) {
        const r = await http(t.url, '/graphql', { key, body: { query, variables: variables ?? {} }, headers: { accept } });
        expect({ kind, status: r.status, code: r.body.errors?.[0]?.extensions?.code }).toEqual({ kind, status, code: 'VALIDATION_FAILED' });
        expect(r.body, kind).not.toHaveProperty('data');
      }
    });
  }

  it('a request that is not GraphQL at all, a missing key and a field error keep their own statuses', async () => {
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      expect((await http(t.url, '/graphql', { key, body: { variables: {} }, headers: { accept } })).status).toBe(400);
      expect((await http(t.url, '/graphql', { body: { query: '{ viewer { organization { name } } }' }, headers: { accept } })).status).toBe(
        401,
      );
      const query = '{ generalLedger(accountId: "acc_missing") { openingBalance } }';
      const missing = await http(t.url, '/graphql', { key, body: { query }, headers: { accept } });
      expect(missing.status).toBe(200); // it ran: data with a null field and its error
      expect(missing.body).toHaveProperty('data');
    }
  });
});

it('a client that hangs up in the middle of its body is not logged as a server error', async () => {
  const { key } = await t.tenant();
  const { port } = new URL(t.url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `POST /api/v1/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: ` +
          `application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
      );
      setTimeout(() => socket.destroy(), 100);
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(t.logs.filter((line) => /unexpected error|"level":"error"/.test(line))).toEqual([]);
  expect((await http(t.url, '/api/v1/customers', { key })).status).toBe(200); // the server carries on
});
