import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyApiKey } from '../../src/core/api-keys.ts';
import { revokeApiKeyByPrefix } from '../../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Auth Co'));
});
afterAll(() => t.close());

describe('API keys', () => {
  it('are stored as a prefix and a SHA-256, never in plain text', async () => {
    const rows = await t.db.prisma.apiKey.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(key.split('_')[2]);
      expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('verify only with the exact secret, and record when they were used', async () => {
    const verified = await verifyApiKey(t.db, key);
    expect(verified?.organization.name).toBe('Auth Co');
    expect((await t.db.prisma.apiKey.findUnique({ where: { id: verified!.id } }))!.lastUsedAt).toBeInstanceOf(Date);
    const [, prefix, secret] = key.split('_');
    const wrongSecret = `ak_${prefix}_${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect(await verifyApiKey(t.db, wrongSecret)).toBeNull();
    expect(await verifyApiKey(t.db, `ak_${prefix}`)).toBeNull();
    expect(await verifyApiKey(t.db, '')).toBeNull();
  });
});

describe('requests without a valid key', () => {
  const cases: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['a non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a malformed key', { authorization: 'Bearer not-a-key' }],
    ['a well-formed key nobody issued', { authorization: 'Bearer ak_000000000000_00000000000000000000000000000000' }],
  ];
  for (const [what, headers] of cases) {
    it(`get 401 on REST with ${what}`, async () => {
      const response = await http(t.url, '/api/v1/accounts', { headers });
      expectProblem(response, 401, 'UNAUTHENTICATED');
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="accounting-api"');
      expect(response.body).not.toHaveProperty('data');
    });
    it(`get 401 on GraphQL with ${what}`, async () => {
      const response = await http(t.url, '/graphql', { headers, body: { query: '{ accountsPage { total } }' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="accounting-api"');
      expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(response.body.data).toBeUndefined();
    });
  }

  it('get 401 once the key is revoked, and the key works until then', async () => {
    const { key: doomed } = await t.tenant('Revoked Co');
    expect((await http(t.url, '/api/v1/accounts', { key: doomed })).status).toBe(200);
    // As the apikey CLI revokes: the row, then the announcement to running servers (through Redis).
    const revoked = await revokeApiKeyByPrefix(t.db.prisma, doomed.split('_')[1]);
    await t.app.bus.announceRevocation(revoked.id);
    expectProblem(await http(t.url, '/api/v1/accounts', { key: doomed }), 401, 'UNAUTHENTICATED');
    expect((await gql(t.url, doomed, '{ viewer { organization { name } } }')).status).toBe(401);
  });

  it('answer 401 for unknown routes too, so nothing about the server leaks before authentication', async () => {
    expectProblem(await http(t.url, '/api/v1/nothing-here'), 401, 'UNAUTHENTICATED');
  });

  it('may still reach /healthz, which reports the database', async () => {
    const response = await http(t.url, '/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'reachable' });
  });
});

describe('the schema without a key', () => {
  const post = (query: string, authorization?: string) =>
    fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ query }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('answers introspection alone without a key, as public as the OpenAPI document (what GraphiQL loads first)', async () => {
    const introspection = await post('query IntrospectionQuery { __schema { queryType { name } types { name } } }');
    expect(introspection.status).toBe(200);
    expect(introspection.body.data.__schema.queryType.name).toBe('Query');
    // GraphiQL's placeholder header is no key either.
    expect((await post('{ __type(name: "Invoice") { name } }', 'Bearer <your API key>')).body.data.__type.name).toBe('Invoice');
  });

  it('answers nothing else without a key: not data beside the schema, not a mutation, not a wrong key', async () => {
    for (const [query, authorization] of [
      ['{ __schema { queryType { name } } accounts(first: 1) { totalCount } }', undefined],
      ['{ viewer { organization { name } } }', undefined],
      ['mutation { __typename }', undefined],
      ['{ __schema { queryType { name } } }', 'Bearer ak_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'],
    ] as const) {
      const response = await post(query, authorization);
      expect(response.status, query).toBe(401);
      expect(response.body.data ?? null, query).toBeNull();
    }
  });
});

describe('GraphiQL', () => {
  it('is served to a browser at /graphql without a key, self-contained (no CDN)', async () => {
    const response = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/graphiql/i);
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    expect(html).not.toMatch(/<link[^>]+href="https?:/);
  });
});
