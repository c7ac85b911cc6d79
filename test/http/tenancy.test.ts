import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let a: { organizationId: string; key: string };
let b: { organizationId: string; key: string };
let bAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Alpha');
  b = await t.tenant('Beta');
  const created = await http(t.url, '/api/v1/accounts', {
    key: b.key,
    body: { code: '7777', name: 'Beta secret account', type: 'expense' },
  });
  expect(created.status).toBe(201);
  bAccountId = created.body.id;
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it("lists only the caller organization's accounts", async () => {
    const listA = await http(t.url, '/api/v1/accounts?limit=100', { key: a.key });
    const listB = await http(t.url, '/api/v1/accounts?limit=100', { key: b.key });
    expect(listB.body.total).toBe(listA.body.total + 1);
    const idsA = new Set(listA.body.data.map((x: any) => x.id));
    expect(listB.body.data.some((x: any) => idsA.has(x.id))).toBe(false);
    expect(listA.body.data.map((x: any) => x.name)).not.toContain('Beta secret account');
  });

  it("answers 404 for another organization's id, exactly as for an id that does not exist", async () => {
    const foreign = await http(t.url, `/api/v1/accounts/${bAccountId}`, { key: a.key });
    expectProblem(foreign, 404, 'NOT_FOUND');
    const missing = await http(t.url, '/api/v1/accounts/acct_00000000000000000000000000', { key: a.key });
    expectProblem(missing, 404, 'NOT_FOUND');
    expect(foreign.body.detail.replace(bAccountId, 'X')).toBe(missing.body.detail.replace('acct_00000000000000000000000000', 'X'));
    expect((await http(t.url, `/api/v1/accounts/${bAccountId}`, { key: b.key })).body.name).toBe('Beta secret account');
  });

  it("resolves another organization's id to null through node and nodes", async () => {
    const query = `query($id: ID!, $ids: [ID!]!) { node(id: $id) { id ... on Account { name } } nodes(ids: $ids) { id } }`;
    const asA = await gql(t.url, a.key, query, { id: bAccountId, ids: [bAccountId] });
    expect(asA.body.errors).toBeUndefined();
    expect(asA.body.data).toEqual({ node: null, nodes: [null] });
    const asB = await gql(t.url, b.key, query, { id: bAccountId, ids: [bAccountId] });
    expect(asB.body.data.node).toEqual({ id: bAccountId, name: 'Beta secret account' });
  });

  it('scopes the cursor connection and the viewer', async () => {
    const res = await gql(t.url, a.key, '{ viewer { organization { name } } accounts(first: 100) { totalCount edges { node { id } } } }');
    expect(res.body.data.viewer.organization.name).toBe('Alpha');
    expect(res.body.data.accounts.edges.map((e: any) => e.node.id)).not.toContain(bAccountId);
    expect(res.body.data.accounts.totalCount).toBe(res.body.data.accounts.edges.length);
  });

  it('lets two organizations use the same account code', async () => {
    const created = await http(t.url, '/api/v1/accounts', { key: a.key, body: { code: '7777', name: 'Alpha own 7777', type: 'expense' } });
    expect(created.status).toBe(201);
  });
});
