// Bad debt: what is left on an invoice a customer will never pay is written off to the bad-debt expense
// account on a date (Dr bad debts, Cr receivables), without touching the revenue or the tax it posted;
// the invoice is settled. Voiding the write-off puts the debt back. Aging and the ledger agree at every date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agedReceivables, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;
let codeOf: Map<string, string>;
let idOf: (code: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Bad Debt Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Vanished Ltd' } })).body.id;
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  idOf = (code) => accounts.find((a) => a.code === code)!.id;
});
afterAll(() => t.close());

const invoiceOf = async (unitPrice: number, issueDate = '2026-01-10') =>
  (
    await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId, issueDate, dueDate: issueDate, lines: [{ description: 'Goods', unitPrice, taxRate: 10 }] },
    })
  ).body;
async function balancesOn(asOf: string) {
  const tenant = {
    prisma: t.db.prisma,
    organizationId,
    organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } }),
  };
  const rows = (await trialBalance(tenant, asOf)).rows;
  const net = (code: string) => {
    const row = rows.find((r) => r.account.code === code);
    return row ? row.debit - row.credit : 0n;
  };
  return {
    receivables: net('1200'),
    revenue: net('4000'),
    tax: net('2200'),
    badDebts: net('6800'),
    aged: (await agedReceivables(tenant, asOf)).totals.total,
  };
}

describe('writing off an invoice', () => {
  it('posts Dr bad debts, Cr receivables for what is left, leaves revenue and tax alone, and settles the invoice', async () => {
    const invoice = await invoiceOf(100); // 110 with tax
    await http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key, body: { amount: 30, date: '2026-02-01' } });
    const balance = async () => (await http(t.url, `/api/v1/customers/${customerId}`, { key })).body.balance;
    const before = await balance();
    const written = await http(t.url, `/api/v1/invoices/${invoice.id}/write-off`, {
      key,
      body: { date: '2026-06-30', reason: 'customer insolvent' },
    });
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ status: 'paid', amountPaid: 30, amountWrittenOff: 80, amountDue: 0 });
    expect(await balance()).toBe(before - 80);
    const entries = (await http(t.url, '/api/v1/journal-entries?sourceType=write_off', { key })).body.data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      date: '2026-06-30',
      description: `Bad debt written off: invoice ${invoice.number}: customer insolvent`,
    });
    expect(
      entries[0].lines.map((l: { accountId: string; debit: number; credit: number }) => [codeOf.get(l.accountId), l.debit, l.credit]),
    ).toEqual([
      ['6800', 80, 0],
      ['1200', 0, 80],
    ]);
    // Before and after, at every date: the ledger and aging agree; revenue and tax never move.
    expect(await balancesOn('2026-06-29')).toEqual({ receivables: 8000n, revenue: -10000n, tax: -1000n, badDebts: 0n, aged: 8000n });
    expect(await balancesOn('2026-06-30')).toEqual({ receivables: 0n, revenue: -10000n, tax: -1000n, badDebts: 8000n, aged: 0n });
    const events = (
      (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as { type: string; data: { object: { id: string } } }[]
    )
      .filter((e) => e.data.object.id === invoice.id)
      .map((e) => e.type);
    expect(events.at(-1)).toBe('invoice.written_off');

    // Settled: no payment, no second write-off, no void while written off.
    expectProblem(await http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key, body: { amount: 1 } }), 400, 'INVALID_STATE');
    expectProblem(await http(t.url, `/api/v1/invoices/${invoice.id}/write-off`, { key, body: {} }), 400, 'INVALID_STATE');
    const voidRefused = await http(t.url, `/api/v1/invoices/${invoice.id}/void`, { key, body: {} });
    expectProblem(voidRefused, 400, 'INVALID_STATE');

    // Voiding the write-off puts the debt back from its date.
    const restored = await http(t.url, `/api/v1/invoices/${invoice.id}/write-off/void`, { key, body: { date: '2026-07-15' } });
    expect(restored.body).toMatchObject({ status: 'partially_paid', amountWrittenOff: 0, amountDue: 80 });
    expect(await balance()).toBe(before);
    expect(await balancesOn('2026-07-14')).toMatchObject({ receivables: 0n, aged: 0n, badDebts: 8000n });
    expect(await balancesOn('2026-07-15')).toMatchObject({ receivables: 8000n, aged: 8000n, badDebts: 0n });
    const again = await http(t.url, `/api/v1/invoices/${invoice.id}/write-off/void`, { key, body: {} });
    expectProblem(again, 400, 'INVALID_STATE');
    expect(again.body.detail).toBe(`Invoice ${invoice.number} has no write-off to void`);
  });

  it('refuses what cannot be written off, with the field or state at fault, and writes nothing', async () => {
    const paid = await invoiceOf(10);
    await http(t.url, `/api/v1/invoices/${paid.id}/payments`, { key, body: { amount: 11 } });
    const paidRefusal = await http(t.url, `/api/v1/invoices/${paid.id}/write-off`, { key, body: {} });
    expectProblem(paidRefusal, 400, 'INVALID_STATE');
    expect(paidRefusal.body.detail).toBe(`Invoice ${paid.number} is paid; nothing is owed on it to write off`);
    const draft = (
      await http(t.url, '/api/v1/invoices', { key, body: { customerId, draft: true, lines: [{ description: 'x', unitPrice: 5 }] } })
    ).body;
    expectProblem(await http(t.url, `/api/v1/invoices/${draft.id}/write-off`, { key, body: {} }), 400, 'INVALID_STATE');
    const open = await invoiceOf(20);
    const bad = await http(t.url, `/api/v1/invoices/${open.id}/write-off`, {
      key,
      body: { date: '2026-01-09', accountId: idOf('4000') },
    });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['accountId']);
    const early = await http(t.url, `/api/v1/invoices/${open.id}/write-off`, { key, body: { date: '2026-01-09' } });
    expect(early.body.errors).toEqual([{ path: 'date', message: 'must not be before the invoice date 2026-01-10' }]);
    await gql(t.url, key, 'mutation { updateOrganization(input: { lockDate: "2026-03-31" }) { lockDate } }');
    expectProblem(await http(t.url, `/api/v1/invoices/${open.id}/write-off`, { key, body: { date: '2026-03-01' } }), 400, 'PERIOD_LOCKED');
    await gql(t.url, key, 'mutation { updateOrganization(input: { lockDate: null }) { lockDate } }');
    expect((await http(t.url, `/api/v1/invoices/${open.id}`, { key })).body).toMatchObject({ status: 'open', amountWrittenOff: 0 });
  });

  it('through GraphQL, to an expense account of your choosing, listed on the invoice', async () => {
    const invoice = await invoiceOf(40);
    const written = await gql(
      t.url,
      key,
      `mutation { writeOffInvoice(id: "${invoice.id}", input: { date: "2026-03-01", accountId: "${idOf('6000')}" }) { status ` +
        `amountDue amountWrittenOff writeOffs { amount date account { code } voidDate } } }`,
    );
    expect(written.body.errors).toBeUndefined();
    expect(written.body.data.writeOffInvoice).toEqual({
      status: 'PAID',
      amountDue: '0.00',
      amountWrittenOff: '44.00',
      writeOffs: [{ amount: '44.00', date: '2026-03-01', account: { code: '6000' }, voidDate: null }],
    });
  });
});

