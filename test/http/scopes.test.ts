// Scopes, checked from the route table and the schema themselves: every REST route and every GraphQL
// root field is refused to a key that lacks a scope it needs (403 INSUFFICIENT_SCOPE naming that scope)
// and served to a key holding exactly what it needs. A new route or field cannot slip past: it is in
// the table and the schema these tests walk.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { getNamedType, type GraphQLArgument, type GraphQLField, isCompositeType, parse } from 'graphql';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readFileSync } from 'node:fs';
import { allows, RESOURCES, SCOPE_PRESETS, type Scope } from '../../src/core/scopes.ts';
import { PANEL_SCOPES } from '../../src/dashboard/panels.ts';
import { DASHBOARD_SCOPES, RECONCILE_SCOPES } from '../../src/dashboard/scopes.ts';
import { requiredScopes } from '../../src/graphql/scopes.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { restRoutes, schema } from '../../src/registry.ts';
import { createTestApp, expectProblem, gql, http, type TestApp, startMailServer, type TestMailServer } from '../helpers.ts';
import { routeExamples, type RouteExamples } from '../rest/route-examples.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let receiver: Server;
let examples: RouteExamples;
let mail: TestMailServer;
const accounts: Record<string, string> = {};

/**
 * Scopes an operation needs by what its input asks, beyond those its document declares: a recurring
 * schedule of invoices (the examples' template) makes invoices, so setting one up needs invoices:write;
 * a file's record's scope is needed to reach the file.
 */
const BY_INPUT: Record<string, Scope[]> = {
  createRecurringSchedule: ['invoices:write'],
  updateRecurringSchedule: ['invoices:write'],
  // The examples' files are on bills: attaching and deleting one needs bills:write, reading, listing and downloading one bills:read.
  attachFile: ['bills:write'],
  deleteAttachment: ['bills:write'],
  listAttachments: ['bills:read'],
  getAttachment: ['bills:read'],
  getAttachmentContent: ['bills:read'],
  // The examples export open invoices and import customers.
  bulkExport: ['invoices:read', 'customers:read'],
  bulkImport: ['customers:write'],
};

