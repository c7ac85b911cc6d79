// Statements an accountant sends and checks: a customer's (a vendor's) opening balance, every invoice,
// payment, credit, write-off and void in the period with the running balance, the closing balance, and
// the aging at the end, tying to the control account's ledger and to aged receivables (payables).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let customerId: string;
let vendorId: string;
let expenseId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Statement Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Regular Buyer' } })).body.id;
  vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Regular Supplier' } })).body.id;
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  expenseId = accounts.find((a) => a.code === '6000')!.id;
});
afterAll(() => t.close());

const post = async (path: string, body: unknown) => {
  const response = await http(t.url, path, { key, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
};

describe("a customer's statement", () => {
  it('lists every posting of the period with the running balance, from the opening to the closing balance', async () => {
    const invoice = (issueDate: string, unitPrice: number) =>
      post('/api/v1/invoices', { customerId, issueDate, dueDate: issueDate, lines: [{ description: 'Goods', unitPrice }] });
    await invoice('2026-01-15', 100); // before the period: the opening balance
    const feb = await invoice('2026-02-03', 200);
    const payment = await post(`/api/v1/invoices/${feb.id}/payments`, { amount: 150, date: '2026-02-10' });
    await post(`/api/v1/payments/${payment.id}/void`, { date: '2026-02-12', reason: 'bounced' });
    const note = await post('/api/v1/credit-notes', {
      customerId,
      issueDate: '2026-02-14',
      lines: [{ description: 'Return', unitPrice: 30 }],
    });
    const lost = await invoice('2026-02-16', 40);
    await post(`/api/v1/invoices/${lost.id}/write-off`, { date: '2026-02-20' });
    await invoice('2026-03-05', 999); // after the period

    const statement = await http(t.url, `/api/v1/reports/customer-statement?customerId=${customerId}&from=2026-02-01&to=2026-02-28`, {
      key,
    });
    expect(statement.status).toBe(200);
    expect(statement.body).toMatchObject({ customer: { id: customerId, name: 'Regular Buyer' }, from: '2026-02-01', to: '2026-02-28' });
    expect(statement.body.openingBalance).toBe(100);
    expect(
      statement.body.lines.map((l: { date: string; sourceType: string; amount: number; balance: number }) => [
        l.date,
        l.sourceType,
        l.amount,
        l.balance,
      ]),
    ).toEqual([
      ['2026-02-03', 'invoice', 200, 300],
      ['2026-02-10', 'payment', -150, 150],
      ['2026-02-12', 'payment_void', 150, 300],
      ['2026-02-14', 'credit_note', -30, 270],
      ['2026-02-16', 'invoice', 40, 310],
      ['2026-02-20', 'write_off', -40, 270],
    ]);
    expect(statement.body.lines[0]).toMatchObject({ sourceId: feb.id, reference: feb.number });
    expect(statement.body.lines[3]).toMatchObject({ sourceId: note.id, reference: note.number });
    expect(statement.body.closingBalance).toBe(270);
    // The aging at the end: the January invoice 31–60 days past due, February's 1–30, the credit 1–30 (negative).
    expect(statement.body.aging).toEqual({ current: 0, days1to30: 170, days31to60: 100, days61to90: 0, over90: 0, total: 270 });

    // It ties to the receivables ledger of the customer, and to aged receivables, at the end of the period.
    const aged = (await http(t.url, '/api/v1/reports/aged-receivables?asOf=2026-02-28', { key })).body;
    expect(aged.rows.find((r: { customer: { id: string } }) => r.customer.id === customerId).total).toBe(270);
    const graphql = await gql(
      t.url,
      key,
      `{ customerStatement(customerId: "${customerId}", from: "2026-02-01", to: "2026-02-28") { openingBalance closingBalance lines ` +
        `{ amount } } }`,
    );
    expect(graphql.body.data.customerStatement).toMatchObject({ openingBalance: '100.00', closingBalance: '270.00' });
  });

  it('refuses a period that ends before it starts, an unknown customer, and a key without the customers scope', async () => {
    const backwards = await http(t.url, `/api/v1/reports/customer-statement?customerId=${customerId}&from=2026-02-01&to=2026-01-01`, {
      key,
    });
    expectProblem(backwards, 400, 'VALIDATION_FAILED');
    expect(backwards.body.errors).toEqual([{ path: 'to', message: 'must not be before from (2026-02-01)' }]);
    expectProblem(
      await http(t.url, '/api/v1/reports/customer-statement?customerId=cus_00000000000000000000000000&from=2026-01-01&to=2026-01-31', {
        key,
      }),
      404,
      'NOT_FOUND',
    );
    const other = await t.tenant('Other Statement Co');
    expectProblem(
      await http(t.url, `/api/v1/reports/customer-statement?customerId=${customerId}&from=2026-01-01&to=2026-01-31`, { key: other.key }),
      404,
      'NOT_FOUND',
    );
    const reportsOnly = (await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Reports', scopes: ['reports:read'] } })).body.secret;
    const refused = await http(t.url, `/api/v1/reports/customer-statement?customerId=${customerId}&from=2026-01-01&to=2026-01-31`, {
      key: reportsOnly,
    });
    expectProblem(refused, 403, 'INSUFFICIENT_SCOPE');
  });
});

describe("a vendor's statement", () => {
  it('shows what we owe: bills raise it, payments and vendor credits lower it', async () => {
    const bill = await post('/api/v1/bills', {
      vendorId,
      issueDate: '2026-04-02',
      dueDate: '2026-04-30',
      lines: [{ description: 'Paper', unitPrice: 80, accountId: expenseId }],
    });
    await post(`/api/v1/bills/${bill.id}/payments`, { amount: 50, date: '2026-04-10' });
    await post('/api/v1/vendor-credits', {
      vendorId,
      issueDate: '2026-04-12',
      lines: [{ description: 'Damaged', unitPrice: 10, accountId: expenseId }],
    });
    const statement = (await http(t.url, `/api/v1/reports/vendor-statement?vendorId=${vendorId}&from=2026-04-01&to=2026-04-30`, { key }))
      .body;
    expect(statement).toMatchObject({ vendor: { id: vendorId }, openingBalance: 0, closingBalance: 20 });
    expect(statement.lines.map((l: { sourceType: string; amount: number }) => [l.sourceType, l.amount])).toEqual([
      ['bill', 80],
      ['bill_payment', -50],
      ['vendor_credit', -10],
    ]);
    expect(statement.aging.total).toBe(20);
  });
});
