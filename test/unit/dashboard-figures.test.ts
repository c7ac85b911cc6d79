// The dashboard's arithmetic and wording, without a browser: exact money on the API's decimal strings,
// the twelve month ranges, the feed's order and deduplication.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/events/catalogue.ts';
import {
  addMoney,
  feedItem,
  figuresVariables,
  mergeFeed,
  monthRanges,
  percentChange,
  subtractMoney,
  summarize,
} from '../../src/dashboard/figures.ts';
import type { FiguresFragment } from '../../src/dashboard/generated/graphql.ts';

describe('money on decimal strings', () => {
  it('adds and subtracts exactly where floating point would not', () => {
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(subtractMoney('1000000000000000.10', '0.20')).toBe('999999999999999.90');
    expect(subtractMoney('5.00', '7.25')).toBe('-2.25');
    expect(addMoney('-0.05', '0.05')).toBe('0.00');
    expect(addMoney('12', '0.5')).toBe('12.5');
    expect(subtractMoney('100', '0')).toBe('100');
  });

  it('matches integer arithmetic on minor units for any amounts (property)', () => {
    const cents = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n });
    const asText = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(subtractMoney(asText(a), asText(b))).toBe(asText(a - b));
        expect(addMoney(asText(a), asText(b))).toBe(asText(a + b));
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });

  it('gives the change in whole percent, rounded half away from zero, and none from zero', () => {
    expect(percentChange('100.00', '150.00')).toBe(50);
    expect(percentChange('300.00', '200.00')).toBe(-33);
    expect(percentChange('200.00', '201.00')).toBe(1); // 0.5 % rounds up
    expect(percentChange('200.00', '199.00')).toBe(-1);
    expect(percentChange('0.00', '10.00')).toBeNull();
  });
});

describe('month ranges', () => {
  it('are the twelve calendar months ending with this one, oldest first, across a year end and February', () => {
    const ranges = monthRanges('2026-02-14');
    expect(ranges).toHaveLength(12);
    expect(ranges[0]).toEqual({ key: 'm01', from: '2025-03-01', to: '2025-03-31', month: '2025-03' });
    expect(ranges[10]).toEqual({ key: 'm11', from: '2026-01-01', to: '2026-01-31', month: '2026-01' });
    expect(ranges[11]).toEqual({ key: 'm12', from: '2026-02-01', to: '2026-02-28', month: '2026-02' });
    expect(monthRanges('2028-02-29')[11]!.to).toBe('2028-02-29');
    expect(monthRanges('2026-12-31')[0]!.from).toBe('2026-01-01');
  });

  it('fill every variable of the figures query', () => {
    const variables = figuresVariables('2026-11-23');
    expect(Object.keys(variables)).toHaveLength(24);
    expect(variables).toMatchObject({ m12From: '2026-11-01', m12To: '2026-11-30', m11From: '2026-10-01', m11To: '2026-10-31' });
  });
});

describe('summary', () => {
  const revenue = (from: string, total: string) => ({ from, to: from, income: { total } });
  const figures = {
    viewer: { organization: { name: 'Acme', baseCurrency: 'EUR' } },
    agedReceivables: {
      asOf: '2026-11-23',
      totals: { current: '100.10', days1to30: '20.20', days31to60: '0.00', days61to90: '0.00', over90: '5.05', total: '125.35' },
    },
    agedPayables: {
      asOf: '2026-11-23',
      totals: { current: '40.00', days1to30: '0.00', days31to60: '12.34', days61to90: '0.00', over90: '0.00', total: '52.34' },
    },
    balanceSheet: {
      assets: {
        rows: [
          { account: { id: 'a1', code: '1000', name: 'Bank', subtype: 'bank' }, amount: '1000.10' },
          { account: { id: 'a2', code: '1010', name: 'Petty cash', subtype: 'cash' }, amount: '0.20' },
          { account: { id: 'a3', code: '1200', name: 'Receivables', subtype: 'accounts_receivable' }, amount: '125.35' },
        ],
      },
    },
    ...Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `m${String(i + 1).padStart(2, '0')}`,
        revenue(`m${i + 1}`, i === 10 ? '80.00' : i === 11 ? '100.00' : '1.00'),
      ]),
    ),
    invoices: { edges: [] },
    journalEntries: { edges: [] },
  } as unknown as FiguresFragment;

  it('derives overdue receivables and payables, cash and this month against last month from the API figures', () => {
    const summary = summarize(figures, '2026-11-23');
    expect(summary.receivables.outstanding).toBe('125.35');
    expect(summary.receivables.overdue).toBe('25.25');
    expect(summary.receivables.buckets.map((b) => b.amount)).toEqual(['100.10', '20.20', '0.00', '0.00', '5.05']);
    expect(summary.payables).toEqual({
      outstanding: '52.34',
      overdue: '12.34',
      buckets: [
        { label: 'Not yet due', amount: '40.00' },
        { label: '1–30 days', amount: '0.00' },
        { label: '31–60 days', amount: '12.34' },
        { label: '61–90 days', amount: '0.00' },
        { label: 'Over 90 days', amount: '0.00' },
      ],
    });
    expect(summary.cash).toEqual({
      total: '1000.30',
      accounts: [
        { name: 'Bank', amount: '1000.10' },
        { name: 'Petty cash', amount: '0.20' },
      ],
    });
    expect(summary.revenue).toMatchObject({ thisMonth: '100.00', lastMonth: '80.00', change: 25 });
    expect(summary.revenue.byMonth.map((m) => m.month)).toEqual(monthRanges('2026-11-23').map((r) => r.month));
  });
});