describe('bad-debt tax relief', () => {
  it(
    'is off by default; set to ON_WRITE_OFF, a write-off takes back the tax in what ' + 'it writes off, and the tax summary shows it',
    async () => {
      const co = await t.tenant('Relief Co');
      const buyer = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Gone Bust Ltd' } })).body.id;
      const read = await http(t.url, '/api/v1/organization', { key: co.key });
      expect(read.body.badDebtTaxRelief).toBe('none');
      const set = await http(t.url, '/api/v1/organization', { key: co.key, method: 'PATCH', body: { badDebtTaxRelief: 'on_write_off' } });
      expect(set.status).toBe(200);
      expect(set.body.badDebtTaxRelief).toBe('on_write_off');
      const wrong = await http(t.url, '/api/v1/organization', { key: co.key, method: 'PATCH', body: { badDebtTaxRelief: 'sometimes' } });
      expect(wrong.status).toBe(400);
      // Two lines, 20% and 5%: 200 + 40 tax and 100 + 5 tax = 345; 138 paid, 207 (60%) written off.
      const invoice = (
        await http(t.url, '/api/v1/invoices', {
          key: co.key,
          body: {
            customerId: buyer,
            issueDate: '2026-02-01',
            lines: [
              { description: 'Standard', unitPrice: 200, taxRate: 20 },
              { description: 'Reduced', unitPrice: 100, taxRate: 5 },
            ],
          },
        })
      ).body;
      expect(invoice.total).toBe(345);
      await http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key: co.key, body: { amount: 138, date: '2026-02-10' } });
      const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key: co.key })).body.data as { id: string; code: string }[];
      const code = new Map(accounts.map((a) => [a.id, a.code]));
      await http(t.url, `/api/v1/invoices/${invoice.id}/write-off`, { key: co.key, body: { date: '2026-04-15' } });
      const [entry] = (await http(t.url, '/api/v1/journal-entries?sourceType=write_off', { key: co.key })).body.data;
      // The tax in 60% of each line: 24 + 3 = 27 back from sales tax; bad debts take the other 180.
      expect(
        entry.lines.map((l: { accountId: string; debit: number; credit: number }) => [code.get(l.accountId), l.debit, l.credit]),
      ).toEqual([
        ['6800', 180, 0],
        ['2200', 27, 0],
        ['1200', 0, 207],
      ]);
      const summary = async (from: string, to: string) =>
        (
          await gql(
            t.url,
            co.key,
            `{ taxSummary(from: "${from}", to: "${to}") { rows { rate taxableAmount taxCollected } totalTaxCollected } }`,
          )
        ).body.data.taxSummary;
      // Charged in February, taken back in April (the write-off's period), and given back again when the write-off is voided.
      expect(await summary('2026-02-01', '2026-02-28')).toMatchObject({ totalTaxCollected: '45.00' });
      expect(await summary('2026-04-01', '2026-04-30')).toEqual({
        rows: [
          { rate: '5', taxableAmount: '-60.00', taxCollected: '-3.00' },
          { rate: '20', taxableAmount: '-120.00', taxCollected: '-24.00' },
        ],
        totalTaxCollected: '-27.00',
      });
      const written = await gql(t.url, co.key, `{ node(id: "${invoice.id}") { ... on Invoice { writeOffs { amount taxRelieved } } } }`);
      expect(written.body.data.node.writeOffs).toEqual([{ amount: '207.00', taxRelieved: '27.00' }]);
      await http(t.url, `/api/v1/invoices/${invoice.id}/write-off/void`, { key: co.key, body: { date: '2026-05-02' } });
      expect(await summary('2026-05-01', '2026-05-31')).toMatchObject({ totalTaxCollected: '27.00' });
      expect(await summary('2026-02-01', '2026-05-31')).toMatchObject({ totalTaxCollected: '45.00' });
    },
  );
});
