// Credit notes as a shop uses them for returns: issued (Dr revenue, Dr tax, Cr receivables), applied to
// the customer's open invoices (their amount due falls), refunded (Dr receivables, Cr bank), voided while
// unused; shown in the customer's balance and aged receivables as credit; refused when wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agedReceivables, agingDetail, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;
let rate: string;
let codeOf: Map<string, string>;
let idOf: (code: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Returns Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Returner Ltd' } })).body.id;
  await http(t.url, '/api/v1/accounts', { key, body: { code: '2210', name: 'City tax payable', type: 'liability' } });
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  idOf = (code) => accounts.find((a) => a.code === code)!.id;
  rate = (await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'City 10%', rate: 10, salesAccountId: idOf('2210') } })).body.id;
});
afterAll(() => t.close());

async function postingOf(journalEntryId: string) {
  const entry = (await http(t.url, `/api/v1/journal-entries/${journalEntryId}`, { key })).body;
  return entry.lines.map((l: { accountId: string; debit: number; credit: number }) => [codeOf.get(l.accountId), l.debit, l.credit]);
}
const balance = async (id = customerId) => (await http(t.url, `/api/v1/customers/${id}`, { key })).body.balance as number;
const invoice = async (unitPrice: number, issueDate = '2026-03-01') =>
  (await http(t.url, '/api/v1/invoices', { key, body: { customerId, issueDate, lines: [{ description: 'Goods', unitPrice }] } })).body;
const creditNote = async (unitPrice: number, issueDate = '2026-03-10') =>
  http(t.url, '/api/v1/credit-notes', {
    key,
    body: { customerId, issueDate, reference: 'RMA-1', lines: [{ description: 'Returned goods', unitPrice, taxRateId: rate }] },
  });

