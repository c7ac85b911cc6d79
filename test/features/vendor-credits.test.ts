// Vendor credits as a bookkeeper enters a supplier's credit note: posted as a bill's mirror (Dr payables,
// Cr the expense account and the recoverable tax), applied to the vendor's open bills (their amount due
// falls), refunded by the vendor (Dr bank, Cr payables), voided while unused; shown in the vendor's
// balance, in aged payables as credit and in the tax summary's tax paid; refused when wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agedPayables, agingDetail, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let vendorId: string;
let vat: string;
let codeOf: Map<string, string>;
let idOf: (code: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Supplies Co'));
  vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Paper Mill Ltd' } })).body.id;
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  idOf = (code) => accounts.find((a) => a.code === code)!.id;
  vat = (await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'VAT 10%', rate: 10 } })).body.id;
});
afterAll(() => t.close());

async function postingOf(journalEntryId: string) {
  const entry = (await http(t.url, `/api/v1/journal-entries/${journalEntryId}`, { key })).body;
  return entry.lines.map((l: { accountId: string; debit: number; credit: number }) => [codeOf.get(l.accountId), l.debit, l.credit]);
}
const balance = async (id = vendorId) => (await http(t.url, `/api/v1/vendors/${id}`, { key })).body.balance as number;
const bill = async (unitPrice: number, issueDate = '2026-03-01', vendor = vendorId) =>
  (
    await http(t.url, '/api/v1/bills', {
      key,
      body: { vendorId: vendor, issueDate, lines: [{ description: 'Paper', unitPrice, accountId: idOf('6000') }] },
    })
  ).body;
const vendorCredit = async (unitPrice: number, issueDate = '2026-03-10') =>
  http(t.url, '/api/v1/vendor-credits', {
    key,
    body: {
      vendorId,
      issueDate,
      reference: 'VCN-1',
      lines: [{ description: 'Damaged reams', unitPrice, taxRateId: vat, accountId: idOf('6000') }],
    },
  });
