// Queries over the lists and the reports answered from a plan (src/fast-paths/planned-queries.ts) answer exactly what the
// GraphQL executor answers: the same data, nulls, errors and extensions, byte for byte. Each query is
// sent twice to the same server, as it is (planned) and with `@include(if: true)` on its root field,
// which the planner leaves to the executor; the counter of planned queries says which path each took.
import fc from 'fast-check';
import { getNamedType, type GraphQLField, type GraphQLObjectType, isLeafType, isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/registry.ts';
import { createTestApp, gql, http, startMailServer, type TestApp, type TestMailServer } from '../helpers.ts';
import { routeExamples } from '../rest/route-examples.ts';

let t: TestApp;
let key: string;
let mail: TestMailServer;
/** Ids the reports' arguments name: a customer, a vendor, an account with lines. */
const reportIds: Record<string, string> = {};

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ rateLimit: { points: 100_000 }, mail: mail.settings() });
  ({ key } = await t.tenant('Planned Co'));
  const accounts: Record<string, string> = {};
  for (const a of (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data) accounts[a.code] = a.id;
  const created = async (path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') => {
    const response = await http(t.url, path, { key, body, method });
    // A create answers 201, an action a setup step runs (a write-off to void) and a PATCH 200, a mail queued 202.
    expect([200, 201, 202], JSON.stringify(response.body)).toContain(response.status);
    return response.body.id as string;
  };
  // Records of every kind: each example's path makes the records it names (an invoice, a bill, a credit note…).
  const examples = routeExamples({ created, db: t.db, accounts, hookUrl: 'http://127.0.0.1:9/hook' });
  for (const example of Object.values(examples)) await example.path();
  // And invoices worth nesting: product lines and plain lines, paid, part-paid and void.
  const customer = await created('/api/v1/customers', { name: 'Nested Ltd', email: 'nested@example.com' });
  reportIds.customerId = customer;
  reportIds.vendorId = (await http(t.url, '/api/v1/vendors?limit=1', { key })).body.data[0].id;
  reportIds.accountId = accounts['1200'];
  const product = await created('/api/v1/products', { name: 'Widget', unitPrice: 12.5 });
  for (let i = 0; i < 6; i++) {
    const invoice = await created('/api/v1/invoices', {
      customerId: customer,
      lines: [
        { productId: product, quantity: 1 + i },
        { description: `Service ${i}`, unitPrice: 99.99, quantity: 1.5 },
      ],
    });
    if (i % 3 === 1) await created(`/api/v1/invoices/${invoice}/payments`, { amount: 10 });
    if (i % 3 === 2) expect((await http(t.url, `/api/v1/invoices/${invoice}/void`, { key, body: { reason: 'test' } })).status).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** The planned-query counter's values by outcome. */
async function outcomes(): Promise<{ planned: number; abandoned: number }> {
  const metric = await t.app.metrics.registry.getSingleMetric('accounting_graphql_planned_queries_total')!.get();
  const value = (outcome: string) => metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { planned: value('planned'), abandoned: value('abandoned') };
}

/**
 * Sends `query` as it is and with `@include(if: true)` where it says `@@` (after the root field's
 * arguments), which leaves it to the executor; both answers, and how the first was run.
 */
async function bothWays(query: string, variables: Record<string, unknown> = {}) {
  const before = await outcomes();
  const planned = await gql(t.url, key, query.replace('@@', ''), variables);
  const middle = await outcomes();
  const executed = await gql(t.url, key, query.replace('@@', '@include(if: true)'), variables);
  const after = await outcomes();
  expect(after, "a root field with a directive is the executor's").toEqual(middle);
  return {
    planned,
    executed,
    outcome: middle.planned > before.planned ? 'planned' : middle.abandoned > before.abandoned ? 'abandoned' : 'unplanned',
  };
}

const roots = Object.values(schema.getQueryType()!.getFields());
const plannedAs = (kind: string) => roots.filter((f) => (f.extensions as { plannedRoot?: string }).plannedRoot === kind);
/** The planned lists: connections and pages. */
const listRoots = plannedAs('list');
/** The planned reports. */
const reportRoots = plannedAs('report');

/** What one generated query has drawn so far: its fragments, and how many aliases it holds (the server takes at most 15). */
interface Drawn {
  fragments: string[];
  aliases: number;
}
const MAX_ALIASES = 15;

/** A selection over `type` drawn by `random`: leaves, aliases, fragments, repeated fields, nested objects. */
function selection(type: GraphQLObjectType, depth: number, random: () => number, drawn: Drawn): string {
  const { fragments } = drawn;
  const fields = Object.values(type.getFields()).filter((f) => f.args.length === 0 && f.name !== 'lastUsedAt');
  const leaves = fields.filter((f) => isLeafType(getNamedType(f.type)));
  const objects = fields.filter((f) => isObjectType(getNamedType(f.type)));
  const parts: string[] = [];
  for (const leaf of leaves) {
    if (random() >= 0.35) continue;
    const aliased = random() < 0.15 && drawn.aliases < MAX_ALIASES;
    if (aliased) drawn.aliases++;
    parts.push(aliased ? `a_${leaf.name}: ${leaf.name}` : leaf.name);
  }
  if (!parts.length) parts.push(leaves[0]?.name ?? '__typename');
  if (random() < 0.2) parts.push('__typename');
  if (random() < 0.2) parts.push(parts[0]); // the same field twice: merged
  if (depth < 3)
    for (const object of objects)
      if (random() < 0.3)
        parts.push(`${object.name} { ${selection(getNamedType(object.type) as GraphQLObjectType, depth + 1, random, drawn)} }`);
  if (random() < 0.2) {
    const name = `F${fragments.length}`;
    fragments.push(`fragment ${name} on ${type.name} { ${parts.splice(0, Math.ceil(parts.length / 2)).join(' ')} }`);
    parts.push(`...${name}`);
  }
  if (random() < 0.2) parts.push(`... on ${type.name} { ${parts.shift()} }`);
  return parts.join(' ');
}

/** A query over one or two list roots, with page arguments and a drawn selection of their items. */
function listQuery(random: () => number): string {
  const drawn: Drawn = { fragments: [], aliases: 0 };
  const { fragments } = drawn;
  const pick = () => listRoots[Math.floor(random() * listRoots.length)];
  const roots = new Set([pick(), ...(random() < 0.3 ? [pick()] : [])]);
  const fieldsOf = (root: GraphQLField<unknown, unknown>) => {
    const type = getNamedType(root.type) as GraphQLObjectType;
    if (root.name.endsWith('Page')) {
      const item = getNamedType(type.getFields().data.type) as GraphQLObjectType;
      const extra = ['total', 'page', 'limit', 'pages'].filter(() => random() < 0.4).join(' ');
      return (
        `(limit: ${1 + Math.floor(random() * 4)}, page: ${1 + Math.floor(random() * 2)}) @@ { data { ` +
        `${selection(item, 1, random, drawn)} } ${extra} }`
      );
    }
    const edge = getNamedType(type.getFields().edges.type) as GraphQLObjectType;
    const item = getNamedType(edge.getFields().node.type) as GraphQLObjectType;
    const extra = [
      random() < 0.4 ? 'totalCount' : '',
      random() < 0.4 ? 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }' : '',
    ].join(' ');
    const page = random() < 0.2 ? `last: ${1 + Math.floor(random() * 3)}` : `first: ${1 + Math.floor(random() * 4)}`;
    return `(${page}) @@ { edges { ${random() < 0.5 ? 'cursor ' : ''}node { ${selection(item, 1, random, drawn)} } } ${extra} }`;
  };
  // The marker stays on the first root only.
  const body = [...roots].map((root, i) => `${root.name}${fieldsOf(root)}`.replace('@@', i === 0 ? '@@' : '')).join(' ');
  // The selection repeats a field now and then, aliases with it: past the server's limit, an alias gives
  // way to the field's own name (the same field, merged).
  let aliases = 0;
  return `{ ${body} } ${fragments.join(' ')}`.replace(/\ba_(\w+): \1\b/g, (aliased: string, name: string) =>
    ++aliases > MAX_ALIASES ? name : aliased,
  );
}

/** A query over one report, its arguments filled, with a drawn selection. */
function reportQuery(root: GraphQLField<unknown, unknown>, random: () => number): string {
  const drawn: Drawn = { fragments: [], aliases: 0 };
  const values: Record<string, () => string | undefined> = {
    asOf: () => '"2026-12-31"',
    from: () => '"2026-01-01"',
    to: () => '"2026-12-31"',
    customerId: () => `"${reportIds.customerId}"`,
    vendorId: () => `"${reportIds.vendorId}"`,
    accountId: () => `"${reportIds.accountId}"`,
    page: () => (random() < 0.5 ? String(1 + Math.floor(random() * 2)) : undefined),
    limit: () => (random() < 0.5 ? String(1 + Math.floor(random() * 4)) : undefined),
    comparePriorYear: () => (random() < 0.5 ? 'true' : undefined),
    period: () => (random() < 0.5 ? 'QUARTER' : undefined),
    currency: () => undefined,
  };
  const args = root.args
    .map((arg) => {
      const value = values[arg.name];
      if (!value) throw new Error(`no value for ${root.name}(${arg.name}): add one to the test`);
      const text = value();
      return text === undefined ? '' : `${arg.name}: ${text}`;
    })
    .filter(Boolean);
  const type = getNamedType(root.type) as GraphQLObjectType;
  const body = `${root.name}${args.length ? `(${args.join(', ')})` : ''} @@ { ${selection(type, 0, random, drawn)} }`;
  return `{ ${body} } ${drawn.fragments.join(' ')}`;
}

const seeded = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

describe('queries over the lists, from a plan', () => {
  it("answer the benchmark's nested page from the plan, as the executor answers it", async () => {
    const { planned, executed, outcome } = await bothWays(
      'query($first: Int) { invoices(first: $first) @@ { edges { node { id number status total customer { id name email } lines { ' +
        'description quantity unitPrice amount product { id name } } } } } }',
      { first: 25 },
    );
    expect(outcome).toBe('planned');
    expect(planned.status).toBe(200);
    expect(planned.body.data.invoices.edges.length).toBeGreaterThan(5);
    expect(planned.body).toEqual(executed.body);
    expect(JSON.stringify(planned.body)).toBe(JSON.stringify(executed.body)); // the same order of keys too
  });

  it('answer every list, for generated selections, exactly as the executor does', async () => {
    const seen = { planned: 0, other: 0 };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
        const query = listQuery(seeded(seed));
        const { planned, executed, outcome } = await bothWays(query);
        expect(planned.status, query).toBe(200);
        expect(planned.body.errors, query).toBeUndefined();
        expect(JSON.stringify(planned.body), query).toBe(JSON.stringify(executed.body));
        expect(outcome, `a valid query over loaded rows is never abandoned: ${query}`).not.toBe('abandoned');
        seen[outcome === 'planned' ? 'planned' : 'other']++;
      }),
      { numRuns: 120 },
    );
    // Most selections are plannable (the rest name a field the planner leaves to the executor).
    expect(seen.planned).toBeGreaterThan(seen.other);
  }, 120_000);

  it("answer the benchmark's trial balance from the plan, as the executor answers it", async () => {
    const { planned, executed, outcome } = await bothWays(
      'query($asOf: Date!) { trialBalance(asOf: $asOf) @@ { totalDebit totalCredit rows { account { code name } debit credit } } }',
      { asOf: '2026-12-31' },
    );
    expect(outcome).toBe('planned');
    expect(planned.body.data.trialBalance.rows.length).toBeGreaterThan(3);
    expect(JSON.stringify(planned.body)).toBe(JSON.stringify(executed.body));
  });

  it('answer every report, for generated selections, exactly as the executor does', async () => {
    expect(reportRoots.map((root) => root.name)).toContain('agedReceivables');
    for (const root of reportRoots) {
      const seen = { planned: 0, other: 0 };
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), async (seed) => {
          const query = reportQuery(root, seeded(seed));
          const { planned, executed, outcome } = await bothWays(query);
          expect(planned.status, query).toBe(200);
          expect(planned.body.errors, query).toBeUndefined();
          expect(JSON.stringify(planned.body), query).toBe(JSON.stringify(executed.body));
          // A report runs again when its plan is abandoned: a plan must hold for every valid query it takes.
          expect(outcome, `a valid report query is never abandoned: ${query}`).not.toBe('abandoned');
          seen[outcome === 'planned' ? 'planned' : 'other']++;
        }),
        { numRuns: 12 },
      );
      expect(seen.planned, `${root.name}: some selections planned`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('leave an error to the executor, which answers it as always', async () => {
    const tooMany = await bothWays('{ invoices(first: 101) @@ { edges { node { id } } } }');
    expect(tooMany.outcome).toBe('abandoned');
    expect(tooMany.planned.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(tooMany.planned.body).toEqual(tooMany.executed.body);
    const badVariable = await bothWays('query($first: Int) { invoices(first: $first) @@ { edges { node { id } } } }', { first: 'many' });
    expect(badVariable.planned.status).toBe(badVariable.executed.status);
    expect(badVariable.planned.body).toEqual(badVariable.executed.body);
    const badCursor = await bothWays('{ invoicesPage(page: 0) @@ { data { id } } }');
    expect(badCursor.planned.body).toEqual(badCursor.executed.body);
  });

  it('leave to the executor what they do not plan: other root fields, arguments below the root, directives', async () => {
    for (const query of [
      '{ viewer { organization { name } } }',
      '{ customers(first: 2) { edges { node { name invoices(first: 1) { totalCount } } } } }',
      '{ invoices(first: 2) { edges { node { number @skip(if: false) } } } }',
    ]) {
      const before = await outcomes();
      const response = await gql(t.url, key, query);
      expect(response.body.errors, query).toBeUndefined();
      expect(await outcomes(), query).toEqual(before);
    }
  });

  it('answer a field aliased __proto__ as the executor does: a key of the answer, not its prototype', async () => {
    for (const query of [
      '{ invoices(first: 2) @@ { edges { node { __proto__: number id } } } }',
      '{ invoices(first: 1) @@ { __proto__: edges { node { number } } } }',
      '{ trialBalance(asOf: "2026-12-31") @@ { rows { __proto__: account { code } } } }',
    ]) {
      const { planned, executed } = await bothWays(query);
      expect(planned.body.errors, query).toBeUndefined();
      expect(planned.body, query).toEqual(executed.body);
      expect(JSON.stringify(planned.body), query).toContain('"__proto__":');
    }
  });

  it('leave every query to the executor with GRAPHQL_PLANNED_QUERIES=false', async () => {
    const off = await createTestApp({ graphqlPlannedQueries: false });
    try {
      const { key: offKey } = await off.tenant();
      const response = await gql(off.url, offKey, '{ invoices(first: 2) { edges { node { id } } } }');
      expect(response.body.errors).toBeUndefined();
      const metric = await off.app.metrics.registry.getSingleMetric('accounting_graphql_planned_queries_total')!.get();
      expect(metric.values.reduce((sum, v) => sum + v.value, 0)).toBe(0);
    } finally {
      await off.close();
    }
  });
});
