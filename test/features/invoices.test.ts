import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/modules/contacts/contacts.service.ts';
import { divRoundHalfUp, invoiceTotals, lineFigures } from '../../src/modules/documents/arithmetic.ts';
import { createInvoice, finalizeInvoice, recordPayment, voidInvoice } from '../../src/modules/invoices/invoices.service.ts';
import { updateOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { createProduct } from '../../src/modules/products/products.service.ts';
import { agedReceivables, balanceSheet, generalLedger, profitAndLoss, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { pageWindow } from '../../src/lib/pagination.ts';
import { failure, serviceFixture } from '../helpers.ts';

let f: Awaited<ReturnType<typeof serviceFixture>>;
let t: Awaited<ReturnType<typeof f.tenant>>;
let customerId: string;
let codes: Record<string, string>;

beforeAll(async () => {
  f = await serviceFixture();
  t = await f.tenant('Invoice Co');
  customerId = (await f.run(t, customers.create, { name: 'Ada Ltd', paymentTermsDays: 14 })).id;
  codes = {};
  for (const code of ['1010', '1200', '2200', '4000', '4100']) codes[code] = await f.accountId(t, code);
});
afterAll(() => f.drop());

const postingOf = async (entryId: string) =>
  (await f.db.prisma.journalLine.findMany({ where: { entryId }, orderBy: { lineNo: 'asc' }, include: { account: true } })).map((l) => [
    l.account.code,
    l.debit,
    l.credit,
  ]);

describe('invoice arithmetic', () => {
  it('rounds each line half up and sums the rounded lines', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(4n, 2n)).toBe(2n);
    // 3 × 19.99 = 59.97; 8.875 % of it is 5.3223… -> 5.32
    expect(lineFigures(3000n, 1999n, 0, 88750)).toEqual({ gross: 5997n, discount: 0n, amount: 5997n, tax: 532n });
    // 0.5 × 0.25 = 0.125 -> 0.13 (half up)
    expect(lineFigures(500n, 25n, 0, 0).gross).toBe(13n);
    // 10 % discount of 0.15 = 0.015 -> 0.02; net 0.13
    expect(lineFigures(1000n, 15n, 100000, 0)).toMatchObject({ discount: 2n, amount: 13n });
  });

  it('always has lines that add up to the totals, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantityMilli: fc.bigInt({ min: 1n, max: 10_000_000n }),
            unitPrice: fc.bigInt({ min: 0n, max: 100_000_000n }),
            discountPpm: fc.integer({ min: 0, max: 1_000_000 }),
            taxRatePpm: fc.integer({ min: 0, max: 300_000 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (lines) => {
          const figures = lines.map((l) => lineFigures(l.quantityMilli, l.unitPrice, l.discountPpm, l.taxRatePpm));
          const totals = invoiceTotals(figures);
          expect(totals.total).toBe(figures.reduce((s, l) => s + l.amount + l.tax, 0n));
          expect(totals.subtotal - totals.discountTotal).toBe(figures.reduce((s, l) => s + l.amount, 0n));
          for (const l of figures) {
            expect(l.discount).toBeLessThanOrEqual(l.gross);
            expect(l.amount).toBeGreaterThanOrEqual(0n);
          }
        },
      ),
    );
  });
});