const EVERY_SCOPE: Scope[] = RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`] as Scope[]);

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({
    rateLimit: { points: 1_000_000, authFailures: 100_000 },
    webhooks: { allowPrivateTargets: true },
    mail: mail.settings(),
  });
  ({ key, organizationId } = await t.tenant('Scoped Co'));
  for (const a of (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data) accounts[a.code] = a.id;
  receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const created = async (path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') => {
    const response = await http(t.url, path, { key, body, method });
    // A create answers 201, an action a setup step runs (a write-off to void) and a PATCH 200, a mail queued 202.
    expect([200, 201, 202], JSON.stringify(response.body)).toContain(response.status);
    return response.body.id as string;
  };
  examples = routeExamples({ created, db: t.db, accounts, hookUrl });
});
afterAll(async () => {
  receiver.close();
  await t.close();
  await mail.close();
});

const keyWith = async (scopes: Scope[]) =>
  (await createApiKey(t.db.prisma, organizationId, `holds ${scopes.join(' ')}`, { scopes })).plaintext;
const creationEvent = async (subscriptionId: string) =>
  (await t.db.prisma.event.findFirstOrThrow({ where: { type: 'webhook_subscription.created', resourceId: subscriptionId } })).id;
const keyIdOf = async (plaintext: string) =>
  (await t.db.prisma.apiKey.findUniqueOrThrow({ where: { prefix: plaintext.split('_')[1] } })).id;
/** Every scope but those that would allow `needed`. */
const everythingBut = (needed: Scope): Scope[] => EVERY_SCOPE.filter((scope) => !allows(new Set([scope]), needed));
/** The first of `needed` a key holding `held` lacks. */
const firstMissing = (needed: Scope[], held: Scope[]) => needed.find((scope) => !allows(new Set(held), scope));

/**
 * Routes any key may call: its own organization and the event-type catalogue. Listed, so a route that
 * needs no scope is a decision.
 */
const OPEN_ROUTES = ['getOrganization', 'listWebhookEventTypes'];
/**
 * Root fields any key may use: its own organization and key, the event, scope and currency catalogues,
 * and ids (judged by the type found).
 */
const OPEN_FIELDS = [
  'Query.viewer',
  'Query.webhookEventTypes',
  'Query.scopeResources',
  'Query.scopePresets',
  'Query.currencies',
  'Query.node',
  'Query.nodes',
];

describe('every REST route', () => {
  it('needs a scope, unless it is one of the open routes', () => {
    const open = restRoutes.filter((route) => requiredScopes(schema, parse(route.document)).length === 0).map((route) => route.operationId);
    expect(open.sort()).toEqual([...OPEN_ROUTES].sort());
  });

  it('is refused to a key without a scope it needs (403, the scope named in body and header), and served to a key with exactly those it ' +
    'needs', async () => {
    for (const route of restRoutes) {
      const needed = [...requiredScopes(schema, parse(route.document)), ...(BY_INPUT[route.operationId] ?? [])];
      const example = examples[route.operationId];
      expect(example, `no example call for ${route.operationId}`).toBeDefined();
      for (const scope of needed) {
        const held = everythingBut(scope);
        const refused = await http(t.url, await example.path(), {
          method: route.method,
          key: await keyWith(held),
          body: route.method === 'GET' ? undefined : await example.body?.(),
        });
        const expected = firstMissing(needed, held);
        expect(refused.status, `${route.operationId} without ${scope}: ${JSON.stringify(refused.body)}`).toBe(403);
        expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: expected });
        expect(refused.headers.get('www-authenticate')).toBe(
          `Bearer realm="accounting-api", error="insufficient_scope", scope="${expected}"`,
        );
      }
      // A webhook for every event needs every read scope; the minimal key subscribes to what it may read.
      const body =
        route.operationId === 'registerWebhook'
          ? { ...((await example.body?.()) as object), eventTypes: ['webhook_subscription.created'] }
          : await example.body?.();
      const servedKey = await keyWith(needed.length ? needed : ['reports:read']);
      // Only the owner's key (*) rolls another key; any key may roll itself.
      const servedPath = route.operationId === 'rollApiKey' ? `/api/v1/api-keys/${await keyIdOf(servedKey)}/roll` : await example.path();
      const served = await http(t.url, servedPath, {
        method: route.method,
        key: servedKey,
        body: route.method === 'GET' ? undefined : body,
      });
      expect(
        served.status,
        `${route.operationId} with exactly ${needed.join(' ')}: ${JSON.stringify(served.body).slice(0, 300)}`,
      ).toBeLessThan(300);
    }
  }, 180_000); // Every REST route twice, each with its own fixtures: its time follows the number of routes.
});

/** A document that selects one root field with every argument as a variable (left unset: the scope check comes first). */
function documentFor(operation: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>) {
  const variables = field.args.map((arg: GraphQLArgument) => `$${arg.name}: ${arg.type.toString()}`);
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`);
  const selection = isCompositeType(getNamedType(field.type)) ? '{ __typename }' : '';
  return (
    `${operation} Probe${variables.length ? `(${variables.join(', ')})` : ''} { ` +
    `${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection} }`
  );
}

const rootFields = (operation: 'query' | 'mutation' | 'subscription') => {
  const root =
    operation === 'query' ? schema.getQueryType() : operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  return Object.values(root!.getFields()).map((field) => ({
    name: `${root!.name}.${field.name}`,
    document: documentFor(operation, field),
  }));
};

describe('the OpenAPI document', () => {
  it("names each operation's scopes in its security requirement, and declares the 403 where there are any", async () => {
    const doc = (await http(t.url, '/api/v1/openapi.json')).body;
    for (const route of restRoutes) {
      const operation = doc.paths[route.path.replace(/:([a-zA-Z]+)/g, '{$1}')][route.method.toLowerCase()];
      const needed = requiredScopes(schema, parse(route.document));
      expect(operation.security, route.operationId).toEqual([{ bearerAuth: needed }]);
      expect(Object.keys(operation.responses).includes('403'), route.operationId).toBe(needed.length > 0);
    }
  });
});

