// Every operation of the OpenAPI document the server serves is called, and each real answer,
// success and error, must be a status the operation declares with a body its schema accepts. The table of
// examples must cover exactly the operations the document lists, so a new route cannot go unchecked.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, http, type JsonResponse, type TestApp, startMailServer, type TestMailServer } from '../helpers.ts';
import { openApiValidator } from './openapi-validator.ts';
import { routeExamples, type RouteExamples } from './route-examples.ts';

let t: TestApp;
let key: string;
let v: Awaited<ReturnType<typeof openApiValidator>>;
let receiver: Server;
let hookUrl: string;
const accounts: Record<string, string> = {};

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ maxBodyBytes: 16_384, rateLimit: { points: 100_000, authFailures: 100_000 }, mail: mail.settings() });
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
  await mail.close();
});

const call = async (method: string, path: string, body?: unknown, withKey: string | null = key): Promise<JsonResponse> => {
  const response = await http(t.url, path, { method, key: withKey ?? undefined, body });
  v.check(method, path, response);
  return response;
};
const created = async (path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') => {
  const response = await call(method, path, body);
  // A create answers 201, an action a setup step runs (a write-off to void) and a PATCH 200, a mail queued 202.
  expect([200, 201, 202], JSON.stringify(response.body)).toContain(response.status);
  return response.body.id as string;
};

let examples: RouteExamples;
let mail: TestMailServer;
const EXAMPLES_FILE = new URL('../../src/http/openapi-examples.json', import.meta.url);

/** Secrets shown once (API keys, webhook signing secrets) replaced by placeholders of the same form: the document is public. */
function withoutSecrets(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value)
      .replace(/ak_[0-9a-z]{12}_[0-9A-Za-z]{32}/g, 'ak_exampleprefx_EXAMPLEexampleEXAMPLEexample0000')
      .replace(/whsec_[A-Za-z0-9+/=]+/g, 'whsec_RXhhbXBsZSBzaWduaW5nIHNlY3JldCE='),
  );
}

/**
 * Where a documented example and a real answer differ in shape: keys one has and the other lacks, or values of
 * another type, all the way down (an array by its first item). A null or an empty list matches any value: what
 * a delivery, an email or a job has done yet depends on the instant it was asked, and the schema check above
 * holds the example to its types.
 */
function shapeDifferences(documented: unknown, answered: unknown, at = '$'): string[] {
  if (documented === null || answered === null) return [];
  if (Array.isArray(documented) && Array.isArray(answered))
    return documented.length && answered.length ? shapeDifferences(documented[0], answered[0], `${at}[0]`) : [];
  const isObject = (value: unknown) => typeof value === 'object' && !Array.isArray(value);
  if (isObject(documented) && isObject(answered)) {
    const [a, b] = [documented as Record<string, unknown>, answered as Record<string, unknown>];
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((key) =>
      !(key in a)
        ? [`${at}.${key} is missing from the example`]
        : !(key in b)
          ? [`${at}.${key} is no longer answered`]
          : shapeDifferences(a[key], b[key], `${at}.${key}`),
    );
  }
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
  return kind(documented) === kind(answered) ? [] : [`${at} is ${kind(documented)} in the example, ${kind(answered)} today`];
}

/** An operation's declared success response. */
const success = (op: { responses: Record<string, any> }) => Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1];

