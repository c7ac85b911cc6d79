// Writes do not re-read what they just wrote: SQL statements per request, counted with Prisma's query
// event (BEGIN/COMMIT/ROLLBACK not counted), pinned for the hot write paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, http, type TestApp, usingPostgres } from '../helpers.ts';

let t: TestApp;
let key: string;
let accounts: Record<string, string>;
let customerId: string;
let vendorId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
  ({ key } = await t.tenant('Counting Co'));
  // Background passes (relay, webhook dispatcher) are not the requests' statements.
  await t.app.relay.stop();
  await t.app.dispatcher.stop();
  // The first request of a key also records its lastUsedAt; counting starts after it.
  const list = await http(t.url, '/api/v1/accounts?limit=100', { key });
  accounts = Object.fromEntries(list.body.data.map((a: any) => [a.code, a.id]));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Counted Ltd' } })).body.id;
  vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Counted Supplies' } })).body.id;
});
afterAll(() => t.close());

const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|-- Implicit)/i;

/** Runs a request and returns its response and the SQL statements it caused. */
async function counted<T>(request: () => Promise<T>): Promise<{ response: T; statements: string[] }> {
  const from = t.queries.length;
  const response = await request();
  return { response, statements: t.queries.slice(from).filter((q) => !TRANSACTION_CONTROL.test(q)) };
}

const entry = (n: number) => ({
  date: '2026-05-01',
  description: `Counted ${n}`,
  lines: [
    { accountId: accounts['6100'], debit: 25, credit: 0 },
    { accountId: accounts['1000'], debit: 0, credit: 25 },
  ],
});
const invoice = {
  customerId: '',
  issueDate: '2026-05-01',
  lines: [1, 2, 3].map((n) => ({ description: `Line ${n}`, unitPrice: 10 * n, quantity: n })),
};

const billOf = (document: typeof invoice) => ({
  vendorId,
  issueDate: document.issueDate,
  lines: document.lines.map((l) => ({ ...l, accountId: accounts['6000'] })),
});