describe('every GraphQL root field', () => {
  it('needs a scope, unless it is one of the open fields', () => {
    const open = (['query', 'mutation', 'subscription'] as const)
      .flatMap((op) => rootFields(op))
      .filter(({ document }) => requiredScopes(schema, parse(document)).length === 0)
      .map(({ name }) => name);
    expect(open.sort()).toEqual([...OPEN_FIELDS].sort());
  });

  it('over HTTP: refused with 403 and extensions.requiredScope without a scope it needs; not refused with exactly those', async () => {
    for (const { name, document } of [...rootFields('query'), ...rootFields('mutation')]) {
      const needed = requiredScopes(schema, parse(document));
      for (const scope of needed) {
        const held = everythingBut(scope);
        const refused = await gql(t.url, await keyWith(held), document);
        expect(refused.status, `${name} without ${scope}`).toBe(403);
        expect(refused.body.data ?? null).toBeNull();
        expect(refused.body.errors).toHaveLength(1);
        expect(refused.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: firstMissing(needed, held) });
      }
      const allowed = await gql(t.url, await keyWith(needed.length ? needed : ['reports:read']), document);
      expect(
        (allowed.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code),
        name,
      ).not.toContain('INSUFFICIENT_SCOPE');
    }
  });

  it('over graphql-ws: a subscription is refused without its scope, as an error on the subscription', async () => {
    for (const { name, document } of rootFields('subscription')) {
      const needed = requiredScopes(schema, parse(document));
      expect(needed.length, name).toBeGreaterThan(0);
      for (const scope of needed) {
        const held = everythingBut(scope);
        const client = createClient({
          url: `${t.url.replace('http', 'ws')}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${await keyWith(held)}` },
          retryAttempts: 0,
          lazy: true,
        });
        const errors = await new Promise<readonly { extensions?: Record<string, unknown> }[]>((resolve, reject) => {
          client.subscribe(
            { query: document },
            {
              next: (result) => result.errors && resolve(result.errors),
              error: (e) => (Array.isArray(e) ? resolve(e) : reject(e)),
              complete: () => resolve([]),
            },
          );
        });
        await client.dispose();
        expect(errors[0]?.extensions, `${name} without ${scope}`).toMatchObject({
          code: 'INSUFFICIENT_SCOPE',
          requiredScope: firstMissing(needed, held),
        });
      }
    }
  });
});