const events = async () =>
  (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as { type: string; data: { object: { id: string } } }[];

describe('a vendor credit', () => {
  it(
    'is entered and posts the mirror of a bill: Dr payables, Cr the expense and the ' + 'recoverable tax; what we owe the vendor falls',
    async () => {
      const before = await balance();
      const response = await vendorCredit(50);
      expect(response.status).toBe(201);
      expect(response.headers.get('location')).toBe(`/api/v1/vendor-credits/${response.body.id}`);
      expect(response.body).toMatchObject({
        number: 'VC-0001',
        status: 'open',
        vendorId,
        reference: 'VCN-1',
        total: 55,
        taxTotal: 5,
        amountApplied: 0,
        amountRefunded: 0,
        remainingCredit: 55,
        allocations: [],
        refunds: [],
      });
      expect(response.body.id).toMatch(/^vc_[0-9a-z]{26}$/);
      expect(await postingOf(response.body.journalEntryId)).toEqual([
        ['6000', 0, 50],
        ['1400', 0, 5],
        ['2000', 55, 0],
      ]);
      expect(await balance()).toBe(before - 55);
      expect((await http(t.url, `/api/v1/vendor-credits/${response.body.id}`, { key })).body).toEqual(response.body);
      expect((await events()).filter((e) => e.data.object.id === response.body.id).map((e) => e.type)).toEqual(['vendor_credit.created']);
    },
  );

  it("is applied to the vendor's open bills (their amount due falls, paid when none is left) and closes when used up", async () => {
    const [a, b] = [await bill(30), await bill(100)];
    const credit = (await vendorCredit(50)).body; // 55 of credit
    const before = await balance();
    const applied = await http(t.url, `/api/v1/vendor-credits/${credit.id}/apply`, {
      key,
      body: {
        date: '2026-03-12',
        allocations: [
          { billId: a.id, amount: 30 },
          { billId: b.id, amount: 20 },
        ],
      },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      status: 'open',
      amountApplied: 50,
      remainingCredit: 5,
      allocations: [
        { billId: a.id, amount: 30, date: '2026-03-12' },
        { billId: b.id, amount: 20, date: '2026-03-12' },
      ],
    });
    expect((await http(t.url, `/api/v1/bills/${a.id}`, { key })).body).toMatchObject({ status: 'paid', amountCredited: 30, amountDue: 0 });
    expect((await http(t.url, `/api/v1/bills/${b.id}`, { key })).body).toMatchObject({
      status: 'partially_paid',
      amountCredited: 20,
      amountDue: 80,
    });
    expect(await balance()).toBe(before); // credit moved from the vendor credit to the bills: we owe the same
    expect((await events()).filter((e) => [credit.id, a.id, b.id].includes(e.data.object.id)).map((e) => e.type)).toEqual([
      'bill.created',
      'bill.created',
      'vendor_credit.created',
      'vendor_credit.applied',
      'bill.credit_applied',
      'bill.paid',
      'bill.credit_applied',
    ]);

    // A payment takes what is left, no more; a bill with credit applied is not voided.
    const over = await http(t.url, `/api/v1/bills/${b.id}/payments`, { key, body: { amount: 80.01, date: '2026-03-12' } });
    expectProblem(over, 400, 'VALIDATION_FAILED');
    expectProblem(await http(t.url, `/api/v1/bills/${b.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');

    // More than remains, more than a bill's due, another vendor's bill, a paid bill, none, twice: refused, nothing written.
    const other = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Someone Else' } })).body.id;
    const theirs = await bill(10, '2026-03-01', other);
    const c = await bill(3);
    for (const [body, path, message] of [
      [{ allocations: [{ billId: b.id, amount: 5.01 }] }, 'allocations', '5.01 is more than the credit remaining 5.00'],
      [{ allocations: [{ billId: c.id, amount: 4 }] }, 'allocations.0.amount', `4.00 is more than bill ${c.number}'s amount due 3.00`],
      [
        { allocations: [{ billId: theirs.id, amount: 1 }] },
        'allocations.0.billId',
        `bill ${theirs.number} is another vendor's; credit applies to its own vendor's bills`,
      ],
      [{ allocations: [{ billId: a.id, amount: 1 }] }, 'allocations.0.billId', `bill ${a.number} is paid; credit applies to open bills`],
      [{ allocations: [] }, 'allocations', 'name at least one bill and amount'],
      [
        {
          allocations: [
            { billId: c.id, amount: 1 },
            { billId: c.id, amount: 1 },
          ],
        },
        'allocations',
        'name each bill once',
      ],
      [{ date: '2026-03-09', allocations: [{ billId: c.id, amount: 1 }] }, 'date', 'must not be before the vendor credit date 2026-03-10'],
    ] as const) {
      const refused = await http(t.url, `/api/v1/vendor-credits/${credit.id}/apply`, { key, body });
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body.errors, JSON.stringify(body)).toContainEqual({ path, message });
    }
    expect((await http(t.url, `/api/v1/vendor-credits/${credit.id}`, { key })).body.remainingCredit).toBe(5);
    expect((await http(t.url, `/api/v1/bills/${c.id}`, { key })).body.amountDue).toBe(3);
    expectProblem(await http(t.url, `/api/v1/vendor-credits/${credit.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');

    const closed = await http(t.url, `/api/v1/vendor-credits/${credit.id}/apply`, {
      key,
      body: {
        date: '2026-03-13',
        allocations: [
          { billId: c.id, amount: 3 },
          { billId: b.id, amount: 2 },
        ],
      },
    });
    expect(closed.body).toMatchObject({ status: 'closed', remainingCredit: 0 });
    expectProblem(
      await http(t.url, `/api/v1/vendor-credits/${credit.id}/apply`, { key, body: { allocations: [{ billId: b.id, amount: 1 }] } }),
      400,
      'INVALID_STATE',
    );
  });

  it('is refunded by the vendor (Dr bank, Cr payables) within the credit remaining', async () => {
    const credit = (await vendorCredit(20)).body; // 22
    const before = await balance();
    const over = await http(t.url, `/api/v1/vendor-credits/${credit.id}/refund`, { key, body: { amount: 22.01 } });
    expect(over.body.errors).toEqual([{ path: 'amount', message: '22.01 is more than the credit remaining 22.00' }]);
    const refunded = await http(t.url, `/api/v1/vendor-credits/${credit.id}/refund`, {
      key,
      body: { amount: 22, date: '2026-03-15', paymentAccountId: idOf('1010'), method: 'transfer' },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'closed', amountRefunded: 22, remainingCredit: 0 });
    expect(refunded.body.refunds[0].id).toMatch(/^vcr_/);
    expect(await postingOf(refunded.body.refunds[0].journalEntryId)).toEqual([
      ['1010', 22, 0],
      ['2000', 0, 22],
    ]);
    expect(await balance()).toBe(before + 22);
  });

  it('is voided while unused, with the reversal of its posting, and what we owe the vendor restored', async () => {
    const before = await balance();
    const credit = (await vendorCredit(10)).body;
    const voided = await http(t.url, `/api/v1/vendor-credits/${credit.id}/void`, {
      key,
      body: { date: '2026-03-20', reason: 'entered twice' },
    });
    expect(voided.body).toMatchObject({ status: 'void', remainingCredit: 0, voidDate: '2026-03-20' });
    expect(await balance()).toBe(before);
    const entries = (await http(t.url, '/api/v1/journal-entries?sourceType=vendor_credit_void&limit=100', { key })).body.data as {
      id: string;
      reference: string;
      description: string;
    }[];
    const reversal = entries.find((e) => e.reference === credit.number)!;
    expect(reversal.description).toBe(`Void of vendor credit ${credit.number}: entered twice`);
    expect(await postingOf(reversal.id)).toEqual([
      ['6000', 10, 0],
      ['1400', 1, 0],
      ['2000', 0, 11],
    ]);
    expectProblem(await http(t.url, `/api/v1/vendor-credits/${credit.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');
  });

  it('refuses bad input with every field at fault, and writes nothing', async () => {
    const count = async () => (await http(t.url, '/api/v1/vendor-credits?limit=1', { key })).body.total;
    const before = await count();
    for (const [body, paths] of [
      [{ lines: [{ description: 'x', unitPrice: 1, accountId: idOf('6000') }] }, ['vendorId']],
      [{ vendorId, lines: [] }, ['lines']],
      [{ vendorId, lines: [{ description: 'x', unitPrice: 1 }] }, ['lines.0.accountId']],
      [{ vendorId, lines: [{ description: 'x', unitPrice: 1, accountId: idOf('2000') }] }, ['lines.0.accountId']],
      [
        { vendorId: 'ven_00000000000000000000000000', issueDate: '2026-02-30', lines: [{ description: 'x', unitPrice: -1 }] },
        ['issueDate', 'lines.0.unitPrice', 'vendorId'],
      ],
    ] as const) {
      const response = await http(t.url, '/api/v1/vendor-credits', { key, body });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      const reported = response.body.errors.map((e: { path: string }) => e.path);
      for (const path of paths) expect(reported, JSON.stringify(body)).toContain(path);
    }
    expect(await count()).toBe(before);
  });
});

describe('vendor credit in the reports', () => {
  it('shows unused vendor credit in aged payables as a negative amount, tying to payables at every date', async () => {
    const co = await t.tenant('Aged Vendor Credit Co');
    const tenant = {
      prisma: t.db.prisma,
      organizationId: co.organizationId,
      organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id: co.organizationId } }),
    };
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key: co.key })).body.data as { id: string; code: string }[];
    const expense = accounts.find((a) => a.code === '6000')!.id;
    const supplier = (await http(t.url, '/api/v1/vendors', { key: co.key, body: { name: 'Supplier' } })).body.id;
    const owed = (
      await http(t.url, '/api/v1/bills', {
        key: co.key,
        body: {
          vendorId: supplier,
          issueDate: '2026-01-01',
          dueDate: '2026-01-31',
          lines: [{ description: 'x', unitPrice: 100, accountId: expense }],
        },
      })
    ).body;
    const credit = (
      await http(t.url, '/api/v1/vendor-credits', {
        key: co.key,
        body: { vendorId: supplier, issueDate: '2026-02-01', lines: [{ description: 'back', unitPrice: 130, accountId: expense }] },
      })
    ).body;
    await http(t.url, `/api/v1/vendor-credits/${credit.id}/apply`, {
      key: co.key,
      body: { date: '2026-02-10', allocations: [{ billId: owed.id, amount: 100 }] },
    });
    await http(t.url, `/api/v1/vendor-credits/${credit.id}/refund`, { key: co.key, body: { amount: 30, date: '2026-03-05' } });
    const payablesOn = async (asOf: string) => {
      const row = (await trialBalance(tenant, asOf)).rows.find((r) => r.account.code === '2000');
      return row ? row.credit - row.debit : 0n;
    };
    for (const [asOf, total] of [
      ['2026-01-15', 10000n],
      ['2026-02-05', -3000n],
      ['2026-02-10', -3000n],
      ['2026-03-04', -3000n],
      ['2026-03-05', 0n],
    ] as const) {
      const aged = await agedPayables(tenant, asOf);
      expect(aged.totals.total, asOf).toBe(total);
      expect(aged.totals.total, asOf).toBe(await payablesOn(asOf));
      const detail = await agingDetail(tenant, asOf, 'payables');
      expect(
        detail.reduce((s, d) => s + d.outstanding, 0n),
        asOf,
      ).toBe(total);
    }
    const feb5 = await gql(
      t.url,
      co.key,
      '{ agedPayables(asOf: "2026-02-05") { totals { days1to30 total } rows { vendor { name } total } bills { ' +
        'bill { number } outstanding bucket } vendorCredits { vendorCredit { number } outstanding daysOverdue bucket } } }',
    );
    expect(feb5.body.errors).toBeUndefined();
    expect(feb5.body.data.agedPayables).toEqual({
      totals: { days1to30: '-30.00', total: '-30.00' },
      rows: [{ vendor: { name: 'Supplier' }, total: '-30.00' }],
      bills: [{ bill: { number: owed.number }, outstanding: '100.00', bucket: 'DAYS_1_TO_30' }],
      vendorCredits: [{ vendorCredit: { number: credit.number }, outstanding: '-130.00', daysOverdue: 4, bucket: 'DAYS_1_TO_30' }],
    });
    const rest = await http(t.url, '/api/v1/reports/aged-payables?asOf=2026-02-05', { key: co.key });
    expect(rest.status).toBe(200);
    expect(rest.body.vendorCredits).toEqual([
      expect.objectContaining({ vendorCredit: { id: credit.id }, number: credit.number, outstanding: -130, daysOverdue: 4 }),
    ]);
  });

  it("takes vendor credits' tax off the tax paid, and a void puts it back", async () => {
    const co = await t.tenant('Vendor Credit Tax Co');
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key: co.key })).body.data as { id: string; code: string }[];
    const expense = accounts.find((a) => a.code === '6000')!.id;
    const supplier = (await http(t.url, '/api/v1/vendors', { key: co.key, body: { name: 'Supplier' } })).body.id;
    const rate = (await http(t.url, '/api/v1/tax-rates', { key: co.key, body: { name: 'VAT 20%', rate: 20 } })).body.id;
    const line = (unitPrice: number) => [{ description: 'x', unitPrice, taxRateId: rate, accountId: expense }];
    await http(t.url, '/api/v1/bills', { key: co.key, body: { vendorId: supplier, issueDate: '2026-05-02', lines: line(100) } });
    const credit = (
      await http(t.url, '/api/v1/vendor-credits', { key: co.key, body: { vendorId: supplier, issueDate: '2026-05-03', lines: line(40) } })
    ).body;
    await http(t.url, `/api/v1/vendor-credits/${credit.id}/void`, { key: co.key, body: { date: '2026-06-01' } });
    const summaryOf = async (from: string, to: string) =>
      (await gql(t.url, co.key, `{ taxSummary(from: "${from}", to: "${to}") { rows { taxablePurchases taxPaid } } }`)).body.data.taxSummary
        .rows;
    expect(await summaryOf('2026-05-01', '2026-05-31')).toEqual([{ taxablePurchases: '60.00', taxPaid: '12.00' }]);
    expect(await summaryOf('2026-06-01', '2026-06-30')).toEqual([{ taxablePurchases: '40.00', taxPaid: '8.00' }]);
  });
});

