// Invoices and bills in a foreign currency, as a company that sells in euros and buys in dinars keeps them:
// the document stays in its currency, its posting is in home currency at its rate (its own, else the
// table's on its date) with each journal line remembering the foreign amount; a payment at another rate
// posts the difference to the exchange gains and losses account, and the payment that settles a document
// clears exactly what is left of it, so receivables and payables never keep a cent. Currencies with no
// decimals (JPY) and three (KWD) keep their own minor units. Reports stay in home currency and tie to
// the ledger; aging also per currency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agedPayables, agedReceivables, taxSummary, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Exporters Inc'));
  const rates = [
    { currency: 'EUR', date: '2026-03-01', rate: '1.10' },
    { currency: 'EUR', date: '2026-03-20', rate: '1.12' },
    { currency: 'JPY', date: '2026-03-01', rate: '0.0067' },
    { currency: 'KWD', date: '2026-03-01', rate: '3.25' },
  ];
  expect((await http(t.url, '/api/v1/exchange-rates/bulk', { key, body: { rates } })).status).toBe(200);
});
afterAll(() => t.close());

const post = async (path: string, body: unknown) => http(t.url, path, { key, body });
const customer = async (name: string, currency?: string) => (await post('/api/v1/customers', { name, currency })).body;
const vendor = async (name: string, currency?: string) => (await post('/api/v1/vendors', { name, currency })).body;

async function tenant() {
  return {
    prisma: t.db.prisma,
    organizationId,
    organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } }),
  };
}

/** Net debit of each account code on the trial balance as at `asOf` (0 when absent), and whether it balances. */
async function ledger(asOf: string) {
  const report = await trialBalance(await tenant(), asOf);
  const net = (code: string) => {
    const row = report.rows.find((r) => r.account.code === code);
    return row ? row.debit - row.credit : 0n;
  };
  return { net, balanced: report.totalDebit === report.totalCredit };
}

const entryLines = async (id: string) =>
  ((await http(t.url, `/api/v1/journal-entries/${id}`, { key })).body.lines as Record<string, unknown>[]).map(
    ({ id: _id, lineNo: _n, accountId: _a, description: _d, customerId: _c, vendorId: _v, ...rest }) => rest,
  );

