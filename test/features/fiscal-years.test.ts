// Fiscal years: the balance sheet and the trial balance close every fiscal year before the one a date
// falls in into retained earnings, without a closing entry (QuickBooks, Xero); the year end is a setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalYearStart, isFiscalYearEnd } from '../../src/lib/dates.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let accounts: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Years Co'));
  accounts = Object.fromEntries(
    (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data.map((a: { code: string; id: string }) => [a.code, a.id]),
  );
  const entry = (date: string, debit: string, credit: string, amount: number) =>
    http(t.url, '/api/v1/journal-entries', {
      key,
      body: {
        date,
        description: `${debit}/${credit}`,
        lines: [
          { accountId: accounts[debit], debit: amount, credit: 0 },
          { accountId: accounts[credit], debit: 0, credit: amount },
        ],
      },
    });
  // 2025: sales 1000, rent 300 (result 700, 400 of it after June); an opening balance straight into retained earnings.
  await entry('2025-01-02', '1010', '3200', 50);
  await entry('2025-03-10', '1010', '4000', 600);
  await entry('2025-03-11', '6100', '1010', 300);
  await entry('2025-09-01', '1010', '4000', 400);
  // 2026: sales 500, rent 100 (result 400).
  await entry('2026-02-01', '1010', '4000', 500);
  await entry('2026-08-01', '6100', '1010', 100);
});
afterAll(() => t.close());

const reports = async (asOf: string) => {
  const response = await gql(
    t.url,
    key,
    `{ balanceSheet(asOf: "${asOf}") { fiscalYearStart assets { total } equity { total rows { account { code } amount } }
      retainedEarnings currentEarnings totalLiabilitiesAndEquity }
       trialBalance(asOf: "${asOf}") { totalDebit totalCredit rows { account { code } debit credit } } }`,
  );
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
};

describe('fiscal years ending 31 December (the default)', () => {
  it("split the balance sheet's earnings into retained (closed years) and current (this year)", async () => {
    const now = await reports('2026-11-24');
    expect(now.balanceSheet).toMatchObject({
      fiscalYearStart: '2026-01-01',
      retainedEarnings: '700.00',
      currentEarnings: '400.00',
      totalLiabilitiesAndEquity: '1150.00',
      assets: { total: '1150.00' },
    });
    // What was posted to the retained earnings account itself stays in equity, beside the closed years.
    expect(now.balanceSheet.equity).toEqual({ total: '50.00', rows: [{ account: { code: '3200' }, amount: '50.00' }] });
    const yearEnd = await reports('2025-12-31');
    expect(yearEnd.balanceSheet).toMatchObject({
      fiscalYearStart: '2025-01-01',
      retainedEarnings: '0.00',
      currentEarnings: '700.00',
      totalLiabilitiesAndEquity: '750.00',
    });
  });

  it("give the trial balance this year's income and expenses, and the closed years' result in retained earnings", async () => {
    const { trialBalance } = await reports('2026-11-24');
    expect(trialBalance.rows).toEqual([
      { account: { code: '1010' }, debit: '1150.00', credit: '0.00' },
      { account: { code: '3200' }, debit: '0.00', credit: '750.00' },
      { account: { code: '4000' }, debit: '0.00', credit: '500.00' },
      { account: { code: '6100' }, debit: '100.00', credit: '0.00' },
    ]);
    expect(trialBalance.totalDebit).toBe(trialBalance.totalCredit);
  });

  it("show the retained earnings account with the closed years' result when nothing was posted to it", async () => {
    const { key: ownKey } = await t.tenant('Never Closed Co');
    const chart = (await http(t.url, '/api/v1/accounts?limit=100', { key: ownKey })).body.data;
    const id = (code: string) => chart.find((a: { code: string }) => a.code === code).id;
    for (const [date, amount] of [
      ['2025-05-01', 300],
      ['2026-03-01', 100],
    ] as const)
      await http(t.url, '/api/v1/journal-entries', {
        key: ownKey,
        body: {
          date,
          description: 'Sale',
          lines: [
            { accountId: id('1010'), debit: amount, credit: 0 },
            { accountId: id('4000'), debit: 0, credit: amount },
          ],
        },
      });
    const response = await gql(t.url, ownKey, '{ trialBalance(asOf: "2026-06-30") { rows { account { code } debit credit } } }');
    expect(response.body.data.trialBalance.rows).toEqual([
      { account: { code: '1010' }, debit: '400.00', credit: '0.00' },
      { account: { code: '3200' }, debit: '0.00', credit: '300.00' },
      { account: { code: '4000' }, debit: '0.00', credit: '100.00' },
    ]);
  });

  it('leave the profit and loss a sum of its days, across a year end too', async () => {
    const net = async (from: string, to: string) =>
      (await gql(t.url, key, `{ profitAndLoss(from: "${from}", to: "${to}") { netIncome } }`)).body.data.profitAndLoss.netIncome;
    expect(await net('2025-07-01', '2026-06-30')).toBe('900.00');
    expect(Number(await net('2025-07-01', '2025-12-31')) + Number(await net('2026-01-01', '2026-06-30'))).toBe(900);
  });
});