describe('nested data and ids follow the same rule', () => {
  it('a key that reads invoices but not customers gets invoices, and is refused the customer inside them', async () => {
    const customerId = (
      await http(t.url, '/api/v1/customers', { key, method: 'POST', body: { name: 'Nested Ltd', email: 'secret@nested.example' } })
    ).body.id;
    const invoiceId = (
      await http(t.url, '/api/v1/invoices', { key, method: 'POST', body: { customerId, lines: [{ description: 'Work', unitPrice: 10 }] } })
    ).body.id;
    const invoicesOnly = await keyWith(['invoices:read']);
    const plain = await gql(t.url, invoicesOnly, '{ invoices(first: 5) { edges { node { id number } } } }');
    expect(plain.body.errors).toBeUndefined();
    const nested = await gql(t.url, invoicesOnly, '{ invoices(first: 5) { edges { node { id customer { email } } } } }');
    expect(nested.status).toBe(403);
    expect(nested.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'customers:read' });
    expect(JSON.stringify(nested.body)).not.toContain('secret@nested.example');

    // node(id:) judges by the type of what the id names, even when the selection names no type.
    const byId = async (id: string) => gql(t.url, invoicesOnly, 'query($id: ID!) { node(id: $id) { id __typename } }', { id });
    expect((await byId(invoiceId)).body.data.node).toEqual({ id: invoiceId, __typename: 'Invoice' });
    const customerById = await byId(customerId);
    expect(customerById.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'customers:read' });
    expect(customerById.body.data?.node ?? null).toBeNull();
    const many = await gql(t.url, invoicesOnly, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: [invoiceId, customerId] });
    expect(many.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'customers:read' });
    expect(JSON.stringify(many.body.data ?? null)).not.toContain(customerId);

    // REST: the same key reads the invoice, and is refused the customer; an id of another type is simply not found.
    expect((await http(t.url, `/api/v1/invoices/${invoiceId}`, { key: invoicesOnly })).status).toBe(200);
    expect((await http(t.url, `/api/v1/customers/${customerId}`, { key: invoicesOnly })).body).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      requiredScope: 'customers:read',
    });
    expect((await http(t.url, `/api/v1/invoices/${customerId}`, { key: invoicesOnly })).status).toBe(404);
  });

  it('a refused mutation writes nothing, even when only its answer asks for what the key may not read', async () => {
    const customersOnly = await keyWith(['customers:write']);
    const before = await t.db.prisma.customer.count({ where: { organizationId } });
    const refused = await gql(
      t.url,
      customersOnly,
      'mutation { createCustomer(input: { name: "Ghost" }) { id invoices(first: 1) { totalCount } } }',
    );
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'invoices:read' });
    expect(await t.db.prisma.customer.count({ where: { organizationId } })).toBe(before);
  });

  it('the event log and live events show a key only the events of resources it may read', async () => {
    const customersAndEvents = await keyWith(['customers:read', 'events:read']);
    // From a mark on: writes made before the subscription is live arrive as its replay, none is missed.
    const mark = (await http(t.url, '/api/v1/customers', { key, method: 'POST', body: { name: 'Mark' } })).body.id;
    const after = (await t.db.prisma.event.findFirstOrThrow({ where: { resourceId: mark } })).id;
    const client = createClient({
      url: `${t.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${customersAndEvents}` },
      retryAttempts: 0,
    });
    const received: string[] = [];
    let live!: () => void;
    const started = new Promise<void>((resolve) => (live = resolve));
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription($after: ID) { events(after: $after) { type resourceType } }', variables: { after } },
        {
          next: (result) => {
            const type = (result.data as { events: { type: string } } | undefined)?.events.type;
            if (type) received.push(type);
            if (type === 'customer.updated') resolve();
          },
          error: reject,
          complete: resolve,
        },
      );
      live();
    });
    await started;
    const customerId = (await http(t.url, '/api/v1/customers', { key, method: 'POST', body: { name: 'Watched' } })).body.id;
    await http(t.url, '/api/v1/products', { key, method: 'POST', body: { name: 'Unseen', unitPrice: 1 } });
    await http(t.url, '/api/v1/invoices', { key, method: 'POST', body: { customerId, lines: [{ description: 'Unseen', unitPrice: 1 }] } });
    await http(t.url, `/api/v1/customers/${customerId}`, { key, method: 'PATCH', body: { notes: 'seen' } });
    await done;
    await client.dispose();
    expect(received).toEqual(['customer.created', 'customer.updated']);

    const log = await http(t.url, '/api/v1/events?limit=100', { key: customersAndEvents });
    expect(log.status).toBe(200);
    expect(log.body.total).toBeGreaterThan(0);
    // Events about the organization itself need no scope beyond events:read.
    const resources = new Set(log.body.data.map((e: { type: string }) => e.type.split('.')[0]));
    expect(resources.has('customer')).toBe(true);
    expect([...resources].filter((resource) => resource !== 'customer' && resource !== 'organization')).toEqual([]);
  });

  it('a key registers webhooks only for events it may read itself', async () => {
    const hooks = await keyWith(['webhooks:write', 'customers:read']);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    expect(
      (await http(t.url, '/api/v1/webhooks', { key: hooks, method: 'POST', body: { url, eventTypes: ['customer.created'] } })).status,
    ).toBe(201);
    expect(
      (await http(t.url, '/api/v1/webhooks', { key: hooks, method: 'POST', body: { url, eventTypes: ['invoice.paid'] } })).body,
    ).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'invoices:read' });
    expect((await http(t.url, '/api/v1/webhooks', { key: hooks, method: 'POST', body: { url, eventTypes: ['*'] } })).status).toBe(403);
  });
});