describe('an invoice in euros', () => {
  it('posts at its rate, and a payment at a later rate clears receivables exactly and posts the exchange gain', async () => {
    const eu = await customer('Berlin GmbH', 'eur');
    expect(eu.currency).toBe('EUR');
    const invoice = (
      await post('/api/v1/invoices', {
        customerId: eu.id,
        issueDate: '2026-03-05',
        lines: [{ description: 'Consulting', unitPrice: 100 }],
      })
    ).body;
    expect(invoice).toMatchObject({ currency: 'EUR', total: 100, exchangeRate: '1.1', homeTotal: 110, amountDue: 100 });
    expect(invoice.lines[0]).toMatchObject({ amount: 100, taxAmount: 0, homeAmount: 110, homeTaxAmount: 0 });
    expect(await entryLines(invoice.journalEntryId)).toEqual([
      { debit: 110, credit: 0, currency: 'EUR', foreignAmount: 100 },
      { debit: 0, credit: 110, currency: 'EUR', foreignAmount: 100 },
    ]);

    const paid = await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 100, date: '2026-03-25' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      amount: 100,
      currency: 'EUR',
      exchangeRate: '1.12',
      homeAmount: 112,
      exchangeGain: 2,
      invoiceStatus: 'paid',
      invoiceAmountDue: 0,
    });
    const lines = await entryLines(paid.body.journalEntryId);
    expect(lines).toEqual([
      { debit: 112, credit: 0 },
      { debit: 0, credit: 110, currency: 'EUR', foreignAmount: 100 },
      { debit: 0, credit: 2 },
    ]);

    const after = await ledger('2026-03-31');
    expect(after.balanced).toBe(true);
    expect(after.net('1200')).toBe(0n);
    expect(after.net('6950')).toBe(-200n); // a gain: 2.00 on the credit side
    expect(after.net('1010')).toBe(11200n);
    expect((await http(t.url, `/api/v1/customers/${eu.id}`, { key })).body.balance).toBe(0);

    // Aged as at a date before the payment: the home total in home currency, 100 euros in euros; and the ledger agrees.
    const t0 = await tenant();
    expect((await agedReceivables(t0, '2026-03-21')).totals.total).toBe((await ledger('2026-03-21')).net('1200'));
    expect((await agedReceivables(t0, '2026-03-21')).totals.total).toBe(11000n);
    expect((await agedReceivables(t0, '2026-03-21', 'EUR')).totals.total).toBe(10000n);
    expect((await agedReceivables(t0, '2026-03-21', 'GBP')).rows).toEqual([]);
    const rest = await http(t.url, '/api/v1/reports/aged-receivables?asOf=2026-03-21&currency=EUR', { key });
    expect(rest.body.totals.total).toBe(100);

    const graph = await gql(
      t.url,
      key,
      `query($id: ID!) { node(id: $id) { ... on Invoice { currency exchangeRate homeTotal total amountDue
        lines { unitPrice amount homeAmount } payments { currency exchangeRate amount homeAmount exchangeGain } } } }`,
      { id: invoice.id },
    );
    expect(graph.body.errors).toBeUndefined();
    expect(graph.body.data.node).toEqual({
      currency: 'EUR',
      exchangeRate: '1.1',
      homeTotal: '110.00',
      total: '100.00',
      amountDue: '0.00',
      lines: [{ unitPrice: '100.00', amount: '100.00', homeAmount: '110.00' }],
      payments: [{ currency: 'EUR', exchangeRate: '1.12', amount: '100.00', homeAmount: '112.00', exchangeGain: '2.00' }],
    });
  });

  it('takes its own rate over the table, and a draft takes the table rate of its date when it is posted', async () => {
    const eu = await customer('Lyon SARL', 'EUR');
    const own = (
      await post('/api/v1/invoices', {
        customerId: eu.id,
        issueDate: '2026-03-05',
        exchangeRate: 1.0987,
        lines: [{ description: 'Design', unitPrice: 50, taxRate: 10 }],
      })
    ).body;
    expect(own).toMatchObject({ exchangeRate: '1.0987', total: 55, homeTotal: 60.43 }); // 54.935 → 54.94, tax 5.4935 → 5.49
    const draft = (
      await post('/api/v1/invoices', {
        customerId: eu.id,
        issueDate: '2026-03-22',
        draft: true,
        lines: [{ description: 'Design', unitPrice: 10 }],
      })
    ).body;
    expect(draft).toMatchObject({ status: 'draft', exchangeRate: null, homeTotal: null });
    const finalized = (await post(`/api/v1/invoices/${draft.id}/finalize`, {})).body;
    expect(finalized).toMatchObject({ status: 'open', exchangeRate: '1.12', homeTotal: 11.2 });
  });

  it('reports its tax in home currency at the invoice rate', async () => {
    const eu = await customer('Vienna AG', 'EUR');
    await post('/api/v1/invoices', {
      customerId: eu.id,
      issueDate: '2026-04-02',
      lines: [{ description: 'Goods', unitPrice: 200, taxRate: 20 }],
    });
    const summary = await taxSummary(await tenant(), '2026-04-01', '2026-04-30');
    expect(summary.totalTaxable).toBe(22400n);
    expect(summary.totalCollected).toBe(4480n);
  });
});

