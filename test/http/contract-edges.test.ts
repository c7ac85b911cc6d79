// The smaller edges of the contract, on both surfaces.
import { SOURCE_TYPES } from '../../src/modules/journal/journal.public.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant());
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Edge Ltd' } })).body.id;
});
afterAll(() => t.close());

const draft = async () =>
  (await http(t.url, '/api/v1/invoices', { key, body: { customerId, draft: true, lines: [{ description: 'x', unitPrice: 5 }] } })).body;

describe('action routes', () => {
  it('take no body at all (what openapi-fetch and curl -X POST send), with no content type', async () => {
    const invoice = await draft();
    const response = await fetch(`${t.url}/api/v1/invoices/${invoice.id}/finalize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe('open');
  });

  it('refuse a field sent to an action that takes none, and change nothing', async () => {
    const invoice = await draft();
    const response = await http(t.url, `/api/v1/invoices/${invoice.id}/finalize`, { key, body: { sendEmail: true } });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ path: 'sendEmail', message: 'is not a known field (this action takes no body)' }]);
    expect((await http(t.url, `/api/v1/invoices/${invoice.id}`, { key })).body.status).toBe('draft');
  });

  it('with a required body, an empty one names the missing fields', async () => {
    const invoice = await draft();
    const response = await fetch(`${t.url}/api/v1/invoices/${invoice.id}/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.map((e: any) => e.path)).toContain('amount');
  });
});

describe('filters and enum values', () => {
  it('an unknown sourceType is refused on REST and GraphQL, listing the allowed values', async () => {
    const rest = await http(t.url, '/api/v1/journal-entries?sourceType=bogus', { key });
    expectProblem(rest, 400, 'VALIDATION_FAILED');
    expect(rest.body.errors[0]).toEqual({
      path: 'sourceType',
      // Every source type the modules declare, in their order (one shape of the message for all).
      message: `must be one of ${SOURCE_TYPES.join(', ')}, got "bogus"`,
    });
    expect(SOURCE_TYPES.slice(0, 3)).toEqual(['manual', 'reversal', 'invoice']);
    expect(SOURCE_TYPES).toEqual(expect.arrayContaining(['payment_void', 'write_off', 'credit_note_refund_void', 'vendor_credit']));
    const graphql = await gql(t.url, key, '{ journalEntriesPage(filter: { sourceType: "bogus" }) { total } }');
    expect(graphql.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect((await http(t.url, '/api/v1/journal-entries?sourceType=invoice', { key })).status).toBe(200);
  });

  it('an unknown event type filter is refused', async () => {
    const graphql = await gql(t.url, key, '{ eventsPage(filter: { type: "invoice.exploded" }) { total } }');
    expect(graphql.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'type' }] });
  });

  it('a wrong enum value in a REST body lists the allowed values in REST spelling', async () => {
    const response = await http(t.url, '/api/v1/accounts', { key, body: { code: '1999', name: 'Planet', type: 'planet' } });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([
      { path: 'type', message: 'must be one of asset, equity, expense, income, liability, got "planet"' },
    ]);
  });

  it('a wrong enum value in GraphQL lists the allowed values', async () => {
    const literal = await gql(t.url, key, '{ accountsPage(filter: { type: PLANET }) { total } }');
    expect(literal.body.errors[0].message).toContain('Allowed values: ASSET, EQUITY, EXPENSE, INCOME, LIABILITY.');
    const variable = await gql(t.url, key, 'query($f: AccountFilter) { accountsPage(filter: $f) { total } }', { f: { type: 'PLANET' } });
    expect(variable.body.errors[0].message).toContain('Allowed values: ASSET, EQUITY, EXPENSE, INCOME, LIABILITY.');
  });
});

describe('pages and limits', () => {
  it('a page beyond 32 bits is a plain REST error, without GraphQL wording', async () => {
    const response = await http(t.url, '/api/v1/customers?page=2147483648', { key });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ path: 'page', message: 'must be a whole number from 1 to 2147483647' }]);
    expect(JSON.stringify(response.body)).not.toMatch(/Variable|\$page|32-bit/);
    expect((await http(t.url, '/api/v1/customers?page=2147483647', { key })).body.data).toEqual([]);
  });

  it('cost and depth refusals say what limit was passed, not "Syntax Error"', async () => {
    const deep =
      `{ customers(first: 1) { edges { node { invoices(first: 1) { edges { node { customer { invoices(first: 1) { edges ` +
      `{ node { customer { invoices(first: 1) { edges { node { id } } } } } } } } } } } } } } }`;
    const refused = await gql(t.url, key, deep);
    expect(refused.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(refused.body.errors[0].message).not.toMatch(/^Syntax Error/);
    expect(refused.body.errors[0].message).toMatch(/depth/i);
  });

  it('length limits count characters as people do: 200 emoji fit in 200', async () => {
    const name = '😀'.repeat(200);
    const fits = await http(t.url, '/api/v1/customers', { key, body: { name } });
    expect(fits.status).toBe(201);
    expect(fits.body.name).toBe(name);
    const tooLong = await http(t.url, '/api/v1/customers', { key, body: { name: '😀'.repeat(201) } });
    expectProblem(tooLong, 400, 'VALIDATION_FAILED');
  });

  it('a mutation over GET is 405 in the status and in extensions', async () => {
    const query = encodeURIComponent('mutation { createCustomer(input: { name: "Via GET" }) { id } }');
    const response = await http(t.url, `/graphql?query=${query}`, { key, headers: { accept: 'application/json' } });
    expect(response.status).toBe(405);
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
  });
});