describe('webhook subscriptions and events carry the scopes of the events they hold', () => {
  const hookUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const register = async (as: string, eventTypes: string[]) => {
    const response = await http(t.url, '/api/v1/webhooks', { key: as, method: 'POST', body: { url: hookUrl(), eventTypes } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string; secret: string; secretLast4: string };
  };
  /** Every route that acts on one subscription (from the route table: a new one is covered by being there). */
  const subscriptionActions = () =>
    restRoutes.filter((route) => route.method !== 'GET' && route.path.startsWith('/api/v1/webhooks/subscriptions/:id'));

  it(
    'a key may change, rotate, test, disable, enable or redeliver a subscription only ' + 'if it could have registered its event types',
    async () => {
      const everything = await register(key, ['*']);
      const narrow = await keyWith(['webhooks:write', 'events:read', 'customers:read']);
      const bodies: Record<string, unknown> = {
        updateWebhookSubscription: { url: 'http://127.0.0.1:9/attacker' },
        redeliverWebhookEvent: { eventId: await creationEvent(everything.id) },
      };
      expect(
        subscriptionActions()
          .map((route) => route.operationId)
          .sort(),
      ).toEqual(
        [
          'disableWebhookSubscription',
          'enableWebhookSubscription',
          'redeliverWebhookEvent',
          'rotateWebhookSecret',
          'sendTestWebhook',
          'updateWebhookSubscription',
        ].sort(),
      );
      for (const route of subscriptionActions()) {
        const refused = await http(t.url, route.path.replace(':id', everything.id), {
          method: route.method,
          key: narrow,
          body: bodies[route.operationId] ?? {},
        });
        expect(refused.status, `${route.operationId}: ${JSON.stringify(refused.body)}`).toBe(403);
        expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
        expect(JSON.stringify(refused.body)).not.toContain('whsec_');
      }
      // GraphQL is judged by the same rule.
      const viaGraphql = await gql(t.url, narrow, 'mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }', { id: everything.id });
      expect(viaGraphql.body.errors[0].extensions.code).toBe('INSUFFICIENT_SCOPE');
      // Nothing changed: the URL, the secret, the status.
      const after = await http(t.url, `/api/v1/webhooks/subscriptions/${everything.id}`, { key });
      expect(after.body).toMatchObject({ url: hookUrl(), eventTypes: ['*'], status: 'enabled', secretLast4: everything.secretLast4 });

      // Its own subscription it manages; widening it to what it may not read is judged again.
      const own = await register(narrow, ['customer.created']);
      expect(
        (
          await http(t.url, `/api/v1/webhooks/subscriptions/${own.id}`, {
            key: narrow,
            method: 'PATCH',
            body: { description: 'Customers to the CRM' },
          })
        ).status,
      ).toBe(200);
      const widened = await http(t.url, `/api/v1/webhooks/subscriptions/${own.id}`, {
        key: narrow,
        method: 'PATCH',
        body: { eventTypes: ['*'] },
      });
      expect(widened.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
      expect(widened.body.detail).toBe('This API key lacks accounts:read, so it cannot subscribe a webhook to every event');
    },
  );

  it('redelivers only an event the subscription receives and the key may read', async () => {
    const narrow = await keyWith(['webhooks:write', 'events:read', 'customers:read']);
    const own = await register(narrow, ['customer.created']);
    const customerId = (await http(t.url, '/api/v1/customers', { key, method: 'POST', body: { name: 'Redelivered Ltd' } })).body.id;
    await http(t.url, `/api/v1/customers/${customerId}`, { key, method: 'PATCH', body: { notes: 'changed' } });
    const employee = await http(t.url, '/api/v1/employees', {
      key,
      method: 'POST',
      body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
    expect(employee.status).toBe(201);
    const eventOf = async (type: string, resourceId: string) =>
      (await t.db.prisma.event.findFirstOrThrow({ where: { type, resourceId } })).id;
    const redeliver = (eventId: string) =>
      http(t.url, `/api/v1/webhooks/subscriptions/${own.id}/redeliver`, { key: narrow, method: 'POST', body: { eventId } });

    const unreadable = await redeliver(await eventOf('employee.created', employee.body.id));
    expectProblem(unreadable, 400, 'VALIDATION_FAILED');
    // not even that it exists
    expect(unreadable.body.errors).toEqual([{ path: 'eventId', message: expect.stringMatching(/^no event with id/) }]);
    const notReceived = await redeliver(await eventOf('customer.updated', customerId));
    expectProblem(notReceived, 400, 'VALIDATION_FAILED');
    expect(notReceived.body.errors[0].message).toMatch(/customer\.updated event, which this subscription does not receive/);
    expect(
      await t.db.prisma.webhookDelivery.count({ where: { subscriptionId: own.id, event: { type: { not: 'customer.created' } } } }),
    ).toBe(0);
    expect((await redeliver(await eventOf('customer.created', customerId))).status).toBe(202);
  });

  it('an event is read by id, in nodes and through deliveries only when the key may read its resource', async () => {
    const everything = await register(key, ['*']);
    const employee = (
      await http(t.url, '/api/v1/employees', {
        key,
        method: 'POST',
        body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      })
    ).body;
    const eventId = (await t.db.prisma.event.findFirstOrThrow({ where: { type: 'employee.created', resourceId: employee.id } })).id;
    const customerEventId = (await t.db.prisma.event.findFirstOrThrow({ where: { type: 'customer.created' } })).id;
    const eventsOnly = await keyWith(['events:read']);
    expectProblem(await http(t.url, `/api/v1/events/${eventId}`, { key: eventsOnly }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/events/${customerEventId}`, { key: eventsOnly }), 404, 'NOT_FOUND');
    expect((await http(t.url, `/api/v1/events/${eventId}`, { key: await keyWith(['events:read', 'employees:read']) })).status).toBe(200);
    const byId = await gql(t.url, eventsOnly, 'query($id: ID!) { node(id: $id) { ... on Event { data } } }', { id: eventId });
    expect(byId.body.data.node).toBeNull();
    const many = await gql(t.url, eventsOnly, 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Event { data } } }', { ids: [eventId] });
    expect(many.body.data.nodes).toEqual([null]);
    expect(JSON.stringify([byId.body, many.body])).not.toContain('Hopper');

    // Deliveries name their events: a webhooks key sees only those of events it may read, in every list.
    const hooks = await keyWith(['webhooks:write', 'events:read']);
    const deliveryFields = 'edges { node { event { id type data } } }';
    const listed = await gql(
      t.url,
      hooks,
      `query($id: ID!) { webhookDeliveries(first: 100) { ${deliveryFields} } node(id: $id) { ... on WebhookSubscription { ` +
        `deliveries(first: 100) { totalCount ${deliveryFields} } } } }`,
      { id: everything.id },
    );
    expect(listed.body.errors).toBeUndefined();
    const seen = [...listed.body.data.webhookDeliveries.edges, ...listed.body.data.node.deliveries.edges].map(
      (edge: { node: { event: { type: string } } }) => edge.node.event.type,
    );
    expect(seen.filter((type) => !type.startsWith('webhook_subscription.') && !type.startsWith('organization.'))).toEqual([]);
    const rest = await http(t.url, `/api/v1/webhooks/subscriptions/${everything.id}/deliveries?limit=100`, { key: hooks });
    expect(rest.status).toBe(200);
    expect(
      rest.body.data
        .map((d: { eventType: string }) => d.eventType)
        .filter((type: string) => !type.startsWith('webhook_subscription.') && !type.startsWith('organization.')),
    ).toEqual([]);
    expect(JSON.stringify([listed.body, rest.body])).not.toContain(eventId);
    // The owner's key sees the employee's delivery.
    const owners = await http(t.url, `/api/v1/webhooks/subscriptions/${everything.id}/deliveries?limit=100`, { key });
    expect(owners.body.data.map((d: { eventId: string }) => d.eventId)).toContain(eventId);
  });
});

describe('the presets', () => {
  it("the dashboard preset (and read-only) hold every scope the dashboard's operations need", () => {
    const operations = parse(readFileSync(new URL('../../src/dashboard/operations.graphql', import.meta.url), 'utf8'));
    const needed = new Set<Scope>();
    for (const definition of operations.definitions) {
      if (definition.kind !== 'OperationDefinition') continue;
      const alone = { ...operations, definitions: [definition, ...operations.definitions.filter((d) => d.kind === 'FragmentDefinition')] };
      for (const scope of requiredScopes(schema, alone)) needed.add(scope);
    }
    expect([...needed].sort()).toEqual([...DASHBOARD_SCOPES].sort());
    for (const preset of ['dashboard', 'read_only']) {
      const held = new Set(SCOPE_PRESETS[preset].scopes);
      expect(
        [...needed].filter((scope) => !allows(held, scope)),
        preset,
      ).toEqual([]);
    }
  });

  it('each dashboard panel reads with the scope it is shown for, and the dashboard preset holds them all', () => {
    const operations = parse(readFileSync(new URL('../../src/dashboard/panels.graphql', import.meta.url), 'utf8'));
    const fragments = operations.definitions.filter((d) => d.kind === 'FragmentDefinition');
    const byOperation = Object.fromEntries(
      operations.definitions.flatMap((definition) =>
        definition.kind === 'OperationDefinition'
          ? [[definition.name!.value, [...requiredScopes(schema, { ...operations, definitions: [definition, ...fragments] })].sort()]]
          : [],
      ),
    );
    expect(byOperation).toEqual({
      InvoicesDueSoon: [...PANEL_SCOPES.invoices].sort(),
      BillsDueSoon: [...PANEL_SCOPES.bills].sort(),
      EstimatesAwaiting: [...PANEL_SCOPES.estimates].sort(),
      FailedEmails: [...PANEL_SCOPES.emails].sort(),
    });
    const held = new Set(SCOPE_PRESETS.dashboard.scopes);
    expect(
      Object.values(PANEL_SCOPES)
        .flat()
        .filter((scope) => !allows(held, scope)),
    ).toEqual([]);
  });

  it("the reconcile page's scopes hold every scope its operations need, and nothing more", () => {
    const operations = parse(readFileSync(new URL('../../src/dashboard/reconcile.graphql', import.meta.url), 'utf8'));
    const needed = new Set<Scope>();
    for (const definition of operations.definitions)
      for (const scope of requiredScopes(schema, { ...operations, definitions: [definition] })) needed.add(scope);
    const held = new Set<Scope>(RECONCILE_SCOPES);
    expect([...needed].filter((scope) => !allows(held, scope))).toEqual([]);
    expect(
      RECONCILE_SCOPES.filter(
        (scope) => ![...needed].some((n) => allows(new Set<Scope>([scope]), n) && n.split(':')[0] === scope.split(':')[0]),
      ),
    ).toEqual([]);
  });
});

describe('tenant walls hold whatever the scopes', () => {
  it("no scope combination reads another organization's records, by id or in a list", async () => {
    // Records of this organization, one of each kind a GET route can name.
    const ids: Record<string, string> = {};
    for (const route of restRoutes.filter((r) => r.method === 'GET' && r.path.endsWith('/:id'))) {
      const path = await examples[route.operationId].path();
      ids[route.operationId] = path;
    }
    const other = await t.tenant('Other Co');
    await fc.assert(
      fc.asyncProperty(fc.subarray(['*', ...EVERY_SCOPE] as Scope[], { minLength: 1 }), async (scopes) => {
        const held = scopes.includes('*') ? (['*'] as Scope[]) : scopes;
        const outsider = (await createApiKey(t.db.prisma, other.organizationId, 'outsider', { scopes: held })).plaintext;
        for (const path of Object.values(ids)) {
          const response = await http(t.url, path, { key: outsider });
          expect([403, 404], `${path} with ${held.join(' ')}`).toContain(response.status);
        }
        const node = await gql(t.url, outsider, 'query($id: ID!) { node(id: $id) { id } }', { id: Object.values(ids)[0].split('/').pop() });
        expect(node.body.data?.node ?? null).toBeNull();
        for (const route of restRoutes.filter((r) => r.method === 'GET' && !r.path.includes(':'))) {
          const list = await http(t.url, route.path, { key: outsider });
          for (const path of Object.values(ids)) expect(JSON.stringify(list.body)).not.toContain(path.split('/').pop()!);
        }
      }),
      { numRuns: 15 },
    );
  });
});
