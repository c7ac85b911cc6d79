// Tax rates as integrators use them: managed over REST and GraphQL, named on invoice lines, their tax
// posted to the rate's own liability account, and refused with the field at fault when misused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;
let nyTaxAccount: string;
let incomeAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Tax Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Buyer Ltd' } })).body.id;
  nyTaxAccount = (await http(t.url, '/api/v1/accounts', { key, body: { code: '2210', name: 'NY sales tax payable', type: 'liability' } }))
    .body.id;
  incomeAccount = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data.find((a: { code: string }) => a.code === '4000').id;
});
afterAll(() => t.close());

/** The invoice's posting as [account code, debit, credit] rows. */
async function postingOf(journalEntryId: string) {
  const entry = (await http(t.url, `/api/v1/journal-entries/${journalEntryId}`, { key })).body;
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  return entry.lines.map((l: { accountId: string; debit: number; credit: number }) => [
    accounts.find((a) => a.id === l.accountId)!.code,
    l.debit,
    l.credit,
  ]);
}

const invoiceCount = async () => (await http(t.url, '/api/v1/invoices?limit=1', { key })).body.total as number;

describe('the tax rate resource', () => {
  it('is created, read, listed and changed over REST, with events', async () => {
    const created = await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'NY 8.875%', rate: 8.875, salesAccountId: nyTaxAccount } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'NY 8.875%',
      rate: 8.875,
      salesAccountId: nyTaxAccount,
      purchaseAccountId: null,
      active: true,
    });
    expect(created.body.id).toMatch(/^txr_[0-9a-z]{26}$/);
    expect(created.headers.get('location')).toBe(`/api/v1/tax-rates/${created.body.id}`);
    expect((await http(t.url, `/api/v1/tax-rates/${created.body.id}`, { key })).body).toEqual(created.body);
    const list = await http(t.url, '/api/v1/tax-rates', { key });
    expect(list.body).toMatchObject({ total: 1, page: 1, data: [created.body] });
    const renamed = await http(t.url, `/api/v1/tax-rates/${created.body.id}`, { method: 'PATCH', key, body: { name: 'New York 8.875%' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'New York 8.875%', rate: 8.875 });
    const events = (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as {
      type: string;
      data: { object: { id: string } };
    }[];
    expect(events.filter((e) => e.data.object.id === created.body.id).map((e) => e.type)).toEqual(
      expect.arrayContaining(['tax_rate.created', 'tax_rate.updated']),
    );
  });

  it('refuses bad input with the field at fault, and writes nothing', async () => {
    const before = (await http(t.url, '/api/v1/tax-rates', { key })).body.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'No rate' }, 'rate'],
      [{ name: 'Too high', rate: 101 }, 'rate'],
      [{ name: 'Five decimals', rate: 1.23456 }, 'rate'],
      [{ rate: 5 }, 'name'],
      [{ name: 'New York 8.875%', rate: 5 }, 'name'],
      [{ name: 'Income as tax', rate: 5, salesAccountId: incomeAccount }, 'salesAccountId'],
      [{ name: 'Unknown account', rate: 5, salesAccountId: 'acct_00000000000000000000000000' }, 'salesAccountId'],
    ];
    for (const [body, field] of cases) {
      const response = await http(t.url, '/api/v1/tax-rates', { key, body });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(
        response.body.errors.map((e: { path: string }) => e.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await http(t.url, '/api/v1/tax-rates', { key })).body.total).toBe(before);
  });

  it("is another organization's only to that organization", async () => {
    const other = await t.tenant('Other Co');
    const theirs = await http(t.url, '/api/v1/tax-rates', { key: other.key, body: { name: 'Theirs', rate: 5 } });
    expect(theirs.status).toBe(201);
    expectProblem(await http(t.url, `/api/v1/tax-rates/${theirs.body.id}`, { key }), 404, 'NOT_FOUND');
    expectProblem(
      await http(t.url, `/api/v1/tax-rates/${theirs.body.id}`, { method: 'PATCH', key, body: { name: 'Mine now' } }),
      404,
      'NOT_FOUND',
    );
    // Nor can an invoice name it, nor a rate point at their accounts.
    const before = await invoiceCount();
    const invoice = await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId, lines: [{ description: 'x', unitPrice: 10, taxRateId: theirs.body.id }] },
    });
    expectProblem(invoice, 400, 'VALIDATION_FAILED');
    expect(invoice.body.errors).toContainEqual({ path: 'lines.0.taxRateId', message: `no tax rate with id "${theirs.body.id}"` });
    expect(await invoiceCount()).toBe(before);
    const theirAccount = (await http(t.url, '/api/v1/accounts?limit=100', { key: other.key })).body.data.find(
      (a: { code: string }) => a.code === '2200',
    ).id;
    const pointing = await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'Pointing out', rate: 5, salesAccountId: theirAccount } });
    expect(pointing.body.errors).toContainEqual({ path: 'salesAccountId', message: `no account with id "${theirAccount}"` });
  });

  it('needs the tax_rates scopes', async () => {
    const invoicesOnly = (await createApiKey(t.db.prisma, organizationId, 'invoices only', { scopes: ['invoices:write'] })).plaintext;
    const refused = await http(t.url, '/api/v1/tax-rates', { key: invoicesOnly });
    expectProblem(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(refused.body.requiredScope).toBe('tax_rates:read');
    const reader = (await createApiKey(t.db.prisma, organizationId, 'reader', { scopes: ['tax_rates:read'] })).plaintext;
    expect((await http(t.url, '/api/v1/tax-rates', { key: reader })).status).toBe(200);
    const write = await http(t.url, '/api/v1/tax-rates', { key: reader, body: { name: 'Not allowed', rate: 1 } });
    expectProblem(write, 403, 'INSUFFICIENT_SCOPE');
    expect(write.body.requiredScope).toBe('tax_rates:write');
  });
});

