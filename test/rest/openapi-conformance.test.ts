// Every operation of the OpenAPI document the server serves is called, and each real answer,
// success and error, must be a status the operation declares with a body its schema accepts. The table of
// examples must cover exactly the operations the document lists, so a new route cannot go unchecked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, http, type JsonResponse, type TestApp } from '../helpers.ts';
import { openApiValidator } from './openapi-validator.ts';

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

const customer = () => created('/api/v1/customers', { name: `Customer ${Math.random()}` });
const invoice = async (draft = false) => created('/api/v1/invoices', { customerId: await customer(), draft, lines: [{ description: 'Work', unitPrice: 120, quantity: 1.5 }] });
const entry = () => created('/api/v1/journal-entries', { date: '2026-05-01', description: 'Rent', lines: [{ accountId: accounts['6100'], debit: 10, credit: 0 }, { accountId: accounts['1010'], debit: 0, credit: 10 }] });
const webhook = () => created('/api/v1/webhooks', { url: hookUrl, eventTypes: ['invoice.paid'] });
const apiKey = () => created('/api/v1/api-keys', { name: `Key ${Math.random()}`, scopes: ['reports:read'] });
const anyEvent = async () => (await t.db.prisma.event.findFirstOrThrow({ orderBy: { seq: 'desc' } })).id;

/** For each operationId: how to call it successfully (path ids made fresh, a body, a query). */
const examples: Record<string, { path: () => Promise<string>; body?: () => Promise<unknown> | unknown }> = {
  listAccounts: { path: async () => '/api/v1/accounts?type=asset&limit=5' },
  createAccount: { path: async () => '/api/v1/accounts', body: () => ({ code: `19${Math.floor(Math.random() * 90 + 10)}`, name: 'Petty cash', type: 'asset', subtype: 'cash' }) },
  getAccount: { path: async () => `/api/v1/accounts/${accounts['1000']}` },
  updateAccount: { path: async () => `/api/v1/accounts/${accounts['6300']}`, body: () => ({ description: 'Power and water' }) },
  listJournalEntries: { path: async () => '/api/v1/journal-entries?sourceType=manual' },
  createJournalEntry: { path: async () => '/api/v1/journal-entries', body: () => ({ date: '2026-05-02', description: 'Fees', lines: [{ accountId: accounts['6900'], debit: 1.25, credit: 0 }, { accountId: accounts['1010'], debit: 0, credit: 1.25 }] }) },
  getJournalEntry: { path: async () => `/api/v1/journal-entries/${await entry()}` },
  reverseJournalEntry: { path: async () => `/api/v1/journal-entries/${await entry()}/reverse`, body: () => ({ reason: 'posted twice' }) },
  listCustomers: { path: async () => '/api/v1/customers?search=cust' },
  createCustomer: { path: async () => '/api/v1/customers', body: () => ({ name: 'Ada Ltd', email: 'ada@example.com' }) },
  getCustomer: { path: async () => `/api/v1/customers/${await customer()}` },
  updateCustomer: { path: async () => `/api/v1/customers/${await customer()}`, body: () => ({ phone: '+44 20 7946 0000' }) },
  listVendors: { path: async () => '/api/v1/vendors' },
  createVendor: { path: async () => '/api/v1/vendors', body: () => ({ name: 'Paper Co' }) },
  getVendor: { path: async () => `/api/v1/vendors/${await created('/api/v1/vendors', { name: 'Ink Co' })}` },
  updateVendor: { path: async () => `/api/v1/vendors/${await created('/api/v1/vendors', { name: 'Toner Co' })}`, body: () => ({ notes: 'net 30' }) },
  listProducts: { path: async () => '/api/v1/products?active=true' },
  createProduct: { path: async () => '/api/v1/products', body: () => ({ name: 'Consulting hour', unitPrice: 95, type: 'service' }) },
  getProduct: { path: async () => `/api/v1/products/${await created('/api/v1/products', { name: 'Widget', unitPrice: 3 })}` },
  updateProduct: { path: async () => `/api/v1/products/${await created('/api/v1/products', { name: 'Gadget', unitPrice: 4 })}`, body: () => ({ unitPrice: 4.5 }) },
  listInvoices: { path: async () => '/api/v1/invoices?status=open' },
  createInvoice: { path: async () => '/api/v1/invoices', body: async () => ({ customerId: await customer(), lines: [{ description: 'Design', unitPrice: 300, quantity: 2 }] }) },
  getInvoice: { path: async () => `/api/v1/invoices/${await invoice()}` },
  finalizeInvoice: { path: async () => `/api/v1/invoices/${await invoice(true)}/finalize` },
  voidInvoice: { path: async () => `/api/v1/invoices/${await invoice()}/void`, body: () => ({ reason: 'sent twice' }) },
  recordPayment: { path: async () => `/api/v1/invoices/${await invoice()}/payments`, body: () => ({ amount: 50 }) },
  listEmployees: { path: async () => '/api/v1/employees?status=active' },
  createEmployee: { path: async () => '/api/v1/employees', body: () => ({ firstName: 'Grace', lastName: 'Hopper' }) },
  getEmployee: { path: async () => `/api/v1/employees/${await created('/api/v1/employees', { firstName: 'Alan', lastName: 'Turing' })}` },
  updateEmployee: { path: async () => `/api/v1/employees/${await created('/api/v1/employees', { firstName: 'Ada', lastName: 'Lovelace' })}`, body: () => ({ department: 'Engineering' }) },
  listWebhookEventTypes: { path: async () => '/api/v1/webhooks' },
  registerWebhook: { path: async () => '/api/v1/webhooks', body: () => ({ url: hookUrl, eventTypes: ['*'] }) },
  listWebhookSubscriptions: { path: async () => '/api/v1/webhooks/subscriptions' },
  getWebhookSubscription: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}` },
  updateWebhookSubscription: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}`, body: () => ({ description: 'Paid invoices to the shop' }) },
  disableWebhookSubscription: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/disable` },
  enableWebhookSubscription: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/enable` },
  sendTestWebhook: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/test` },
  rotateWebhookSecret: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/rotate-secret` },
  redeliverWebhookEvent: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/redeliver`, body: async () => ({ eventId: await anyEvent() }) },
  listWebhookDeliveries: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/deliveries` },
  listEvents: { path: async () => `/api/v1/events?type=customer.created&from=2026-01-01T00:00:00Z` },
  getEvent: { path: async () => `/api/v1/events/${await anyEvent()}` },
  listApiKeys: { path: async () => '/api/v1/api-keys?status=active' },
  createApiKey: { path: async () => '/api/v1/api-keys', body: () => ({ name: 'Shop', scopes: ['invoices:write', 'customers:read'], expiresAt: '2030-01-01T00:00:00Z' }) },
  getApiKey: { path: async () => `/api/v1/api-keys/${await apiKey()}` },
  revokeApiKey: { path: async () => `/api/v1/api-keys/${await apiKey()}/revoke` },
  rollApiKey: { path: async () => `/api/v1/api-keys/${await apiKey()}/roll`, body: () => ({ expiresInHours: 2 }) },
};

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