describe('an invoice', () => {
  it('posts itself: Dr receivables total, Cr revenue per account, Cr sales tax', async () => {
    const product = await f.run(t, createProduct, { name: 'Widget', unitPrice: '19.99', taxRate: '8.875' });
    const invoice = await f.run(t, createInvoice, {
      customerId,
      issueDate: '2026-01-10',
      lines: [
        { productId: product.id, quantity: '3' },
        { description: 'Consulting', quantity: '1.5', unitPrice: '100', discountPercent: '10', accountId: codes['4100'] },
      ],
    });
    expect(invoice).toMatchObject({
      status: 'OPEN',
      number: expect.stringMatching(/^INV-\d{4}$/),
      dueDate: '2026-01-24',
      subtotal: 20997n,
      discountTotal: 1500n,
      taxTotal: 532n,
      total: 20029n,
    });
    expect(invoice.lines.map((l) => [l.description, l.amount, l.taxAmount])).toEqual([
      ['Widget', 5997n, 532n],
      ['Consulting', 13500n, 0n],
    ]);
    expect(await postingOf(invoice.journalEntryId!)).toEqual([
      ['1200', 20029n, 0n],
      ['4000', 0n, 5997n],
      ['4100', 0n, 13500n],
      ['2200', 0n, 532n],
    ]);
  });

  it("takes its due date from explicit date, the terms given, the customer's, or the organization's", async () => {
    const line = [{ description: 'x', unitPrice: '1' }];
    expect((await f.run(t, createInvoice, { customerId, issueDate: '2026-01-31', dueDate: '2026-02-05', lines: line })).dueDate).toBe(
      '2026-02-05',
    );
    expect((await f.run(t, createInvoice, { customerId, issueDate: '2026-01-31', paymentTermsDays: 0, lines: line })).dueDate).toBe(
      '2026-01-31',
    );
    expect((await f.run(t, createInvoice, { customerId, issueDate: '2026-01-31', lines: line })).dueDate).toBe('2026-02-14');
    const noTerms = await f.run(t, customers.create, { name: 'No terms' });
    expect((await f.run(t, createInvoice, { customerId: noTerms.id, issueDate: '2026-01-31', lines: line })).dueDate).toBe('2026-03-02');
  });

  it('refuses bad lines field by field and writes nothing', async () => {
    const before = await f.db.prisma.invoice.count();
    const error = await failure(
      f.run(t, createInvoice, {
        customerId: 'cus_00000000000000000000000000',
        issueDate: '2026-13-01',
        lines: [
          { quantity: '0', unitPrice: '1.001' },
          { productId: 'prod_00000000000000000000000000', description: 'y' },
        ],
      }),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors.map((e) => e.path).sort()).toEqual([
      'customerId',
      'issueDate',
      'lines.0.description',
      'lines.0.quantity',
      'lines.0.unitPrice',
      'lines.1.productId',
      'lines.1.unitPrice',
    ]);
    expect(await f.db.prisma.invoice.count()).toBe(before);
    const wrongAccount = await failure(
      f.run(t, createInvoice, { customerId, lines: [{ description: 'x', unitPrice: '1', accountId: codes['1010'] }] }),
    );
    expect(wrongAccount.fieldErrors).toEqual([{ path: 'lines.0.accountId', message: 'must be an income account, not asset' }]);
  });

  it('moves through partial and full payment, each posted Dr bank Cr receivables; overpayment is refused', async () => {
    const invoice = await f.run(t, createInvoice, {
      customerId,
      issueDate: '2026-02-01',
      lines: [{ description: 'Job', unitPrice: '100.00' }],
    });
    const part = await f.run(t, recordPayment, { invoiceId: invoice.id, amount: '40.00', date: '2026-02-05' });
    expect(part.invoice).toMatchObject({ status: 'PARTIALLY_PAID', amountPaid: 4000n });
    expect(await postingOf(part.journalEntryId)).toEqual([
      ['1010', 4000n, 0n],
      ['1200', 0n, 4000n],
    ]);
    const over = await failure(f.run(t, recordPayment, { invoiceId: invoice.id, amount: '60.01', date: '2026-02-06' }));
    expect(over.fieldErrors).toEqual([
      {
        path: 'amount',
        message:
          '60.01 is more than the amount due 60.00; overpayments are refused unless keepExcessAsCredit is true (the excess is then ' +
          "kept as the customer's credit)",
      },
    ]);
    const rest = await f.run(t, recordPayment, { invoiceId: invoice.id, amount: 60, date: '2026-02-06' });
    expect(rest.invoice).toMatchObject({ status: 'PAID', amountPaid: 10000n });
    const paidEvents = await f.db.prisma.event.count({ where: { resourceId: invoice.id, type: 'invoice.paid' } });
    expect(paidEvents).toBe(1);
    expect((await failure(f.run(t, recordPayment, { invoiceId: invoice.id, amount: '1', date: '2026-02-07' }))).code).toBe('INVALID_STATE');
    expect((await failure(f.run(t, voidInvoice, invoice.id))).code).toBe('INVALID_STATE');
  });

  it('deposits a payment only into a bank or cash account: never receivables, inventory or a non-asset', async () => {
    const invoice = await f.run(t, createInvoice, {
      customerId,
      issueDate: '2026-02-01',
      lines: [{ description: 'Job', unitPrice: '100.00' }],
    });
    for (const code of ['1300', '2200', '4000']) codes[code] ??= await f.accountId(t, code);
    const linesBefore = await f.db.prisma.journalLine.count();
    const receivables = await failure(f.run(t, recordPayment, { invoiceId: invoice.id, amount: '1.00', depositAccountId: codes['1200'] }));
    expect(receivables.fieldErrors).toEqual([
      {
        path: 'depositAccountId',
        message: 'must be a bank or cash account (an asset account with subtype bank or cash); this one has subtype "accounts_receivable"',
      },
    ]);
    expect(
      (await failure(f.run(t, recordPayment, { invoiceId: invoice.id, amount: '1.00', depositAccountId: codes['1300'] }))).fieldErrors[0]
        .path,
    ).toBe('depositAccountId');
    expect(
      (await failure(f.run(t, recordPayment, { invoiceId: invoice.id, amount: '1.00', depositAccountId: codes['4000'] }))).fieldErrors[0]
        .message,
    ).toBe('must be an asset account, not income');
    expect(await f.db.prisma.journalLine.count()).toBe(linesBefore);
    // Cash is fine, and so is a bank account the organization added itself.
    const cash = await f.run(t, recordPayment, { invoiceId: invoice.id, amount: '1.00', depositAccountId: await f.accountId(t, '1000') });
    expect((await postingOf(cash.journalEntryId))[0]).toEqual(['1000', 100n, 0n]);
    const ownBank = await f.db.prisma.account.create({
      data: {
        id: `acct_${'1'.repeat(26)}`,
        organizationId: t.organizationId,
        code: '1020',
        name: 'Savings',
        type: 'ASSET',
        subtype: 'Bank',
      },
    });
    const saved = await f.run(t, recordPayment, { invoiceId: invoice.id, amount: '2.00', depositAccountId: ownBank.id });
    expect((await postingOf(saved.journalEntryId))[0]).toEqual(['1020', 200n, 0n]);
  });

  it('voids without payments by posting the reversal; a void invoice takes no payment', async () => {
    const invoice = await f.run(t, createInvoice, {
      customerId,
      issueDate: '2026-02-10',
      lines: [{ description: 'Job', unitPrice: '50.00', taxRate: '10' }],
    });
    const voided = await f.run(t, voidInvoice, invoice.id, { date: '2026-02-11', reason: 'duplicate' });
    expect(voided.status).toBe('VOID');
    expect(await postingOf(voided.voidJournalEntryId!)).toEqual([
      ['1200', 0n, 5500n],
      ['4000', 5000n, 0n],
      ['2200', 500n, 0n],
    ]);
    expect((await failure(f.run(t, voidInvoice, invoice.id))).message).toMatch(/already void/);
    expect((await failure(f.run(t, recordPayment, { invoiceId: invoice.id, amount: '1' }))).code).toBe('INVALID_STATE');
  });

  it('as a draft posts nothing until finalized', async () => {
    const draft = await f.run(t, createInvoice, {
      customerId,
      issueDate: '2026-02-12',
      draft: true,
      lines: [{ description: 'Later', unitPrice: '7.00' }],
    });
    expect(draft).toMatchObject({ status: 'DRAFT', journalEntryId: null });
    expect((await failure(f.run(t, recordPayment, { invoiceId: draft.id, amount: '1' }))).message).toMatch(/finalize it first/);
    const open = await f.run(t, finalizeInvoice, draft.id);
    expect(open.status).toBe('OPEN');
    expect(await postingOf(open.journalEntryId!)).toEqual([
      ['1200', 700n, 0n],
      ['4000', 0n, 700n],
    ]);
    expect((await failure(f.run(t, finalizeInvoice, draft.id))).code).toBe('INVALID_STATE');
  });

  it('respects the lock date for invoices, payments and voids', async () => {
    const locked = await f.tenant('Locked Invoices');
    const buyer = await f.run(locked, customers.create, { name: 'B' });
    const invoice = await f.run(locked, createInvoice, {
      customerId: buyer.id,
      issueDate: '2026-03-01',
      lines: [{ description: 'x', unitPrice: '10' }],
    });
    await f.run(locked, updateOrganization, { lockDate: '2026-03-31' });
    locked.organization.lockDate = '2026-03-31';
    expect(
      (
        await failure(
          f.run(locked, createInvoice, { customerId: buyer.id, issueDate: '2026-03-15', lines: [{ description: 'x', unitPrice: '1' }] }),
        )
      ).code,
    ).toBe('PERIOD_LOCKED');
    expect((await failure(f.run(locked, recordPayment, { invoiceId: invoice.id, amount: '1', date: '2026-03-20' }))).code).toBe(
      'PERIOD_LOCKED',
    );
    expect((await failure(f.run(locked, voidInvoice, invoice.id, { date: '2026-03-20' }))).code).toBe('PERIOD_LOCKED');
    expect((await f.run(locked, recordPayment, { invoiceId: invoice.id, amount: '1', date: '2026-04-01' })).invoice.status).toBe(
      'PARTIALLY_PAID',
    );
  });
});

