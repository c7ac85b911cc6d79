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
import { DASHBOARD_SCOPES } from '../../src/dashboard/scopes.ts';
import { requiredScopes } from '../../src/graphql/scopes.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { restRoutes, schema } from '../../src/registry.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';
import { routeExamples, type RouteExamples } from '../rest/route-examples.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let receiver: Server;
let examples: RouteExamples;
const accounts: Record<string, string> = {};

const EVERY_SCOPE: Scope[] = RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`] as Scope[]);

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 1_000_000, authFailures: 100_000 }, webhooks: { allowPrivateTargets: true } });
  ({ key, organizationId } = await t.tenant('Scoped Co'));
  for (const a of (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data) accounts[a.code] = a.id;
  receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const created = async (path: string, body: unknown) => {
    const response = await http(t.url, path, { key, body, method: 'POST' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  examples = routeExamples({ created, db: t.db, accounts, hookUrl });
});
afterAll(async () => {
  receiver.close();
  await t.close();
});

const keyWith = async (scopes: Scope[]) => (await createApiKey(t.db.prisma, organizationId, `holds ${scopes.join(' ')}`, { scopes })).plaintext;
/** Every scope but those that would allow `needed`. */
const everythingBut = (needed: Scope): Scope[] => EVERY_SCOPE.filter((scope) => !allows(new Set([scope]), needed));
/** The first of `needed` a key holding `held` lacks. */
const firstMissing = (needed: Scope[], held: Scope[]) => needed.find((scope) => !allows(new Set(held), scope));

/** Routes any key may call: its own organization and the event-type catalogue. Listed, so a route that needs no scope is a decision. */
const OPEN_ROUTES = ['getOrganization', 'listWebhookEventTypes'];
/** Root fields any key may use: its own organization and key, the event and scope catalogues, and ids (judged by the type found). */
const OPEN_FIELDS = ['Query.viewer', 'Query.webhookEventTypes', 'Query.scopeResources', 'Query.scopePresets', 'Query.node', 'Query.nodes'];

describe('every REST route', () => {
  it('needs a scope, unless it is one of the open routes', () => {
    const open = restRoutes.filter((route) => requiredScopes(schema, parse(route.document)).length === 0).map((route) => route.operationId);
    expect(open.sort()).toEqual([...OPEN_ROUTES].sort());
  });

  it('is refused to a key without a scope it needs (403, the scope named in body and header), and served to a key with exactly those it needs', async () => {
    for (const route of restRoutes) {
      const needed = requiredScopes(schema, parse(route.document));
      const example = examples[route.operationId];
      expect(example, `no example call for ${route.operationId}`).toBeDefined();
      for (const scope of needed) {
        const held = everythingBut(scope);
        const refused = await http(t.url, await example.path(), { method: route.method, key: await keyWith(held), body: route.method === 'GET' ? undefined : await example.body?.() });
        const expected = firstMissing(needed, held);
        expect(refused.status, `${route.operationId} without ${scope}: ${JSON.stringify(refused.body)}`).toBe(403);
        expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: expected });
        expect(refused.headers.get('www-authenticate')).toBe(`Bearer realm="accounting-api", error="insufficient_scope", scope="${expected}"`);
      }
      // A webhook for every event needs every read scope; the minimal key subscribes to what it may read.
      const body = route.operationId === 'registerWebhook' ? { ...((await example.body?.()) as object), eventTypes: ['webhook_subscription.created'] } : await example.body?.();
      const served = await http(t.url, await example.path(), { method: route.method, key: await keyWith(needed.length ? needed : ['reports:read']), body: route.method === 'GET' ? undefined : body });
      expect(served.status, `${route.operationId} with exactly ${needed.join(' ')}: ${JSON.stringify(served.body).slice(0, 300)}`).toBeLessThan(300);
    }
  });
});

/** A document that selects one root field with every argument as a variable (left unset: the scope check comes first). */
function documentFor(operation: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>) {
  const variables = field.args.map((arg: GraphQLArgument) => `$${arg.name}: ${arg.type.toString()}`);
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`);
  const selection = isCompositeType(getNamedType(field.type)) ? '{ __typename }' : '';
  return `${operation} Probe${variables.length ? `(${variables.join(', ')})` : ''} { ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection} }`;
}

