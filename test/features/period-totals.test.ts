// Balances add whole months (AccountMonthlyTotal, kept by triggers on the daily totals) and the days of
// the months a range only partly covers (AccountDailyTotal). Both halves must add up to exactly what the
// journal lines say, for any range, at month ends, year ends and leap days.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { createJournalEntry } from '../../src/modules/journal/journal.service.ts';
import { generalLedger, periodParts, profitAndLoss, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { serviceFixture } from '../helpers.ts';

const FIRST = '2023-12-20';
const DAYS = 3 * 366;
const day = fc.integer({ min: 0, max: DAYS }).map((n) => addDays(FIRST, n));

describe('a date range as kept totals (periodParts)', () => {
  it('covers every day of the range exactly once, as a day or within a whole month, and no day outside it', () => {
    fc.assert(
      fc.property(fc.option(day, { nil: undefined }), fc.option(day, { nil: undefined }), (a, b) => {
        const [from, to] = a && b && b < a ? [b, a] : [a, b];
        const parts = periodParts(from, to);
        const within = (value: string, range: { gte?: string; lte?: string }) =>
          (!range.gte || value >= range.gte) && (!range.lte || value <= range.lte);
        for (let n = -40; n <= DAYS + 40; n++) {
          const d = addDays(FIRST, n);
          const times = parts.days.filter((r) => within(d, r)).length + (parts.months && within(d.slice(0, 7), parts.months) ? 1 : 0);
          expect(times, `${d} in ${from}..${to}: ${JSON.stringify(parts)}`).toBe(within(d, { gte: from, lte: to }) ? 1 : 0);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('balances from kept months and days', () => {
  let f: Awaited<ReturnType<typeof serviceFixture>>;
  beforeAll(async () => {
    f = await serviceFixture();
  });
  afterAll(() => f.drop());

  it('equal the journal lines at any date and over any period (property)', async () => {
    const t = await f.tenant('Months Co');
    const [cash, sales, rent, retained] = await Promise.all(['1000', '4000', '6100', '3200'].map((code) => f.accountId(t, code)));
    // Entries on random days over three years, month ends and the leap day included.
    const dates = [...fc.sample(day, { numRuns: 60, seed: 11 }), '2024-02-29', '2024-12-31', '2025-01-01', '2025-06-30', '2025-07-01'];
    for (const [i, date] of dates.entries()) {
      const amount = String(10 + i);
      const [debit, credit] = i % 3 ? [cash, sales] : [rent, cash];
      await f.run(t, createJournalEntry, {
        date,
        description: `Entry ${i}`,
        lines: [
          { accountId: debit, debit: amount },
          { accountId: credit, credit: amount },
        ],
      });
    }
    // The months the triggers kept are the sums of the days of each month.
    const months = await t.prisma.accountMonthlyTotal.findMany({
      where: { organizationId: t.organizationId },
      orderBy: [{ accountId: 'asc' }, { month: 'asc' }],
    });
    const daily = await t.prisma.accountDailyTotal.findMany({ where: { organizationId: t.organizationId } });
    const summed = new Map<string, { debit: bigint; credit: bigint }>();
    for (const d of daily) {
      const key = `${d.accountId} ${d.date.slice(0, 7)}`;
      const s = summed.get(key) ?? summed.set(key, { debit: 0n, credit: 0n }).get(key)!;
      s.debit += d.debit;
      s.credit += d.credit;
    }
    expect(months.map((m) => [`${m.accountId} ${m.month}`, m.debit, m.credit])).toEqual(
      [...summed].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, s]) => [k, s.debit, s.credit]),
    );

    const lines = await t.prisma.journalLine.findMany({ where: { organizationId: t.organizationId } });
    const net = (accountId: string, from?: string, to?: string) =>
      lines
        .filter((l) => l.accountId === accountId && (!from || l.date >= from) && (!to || l.date <= to))
        .reduce((s, l) => s + l.debit - l.credit, 0n);
    await fc.assert(
      fc.asyncProperty(day, day, async (a, b) => {
        const [from, to] = b < a ? [b, a] : [a, b];
        const balance = await trialBalance(t, to);
        const netOf = (id: string) => {
          const row = balance.rows.find((r) => r.account.id === id);
          return row ? row.debit - row.credit : 0n;
        };
        // A balance sheet account carries its whole history; income and expenses only this fiscal year's
        // (ending 12-31), the years before sitting in retained earnings.
        const yearStart = `${to.slice(0, 4)}-01-01`;
        expect(netOf(cash), `cash as at ${to}`).toBe(net(cash, undefined, to));
        for (const id of [sales, rent]) expect(netOf(id), `${id} as at ${to}`).toBe(net(id, yearStart, to));
        expect(netOf(retained), `retained earnings as at ${to}`).toBe(
          net(sales, undefined, addDays(yearStart, -1)) + net(rent, undefined, addDays(yearStart, -1)),
        );
        expect(balance.totalDebit).toBe(balance.totalCredit);
        const pl = await profitAndLoss(t, from, to);
        expect(pl.netIncome, `${from}..${to}`).toBe(-net(sales, from, to) - net(rent, from, to));
        const ledger = await generalLedger(t, cash, { from, to }, { page: 1, limit: 1, skip: 0 });
        expect([ledger.openingBalance, ledger.closingBalance]).toEqual([net(cash, undefined, addDays(from, -1)), net(cash, undefined, to)]);
      }),
      { numRuns: 40 },
    );
  });

  it('asked again for the same dates, count what was posted since, each organization its own', async () => {
    // The statement of a report's dates is kept between requests; the sums it reads are not.
    const [a, b] = [await f.tenant('Again Co'), await f.tenant('Other Co')];
    const post = async (t: typeof a, date: string, amount: string) =>
      f.run(t, createJournalEntry, {
        date,
        description: 'Sale',
        lines: [
          { accountId: await f.accountId(t, '1000'), debit: amount },
          { accountId: await f.accountId(t, '4000'), credit: amount },
        ],
      });
    await post(a, '2025-03-10', '100');
    await post(b, '2025-03-10', '7');
    const totals = async (t: typeof a) => {
      const [tb, pl] = await Promise.all([trialBalance(t, '2025-06-15'), profitAndLoss(t, '2025-01-01', '2025-06-15')]);
      return [tb.totalDebit, pl.netIncome];
    };
    expect(await totals(a)).toEqual([10_000n, 10_000n]);
    await post(a, '2025-06-15', '50');
    await post(a, '2025-06-16', '1000'); // after the date: not counted
    expect(await totals(a)).toEqual([15_000n, 15_000n]);
    expect(await totals(b)).toEqual([700n, 700n]);
  });
});
