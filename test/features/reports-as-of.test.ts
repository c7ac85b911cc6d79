// Reports as at a past date count only what had happened by then, so aged receivables (and payables)
// always tie to the receivables (payables) balance of the trial balance at the same date (QuickBooks, Xero).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBill, recordBillPayment, voidBill } from '../../src/modules/bills/bills.service.ts';
import { customers, vendors } from '../../src/modules/contacts/contacts.service.ts';
import { createInvoice, recordPayment, voidInvoice } from '../../src/modules/invoices/invoices.service.ts';
import {
  AGING_BUCKETS,
  agedPayables,
  agedReceivables,
  agingDetail,
  balanceSheet,
  trialBalance,
} from '../../src/modules/reports/reports.service.ts';
import { MIGRATIONS_ROOT } from '../../src/db/migrate.ts';
import { serviceFixture } from '../helpers.ts';

let f: Awaited<ReturnType<typeof serviceFixture>>;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(() => f.drop());

type Tenant = Awaited<ReturnType<typeof f.tenant>>;
/** An account's balance on its normal side at the end of `asOf`, from the trial balance. */
const balanceOn = async (t: Tenant, code: string, asOf: string) => {
  const id = await f.accountId(t, code);
  const row = (await trialBalance(t, asOf)).rows.find((r) => r.account.id === id);
  const debit = row ? row.debit - row.credit : 0n;
  return code.startsWith('1') ? debit : -debit;
};
const receivablesOn = (t: Tenant, asOf: string) => balanceOn(t, '1200', asOf);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('aged receivables as at a past date', () => {
  it('counts an invoice paid after the date as still owed on it (the case reported)', async () => {
    const t = await f.tenant('As-of Co');
    const c = await f.run(t, customers.create, { name: 'Paid later' });
    const invoice = await f.run(t, createInvoice, {
      customerId: c.id,
      issueDate: '2026-05-01',
      dueDate: '2026-05-31',
      lines: [{ description: 'Job', unitPrice: '100.00' }],
    });
    await f.run(t, recordPayment, { invoiceId: invoice.id, amount: '100.00', date: '2026-06-15' });
    const before = await agedReceivables(t, '2026-06-10');
    expect(before.totals).toMatchObject({ total: 10000n, days1to30: 10000n });
    expect(before.rows.map((r) => r.customer.name)).toEqual(['Paid later']);
    expect(await receivablesOn(t, '2026-06-10')).toBe(10000n);
    expect((await agedReceivables(t, '2026-06-15')).totals.total).toBe(0n);
  });

  it('counts an invoice voided after the date, and not one voided on or before it', async () => {
    const t = await f.tenant('Void Co');
    const c = await f.run(t, customers.create, { name: 'Voided later' });
    const invoice = await f.run(t, createInvoice, {
      customerId: c.id,
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      lines: [{ description: 'Job', unitPrice: '40.00' }],
    });
    await f.run(t, voidInvoice, invoice.id, { date: '2026-04-10' });
    expect((await agedReceivables(t, '2026-04-09')).totals.total).toBe(4000n);
    expect((await agedReceivables(t, '2026-04-10')).totals.total).toBe(0n);
    expect(await receivablesOn(t, '2026-04-09')).toBe(4000n);
    expect(await receivablesOn(t, '2026-04-10')).toBe(0n);
  });

  it('counts an invoice paid in full by payments recorded out of date order as owed until the latest one', async () => {
    const t = await f.tenant('Out of order Co');
    const c = await f.run(t, customers.create, { name: 'Pays in two' });
    const invoice = await f.run(t, createInvoice, {
      customerId: c.id,
      issueDate: '2026-02-01',
      dueDate: '2026-02-28',
      lines: [{ description: 'Job', unitPrice: '100.00' }],
    });
    await f.run(t, recordPayment, { invoiceId: invoice.id, amount: '60.00', date: '2026-03-20' });
    await f.run(t, recordPayment, { invoiceId: invoice.id, amount: '40.00', date: '2026-03-05' }); // pays it in full, dated earlier
    expect((await agedReceivables(t, '2026-03-10')).totals.total).toBe(6000n);
    expect(await receivablesOn(t, '2026-03-10')).toBe(6000n);
    expect((await agedReceivables(t, '2026-03-20')).totals.total).toBe(0n);
  });

  it('the migration that added settledOn dates every settled invoice as the write path does', async () => {
    const t = await f.tenant('Backfill Co');
    const c = await f.run(t, customers.create, { name: 'Old books' });
    const invoice = (issueDate: string) =>
      f.run(t, createInvoice, { customerId: c.id, issueDate, lines: [{ description: 'Job', unitPrice: '10.00' }] });
    const paidTwice = await invoice('2026-01-10');
    await f.run(t, recordPayment, { invoiceId: paidTwice.id, amount: '6.00', date: '2026-02-20' });
    await f.run(t, recordPayment, { invoiceId: paidTwice.id, amount: '4.00', date: '2026-02-01' });
    const partly = await invoice('2026-01-11');
    await f.run(t, recordPayment, { invoiceId: partly.id, amount: '1.00', date: '2026-01-12' });
    const voided = await invoice('2026-01-12');
    await f.run(t, voidInvoice, voided.id, { date: '2026-03-03' });
    const draft = await f.run(t, createInvoice, { customerId: c.id, draft: true, lines: [{ description: 'Draft', unitPrice: '1.00' }] });
    await f.run(t, voidInvoice, draft.id, {});
    await invoice('2026-01-13');
    const settled = async () =>
      await t.prisma.invoice.findMany({
        where: { organizationId: t.organizationId },
        orderBy: { number: 'asc' },
        select: { number: true, settledOn: true },
      });
    const written = await settled();
    expect(written.map((i) => i.settledOn)).toEqual(['2026-02-20', null, '2026-03-03', null, null]);
    // Books of the version before the column: none dated; then the migration's statements.
    await t.prisma.invoice.updateMany({ where: { organizationId: t.organizationId }, data: { settledOn: null } });
    const dir = readdirSync(join(MIGRATIONS_ROOT, f.db.provider)).find((name) => name.endsWith('_invoice_settled_on'))!;
    const updates = readFileSync(join(MIGRATIONS_ROOT, f.db.provider, dir, 'migration.sql'), 'utf8')
      .replace(/--.*$/gm, '')
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s.startsWith('UPDATE'));
    expect(updates).toHaveLength(2);
    for (const statement of updates) await t.prisma.$executeRawUnsafe(statement);
    expect(await settled()).toEqual(written);
  });

  /** Each side of the books as the property drives it: its documents, payments, voids and aged report. */
  const SIDES = {
    receivables: {
      account: '1200',
      party: (t: Tenant) => f.run(t, customers.create, { name: 'Random' }),
      create: (t: Tenant, partyId: string, input: { issueDate: string; dueDate: string; draft: boolean; lines: object[] }) =>
        f.run(t, createInvoice, { customerId: partyId, ...input }),
      pay: (t: Tenant, id: string, amount: string, date: string) => f.run(t, recordPayment, { invoiceId: id, amount, date }),
      void: (t: Tenant, id: string, date: string) => f.run(t, voidInvoice, id, { date }),
      aged: (t: Tenant, asOf: string) => agedReceivables(t, asOf),
    },
    payables: {
      account: '2000',
      party: (t: Tenant) => f.run(t, vendors.create, { name: 'Random' }),
      create: async (t: Tenant, partyId: string, input: { issueDate: string; dueDate: string; draft: boolean; lines: object[] }) => {
        const expense = await f.accountId(t, '6000');
        return f.run(t, createBill, { vendorId: partyId, ...input, lines: input.lines.map((l) => ({ ...l, accountId: expense })) });
      },
      pay: (t: Tenant, id: string, amount: string, date: string) => f.run(t, recordBillPayment, { billId: id, amount, date }),
      void: (t: Tenant, id: string, date: string) => f.run(t, voidBill, id, { date }),
      aged: (t: Tenant, asOf: string) => agedPayables(t, asOf),
    },
  };

  it.each(['receivables', 'payables'] as const)(
    'always ties to the %s balance on that date, over random dated histories (property)',
    async (sideName) => {
      const side = SIDES[sideName];
      const day = fc.integer({ min: 0, max: 300 }).map((n) => addDays('2026-01-01', n));
      const step = fc.oneof(
        fc.record({
          kind: fc.constant('document' as const),
          issue: day,
          terms: fc.integer({ min: 0, max: 90 }),
          cents: fc.integer({ min: 1, max: 50_000 }),
          draft: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
        }),
        fc.record({
          kind: fc.constant('pay' as const),
          which: fc.nat(),
          share: fc.integer({ min: 1, max: 100 }),
          after: fc.integer({ min: 0, max: 120 }),
        }),
        fc.record({ kind: fc.constant('void' as const), which: fc.nat(), after: fc.integer({ min: 0, max: 120 }) }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { minLength: 1, maxLength: 12 }),
          fc.array(day, { minLength: 3, maxLength: 6 }),
          async (steps, asOfDates) => {
            const t = await f.tenant();
            const party = await side.party(t);
            const documents: { id: string; issueDate: string; total: bigint; paid: bigint; void: boolean; draft: boolean }[] = [];
            for (const s of steps) {
              if (s.kind === 'document') {
                const doc = await side.create(t, party.id, {
                  issueDate: s.issue,
                  dueDate: addDays(s.issue, s.terms),
                  draft: s.draft,
                  lines: [{ description: 'x', unitPrice: (s.cents / 100).toFixed(2) }],
                });
                documents.push({ id: doc.id, issueDate: s.issue, total: doc.total, paid: 0n, void: false, draft: s.draft });
                continue;
              }
              const open = documents.filter((i) => !i.void && !i.draft && (s.kind === 'void' ? i.paid === 0n : i.paid < i.total));
              if (!open.length) continue;
              const target = open[s.which % open.length];
              const date = addDays(target.issueDate, s.after);
              if (s.kind === 'void') {
                await side.void(t, target.id, date);
                target.void = true;
              } else {
                const amount = ((target.total - target.paid) * BigInt(s.share)) / 100n || 1n;
                await side.pay(t, target.id, (Number(amount) / 100).toFixed(2), date);
                target.paid += amount;
              }
            }
            for (const asOf of asOfDates) {
              const aged = await side.aged(t, asOf);
              expect(aged.totals.total, `aged ${sideName} vs trial balance on ${asOf}`).toBe(await balanceOn(t, side.account, asOf));
              for (const row of aged.rows) expect(row.total).toBeGreaterThan(0n);
              // The detail lists what makes up each party's buckets, document by document.
              const detail = await agingDetail(t, asOf, sideName);
              const summed = AGING_BUCKETS.map((bucket) =>
                detail.filter((d) => d.bucket === bucket).reduce((sum, d) => sum + d.outstanding, 0n),
              );
              expect(summed, `aging detail vs aged ${sideName} on ${asOf}`).toEqual(AGING_BUCKETS.map((bucket) => aged.totals[bucket]));
              for (const d of detail) {
                expect(d.outstanding).toBeGreaterThan(0n);
                expect(d.daysOverdue).toBe(Math.max(0, Math.round((Date.parse(asOf) - Date.parse(d.dueDate)) / 86_400_000)));
              }
              const tb = await trialBalance(t, asOf);
              expect(tb.totalDebit).toBe(tb.totalCredit);
              const bs = await balanceSheet(t, asOf);
              expect(bs.assets.total).toBe(bs.totalLiabilitiesAndEquity);
            }
          },
        ),
        { seed: 20261123, numRuns: 25 },
      );
    },
    120_000,
  );
});