describe('the served OpenAPI document and the server agree', () => {
  it('the examples cover exactly the operations the document lists (HEAD aside: it is each GET without the body)', () => {
    const operations = Object.values(v.doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((methods) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'head')
        .map(([, op]) => op.operationId),
    );
    expect(Object.keys(examples).sort()).toEqual(operations.sort());
  });

  const operations = () =>
    Object.entries(v.doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'head')
        .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );

  it('every operation answers its declared success, with a body its schema accepts, ' +
    'and its documented examples are real answers', async () => {
    const recorded: Record<string, { request?: unknown; response: unknown }> = {};
    for (const { path: template, method, op } of operations()) {
      const example = examples[op.operationId];
      const path = await example.path();
      const body = example.body ? await example.body() : undefined;
      if (body !== undefined) v.checkRequest(method, path, body); // what we send is what the document describes
      const response = await call(method, path, body);
      expect(
        Object.keys(op.responses).filter((s) => s.startsWith('2')),
        `${op.operationId} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 300)}`,
      ).toContain(String(response.status));
      // A file's bytes are no example: its media type and schema say what it is.
      if (success(op).content['application/json'])
        recorded[op.operationId] = { ...(body !== undefined ? { request: body } : {}), response: withoutSecrets(response.body) };
      // HEAD: the same status and headers, no body.
      if (method === 'GET') {
        const head = await fetch(`${t.url}${path}`, { method: 'HEAD', headers: { authorization: `Bearer ${key}` } });
        expect(head.status, `HEAD ${template}`).toBe(response.status);
        expect(await head.text()).toBe('');
        for (const name of Object.keys(v.doc.paths[template].head.responses[String(head.status)].headers))
          expect(head.headers.get(name), `HEAD ${template} ${name}`).not.toBeNull();
      }
    }
    if (process.env.UPDATE_OPENAPI_EXAMPLES) {
      // Only what changed is re-recorded: an example that still fits its schema, has today's shape and the same
      // request keeps its ids and dates, so a re-record's diff is the operations that changed, not every one.
      const kept = JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as typeof recorded;
      for (const { op } of operations()) {
        const before = kept[op.operationId];
        const now = recorded[op.operationId];
        if (!before || !now) continue;
        const schema = success(op).content['application/json']?.schema;
        const same =
          shapeDifferences(before.response, now.response).length === 0 &&
          shapeDifferences(now.response, before.response).length === 0 &&
          (schema ? v.invalidAgainst(schema, before.response) === undefined : true) &&
          JSON.stringify(Object.keys(before.request ?? {}).sort()) === JSON.stringify(Object.keys(now.request ?? {}).sort());
        if (same) recorded[op.operationId] = before;
      }
      writeFileSync(EXAMPLES_FILE, `${JSON.stringify(recorded, null, 2)}\n`);
      return;
    }
    // The document's examples were recorded from real answers: each still fits its schema and has the
    // shape of today's answer (re-record with UPDATE_OPENAPI_EXAMPLES=1 npx vitest run test/rest/openapi-conformance.test.ts).
    for (const { method, op } of operations()) {
      if (!success(op).content['application/json']) continue;
      const documented = success(op).content['application/json'].example;
      expect(documented, `${op.operationId} has no example: re-record them`).toBeDefined();
      expect(
        v.invalidAgainst(success(op).content['application/json'].schema, documented),
        `${op.operationId}'s example no longer fits its schema: re-record`,
      ).toBeUndefined();
      expect(
        shapeDifferences(documented, recorded[op.operationId].response),
        `${op.operationId}'s example has another shape than today's answer: re-record`,
      ).toEqual([]);
      if (op.requestBody)
        expect(op.requestBody.content['application/json'].example, `${method} ${op.operationId} has no request example`).toBeDefined();
    }
  }, 180_000); // Every operation in turn, with its fixtures: its time follows the number of routes.

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
      if (method === 'GET' && op.parameters.some((p: any) => p.name === 'limit'))
        expect((await call(method, `${path.split('?')[0]}?limit=0`)).status).toBe(400);
      if (method !== 'GET') {
        expect(
          (await call(method, path, { ...(body as object), surelyNotAField: 1 })).status,
          `${op.operationId} with an unknown field`,
        ).toBe(400);
        // 415: not JSON; 413: too large.
        const form = await http(t.url, path, {
          method,
          key,
          rawBody: 'a=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        v.check(method, path, form);
        expect(form.status).toBe(415);
        // A route taking files (attachFile, importBankStatement) has its own, larger limit: 20 KB is no excess there.
        if (op.operationId !== 'attachFile' && op.operationId !== 'importBankStatement') {
          const huge = await http(t.url, path, { method, key, body: { notes: 'x'.repeat(20_000) } });
          v.check(method, path, huge);
          expect(huge.status).toBe(413);
        }
      }
    }
  }, 180_000); // Every operation in turn: its time follows the number of routes.

  it('a body-less POST is what the document says an action without a body takes', async () => {
    for (const { path, method, op } of operations()) {
      if (method !== 'POST' || op.requestBody?.required) continue;
      const response = await fetch(`${t.url}${await examples[op.operationId].path()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(
        Object.keys(op.responses).filter((s) => s.startsWith('2')),
        `${op.operationId} (${path}) without a body: ${response.status}`,
      ).toContain(String(response.status));
      await response.arrayBuffer();
    }
  });
});
