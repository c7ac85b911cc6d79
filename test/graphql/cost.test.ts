// The query cost a client sees is the estimate that refuses.
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateCost, LIST_ESTIMATE, MAX_QUERY_COST } from '../../src/graphql/cost.ts';
import { schema } from '../../src/registry.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';
import { DEFAULT_PAGE_LIMIT } from '../../src/lib/pagination.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000 } });
  ({ key } = await t.tenant());
});
afterAll(() => t.close());

const cost = (query: string, variables: Record<string, unknown> = {}) => estimateCost(schema, parse(query), variables);

describe('the estimate', () => {
  it('counts objects 1 and scalars 0', () => {
    expect(cost('{ viewer { organization { name baseCurrency } } }')).toBe(2);
  });

  it('multiplies a page by its size (first, last, limit; the default page when absent)', () => {
    const page = (args: string) => cost(`{ customers${args} { edges { node { id name } } } }`);
    expect(page('(first: 10)')).toBe(2 + 10 * 2);
    expect(page('(last: 50)')).toBe(2 + 50 * 2);
    expect(page('')).toBe(2 + 20 * 2);
    expect(cost('{ customersPage(limit: 100) { data { id } total } }')).toBe(2 + 100 * 1);
    expect(cost('query($n: Int) { customers(first: $n) { edges { node { id } } } }', { n: 7 })).toBe(2 + 7 * 2);
  });

  it('multiplies nested pages, so asking for pages of pages is expensive', () => {
    const nested = cost('{ customers(first: 100) { edges { node { invoices(first: 100) { edges { node { id } } } } } } }');
    expect(nested).toBe(2 + 100 * (2 + 2 + 100 * 2));
    expect(nested).toBeGreaterThan(MAX_QUERY_COST);
  });

  it('counts the ids of nodes(), literal or from a variable', () => {
    expect(cost('{ nodes(ids: ["a", "b", "c"]) { id } }')).toBe(2 + 3 * 0);
    expect(
      cost('query($ids: [ID!]!) { nodes(ids: $ids) { ... on Invoice { customer { name } } } }', {
        ids: Array.from({ length: 40 }, (_, i) => String(i)),
      }),
    ).toBe(2 + 40 * 1);
  });

  it('counts a plain list of objects as LIST_ESTIMATE items, and fragments like inline selections', () => {
    expect(cost('{ invoices(first: 1) { edges { node { lines { product { name } } } } } }')).toBe(
      2 + 1 * (1 + 1 + LIST_ESTIMATE * (1 + 1)),
    );
    expect(cost('fragment L on InvoiceLine { product { name } } { invoices(first: 1) { edges { node { lines { ...L } } } } }')).toBe(
      2 + 1 * (1 + 1 + LIST_ESTIMATE * (1 + 1)),
    );
  });
});

describe('on the wire', () => {
  it('every response carries extensions.cost, the estimate and the maximum', async () => {
    const r = await gql(t.url, key, '{ customers(first: 10) { edges { node { id } } } }');
    expect(r.body.extensions.cost).toEqual({ requestedQueryCost: 22, maximumAvailable: MAX_QUERY_COST });
  });

  it('an operation over the maximum is refused with its cost, before it runs', async () => {
    const from = t.queries.length;
    const r = await gql(t.url, key, '{ customers(first: 100) { edges { node { invoices(first: 100) { edges { node { id } } } } } } }');
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      cost: { requestedQueryCost: 20402, maximumAvailable: MAX_QUERY_COST },
    });
    expect(r.body.errors[0].message).toContain('20402');
    expect(r.body.extensions.cost.requestedQueryCost).toBe(20402);
    expect(t.queries.slice(from).filter((q) => /Customer|Invoice/.test(q))).toEqual([]);
  });

  it('a list variable counts: 28,000 ids are refused by cost before anything is looked up', async () => {
    const ids = Array.from({ length: 28_000 }, (_, i) => `inv_${String(i).padStart(26, '0')}`);
    const r = await gql(t.url, key, 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Invoice { customer { name } } } }', { ids });
    expect(r.body.errors[0].extensions.cost.requestedQueryCost).toBe(2 + 28_000);
  });

  it('the same operation sent again costs what its page sizes ask each time', async () => {
    // Costs are kept per document: a kept one must never answer for other page sizes or another operation.
    const query =
      'query Page($n: Int, $asOf: Date) { customers(first: $n) { edges { node { id } } } trialBalance(asOf: $asOf) { totalDebit } } ' +
      'query Other { customers(first: 3) { edges { node { id } } } }';
    const costOf = async (variables: Record<string, unknown>, operationName = 'Page') =>
      (await http(t.url, '/graphql', { key, body: { query, variables, operationName } })).body.extensions.cost.requestedQueryCost;
    expect(await costOf({ n: 10, asOf: '2026-01-01' })).toBe(23);
    expect(await costOf({ n: 10, asOf: '2026-02-01' })).toBe(23);
    expect(await costOf({ n: 40, asOf: '2026-01-01' })).toBe(83);
    expect(await costOf({})).toBe(2 + DEFAULT_PAGE_LIMIT * 2 + 1);
    expect(await costOf({}, 'Other')).toBe(8);
    expect(await costOf({ n: 10 })).toBe(23);
  });

  it('REST reads stay well inside the maximum at their largest page', async () => {
    expect((await http(t.url, '/api/v1/invoices?limit=100', { key })).status).toBe(200);
    expect((await http(t.url, '/api/v1/journal-entries?limit=100', { key })).status).toBe(200);
  });
});