describe('another fiscal year end', () => {
  it('is set with updateOrganization (an event with the old value), and the reports follow it at once, for past dates too', async () => {
    const { key: ownKey } = await t.tenant('June Co');
    const cash = (await http(t.url, '/api/v1/accounts?limit=100', { key: ownKey })).body.data.find(
      (a: { code: string }) => a.code === '1010',
    ).id;
    const sales = (await http(t.url, '/api/v1/accounts?limit=100', { key: ownKey })).body.data.find(
      (a: { code: string }) => a.code === '4000',
    ).id;
    for (const [date, amount] of [
      ['2025-06-30', 100],
      ['2025-07-01', 20],
      ['2026-03-31', 3],
    ] as const) {
      await http(t.url, '/api/v1/journal-entries', {
        key: ownKey,
        body: {
          date,
          description: 'sale',
          lines: [
            { accountId: cash, debit: amount, credit: 0 },
            { accountId: sales, debit: 0, credit: amount },
          ],
        },
      });
    }
    const updated = await gql(t.url, ownKey, 'mutation { updateOrganization(input: { fiscalYearEnd: "06-30" }) { fiscalYearEnd } }');
    expect(updated.body.data.updateOrganization).toEqual({ fiscalYearEnd: '06-30' });
    const events = (await http(t.url, '/api/v1/events?type=organization.updated', { key: ownKey })).body.data;
    expect(events[0].data).toMatchObject({ object: { fiscalYearEnd: '06-30' }, previousAttributes: { fiscalYearEnd: '12-31' } });
    const sheet = async (asOf: string) =>
      (await gql(t.url, ownKey, `{ balanceSheet(asOf: "${asOf}") { fiscalYearStart retainedEarnings currentEarnings } }`)).body.data
        .balanceSheet;
    expect(await sheet('2026-03-31')).toEqual({ fiscalYearStart: '2025-07-01', retainedEarnings: '100.00', currentEarnings: '23.00' });
    expect(await sheet('2025-06-30')).toEqual({ fiscalYearStart: '2024-07-01', retainedEarnings: '0.00', currentEarnings: '100.00' });
    expect(await sheet('2026-07-01')).toEqual({ fiscalYearStart: '2026-07-01', retainedEarnings: '123.00', currentEarnings: '0.00' });
  });

  it('must be a day every year has, as MM-DD; anything else is refused and changes nothing', async () => {
    const { key: ownKey } = await t.tenant('Refused Co');
    for (const bad of ['02-29', '13-01', '12-32', '1231', '12/31', '']) {
      const response = await gql(
        t.url,
        ownKey,
        'mutation($e: String) { updateOrganization(input: { fiscalYearEnd: $e }) { fiscalYearEnd } }',
        { e: bad },
      );
      expect(response.body.errors?.[0]?.extensions, bad).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'fiscalYearEnd' }] });
    }
    expect((await gql(t.url, ownKey, '{ viewer { organization { fiscalYearEnd } } }')).body.data.viewer.organization.fiscalYearEnd).toBe(
      '12-31',
    );
  });

  it('cannot change while the books are locked over income or expenses: the locked reports would change', async () => {
    const { key: ownKey } = await t.tenant('Locked Year Co');
    const ids = Object.fromEntries(
      (await http(t.url, '/api/v1/accounts?limit=100', { key: ownKey })).body.data.map((a: { code: string; id: string }) => [a.code, a.id]),
    );
    const sale = (date: string) =>
      http(t.url, '/api/v1/journal-entries', {
        key: ownKey,
        body: {
          date,
          description: 'sale',
          lines: [
            { accountId: ids['1010'], debit: 10, credit: 0 },
            { accountId: ids['4000'], debit: 0, credit: 10 },
          ],
        },
      });
    const setYearEnd = (fiscalYearEnd: string, extra = '') =>
      gql(
        t.url,
        ownKey,
        `mutation { updateOrganization(input: { fiscalYearEnd: "${fiscalYearEnd}"${extra} }) { fiscalYearEnd lockDate } }`,
      );
    const sheet = async () =>
      (await gql(t.url, ownKey, '{ balanceSheet(asOf: "2025-09-30") { retainedEarnings currentEarnings } }')).body.data.balanceSheet;
    // Locked before any income or expense: nothing locked would change.
    await gql(t.url, ownKey, 'mutation { updateOrganization(input: { lockDate: "2025-01-31" }) { lockDate } }');
    await sale('2025-03-01');
    expect((await setYearEnd('03-31')).body.data.updateOrganization.fiscalYearEnd).toBe('03-31');
    await gql(t.url, ownKey, 'mutation { updateOrganization(input: { lockDate: "2025-09-30" }) { lockDate } }');
    const locked = await sheet();

    const refused = await setYearEnd('06-30');
    expect(refused.body.data.updateOrganization).toBeNull();
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'PERIOD_LOCKED', errors: [{ path: 'fiscalYearEnd' }] });
    expect(refused.body.errors[0].message).toMatch(
      /while the books are locked up to 2025-09-30: it would change the retained and current earnings/,
    );
    const rest = await http(t.url, '/api/v1/organization', { key: ownKey, method: 'PATCH', body: { fiscalYearEnd: '06-30' } });
    expect(rest.status).toBe(400);
    expect(rest.body.code).toBe('PERIOD_LOCKED');
    expect(await sheet()).toEqual(locked);
    expect((await gql(t.url, ownKey, '{ viewer { organization { fiscalYearEnd } } }')).body.data.viewer.organization.fiscalYearEnd).toBe(
      '03-31',
    );
    // Unlocking in the same change is the bookkeeper's decision, and allowed.
    expect((await setYearEnd('06-30', ', lockDate: null')).body.data.updateOrganization).toEqual({
      fiscalYearEnd: '06-30',
      lockDate: null,
    });
  });

  it('starts each fiscal year the day after the last year end', () => {
    expect(fiscalYearStart('2026-11-24', '12-31')).toBe('2026-01-01');
    expect(fiscalYearStart('2026-01-01', '12-31')).toBe('2026-01-01');
    expect(fiscalYearStart('2026-06-30', '06-30')).toBe('2025-07-01');
    expect(fiscalYearStart('2026-07-01', '06-30')).toBe('2026-07-01');
    expect(fiscalYearStart('2024-02-29', '02-28')).toBe('2024-02-29'); // a leap day starts the year after 28 February
    expect(fiscalYearStart('2025-03-01', '02-28')).toBe('2025-03-01');
    expect(['12-31', '02-28', '06-30'].every(isFiscalYearEnd)).toBe(true);
    expect(['02-29', '00-10', '04-31', '1-1'].some(isFiscalYearEnd)).toBe(false);
  });
});