describe('SQL statements per request', () => {
  // The key check, the organization lock, the account check, the entry, its lines, the accounts' daily
  // totals, the event, the webhook-subscription lookup, the sequence write-back.
  it('POST /api/v1/journal-entries with two lines: at most 9', async () => {
    const { response, statements } = await counted(() => http(t.url, '/api/v1/journal-entries', { key, body: entry(1) }));
    expect(response.status).toBe(201);
    console.log(`POST /api/v1/journal-entries (2 lines): ${statements.length} statements\n  ${statements.join('\n  ')}`);
    expect(statements.length).toBeLessThanOrEqual(9);
    // On PostgreSQL the entry, its lines and the daily totals are one statement (round trips under the
    // organization's lock hold up the writes queued behind it); SQLite runs them on its connection.
    const posting = statements.filter((s) => /INSERT INTO "(JournalEntry|JournalLine|AccountDailyTotal)"/.test(s));
    if (usingPostgres) {
      expect(posting).toHaveLength(1);
      expect(posting[0]).toMatch(/^WITH .*INSERT INTO "JournalEntry".*INSERT INTO "JournalLine".*INSERT INTO "AccountDailyTotal"/s);
    } else {
      expect(posting).toHaveLength(3);
    }
  });

  // An entry's share and the invoice, its lines, the customer's kept balance (what makes reading it one
  // row) and its aging step (what keeps aged receivables flat); on PostgreSQL the last three are one statement.
  it('POST /api/v1/invoices with three lines: at most 14', async () => {
    const { response, statements } = await counted(() => http(t.url, '/api/v1/invoices', { key, body: { ...invoice, customerId } }));
    expect(response.status).toBe(201);
    console.log(`POST /api/v1/invoices (3 lines): ${statements.length} statements\n  ${statements.join('\n  ')}`);
    expect(statements.length).toBeLessThanOrEqual(usingPostgres ? 12 : 14);
  });

  // A bill posts the mirror of an invoice: no more statements for it.
  it("POST /api/v1/bills with three lines: at most an invoice's 14", async () => {
    const { response, statements } = await counted(() => http(t.url, '/api/v1/bills', { key, body: billOf(invoice) }));
    expect(response.status).toBe(201);
    console.log(`POST /api/v1/bills (3 lines): ${statements.length} statements\n  ${statements.join('\n  ')}`);
    expect(statements.length).toBeLessThanOrEqual(usingPostgres ? 12 : 14);
  });

  // Prisma logs the COMMIT of a transaction of its own. A write whose work needs no Prisma client (a journal
  // entry, an invoice or a bill, with or without an idempotency key, a payment) is begun and committed on a
  // connection directly: SQLite's one, or one of PostgreSQL's pool.
  it("a journal entry's, an invoice's, a bill's and a payment's transaction is never Prisma's", async () => {
    const commits = (statements: string[]) => statements.filter((s) => /^\s*COMMIT/i.test(s)).length;
    const all = async (request: () => Promise<unknown>) => {
      const from = t.queries.length;
      await request();
      return t.queries.slice(from);
    };
    const entryStatements = await all(() => http(t.url, '/api/v1/journal-entries', { key, body: entry(3) }));
    expect(commits(entryStatements)).toBe(0);
    expect(entryStatements.some((s) => /INSERT INTO "JournalEntry"/.test(s))).toBe(true);
    // A bill with the vendor's invoice number: its duplicate check runs inside the write too.
    for (const [path, body] of [
      ['/api/v1/invoices', (_n: number) => ({ ...invoice, customerId })],
      ['/api/v1/bills', (n: number) => ({ ...billOf(invoice), reference: `VINV-${n}` })],
    ] as const) {
      for (const request of [
        { key, body: body(1) },
        { key, body: body(2), headers: { 'idempotency-key': `direct${path.replaceAll('/', '-')}` } },
      ]) {
        const statements = await all(() => http(t.url, path, request));
        expect(statements.some((s) => /INSERT INTO "(Invoice|Bill)"/.test(s))).toBe(true);
        expect(commits(statements)).toBe(0);
      }
    }
    // Paying an invoice in part, then in full (which reads its settlements for the date it was settled on).
    const paid = (await http(t.url, '/api/v1/invoices', { key, body: { ...invoice, customerId } })).body;
    for (const amount of [40, paid.total - 40]) {
      const statements = await all(async () => {
        const response = await http(t.url, `/api/v1/invoices/${paid.id}/payments`, { key, body: { amount, date: '2026-05-20' } });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
      });
      expect(commits(statements)).toBe(0);
    }
    expect((await http(t.url, `/api/v1/invoices/${paid.id}`, { key })).body).toMatchObject({ status: 'paid', amountDue: 0 });
  });

  // A till's sale and its refund, and an invoice in a foreign currency (its rate read on its date).
  it("a sales receipt's, a refund's and a foreign-currency invoice's transaction is never Prisma's", async () => {
    const commits = async (path: string, body: unknown) => {
      const from = t.queries.length;
      const response = await http(t.url, path, { key, body });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return { body: response.body, commits: t.queries.slice(from).filter((s) => /^\s*COMMIT/i.test(s)).length };
    };
    const sale = await commits('/api/v1/sales-receipts', {
      customerId,
      date: '2026-05-02',
      lines: [{ description: 'Kettle', unitPrice: 40 }],
    });
    expect(sale.commits).toBe(0);
    const refund = await commits('/api/v1/sales-receipts', {
      kind: 'refund',
      refundOfId: sale.body.id,
      date: '2026-05-03',
      lines: [{ description: 'Kettle returned', unitPrice: 15 }],
    });
    expect(refund).toMatchObject({ commits: 0, body: { kind: 'refund', refundOfId: sale.body.id, customerId, total: 15 } });
    expect((await http(t.url, '/api/v1/exchange-rates', { key, body: { currency: 'EUR', date: '2026-05-01', rate: '1.10' } })).status).toBe(
      201,
    );
    const euroCustomer = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Counted GmbH', currency: 'EUR' } })).body.id;
    const euros = await commits('/api/v1/invoices', { ...invoice, customerId: euroCustomer, issueDate: '2026-05-04' });
    expect(euros).toMatchObject({ commits: 0, body: { currency: 'EUR', exchangeRate: '1.1', total: 140, homeTotal: 154 } });
  });

  // A shop syncing its catalog: a product, its update, and a SKU another product has.
  it("a product's creation and update are never Prisma's", async () => {
    const write = async (path: string, body: unknown, method?: string) => {
      const from = t.queries.length;
      const response = await http(t.url, path, { key, body, ...(method ? { method } : {}) });
      return { response, commits: t.queries.slice(from).filter((s) => /^\s*COMMIT/i.test(s)).length };
    };
    const mug = await write('/api/v1/products', { name: 'Mug', sku: 'MUG-1', unitPrice: 8, incomeAccountId: accounts['4000'] });
    expect(mug).toMatchObject({ commits: 0, response: { status: 201, body: { name: 'Mug', sku: 'MUG-1', unitPrice: 8, active: true } } });
    const id = mug.response.body.id;
    const renamed = await write(`/api/v1/products/${id}`, { name: 'Tall mug', unitPrice: 9.5 }, 'PATCH');
    expect(renamed).toMatchObject({ commits: 0, response: { status: 200, body: { id, name: 'Tall mug', sku: 'MUG-1', unitPrice: 9.5 } } });
    // Its own SKU again is no clash; another product's is.
    expect((await write(`/api/v1/products/${id}`, { sku: 'MUG-1' }, 'PATCH')).response.status).toBe(200);
    const cup = await write('/api/v1/products', { name: 'Cup', sku: 'MUG-1' });
    expect(cup.response.status).toBe(400);
    expect(cup.response.body.errors).toEqual([{ path: 'sku', message: `SKU "MUG-1" is already used by ${id}` }]);
  });

  // A shop syncing its customers: an update, and a change of currency its documents refuse.
  it("a contact update's transaction is never Prisma's", async () => {
    const update = async (body: unknown) => {
      const from = t.queries.length;
      const response = await http(t.url, `/api/v1/customers/${customerId}`, { key, method: 'PATCH', body });
      return { response, commits: t.queries.slice(from).filter((s) => /^\s*COMMIT/i.test(s)).length };
    };
    expect((await http(t.url, '/api/v1/invoices', { key, body: { ...invoice, customerId } })).status).toBe(201);
    const phone = await update({ phone: '+44 20 7946 0001' });
    expect(phone).toMatchObject({ commits: 0, response: { status: 200, body: { id: customerId, phone: '+44 20 7946 0001' } } });
    const currency = await update({ currency: 'EUR' });
    expect(currency.commits).toBe(0);
    expect(currency.response.status).toBe(400);
    expect(currency.response.body.errors).toEqual([{ path: 'currency', message: expect.stringMatching(/has documents/) }]);
  });

  it('an idempotent replay: at most 3, and nothing written', async () => {
    const headers = { 'idempotency-key': 'count-replay' };
    const first = await http(t.url, '/api/v1/journal-entries', { key, body: entry(2), headers });
    const { response, statements } = await counted(() => http(t.url, '/api/v1/journal-entries', { key, body: entry(2), headers }));
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(response.body).toEqual(first.body);
    console.log(`idempotent replay: ${statements.length} statements\n  ${statements.join('\n  ')}`);
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(statements.filter((s) => /^\s*(INSERT|DELETE)/i.test(s))).toEqual([]);
  });

  it('GraphQL createInvoice with three lines, and GET /api/v1/invoices (reported)', async () => {
    const create = await counted(() =>
      gql(
        t.url,
        key,
        'mutation($i: CreateInvoiceInput!) { createInvoice(input: $i) { id number total customer { name } lines { amount } } }',
        {
          i: {
            ...invoice,
            customerId,
            lines: invoice.lines.map((l) => ({ ...l, unitPrice: String(l.unitPrice), quantity: String(l.quantity) })),
          },
        },
      ),
    );
    expect(create.response.body.errors).toBeUndefined();
    const list = await counted(() => http(t.url, '/api/v1/invoices?limit=25', { key }));
    expect(list.response.status).toBe(200);
    console.log(
      `GraphQL createInvoice (3 lines): ${create.statements.length} statements; GET /api/v1/invoices: ${list.statements.length} statements`,
    );
    // The mutation loads the client's selection once after commit: at most the write's 13 and one preload per level.
    expect(create.statements.length).toBeLessThanOrEqual(17);
  });

  it('GET /api/v1/invoices reads each invoice row once: the page with the columns its rendering needs', async () => {
    const list = await counted(() => http(t.url, '/api/v1/invoices?limit=25', { key }));
    expect(list.response.status).toBe(200);
    const invoiceReads = list.statements.filter((s) => /FROM [`"]?(\w+[`"]?\.)?[`"]?Invoice[`"]? /.test(s) && !/COUNT\(/.test(s));
    expect(invoiceReads).toHaveLength(1);
    // Not the page's ids and then its rows: the rows, in the page's order, at once.
    expect(invoiceReads[0]).toMatch(/[`"]number[`"]/);
    expect(invoiceReads[0]).toMatch(/ORDER BY/);
    // A page that asks for more than ids still gets its rows (GraphQL).
    const page = await counted(() => gql(t.url, key, '{ invoicesPage(limit: 5) { data { id number } } }'));
    expect(page.response.body.data.invoicesPage.data[0].number).toMatch(/^INV-/);
    expect(page.statements.find((s) => /FROM [`"]?(\w+[`"]?\.)?[`"]?Invoice[`"]? /.test(s) && !/COUNT\(/.test(s))).toMatch(
      /[`"]number[`"]/,
    );
  });
});