const rootFields = (operation: 'query' | 'mutation' | 'subscription') => {
  const root = operation === 'query' ? schema.getQueryType() : operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  return Object.values(root!.getFields()).map((field) => ({ name: `${root!.name}.${field.name}`, document: documentFor(operation, field) }));
};

describe('the OpenAPI document', () => {
  it('names each operation\'s scopes in its security requirement, and declares the 403 where there are any', async () => {
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
    const open = (['query', 'mutation', 'subscription'] as const).flatMap((op) => rootFields(op)).filter(({ document }) => requiredScopes(schema, parse(document)).length === 0).map(({ name }) => name);
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
      expect((allowed.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code), name).not.toContain('INSUFFICIENT_SCOPE');
    }
  });

  it('over graphql-ws: a subscription is refused without its scope, as an error on the subscription', async () => {
    for (const { name, document } of rootFields('subscription')) {
      const needed = requiredScopes(schema, parse(document));
      expect(needed.length, name).toBeGreaterThan(0);
      for (const scope of needed) {
        const held = everythingBut(scope);
        const client = createClient({ url: `${t.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${await keyWith(held)}` }, retryAttempts: 0, lazy: true });
        const errors = await new Promise<readonly { extensions?: Record<string, unknown> }[]>((resolve, reject) => {
          client.subscribe({ query: document }, { next: (result) => result.errors && resolve(result.errors), error: (e) => (Array.isArray(e) ? resolve(e) : reject(e)), complete: () => resolve([]) });
        });
        await client.dispose();
        expect(errors[0]?.extensions, `${name} without ${scope}`).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: firstMissing(needed, held) });
      }
    }
  });
});

describe('nested data and ids follow the same rule', () => {
  it('a key that reads invoices but not customers gets invoices, and is refused the customer inside them', async () => {
    const customerId = (await http(t.url, '/api/v1/customers', { key, method: 'POST', body: { name: 'Nested Ltd', email: 'secret@nested.example' } })).body.id;
    const invoiceId = (await http(t.url, '/api/v1/invoices', { key, method: 'POST', body: { customerId, lines: [{ description: 'Work', unitPrice: 10 }] } })).body.id;
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
    expect((await http(t.url, `/api/v1/customers/${customerId}`, { key: invoicesOnly })).body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'customers:read' });
    expect((await http(t.url, `/api/v1/invoices/${customerId}`, { key: invoicesOnly })).status).toBe(404);
  });

  it('a refused mutation writes nothing, even when only its answer asks for what the key may not read', async () => {
    const customersOnly = await keyWith(['customers:write']);
    const before = await t.db.prisma.customer.count({ where: { organizationId } });
    const refused = await gql(t.url, customersOnly, 'mutation { createCustomer(input: { name: "Ghost" }) { id invoices(first: 1) { totalCount } } }');
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'invoices:read' });
    expect(await t.db.prisma.customer.count({ where: { organizationId } })).toBe(before);
  });

  it('the event log and live events show a key only the events of resources it may read', async () => {
    const customersAndEvents = await keyWith(['customers:read', 'events:read']);
    const client = createClient({ url: `${t.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${customersAndEvents}` }, retryAttempts: 0 });
    const received: string[] = [];
    let live!: () => void;
    const started = new Promise<void>((resolve) => (live = resolve));
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { events { type resourceType } }' },
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
      setTimeout(live, 300);
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
    expect(new Set(log.body.data.map((e: { type: string }) => e.type.split('.')[0]))).toEqual(new Set(['customer']));
  });

  it('a key registers webhooks only for events it may read itself', async () => {
    const hooks = await keyWith(['webhooks:write', 'customers:read']);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    expect((await http(t.url, '/api/v1/webhooks', { key: hooks, method: 'POST', body: { url, eventTypes: ['customer.created'] } })).status).toBe(201);
    expect((await http(t.url, '/api/v1/webhooks', { key: hooks, method: 'POST', body: { url, eventTypes: ['invoice.paid'] } })).body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'invoices:read' });
    expect((await http(t.url, '/api/v1/webhooks', { key: hooks, method: 'POST', body: { url, eventTypes: ['*'] } })).status).toBe(403);
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
      expect([...needed].filter((scope) => !allows(held, scope)), preset).toEqual([]);
    }
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
