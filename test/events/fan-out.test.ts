// Fan-out shares work: subscribers of one organization running the same subscription document get one
// execution per event between them (graphql-js alone would run it once per subscriber), and nothing is
// shared across organizations.
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

let t: TestApp;
const clients: Client[] = [];
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000 } });
});
afterAll(async () => {
  for (const c of clients) await c.dispose();
  await t.close();
});

const INVOICE_CHANGED = 'subscription { invoiceChanged { type invoice { number total customer { name } } } }';

function subscriber(key: string, query = INVOICE_CHANGED) {
  const client = createClient({ url: `${t.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${key}` }, retryAttempts: 0 });
  clients.push(client);
  const items: any[] = [];
  client.subscribe({ query }, { next: (value) => items.push(value), error: () => {}, complete: () => {} });
  return items;
}

const until = async (predicate: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Creates an invoice and returns the Invoice SELECTs issued until every subscriber has it. */
async function invoiceLookups(key: string, customerId: string, received: () => boolean) {
  const from = t.queries.length;
  const created = await http(t.url, '/api/v1/invoices', { key, body: { customerId, lines: [{ description: 'Fan-out', unitPrice: 10 }] } });
  expect(created.status).toBe(201);
  await until(received);
  await new Promise((r) => setTimeout(r, 100));
  return t.queries.slice(from).filter((q) => /^SELECT/.test(q) && /FROM\s+(?:[`"]?\w+[`"]?\.)?[`"]?Invoice[`"]?\s/.test(q)).length;
}

it('N subscribers of one organization with the same document cost what one does, and another organization sees nothing', async () => {
  const a = await t.tenant('Fan A');
  const b = await t.tenant('Fan B');
  const secondKey = (await createApiKey(t.db.prisma, a.organizationId, 'second')).plaintext;
  const customerId = (await http(t.url, '/api/v1/customers', { key: a.key, body: { name: 'Shared Ltd' } })).body.id;

  const one = subscriber(a.key);
  await new Promise((r) => setTimeout(r, 300));
  const single = await invoiceLookups(a.key, customerId, () => one.length >= 1);

  const many = [subscriber(a.key), subscriber(secondKey), subscriber(secondKey), subscriber(a.key)];
  const theirs = subscriber(b.key);
  await new Promise((r) => setTimeout(r, 300));
  const shared = await invoiceLookups(a.key, customerId, () => one.length >= 2 && many.every((items) => items.length >= 1));

  expect(single).toBeGreaterThan(0);
  expect(shared).toBe(single); // five subscribers, the lookups of one
  const results = [one[1], ...many.map((items) => items[0])];
  for (const result of results) expect(result).toEqual(results[0]);
  expect(results[0].data.invoiceChanged.invoice.customer.name).toBe('Shared Ltd');
  expect(theirs).toEqual([]);
});

it('different documents in one organization are executed apart', async () => {
  const a = await t.tenant('Fan C');
  const customerId = (await http(t.url, '/api/v1/customers', { key: a.key, body: { name: 'Apart Ltd' } })).body.id;
  const numbers = subscriber(a.key, 'subscription { invoiceChanged { invoice { number } } }');
  const totals = subscriber(a.key, 'subscription { invoiceChanged { invoice { total } } }');
  await new Promise((r) => setTimeout(r, 300));
  await http(t.url, '/api/v1/invoices', { key: a.key, body: { customerId, lines: [{ description: 'x', unitPrice: 12 }] } });
  await until(() => numbers.length >= 1 && totals.length >= 1);
  expect(Object.keys(numbers[0].data.invoiceChanged.invoice)).toEqual(['number']);
  expect(totals[0].data.invoiceChanged.invoice).toEqual({ total: '12.00' });
});