describe('walls, scopes and GraphQL', () => {
  it("keeps another organization's vendor credits and bills out of reach", async () => {
    const other = await t.tenant('Other Supplies Co');
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key: other.key })).body.data as { id: string; code: string }[];
    const expense = accounts.find((a) => a.code === '6000')!.id;
    const theirVendor = (await http(t.url, '/api/v1/vendors', { key: other.key, body: { name: 'Theirs' } })).body.id;
    const body = { vendorId: theirVendor, lines: [{ description: 'x', unitPrice: 5, accountId: expense }] };
    const theirCredit = (await http(t.url, '/api/v1/vendor-credits', { key: other.key, body })).body;
    const theirBill = (await http(t.url, '/api/v1/bills', { key: other.key, body })).body;
    expectProblem(await http(t.url, `/api/v1/vendor-credits/${theirCredit.id}`, { key }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/vendor-credits/${theirCredit.id}/refund`, { key, body: { amount: 1 } }), 404, 'NOT_FOUND');
    const mine = (await vendorCredit(1)).body;
    const applied = await http(t.url, `/api/v1/vendor-credits/${mine.id}/apply`, {
      key,
      body: { allocations: [{ billId: theirBill.id, amount: 1 }] },
    });
    expect(applied.body.errors).toContainEqual({ path: 'allocations.0.billId', message: `no bill with id "${theirBill.id}"` });
    expect((await http(t.url, `/api/v1/bills/${theirBill.id}`, { key: other.key })).body.amountCredited).toBe(0);
  });

  it('is for keys with the bills scope: an invoices key neither reads nor writes one', async () => {
    const invoicesOnly = (
      await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Sales only', scopes: ['invoices:read', 'invoices:write'] } })
    ).body.secret;
    expectProblem(await http(t.url, '/api/v1/vendor-credits', { key: invoicesOnly }), 403, 'INSUFFICIENT_SCOPE');
    const created = await http(t.url, '/api/v1/vendor-credits', {
      key: invoicesOnly,
      body: { vendorId, lines: [{ description: 'x', unitPrice: 1, accountId: idOf('6000') }] },
    });
    expectProblem(created, 403, 'INSUFFICIENT_SCOPE');
    const billsReader = (await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Payables reader', scopes: ['bills:read'] } })).body
      .secret;
    expect((await http(t.url, '/api/v1/vendor-credits', { key: billsReader })).status).toBe(200);
  });

  it('is entered and applied through GraphQL, and the bill and the vendor show where the credit went', async () => {
    const owed = await bill(40);
    const created = await gql(
      t.url,
      key,
      `mutation { createVendorCredit(input: { vendorId: "${vendorId}", lines: [{ description: "Short delivery", unitPrice: "15", ` +
        `accountId: "${idOf('6000')}" }] }) { id number remainingCredit vendor { name } } }`,
    );
    expect(created.body.errors).toBeUndefined();
    const { id, number } = created.body.data.createVendorCredit;
    const applied = await gql(
      t.url,
      key,
      `mutation { applyVendorCredit(id: "${id}", input: { allocations: [{ billId: "${owed.id}", amount: "15" }] }) { status ` +
        `remainingCredit allocations { amount bill { number amountCredited amountDue creditAllocations { vendorCredit { number } ` +
        `amount } } } } }`,
    );
    expect(applied.body.errors).toBeUndefined();
    expect(applied.body.data.applyVendorCredit).toEqual({
      status: 'CLOSED',
      remainingCredit: '0.00',
      allocations: [
        {
          amount: '15.00',
          bill: {
            number: owed.number,
            amountCredited: '15.00',
            amountDue: '25.00',
            creditAllocations: [{ vendorCredit: { number }, amount: '15.00' }],
          },
        },
      ],
    });
    const listed = await gql(
      t.url,
      key,
      `{ node(id: "${vendorId}") { ... on Vendor { vendorCredits(first: 50) { edges { node { number status } } } } } ` +
        `vendorCredits(filter: { status: CLOSED }, first: 50) { totalCount } }`,
    );
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data.node.vendorCredits.edges.map((e: { node: { number: string } }) => e.node.number)).toContain(number);
    expect(listed.body.data.vendorCredits.totalCount).toBeGreaterThanOrEqual(1);
  });
});
