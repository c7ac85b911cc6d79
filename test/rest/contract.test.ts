// Walks shared/spec/accounting-api-v1.md endpoint by endpoint. Every response is also checked against
// the OpenAPI document the server publishes.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type JsonResponse, type TestApp } from '../helpers.ts';
import { openApiValidator } from './openapi-validator.ts';

let t: TestApp;
let key: string;
let v: Awaited<ReturnType<typeof openApiValidator>>;
let accounts: Record<string, string>;

/** A REST call whose response must match the OpenAPI document. */
async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  withKey = key,
): Promise<JsonResponse> {
  const response = await http(t.url, path, { method, key: withKey, body, headers });
  v.check(method, path, response);
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Contract Co'));
  v = await openApiValidator(t.url);
  const list = await http(t.url, '/api/v1/accounts?limit=100', { key });
  accounts = Object.fromEntries(list.body.data.map((a: any) => [a.code, a.id]));
});
afterAll(async () => {
  expect(v.checked).toBeGreaterThan(40);
  await t.close();
});

describe('GET /api/v1/accounts', () => {
  it('lists the chart of accounts as { data, total, page, limit, pages } with default page 1 and limit 20', async () => {
    const r = await call('GET', '/api/v1/accounts');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['data', 'limit', 'page', 'pages', 'total']);
    expect(r.body).toMatchObject({ page: 1, limit: 20, total: 20, pages: 1 });
    expect(r.body.data[0]).toMatchObject({ code: '1000', name: 'Cash', type: 'asset' });
  });

  it('pages: pages = ceil(total / limit); a page past the end is empty with the right totals', async () => {
    expect((await call('GET', '/api/v1/accounts?limit=6&page=4')).body).toMatchObject({ total: 20, page: 4, limit: 6, pages: 4 });
    expect((await call('GET', '/api/v1/accounts?limit=6&page=4')).body.data).toHaveLength(2);
    const past = await call('GET', '/api/v1/accounts?limit=6&page=9');
    expect(past.body).toEqual({ data: [], total: 20, page: 9, limit: 6, pages: 4 });
    expect((await call('GET', '/api/v1/accounts?limit=100')).body.data).toHaveLength(20);
  });

  it('refuses limit over 100, below 1 or not an integer, and page below 1 or not an integer, naming the parameter', async () => {
    for (const query of ['limit=101', 'limit=0', 'limit=2.5', 'limit=ten', 'page=0', 'page=-1', 'page=x']) {
      const r = await call('GET', `/api/v1/accounts?${query}`);
      expectProblem(r, 400, 'VALIDATION_FAILED');
      expect(r.body.errors[0].path).toBe(query.split('=')[0]);
    }
  });

  it('filters by type, active and search', async () => {
    const income = await call('GET', '/api/v1/accounts?type=income');
    expect(income.body.data.map((a: any) => a.type)).toEqual(['income', 'income']);
    expect((await call('GET', '/api/v1/accounts?search=Receiv')).body.data.map((a: any) => a.code)).toEqual(['1200']);
    // Search ignores case on SQLite and PostgreSQL alike.
    expect((await call('GET', '/api/v1/accounts?search=receivABLE')).body.data.map((a: any) => a.code)).toEqual(['1200']);
    expectProblem(await call('GET', '/api/v1/accounts?type=planet'), 400, 'VALIDATION_FAILED');
  });
});