describe('a tax rate on invoice lines', () => {
  let rateId: string;
  beforeAll(async () => {
    rateId = (await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'City 10%', rate: 10, salesAccountId: nyTaxAccount } })).body.id;
  });

  it(
    "gives the line its percentage and posts its tax to the rate's account; a bare percentage still posts to the sales tax " + 'account',
    async () => {
      const response = await http(t.url, '/api/v1/invoices', {
        key,
        body: {
          customerId,
          issueDate: '2026-03-02',
          lines: [
            { description: 'Rated', unitPrice: 100, taxRateId: rateId },
            { description: 'Bare', unitPrice: 50, taxRate: 8 },
            { description: 'Untaxed', unitPrice: 1 },
          ],
        },
      });
      expect(response.status).toBe(201);
      expect(
        response.body.lines.map((l: { taxRate: number; taxRateId: string | null; taxAmount: number }) => [
          l.taxRate,
          l.taxRateId,
          l.taxAmount,
        ]),
      ).toEqual([
        [10, rateId, 10],
        [8, null, 4],
        [null, null, 0], // no tax: null, not a 0 % rate
      ]);
      expect(response.body.total).toBe(165);
      expect(await postingOf(response.body.journalEntryId)).toEqual([
        ['1200', 165, 0],
        ['4000', 0, 151],
        ['2210', 0, 10],
        ['2200', 0, 4],
      ]);
      // Voiding reverses the same accounts.
      const voided = await http(t.url, `/api/v1/invoices/${response.body.id}/void`, { key, body: {} });
      expect(voided.status).toBe(200);
      const entries = (await http(t.url, '/api/v1/journal-entries?limit=100', { key })).body.data as {
        id: string;
        sourceType: string;
        reference: string;
      }[];
      const reversal = entries.find((e) => e.sourceType === 'invoice_void' && e.reference === response.body.number)!;
      expect(await postingOf(reversal.id)).toEqual([
        ['1200', 0, 165],
        ['4000', 151, 0],
        ['2210', 10, 0],
        ['2200', 4, 0],
      ]);
    },
  );

  it("posts a draft's tax to the rate's account when the draft is finalized", async () => {
    const draft = await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId, issueDate: '2026-03-03', draft: true, lines: [{ description: 'Later', unitPrice: 20, taxRateId: rateId }] },
    });
    expect(draft.body).toMatchObject({ status: 'draft', taxTotal: 2, journalEntryId: null });
    const finalized = await http(t.url, `/api/v1/invoices/${draft.body.id}/finalize`, { key, body: {} });
    expect(finalized.status).toBe(200);
    expect(await postingOf(finalized.body.journalEntryId)).toEqual([
      ['1200', 22, 0],
      ['4000', 0, 20],
      ['2210', 0, 2],
    ]);
  });

  it('refuses a line naming a rate and a bare percentage, or an inactive rate, and writes nothing', async () => {
    const before = await invoiceCount();
    const both = await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId, lines: [{ description: 'x', unitPrice: 10, taxRateId: rateId, taxRate: 5 }] },
    });
    expectProblem(both, 400, 'VALIDATION_FAILED');
    expect(both.body.errors).toContainEqual({
      path: 'lines.0.taxRateId',
      message: 'give either taxRateId or taxRate (a bare percentage), not both',
    });
    const retired = (await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'Retired 3%', rate: 3 } })).body.id;
    await http(t.url, `/api/v1/tax-rates/${retired}`, { method: 'PATCH', key, body: { active: false } });
    const inactive = await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId, lines: [{ description: 'x', unitPrice: 10, taxRateId: retired }] },
    });
    expect(inactive.body.errors).toContainEqual({ path: 'lines.0.taxRateId', message: 'is an inactive tax rate' });
    expect(await invoiceCount()).toBe(before);
  });

  it('keeps its percentage once a document uses it; until then it may change', async () => {
    const unused = (await http(t.url, '/api/v1/tax-rates', { key, body: { name: 'Unused 4%', rate: 4 } })).body.id;
    expect((await http(t.url, `/api/v1/tax-rates/${unused}`, { method: 'PATCH', key, body: { rate: 4.5 } })).body.rate).toBe(4.5);
    const used = await http(t.url, `/api/v1/tax-rates/${rateId}`, { method: 'PATCH', key, body: { rate: 12 } });
    expectProblem(used, 400, 'VALIDATION_FAILED');
    expect(used.body.errors).toContainEqual({
      path: 'rate',
      message: 'cannot change once a document uses this tax rate; create a new tax rate and deactivate this one',
    });
    expect((await http(t.url, `/api/v1/tax-rates/${rateId}`, { key })).body.rate).toBe(10);
  });

  it('is read through GraphQL: the rates, and the rate an invoice line applied', async () => {
    const created = await gql(
      t.url,
      key,
      `mutation { createInvoice(input: { customerId: "${customerId}", lines: [{ description: "G", unitPrice: "30", taxRateId: ` +
        `"${rateId}" }] }) { lines { taxRate taxAmount appliedTaxRate { id name rate salesAccount { code } } } } }`,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createInvoice.lines).toEqual([
      { taxRate: '10', taxAmount: '3.00', appliedTaxRate: { id: rateId, name: 'City 10%', rate: '10', salesAccount: { code: '2210' } } },
    ]);
    const rates = await gql(t.url, key, '{ taxRates(first: 10, filter: { active: true }) { totalCount edges { node { name rate } } } }');
    expect(rates.body.errors).toBeUndefined();
    expect(rates.body.data.taxRates.edges.map((e: { node: { name: string } }) => e.node.name)).toContain('City 10%');
    expect(rates.body.data.taxRates.edges.map((e: { node: { name: string } }) => e.node.name)).not.toContain('Retired 3%');
  });
});

