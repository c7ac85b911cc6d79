import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ maxBodyBytes: 4096 });
  ({ key } = await t.tenant());
});
afterAll(() => t.close());

async function accountCount() {
  return t.db.prisma.account.count();
}

describe('errors on REST', () => {
  it('answer an unknown route with 404 in the problem shape', async () => {
    const response = await http(t.url, '/api/v1/ledgers', { key });
    expectProblem(response, 404, 'NOT_FOUND');
    expect(response.body.detail).toContain('/api/v1/ledgers');
    expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('answer a known path with the wrong method with 405 and Allow', async () => {
    const response = await http(t.url, '/api/v1/accounts', { key, method: 'DELETE' });
    expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('answer malformed JSON with 400 and write nothing', async () => {
    const before = await accountCount();
    const response = await http(t.url, '/api/v1/accounts', {
      key,
      method: 'POST',
      rawBody: '{"code": "9',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(response, 400, 'MALFORMED_JSON');
    expect(await accountCount()).toBe(before);
  });

  it('answer malformed JSON to /graphql with the same code and words, quoting nothing of the body', async () => {
    const body = '{"query": "mutation { createAccount }", "secret-in-body": nope';
    const graphql = await http(t.url, '/graphql', { key, rawBody: body, headers: { 'content-type': 'application/json' } });
    const rest = await http(t.url, '/api/v1/accounts', {
      key,
      method: 'POST',
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    for (const response of [graphql, rest]) {
      expectProblem(response, 400, 'MALFORMED_JSON');
      expect(JSON.stringify(response.body)).not.toMatch(/secret-in-body|nope|originalError/);
    }
    expect(graphql.body.detail).toBe(rest.body.detail);
  });

  it('name in one answer the fields of the wrong shape and the fields the rules refuse, and write nothing', async () => {
    const employees = async () => (await http(t.url, '/api/v1/employees?limit=1', { key })).body.total;
    const before = await employees();
    const response = await http(t.url, '/api/v1/employees', {
      key,
      body: { firstName: '', lastName: 3, email: 'nope', payRate: -5, shoeSize: 44 },
    });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'payRate',
      'shoeSize',
    ]);
    // not "is required" as well
    expect(response.body.errors.find((e: { path: string }) => e.path === 'lastName').message).toBe('expected a string, got 3');
    expect(await employees()).toBe(before);

    // The rules ran on a transaction that rolled back: no number was used up, no idempotency key kept.
    const customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Numbered Ltd' } })).body.id;
    const invoice = (body: object, headers: Record<string, string> = {}) =>
      http(t.url, '/api/v1/invoices', { key, body: { customerId, ...body }, headers });
    const first = (await invoice({ lines: [{ description: 'one', unitPrice: 1 }] })).body.number as string;
    const refused = await invoice(
      { draft: 'yes', lines: [{ description: 'two', unitPrice: 1, quantity: -1 }] },
      { 'idempotency-key': 'one-answer' },
    );
    expect(refused.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['draft', 'lines.0.quantity']);
    const next = await invoice({ lines: [{ description: 'two', unitPrice: 1 }] }, { 'idempotency-key': 'one-answer' });
    expect(next.status).toBe(201);
    expect(Number(next.body.number.split('-')[1])).toBe(Number(first.split('-')[1]) + 1);
  });

  it('answer a URL too long for the HTTP parser with 431 in the problem shape, not a bare close', async () => {
    const response = await http(t.url, `/api/v1/customers?search=${'x'.repeat(20_000)}`, { key });
    expectProblem(response, 431, 'HEADERS_TOO_LARGE');
  });

  it('answer a body that is not JSON by content type with 415', async () => {
    const response = await http(t.url, '/api/v1/accounts', {
      key,
      method: 'POST',
      rawBody: 'code=9',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answer an oversized body with 413', async () => {
    const response = await http(t.url, '/api/v1/accounts', { key, body: { code: '9000', name: 'x'.repeat(5000), type: 'asset' } });
    expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuse a body sent in chunks once it passes the limit, and write nothing', async () => {
    // No Content-Length to refuse it by: the reading stops at the limit and the connection is dropped.
    const before = await accountCount();
    const body = JSON.stringify({ code: '9001', name: 'x'.repeat(8000), type: 'asset' });
    const outcome = await new Promise<string>((resolve) => {
      const request = httpRequest(`${t.url}/api/v1/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => resolve(String(response.statusCode)));
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      for (let at = 0; at < body.length; at += 1000) request.write(body.slice(at, at + 1000));
      request.end();
    });
    expect(['413', 'ECONNRESET', 'EPIPE']).toContain(outcome);
    expect(await accountCount()).toBe(before);
    // The server goes on answering.
    expect((await http(t.url, '/api/v1/accounts?limit=1', { key })).status).toBe(200);
  });

  it('name every bad, unknown and missing field at once, with 400, and write nothing', async () => {
    const before = await accountCount();
    const response = await http(t.url, '/api/v1/accounts', { key, body: { code: 12, type: 'planet', colour: 'red' } });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    const paths = response.body.errors.map((e: any) => e.path).sort();
    expect(paths).toEqual(['code', 'colour', 'name', 'type']);
    for (const e of response.body.errors) expect(e.message.length).toBeGreaterThan(5);
    expect(await accountCount()).toBe(before);
  });

  it('report service rule violations per field (duplicate code, bad code format)', async () => {
    const response = await http(t.url, '/api/v1/accounts', { key, body: { code: '1000', name: 'Second cash', type: 'asset' } });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ path: 'code', message: 'account code "1000" is already used' }]);
  });

  it('refuse bad page and limit parameters, naming them', async () => {
    for (const [query, param] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
    ]) {
      const response = await http(t.url, `/api/v1/accounts?${query}`, { key });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(response.body.errors.map((e: any) => e.path)).toEqual([param]);
    }
  });

  it('answer an unexpected failure with 500, a request id and no internals', async () => {
    // Break the database under the running server: the failure is real, not simulated in code.
    await t.db.prisma.$executeRawUnsafe('ALTER TABLE "Account" RENAME TO "AccountGone"');
    try {
      const response = await http(t.url, '/api/v1/accounts', { key });
      expectProblem(response, 500, 'INTERNAL');
      expect(JSON.stringify(response.body)).not.toMatch(/AccountGone|prisma|sqlite|postgres|\.ts:/i);
      const viaGraphQL = await gql(t.url, key, '{ accountsPage { total } }');
      expect(viaGraphQL.body.errors[0].extensions.code).toBe('INTERNAL');
      expect(JSON.stringify(viaGraphQL.body)).not.toMatch(/AccountGone|prisma|sqlite|postgres|\.ts:/i);
      expect(t.logs.some((line) => line.includes(response.body.requestId) || line.includes('unexpected error'))).toBe(true);
    } finally {
      await t.db.prisma.$executeRawUnsafe('ALTER TABLE "AccountGone" RENAME TO "Account"');
    }
  });
});

describe('errors on GraphQL', () => {
  it('carry the same code in extensions.code, with the bad fields', async () => {
    const response = await gql(t.url, key, 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { id } }', {
      input: { code: '!!', name: '', type: 'ASSET' },
    });
    // Mutation fields can be null: the failed one is, beside its error (other mutations of the document keep their results).
    expect(response.body.data).toEqual({ createAccount: null });
    const error = response.body.errors[0];
    expect(error.path).toEqual(['createAccount']);
    expect(error.extensions.code).toBe('VALIDATION_FAILED');
    expect(error.extensions.errors.map((e: any) => e.path).sort()).toEqual(['code', 'name']);
  });

  it('report a query that does not fit the schema as VALIDATION_FAILED', async () => {
    const response = await gql(t.url, key, '{ accountsPage { nope } }');
    // GraphQL over HTTP: a client that accepts application/json gets 200 with errors and no data.
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
  });

  it('answer an oversized body with 413 and write nothing (the front door limits /graphql as it limits REST)', async () => {
    const before = await accountCount();
    const response = await gql(t.url, key, 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { id } }', {
      input: { code: '9100', name: 'x'.repeat(5000), type: 'ASSET' },
    });
    expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(await accountCount()).toBe(before);
  });
});

describe('rate limiting', () => {
  it.runIf(process.env.REDIS_URL)('shares one quota between instances through Redis', async () => {
    const first = await createTestApp({ rateLimit: { points: 4, durationSeconds: 60 } });
    const second = createApp({ config: first.config, db: first.db, logger: createLogger('silent') });
    const address = await second.listen(0, '127.0.0.1');
    try {
      const { key: shared } = await first.tenant();
      const statuses = [];
      for (const base of [first.url, `http://127.0.0.1:${address.port}`, first.url, `http://127.0.0.1:${address.port}`, first.url]) {
        statuses.push((await http(base, '/api/v1/accounts?limit=1', { key: shared })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      second.server.close();
      await first.close();
    }
  });

  it('answers 429 with Retry-After once a key spends its quota, counting each key apart', async () => {
    const limited = await createTestApp({ rateLimit: { points: 3, durationSeconds: 60 } });
    try {
      const one = await limited.tenant();
      const two = await limited.tenant();
      for (let i = 0; i < 3; i++) {
        const ok = await http(limited.url, '/api/v1/accounts', { key: one.key });
        expect(ok.status).toBe(200);
        expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
      }
      const refused = await http(limited.url, '/api/v1/accounts', { key: one.key });
      expectProblem(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const viaGraphQL = await gql(limited.url, one.key, '{ viewer { organization { name } } }');
      expect(viaGraphQL.status).toBe(429);
      expect(viaGraphQL.body.errors[0].extensions.code).toBe('RATE_LIMITED');
      expect((await http(limited.url, '/api/v1/accounts', { key: two.key })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('HEAD', () => {
  it('is answered on list and record routes like GET, without a body', async () => {
    for (const path of ['/api/v1/accounts', '/api/v1/customers?limit=5', '/api/v1/webhooks']) {
      const get = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
      const head = await fetch(`${t.url}${path}`, { method: 'HEAD', headers: { authorization: `Bearer ${key}` } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-length')).toBe(String((await get.arrayBuffer()).byteLength));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('of an unknown record is 404, and HEAD is listed in Allow', async () => {
    const head = await fetch(`${t.url}/api/v1/customers/cus_00000000000000000000000000`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(head.status).toBe(404);
    const post = await http(t.url, '/api/v1/webhooks/subscriptions', { key, body: {} });
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
