// Unrealized exchange gains and losses, as a bookkeeper reads them at a month end: every foreign balance
// still open (a customer's euros, a vendor's dinars, a euro bank account) at that day's rate against what
// it is booked at; and, when asked, the revaluation posted at the month end and reversed the next day,
// so the books show the month's unrealized result and realized differences stay whole when settled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let ids: { customer: string; vendor: string; bank: string; receivables: string; payables: string };

const post = (path: string, body: unknown) => http(t.url, path, { key, body });

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Revalued Ltd'));
  const rates = [
    { currency: 'EUR', date: '2026-03-01', rate: '1.10' },
    { currency: 'EUR', date: '2026-03-31', rate: '1.15' },
    { currency: 'EUR', date: '2026-04-30', rate: '1.08' },
    { currency: 'KWD', date: '2026-03-01', rate: '3.25' },
    { currency: 'KWD', date: '2026-03-31', rate: '3.30' },
  ];
  await post('/api/v1/exchange-rates/bulk', { rates });
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  const code = (c: string) => accounts.find((a) => a.code === c)!.id;
  const bank = (await post('/api/v1/accounts', { code: '1020', name: 'Bank EUR', type: 'asset', subtype: 'bank', currency: 'EUR' })).body;
  const customer = (await post('/api/v1/customers', { name: 'Hamburg GmbH', currency: 'EUR' })).body;
  const vendor = (await post('/api/v1/vendors', { name: 'Kuwait Trading', currency: 'KWD' })).body;
  ids = { customer: customer.id, vendor: vendor.id, bank: bank.id, receivables: code('1200'), payables: code('2000') };
  await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-03-05', lines: [{ description: 'Open', unitPrice: 100 }] });
  const paid = (
    await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-03-05', lines: [{ description: 'Paid', unitPrice: 50 }] })
  ).body;
  await post(`/api/v1/invoices/${paid.id}/payments`, { amount: 50, date: '2026-03-10', depositAccountId: bank.id });
  await post('/api/v1/bills', {
    vendorId: vendor.id,
    issueDate: '2026-03-05',
    lines: [{ description: 'Fuel', unitPrice: 10, accountId: code('6000') }],
  });
});
afterAll(() => t.close());

async function netOf(code: string, asOf: string) {
  const tenant = {
    prisma: t.db.prisma,
    organizationId,
    organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } }),
  };
  const report = await trialBalance(tenant, asOf);
  expect(report.totalDebit).toBe(report.totalCredit);
  const row = report.rows.find((r) => r.account.code === code);
  return row ? Number(row.debit - row.credit) / 100 : 0;
}

describe('the revaluation report', () => {
  it("values each open foreign balance at the day's rate against what it is booked at", async () => {
    const report = await http(t.url, '/api/v1/reports/revaluation?asOf=2026-03-31', { key });
    expect(report.status).toBe(200);
    const rows = report.body.rows.map((r: Record<string, any>) => ({
      account: r.account.id,
      party: r.customer?.id ?? r.vendor?.id ?? null,
      currency: r.currency,
      foreignBalance: r.foreignBalance,
      bookedHome: r.bookedHome,
      rate: r.rate,
      revaluedHome: r.revaluedHome,
      unrealizedGain: r.unrealizedGain,
    }));
    expect(rows).toEqual(
      expect.arrayContaining([
        // 100 euros owed, booked at 1.10, worth 115.00 at 1.15.
        {
          account: ids.receivables,
          party: ids.customer,
          currency: 'EUR',
          foreignBalance: 100,
          bookedHome: 110,
          rate: '1.15',
          revaluedHome: 115,
          unrealizedGain: 5,
        },
        // 50 euros in the bank, booked at 1.10.
        {
          account: ids.bank,
          party: null,
          currency: 'EUR',
          foreignBalance: 50,
          bookedHome: 55,
          rate: '1.15',
          revaluedHome: 57.5,
          unrealizedGain: 2.5,
        },
        // 10 dinars owed, booked at 3.25, dearer at 3.30: a loss.
        {
          account: ids.payables,
          party: ids.vendor,
          currency: 'KWD',
          foreignBalance: -10,
          bookedHome: -32.5,
          rate: '3.3',
          revaluedHome: -33,
          unrealizedGain: -0.5,
        },
      ]),
    );
    // The settled invoice's receivable is gone: nothing is left of it in any currency.
    expect(rows).toHaveLength(3);
    expect(report.body.totalUnrealizedGain).toBe(7);
    const graph = await gql(t.url, key, '{ revaluation(asOf: "2026-03-31") { totalUnrealizedGain rows { currency foreignBalance } } }');
    expect(graph.body.data.revaluation.totalUnrealizedGain).toBe('7.00');
    expect(graph.body.data.revaluation.rows).toContainEqual({ currency: 'KWD', foreignBalance: '-10.000' });
    expect((await http(t.url, '/api/v1/reports/revaluation?asOf=2026-02-28', { key })).body).toMatchObject({
      rows: [],
      totalUnrealizedGain: 0,
    });
  });

  it('is posted at a month end and reversed the next day; the realized result is untouched', async () => {
    const posted = await post('/api/v1/journal-entries/revaluation', { date: '2026-03-31' });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ sourceType: 'revaluation', date: '2026-03-31', status: 'reversed', totalAmount: 7.5 });
    const reversal = (await http(t.url, `/api/v1/journal-entries/${posted.body.reversedById}`, { key })).body;
    expect(reversal).toMatchObject({ sourceType: 'revaluation_reversal', date: '2026-04-01', reversalOfId: posted.body.id });

    expect(await netOf('1200', '2026-03-31')).toBe(115);
    expect(await netOf('6950', '2026-03-31')).toBe(-7);
    expect(await netOf('1200', '2026-04-01')).toBe(110);
    expect(await netOf('6950', '2026-04-01')).toBe(0);
    // Booked at the day's rate now: nothing more to revalue that day, and posting it again is refused.
    expect((await http(t.url, '/api/v1/reports/revaluation?asOf=2026-03-31', { key })).body.totalUnrealizedGain).toBe(0);
    expectProblem(await post('/api/v1/journal-entries/revaluation', { date: '2026-03-31' }), 400, 'INVALID_STATE');
    // A month later, against what is booked again (the reversal undid the adjustment).
    const april = (await http(t.url, '/api/v1/reports/revaluation?asOf=2026-04-30', { key })).body;
    expect(april.rows.find((r: { account: { id: string } }) => r.account.id === ids.receivables)).toMatchObject({
      bookedHome: 110,
      revaluedHome: 108,
      unrealizedGain: -2,
    });
  });

  it('refuses a date with no rate for a currency it must value, naming both', async () => {
    await post('/api/v1/exchange-rates/bulk', { rates: [{ currency: 'CHF', date: '2026-05-01', rate: '1.2' }] });
    const swiss = (await post('/api/v1/customers', { name: 'Zurich AG', currency: 'CHF' })).body;
    await post('/api/v1/invoices', {
      customerId: swiss.id,
      issueDate: '2026-05-02',
      exchangeRate: 1.19,
      lines: [{ description: 'x', unitPrice: 1 }],
    });
    await t.db.prisma.exchangeRate.deleteMany({ where: { organizationId, currency: 'CHF' } });
    const refused = await http(t.url, '/api/v1/reports/revaluation?asOf=2026-05-31', { key });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([{ path: 'asOf', message: 'no CHF exchange rate on or before 2026-05-31' }]);
  });
});