describe('the tax summary', () => {
  const summaryOf = async (k: string, from: string, to: string) => {
    const response = await gql(
      t.url,
      k,
      `{ taxSummary(from: "${from}", to: "${to}") { rows { taxRate { name } rate account { code } taxableAmount taxCollected ` +
        `taxPaid netTax } totalTaxableAmount totalTaxCollected totalNetTax } }`,
    );
    expect(response.body.errors).toBeUndefined();
    return response.body.data.taxSummary;
  };

  it('reports, per rate and bare percentage, what invoices posted in the period taxed, less what voids in it took back', async () => {
    const shop = await t.tenant('Summary Co');
    const buyer = (await http(t.url, '/api/v1/customers', { key: shop.key, body: { name: 'Buyer' } })).body.id;
    const cityAccount = (
      await http(t.url, '/api/v1/accounts', { key: shop.key, body: { code: '2220', name: 'City tax payable', type: 'liability' } })
    ).body.id;
    const city = (
      await http(t.url, '/api/v1/tax-rates', { key: shop.key, body: { name: 'City 2.5%', rate: 2.5, salesAccountId: cityAccount } })
    ).body.id;
    const state = (await http(t.url, '/api/v1/tax-rates', { key: shop.key, body: { name: 'State 6%', rate: 6 } })).body.id;
    const invoice = async (issueDate: string, lines: object[], draft = false) =>
      (await http(t.url, '/api/v1/invoices', { key: shop.key, body: { customerId: buyer, issueDate, draft, lines } })).body;
    await invoice('2026-03-05', [
      { description: 'a', unitPrice: 200, taxRateId: city },
      { description: 'b', unitPrice: 100, taxRateId: state },
    ]);
    const voided = await invoice('2026-03-20', [
      { description: 'c', unitPrice: 40, taxRateId: state },
      { description: 'd', unitPrice: 10, taxRate: 8 },
      { description: 'e', unitPrice: 7 },
      { description: 'zero-rated', unitPrice: 3, taxRate: 0 },
    ]);
    await invoice('2026-03-25', [{ description: 'never posted', unitPrice: 999, taxRateId: state }], true);
    await invoice('2026-04-02', [{ description: 'April', unitPrice: 1000, taxRateId: city }]);
    expect((await http(t.url, `/api/v1/invoices/${voided.id}/void`, { key: shop.key, body: { date: '2026-04-10' } })).status).toBe(200);

    const march = await summaryOf(shop.key, '2026-03-01', '2026-03-31');
    expect(march.rows).toEqual([
      {
        taxRate: { name: 'City 2.5%' },
        rate: '2.5',
        account: { code: '2220' },
        taxableAmount: '200.00',
        taxCollected: '5.00',
        taxPaid: '0.00',
        netTax: '5.00',
      },
      {
        taxRate: { name: 'State 6%' },
        rate: '6',
        account: { code: '2200' },
        taxableAmount: '140.00',
        taxCollected: '8.40',
        taxPaid: '0.00',
        netTax: '8.40',
      },
      // A zero rate is reported; the line with no tax ('e') is in no row.
      { taxRate: null, rate: '0', account: { code: '2200' }, taxableAmount: '3.00', taxCollected: '0.00', taxPaid: '0.00', netTax: '0.00' },
      {
        taxRate: null,
        rate: '8',
        account: { code: '2200' },
        taxableAmount: '10.00',
        taxCollected: '0.80',
        taxPaid: '0.00',
        netTax: '0.80',
      },
    ]);
    expect(march).toMatchObject({ totalTaxableAmount: '353.00', totalTaxCollected: '14.20', totalNetTax: '14.20' });
    // April: a new invoice, and the void taking March's tax back.
    const april = await summaryOf(shop.key, '2026-04-01', '2026-04-30');
    expect(
      april.rows.map((r: { taxRate: { name: string } | null; rate: string; taxableAmount: string; netTax: string }) => [
        r.taxRate?.name ?? null,
        r.rate,
        r.taxableAmount,
        r.netTax,
      ]),
    ).toEqual([
      ['City 2.5%', '2.5', '1000.00', '25.00'],
      ['State 6%', '6', '-40.00', '-2.40'],
      [null, '0', '-3.00', '0.00'],
      [null, '8', '-10.00', '-0.80'],
    ]);

    // Each tax account moved, through the period's postings, by the sum of its rows.
    for (const [from, to, summary] of [
      ['2026-03-01', '2026-03-31', march],
      ['2026-04-01', '2026-04-30', april],
      ['2026-03-01', '2026-04-30', await summaryOf(shop.key, '2026-03-01', '2026-04-30')],
    ] as const) {
      for (const code of ['2200', '2220']) {
        const account = await t.db.prisma.account.findFirstOrThrow({ where: { organizationId: shop.organizationId, code } });
        const lines = await t.db.prisma.journalLine.findMany({ where: { accountId: account.id, date: { gte: from, lte: to } } });
        const moved = lines.reduce((sum, l) => sum + l.credit - l.debit, 0n);
        const reported = summary.rows
          .filter((r: { account: { code: string } }) => r.account.code === code)
          .reduce((sum: bigint, r: { netTax: string }) => sum + BigInt(r.netTax.replace('.', '')), 0n);
        expect(reported, `${code} ${from}..${to}`).toBe(moved);
      }
    }
  });

  it('refuses a period that ends before it starts, and needs reports:read', async () => {
    const backwards = await gql(t.url, key, '{ taxSummary(from: "2026-03-31", to: "2026-03-01") { totalNetTax } }');
    expect(backwards.body.errors[0]).toMatchObject({ extensions: { code: 'VALIDATION_FAILED' } });
    const noReports = (await createApiKey(t.db.prisma, organizationId, 'no reports', { scopes: ['tax_rates:read', 'accounts:read'] }))
      .plaintext;
    const refused = await gql(t.url, noReports, '{ taxSummary(from: "2026-03-01", to: "2026-03-31") { totalNetTax } }');
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'reports:read' });
  });
});

