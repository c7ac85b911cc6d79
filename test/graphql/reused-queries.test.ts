// plugin-prisma plans a field's Prisma query from its selection once per document, field and variables, and
// reuses it (patches/@pothos+plugin-prisma+4.17.0.patch): a later request gets the same rows, the same
// statements, and never another request's narrowing. A plan whose functions read the request (a relation
// narrowed to the key's scopes) is made afresh every time.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Plan } from '@pothos/selection-mapper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let receiver: Server;

beforeAll(async () => {
  receiver = createServer((_req, res) => res.writeHead(200).end()).listen(0, '127.0.0.1');
  t = await createTestApp({ rateLimit: { points: 1_000_000 }, webhooks: { allowPrivateTargets: true } });
  ({ key, organizationId } = await t.tenant('Reuse Co'));
  const customer = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Reused Ltd', email: 'r@example.com' } })).body.id;
  const product = (await http(t.url, '/api/v1/products', { key, body: { name: 'Widget', unitPrice: '4.00' } })).body.id;
  for (let i = 0; i < 3; i++) {
    const invoice = await http(t.url, '/api/v1/invoices', {
      key,
      body: {
        customerId: customer,
        issueDate: `2026-03-0${i + 1}`,
        lines: [
          { productId: product, quantity: '2' },
          { description: 'Fitting', unitPrice: '10.00', quantity: '1' },
        ],
      },
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
  }
});
afterAll(async () => {
  receiver?.close();
  await t?.close();
});

const NESTED =
  'query($first: Int) { invoices(first: $first) { edges { node { id number total customer { id name email } ' +
  'lines { description amount product { id name } } } } } }';

/**
 * The answer to `query` and the statements it ran for it: the background passes (relay, webhook dispatcher) paused
 * meanwhile, whose polls are statements too, and without the key's own (looked up when its memory lapses).
 */
async function run(query: string, variables: Record<string, unknown> = {}, withKey = key) {
  await Promise.all([t.app.relay.stop(), t.app.dispatcher.stop()]);
  try {
    const from = t.queries.length;
    const response = await gql(t.url, withKey, query, variables);
    expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
    const statements = t.queries.slice(from).filter((q) => !/^\s*(PRAGMA|BEGIN|COMMIT)/i.test(q) && !/["`]ApiKey["`]/.test(q));
    return { data: response.body.data, statements };
  } finally {
    t.app.relay.start();
    t.app.dispatcher.start();
  }
}

describe('a query planned from a selection is reused', () => {
  it('plans the page once per document, and answers the same from the kept query', async () => {
    const plans = vi.spyOn(Plan, 'fromInfo');
    try {
      const first = await run(NESTED, { first: 2 });
      expect(plans).toHaveBeenCalled();
      plans.mockClear();
      const again = await run(NESTED, { first: 2 });
      expect(plans, 'planned again').not.toHaveBeenCalled();
      expect(again).toEqual(first);
      expect(first.data.invoices.edges).toHaveLength(2);
      expect(first.data.invoices.edges[0].node.lines[0].product).toEqual({ id: expect.any(String), name: 'Widget' });
      // Other variables are another plan, and another answer.
      const three = await run(NESTED, { first: 3 });
      expect(three.data.invoices.edges).toHaveLength(3);
    } finally {
      plans.mockRestore();
    }
  });

  it("plans a mutation's answer afresh every time (its variables are its input)", async () => {
    const plans = vi.spyOn(Plan, 'fromInfo');
    try {
      const mutation = 'mutation($name: String!) { createCustomer(input: { name: $name }) { id name } }';
      for (const name of ['Fresh One', 'Fresh One']) {
        plans.mockClear();
        const response = await gql(t.url, key, mutation, { name });
        expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
        expect(response.body.data.createCustomer.name).toBe(name);
        expect(plans).toHaveBeenCalled();
      }
    } finally {
      plans.mockRestore();
    }
  });

  it('keeps a plan per variable set: a relation included by a variable is read only when it is', async () => {
    const query = 'query($lines: Boolean!) { invoices(first: 3) { edges { node { number lines @include(if: $lines) { amount } } } } }';
    for (const lines of [true, false, true, false]) {
      const { data, statements } = await run(query, { lines });
      const node = data.invoices.edges[0].node;
      expect(Object.keys(node).sort(), `lines: ${lines}`).toEqual(lines ? ['lines', 'number'] : ['number']);
      if (lines) expect(node.lines).toHaveLength(2);
      expect(
        statements.some((q) => /["`]InvoiceLine["`]/.test(q)),
        `lines: ${lines}`,
      ).toBe(lines);
    }
  });

  it("records the kept plan's loaded relations for the executor too: no relation loaded row by row", async () => {
    // A directive leaves the query to graphql's executor, whose relation resolvers ask what the page loaded.
    const query = '{ invoices(first: 3) { edges { node { number customer @include(if: true) { name } lines { amount } } } } }';
    const first = await run(query);
    for (let i = 0; i < 3; i++) {
      const again = await run(query);
      expect(again.data).toEqual(first.data);
      expect(again.statements).toEqual(first.statements);
    }
    expect(first.data.invoices.edges[2].node.customer).toEqual({ name: 'Reused Ltd' });
  });

  it("never gives one key the query another key's scopes narrowed", async () => {
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const subscription = (await http(t.url, '/api/v1/webhooks', { key, body: { url: hook, eventTypes: ['*'] } })).body.id;
    const employee = await http(t.url, '/api/v1/employees', {
      key,
      body: { firstName: 'Ada', lastName: 'Lovelace', email: 'a@example.com' },
    });
    expect(employee.status).toBe(201);
    await vi.waitFor(
      async () =>
        expect(
          await t.db.prisma.webhookDelivery.count({ where: { subscriptionId: subscription, event: { type: 'employee.created' } } }),
        ).toBe(1),
      { timeout: 10_000 },
    );
    const hooksOnly = (await createApiKey(t.db.prisma, organizationId, 'hooks', { scopes: ['webhooks:write', 'events:read'] })).plaintext;
    const query =
      'query($id: ID!) { node(id: $id) { ... on WebhookSubscription { deliveries(first: 50) { totalCount edges { node { event { type } } } } } } }';
    const types = async (withKey: string) => {
      const { data } = await run(query, { id: subscription }, withKey);
      return data.node.deliveries.edges.map((edge: { node: { event: { type: string } } }) => edge.node.event.type) as string[];
    };
    for (let i = 0; i < 2; i++) {
      expect(await types(key)).toContain('employee.created');
      expect(await types(hooksOnly)).not.toContain('employee.created');
    }
  });
});

describe("the schema's selections given as functions", () => {
  it('are only those pinned here: a plan is reused, so one must depend on nothing but its arguments and the context', () => {
    // A relation's `query` or a field's `select` written as a function runs while the query is planned; a plan
    // is kept per document and variables unless the function read the context. One reading a clock or a
    // global would be reused stale: review any new one for that, then add it here.
    const root = new URL('../../src/', import.meta.url).pathname;
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(
        /\b(query|select)\s*:\s*(async\s+)?(\([^)]*\)|[A-Za-z_]\w*)\s*=>|\b(query|select)\s*:\s*function\b/g,
      ))
        found.push(`${file}: ${match[0]}`);
    }
    expect(found).toEqual(['modules/webhooks/webhooks.schema.ts: query: (_args, ctx) =>']);
  });
});
