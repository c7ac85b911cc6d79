import {
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/registry.ts';
import { createTestApp, gql, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let otherKey: string;
let customerIds: string[];
const operations: string[] = [];

const q = async (query: string, variables: Record<string, unknown> = {}, k = key) => {
  const r = await gql(t.url, k, query, variables);
  return r.body;
};
const ok = async (query: string, variables: Record<string, unknown> = {}) => {
  const body = await q(query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } }, { onOperation: (op) => operations.push(op) });
  ({ key } = await t.tenant('GraphQL Co'));
  // Background passes (relay, webhook dispatcher) are not the requests' statements.
  await t.app.relay.stop();
  await t.app.dispatcher.stop();
  ({ key: otherKey } = await t.tenant('Other GraphQL Co'));
  customerIds = [];
  for (const name of ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo']) {
    customerIds.push(
      (
        await ok('mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { id } }', {
          i: { name, email: `${name.toLowerCase()}@example.com` },
        })
      ).createCustomer.id,
    );
  }
});
afterAll(() => t.close());

describe('cursor connections', () => {
  const page = `query($first: Int, $after: String, $last: Int, $before: String, $orderBy: CustomerOrder) {
    customers(first: $first, after: $after, last: $last, before: $before, orderBy: $orderBy) {
      totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { name } }
    }
  }`;

  it('walk forward with first/after and backward with last/before, with page info', async () => {
    const first = (await ok(page, { first: 2 })).customers;
    expect(first.totalCount).toBe(5);
    expect(first.edges.map((e: any) => e.node.name)).toEqual(['Bravo', 'Charlie']);
    // Each edge's own cursor (formatted when asked for) is the one pageInfo gives, and a page resumes after it.
    expect(first.edges.map((e: any) => e.cursor)).toEqual([first.pageInfo.startCursor, first.pageInfo.endCursor]);
    const afterFirstEdge = (await ok(page, { first: 2, after: first.edges[0].cursor })).customers;
    expect(afterFirstEdge.edges.map((e: any) => e.node.name)).toEqual(['Charlie', 'Delta']);
    const names: string[] = [];
    let after: string | undefined;
    for (;;) {
      const c = (await ok(page, { first: 2, after })).customers;
      names.push(...c.edges.map((e: any) => e.node.name));
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    // Sorted by name as stored (SQLite and PostgreSQL agree on this ASCII order).
    expect(names).toEqual(['Bravo', 'Charlie', 'Delta', 'Echo', 'alpha']);
    const last = (await ok(page, { last: 2 })).customers;
    expect(last.edges.map((e: any) => e.node.name)).toEqual(names.slice(3));
    expect(last.pageInfo.hasPreviousPage).toBe(true);
    const before = (await ok(page, { last: 2, before: last.pageInfo.startCursor })).customers;
    expect(before.edges.map((e: any) => e.node.name)).toEqual(names.slice(1, 3));
  });

  it('order by the requested field and direction', async () => {
    const desc = (await ok(page, { first: 5, orderBy: { field: 'CREATED_AT', direction: 'DESC' } })).customers;
    expect(desc.edges.map((e: any) => e.node.name)).toEqual(['Echo', 'Bravo', 'Charlie', 'alpha', 'Delta']);
  });

  it('refuse every cursor the server did not issue with VALIDATION_FAILED, never a 500', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const issued = (await ok(page, { first: 1 })).customers.pageInfo.endCursor;
    const forged = [
      b64('GPC:N:1'),
      b64('GPC:J:{}'),
      b64('GPC:S:'),
      b64('GPC:S:cus_short'),
      b64('GPC:S:1 OR 1=1'),
      'garbage',
      issued.slice(0, -2),
    ];
    for (const cursor of forged) {
      for (const variables of [
        { first: 2, after: cursor },
        { last: 2, before: cursor },
      ]) {
        const body = await q(page, variables);
        expect(body.errors?.[0]?.extensions?.code, `${cursor} ${JSON.stringify(body.errors)}`).toBe('VALIDATION_FAILED');
      }
    }
    // As a literal, and on a nested connection (resolved while loading its parent).
    const literal = await q(`{ customers(first: 1, after: "${b64('GPC:N:1')}") { totalCount } }`);
    expect(literal.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'customers.after' }] });
    const nested = await q(`{ customers(first: 1) { edges { node { invoices(first: 1, after: "${b64('GPC:J:{}')}") { totalCount } } } } }`);
    expect(nested.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'invoices.after' }] });
    expect((await ok(page, { first: 2, after: issued })).customers.edges).toHaveLength(2);
  });

  it('return an empty connection when nothing matches', async () => {
    const empty = (
      await ok('{ customers(first: 5, filter: { search: "zzz" }) { totalCount edges { node { id } } pageInfo { hasNextPage } } }')
    ).customers;
    expect(empty).toEqual({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false } });
  });
});