describe('currencies without decimals and with three', () => {
  it('keeps yen in whole units and clears receivables over partial payments at two other rates', async () => {
    const jp = await customer('Osaka KK', 'JPY');
    const refused = await post('/api/v1/invoices', {
      customerId: jp.id,
      issueDate: '2026-03-05',
      lines: [{ description: 'x', unitPrice: 10.5 }],
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['lines.0.unitPrice']);

    const invoice = (
      await post('/api/v1/invoices', { customerId: jp.id, issueDate: '2026-03-05', lines: [{ description: 'Parts', unitPrice: 10000 }] })
    ).body;
    expect(invoice).toMatchObject({ currency: 'JPY', total: 10000, homeTotal: 67 });
    const first = await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 3333, date: '2026-03-10', exchangeRate: '0.007' });
    // 3,333 × 0.007 = 23.331 → 23.33 received; 3,333 × 0.0067 = 22.3311 → 22.33 cleared: a gain of 1.00.
    expect(first.body).toMatchObject({ homeAmount: 23.33, exchangeGain: 1, invoiceAmountDue: 6667 });
    const second = await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 6667, date: '2026-03-12', exchangeRate: 0.0065 });
    // 6,667 × 0.0065 = 43.3355 → 43.34 received; the rest of 67.00 is 44.67: a loss of 1.33.
    expect(second.body).toMatchObject({ homeAmount: 43.34, exchangeGain: -1.33, invoiceStatus: 'paid' });
    const graph = await gql(t.url, key, 'query($id: ID!) { node(id: $id) { ... on Invoice { total amountPaid lines { unitPrice } } } }', {
      id: invoice.id,
    });
    expect(graph.body.errors).toBeUndefined();
    expect(graph.body.data.node).toEqual({ total: '10000', amountPaid: '10000', lines: [{ unitPrice: '10000' }] });
  });

  it('keeps dinars in thousandths; a bill paid at a higher rate posts an exchange loss and clears payables', async () => {
    const kw = await vendor('Kuwait Supplies', 'KWD');
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
    const expenses = accounts.find((a) => a.code === '6000')!.id;
    const bill = (
      await post('/api/v1/bills', {
        vendorId: kw.id,
        issueDate: '2026-03-05',
        lines: [{ description: 'Oil', unitPrice: 10.005, accountId: expenses }],
      })
    ).body;
    expect(bill).toMatchObject({ currency: 'KWD', total: 10.005, homeTotal: 32.52 }); // 32.51625
    const paid = await post(`/api/v1/bills/${bill.id}/payments`, { amount: 10.005, date: '2026-03-15', exchangeRate: '3.3' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ currency: 'KWD', homeAmount: 33.02, exchangeGain: -0.5, billStatus: 'paid' });
    const books = await ledger('2026-03-31');
    expect(books.balanced).toBe(true);
    expect(books.net('2000')).toBe(0n);
    const t0 = await tenant();
    expect((await agedPayables(t0, '2026-03-10')).totals.total).toBe(-(await ledger('2026-03-10')).net('2000'));
    expect((await agedPayables(t0, '2026-03-10', 'KWD')).totals.total).toBe(10005n);
  });
});

describe('settling and undoing', () => {
  it('writes off the rest of a foreign invoice at its booked value, and a voided payment puts back its gain', async () => {
    const eu = await customer('Madrid SL', 'EUR');
    const invoice = (
      await post('/api/v1/invoices', { customerId: eu.id, issueDate: '2026-03-05', lines: [{ description: 'Work', unitPrice: 33.33 }] })
    ).body;
    expect(invoice.homeTotal).toBe(36.66); // 36.663
    const payment = (await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 11.11, date: '2026-03-25' })).body;
    expect(payment).toMatchObject({ homeAmount: 12.44, exchangeGain: 0.22 }); // 12.4432 received, 12.221 → 12.22 cleared
    const written = await post(`/api/v1/invoices/${invoice.id}/write-off`, { date: '2026-03-28' });
    expect(written.status).toBe(200);
    const writeOff = await t.db.prisma.invoiceWriteOff.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(writeOff).toMatchObject({ amount: 2222n, currency: 'EUR', homeSettled: 2444n }); // 36.66 − 12.22
    let books = await ledger('2026-03-31');
    expect(books.balanced).toBe(true);
    const receivablesOf = async () =>
      (
        await t.db.prisma.journalLine.aggregate({
          where: { organizationId, customerId: eu.id, account: { code: '1200' } },
          _sum: { debit: true, credit: true },
        })
      )._sum;
    let sums = await receivablesOf();
    expect(sums.debit! - sums.credit!).toBe(0n);

    await post(`/api/v1/invoices/${invoice.id}/write-off/void`, { date: '2026-03-29' });
    const voided = await post(`/api/v1/payments/${payment.id}/void`, { date: '2026-03-30' });
    expect(voided.status).toBe(200);
    sums = await receivablesOf();
    expect(sums.debit! - sums.credit!).toBe(3666n);
    books = await ledger('2026-03-31');
    expect(books.balanced).toBe(true);
    const again = await http(t.url, `/api/v1/invoices/${invoice.id}`, { key });
    expect(again.body).toMatchObject({ status: 'open', amountDue: 33.33 });
  });
});

