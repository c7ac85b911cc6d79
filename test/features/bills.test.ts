// Bills as a bookkeeper and an accounts-payable integration use them: entered over REST and GraphQL,
// posted Dr expense / Dr recoverable tax / Cr payables, paid and voided like invoices, refused with the
// field at fault when wrong, walled per organization and per scope, and reported in aged payables and
// the tax summary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { agedPayables, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let vendorId: string;
let codeOf: Map<string, string>;
let idOf: (code: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Bills Co'));
  vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Paper Supplies Ltd', paymentTermsDays: 14 } })).body.id;
  await http(t.url, '/api/v1/accounts', { key, body: { code: '2250', name: 'Input VAT', type: 'liability' } });
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  idOf = (code) => accounts.find((a) => a.code === code)!.id;
});
afterAll(() => t.close());

/** A posting as [account code, debit, credit] rows. */
async function postingOf(journalEntryId: string) {
  const entry = (await http(t.url, `/api/v1/journal-entries/${journalEntryId}`, { key })).body;
  return entry.lines.map((l: { accountId: string; debit: number; credit: number }) => [codeOf.get(l.accountId), l.debit, l.credit]);
}

const counts = async () => ({
  bills: (await http(t.url, '/api/v1/bills?limit=1', { key })).body.total as number,
  entries: (await http(t.url, '/api/v1/journal-entries?limit=1', { key })).body.total as number,
});
const vendorBalance = async (id = vendorId) => (await http(t.url, `/api/v1/vendors/${id}`, { key })).body.balance as number;

