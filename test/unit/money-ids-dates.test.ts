import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, isCalendarDate, today } from '../../src/lib/dates.ts';
import { ANY_ID, idKindNamedBy, idPattern, idType, newId, notAnIdOf } from '../../src/lib/ids.ts';
import { currencyDecimals, formatMoney, parseMoney } from '../../src/lib/money.ts';
import { formatQuantity, parseQuantity } from '../../src/modules/documents/arithmetic.ts';
import { agingBucket } from '../../src/modules/reports/reports.service.ts';
import { readFileSync } from 'node:fs';

describe('money', () => {
  it('parses decimal text and JSON numbers into exact minor units', () => {
    expect(parseMoney('12.50', 2, 'x')).toBe(1250n);
    expect(parseMoney(12.5, 2, 'x')).toBe(1250n);
    expect(parseMoney(0.1, 2, 'x')).toBe(10n);
    expect(parseMoney('1000', 0, 'x')).toBe(1000n);
    expect(parseMoney('1.230', 2, 'x')).toBe(123n);
    expect(parseMoney('-4.05', 2, 'x', { allowNegative: true })).toBe(-405n);
  });

  it('refuses more decimals than the currency has, instead of rounding', () => {
    expect(parseMoney('1.005', 2, 'lines.0.debit')).toEqual({
      path: 'lines.0.debit',
      message: 'must have at most 2 decimals in this currency',
    });
    expect(parseMoney('1.5', 0, 'x')).toMatchObject({ message: 'must be a whole amount in this currency' });
    expect(parseMoney(1e21, 2, 'x')).toMatchObject({ path: 'x' });
    expect(parseMoney('-1', 2, 'x')).toMatchObject({ message: 'must not be negative' });
    expect(parseMoney('1,00', 2, 'x')).toMatchObject({ path: 'x' });
    expect(parseMoney(null, 2, 'x')).toMatchObject({ path: 'x' });
  });

  it('knows the minor units of currencies', () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
  });

  it('formats and parses back to the same amount, for any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n) + 1n, max: 10n ** 13n - 1n }), fc.constantFrom(0, 2, 3), (minor, decimals) => {
        const text = formatMoney(minor, decimals);
        expect(parseMoney(text, decimals, 'x', { allowNegative: true })).toBe(minor);
      }),
    );
  });
});

describe('quantities', () => {
  it('are written with no more decimals than they have, and read back to the same thousandths', () => {
    expect([1n, 5n, 10n, 1000n, 1500n, 2750n, 1001n, 999_999_999_999n].map(formatQuantity)).toEqual([
      '0.001',
      '0.005',
      '0.01',
      '1',
      '1.5',
      '2.75',
      '1.001',
      '999999999.999',
    ]);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 999_999_999_999n }), (milli) => {
        const text = formatQuantity(milli);
        expect(text).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
        expect(parseQuantity(text)).toBe(milli);
      }),
    );
  });
});

describe('ids', () => {
  it('carry their type in the prefix and sort by creation time', () => {
    const early = newId('Invoice', 1_700_000_000_000);
    const late = newId('Invoice', 1_700_000_000_001);
    expect(early).toMatch(/^inv_[0-9a-z]{26}$/);
    expect(early < late).toBe(true);
    expect(idType(early)).toBe('Invoice');
    expect(idType(newId('Customer'))).toBe('Customer');
    expect(idType('inv_short')).toBeUndefined();
    expect(idType('zzz_01m80rxyg6yxj0mnd2jvrkfmet')).toBeUndefined();
  });

  it('are named by the parameters that take them: one kind, any kind, or none said', () => {
    expect(
      ['customerId', 'apiKeyId', 'depositAccountId', 'subscriptionId', 'entryId', 'resourceId', 'lineId', 'keyId', 'name'].map(
        idKindNamedBy,
      ),
    ).toEqual(['Customer', 'ApiKey', 'Account', 'WebhookSubscription', 'JournalEntry', ANY_ID, undefined, undefined, undefined]);
    const invoice = newId('Invoice');
    expect(notAnIdOf('WebhookSubscription', invoice)).toBe(
      `must be a webhook subscription id (wh_ and 26 letters and digits), got "${invoice}"`,
    );
    expect(notAnIdOf(ANY_ID, invoice)).toBeUndefined();
    expect(notAnIdOf(ANY_ID, 'inv_42')).toBe('must be an id (a type prefix such as inv_ and 26 letters and digits), got "inv_42"');
    const anyId = new RegExp(idPattern(ANY_ID));
    expect(
      [invoice, newId('CreditNoteLine'), newId('Bill'), 'inv_42', 'zzz_01m80rxyg6yxj0mnd2jvrkfmet', `x${invoice}`].map((id) =>
        anyId.test(id),
      ),
    ).toEqual([true, true, true, false, false, false]);
  });

  it('made in one millisecond never repeat and sort in the order they were made', () => {
    const at = 1_700_000_000_000;
    const ids = Array.from({ length: 20_000 }, () => newId('JournalLine', at));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('draw a fresh random part each millisecond, across many refills of the random pool', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => newId('JournalLine', 1_700_000_000_000 + i));
    expect(new Set(ids.map((id) => id.slice(-16))).size).toBe(ids.length);
    // The random part uses the whole alphabet (no stuck or zeroed bytes).
    const randomChars = new Set(ids.flatMap((id) => [...id.slice(-15)]));
    expect(randomChars.size).toBe(32);
  });
});

describe('calendar dates', () => {
  it('accept only real dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
  });

  it('move by days across months, leap years and centuries, as the calendar does', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('9990-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -3000, max: 3000 }),
        (moment, days) => {
          const date = moment.toISOString().slice(0, 10);
          const expected = new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);
          expect(addDays(date, days)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('1900-01-01', -1)).toBe('1899-12-31');
  });
});

describe('aging: days overdue as the documentation states them', () => {
  it('is asOf − due date once past due, and 0 (current) for a document not yet due, never negative (docs/graphql.md says so)', () => {
    expect(agingBucket('2026-05-20', '2026-05-15')).toEqual({ daysOverdue: 0, bucket: 'current' });
    expect(agingBucket('2026-05-15', '2026-05-15')).toEqual({ daysOverdue: 0, bucket: 'current' });
    expect(agingBucket('2026-05-14', '2026-05-15')).toEqual({ daysOverdue: 1, bucket: 'days1to30' });
    expect(agingBucket('2026-03-31', '2026-05-15')).toEqual({ daysOverdue: 45, bucket: 'days31to60' });
    expect(agingBucket('2025-05-15', '2026-05-15')).toEqual({ daysOverdue: 365, bucket: 'over90' });
    expect(readFileSync(new URL('../../docs/graphql.md', import.meta.url), 'utf8')).toMatch(
      /days overdue = `asOf` − due date, and 0 for a document not yet due/,
    );
  });
});

describe('today', () => {
  afterEach(() => vi.useRealTimers());

  it("is the clock's UTC date, across midnight and when the clock is set back", () => {
    vi.useFakeTimers();
    for (const moment of ['2026-03-31T23:59:59.999Z', '2026-04-01T00:00:00.000Z', '2026-03-31T12:00:00.000Z', '2031-12-31T23:00:00.000Z']) {
      vi.setSystemTime(new Date(moment));
      expect(today(), moment).toBe(moment.slice(0, 10));
      expect(today(), `${moment} again`).toBe(moment.slice(0, 10));
    }
    expect(today(new Date('2020-02-29T10:00:00Z'))).toBe('2020-02-29');
  });
});