describe('page lists', () => {
  it('follow the REST rules: defaults, last page, past the end, limit bounds', async () => {
    expect((await ok('{ customersPage { total page limit pages } }')).customersPage).toEqual({ total: 5, page: 1, limit: 20, pages: 1 });
    const last = (await ok('{ customersPage(page: 3, limit: 2, orderBy: { field: CREATED_AT }) { data { name } total pages } }'))
      .customersPage;
    expect(last).toEqual({ data: [{ name: 'Echo' }], total: 5, pages: 3 });
    expect((await ok('{ customersPage(page: 4, limit: 2) { data { name } } }')).customersPage.data).toEqual([]);
    for (const args of ['limit: 101', 'limit: 0', 'page: 0']) {
      const body = await q(`{ customersPage(${args}) { total } }`);
      expect(body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      expect(body.errors[0].extensions.errors[0].path).toBe(args.split(':')[0]);
    }
  });

  it('filter', async () => {
    const found = (await ok('{ customersPage(filter: { email: "echo@example.com" }) { data { name } } }')).customersPage.data;
    expect(found).toEqual([{ name: 'Echo' }]);
  });

  it("refuse a filter id of the wrong kind, on both list shapes, and answer another organization's id with nothing", async () => {
    for (const query of [
      '{ invoicesPage(filter: { customerId: "5" }) { total } }',
      '{ invoices(first: 5, filter: { customerId: "5" }) { totalCount } }',
    ]) {
      const body = await q(query);
      expect(body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      expect(body.errors[0].extensions.errors).toEqual([
        { path: 'filter.customerId', message: 'must be a customer id (cus_ and 26 letters and digits), got "5"' },
      ]);
    }
    const deliveries = await q('{ webhookDeliveries(first: 5, filter: { subscriptionId: "5" }) { totalCount } }');
    expect(deliveries.errors[0].extensions.errors).toEqual([
      { path: 'filter.subscriptionId', message: 'must be a webhook subscription id (wh_ and 26 letters and digits), got "5"' },
    ]);
    const events = await q('{ events(first: 5, filter: { resourceId: "INV-0001" }) { totalCount } }');
    expect(events.errors[0].extensions.errors).toEqual([
      { path: 'filter.resourceId', message: 'must be an id (a type prefix such as inv_ and 26 letters and digits), got "INV-0001"' },
    ]);
    expect(
      (await q(`{ events(first: 5, filter: { resourceId: "${customerIds[1]}" }) { totalCount } }`)).data.events.totalCount,
    ).toBeGreaterThan(0);
    const invoiceIdAsCustomer = await q(`{ paymentsPage(filter: { customerId: "${customerIds[0].replace(/^cus_/, 'inv_')}" }) { total } }`);
    expect(invoiceIdAsCustomer.errors[0].extensions.errors[0]).toMatchObject({
      path: 'filter.customerId',
      message: expect.stringContaining('must be a customer id'),
    });
    // A well-formed id another organization owns is no mistake to report: it matches nothing here.
    const theirs = await q(
      `{ customersPage(filter: { email: "echo@example.com" }) { total } invoicesPage(filter: { customerId: "${customerIds[0]}" }) { ` +
        `total } }`,
      {},
      otherKey,
    );
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data).toEqual({ customersPage: { total: 0 }, invoicesPage: { total: 0 } });
  });
});

describe('mutations', () => {
  it('update master data and refuse bad input with one error per field', async () => {
    const updated = (
      await ok('mutation($id: ID!) { updateCustomer(id: $id, input: { email: "new@example.com", active: false }) { email active name } }', {
        id: customerIds[0],
      })
    ).updateCustomer;
    expect(updated).toEqual({ email: 'new@example.com', active: false, name: 'Delta' });
    const bad = await q(
      'mutation($id: ID!) { updateCustomer(id: $id, input: { email: "nope", paymentTermsDays: 400, name: "" }) { id } }',
      { id: customerIds[0] },
    );
    expect(bad.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(bad.errors[0].extensions.errors.map((e: any) => e.path).sort()).toEqual(['email', 'name', 'paymentTermsDays']);
    const foreign = await q(
      'mutation($id: ID!) { updateCustomer(id: $id, input: { notes: "x" }) { id } }',
      { id: customerIds[0] },
      otherKey,
    );
    expect(foreign.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuse Money with more decimals than the currency, and impossible dates', async () => {
    const money = await q('mutation { createProduct(input: { name: "X", unitPrice: "1.999" }) { id } }');
    expect(money.errors[0].extensions.errors).toEqual([{ path: 'unitPrice', message: 'must have at most 2 decimals in this currency' }]);
    const date = await q('mutation { createEmployee(input: { firstName: "A", lastName: "B", startDate: "2026-02-30" }) { id } }');
    expect(date.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(date.errors[0].message).toMatch(/real calendar date/);
  });

  it('are idempotent with an idempotency key', async () => {
    const create = 'mutation($i: CreateVendorInput!, $k: String) { createVendor(input: $i, idempotencyKey: $k) { id } }';
    const a = await ok(create, { i: { name: 'Once Ltd' }, k: 'vendor-1' });
    const b = await ok(create, { i: { name: 'Once Ltd' }, k: 'vendor-1' });
    expect(b.createVendor.id).toBe(a.createVendor.id);
    const reused = await q(create, { i: { name: 'Twice Ltd' }, k: 'vendor-1' });
    expect(reused.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await ok('{ vendorsPage(filter: { search: "Once" }) { total } }')).vendorsPage.total).toBe(1);
  });
});

describe('nested data without N+1', () => {
  const nested = `query($n: Int!) { invoices(first: $n) { edges { node {
    number customer { name } lines { description product { name } }
    journalEntry { number lines { account { code } debit credit } }
  } } } }`;

  async function makeInvoices(count: number, k: string) {
    const product = (await gql(t.url, k, 'mutation { createProduct(input: { name: "Thing", unitPrice: "5" }) { id } }')).body.data
      .createProduct.id;
    const customer = (await gql(t.url, k, 'mutation { createCustomer(input: { name: "Buyer" }) { id } }')).body.data.createCustomer.id;
    for (let i = 0; i < count; i++) {
      const r = await gql(t.url, k, 'mutation($i: CreateInvoiceInput!) { createInvoice(input: $i) { id } }', {
        i: {
          customerId: customer,
          issueDate: '2026-05-01',
          lines: [
            { productId: product, quantity: '2' },
            { description: 'Fee', unitPrice: '1.50' },
          ],
        },
      });
      expect(r.body.errors).toBeUndefined();
    }
  }

  /** Runs an invoice page query; its nodes, and the statements and Prisma operations it took. */
  async function measure(k: string, n: number, query = nested) {
    operations.length = 0;
    t.queries.length = 0;
    const r = await gql(t.url, k, query, { n });
    expect(r.body.errors).toBeUndefined();
    // Not the key's own: it is read again when its memory lapses (API_KEY_CACHE_MS), which a slow seed of
    // 100 invoices under another key can outlast.
    const sql = t.queries.filter((s) => !/^(BEGIN|COMMIT|SELECT 1)/i.test(s.trim()) && !/"ApiKey"/.test(s));
    const nodes = r.body.data.invoices.edges.map((e: any) => e.node);
    return { rows: nodes.length, nodes, sql: sql.length, operations: operations.filter((o) => !o.startsWith('ApiKey.')).length };
  }

  it('runs the same small number of statements and Prisma operations for 10 and for 100 invoices', async () => {
    const ten = await t.tenant('Ten invoices');
    const hundred = await t.tenant('Hundred invoices');
    await makeInvoices(10, ten.key);
    await makeInvoices(100, hundred.key);
    const small = await measure(ten.key, 10);
    const large = await measure(hundred.key, 100);
    expect(small.rows).toBe(10);
    expect(large.rows).toBe(100);
    expect(large.sql).toBe(small.sql);
    expect(large.operations).toBe(small.operations);
    expect(large.sql).toBeLessThanOrEqual(12);
  });

  // Preloaded relations are found again per row by response path (plugin-prisma's loader mapping, which
  // patches/ rewrites): aliases, fragments and the same relation twice must still find each row's own data.
  it(
    'answers each row with its own customer, lines and products through aliases and fragments, in the same statements for 6 and for 60 ' +
      'invoices',
    async () => {
      const aliased = `query($n: Int!) { invoices(first: $n, orderBy: { field: NUMBER, direction: ASC }) { edges { node {
      number
      buyer: customer { name }
      ... on Invoice { again: customer { email } items: lines { description product { name } } }
      ...LineProducts
    } } } }
    fragment LineProducts on Invoice { lines { sold: product { name } } }`;
      async function seed(count: number, k: string) {
        const customers: string[] = [];
        for (const name of ['Ann', 'Bob', 'Cid'])
          customers.push(
            (
              await gql(t.url, k, 'mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { id } }', {
                i: { name, email: `${name}@example.com` },
              })
            ).body.data.createCustomer.id,
          );
        const products: string[] = [];
        for (const name of ['Nut', 'Bolt'])
          products.push(
            (await gql(t.url, k, 'mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }', { i: { name, unitPrice: '2' } }))
              .body.data.createProduct.id,
          );
        for (let i = 0; i < count; i++) {
          const r = await gql(t.url, k, 'mutation($i: CreateInvoiceInput!) { createInvoice(input: $i) { id } }', {
            i: {
              customerId: customers[i % 3],
              issueDate: '2026-05-01',
              lines: [
                { productId: products[i % 2], quantity: '1' },
                { description: `Fee ${i}`, unitPrice: '1' },
              ],
            },
          });
          expect(r.body.errors).toBeUndefined();
        }
      }
      const few = await t.tenant('Six aliased invoices');
      const many = await t.tenant('Sixty aliased invoices');
      await seed(6, few.key);
      await seed(60, many.key);
      const small = await measure(few.key, 6, aliased);
      const large = await measure(many.key, 60, aliased);
      expect(large.sql).toBe(small.sql);
      // The key, the page, and one statement each for customers, lines and products. A relation whose
      // preloaded rows were not found again is loaded a second time (batched, so only the count shows it).
      expect(large.sql).toBeLessThanOrEqual(5);
      expect(large.nodes).toHaveLength(60);
      large.nodes.forEach((node: any, i: number) => {
        const customer = ['Ann', 'Bob', 'Cid'][i % 3];
        const product = ['Nut', 'Bolt'][i % 2];
        expect(node, `invoice ${i}`).toEqual({
          number: node.number,
          buyer: { name: customer },
          again: { email: `${customer}@example.com` },
          items: [
            { description: product, product: { name: product } },
            { description: `Fee ${i}`, product: null },
          ],
          lines: [{ sold: { name: product } }, { sold: null }],
        });
      });
    },
  );
});

describe('columns read', () => {
  // The compiled reader's statements: with FAST_PATHS=false there are none to look at.
  it.skipIf(process.env.FAST_PATHS === 'false')(
    "reads the columns the query's fields name and no others, and a field asked for later reads its own",
    async () => {
      const { key: k } = await t.tenant('Narrow reads');
      const customer = (
        await gql(t.url, k, 'mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { id } }', {
          i: {
            name: 'Ann',
            email: 'ann@example.com',
            notes: 'Pays late',
            address: { line1: '1 Main St', city: 'Springfield', country: 'US' },
          },
        })
      ).body.data.createCustomer.id;
      const product = (
        await gql(t.url, k, 'mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }', {
          i: { name: 'Nut', unitPrice: '2', sku: 'NUT-1' },
        })
      ).body.data.createProduct.id;
      const created = await gql(t.url, k, 'mutation($i: CreateInvoiceInput!) { createInvoice(input: $i) { id } }', {
        i: { customerId: customer, issueDate: '2026-05-01', lines: [{ productId: product, quantity: '2', taxRate: '10' }] },
      });
      expect(created.body.errors).toBeUndefined();
      // Every statement the page ran but the key check (on PostgreSQL the customer and product are joined into their parents' statements).
      const read = async (query: string) => {
        t.queries.length = 0;
        const r = await gql(t.url, k, query);
        expect(r.body.errors).toBeUndefined();
        return { data: r.body.data.invoices.edges[0].node, sql: t.queries.filter((s) => !s.includes('"ApiKey"')).join('\n') };
      };
      const narrow = await read(
        '{ invoices(first: 5) { edges { node { number total customer { name } lines { amount product { name } } } } } }',
      );
      expect(narrow.data).toEqual({
        number: 'INV-0001',
        total: '4.40',
        customer: { name: 'Ann' },
        lines: [{ amount: '4.00', product: { name: 'Nut' } }],
      });
      expect(narrow.sql).toMatch(/"number"[\s\S]*"Customer"[\s\S]*"amount"/);
      // Not the invoice's other columns, nor the customer's address, notes or email, nor the line's or the product's others.
      expect(narrow.sql).not.toMatch(
        new RegExp(
          ['memo', 'subtotal', 'taxTotal', 'dueDate', 'notes', 'addressLine1', 'taxNumber', 'email', 'taxAmount', 'description']
            .concat(['discountPpm', 'sku', 'unitPrice'])
            .map((column) => `"${column}"`)
            .join('|'),
        ),
      );
      const wide = await read(
        '{ invoices(first: 5) { edges { node { taxTotal amountDue isOverdue customer { email notes address { city } } lines { ' +
          'taxAmount taxRate product { sku } } } } } }',
      );
      expect(wide.data).toEqual({
        taxTotal: '0.40',
        amountDue: '4.40',
        isOverdue: expect.any(Boolean),
        customer: { email: 'ann@example.com', notes: 'Pays late', address: { city: 'Springfield' } },
        lines: [{ taxAmount: '0.40', taxRate: '10', product: { sku: 'NUT-1' } }],
      });
      for (const column of ['taxTotal', 'notes', 'city', 'taxAmount', 'taxRatePpm', 'sku']) expect(wide.sql).toContain(`"${column}"`);
    },
  );
});

describe('the schema', () => {
  it('documents every type, field, argument and enum value for the people integrating', () => {
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap()) as GraphQLNamedType[]) {
      if (type.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)) continue;
      if (!type.description) missing.push(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (
            !field.description &&
            !/^(edges|node|cursor|pageInfo|totalCount|hasNextPage|hasPreviousPage|startCursor|endCursor)$/.test(field.name)
          )
            missing.push(`${type.name}.${field.name}`);
        }
      }
      if (isEnumType(type))
        for (const value of type.getValues())
          if (!value.description && !type.name.endsWith('OrderField')) missing.push(`${type.name}.${value.name}`);
    }
    expect(missing).toEqual([]);
  });

  it('answers the id of every Node type at once, not as a promise (a promise per object slows every list)', () => {
    const nodeTypes = Object.values(schema.getTypeMap()).filter(
      (type) => isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node'),
    );
    expect(nodeTypes.length).toBeGreaterThanOrEqual(10);
    for (const type of nodeTypes) {
      const field = (type as GraphQLObjectType).getFields().id;
      const info = {
        fieldName: 'id',
        parentType: type,
        returnType: field.type,
        path: { prev: undefined, key: 'id', typename: type.name },
        schema,
      } as unknown as GraphQLResolveInfo;
      const id = field.resolve!({ id: 'any_01test' }, {}, {}, info);
      expect(id, type.name).toBe('any_01test');
    }
  });
});
