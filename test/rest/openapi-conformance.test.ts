// Every operation of the OpenAPI document the server serves is called, and each real answer,
// success and error, must be a status the operation declares with a body its schema accepts. The table of
// examples must cover exactly the operations the document lists, so a new route cannot go unchecked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, http, type JsonResponse, type TestApp } from '../helpers.ts';
import { openApiValidator } from './openapi-validator.ts';
import { routeExamples, type RouteExamples } from './route-examples.ts';

let t: TestApp;
let key: string;
let v: Awaited<ReturnType<typeof openApiValidator>>;
let receiver: Server;
let hookUrl: string;
const accounts: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ maxBodyBytes: 16_384, rateLimit: { points: 100_000, authFailures: 100_000 } });
  ({ key } = await t.tenant('Conformance Co'));
  v = await openApiValidator(t.url);
  for (const a of (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data) accounts[a.code] = a.id;
  receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  examples = routeExamples({ created, db: t.db, accounts, hookUrl });
});
afterAll(async () => {
  receiver.close();
  await t.close();
});

const call = async (method: string, path: string, body?: unknown, withKey: string | null = key): Promise<JsonResponse> => {
  const response = await http(t.url, path, { method, key: withKey ?? undefined, body });
  v.check(method, path, response);
  return response;
};
const created = async (path: string, body: unknown) => {
  const response = await call('POST', path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
};

let examples: RouteExamples;

describe('the served OpenAPI document and the server agree', () => {
  it('the examples cover exactly the operations the document lists', () => {
    const operations = Object.values(v.doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(Object.keys(examples).sort()).toEqual(operations.sort());
  });

  const operations = () =>
    Object.entries(v.doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

  it('every operation answers its declared success, with a body its schema accepts', async () => {
    for (const { method, op } of operations()) {
      const example = examples[op.operationId];
      const path = await example.path();
      const body = example.body ? await example.body() : undefined;
      if (body !== undefined) v.checkRequest(method, path, body); // what we send is what the document describes
      const response = await call(method, path, body);
      expect(Object.keys(op.responses).filter((s) => s.startsWith('2')), `${op.operationId} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}`).toContain(String(response.status));
    }
  });

  it('every operation answers its declared errors in the declared problem shape', async () => {
    for (const { method, op } of operations()) {
      const example = examples[op.operationId];
      const path = await example.path();
      const body = example.body ? await example.body() : undefined;
      // 401: no key.
      expect((await call(method, path, body, null)).status).toBe(401);
      // 404: an id that is not of this organization.
      if (path.match(/\/(acct|je|cus|ven|prod|inv|emp|whs?)_[0-9a-z]+/)) {
        const missing = path.replace(/(acct|je|cus|ven|prod|inv|emp|whs?)_[0-9a-z]{26}/, (_m, prefix) => `${prefix}_${'0'.repeat(26)}`);
        expect((await call(method, missing, body)).status, `${op.operationId} with an unknown id`).toBe(404);
      }
      // 400: an unknown query parameter on lists, an unknown field in bodies.
      if (method === 'GET' && op.parameters.some((p: any) => p.name === 'limit')) expect((await call(method, `${path.split('?')[0]}?limit=0`)).status).toBe(400);
      if (method !== 'GET') {
        expect((await call(method, path, { ...(body as object), surelyNotAField: 1 })).status, `${op.operationId} with an unknown field`).toBe(400);
        // 415: not JSON; 413: too large.
        const form = await http(t.url, path, { method, key, rawBody: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        v.check(method, path, form);
        expect(form.status).toBe(415);
        const huge = await http(t.url, path, { method, key, body: { notes: 'x'.repeat(20_000) } });
        v.check(method, path, huge);
        expect(huge.status).toBe(413);
      }
    }
  });

  it('a body-less POST is what the document says an action without a body takes', async () => {
    for (const { path, method, op } of operations()) {
      if (method !== 'POST' || op.requestBody?.required) continue;
      const response = await fetch(`${t.url}${await examples[op.operationId].path()}`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
      expect(Object.keys(op.responses).filter((s) => s.startsWith('2')), `${op.operationId} (${path}) without a body: ${response.status}`).toContain(String(response.status));
      await response.arrayBuffer();
    }
  });
});