describe('the live feed', () => {
  const event = (sequence: number, type: string, object: Record<string, unknown>) => ({
    id: `evt_${sequence}`,
    sequence,
    type,
    createdAt: '2026-11-23T10:00:00.000Z',
    data: { object },
  });

  it('says what happened in words', () => {
    expect(feedItem(event(1, 'invoice.created', { number: 'INV-0007', total: 180 }))).toMatchObject({
      title: 'Invoice INV-0007 created',
      amount: 180,
    });
    const payment = feedItem(
      event(2, 'invoice.payment_recorded', { number: 'INV-0007', total: 180, amountPaid: 50, amountDue: 130 }),
      (n) => `$${n.toFixed(2)}`,
    );
    expect(payment).toMatchObject({
      title: 'Invoice INV-0007 payment recorded',
      amount: null,
      detail: '$50.00 paid so far, $130.00 still due',
    });
    expect(feedItem(event(3, 'journal_entry.created', { number: 12, description: 'Rent', totalAmount: 900 }))).toMatchObject({
      title: 'Journal entry #12 created',
      detail: 'Rent',
      amount: 900,
    });
    expect(feedItem(event(4, 'customer.updated', { name: 'Ada Ltd' })).title).toBe('Customer Ada Ltd updated');
    expect(feedItem(event(5, 'employee.created', { firstName: 'Grace', lastName: 'Hopper' })).title).toBe('Employee Grace Hopper created');
    expect(feedItem(event(7, 'bill.paid', { number: 'BILL-0003', total: 99.5 }))).toMatchObject({
      title: 'Bill BILL-0003 paid in full',
      amount: 99.5,
    });
    expect(feedItem(event(8, 'sales_receipt.created', { number: 'RR-0004', kind: 'refund', total: 12 }))).toMatchObject({
      title: 'Sales receipt RR-0004 created',
      detail: 'refund',
      amount: 12,
    });
    expect(feedItem(event(6, 'webhook_subscription.secret_rotated', { url: 'https://hooks.example.com/x' })).title).toBe(
      'Webhook https://hooks.example.com/x secret rotated',
    );
    expect(feedItem(event(9, 'api_key.created', { name: 'invoice reader' })).title).toBe('API key invoice reader created');
    expect(feedItem(event(10, 'credit_note.applied', { number: 'CN-0002', total: 30 })).title).toBe('Credit note CN-0002 applied');
  });

  it('shows a kind of document it was never told of by its number and total', () => {
    // A module added later (here a debit note) needs no line in the dashboard to read well in the feed.
    expect(feedItem(event(11, 'debit_note.finalized', { number: 'DN-0001', total: 42.5 }))).toMatchObject({
      title: 'Debit note DN-0001 finalized',
      amount: 42.5,
    });
    expect(
      feedItem(event(12, 'debit_note.payment_recorded', { number: 'DN-0001', amountPaid: 10, amountDue: 32.5 }), (n) => `€${n}`),
    ).toMatchObject({ title: 'Debit note DN-0001 payment recorded', detail: '€10 paid so far, €32.5 still due', amount: null });
  });

  it('words every event type of the catalogue as a person reads it: a capitalized noun, no underscores', () => {
    for (const type of Object.keys(EVENT_TYPES)) {
      const { title } = feedItem(event(1, type, { name: 'X', number: 'N-1' }));
      expect(title, type).toMatch(/^[A-Z]/);
      expect(title, type).not.toContain('_');
    }
  });

  it('keeps newest first, each event once, at most the limit', () => {
    const items = [1, 2, 3].map((n) => feedItem(event(n, 'customer.created', { name: `C${n}` })));
    let feed = mergeFeed([], items);
    expect(feed.map((i) => i.sequence)).toEqual([3, 2, 1]);
    // A replay after a reconnect repeats 3; 4 and 5 are new.
    feed = mergeFeed(
      feed,
      [4, 3, 5, 5].map((n) => feedItem(event(n, 'customer.created', { name: `C${n}` }))),
    );
    expect(feed.map((i) => i.sequence)).toEqual([5, 4, 3, 2, 1]);
    expect(mergeFeed(feed, [], 2).map((i) => i.sequence)).toEqual([5, 4]);
  });
});