describe('journal entries', () => {
  it('POST takes exactly the contract shape, both sides on every line, and answers 201 with Location', async () => {
    const r = await call('POST', '/api/v1/journal-entries', {
      date: '2026-03-01',
      description: 'Owner investment',
      lines: [
        { accountId: accounts['1010'], debit: 5000, credit: 0 },
        { accountId: accounts['3000'], debit: 0, credit: 5000 },
      ],
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`/api/v1/journal-entries/${r.body.id}`);
    expect(r.body).toMatchObject({ date: '2026-03-01', description: 'Owner investment', totalAmount: 5000, sourceType: 'manual' });
    expect(r.body.lines.map((l: any) => [l.accountId, l.debit, l.credit])).toEqual([
      [accounts['1010'], 5000, 0],
      [accounts['3000'], 0, 5000],
    ]);
    const got = await call('GET', `/api/v1/journal-entries/${r.body.id}`);
    expect(got.body).toEqual(r.body);
  });

  it('refuses an unbalanced entry with both totals, and writes nothing', async () => {
    const before = (await call('GET', '/api/v1/journal-entries')).body.total;
    const r = await call('POST', '/api/v1/journal-entries', {
      date: '2026-03-01',
      description: 'Oops',
      lines: [
        { accountId: accounts['6100'], debit: 100.5, credit: 0 },
        { accountId: accounts['1000'], debit: 0, credit: 100.25 },
      ],
    });
    expectProblem(r, 400, 'UNBALANCED_ENTRY');
    expect(r.body).toMatchObject({ totalDebit: 100.5, totalCredit: 100.25 });
    expect((await call('GET', '/api/v1/journal-entries')).body.total).toBe(before);
  });

  it('refuses unknown fields, wrong types and amounts with too many decimals, naming each', async () => {
    const r = await call('POST', '/api/v1/journal-entries', {
      date: '2026-03-01',
      memo: 'x',
      lines: [
        { accountId: accounts['6100'], debit: 'lots', credit: 0, colour: 'red' },
        { accountId: accounts['1000'], debit: 0, credit: 1.234 },
      ],
    });
    expectProblem(r, 400, 'VALIDATION_FAILED');
    // the amount with too many decimals too, in the same answer
    expect(r.body.errors.map((e: any) => e.path).sort()).toEqual(['lines.0.colour', 'lines.0.debit', 'lines.1.credit', 'memo']);
    const decimals = await call('POST', '/api/v1/journal-entries', {
      date: '2026-03-01',
      description: 'x',
      lines: [
        { accountId: accounts['6100'], debit: 1.234, credit: 0 },
        { accountId: accounts['1000'], debit: 0, credit: 1.234 },
      ],
    });
    expect(decimals.body.errors.map((e: any) => e.path)).toEqual(['lines.0.debit', 'lines.1.credit']);
  });

  it('lists with filters and reverses beyond the contract', async () => {
    const list = await call('GET', '/api/v1/journal-entries?from=2026-03-01&to=2026-03-31');
    expect(list.body.total).toBe(1);
    const id = list.body.data[0].id;
    const reversed = await call('POST', `/api/v1/journal-entries/${id}/reverse`, { date: '2026-03-05', reason: 'test' });
    expect(reversed.status).toBe(201);
    expect(reversed.body.reversalOfId).toBe(id);
    expect(reversed.body.status).toBe('posted');
    expect((await call('GET', `/api/v1/journal-entries/${id}`)).body.status).toBe('reversed');
    expect((await call('GET', `/api/v1/journal-entries/${id}`)).body.reversedById).toBe(reversed.body.id);
    expectProblem(await call('POST', `/api/v1/journal-entries/${id}/reverse`, {}), 400, 'INVALID_STATE');
    expectProblem(await call('GET', '/api/v1/journal-entries?from=2026-02-30'), 400, 'VALIDATION_FAILED');
  });
});

describe('customers, vendors, products, employees', () => {
  it('create (201, Location), list, retrieve and update each resource', async () => {
    const cases: [string, object, object][] = [
      [
        'customers',
        { name: 'Ada Ltd', email: 'ap@ada.example', address: { city: 'London', country: 'GB' }, paymentTermsDays: 14 },
        { notes: 'VIP' },
      ],
      ['vendors', { name: 'Paper Co', phone: '+1 555 0100' }, { active: false }],
      ['products', { name: 'Widget', sku: 'W-1', unitPrice: 19.99, taxRate: 8.875, type: 'inventory' }, { unitPrice: 21 }],
      [
        'employees',
        {
          firstName: 'Grace',
          lastName: 'Hopper',
          employeeNumber: 'E-1',
          startDate: '2026-01-05',
          payType: 'salary',
          payRate: 120000,
          employmentType: 'full_time',
        },
        { jobTitle: 'Admiral' },
      ],
    ];
    for (const [path, body, change] of cases) {
      const created = await call('POST', `/api/v1/${path}`, body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.headers.get('location')).toBe(`/api/v1/${path}/${created.body.id}`);
      expect(created.body).toMatchObject(body);
      const list = await call('GET', `/api/v1/${path}`);
      expect(list.body.data.map((x: any) => x.id)).toContain(created.body.id);
      expect((await call('GET', `/api/v1/${path}/${created.body.id}`)).body).toEqual(created.body);
      const updated = await call('PATCH', `/api/v1/${path}/${created.body.id}`, change);
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ ...body, ...change });
    }
  });

  it('refuse a missing required field, and answer 404 for unknown ids', async () => {
    const r = await call('POST', '/api/v1/customers', { email: 'x@example.com' });
    expectProblem(r, 400, 'VALIDATION_FAILED');
    expect(r.body.errors).toEqual([{ path: 'name', message: 'is required' }]);
    for (const path of [
      'customers/cus_00000000000000000000000000',
      'vendors/ven_00000000000000000000000000',
      'products/prod_00000000000000000000000000',
      'employees/emp_00000000000000000000000000',
      'invoices/inv_00000000000000000000000000',
      'journal-entries/je_00000000000000000000000000',
      'customers/not-an-id',
    ]) {
      expectProblem(await call('GET', `/api/v1/${path}`), 404, 'NOT_FOUND');
    }
  });
});