describe('reports', () => {
  it('balance: trial balance, balance sheet equation, receivables equal open invoices', async () => {
    const tb = await trialBalance(t, '2026-12-31');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.totalDebit).toBeGreaterThan(0n);
    const bs = await balanceSheet(t, '2026-12-31');
    expect(bs.assets.total).toBe(bs.totalLiabilitiesAndEquity);
    const receivable = bs.assets.rows.find((r) => r.account.code === '1200')?.amount ?? 0n;
    const open = await f.db.prisma.invoice.findMany({
      where: { organizationId: t.organizationId, status: { in: ['OPEN', 'PARTIALLY_PAID'] } },
    });
    expect(receivable).toBe(open.reduce((s, i) => s + i.total - i.amountPaid, 0n));
  });

  it('profit and loss over a period counts only that period', async () => {
    const pl = await profitAndLoss(t, '2026-02-10', '2026-02-11');
    // The 50.00 invoice of 02-10 and its void on 02-11 cancel out.
    expect(pl.netIncome).toBe(0n);
    const jan = await profitAndLoss(t, '2026-01-01', '2026-01-31');
    expect(jan.income.total).toBe(jan.netIncome);
    expect(jan.income.rows.find((r) => r.account.code === '4100')?.amount).toBe(13500n);
  });

  it('general ledger pages carry the running balance across pages', async () => {
    const all = await generalLedger(t, codes['1200'], { from: '2026-01-01', to: '2026-12-31' }, pageWindow(1, 100));
    const page2 = await generalLedger(t, codes['1200'], { from: '2026-01-01', to: '2026-12-31' }, pageWindow(2, 3));
    expect(page2.lines.data.map((r) => r.balance)).toEqual(all.lines.data.slice(3, 6).map((r) => r.balance));
    expect(all.closingBalance).toBe(all.lines.data.at(-1)!.balance);
    const later = await generalLedger(t, codes['1200'], { from: '2026-02-01' }, pageWindow(1, 1));
    expect(later.openingBalance).toBe(all.lines.data.filter((r) => r.line.date < '2026-02-01').at(-1)!.balance);
  });

  it('aged receivables buckets amounts due by days past due', async () => {
    const aging = await f.tenant('Aging Co');
    const c = await f.run(aging, customers.create, { name: 'Late payer' });
    const make = (issueDate: string, dueDate: string, amount: string) =>
      f.run(aging, createInvoice, { customerId: c.id, issueDate, dueDate, lines: [{ description: 'x', unitPrice: amount }] });
    await make('2026-06-01', '2026-07-10', '1.00'); // not yet due on 07-01
    await make('2026-05-01', '2026-06-30', '2.00'); // 1 day
    await make('2026-04-01', '2026-05-15', '3.00'); // 47 days
    await make('2026-03-01', '2026-04-15', '4.00'); // 77 days
    await make('2026-01-01', '2026-02-01', '5.00'); // 150 days
    await make('2026-08-01', '2026-08-01', '6.00'); // issued after asOf: not counted
    const report = await agedReceivables(aging, '2026-07-01');
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({
      current: 100n,
      days1to30: 200n,
      days31to60: 300n,
      days61to90: 400n,
      over90: 500n,
      total: 1500n,
    });
    expect(report.totals.total).toBe(1500n);
  });
});
