// A plain JSON query is answered on Yoga's envelop without Yoga's HTTP handling (graphql/direct-queries.ts).
// What a client relies on is that nothing changes: for every kind of request, the answer is the one
// Yoga gives. Yoga's own answer is had by adding `"extensions": {}`, which a direct query never has and
// which means nothing to Yoga here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directQueryParams, resultMediaType } from '../../src/fast-paths/direct-queries.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

/** One level down a customer's invoices and back to the customer, and the way out of it. */
const DOWN = 'customers(first: 1) { edges { node { invoices(first: 1) { edges { node { customer { ';
const UP = ' } } } } } } }';

let t: TestApp;
let key: string;
let narrowKey: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 1_000, durationSeconds: 60 } } as never);
  ({ key } = await t.tenant());
  await http(t.url, '/api/v1/customers', { key, body: { name: 'Direct Ltd', email: 'd@example.com' } });
  narrowKey = (await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Employees only', scopes: ['employees:read'] } })).body.secret;
});
afterAll(() => t.close());

const TRIAL_BALANCE =
  'query($asOf: Date!) { trialBalance(asOf: $asOf) { totalDebit totalCredit rows { account { code name } debit credit } } }';

interface Case {
  name: string;
  body: Record<string, unknown>;
  /** Whether the answer comes without Yoga's HTTP handling. */
  direct: boolean;
  /** What the answer says (so each case is the case it claims to be). */
  says: RegExp;
}
const cases = (): Case[] => [
  { name: 'a query', body: { query: TRIAL_BALANCE, variables: { asOf: '2026-12-31' } }, direct: true, says: /"totalDebit"/ },
  {
    name: 'a named query among two',
    body: { query: 'query A { viewer { organization { name } } } query B { customers(first: 1) { totalCount } }', operationName: 'B' },
    direct: true,
    says: /"totalCount":\d/,
  },
  {
    name: 'a resolver error (an account of nobody)',
    // An id of the right shape no account has (ids made in one millisecond differ only in their last
    // characters, so a real id with one character changed may be another account's).
    body: { query: '{ generalLedger(accountId: "acct_00000000000000000000000000") { openingBalance } }' },
    direct: true,
    says: /NOT_FOUND/,
  },
  {
    name: 'a variable of the wrong type',
    body: { query: TRIAL_BALANCE, variables: { asOf: 'June' } },
    direct: true,
    says: /VALIDATION_FAILED/,
  },
  {
    name: 'two queries and no operation name',
    body: { query: 'query A { viewer { organization { name } } } query B { viewer { organization { id } } }' },
    direct: false,
    says: /Could not determine/,
  },
  { name: 'a page too large', body: { query: '{ customers(first: 500) { totalCount } }' }, direct: true, says: /VALIDATION_FAILED/ },
  {
    name: 'a document that does not parse',
    body: { query: '{ customers(first: 1) { totalCount }' },
    direct: false,
    says: /Syntax Error|Expected/,
  },
  { name: 'a field that does not exist', body: { query: '{ nope }' }, direct: false, says: /Cannot query field/ },
  {
    name: 'a query nested too deep',
    body: {
      query: `{ ${DOWN.repeat(3)}id${UP.repeat(3)} }`,
    },
    direct: false,
    says: /depth/i,
  },
  {
    name: 'a mutation',
    body: { query: 'mutation { createCustomer(input: { name: "Through Yoga" }) { name } }' },
    direct: false,
    says: /Through Yoga/,
  },
];

const ask = async (body: Record<string, unknown>, headers: Record<string, string>) => {
  const response = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const header = (name: string) => response.headers.get(name);
  return {
    status: response.status,
    contentType: header('content-type'),
    body: text.replace(/"requestId":"[^"]+"/g, '"requestId":"…"'),
    rateLimited: [header('x-ratelimit-limit') !== null, header('ratelimit-policy') !== null],
    refusal: [header('www-authenticate'), header('retry-after')],
  };
};

