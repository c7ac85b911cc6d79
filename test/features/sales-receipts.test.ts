// Sales receipts as a till and a web shop use them: a sale paid at once in one call (Dr bank or cash,
// Cr revenue, Cr tax), refunds for returns (the mirror), voids, refused input that writes nothing,
// tenant walls and scopes, and the tax summary counting them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { SCOPE_PRESETS } from '../../src/core/scopes.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;
let cityRate: string;
let codeOf: Map<string, string>;
let idOf: (code: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Till Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Regular Ltd' } })).body.id;
  await http(t.url, '/api/v1/accounts', { key, body: { code: '2210', name: 'City tax payable', type: 'liability' } });
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  idOf = (code) => accounts.find((a) => a.code === code)!.id;
  cityRate = (await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'City 10%', rate: 10, salesAccountId: idOf('2210') } })).body.id;
});
afterAll(() => t.close());

async function postingOf(journalEntryId: string) {
  const entry = (await http(t.url, `/api/v1/journal-entries/${journalEntryId}`, { key })).body;
  return entry.lines.map((l: { accountId: string; debit: number; credit: number }) => [codeOf.get(l.accountId), l.debit, l.credit]);
}
const counts = async () => ({
  receipts: (await http(t.url, '/api/v1/sales-receipts?limit=1', { key })).body.total as number,
  entries: (await http(t.url, '/api/v1/journal-entries?limit=1', { key })).body.total as number,
});