describe('a credit note', () => {
  it(
    "is issued and posts the mirror of an invoice: Dr revenue, Dr the rate's tax account, Cr receivables; the customer's balance " +
      'falls',
    async () => {
      const before = await balance();
      const response = await creditNote(50);
      expect(response.status).toBe(201);
      expect(response.headers.get('location')).toBe(`/api/v1/credit-notes/${response.body.id}`);
      expect(response.body).toMatchObject({
        number: 'CN-0001',
        status: 'open',
        customerId,
        total: 55,
        taxTotal: 5,
        amountApplied: 0,
        amountRefunded: 0,
        remainingCredit: 55,
        allocations: [],
        refunds: [],
      });
      expect(response.body.id).toMatch(/^cn_[0-9a-z]{26}$/);
      expect(await postingOf(response.body.journalEntryId)).toEqual([
        ['1200', 0, 55],
        ['4000', 50, 0],
        ['2210', 5, 0],
      ]);
      expect(await balance()).toBe(before - 55);
      expect((await http(t.url, `/api/v1/credit-notes/${response.body.id}`, { key })).body).toEqual(response.body);
    },
  );

  it('is applied to open invoices of its customer (their amount due falls, paid when none is left) and closes when used up', async () => {
    const [a, b] = [await invoice(30), await invoice(100)];
    const note = (await creditNote(50)).body; // 55 of credit
    const before = await balance();
    const applied = await http(t.url, `/api/v1/credit-notes/${note.id}/apply`, {
      key,
      body: {
        date: '2026-03-12',
        allocations: [
          { invoiceId: a.id, amount: 30 },
          { invoiceId: b.id, amount: 20 },
        ],
      },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      status: 'open',
      amountApplied: 50,
      remainingCredit: 5,
      allocations: [
        { invoiceId: a.id, amount: 30, date: '2026-03-12' },
        { invoiceId: b.id, amount: 20, date: '2026-03-12' },
      ],
    });
    expect((await http(t.url, `/api/v1/invoices/${a.id}`, { key })).body).toMatchObject({
      status: 'paid',
      amountCredited: 30,
      amountDue: 0,
    });
    expect((await http(t.url, `/api/v1/invoices/${b.id}`, { key })).body).toMatchObject({
      status: 'partially_paid',
      amountCredited: 20,
      amountDue: 80,
    });
    expect(await balance()).toBe(before); // credit moved from the note to the invoices: the customer owes the same
    const events = (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as {
      type: string;
      data: { object: { id: string } };
    }[];
    expect(events.filter((e) => [note.id, a.id, b.id].includes(e.data.object.id)).map((e) => e.type)).toEqual([
      'invoice.created',
      'invoice.created',
      'credit_note.created',
      'credit_note.applied',
      'invoice.credit_applied',
      'invoice.paid',
      'invoice.credit_applied',
    ]);

    // More than remains, more than an invoice's due, another customer's invoice, a paid invoice: refused, nothing written.
    const other = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Someone Else' } })).body.id;
    const theirs = (
      await http(t.url, '/api/v1/invoices', { key, body: { customerId: other, lines: [{ description: 'x', unitPrice: 10 }] } })
    ).body;
    const c = await invoice(3);
    for (const [body, path, message] of [
      [{ allocations: [{ invoiceId: b.id, amount: 5.01 }] }, 'allocations', '5.01 is more than the credit remaining 5.00'],
      [
        { allocations: [{ invoiceId: c.id, amount: 4 }] },
        'allocations.0.amount',
        `4.00 is more than invoice ${c.number}'s amount due 3.00`,
      ],
      [
        { allocations: [{ invoiceId: theirs.id, amount: 1 }] },
        'allocations.0.invoiceId',
        `invoice ${theirs.number} is another customer's; credit applies to its own customer's invoices`,
      ],
      [
        { allocations: [{ invoiceId: a.id, amount: 1 }] },
        'allocations.0.invoiceId',
        `invoice ${a.number} is paid; credit applies to open invoices`,
      ],
      [{ allocations: [] }, 'allocations', 'name at least one invoice and amount'],
      [
        {
          allocations: [
            { invoiceId: c.id, amount: 1 },
            { invoiceId: c.id, amount: 1 },
          ],
        },
        'allocations',
        'name each invoice once',
      ],
    ] as const) {
      const refused = await http(t.url, `/api/v1/credit-notes/${note.id}/apply`, { key, body });
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body.errors, JSON.stringify(body)).toContainEqual({ path, message });
    }
    expect((await http(t.url, `/api/v1/credit-notes/${note.id}`, { key })).body.remainingCredit).toBe(5);
    // An invoice with credit applied is not voided; a note with credit used is not voided.
    expectProblem(await http(t.url, `/api/v1/invoices/${b.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');
    expectProblem(await http(t.url, `/api/v1/credit-notes/${note.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');
    // The last 5.00 closes it.
    const closed = await http(t.url, `/api/v1/credit-notes/${note.id}/apply`, {
      key,
      body: {
        date: '2026-03-13',
        allocations: [
          { invoiceId: c.id, amount: 3 },
          { invoiceId: b.id, amount: 2 },
        ],
      },
    });
    expect(closed.body).toMatchObject({ status: 'closed', remainingCredit: 0 });
    expectProblem(
      await http(t.url, `/api/v1/credit-notes/${note.id}/apply`, { key, body: { allocations: [{ invoiceId: b.id, amount: 1 }] } }),
      400,
      'INVALID_STATE',
    );
  });

  it('is refunded (Dr receivables, Cr bank) within the credit remaining', async () => {
    const note = (await creditNote(20)).body; // 22
    const before = await balance();
    const over = await http(t.url, `/api/v1/credit-notes/${note.id}/refund`, { key, body: { amount: 22.01 } });
    expect(over.body.errors).toEqual([{ path: 'amount', message: '22.01 is more than the credit remaining 22.00' }]);
    const refunded = await http(t.url, `/api/v1/credit-notes/${note.id}/refund`, {
      key,
      body: { amount: 22, date: '2026-03-15', paymentAccountId: idOf('1000'), method: 'cash' },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'closed', amountRefunded: 22, remainingCredit: 0 });
    expect(await postingOf(refunded.body.refunds[0].journalEntryId)).toEqual([
      ['1200', 22, 0],
      ['1000', 0, 22],
    ]);
    expect(await balance()).toBe(before + 22);
  });

  it("is voided while unused, with the reversal of its posting, and the customer's balance restored", async () => {
    const before = await balance();
    const note = (await creditNote(10)).body;
    const voided = await http(t.url, `/api/v1/credit-notes/${note.id}/void`, {
      key,
      body: { date: '2026-03-20', reason: 'issued in error' },
    });
    expect(voided.body).toMatchObject({ status: 'void', remainingCredit: 0 });
    expect(await balance()).toBe(before);
    const entries = (await http(t.url, '/api/v1/journal-entries?sourceType=credit_note_void&limit=100', { key })).body.data as {
      id: string;
      reference: string;
    }[];
    expect(await postingOf(entries.find((e) => e.reference === note.number)!.id)).toEqual([
      ['1200', 11, 0],
      ['4000', 0, 10],
      ['2210', 0, 1],
    ]);
  });

  it('refuses bad input with the field at fault, and writes nothing', async () => {
    const count = async () => (await http(t.url, '/api/v1/credit-notes?limit=1', { key })).body.total;
    const before = await count();
    for (const [body, path] of [
      [{ lines: [{ description: 'x', unitPrice: 1 }] }, 'customerId'],
      [{ customerId, lines: [] }, 'lines'],
      [{ customerId, lines: [{ description: 'x', unitPrice: 1, taxRate: 150 }] }, 'lines.0.taxRate'],
      [{ customerId, lines: [{ description: 'x', unitPrice: 1, accountId: idOf('6000') }] }, 'lines.0.accountId'],
      [{ customerId: 'cus_00000000000000000000000000', lines: [{ description: 'x', unitPrice: 1 }] }, 'customerId'],
    ] as const) {
      const response = await http(t.url, '/api/v1/credit-notes', { key, body });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(
        response.body.errors.map((e: { path: string }) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect(await count()).toBe(before);
  });
});

describe('credit in the reports', () => {
  it('shows unused credit in aged receivables as a negative amount, tying to receivables at every date', async () => {
    const co = await t.tenant('Aged Credit Co');
    const tenant = {
      prisma: t.db.prisma,
      organizationId: co.organizationId,
      organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id: co.organizationId } }),
    };
    const buyer = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Buyer' } })).body.id;
    const inv = (
      await http(t.url, '/api/v1/invoices', {
        key: co.key,
        body: { customerId: buyer, issueDate: '2026-01-01', dueDate: '2026-01-31', lines: [{ description: 'x', unitPrice: 100 }] },
      })
    ).body;
    const note = (
      await http(t.url, '/api/v1/credit-notes', {
        key: co.key,
        body: { customerId: buyer, issueDate: '2026-02-01', lines: [{ description: 'back', unitPrice: 130 }] },
      })
    ).body;
    await http(t.url, `/api/v1/credit-notes/${note.id}/apply`, {
      key: co.key,
      body: { date: '2026-02-10', allocations: [{ invoiceId: inv.id, amount: 100 }] },
    });
    await http(t.url, `/api/v1/credit-notes/${note.id}/refund`, { key: co.key, body: { amount: 30, date: '2026-03-05' } });
    const receivablesOn = async (asOf: string) => {
      const row = (await trialBalance(tenant, asOf)).rows.find((r) => r.account.code === '1200');
      return row ? row.debit - row.credit : 0n;
    };
    for (const [asOf, total] of [
      ['2026-01-15', 10000n],
      ['2026-02-05', -3000n],
      ['2026-02-10', -3000n],
      ['2026-03-04', -3000n],
      ['2026-03-05', 0n],
    ] as const) {
      const aged = await agedReceivables(tenant, asOf);
      expect(aged.totals.total, asOf).toBe(total);
      expect(aged.totals.total, asOf).toBe(await receivablesOn(asOf));
      const detail = await agingDetail(tenant, asOf, 'receivables');
      expect(
        detail.reduce((s, d) => s + d.outstanding, 0n),
        asOf,
      ).toBe(total);
    }
    // On 5 February: the invoice (due 31 January) and the whole credit, not yet applied, both aged 1–30 days.
    const feb5 = await gql(
      t.url,
      co.key,
      '{ agedReceivables(asOf: "2026-02-05") { totals { current days1to30 total } rows { customer { name } total } invoices { ' +
        'invoice { number } outstanding bucket } creditNotes { creditNote { number } outstanding daysOverdue bucket } } }',
    );
    expect(feb5.body.errors).toBeUndefined();
    expect(feb5.body.data.agedReceivables).toEqual({
      totals: { current: '0.00', days1to30: '-30.00', total: '-30.00' },
      rows: [{ customer: { name: 'Buyer' }, total: '-30.00' }],
      invoices: [{ invoice: { number: inv.number }, outstanding: '100.00', bucket: 'DAYS_1_TO_30' }],
      creditNotes: [{ creditNote: { number: note.number }, outstanding: '-130.00', daysOverdue: 4, bucket: 'DAYS_1_TO_30' }],
    });
  });

  it("takes credit notes' tax off the tax collected, and a void puts it back", async () => {
    const co = await t.tenant('Credit Tax Co');
    const buyer = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Buyer' } })).body.id;
    const vat = (await http(t.url, '/api/v1/tax-rates', { key: co.key, body: { name: 'VAT 20%', rate: 20 } })).body.id;
    await http(t.url, '/api/v1/invoices', {
      key: co.key,
      body: { customerId: buyer, issueDate: '2026-05-02', lines: [{ description: 'x', unitPrice: 100, taxRateId: vat }] },
    });
    const note = (
      await http(t.url, '/api/v1/credit-notes', {
        key: co.key,
        body: { customerId: buyer, issueDate: '2026-05-03', lines: [{ description: 'back', unitPrice: 40, taxRateId: vat }] },
      })
    ).body;
    await http(t.url, `/api/v1/credit-notes/${note.id}/void`, { key: co.key, body: { date: '2026-06-01' } });
    const summaryOf = async (from: string, to: string) =>
      (await gql(t.url, co.key, `{ taxSummary(from: "${from}", to: "${to}") { rows { taxableAmount taxCollected } } }`)).body.data
        .taxSummary.rows;
    expect(await summaryOf('2026-05-01', '2026-05-31')).toEqual([{ taxableAmount: '60.00', taxCollected: '12.00' }]);
    expect(await summaryOf('2026-06-01', '2026-06-30')).toEqual([{ taxableAmount: '40.00', taxCollected: '8.00' }]);
  });
});

describe('walls and GraphQL', () => {
  it("keeps another organization's credit notes and invoices out of reach", async () => {
    const other = await t.tenant('Other Returns Co');
    const theirCustomer = (await http(t.url, '/api/v1/customers', { key: other.key, body: { name: 'Theirs' } })).body.id;
    const theirNote = (
      await http(t.url, '/api/v1/credit-notes', {
        key: other.key,
        body: { customerId: theirCustomer, lines: [{ description: 'x', unitPrice: 5 }] },
      })
    ).body;
    const theirInvoice = (
      await http(t.url, '/api/v1/invoices', {
        key: other.key,
        body: { customerId: theirCustomer, lines: [{ description: 'x', unitPrice: 5 }] },
      })
    ).body;
    expectProblem(await http(t.url, `/api/v1/credit-notes/${theirNote.id}`, { key }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/credit-notes/${theirNote.id}/refund`, { key, body: { amount: 1 } }), 404, 'NOT_FOUND');
    const mine = (await creditNote(1)).body;
    const applied = await http(t.url, `/api/v1/credit-notes/${mine.id}/apply`, {
      key,
      body: { allocations: [{ invoiceId: theirInvoice.id, amount: 1 }] },
    });
    expect(applied.body.errors).toContainEqual({ path: 'allocations.0.invoiceId', message: `no invoice with id "${theirInvoice.id}"` });
    expect((await http(t.url, `/api/v1/invoices/${theirInvoice.id}`, { key: other.key })).body.amountCredited).toBe(0);
  });

  it('is issued and applied through GraphQL, and the invoice shows where its credit came from', async () => {
    const inv = await invoice(40);
    const created = await gql(
      t.url,
      key,
      `mutation { createCreditNote(input: { customerId: "${customerId}", lines: [{ description: "Damaged", unitPrice: "15" }] }) { ` +
        `id number remainingCredit customer { name } } }`,
    );
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data.createCreditNote.id;
    const applied = await gql(
      t.url,
      key,
      `mutation { applyCreditNote(id: "${id}", input: { allocations: [{ invoiceId: "${inv.id}", amount: "15" }] }) { status ` +
        `remainingCredit allocations { amount invoice { number amountCredited amountDue creditAllocations { creditNote { number } ` +
        `amount } } } } }`,
    );
    expect(applied.body.errors).toBeUndefined();
    expect(applied.body.data.applyCreditNote).toEqual({
      status: 'CLOSED',
      remainingCredit: '0.00',
      allocations: [
        {
          amount: '15.00',
          invoice: {
            number: inv.number,
            amountCredited: '15.00',
            amountDue: '25.00',
            creditAllocations: [{ creditNote: { number: created.body.data.createCreditNote.number }, amount: '15.00' }],
          },
        },
      ],
    });
    expect(organizationId).toMatch(/^org_/);
  });
});