describe('a query sent as plain JSON', () => {
  const ACCEPTS = [
    undefined,
    'application/json',
    '*/*',
    'application/graphql-response+json',
    'application/graphql-response+json, application/json;q=0.9',
    'application/json;q=0.1, application/graphql-response+json',
  ];

  it('is answered exactly as Yoga answers it, for every Accept a JSON client sends', async () => {
    const handled = async () =>
      Object.fromEntries(
        (await t.app.metrics.registry.getSingleMetric('accounting_graphql_http_requests_total')!.get()).values.map((v) => [
          v.labels.handling,
          v.value,
        ]),
      );
    for (const accept of ACCEPTS) {
      for (const { name, body, direct, says } of cases()) {
        // A mutation is sent once: its second answer would differ (it ran twice).
        const headers = { authorization: `Bearer ${key}`, ...(accept ? { accept } : {}) };
        const before = await handled();
        const answer = await ask(body, headers);
        const after = await handled();
        expect(answer.body, `${name} (${accept})`).toMatch(says);
        expect(
          after[direct ? 'direct' : 'yoga'] - (before[direct ? 'direct' : 'yoga'] ?? 0),
          `${name} (${accept}): ${direct ? 'answered directly' : 'through Yoga'}`,
        ).toBe(1);
        if (name === 'a mutation') continue;
        const yoga = await ask({ ...body, extensions: {} }, headers);
        expect(answer, `${name} (${accept})`).toEqual(yoga);
      }
    }
  });

  it('is refused as Yoga refuses it: a wrong key, a key without the scope, and the key checked once', async () => {
    for (const { name, body } of cases().filter((c) => c.name !== 'a mutation')) {
      const wrong = { authorization: 'Bearer sk_live_not_a_key_at_all_0000000000' };
      expect(await ask(body, wrong), `${name}: wrong key`).toEqual(await ask({ ...body, extensions: {} }, wrong));
      const narrow = { authorization: `Bearer ${narrowKey}` };
      expect(await ask(body, narrow), `${name}: narrow key`).toEqual(await ask({ ...body, extensions: {} }, narrow));
    }
    const query = cases()[0].body;
    expect(await ask(query, { authorization: 'Bearer sk_live_not_a_key_at_all_0000000000' })).toMatchObject({
      status: 401,
      refusal: ['Bearer realm="accounting-api"', null],
    });
    expect((await ask(query, { authorization: `Bearer ${narrowKey}` })).body).toMatch(/INSUFFICIENT_SCOPE/);
    // A direct query counts once against the key's quota, as any request does.
    const remaining = async () => {
      const response = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(cases()[0].body),
      });
      expect(response.status).toBe(200);
      return Number(response.headers.get('x-ratelimit-remaining'));
    };
    const first = await remaining();
    expect(first - (await remaining())).toBe(1);
  });

  it('keeps what validated on one server to that server: another with other rules validates it again', async () => {
    const introspect = { query: '{ __schema { queryType { name } } }' };
    const open = { authorization: `Bearer ${key}` };
    // Valid here (introspection on), twice: the second from what the first validated.
    for (let i = 0; i < 2; i++) expect((await ask(introspect, open)).body).toMatch(/"queryType":\{"name":"Query"\}/);
    const closed = await createTestApp({ graphqlIntrospection: false });
    try {
      const own = { authorization: `Bearer ${(await closed.tenant()).key}` };
      const response = await fetch(`${closed.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...own },
        body: JSON.stringify(introspect),
      });
      // Refused at validation (an answer of errors, no data), not answered from what the other server validated.
      const answer = await response.json();
      expect(answer.data).toBeUndefined();
      expect(answer.errors[0].message).toMatch(/introspection/i);
    } finally {
      await closed.close();
    }
  });

  it('writes one request log line naming the operation and the caller', async () => {
    const logged = await createTestApp({ logLevel: 'info' } as never);
    try {
      const own = await logged.tenant();
      await fetch(`${logged.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${own.key}` },
        body: JSON.stringify({ query: 'query DirectLogged { viewer { organization { name } } }' }),
      });
      const line = logged.logs.map((l) => JSON.parse(l)).find((l) => l.operation === 'DirectLogged');
      expect(line).toMatchObject({ route: '/graphql', operation: 'DirectLogged', status: 200, organizationId: own.organizationId });
      expect(line.keyPrefix).toBeTruthy();
    } finally {
      await logged.close();
    }
  });
});

describe('what is a direct query', () => {
  it('takes a body of query, variables and operationName only', () => {
    const body = (value: unknown) => Buffer.from(JSON.stringify(value));
    expect(directQueryParams(body({ query: '{ a }' }))).toEqual({ query: '{ a }' });
    expect(directQueryParams(body({ query: '{ a }', variables: null, operationName: null }))).toEqual({
      query: '{ a }',
      variables: null,
      operationName: null,
    });
    expect(directQueryParams(body({ query: '{ a }', extensions: {} }))).toBeUndefined();
    expect(directQueryParams(body({ query: '{ a }', variables: [] }))).toBeUndefined();
    expect(directQueryParams(body({ query: 5 }))).toBeUndefined();
    expect(directQueryParams(body([{ query: '{ a }' }]))).toBeUndefined();
    expect(directQueryParams(Buffer.from('{"query": '))).toBeUndefined();
  });

  it('answers in the media type Yoga would choose, and leaves streams and other charsets to Yoga', () => {
    expect(resultMediaType(undefined)).toBe('application/json');
    expect(resultMediaType('*/*')).toBe('application/json');
    expect(resultMediaType('application/*')).toBe('application/json');
    expect(resultMediaType('application/graphql-response+json, application/json;q=0.9')).toBe('application/graphql-response+json');
    // Yoga takes the entries in the order sent, whatever their quality.
    expect(resultMediaType('application/json;q=0.1, application/graphql-response+json')).toBe('application/json');
    expect(resultMediaType('text/event-stream')).toBeUndefined();
    expect(resultMediaType('multipart/mixed')).toBeUndefined();
    expect(resultMediaType('application/json; charset=utf-16')).toBeUndefined();
  });
});

describe('the one switch, and the fallbacks it counts', () => {
  const counter = async (app: TestApp['app'], name: string) => (await app.metrics.registry.getSingleMetric(name)!.get()).values;

  it('counts each request left to Yoga with its reason', async () => {
    await http(t.url, '/graphql', { key, body: { query: 'mutation { createCustomer(input: { name: "Counted" }) { id } }' } });
    const fallbacks = await counter(t.app, 'accounting_fast_path_fallbacks_total');
    expect(fallbacks).toContainEqual(
      expect.objectContaining({ labels: { path: 'direct_query', reason: 'not a query' }, value: expect.any(Number) }),
    );
  });

  it.skipIf(process.env.FAST_PATHS === 'false')('with FAST_PATHS=false, Yoga answers every query, the same answer', async () => {
    const off = await createTestApp({ fastPaths: false, graphqlPlannedQueries: false });
    try {
      const { key: offKey } = await off.tenant();
      const asked = { query: TRIAL_BALANCE, variables: { asOf: '2026-12-31' } };
      const [fast, general] = await Promise.all([
        http(t.url, '/graphql', { key, body: asked }),
        http(off.url, '/graphql', { key: offKey, body: asked }),
      ]);
      expect(general.status).toBe(200);
      expect(Object.keys(general.body.data.trialBalance)).toEqual(Object.keys(fast.body.data.trialBalance));
      const handled = await counter(off.app, 'accounting_graphql_http_requests_total');
      expect(handled.filter((v) => v.labels.handling === 'direct').reduce((n, v) => n + v.value, 0)).toBe(0);
      expect(handled.find((v) => v.labels.handling === 'yoga')?.value).toBeGreaterThan(0);
    } finally {
      await off.close();
    }
  });
});
