// Property-based: random sequences of valid and invalid operations, with the books checked after each.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { createBill, finalizeBill, recordBillPayment, voidBill } from '../../src/modules/bills/bills.service.ts';
import { customers, vendors } from '../../src/modules/contacts/contacts.service.ts';
import { createInvoice, finalizeInvoice, recordPayment, voidInvoice } from '../../src/modules/invoices/invoices.service.ts';
import { createJournalEntry, reverseJournalEntry } from '../../src/modules/journal/journal.service.ts';
import { agedPayables, agedReceivables, balanceSheet, taxSummary, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTaxRate } from '../../src/modules/tax-rates/tax-rates.service.ts';
import { createSalesReceipt, voidSalesReceipt } from '../../src/modules/sales-receipts/sales-receipts.service.ts';
import {
  applyCreditNote,
  createCreditNote,
  refundCreditNote,
  voidCreditNote,
} from '../../src/modules/credit-notes/credit-notes.service.ts';
import { serviceFixture, usingPostgres } from '../helpers.ts';

let f: Awaited<ReturnType<typeof serviceFixture>>;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(() => f.drop());

const amount = fc.integer({ min: 1, max: 500_000 }).map((cents) => (cents / 100).toFixed(2));
const op = fc.oneof(
  fc.record({
    kind: fc.constant('entry' as const),
    debit: amount,
    credit: amount,
    balanced: fc.boolean(),
    from: fc.nat(20),
    to: fc.nat(20),
    day: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('invoice' as const),
    price: amount,
    quantity: fc.constantFrom('1', '2', '0.5', '3.333', '0'),
    tax: fc.constantFrom('0', '5', '8.875', '20'),
    rate: fc.constantFrom(0, 1, 2),
    draft: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('finalize' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('payment' as const), pick: fc.nat(), share: fc.constantFrom(0.25, 0.5, 1, 1.5) }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('bill' as const),
    price: amount,
    quantity: fc.constantFrom('1', '2', '0.5', '0'),
    rate: fc.constantFrom(0, 1, 2),
    draft: fc.boolean(),
    day: fc.integer({ min: 1, max: 3 }),
    terms: fc.constantFrom(0, 1, 3),
  }),
  fc.record({ kind: fc.constant('finalizeBill' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('billPayment' as const),
    pick: fc.nat(),
    share: fc.constantFrom(0.25, 0.5, 1, 1.5),
    day: fc.integer({ min: 4, max: 6 }),
  }),
  fc.record({ kind: fc.constant('voidBill' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('receipt' as const), price: amount, rate: fc.constantFrom(0, 1, 2), refund: fc.boolean(), pick: fc.nat() }),
  fc.record({ kind: fc.constant('voidReceipt' as const), pick: fc.nat() }),
  // Applying credit needs a credit note and an open invoice before it: likelier than the rest.
  { arbitrary: fc.record({ kind: fc.constant('creditNote' as const), price: amount, rate: fc.constantFrom(0, 1, 2) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('applyCredit' as const),
      pick: fc.nat(),
      invoice: fc.nat(),
      share: fc.constantFrom(0.25, 0.5, 1, 1.5),
    }),
    weight: 4,
  },
  fc.record({
    kind: fc.constant('refundCredit' as const),
    pick: fc.nat(),
    share: fc.constantFrom(0.5, 1, 1.5),
    day: fc.integer({ min: 3, max: 6 }),
  }),
  fc.record({ kind: fc.constant('voidCredit' as const), pick: fc.nat() }),
);

async function snapshot(organizationId: string) {
  const where = { organizationId };
  const [
    entries,
    lines,
    invoices,
    payments,
    events,
    sums,
    dailyTotals,
    balances,
    bills,
    billPayments,
    vendorBalances,
    receipts,
    creditNotes,
  ] = await Promise.all([
    f.db.prisma.journalEntry.count({ where }),
    f.db.prisma.journalLine.count({ where }),
    f.db.prisma.invoice.findMany({
      where,
      select: { id: true, status: true, amountPaid: true, amountCredited: true },
      orderBy: { id: 'asc' },
    }),
    f.db.prisma.payment.count({ where }),
    f.db.prisma.event.count({ where }),
    f.db.prisma.journalLine.aggregate({ where, _sum: { debit: true, credit: true } }),
    f.db.prisma.accountDailyTotal.findMany({ where, orderBy: [{ accountId: 'asc' }, { date: 'asc' }] }),
    f.db.prisma.customer.findMany({ where, select: { id: true, balance: true }, orderBy: { id: 'asc' } }),
    f.db.prisma.bill.findMany({ where, select: { id: true, status: true, amountPaid: true }, orderBy: { id: 'asc' } }),
    f.db.prisma.billPayment.count({ where }),
    f.db.prisma.vendor.findMany({ where, select: { id: true, balance: true }, orderBy: { id: 'asc' } }),
    f.db.prisma.salesReceipt.findMany({ where, select: { id: true, status: true }, orderBy: { id: 'asc' } }),
    f.db.prisma.creditNote.findMany({
      where,
      select: { id: true, status: true, amountApplied: true, amountRefunded: true },
      orderBy: { id: 'asc' },
    }),
  ]);
  return JSON.stringify(
    { entries, lines, invoices, payments, events, sums, dailyTotals, balances, bills, billPayments, vendorBalances, receipts, creditNotes },
    (_k, v) => (typeof v === 'bigint' ? v.toString() : v),
  );
}

async function checkBooks(tenant: Awaited<ReturnType<typeof f.tenant>>) {
  const tb = await trialBalance(tenant, '2099-12-31');
  expect(tb.totalDebit).toBe(tb.totalCredit);
  const bs = await balanceSheet(tenant, '2099-12-31');
  expect(bs.assets.total).toBe(bs.totalLiabilitiesAndEquity);
  const receivable = bs.assets.rows.find((r) => r.account.systemRole === 'accounts_receivable')?.amount ?? 0n;
  // Receivables are the open invoices' amounts due less the credit notes' unused credit.
  const open = await f.db.prisma.invoice.findMany({
    where: { organizationId: tenant.organizationId, status: { in: ['OPEN', 'PARTIALLY_PAID'] } },
  });
  const credits = await f.db.prisma.creditNote.findMany({ where: { organizationId: tenant.organizationId, status: 'OPEN' } });
  const owedBy = (customerId?: string) =>
    open.filter((i) => !customerId || i.customerId === customerId).reduce((s, i) => s + i.total - i.amountPaid - i.amountCredited, 0n) -
    credits
      .filter((c) => !customerId || c.customerId === customerId)
      .reduce((s, c) => s + c.total - c.amountApplied - c.amountRefunded, 0n);
  expect(receivable).toBe(owedBy());
  // Each customer's kept balance is what it owes on its open invoices less its unused credit.
  for (const customer of await f.db.prisma.customer.findMany({ where: { organizationId: tenant.organizationId } })) {
    expect(customer.balance, customer.name).toBe(owedBy(customer.id));
  }
  // Payables are the open bills, and each vendor's kept balance what we owe it on them.
  const payable = bs.liabilities.rows.find((r) => r.account.systemRole === 'accounts_payable')?.amount ?? 0n;
  const openBills = await f.db.prisma.bill.findMany({
    where: { organizationId: tenant.organizationId, status: { in: ['OPEN', 'PARTIALLY_PAID'] } },
  });
  expect(payable).toBe(openBills.reduce((s, b) => s + b.total - b.amountPaid, 0n));
  for (const vendor of await f.db.prisma.vendor.findMany({ where: { organizationId: tenant.organizationId } })) {
    expect(vendor.balance, vendor.name).toBe(
      openBills.filter((b) => b.vendorId === vendor.id).reduce((s, b) => s + b.total - b.amountPaid, 0n),
    );
  }
  // Aged receivables and payables as at past dates total the control accounts' balances on those dates.
  for (const asOf of ['2026-05-01', '2026-05-03', '2026-05-05', '2026-05-06']) {
    const tbThen = await trialBalance(tenant, asOf);
    const balanceOf = (role: string) => {
      const row = tbThen.rows.find((r) => r.account.systemRole === role);
      return row ? row.debit - row.credit : 0n;
    };
    expect((await agedReceivables(tenant, asOf)).totals.total, `receivables ${asOf}`).toBe(balanceOf('accounts_receivable'));
    expect((await agedPayables(tenant, asOf)).totals.total, `payables ${asOf}`).toBe(-balanceOf('accounts_payable'));
  }
  // The daily totals reports read are exactly the journal lines summed per account and day.
  const where = { organizationId: tenant.organizationId };
  const [totals, lines] = await Promise.all([
    f.db.prisma.accountDailyTotal.findMany({ where, orderBy: [{ accountId: 'asc' }, { date: 'asc' }] }),
    f.db.prisma.journalLine.groupBy({
      by: ['accountId', 'date'],
      where,
      _sum: { debit: true, credit: true },
      orderBy: [{ accountId: 'asc' }, { date: 'asc' }],
    }),
  ]);
  expect(totals.map((t) => [t.accountId, t.date, t.debit, t.credit])).toEqual(
    lines.map((l) => [l.accountId, l.date, l._sum.debit, l._sum.credit]),
  );
  // The tax summary ties to the tax accounts: each moved, through documents (not manual entries), by its
  // rows: debited by the tax paid where it is the purchase account, credited by the tax collected where
  // it is the sales account.
  const summary = await taxSummary(tenant, '2026-05-01', '2026-05-31');
  for (const accountId of new Set(summary.rows.flatMap((r) => [r.account!.id, r.purchaseAccount!.id]))) {
    const moved = (
      await f.db.prisma.journalLine.findMany({
        where: {
          accountId,
          entry: {
            sourceType: {
              in: [
                'invoice',
                'invoice_void',
                'bill',
                'bill_void',
                'sales_receipt',
                'refund_receipt',
                'sales_receipt_void',
                'credit_note',
                'credit_note_void',
              ],
            },
          },
        },
      })
    ).reduce((t, l) => t + l.debit - l.credit, 0n);
    const paid = summary.rows.filter((r) => r.purchaseAccount!.id === accountId).reduce((t, r) => t + r.paid, 0n);
    const collected = summary.rows.filter((r) => r.account!.id === accountId).reduce((t, r) => t + r.collected, 0n);
    expect(paid - collected).toBe(moved);
  }
}

describe('the books, under any sequence of operations', () => {
  it(
    'always balance, receivables and payables always equal open invoices less unused credit and open bills (also as at past dates), ' +
      'and refused operations change nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 14 }), async (ops) => {
          const tenant = await f.tenant();
          const accounts = await f.db.prisma.account.findMany({
            where: { organizationId: tenant.organizationId, systemRole: { notIn: ['accounts_receivable', 'accounts_payable'] } },
            orderBy: { code: 'asc' },
          });
          const customer = await f.run(tenant, customers.create, { name: 'Prop customer' });
          const vendor = await f.run(tenant, vendors.create, { name: 'Prop vendor' });
          const expense = await f.accountId(tenant, '6000');
          // Two tax rates: one to the sales tax account, one to another liability account.
          const otherLiability = await f.db.prisma.account.findFirstOrThrow({
            where: { organizationId: tenant.organizationId, code: '2300' },
          });
          const rates = [
            null,
            (await f.run(tenant, createTaxRate, { name: 'Rate A', rate: '7.25' })).id,
            (
              await f.run(tenant, createTaxRate, {
                name: 'Rate B',
                rate: '12.5',
                salesAccountId: otherLiability.id,
                purchaseAccountId: otherLiability.id,
              })
            ).id,
          ];
          const bills: string[] = [];
          const receipts: string[] = [];
          // An open invoice and a credit note from the start, so credit has somewhere to go in every run.
          const invoices: string[] = [
            (
              await f.run(tenant, createInvoice, {
                customerId: customer.id,
                issueDate: '2026-05-01',
                lines: [{ description: 'first', unitPrice: '80.00' }],
              })
            ).id,
          ];
          const creditNotes: string[] = [
            (
              await f.run(tenant, createCreditNote, {
                customerId: customer.id,
                issueDate: '2026-05-02',
                lines: [{ description: 'first', unitPrice: '30.00', taxRateId: rates[1] }],
              })
            ).id,
          ];
          const entries: string[] = [];
          for (const o of ops) {
            const before = await snapshot(tenant.organizationId);
            try {
              if (o.kind === 'entry') {
                const from = accounts[o.from % accounts.length].id;
                const to = accounts[o.to % accounts.length].id;
                const e = await f.run(tenant, createJournalEntry, {
                  date: `2026-05-0${o.day}`,
                  description: 'prop',
                  lines: [
                    { accountId: from, debit: o.debit },
                    { accountId: to, credit: o.balanced ? o.debit : o.credit },
                  ],
                });
                entries.push(e.id);
              } else if (o.kind === 'invoice') {
                const inv = await f.run(tenant, createInvoice, {
                  customerId: customer.id,
                  issueDate: '2026-05-01',
                  draft: o.draft,
                  lines: [
                    {
                      description: 'p',
                      unitPrice: o.price,
                      quantity: o.quantity,
                      ...(rates[o.rate] ? { taxRateId: rates[o.rate] } : { taxRate: o.tax }),
                    },
                  ],
                });
                invoices.push(inv.id);
              } else if (o.kind === 'finalize' && invoices.length) {
                await f.run(tenant, finalizeInvoice, invoices[o.pick % invoices.length]);
              } else if (o.kind === 'payment' && invoices.length) {
                const inv = await f.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoices[o.pick % invoices.length] } });
                const due = Number(inv.total - inv.amountPaid) / 100;
                await f.run(tenant, recordPayment, {
                  invoiceId: inv.id,
                  amount: Math.max(0.01, Math.round(due * o.share * 100) / 100).toFixed(2),
                  date: '2026-05-02',
                });
              } else if (o.kind === 'void' && invoices.length) {
                await f.run(tenant, voidInvoice, invoices[o.pick % invoices.length], { date: '2026-05-03' });
              } else if (o.kind === 'bill') {
                const issueDate = `2026-05-0${o.day}`;
                const bill = await f.run(tenant, createBill, {
                  vendorId: vendor.id,
                  issueDate,
                  paymentTermsDays: o.terms,
                  draft: o.draft,
                  lines: [{ description: 'b', unitPrice: o.price, quantity: o.quantity, accountId: expense, taxRateId: rates[o.rate] }],
                });
                bills.push(bill.id);
              } else if (o.kind === 'finalizeBill' && bills.length) {
                await f.run(tenant, finalizeBill, bills[o.pick % bills.length]);
              } else if (o.kind === 'billPayment' && bills.length) {
                const bill = await f.db.prisma.bill.findUniqueOrThrow({ where: { id: bills[o.pick % bills.length] } });
                const due = Number(bill.total - bill.amountPaid) / 100;
                await f.run(tenant, recordBillPayment, {
                  billId: bill.id,
                  amount: Math.max(0.01, Math.round(due * o.share * 100) / 100).toFixed(2),
                  date: `2026-05-0${o.day}`,
                });
              } else if (o.kind === 'voidBill' && bills.length) {
                await f.run(tenant, voidBill, bills[o.pick % bills.length], { date: '2026-05-06' });
              } else if (o.kind === 'receipt') {
                // A refund names a receipt made before (a refund of a refund, or beyond the sale, is refused).
                const refundOfId = o.refund && receipts.length ? receipts[o.pick % receipts.length] : undefined;
                const receipt = await f.run(tenant, createSalesReceipt, {
                  kind: o.refund ? 'REFUND' : 'SALE',
                  refundOfId,
                  customerId: customer.id,
                  date: '2026-05-02',
                  lines: [{ description: 'r', unitPrice: o.price, taxRateId: rates[o.rate] }],
                });
                receipts.push(receipt.id);
              } else if (o.kind === 'voidReceipt' && receipts.length) {
                await f.run(tenant, voidSalesReceipt, receipts[o.pick % receipts.length], { date: '2026-05-05' });
              } else if (o.kind === 'creditNote') {
                creditNotes.push(
                  (
                    await f.run(tenant, createCreditNote, {
                      customerId: customer.id,
                      issueDate: '2026-05-02',
                      lines: [{ description: 'c', unitPrice: o.price, taxRateId: rates[o.rate] }],
                    })
                  ).id,
                );
              } else if (o.kind === 'applyCredit' && creditNotes.length && invoices.length) {
                const note = await f.db.prisma.creditNote.findUniqueOrThrow({ where: { id: creditNotes[o.pick % creditNotes.length] } });
                const invoice = await f.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoices[o.invoice % invoices.length] } });
                const room = [
                  note.total - note.amountApplied - note.amountRefunded,
                  invoice.total - invoice.amountPaid - invoice.amountCredited,
                ].reduce((a, b) => (a < b ? a : b));
                await f.run(tenant, applyCreditNote, note.id, {
                  date: '2026-05-04',
                  allocations: [{ invoiceId: invoice.id, amount: (Math.max(1, Math.round(Number(room) * o.share)) / 100).toFixed(2) }],
                });
              } else if (o.kind === 'refundCredit' && creditNotes.length) {
                const note = await f.db.prisma.creditNote.findUniqueOrThrow({ where: { id: creditNotes[o.pick % creditNotes.length] } });
                const left = Number(note.total - note.amountApplied - note.amountRefunded);
                await f.run(tenant, refundCreditNote, note.id, {
                  amount: (Math.max(1, Math.round(left * o.share)) / 100).toFixed(2),
                  date: `2026-05-0${o.day}`,
                });
              } else if (o.kind === 'voidCredit' && creditNotes.length) {
                await f.run(tenant, voidCreditNote, creditNotes[o.pick % creditNotes.length], { date: '2026-05-05' });
              } else if (o.kind === 'reverse' && entries.length) {
                await f.run(tenant, reverseJournalEntry, entries[o.pick % entries.length], { date: '2026-05-04' });
              }
            } catch (error) {
              if (!(error instanceof AppError) || error.status >= 500) throw error;
              expect(await snapshot(tenant.organizationId)).toBe(before);
            }
            await checkBooks(tenant);
          }
        }),
        { numRuns: usingPostgres ? 8 : 12 },
      );
    },
  );

  it('stay right with many writers at once: concurrent payments never overpay, entries never interleave badly', async () => {
    const tenant = await f.tenant('Concurrent Co');
    const customer = await f.run(tenant, customers.create, { name: 'Busy customer' });
    const invoice = await f.run(tenant, createInvoice, {
      customerId: customer.id,
      issueDate: '2026-05-01',
      lines: [{ description: 'x', unitPrice: '100.00' }],
    });
    const rent = await f.accountId(tenant, '6100');
    const cash = await f.accountId(tenant, '1000');
    const results = await Promise.allSettled([
      ...Array.from({ length: 12 }, () => f.run(tenant, recordPayment, { invoiceId: invoice.id, amount: '30.00', date: '2026-05-02' })),
      ...Array.from({ length: 12 }, (_, i) =>
        f.run(tenant, createJournalEntry, {
          date: '2026-05-02',
          description: `w${i}`,
          lines: [
            { accountId: rent, debit: '1.00' },
            { accountId: cash, credit: '1.00' },
          ],
        }),
      ),
    ]);
    for (const r of results)
      if (r.status === 'rejected') expect(['CONFLICT', 'VALIDATION_FAILED', 'INVALID_STATE']).toContain((r.reason as AppError).code);
    const after = await f.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: { payments: true } });
    expect(after.amountPaid).toBeLessThanOrEqual(after.total);
    expect(after.payments.reduce((s, p) => s + p.amount, 0n)).toBe(after.amountPaid);
    const numbers = (
      await f.db.prisma.journalEntry.findMany({ where: { organizationId: tenant.organizationId }, select: { number: true } })
    )
      .map((e) => e.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(results.slice(12).every((r) => r.status === 'fulfilled')).toBe(true);
    await checkBooks(tenant);
  });
});