describe('a bill', () => {
  it("is entered over REST and posts Dr expense, Dr recoverable tax per the rate's account, Cr payables", async () => {
    const standard = (await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'VAT 20%', rate: 20 } })).body.id;
    const own = (
      await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'VAT 5% (own account)', rate: 5, purchaseAccountId: idOf('2250') } })
    ).body.id;
    const response = await http(t.url, '/api/v1/bills', {
      key,
      body: {
        vendorId,
        issueDate: '2026-03-02',
        reference: 'PS-1001',
        lines: [
          { description: 'Paper', quantity: 10, unitPrice: 4.5, accountId: idOf('6000'), taxRateId: standard },
          { description: 'Printer', unitPrice: 300, discountPercent: 10, accountId: idOf('1500'), taxRateId: own },
          { description: 'Delivery', unitPrice: 5, accountId: idOf('6000') },
        ],
      },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/v1/bills/${response.body.id}`);
    expect(response.body).toMatchObject({
      number: 'BILL-0001',
      status: 'open',
      vendorId,
      issueDate: '2026-03-02',
      dueDate: '2026-03-16', // the vendor's 14 days
      reference: 'PS-1001',
      subtotal: 350,
      discountTotal: 30,
      taxTotal: 22.5,
      total: 342.5,
      amountPaid: 0,
      amountDue: 342.5,
    });
    expect(response.body.id).toMatch(/^bill_[0-9a-z]{26}$/);
    expect(
      response.body.lines.map((l: { id: string; amount: number; taxAmount: number; taxRateId: string | null }) => [
        l.id.slice(0, 3),
        l.amount,
        l.taxAmount,
        l.taxRateId,
      ]),
    ).toEqual([
      ['bl_', 45, 9, standard],
      ['bl_', 270, 13.5, own],
      ['bl_', 5, 0, null],
    ]);
    expect(await postingOf(response.body.journalEntryId)).toEqual([
      ['6000', 50, 0],
      ['1500', 270, 0],
      ['1400', 9, 0],
      ['2250', 13.5, 0],
      ['2000', 0, 342.5],
    ]);
    expect(await vendorBalance()).toBe(342.5);
    expect((await http(t.url, `/api/v1/bills/${response.body.id}`, { key })).body).toEqual(response.body);
    const events = (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as {
      type: string;
      data: { object: { id: string; sourceType?: string } };
    }[];
    expect(events.filter((e) => e.data.object.id === response.body.id).map((e) => e.type)).toEqual(['bill.created']);
    expect(events.find((e) => e.data.object.id === response.body.journalEntryId)).toMatchObject({
      type: 'journal_entry.created',
      data: { object: { sourceType: 'bill' } },
    });
  });

  it('is paid in parts (Dr payables, Cr bank) and refuses an overpayment, a payment before its date, and a void once paid', async () => {
    const bill = (
      await http(t.url, '/api/v1/bills', {
        key,
        body: { vendorId, issueDate: '2026-04-01', lines: [{ description: 'Rent', unitPrice: 1000, accountId: idOf('6100') }] },
      })
    ).body;
    const before = await vendorBalance();
    const first = await http(t.url, `/api/v1/bills/${bill.id}/payments`, {
      key,
      body: { amount: 400, date: '2026-04-05', method: 'transfer' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      billId: bill.id,
      amount: 400,
      date: '2026-04-05',
      paymentAccountId: idOf('1010'),
      billStatus: 'partially_paid',
      billAmountDue: 600,
    });
    expect(first.body.id).toMatch(/^bpay_/);
    expect(await postingOf(first.body.journalEntryId)).toEqual([
      ['2000', 400, 0],
      ['1010', 0, 400],
    ]);
    const over = await http(t.url, `/api/v1/bills/${bill.id}/payments`, { key, body: { amount: 600.01 } });
    expectProblem(over, 400, 'VALIDATION_FAILED');
    expect(over.body.errors).toEqual([
      {
        path: 'amount',
        message:
          '600.01 is more than the amount due 600.00; overpayments are refused unless keepExcessAsCredit is true (the excess is ' +
          "then kept as the vendor's credit)",
      },
    ]);
    const early = await http(t.url, `/api/v1/bills/${bill.id}/payments`, { key, body: { amount: 1, date: '2026-03-31' } });
    expect(early.body.errors).toEqual([{ path: 'date', message: 'must not be before the bill date 2026-04-01' }]);
    const fromIncome = await http(t.url, `/api/v1/bills/${bill.id}/payments`, { key, body: { amount: 1, paymentAccountId: idOf('4000') } });
    expect(fromIncome.body.errors[0].path).toBe('paymentAccountId');
    const rest = await http(t.url, `/api/v1/bills/${bill.id}/payments`, {
      key,
      body: { amount: 600, date: '2026-04-20', paymentAccountId: idOf('1000') },
    });
    expect(rest.body).toMatchObject({ billStatus: 'paid', billAmountDue: 0, paymentAccountId: idOf('1000') });
    expect(await vendorBalance()).toBe(before - 1000);
    expectProblem(await http(t.url, `/api/v1/bills/${bill.id}/payments`, { key, body: { amount: 1 } }), 400, 'INVALID_STATE');
    expectProblem(await http(t.url, `/api/v1/bills/${bill.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');
    const events = (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as {
      type: string;
      data: { object: { id: string } };
    }[];
    expect(events.filter((e) => e.data.object.id === bill.id).map((e) => e.type)).toEqual([
      'bill.created',
      'bill.payment_recorded',
      'bill.payment_recorded',
      'bill.paid',
    ]);
  });

  it('can be a draft (not posted, owed nothing), finalized later, or voided with the reversal of its posting', async () => {
    const before = await vendorBalance();
    const draft = (
      await http(t.url, '/api/v1/bills', {
        key,
        body: { vendorId, issueDate: '2026-05-01', draft: true, lines: [{ description: 'Ink', unitPrice: 60, accountId: idOf('6000') }] },
      })
    ).body;
    expect(draft).toMatchObject({ status: 'draft', journalEntryId: null });
    expect(await vendorBalance()).toBe(before);
    expectProblem(await http(t.url, `/api/v1/bills/${draft.id}/payments`, { key, body: { amount: 1 } }), 400, 'INVALID_STATE');
    const open = await http(t.url, `/api/v1/bills/${draft.id}/finalize`, { key, body: {} });
    expect(open.body).toMatchObject({ status: 'open' });
    expect(await postingOf(open.body.journalEntryId)).toEqual([
      ['6000', 60, 0],
      ['2000', 0, 60],
    ]);
    expect(await vendorBalance()).toBe(before + 60);
    const voided = await http(t.url, `/api/v1/bills/${draft.id}/void`, { key, body: { date: '2026-05-03', reason: 'sent twice' } });
    expect(voided.body).toMatchObject({ status: 'void', amountDue: 0 });
    expect(await vendorBalance()).toBe(before);
    const entries = (await http(t.url, '/api/v1/journal-entries?sourceType=bill_void&limit=100', { key })).body.data as {
      id: string;
      reference: string;
      date: string;
      description: string;
    }[];
    const reversal = entries.find((e) => e.reference === draft.number)!;
    expect(reversal).toMatchObject({ date: '2026-05-03', description: `Void of bill ${draft.number}: sent twice` });
    expect(await postingOf(reversal.id)).toEqual([
      ['6000', 0, 60],
      ['2000', 60, 0],
    ]);
  });

  it('refuses bad input with the field at fault, and writes nothing', async () => {
    const inactive = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Gone Ltd' } })).body.id;
    await http(t.url, `/api/v1/vendors/${inactive}`, { method: 'PATCH', key, body: { active: false } });
    const expense = idOf('6000');
    const before = await counts();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ lines: [{ description: 'x', unitPrice: 1, accountId: expense }] }, 'vendorId'],
      [{ vendorId, lines: [] }, 'lines', 'a bill needs at least one line'],
      [{ vendorId, lines: [{ description: 'x', accountId: expense }] }, 'lines.0.unitPrice'],
      [
        { vendorId, lines: [{ description: 'x', unitPrice: 1 }] },
        'lines.0.accountId',
        'is required when the line has no product with an expense account',
      ],
      [
        { vendorId, lines: [{ description: 'x', unitPrice: 1, accountId: idOf('4000') }] },
        'lines.0.accountId',
        'must be an expense or asset account, not income',
      ],
      [
        { vendorId, lines: [{ description: 'x', unitPrice: 1, accountId: idOf('1200') }] },
        'lines.0.accountId',
        'is a receivables or payables account, which only invoices, bills and their payments post to',
      ],
      [{ vendorId, lines: [{ unitPrice: 1, accountId: expense }] }, 'lines.0.description', 'is required when the line has no product'],
      [{ vendorId, lines: [{ description: 'x', unitPrice: 1, accountId: expense, taxRate: 5 }] }, 'lines.0.taxRate'],
      [{ vendorId, lines: [{ description: 'x', unitPrice: 1, accountId: expense, quantity: 0 }] }, 'lines.0.quantity'],
      [{ vendorId: inactive, lines: [{ description: 'x', unitPrice: 1, accountId: expense }] }, 'vendorId', 'is an inactive vendor'],
      [
        { vendorId, reference: 'PS-1001', lines: [{ description: 'x', unitPrice: 1, accountId: expense }] },
        'reference',
        'the vendor\'s invoice "PS-1001" is already entered as bill BILL-0001; void that bill first to enter it again',
      ],
      [
        { vendorId, issueDate: '2026-03-10', dueDate: '2026-03-01', lines: [{ description: 'x', unitPrice: 1, accountId: expense }] },
        'dueDate',
      ],
      [{ vendorId, lines: [{ description: 'x', unitPrice: 0, accountId: expense }] }, 'lines', 'the bill must total more than 0'],
    ];
    for (const [body, field, message] of cases) {
      const response = await http(t.url, '/api/v1/bills', { key, body });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      const errors = response.body.errors as { path: string; message: string }[];
      expect(
        errors.map((e) => e.path),
        JSON.stringify(body),
      ).toContain(field);
      if (message) expect(errors.find((e) => e.path === field)!.message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("takes its account and description from a product's expense account", async () => {
    const product = (await http(t.url, '/api/v1/products', { key, body: { name: 'Toner', unitPrice: 99, expenseAccountId: idOf('5000') } }))
      .body.id;
    const bill = await http(t.url, '/api/v1/bills', {
      key,
      body: { vendorId, issueDate: '2026-05-10', lines: [{ productId: product, quantity: 2, unitPrice: 30 }] },
    });
    expect(bill.status).toBe(201);
    expect(bill.body.lines[0]).toMatchObject({ productId: product, description: 'Toner', accountId: idOf('5000'), amount: 60 });
  });
});

describe('bills through GraphQL', () => {
  it('are entered with an idempotency key, listed with filters, and read from the vendor with its balance', async () => {
    const mutation =
      `mutation($key: String) { createBill(idempotencyKey: $key, input: { vendorId: "${vendorId}", issueDate: ` +
      `"2026-06-01", lines: [{ description: "Cleaning", unitPrice: "80", accountId: "${idOf('6000')}" }] }) { id number status ` +
      `total vendor { name } lines { account { code } amount } } }`;
    const first = await gql(t.url, key, mutation, { key: 'bill-june-cleaning' });
    expect(first.body.errors).toBeUndefined();
    const again = await gql(t.url, key, mutation, { key: 'bill-june-cleaning' });
    expect(again.body.data.createBill.id).toBe(first.body.data.createBill.id);
    expect(first.body.data.createBill).toMatchObject({
      status: 'OPEN',
      total: '80.00',
      vendor: { name: 'Paper Supplies Ltd' },
      lines: [{ account: { code: '6000' }, amount: '80.00' }],
    });
    const listed = await gql(
      t.url,
      key,
      `{ bills(first: 50, filter: { vendorId: "${vendorId}", status: OPEN }) { totalCount edges { node { number amountDue } } } ` +
        `node(id: "${vendorId}") { ... on Vendor { balance bills(first: 1) { totalCount edges { node { number } } } } } }`,
    );
    expect(listed.body.errors).toBeUndefined();
    const open = listed.body.data.bills.edges.map((e: { node: { number: string } }) => e.node.number);
    expect(open).toContain(first.body.data.createBill.number);
    expect(listed.body.data.node.balance).toBe((await vendorBalance()).toFixed(2));
    expect(listed.body.data.node.bills.edges[0].node.number).toBe(first.body.data.createBill.number); // newest first
    const paid = await gql(
      t.url,
      key,
      `mutation { recordBillPayment(input: { billId: "${first.body.data.createBill.id}", amount: "80", date: "2026-06-02" }) { ` +
        `amount bill { status amountDue } paymentAccount { code } journalEntry { bill { id } } } }`,
    );
    expect(paid.body.errors).toBeUndefined();
    expect(paid.body.data.recordBillPayment).toMatchObject({
      amount: '80.00',
      bill: { status: 'PAID', amountDue: '0.00' },
      paymentAccount: { code: '1010' },
      journalEntry: { bill: null },
    });
  });
});

describe('walls', () => {
  it("keeps another organization's bills, vendors and tax rates out of reach", async () => {
    const other = await t.tenant('Other Bills Co');
    const theirVendor = (await http(t.url, '/api/v1/vendors', { key: other.key, body: { name: 'Theirs' } })).body.id;
    const theirExpense = (await http(t.url, '/api/v1/accounts?limit=100', { key: other.key })).body.data.find(
      (a: { code: string }) => a.code === '6000',
    ).id;
    const theirBill = (
      await http(t.url, '/api/v1/bills', {
        key: other.key,
        body: { vendorId: theirVendor, lines: [{ description: 'x', unitPrice: 5, accountId: theirExpense }] },
      })
    ).body;
    expect(theirBill.status).toBe('open');
    const before = await counts();
    expectProblem(await http(t.url, `/api/v1/bills/${theirBill.id}`, { key }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/bills/${theirBill.id}/payments`, { key, body: { amount: 1 } }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/bills/${theirBill.id}/void`, { key, body: {} }), 404, 'NOT_FOUND');
    const foreignVendor = await http(t.url, '/api/v1/bills', {
      key,
      body: { vendorId: theirVendor, lines: [{ description: 'x', unitPrice: 1, accountId: idOf('6000') }] },
    });
    expect(foreignVendor.body.errors).toContainEqual({ path: 'vendorId', message: `no vendor with id "${theirVendor}"` });
    const foreignAccount = await http(t.url, '/api/v1/bills', {
      key,
      body: { vendorId, lines: [{ description: 'x', unitPrice: 1, accountId: theirExpense }] },
    });
    expect(foreignAccount.body.errors).toContainEqual({ path: 'lines.0.accountId', message: `no account with id "${theirExpense}"` });
    expect((await http(t.url, '/api/v1/bills?limit=100', { key })).body.data.map((b: { id: string }) => b.id)).not.toContain(theirBill.id);
    expect(await counts()).toEqual(before);
    const node = await gql(t.url, key, `{ node(id: "${theirBill.id}") { id } }`);
    expect(node.body.data?.node ?? null).toBeNull();
  });

  it('needs the bills scopes: vendors:write does not enter bills, bills:read does not pay them', async () => {
    const vendorsOnly = (await createApiKey(t.db.prisma, organizationId, 'vendors only', { scopes: ['vendors:write'] })).plaintext;
    const refused = await http(t.url, '/api/v1/bills', { key: vendorsOnly });
    expectProblem(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(refused.body.requiredScope).toBe('bills:read');
    const reader = (await createApiKey(t.db.prisma, organizationId, 'bills reader', { scopes: ['bills:read'] })).plaintext;
    const bills = await http(t.url, '/api/v1/bills', { key: reader });
    expect(bills.status).toBe(200);
    const write = await http(t.url, `/api/v1/bills/${bills.body.data[0].id}/payments`, { key: reader, body: { amount: 1 } });
    expectProblem(write, 403, 'INSUFFICIENT_SCOPE');
    expect(write.body.requiredScope).toBe('bills:write');
  });
});

describe('aged payables', () => {
  it('ages what was owed on each date by due date, and totals the payables balance on that date', async () => {
    const co = await t.tenant('Aged Payables Co');
    const organization = await t.db.prisma.organization.findUniqueOrThrow({ where: { id: co.organizationId } });
    const tenant = { prisma: t.db.prisma, organizationId: co.organizationId, organization };
    const [a, b] = await Promise.all(
      ['Alpha Supplies', 'Beta Services'].map(
        async (name) => (await http(t.url, '/api/v1/vendors', { key: co.key, body: { name } })).body.id,
      ),
    );
    const expense = (await http(t.url, '/api/v1/accounts?limit=100', { key: co.key })).body.data.find(
      (x: { code: string }) => x.code === '6000',
    ).id;
    const bill = async (vendor: string, issueDate: string, dueDate: string, amount: number) =>
      (
        await http(t.url, '/api/v1/bills', {
          key: co.key,
          body: { vendorId: vendor, issueDate, dueDate, lines: [{ description: 'x', unitPrice: amount, accountId: expense }] },
        })
      ).body;
    await bill(a, '2026-01-05', '2026-01-20', 100);
    const paidLater = await bill(a, '2026-02-01', '2026-02-15', 50);
    await bill(b, '2026-03-01', '2026-04-30', 70);
    const voidedLater = await bill(b, '2026-03-02', '2026-03-10', 30);
    await http(t.url, `/api/v1/bills/${paidLater.id}/payments`, { key: co.key, body: { amount: 20, date: '2026-03-01' } });
    await http(t.url, `/api/v1/bills/${paidLater.id}/payments`, { key: co.key, body: { amount: 30, date: '2026-04-15' } });
    await http(t.url, `/api/v1/bills/${voidedLater.id}/void`, { key: co.key, body: { date: '2026-04-20' } });

    const march31 = await agedPayables(tenant, '2026-03-31');
    expect(march31.rows.map((r) => [r.vendor.name, r.current, r.days1to30, r.days31to60, r.days61to90, r.total])).toEqual([
      ['Alpha Supplies', 0n, 0n, 3000n, 10000n, 13000n],
      ['Beta Services', 7000n, 3000n, 0n, 0n, 10000n],
    ]);
    for (const asOf of ['2026-01-04', '2026-01-05', '2026-02-28', '2026-03-31', '2026-04-15', '2026-04-20', '2026-12-31']) {
      const aged = await agedPayables(tenant, asOf);
      const tb = await trialBalance(tenant, asOf);
      const payables = tb.rows.find((r) => r.account.code === '2000');
      expect(aged.totals.total, asOf).toBe(payables ? payables.credit - payables.debit : 0n);
    }
    const response = await gql(
      t.url,
      co.key,
      '{ agedPayables(asOf: "2026-03-31") { totals { total over90 days61to90 } rows { vendor { name balance } total } bills { bill { ' +
        'number status vendor { name } } dueDate daysOverdue bucket outstanding } } }',
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.agedPayables.totals).toEqual({ total: '230.00', over90: '0.00', days61to90: '100.00' });
    expect(response.body.data.agedPayables.rows[0]).toEqual({ vendor: { name: 'Alpha Supplies', balance: '100.00' }, total: '130.00' });
    // The detail: each bill open on March 31, most overdue first, as owed then (the paid and voided ones as they are now).
    expect(response.body.data.agedPayables.bills).toEqual([
      {
        bill: { number: 'BILL-0001', status: 'OPEN', vendor: { name: 'Alpha Supplies' } },
        dueDate: '2026-01-20',
        daysOverdue: 70,
        bucket: 'DAYS_61_TO_90',
        outstanding: '100.00',
      },
      {
        bill: { number: 'BILL-0002', status: 'PAID', vendor: { name: 'Alpha Supplies' } },
        dueDate: '2026-02-15',
        daysOverdue: 44,
        bucket: 'DAYS_31_TO_60',
        outstanding: '30.00',
      },
      {
        bill: { number: 'BILL-0004', status: 'VOID', vendor: { name: 'Beta Services' } },
        dueDate: '2026-03-10',
        daysOverdue: 21,
        bucket: 'DAYS_1_TO_30',
        outstanding: '30.00',
      },
      {
        bill: { number: 'BILL-0003', status: 'OPEN', vendor: { name: 'Beta Services' } },
        dueDate: '2026-04-30',
        daysOverdue: 0,
        bucket: 'CURRENT',
        outstanding: '70.00',
      },
    ]);
  });
});

describe('the tax summary with bills', () => {
  it('reports tax paid on bills per rate beside tax collected, nets them, and ties each tax account', async () => {
    const co = await t.tenant('Tax Both Ways Co');
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key: co.key })).body.data as { id: string; code: string }[];
    const id = (code: string) => accounts.find((a) => a.code === code)!.id;
    const customer = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Buyer' } })).body.id;
    const vendor = (await http(t.url, '/api/v1/vendors', { key: co.key, body: { name: 'Seller' } })).body.id;
    // One rate whose paid tax nets in the sales tax account (Xero's way), one with the recoverable tax account.
    const net = (
      await http(t.url, '/api/v1/tax-rates', { key: co.key, body: { name: 'GST 10%', rate: 10, purchaseAccountId: id('2200') } })
    ).body.id;
    const split = (await http(t.url, '/api/v1/tax-rates', { key: co.key, body: { name: 'VAT 20%', rate: 20 } })).body.id;
    await http(t.url, '/api/v1/invoices', {
      key: co.key,
      body: {
        customerId: customer,
        issueDate: '2026-07-03',
        lines: [
          { description: 's', unitPrice: 500, taxRateId: net },
          { description: 't', unitPrice: 100, taxRateId: split },
        ],
      },
    });
    await http(t.url, '/api/v1/bills', {
      key: co.key,
      body: {
        vendorId: vendor,
        issueDate: '2026-07-04',
        lines: [
          { description: 'p', unitPrice: 200, accountId: id('6000'), taxRateId: net },
          { description: 'q', unitPrice: 50, accountId: id('6000'), taxRateId: split },
          { description: 'untaxed', unitPrice: 9, accountId: id('6000') },
        ],
      },
    });
    const voided = (
      await http(t.url, '/api/v1/bills', {
        key: co.key,
        body: {
          vendorId: vendor,
          issueDate: '2026-07-05',
          lines: [{ description: 'r', unitPrice: 40, accountId: id('6000'), taxRateId: split }],
        },
      })
    ).body;
    await http(t.url, `/api/v1/bills/${voided.id}/void`, { key: co.key, body: { date: '2026-08-02' } });

    const summaryOf = async (from: string, to: string) => {
      const response = await gql(
        t.url,
        co.key,
        `{ taxSummary(from: "${from}", to: "${to}") { rows { taxRate { name } account { code } purchaseAccount { code } ` +
          `taxableAmount taxCollected taxablePurchases taxPaid netTax } totalTaxPaid totalNetTax } }`,
      );
      expect(response.body.errors).toBeUndefined();
      return response.body.data.taxSummary;
    };
    const july = await summaryOf('2026-07-01', '2026-07-31');
    expect(july.rows).toEqual([
      {
        taxRate: { name: 'GST 10%' },
        account: { code: '2200' },
        purchaseAccount: { code: '2200' },
        taxableAmount: '500.00',
        taxCollected: '50.00',
        taxablePurchases: '200.00',
        taxPaid: '20.00',
        netTax: '30.00',
      },
      {
        taxRate: { name: 'VAT 20%' },
        account: { code: '2200' },
        purchaseAccount: { code: '1400' },
        taxableAmount: '100.00',
        taxCollected: '20.00',
        taxablePurchases: '90.00',
        taxPaid: '18.00',
        netTax: '2.00',
      },
    ]);
    expect(july).toMatchObject({ totalTaxPaid: '38.00', totalNetTax: '32.00' });
    const august = await summaryOf('2026-08-01', '2026-08-31');
    expect(august.rows).toEqual([
      {
        taxRate: { name: 'VAT 20%' },
        account: { code: '2200' },
        purchaseAccount: { code: '1400' },
        taxableAmount: '0.00',
        taxCollected: '0.00',
        taxablePurchases: '-40.00',
        taxPaid: '-8.00',
        netTax: '8.00',
      },
    ]);

    // Each tax account moved, through the period's postings, by its rows: collected less paid on a liability, paid on the asset.
    const minor = (text: string) => BigInt(text.replace('.', ''));
    for (const [from, to, summary] of [
      ['2026-07-01', '2026-07-31', july],
      ['2026-08-01', '2026-08-31', august],
    ] as const) {
      for (const code of ['2200', '1400']) {
        const lines = await t.db.prisma.journalLine.findMany({ where: { accountId: id(code), date: { gte: from, lte: to } } });
        const debitMoved = lines.reduce((sum, l) => sum + l.debit - l.credit, 0n);
        type Row = { account: { code: string }; purchaseAccount: { code: string }; taxCollected: string; taxPaid: string };
        const rows = summary.rows as Row[];
        const reported =
          rows.filter((r) => r.purchaseAccount.code === code).reduce((s, r) => s + minor(r.taxPaid), 0n) -
          rows.filter((r) => r.account.code === code).reduce((s, r) => s + minor(r.taxCollected), 0n);
        expect(reported, `${code} ${from}..${to}`).toBe(debitMoved);
      }
    }
  });
});