describe('a bank account in euros', () => {
  it('takes payments in euros only, remembering the euros on its lines', async () => {
    const created = await post('/api/v1/accounts', { code: '1020', name: 'Bank EUR', type: 'asset', subtype: 'bank', currency: 'eur' });
    expect(created.status).toBe(201);
    expect(created.body.currency).toBe('EUR');
    const bank = created.body.id as string;
    const eu = await customer('Porto Lda', 'EUR');
    const invoice = (
      await post('/api/v1/invoices', { customerId: eu.id, issueDate: '2026-03-05', lines: [{ description: 'Cork', unitPrice: 100 }] })
    ).body;
    const paid = await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 100, date: '2026-03-25', depositAccountId: bank });
    expect(paid.status).toBe(201);
    expect(await entryLines(paid.body.journalEntryId)).toEqual([
      { debit: 112, credit: 0, currency: 'EUR', foreignAmount: 100 },
      { debit: 0, credit: 110, currency: 'EUR', foreignAmount: 100 },
      { debit: 0, credit: 2 },
    ]);

    const home = await customer('Local Shop');
    const homeInvoice = (await post('/api/v1/invoices', { customerId: home.id, lines: [{ description: 'x', unitPrice: 10 }] })).body;
    const wrongBank = await post(`/api/v1/invoices/${homeInvoice.id}/payments`, { amount: 10, depositAccountId: bank });
    expect(wrongBank.body.errors).toEqual([{ path: 'depositAccountId', message: 'is a EUR account: only payments in EUR post to it' }]);
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
    const equity = accounts.find((a) => a.code === '3000')!.id;
    const manual = await post('/api/v1/journal-entries', {
      date: '2026-03-26',
      description: 'Transfer',
      lines: [
        { accountId: bank, debit: 5 },
        { accountId: equity, credit: 5 },
      ],
    });
    expectProblem(manual, 400, 'VALIDATION_FAILED');
    expect(manual.body.errors).toEqual([{ path: 'lines.0.accountId', message: 'is a EUR account: only payments in EUR post to it' }]);

    const income = await post('/api/v1/accounts', { code: '4900', name: 'Export sales', type: 'income', currency: 'EUR' });
    expect(income.body.errors).toEqual([
      {
        path: 'currency',
        message: 'only a bank or cash account (an asset account with subtype bank or cash) may be in a foreign currency',
      },
    ]);
    const changed = await http(t.url, `/api/v1/accounts/${bank}`, { key, method: 'PATCH', body: { currency: 'GBP' } });
    expect(changed.body.errors).toEqual([{ path: 'currency', message: 'the account has postings in EUR; its currency cannot change' }]);
  });
});

describe('a sale paid at once in a foreign currency', () => {
  it("is in its customer's currency, or the one a walk-in sale gives; refunds follow their sale", async () => {
    const eu = await customer('Nice SAS', 'EUR');
    const receipt = await post('/api/v1/sales-receipts', {
      customerId: eu.id,
      date: '2026-03-25',
      lines: [{ description: 'Wine', unitPrice: 40, taxRate: 10 }],
    });
    expect(receipt.status).toBe(201);
    expect(receipt.body).toMatchObject({ currency: 'EUR', total: 44, exchangeRate: '1.12', homeTotal: 49.28 });
    expect(await entryLines(receipt.body.journalEntryId)).toEqual([
      { debit: 49.28, credit: 0, currency: 'EUR', foreignAmount: 44 },
      { debit: 0, credit: 44.8, currency: 'EUR', foreignAmount: 40 },
      { debit: 0, credit: 4.48, currency: 'EUR', foreignAmount: 4 },
    ]);
    const walkIn = await post('/api/v1/sales-receipts', {
      currency: 'JPY',
      date: '2026-03-25',
      lines: [{ description: 'Tea', unitPrice: 1500 }],
    });
    expect(walkIn.body).toMatchObject({ currency: 'JPY', total: 1500, homeTotal: 10.05 });
    const refund = await post('/api/v1/sales-receipts', {
      kind: 'refund',
      refundOfId: receipt.body.id,
      date: '2026-03-26',
      lines: [{ description: 'Corked', unitPrice: 40, taxRate: 10 }],
    });
    expect(refund.body).toMatchObject({ currency: 'EUR', total: 44, homeTotal: 49.28 });
    const tooMuch = await post('/api/v1/sales-receipts', {
      kind: 'refund',
      refundOfId: receipt.body.id,
      date: '2026-03-26',
      lines: [{ description: 'Again', unitPrice: 1 }],
    });
    expect(tooMuch.body.errors[0].message).toBe(`refunds of ${receipt.body.number} would come to 45.00, more than its total 44.00`);
    const wrong = await post('/api/v1/sales-receipts', { customerId: eu.id, currency: 'GBP', lines: [{ description: 'x', unitPrice: 1 }] });
    expect(wrong.body.errors).toEqual([{ path: 'currency', message: "must be EUR, the currency of the receipt's customer (or left out)" }]);
    const graph = await gql(t.url, key, 'query($id: ID!) { node(id: $id) { ... on SalesReceipt { total homeTotal exchangeRate } } }', {
      id: walkIn.body.id,
    });
    expect(graph.body.data.node).toEqual({ total: '1500', homeTotal: '10.05', exchangeRate: '0.0067' });
  });
});

