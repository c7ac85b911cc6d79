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
  const client = createClient({
    url: `${t.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
    retryAttempts: 0,
  });
  clients.push(client);
  const items: any[] = [];
  client.subscribe({ query }, { next: (value) => items.push(value), error: () => {}, complete: () => {} });
  return items;
}

/** Waits for `predicate`, bounded so a lost event fails the test rather than hanging it (not a timing assertion). */
const until = async (predicate: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const createInvoice = async (key: string, customerId: string) => {
  const created = await http(t.url, '/api/v1/invoices', { key, body: { customerId, lines: [{ description: 'Fan-out', unitPrice: 10 }] } });
  expect(created.status).toBe(201);
  return created.body.number as string;
};
const hasInvoice = (items: any[], number: string) => items.some((item) => item.data.invoiceChanged.invoice.number === number);

/**
 * Writes invoices until every subscriber has received the last one: a subscription is attached some time
 * after the client sends it, and an event written before that never reaches it (no fixed sleep can know when).
 */
async function attach(
  key: string,
  customerId: string,
  subscribers: any[][],
  received = (items: any[], number: string) => hasInvoice(items, number),
) {
  for (let tries = 0; tries < 50; tries++) {
    const number = await createInvoice(key, customerId);
    try {
      await until(() => subscribers.every((items) => received(items, number)), 500);
      return;
    } catch {
      // not every subscriber was attached yet: write another
    }
  }
  throw new Error('the subscribers never attached');
}

/** Creates an invoice and returns the Invoice SELECTs issued until every subscriber has it. */
async function invoiceLookups(key: string, customerId: string, subscribers: any[][]) {
  const from = t.queries.length;
  const number = await createInvoice(key, customerId);
  await until(() => subscribers.every((items) => hasInvoice(items, number)));
  return t.queries.slice(from).filter((q) => /^SELECT/.test(q) && /FROM\s+(?:[`"]?\w+[`"]?\.)?[`"]?Invoice[`"]?\s/.test(q)).length;
}

it('N subscribers of one organization with the same document cost what one does, and another organization sees nothing', async () => {
  const a = await t.tenant('Fan A');
  const b = await t.tenant('Fan B');
  const secondKey = (await createApiKey(t.db.prisma, a.organizationId, 'second')).plaintext;
  const customerId = (await http(t.url, '/api/v1/customers', { key: a.key, body: { name: 'Shared Ltd' } })).body.id;

  const theirs = subscriber(b.key);
  const theirCustomerId = (await http(t.url, '/api/v1/customers', { key: b.key, body: { name: 'Their Ltd' } })).body.id;
  await attach(b.key, theirCustomerId, [theirs]);
  const theirsBefore = theirs.length;

  const one = subscriber(a.key);
  await attach(a.key, customerId, [one]);
  const single = await invoiceLookups(a.key, customerId, [one]);

  const many = [subscriber(a.key), subscriber(secondKey), subscriber(secondKey), subscriber(a.key)];
  await attach(a.key, customerId, [one, ...many]);
  const shared = await invoiceLookups(a.key, customerId, [one, ...many]);

  expect(single).toBeGreaterThan(0);
  expect(shared).toBe(single); // five subscribers, the lookups of one
  const results = [one.at(-1), ...many.map((items) => items.at(-1))];
  for (const result of results) expect(result).toEqual(results[0]);
  expect(results[0].data.invoiceChanged.invoice.customer.name).toBe('Shared Ltd');
  expect(theirs.length).toBe(theirsBefore); // none of organization A's invoices
});

it('different documents in one organization are executed apart', async () => {
  const a = await t.tenant('Fan C');
  const customerId = (await http(t.url, '/api/v1/customers', { key: a.key, body: { name: 'Apart Ltd' } })).body.id;
  const numbers = subscriber(a.key, 'subscription { invoiceChanged { invoice { number } } }');
  const totals = subscriber(a.key, 'subscription { invoiceChanged { invoice { total } } }');
  await attach(a.key, customerId, [numbers, totals], (items) => items.length > 0);
  expect(Object.keys(numbers[0].data.invoiceChanged.invoice)).toEqual(['number']);
  expect(totals[0].data.invoiceChanged.invoice).toEqual({ total: '10.00' });
});