describe('a sales receipt', () => {
  let sale: { id: string; number: string; total: number };

  it("records a walk-in sale in one call and posts Dr the till's cash account, Cr revenue, Cr the rate's tax account", async () => {
    const response = await http(t.url, '/api/v1/sales-receipts', {
      key,
      body: {
        date: '2026-03-02',
        depositAccountId: idOf('1000'),
        paymentMethod: 'cash',
        reference: 'TILL-7',
        lines: [
          { description: 'Coffee beans', quantity: 2, unitPrice: 12.5, taxRateId: cityRate },
          { description: 'Mug', unitPrice: 8 },
        ],
      },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/v1/sales-receipts/${response.body.id}`);
    expect(response.body).toMatchObject({
      number: 'SR-0001',
      kind: 'sale',
      status: 'posted',
      customerId: null,
      date: '2026-03-02',
      paymentMethod: 'cash',
      reference: 'TILL-7',
      subtotal: 33,
      taxTotal: 2.5,
      total: 35.5,
      refundOfId: null,
    });
    expect(response.body.id).toMatch(/^sr_[0-9a-z]{26}$/);
    expect(
      response.body.lines.map((l: { id: string; taxRateId: string | null; taxAmount: number }) => [
        l.id.slice(0, 4),
        l.taxRateId,
        l.taxAmount,
      ]),
    ).toEqual([
      ['srl_', cityRate, 2.5],
      ['srl_', null, 0],
    ]);
    expect(await postingOf(response.body.journalEntryId)).toEqual([
      ['1000', 35.5, 0],
      ['4000', 0, 33],
      ['2210', 0, 2.5],
    ]);
    expect((await http(t.url, `/api/v1/sales-receipts/${response.body.id}`, { key })).body).toEqual(response.body);
    const events = (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as {
      type: string;
      data: { object: { id: string; sourceType?: string } };
    }[];
    expect(events.filter((e) => e.data.object.id === response.body.id).map((e) => e.type)).toEqual(['sales_receipt.created']);
    expect(events.find((e) => e.data.object.id === response.body.journalEntryId)).toMatchObject({
      type: 'journal_entry.created',
      data: { object: { sourceType: 'sales_receipt' } },
    });
    sale = response.body;
  });

  it('refunds a return with the mirror posting, within what the sale took', async () => {
    const withCustomer = (
      await http(t.url, '/api/v1/sales-receipts', {
        key,
        body: { customerId, date: '2026-03-03', lines: [{ description: 'Kettle', unitPrice: 40, taxRateId: cityRate }] },
      })
    ).body;
    expect(withCustomer).toMatchObject({ number: 'SR-0002', customerId, total: 44, depositAccountId: idOf('1010') });
    const refund = await http(t.url, '/api/v1/sales-receipts', {
      key,
      body: {
        kind: 'refund',
        refundOfId: withCustomer.id,
        date: '2026-03-05',
        lines: [{ description: 'Kettle returned', unitPrice: 20, taxRateId: cityRate }],
      },
    });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ number: 'RR-0003', kind: 'refund', customerId, refundOfId: withCustomer.id, total: 22 });
    expect(await postingOf(refund.body.journalEntryId)).toEqual([
      ['1010', 0, 22],
      ['4000', 20, 0],
      ['2210', 2, 0],
    ]);
    const before = await counts();
    const tooMuch = await http(t.url, '/api/v1/sales-receipts', {
      key,
      body: { kind: 'refund', refundOfId: withCustomer.id, lines: [{ description: 'More', unitPrice: 20.01, taxRateId: cityRate }] },
    });
    expectProblem(tooMuch, 400, 'VALIDATION_FAILED');
    expect(tooMuch.body.errors).toEqual([
      { path: 'lines', message: `refunds of ${withCustomer.number} would come to 44.01, more than its total 44.00` },
    ]);
    const ofRefund = await http(t.url, '/api/v1/sales-receipts', {
      key,
      body: { kind: 'refund', refundOfId: refund.body.id, lines: [{ description: 'x', unitPrice: 1 }] },
    });
    expect(ofRefund.body.errors).toContainEqual({ path: 'refundOfId', message: `${refund.body.number} is a refund, not a sale` });
    const saleNamingSale = await http(t.url, '/api/v1/sales-receipts', {
      key,
      body: { refundOfId: withCustomer.id, lines: [{ description: 'x', unitPrice: 1 }] },
    });
    expect(saleNamingSale.body.errors).toContainEqual({ path: 'refundOfId', message: 'only a refund names the sale it refunds' });
    expect(await counts()).toEqual(before);

    // A sale whose refunds stand is not voided; once the refund is void, it is.
    expectProblem(await http(t.url, `/api/v1/sales-receipts/${withCustomer.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');
    const voidedRefund = await http(t.url, `/api/v1/sales-receipts/${refund.body.id}/void`, { key, body: { date: '2026-03-06' } });
    expect(voidedRefund.body).toMatchObject({ status: 'void' });
    expect(await postingOf(voidedRefund.body.voidJournalEntryId)).toEqual([
      ['1010', 22, 0],
      ['4000', 0, 20],
      ['2210', 0, 2],
    ]);
    const voidedSale = await http(t.url, `/api/v1/sales-receipts/${withCustomer.id}/void`, { key, body: { reason: 'rung up twice' } });
    expect(voidedSale.body).toMatchObject({ status: 'void' });
    expectProblem(await http(t.url, `/api/v1/sales-receipts/${withCustomer.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');
  });

  it('refuses bad input with the field at fault, and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ lines: [] }, 'lines', 'a receipt needs at least one line'],
      [{ lines: [{ description: 'x' }] }, 'lines.0.unitPrice', 'is required when the line has no product'],
      [{ lines: [{ description: 'x', unitPrice: 1, taxRate: 150 }] }, 'lines.0.taxRate'],
      [{ depositAccountId: idOf('4000'), lines: [{ description: 'x', unitPrice: 1 }] }, 'depositAccountId'],
      [
        { lines: [{ description: 'x', unitPrice: 1, accountId: idOf('6000') }] },
        'lines.0.accountId',
        'must be an income account, not expense',
      ],
      [
        { customerId: 'cus_00000000000000000000000000', lines: [{ description: 'x', unitPrice: 1 }] },
        'customerId',
        'no customer with id "cus_00000000000000000000000000"',
      ],
      [{ kind: 'gift', lines: [{ description: 'x', unitPrice: 1 }] }, 'kind'],
      [{ lines: [{ description: 'x', unitPrice: 0 }] }, 'lines', 'the receipt must total more than 0'],
    ];
    for (const [body, field, message] of cases) {
      const response = await http(t.url, '/api/v1/sales-receipts', { key, body });
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

  it('is entered through GraphQL with an idempotency key, listed by kind, and read from its customer', async () => {
    const mutation =
      `mutation($key: String) { createSalesReceipt(idempotencyKey: $key, input: { customerId: "${customerId}", date: ` +
      `"2026-03-10", lines: [{ description: "Gift card", unitPrice: "25" }] }) { id number kind total customer { name } ` +
      `journalEntry { salesReceipt { number } } } }`;
    const first = await gql(t.url, key, mutation, { key: 'till-7-order-99' });
    expect(first.body.errors).toBeUndefined();
    expect((await gql(t.url, key, mutation, { key: 'till-7-order-99' })).body.data.createSalesReceipt.id).toBe(
      first.body.data.createSalesReceipt.id,
    );
    expect(first.body.data.createSalesReceipt).toMatchObject({ kind: 'SALE', total: '25.00', customer: { name: 'Regular Ltd' } });
    expect(first.body.data.createSalesReceipt.journalEntry.salesReceipt.number).toBe(first.body.data.createSalesReceipt.number);
    const listed = await gql(
      t.url,
      key,
      `{ salesReceipts(first: 50, filter: { kind: REFUND }) { totalCount } node(id: "${customerId}") { ... on Customer { ` +
        `salesReceipts(first: 1) { edges { node { number } } } } } }`,
    );
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data.salesReceipts.totalCount).toBe(1);
    expect(listed.body.data.node.salesReceipts.edges[0].node.number).toBe(first.body.data.createSalesReceipt.number);
    expect(sale.number).toBe('SR-0001');
  });
});

describe('walls and scopes', () => {
  it("keeps another organization's receipts out of reach", async () => {
    const other = await t.tenant('Other Till Co');
    const theirs = (await http(t.url, '/api/v1/sales-receipts', { key: other.key, body: { lines: [{ description: 'x', unitPrice: 5 }] } }))
      .body;
    const before = await counts();
    expectProblem(await http(t.url, `/api/v1/sales-receipts/${theirs.id}`, { key }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/sales-receipts/${theirs.id}/void`, { key, body: {} }), 404, 'NOT_FOUND');
    const refund = await http(t.url, '/api/v1/sales-receipts', {
      key,
      body: { kind: 'refund', refundOfId: theirs.id, lines: [{ description: 'x', unitPrice: 1 }] },
    });
    expect(refund.body.errors).toContainEqual({ path: 'refundOfId', message: `no sales receipt with id "${theirs.id}"` });
    expect(await counts()).toEqual(before);
  });

  it('needs sales_receipts:write, which the point-of-sale preset has', async () => {
    const invoicesOnly = (await createApiKey(t.db.prisma, organizationId, 'invoices only', { scopes: ['invoices:write'] })).plaintext;
    const refused = await http(t.url, '/api/v1/sales-receipts', {
      key: invoicesOnly,
      body: { lines: [{ description: 'x', unitPrice: 1 }] },
    });
    expectProblem(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(refused.body.requiredScope).toBe('sales_receipts:write');
    const till = (await createApiKey(t.db.prisma, organizationId, 'till', { scopes: SCOPE_PRESETS.point_of_sale.scopes })).plaintext;
    expect(
      (
        await http(t.url, '/api/v1/sales-receipts', {
          key: till,
          body: { lines: [{ description: 'x', unitPrice: 1, taxRateId: cityRate }] },
        })
      ).status,
    ).toBe(201);
  });
});

describe('the tax summary with receipts', () => {
  it('counts receipts as sales, refunds and voids against them, and ties to the tax account', async () => {
    const co = await t.tenant('Receipts Tax Co');
    const rate = (await http(t.url, '/api/v1/tax-rates', { key: co.key, body: { name: 'VAT 20%', rate: 20 } })).body.id;
    const receipt = async (body: object) => (await http(t.url, '/api/v1/sales-receipts', { key: co.key, body })).body;
    const first = await receipt({
      date: '2026-05-02',
      lines: [
        { description: 'a', unitPrice: 100, taxRateId: rate },
        { description: 'untaxed', unitPrice: 7 },
      ],
    });
    await receipt({
      kind: 'refund',
      refundOfId: first.id,
      date: '2026-05-03',
      lines: [{ description: 'a back', unitPrice: 30, taxRateId: rate }],
    });
    const voided = await receipt({ date: '2026-05-04', lines: [{ description: 'b', unitPrice: 50, taxRateId: rate }] });
    await http(t.url, `/api/v1/sales-receipts/${voided.id}/void`, { key: co.key, body: { date: '2026-06-01' } });
    const summaryOf = async (from: string, to: string) =>
      (
        await gql(
          t.url,
          co.key,
          `{ taxSummary(from: "${from}", to: "${to}") { rows { taxRate { name } rate taxableAmount taxCollected } } }`,
        )
      ).body.data.taxSummary.rows;
    expect(await summaryOf('2026-05-01', '2026-05-31')).toEqual([
      { taxRate: { name: 'VAT 20%' }, rate: '20', taxableAmount: '120.00', taxCollected: '24.00' }, // the untaxed line is in no row
    ]);
    expect(await summaryOf('2026-06-01', '2026-06-30')).toEqual([
      { taxRate: { name: 'VAT 20%' }, rate: '20', taxableAmount: '-50.00', taxCollected: '-10.00' },
    ]);
    const taxAccount = (await http(t.url, '/api/v1/accounts?limit=100', { key: co.key })).body.data.find(
      (a: { code: string }) => a.code === '2200',
    ).id;
    for (const [from, to, collected] of [
      ['2026-05-01', '2026-05-31', 2400n],
      ['2026-06-01', '2026-06-30', -1000n],
    ] as const) {
      const lines = await t.db.prisma.journalLine.findMany({ where: { accountId: taxAccount, date: { gte: from, lte: to } } });
      expect(lines.reduce((sum, l) => sum + l.credit - l.debit, 0n)).toBe(collected);
    }
  });
});