describe('credit in a foreign currency', () => {
  it('applies a credit note booked at another rate, posting the difference, and the last payment clears the rest', async () => {
    const eu = await customer('Ghent BV', 'EUR');
    const invoice = (
      await post('/api/v1/invoices', { customerId: eu.id, issueDate: '2026-03-05', lines: [{ description: 'Chairs', unitPrice: 100 }] })
    ).body;
    const note = await post('/api/v1/credit-notes', {
      customerId: eu.id,
      issueDate: '2026-03-22',
      lines: [{ description: 'Broken', unitPrice: 30 }],
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ currency: 'EUR', total: 30, exchangeRate: '1.12', homeTotal: 33.6 });
    const applied = await post(`/api/v1/credit-notes/${note.body.id}/apply`, {
      date: '2026-03-23',
      allocations: [{ invoiceId: invoice.id, amount: 30 }],
    });
    expect(applied.status).toBe(200);
    // 30 euros of credit booked at 1.12 (33.60) clear 30 euros of the invoice booked at 1.10 (33.00): a gain of 0.60.
    expect(applied.body.allocations).toEqual([expect.objectContaining({ amount: 30, exchangeGain: 0.6 })]);
    const allocation = await t.db.prisma.creditNoteAllocation.findFirstOrThrow({ where: { creditNoteId: note.body.id } });
    expect(allocation).toMatchObject({ currency: 'EUR', homeApplied: 3360n, homeSettled: 3300n });
    expect(await entryLines(allocation.journalEntryId!)).toEqual([
      { debit: 33.6, credit: 0, currency: 'EUR', foreignAmount: 30 },
      { debit: 0, credit: 33, currency: 'EUR', foreignAmount: 30 },
      { debit: 0, credit: 0.6 },
    ]);
    const paid = await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 70, date: '2026-03-25' });
    expect(paid.body).toMatchObject({ homeAmount: 78.4, exchangeGain: 1.4, invoiceStatus: 'paid' });
    const receivables = async () =>
      (
        await t.db.prisma.journalLine.aggregate({
          where: { organizationId, customerId: eu.id, account: { code: '1200' } },
          _sum: { debit: true, credit: true },
        })
      )._sum;
    const sums = await receivables();
    expect(sums.debit! - sums.credit!).toBe(0n);
    expect((await ledger('2026-03-31')).balanced).toBe(true);

    // Undone, the difference is reversed on the undo's date: what is left owed is at the invoice's rate again.
    await post(`/api/v1/payments/${paid.body.id}/void`, { date: '2026-03-26' });
    const undone = await post(`/api/v1/credit-notes/${note.body.id}/unapply`, { allocationId: allocation.id, date: '2026-03-27' });
    expect(undone.status).toBe(200);
    const after = await receivables();
    expect(after.debit! - after.credit!).toBe(11000n - 3360n);
    const graph = await gql(
      t.url,
      key,
      'query($id: ID!) { node(id: $id) { ... on CreditNote { total homeTotal exchangeRate remainingCredit allocations { amount } } } }',
      { id: note.body.id },
    );
    expect(graph.body.data.node).toEqual({
      total: '30.00',
      homeTotal: '33.60',
      exchangeRate: '1.12',
      remainingCredit: '30.00',
      allocations: [{ amount: '30.00' }],
    });
  });

  it('keeps a euro overpayment as credit worth its amount at the payment rate, and applies it later', async () => {
    const eu = await customer('Bruges BV', 'EUR');
    const invoice = (
      await post('/api/v1/invoices', { customerId: eu.id, issueDate: '2026-03-05', lines: [{ description: 'Lace', unitPrice: 100 }] })
    ).body;
    const paid = await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 120, date: '2026-03-25', keepExcessAsCredit: true });
    expect(paid.status).toBe(201);
    // 120 euros at 1.12 = 134.40 in the bank: 110.00 clears the invoice, 20 euros (22.40) kept as credit, 2.00 gained.
    expect(paid.body).toMatchObject({ amount: 100, homeAmount: 112, exchangeGain: 2, excessCredit: { amount: 20 } });
    expect(await entryLines(paid.body.journalEntryId)).toEqual([
      { debit: 134.4, credit: 0 },
      { debit: 0, credit: 132.4, currency: 'EUR', foreignAmount: 120 },
      { debit: 0, credit: 2 },
    ]);
    const credit = (await http(t.url, `/api/v1/customer-prepayments/${paid.body.excessCredit.id}`, { key })).body;
    expect(credit).toMatchObject({ kind: 'overpayment', currency: 'EUR', total: 20, exchangeRate: '1.12', homeTotal: 22.4 });
    const next = (
      await post('/api/v1/invoices', { customerId: eu.id, issueDate: '2026-03-05', lines: [{ description: 'More lace', unitPrice: 20 }] })
    ).body;
    const applied = await post(`/api/v1/customer-prepayments/${credit.id}/apply`, {
      date: '2026-03-26',
      allocations: [{ invoiceId: next.id, amount: 20 }],
    });
    expect(applied.status).toBe(200);
    const sums = (
      await t.db.prisma.journalLine.aggregate({
        where: { organizationId, customerId: eu.id, account: { code: '1200' } },
        _sum: { debit: true, credit: true },
      })
    )._sum;
    expect(sums.debit! - sums.credit!).toBe(0n);
  });

  it('refunds a vendor credit in dinars at another rate, and applies a euro deposit to an invoice', async () => {
    const kw = await vendor('Gulf Traders', 'KWD');
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
    const credit = (
      await post('/api/v1/vendor-credits', {
        vendorId: kw.id,
        issueDate: '2026-03-05',
        lines: [{ description: 'Returned', unitPrice: 5, accountId: accounts.find((a) => a.code === '6000')!.id }],
      })
    ).body;
    expect(credit).toMatchObject({ currency: 'KWD', total: 5, homeTotal: 16.25 });
    const refunded = await post(`/api/v1/vendor-credits/${credit.id}/refund`, { amount: 5, date: '2026-03-15', exchangeRate: 3.3 });
    expect(refunded.body).toMatchObject({ status: 'closed', refunds: [expect.objectContaining({ amount: 5, exchangeGain: 0.25 })] });
    const refund = await t.db.prisma.vendorCreditRefund.findFirstOrThrow({ where: { vendorCreditId: credit.id } });
    expect(refund).toMatchObject({ currency: 'KWD', exchangeRate: '3.3', homeAmount: 1650n, homeSettled: 1625n });
    // The vendor paid back 5 dinars worth 16.50 against a credit booked at 16.25: a gain of 0.25.
    expect(await entryLines(refund.journalEntryId)).toEqual([
      { debit: 16.5, credit: 0 },
      { debit: 0, credit: 16.25, currency: 'KWD', foreignAmount: 5 },
      { debit: 0, credit: 0.25 },
    ]);

    const eu = await customer('Antwerp NV', 'EUR');
    const deposit = await post('/api/v1/customer-prepayments', { customerId: eu.id, amount: 50, date: '2026-03-21' });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({ currency: 'EUR', total: 50, exchangeRate: '1.12', homeTotal: 56 });
    const invoice = (
      await post('/api/v1/invoices', { customerId: eu.id, issueDate: '2026-03-05', lines: [{ description: 'Desk', unitPrice: 50 }] })
    ).body;
    const applied = await post(`/api/v1/customer-prepayments/${deposit.body.id}/apply`, {
      date: '2026-03-22',
      allocations: [{ invoiceId: invoice.id, amount: 50 }],
    });
    expect(applied.status).toBe(200);
    expect((await http(t.url, `/api/v1/invoices/${invoice.id}`, { key })).body).toMatchObject({ status: 'paid', amountDue: 0 });
    const t0 = await tenant();
    expect((await agedReceivables(t0, '2026-03-31')).rows.find((r) => r.customer.id === eu.id)).toBeUndefined();
    const books = await ledger('2026-03-31');
    expect(books.balanced).toBe(true);
    expect((await agedReceivables(t0, '2026-03-31')).totals.total).toBe(books.net('1200'));
    expect((await agedPayables(t0, '2026-03-31')).totals.total).toBe(-books.net('2000'));
  });
});

