// Security headers on every response, CORS closed unless CORS_ORIGINS opens it, and
// introspection (with field suggestions) switchable by GRAPHQL_INTROSPECTION.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let closed: TestApp;
let open: TestApp;
let key: string;
let openKey: string;
beforeAll(async () => {
  closed = await createTestApp({ graphqlIntrospection: false });
  open = await createTestApp({ corsOrigins: ['https://books.example.com'] });
  ({ key } = await closed.tenant());
  ({ key: openKey } = await open.tenant());
});
afterAll(async () => {
  await closed.close();
  await open.close();
});

describe('security headers', () => {
  it('every answer (JSON, problem, GraphQL, health) is nosniff, no-referrer, unframeable and runs nothing', async () => {
    const answers = [
      await http(closed.url, '/api/v1/accounts', { key }),
      await http(closed.url, '/api/v1/accounts'),
      await http(closed.url, '/api/v1/nothing', { key }),
      await gql(closed.url, key, '{ viewer { organization { name } } }'),
      await http(closed.url, '/healthz'),
      await http(closed.url, '/api/v1/openapi.json'),
    ];
    for (const { headers } of answers) {
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('each standard header is sent once, whoever writes the answer, and a page keeps its own policy', async () => {
    const requestId = 'headers-once-1';
    const answers = {
      restRead: await http(closed.url, '/api/v1/accounts', { key, headers: { 'x-request-id': requestId } }),
      restCreate: await http(closed.url, '/api/v1/customers', {
        key,
        body: { name: 'Headers Once' },
        headers: { 'x-request-id': requestId },
      }),
      problem: await http(closed.url, '/api/v1/customers', { key, body: { name: 7 }, headers: { 'x-request-id': requestId } }),
      graphqlDirect: await http(closed.url, '/graphql', {
        key,
        body: { query: '{ viewer { organization { name } } }' },
        headers: { 'x-request-id': requestId },
      }),
      // A GET query is answered by Yoga's own response writer.
      graphqlYoga: await http(closed.url, `/graphql?query=${encodeURIComponent('{ viewer { organization { name } } }')}`, {
        key,
        headers: { 'x-request-id': requestId, accept: 'application/json' },
      }),
      preflight: await http(closed.url, '/api/v1/customers', {
        method: 'OPTIONS',
        headers: { 'x-request-id': requestId, origin: 'https://a.example', 'access-control-request-method': 'POST' },
      }),
      head: await http(closed.url, '/api/v1/accounts', { method: 'HEAD', key, headers: { 'x-request-id': requestId } }),
    };
    for (const [name, { status, headers }] of Object.entries(answers)) {
      expect(status, name).toBeLessThan(500);
      // fetch joins a header sent twice with ", ": one value each means one header each.
      expect(headers.get('x-request-id'), name).toBe(requestId);
      expect(headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(headers.get('referrer-policy'), name).toBe('no-referrer');
      expect(headers.get('x-frame-options'), name).toBe('DENY');
      expect(headers.get('content-security-policy'), name).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    for (const name of ['restRead', 'restCreate', 'problem', 'graphqlDirect', 'graphqlYoga', 'head'] as const)
      expect(answers[name].headers.get('x-ratelimit-limit'), name).toMatch(/^\d+$/);
    expect(answers.restCreate.status).toBe(201);
    expect(answers.restCreate.headers.get('location')).toMatch(/^\/api\/v1\/customers\/./);
    expect(answers.problem.status).toBe(400);
    expect(answers.graphqlYoga.body.data.viewer.organization.name).toBeTruthy();
    const docs = await fetch(`${closed.url}/api/v1/docs`);
    await docs.arrayBuffer();
    expect(docs.headers.get('content-security-policy')).not.toContain("default-src 'none'");
    expect(docs.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the GraphiQL and Swagger UI pages may run their own scripts, from this origin only', async () => {
    for (const response of [
      await fetch(`${closed.url}/graphql`, { headers: { accept: 'text/html' } }),
      await fetch(`${closed.url}/api/v1/docs`),
    ]) {
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('*');
      await response.arrayBuffer();
    }
  });
});

describe('CORS', () => {
  const preflight = (base: string, origin: string) =>
    fetch(`${base}/api/v1/customers`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });

  it('is closed by default: no allow-origin on answers or preflights, on either surface', async () => {
    const preflightAnswer = await preflight(closed.url, 'https://evil.example.net');
    expect(preflightAnswer.status).toBe(204);
    expect(preflightAnswer.headers.get('access-control-allow-origin')).toBeNull();
    const rest = await http(closed.url, '/api/v1/accounts', { key, headers: { origin: 'https://evil.example.net' } });
    expect(rest.headers.get('access-control-allow-origin')).toBeNull();
    const graphql = await http(closed.url, '/graphql', {
      key,
      headers: { origin: 'https://evil.example.net' },
      body: { query: '{ viewer { organization { name } } }' },
    });
    expect(graphql.status).toBe(200);
    expect(graphql.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens to the origins CORS_ORIGINS lists, and only those', async () => {
    const allowed = await preflight(open.url, 'https://books.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://books.example.com');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    const answer = await http(open.url, '/api/v1/accounts', { key: openKey, headers: { origin: 'https://books.example.com' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://books.example.com');
    expect(answer.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining');
    expect(answer.headers.get('vary')).toContain('Origin');
    const other = await preflight(open.url, 'https://evil.example.net');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('CORS_ORIGINS must be origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com, http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example.com/path' })).toThrow(ConfigError);
  });
});

describe('GRAPHQL_INTROSPECTION', () => {
  it('off: __schema and __type are refused, and errors suggest no field names', async () => {
    const schema = await gql(closed.url, key, '{ __schema { types { name } } }');
    expect(schema.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(schema.body.data).toBeUndefined();
    expect((await gql(closed.url, key, '{ __type(name: "Invoice") { name } }')).body.errors[0].message).toContain('introspection');
    const typo = await gql(closed.url, key, '{ invoicez { totalCount } }');
    expect(typo.body.errors[0].message).not.toContain('Did you mean');
    expect((await gql(closed.url, key, '{ viewer { organization { __typename name } } }')).body.data.viewer.organization.__typename).toBe(
      'Organization',
    );
  });

  it('on (the default): introspection answers and typos get suggestions', async () => {
    expect((await gql(open.url, openKey, '{ __type(name: "Invoice") { name } }')).body.data.__type.name).toBe('Invoice');
    expect((await gql(open.url, openKey, '{ invoicez { totalCount } }')).body.errors[0].message).toContain('Did you mean');
  });
});
