// What counts as input text and as a JSON array, on both surfaces and
// both databases. Each case must be refused with a 4xx naming the field, and write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant());
});
afterAll(() => t.close());

const customers = () => t.db.prisma.customer.count({ where: { organizationId } });
const raw = (path: string, bytes: Buffer) =>
  fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: new Uint8Array(bytes),
  }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.json() }));

describe('control characters', () => {
  it('a NUL in a REST body field is 400 naming the field, and nothing is written', async () => {
    const before = await customers();
    const response = await http(t.url, '/api/v1/customers', { key, body: { name: 'a\u0000b' } });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ path: 'name', message: expect.stringContaining('control characters') }]);
    expect(await customers()).toBe(before);
  });

  it('a NUL nested in a list is named by its path', async () => {
    const response = await http(t.url, '/api/v1/journal-entries', {
      key,
      body: {
        date: '2026-05-01',
        description: 'x',
        lines: [
          { accountId: 'acct_x', debit: 1, credit: 0 },
          { accountId: 'acct_\u0001', debit: 0, credit: 1 },
        ],
      },
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors.map((e: any) => e.path)).toEqual(['lines.1.accountId']);
  });

  it('tab, line feed and carriage return are still text', async () => {
    const response = await http(t.url, '/api/v1/customers', { key, body: { name: 'Tab\tLine\nReturn\r' } });
    expect(response.status).toBe(201);
  });

  it.each([
    ['/api/v1/customers?search=%00', 'search'],
    ['/api/v1/customers?email=%00', 'email'],
    ['/api/v1/invoices?customerId=%00', 'customerId'],
    ['/api/v1/journal-entries?accountId=%00', 'accountId'],
  ])('%s is 400 naming the parameter', async (path, name) => {
    const response = await http(t.url, path, { key });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors[0].path).toBe(name);
  });

  it('a NUL in a path id is 400, not 500', async () => {
    const response = await http(t.url, '/api/v1/invoices/inv_%00/payments', { key, body: { amount: 1 } });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors[0].path).toBe('id');
  });

  it('GraphQL refuses it in a variable (by path) and in a literal', async () => {
    const before = await customers();
    const byVariable = await gql(t.url, key, 'mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }', {
      input: { name: 'a\u0000b' },
    });
    expect(byVariable.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'input.name' }] });
    const byLiteral = await gql(
      t.url,
      key,
      '{ generalLedger(accountId: "acct_\\u0000", from: "2026-01-01", to: "2026-12-31") { openingBalance } }',
    );
    expect(byLiteral.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(byLiteral.body.errors[0].message).toContain('control characters');
    expect(await customers()).toBe(before);
  });
});

describe('text that is not Unicode', () => {
  it('bytes that are not UTF-8 are MALFORMED_JSON, not U+FFFD', async () => {
    const before = await customers();
    const response = await raw(
      '/api/v1/customers',
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    );
    expectProblem(response, 400, 'MALFORMED_JSON');
    expect(response.body.detail).toContain('UTF-8');
    expect(await customers()).toBe(before);
  });

  it('an unpaired surrogate escape is MALFORMED_JSON naming the field', async () => {
    const response = await raw('/api/v1/customers', Buffer.from('{"name":"x\\ud800y"}'));
    expectProblem(response, 400, 'MALFORMED_JSON');
    expect(response.body.errors).toEqual([{ path: 'name', message: expect.stringContaining('unpaired surrogate') }]);
  });

  it('a paired surrogate (an emoji written as escapes) is text', async () => {
    const response = await raw('/api/v1/customers', Buffer.from('{"name":"Caf\\ud83d\\ude00"}'));
    expect(response.status).toBe(201);
    expect(response.body.name).toBe('Caf😀');
  });

  it('GraphQL over HTTP refuses bytes that are not UTF-8', async () => {
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: new Uint8Array(
        Buffer.concat([Buffer.from('{"query":"{ viewer { organization { name } } }","x":"'), Buffer.from([0xc3]), Buffer.from('"}')]),
      ),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('MALFORMED_JSON');
  });
});

describe('list fields on REST are JSON arrays', () => {
  it('invoice lines given as an object are refused, not a one-line invoice', async () => {
    const customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Lines Ltd' } })).body.id;
    const before = await t.db.prisma.invoice.count({ where: { organizationId } });
    const response = await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId, issueDate: '2026-05-01', lines: { description: 'One', unitPrice: 10, quantity: 1 } },
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ path: 'lines', message: 'expected a JSON array, got an object' }]);
    expect(await t.db.prisma.invoice.count({ where: { organizationId } })).toBe(before);
  });

  it('webhook eventTypes given as a string are refused', async () => {
    const response = await http(t.url, '/api/v1/webhooks', {
      key,
      body: { url: 'https://hooks.example.com/x', eventTypes: 'invoice.paid' },
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ path: 'eventTypes', message: 'expected a JSON array, got "invoice.paid"' }]);
  });

  it('journal lines given as an object say so, not "needs two lines"', async () => {
    const response = await http(t.url, '/api/v1/journal-entries', {
      key,
      body: { date: '2026-05-01', description: 'x', lines: { accountId: 'acct_x', debit: 1, credit: 0 } },
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ path: 'lines', message: 'expected a JSON array, got an object' }]);
  });
});

describe('query parameters', () => {
  it('a parameter given twice is refused, not "last wins"', async () => {
    const response = await http(t.url, '/api/v1/customers?limit=5&limit=50', { key });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ path: 'limit', message: expect.stringContaining('more than once') }]);
  });
});

describe('search means the same on both databases', () => {
  let searchKey: string;
  beforeAll(async () => {
    ({ key: searchKey } = await t.tenant('Search Co'));
    for (const name of ['Émile Zola', 'emile dupont', '100% Cotton', 'A_B Trading', 'AXB Trading', 'Back\\slash Ltd', 'Ørsted']) {
      expect((await http(t.url, '/api/v1/customers', { key: searchKey, body: { name } })).status).toBe(201);
    }
  });
  const names = async (search: string) =>
    (await http(t.url, `/api/v1/customers?search=${encodeURIComponent(search)}`, { key: searchKey })).body.data
      .map((c: any) => c.name)
      .sort();

  it('% and _ typed by a user are literal characters, not wildcards', async () => {
    expect(await names('%')).toEqual(['100% Cotton']);
    expect(await names('A_B')).toEqual(['A_B Trading']);
    expect(await names('\\')).toEqual(['Back\\slash Ltd']);
  });

  it('case folds beyond ASCII', async () => {
    expect(await names('émile')).toEqual(['Émile Zola']); // case folds; accents stay (as in PostgreSQL)
    expect(await names('ÉMILE')).toEqual(['Émile Zola']);
    expect(await names('ørsted')).toEqual(['Ørsted']);
    expect(await names('COTTON')).toEqual(['100% Cotton']);
  });

  it('GraphQL search agrees', async () => {
    const result = await gql(t.url, searchKey, '{ customers(filter: { search: "ÉMILE" }, first: 10) { edges { node { name } } } }');
    expect(result.body.data.customers.edges.map((e: any) => e.node.name).sort()).toEqual(['Émile Zola']);
  });
});