describe('no tax is not a zero rate, and every document that sells follows one rule', () => {
  const rowsOf = async (k: string, from: string, to: string) => {
    const response = await gql(
      t.url,
      k,
      `{ taxSummary(from: "${from}", to: "${to}") { rows { taxRate { name } rate account { code } purchaseAccount { code } ` +
        `taxableAmount taxCollected taxablePurchases taxPaid } totalTaxableAmount totalTaxablePurchases } }`,
    );
    expect(response.body.errors).toBeUndefined();
    return response.body.data.taxSummary;
  };
  const accountsOf = async (k: string) =>
    Object.fromEntries(
      (await http(t.url, '/api/v1/accounts?limit=100', { key: k })).body.data.map((a: { code: string; id: string }) => [a.code, a.id]),
    );

  it('leaves untaxed lines out of the summary on both sides, and reports zero-rated sales and purchases', async () => {
    const co = await t.tenant('Untaxed Co');
    const accounts = await accountsOf(co.key);
    const buyer = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Buyer' } })).body.id;
    const seller = (await http(t.url, '/api/v1/vendors', { key: co.key, body: { name: 'Seller' } })).body.id;
    const zero = (await http(t.url, '/api/v1/tax-rates', { key: co.key, body: { name: 'Zero', rate: 0 } })).body.id;
    const invoice = await http(t.url, '/api/v1/invoices', {
      key: co.key,
      body: {
        customerId: buyer,
        issueDate: '2026-07-01',
        lines: [
          { description: 'untaxed', unitPrice: 100 },
          { description: 'zero', unitPrice: 40, taxRateId: zero },
        ],
      },
    });
    expect(invoice.body.lines.map((l: { taxRate: number | null }) => l.taxRate)).toEqual([null, 0]);
    const bill = await http(t.url, '/api/v1/bills', {
      key: co.key,
      body: {
        vendorId: seller,
        issueDate: '2026-07-02',
        lines: [
          { description: 'untaxed', unitPrice: 70, accountId: accounts['6000'] },
          { description: 'zero', unitPrice: 30, accountId: accounts['6000'], taxRateId: zero },
        ],
      },
    });
    expect(bill.status).toBe(201);
    expect(bill.body.lines.map((l: { taxRate: number | null }) => l.taxRate)).toEqual([null, 0]);
    const receipt = await http(t.url, '/api/v1/sales-receipts', {
      key: co.key,
      body: { date: '2026-07-03', lines: [{ description: 'untaxed', unitPrice: 9 }] },
    });
    expect(receipt.body.lines[0].taxRate).toBeNull();

    const summary = await rowsOf(co.key, '2026-07-01', '2026-07-31');
    expect(summary.rows).toEqual([
      {
        taxRate: { name: 'Zero' },
        rate: '0',
        account: { code: '2200' },
        purchaseAccount: { code: '1400' },
        taxableAmount: '40.00',
        taxCollected: '0.00',
        taxablePurchases: '30.00',
        taxPaid: '0.00',
      },
    ]);
    expect(summary).toMatchObject({ totalTaxableAmount: '40.00', totalTaxablePurchases: '30.00' });
  });

  it("names in each row the account the tax was posted to, also after the rate's account changed", async () => {
    const co = await t.tenant('Moved Tax Co');
    const buyer = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Buyer' } })).body.id;
    const newAccount = (
      await http(t.url, '/api/v1/accounts', { key: co.key, body: { code: '2230', name: 'VAT payable (new)', type: 'liability' } })
    ).body.id;
    const vat = (await http(t.url, '/api/v1/tax-rates', { key: co.key, body: { name: 'VAT 10%', rate: 10 } })).body.id;
    await http(t.url, '/api/v1/invoices', {
      key: co.key,
      body: { customerId: buyer, issueDate: '2026-08-03', lines: [{ description: 'before', unitPrice: 100, taxRateId: vat }] },
    });
    const draft = (
      await http(t.url, '/api/v1/invoices', {
        key: co.key,
        body: { customerId: buyer, issueDate: '2026-08-04', draft: true, lines: [{ description: 'draft', unitPrice: 50, taxRateId: vat }] },
      })
    ).body.id;
    expect(
      (await http(t.url, `/api/v1/tax-rates/${vat}`, { key: co.key, method: 'PATCH', body: { salesAccountId: newAccount } })).status,
    ).toBe(200);
    await http(t.url, '/api/v1/invoices', {
      key: co.key,
      body: { customerId: buyer, issueDate: '2026-08-05', lines: [{ description: 'after', unitPrice: 300, taxRateId: vat }] },
    });
    // posts now: to the new account
    expect((await http(t.url, `/api/v1/invoices/${draft}/finalize`, { key: co.key, body: {} })).status).toBe(200);

    const rows = (await rowsOf(co.key, '2026-08-01', '2026-08-31')).rows.map((r: { account: { code: string }; taxCollected: string }) => [
      r.account.code,
      r.taxCollected,
    ]);
    expect(rows).toEqual([
      ['2200', '10.00'],
      ['2230', '35.00'],
    ]);
    // The trial balance agrees, account by account.
    const balances = (await gql(t.url, co.key, '{ trialBalance(asOf: "2026-08-31") { rows { account { code } credit } } }')).body.data
      .trialBalance.rows;
    const credit = (code: string) => balances.find((r: { account: { code: string } }) => r.account.code === code)?.credit;
    expect([credit('2200'), credit('2230')]).toEqual(['10.00', '35.00']);
  });

  it("gives a sales receipt and a credit note line its product's default tax, or a bare percentage, as an invoice line", async () => {
    const co = await t.tenant('Till Co');
    const buyer = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Buyer' } })).body.id;
    const taxed = (await http(t.url, '/api/v1/products', { key: co.key, body: { name: 'Taxed', unitPrice: 10, taxRate: 20 } })).body;
    const untaxed = (await http(t.url, '/api/v1/products', { key: co.key, body: { name: 'Untaxed', unitPrice: 10 } })).body;
    expect([taxed.taxRate, untaxed.taxRate]).toEqual([20, null]);
    const lines = [{ productId: taxed.id }, { productId: untaxed.id }, { description: 'bare', unitPrice: 10, taxRate: 5 }];
    const figures = (body: { lines: { taxRate: number | null; taxAmount: number }[] }) => body.lines.map((l) => [l.taxRate, l.taxAmount]);
    const expected = [
      [20, 2],
      [null, 0],
      [5, 0.5],
    ];
    const invoice = await http(t.url, '/api/v1/invoices', { key: co.key, body: { customerId: buyer, lines } });
    const receipt = await http(t.url, '/api/v1/sales-receipts', { key: co.key, body: { lines } });
    const note = await http(t.url, '/api/v1/credit-notes', { key: co.key, body: { customerId: buyer, lines } });
    for (const response of [invoice, receipt, note]) {
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(figures(response.body)).toEqual(expected);
    }
  });

  it('refuses a refund receipt dated before the sale it refunds', async () => {
    const co = await t.tenant('Refund Date Co');
    const sale = (
      await http(t.url, '/api/v1/sales-receipts', {
        key: co.key,
        body: { date: '2026-03-10', lines: [{ description: 'Kettle', unitPrice: 40 }] },
      })
    ).body;
    const early = await http(t.url, '/api/v1/sales-receipts', {
      key: co.key,
      body: { kind: 'refund', refundOfId: sale.id, date: '2026-03-01', lines: [{ description: 'Kettle back', unitPrice: 40 }] },
    });
    expectProblem(early, 400, 'VALIDATION_FAILED');
    expect(early.body.errors).toEqual([{ path: 'date', message: `must not be before 2026-03-10, the date of ${sale.number} it refunds` }]);
    expect((await http(t.url, '/api/v1/sales-receipts?kind=refund', { key: co.key })).body.total).toBe(0);
    expect(
      (
        await http(t.url, '/api/v1/sales-receipts', {
          key: co.key,
          body: { kind: 'refund', refundOfId: sale.id, date: '2026-03-10', lines: [{ description: 'Kettle back', unitPrice: 40 }] },
        })
      ).status,
    ).toBe(201);
  });
});