describe('invoices', () => {
  it('create posts the invoice; payments and void follow the rules', async () => {
    const customer = (await call('POST', '/api/v1/customers', { name: 'Invoice Buyer' })).body;
    const created = await call('POST', '/api/v1/invoices', {
      customerId: customer.id,
      issueDate: '2026-04-01',
      lines: [{ description: 'Consulting', quantity: 2.5, unitPrice: 80, taxRate: 10 }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'open', subtotal: 200, taxTotal: 20, total: 220, amountDue: 220, dueDate: '2026-05-01' });
    const id = created.body.id;
    const paid = await call('POST', `/api/v1/invoices/${id}/payments`, { amount: 100, date: '2026-04-10' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: 100, invoiceStatus: 'partially_paid', invoiceAmountDue: 120 });
    expectProblem(await call('POST', `/api/v1/invoices/${id}/payments`, { amount: 120.01 }), 400, 'VALIDATION_FAILED');
    expectProblem(await call('POST', `/api/v1/invoices/${id}/void`, {}), 400, 'INVALID_STATE');
    const filtered = await call('GET', `/api/v1/invoices?status=partially_paid&customerId=${customer.id}`);
    expect(filtered.body.data.map((i: any) => i.id)).toEqual([id]);
    const other = await call('POST', '/api/v1/invoices', {
      customerId: customer.id,
      issueDate: '2026-04-02',
      lines: [{ description: 'x', unitPrice: 1 }],
    });
    const voided = await call('POST', `/api/v1/invoices/${other.body.id}/void`, { reason: 'mistake' });
    expect(voided.body.status).toBe('void');
  });
});

describe('webhooks', () => {
  it('GET lists the event types one can subscribe to, paginated', async () => {
    const types: string[] = [];
    let total = 0;
    for (let page = 1, pages = 1; page <= pages; page++) {
      const r = await call('GET', `/api/v1/webhooks?limit=100&page=${page}`);
      types.push(...r.body.data.map((e: { type: string }) => e.type));
      ({ total, pages } = r.body);
    }
    expect(types).toEqual(expect.arrayContaining(['invoice.created', 'invoice.paid', 'journal_entry.created', 'customer.created']));
    expect(new Set(types).size).toBe(total);
    expect((await call('GET', '/api/v1/webhooks')).body).toMatchObject({
      total,
      limit: 20,
      pages: Math.ceil(total / 20),
    });
    expect((await call('GET', '/api/v1/webhooks?limit=2&page=2')).body.data).toHaveLength(2);
  });

  it('POST registers a subscription and returns its signing secret', async () => {
    const r = await call('POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook', eventTypes: ['invoice.paid', 'invoice.created'] });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ url: 'http://127.0.0.1:9/hook', eventTypes: ['invoice.paid', 'invoice.created'], status: 'enabled' });
    const bad = await call('POST', '/api/v1/webhooks', { url: 'ftp://127.0.0.1/x', eventTypes: ['invoice.exploded'] });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.errors.map((e: any) => e.path).sort()).toEqual(['eventTypes.0', 'url']);
  });
});