describe('what is refused', () => {
  it('names the field and writes nothing', async () => {
    const eu = await customer('Rome SRL', 'EUR');
    const home = await customer('Home Town LLC');
    const count = async () => t.db.prisma.invoice.count({ where: { organizationId } });
    const before = await count();

    const wrongCurrency = await post('/api/v1/invoices', {
      customerId: eu.id,
      currency: 'USD',
      lines: [{ description: 'x', unitPrice: 1 }],
    });
    expect(wrongCurrency.body.errors).toEqual([
      { path: 'currency', message: "must be EUR, the currency of the document's party (or left out)" },
    ]);
    const homeRate = await post('/api/v1/invoices', {
      customerId: home.id,
      exchangeRate: 1.2,
      lines: [{ description: 'x', unitPrice: 1 }],
    });
    expect(homeRate.body.errors).toEqual([
      { path: 'exchangeRate', message: 'is only for a document in a foreign currency; this one is in USD, the home currency' },
    ]);
    const noRate = await post('/api/v1/invoices', {
      customerId: eu.id,
      issueDate: '2026-02-01',
      lines: [{ description: 'x', unitPrice: 1 }],
    });
    expectProblem(noRate, 400, 'VALIDATION_FAILED');
    expect(noRate.body.detail).toContain('No EUR exchange rate on or before 2026-02-01');
    expect(noRate.body.errors).toEqual([{ path: 'exchangeRate', message: 'no EUR exchange rate on or before 2026-02-01' }]);
    const badRate = await post('/api/v1/invoices', { customerId: eu.id, exchangeRate: 'abc', lines: [{ description: 'x', unitPrice: 1 }] });
    expect(badRate.body.errors.map((e: { path: string }) => e.path)).toEqual(['exchangeRate']);
    expect(await count()).toBe(before);

    const badCode = await post('/api/v1/customers', { name: 'Nowhere', currency: 'XXY' });
    expect(badCode.body.errors).toEqual([{ path: 'currency', message: '"XXY" is not an ISO 4217 currency code (such as EUR)' }]);
    const invoice = (
      await post('/api/v1/invoices', { customerId: eu.id, issueDate: '2026-03-05', lines: [{ description: 'x', unitPrice: 5 }] })
    ).body;
    const change = await http(t.url, `/api/v1/customers/${eu.id}`, { key, method: 'PATCH', body: { currency: 'GBP' } });
    expect(change.body.errors).toEqual([{ path: 'currency', message: 'the customer has documents in EUR; its currency cannot change' }]);
    const excess = await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 6, date: '2026-03-06' });
    expect(excess.body.errors).toEqual([
      {
        path: 'amount',
        message:
          '6.00 is more than the amount due 5.00; overpayments are refused unless keepExcessAsCredit is true (the excess is then ' +
          "kept as the customer's credit)",
      },
    ]);
  });

  it('leaves a home-currency document as it always was: no foreign fields', async () => {
    const home = await customer('Plain Co');
    expect(home).not.toHaveProperty('currency');
    const invoice = (await post('/api/v1/invoices', { customerId: home.id, lines: [{ description: 'x', unitPrice: 5 }] })).body;
    expect(invoice).not.toHaveProperty('exchangeRate');
    expect(invoice).not.toHaveProperty('homeTotal');
    expect(invoice.lines[0]).not.toHaveProperty('homeAmount');
    const payment = (await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 5 })).body;
    expect(Object.keys(payment)).not.toContain('exchangeGain');
    expect((await entryLines(payment.journalEntryId)).every((l) => !('currency' in l))).toBe(true);
  });
});