describe('the error table', () => {
  it('401 without a key, in the problem shape', async () => {
    expectProblem(await call('GET', '/api/v1/customers', undefined, {}, ''), 401, 'UNAUTHENTICATED');
  });

  it('400 for a malformed body and 415 for a non-JSON body', async () => {
    const malformed = await http(t.url, '/api/v1/customers', {
      key,
      method: 'POST',
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    v.check('POST', '/api/v1/customers', malformed);
    expectProblem(malformed, 400, 'MALFORMED_JSON');
    const wrongType = await http(t.url, '/api/v1/customers', {
      key,
      method: 'POST',
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectProblem(wrongType, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('429 past 100 requests a minute for one key', async () => {
    const limited = await createTestApp();
    try {
      const { key: k } = await limited.tenant();
      const statuses: number[] = [];
      for (let i = 0; i < 101; i++) statuses.push((await http(limited.url, '/api/v1/webhooks?limit=1', { key: k })).status);
      expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
      const refused = await http(limited.url, '/api/v1/accounts', { key: k });
      expectProblem(refused, 429, 'RATE_LIMITED');
      v.check('GET', '/api/v1/accounts', refused);
    } finally {
      await limited.close();
    }
  });
});

describe('REST and GraphQL are one API', () => {
  it('return the same records for the same question', async () => {
    const rest = await call('GET', '/api/v1/customers?limit=100');
    const graph = await gql(t.url, key, '{ customersPage(limit: 100) { total data { id name email balance } } }');
    expect(graph.body.data.customersPage.total).toBe(rest.body.total);
    expect(
      graph.body.data.customersPage.data.map((c: any) => ({ id: c.id, name: c.name, email: c.email, balance: Number(c.balance) })),
    ).toEqual(rest.body.data.map((c: any) => ({ id: c.id, name: c.name, email: c.email, balance: c.balance })));
    const restInvoices = await call('GET', '/api/v1/invoices');
    const graphInvoices = await gql(t.url, key, '{ invoicesPage { data { id number total amountDue status } } }');
    expect(graphInvoices.body.data.invoicesPage.data.map((i: any) => i.id)).toEqual(restInvoices.body.data.map((i: any) => i.id));
    expect(graphInvoices.body.data.invoicesPage.data.map((i: any) => Number(i.amountDue))).toEqual(
      restInvoices.body.data.map((i: any) => i.amountDue),
    );
  });

  it('publishes an OpenAPI 3.1 document and a docs page without a key', async () => {
    const doc = await http(t.url, '/api/v1/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    for (const [path, method] of [
      ['/api/v1/accounts', 'get'],
      ['/api/v1/journal-entries', 'post'],
      ['/api/v1/webhooks', 'post'],
      ['/api/v1/invoices/{id}/payments', 'post'],
    ]) {
      expect(doc.body.paths[path][method], `${method} ${path}`).toBeDefined();
    }
    // A structurally valid OpenAPI 3.1 document, as client generators require.
    await SwaggerParser.validate(structuredClone(doc.body));
    const page = await fetch(`${t.url}/api/v1/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/v1/openapi.json');
    expect((await fetch(`${t.url}/api/v1/docs/swagger-ui-bundle.js`)).status).toBe(200);
  });
});
