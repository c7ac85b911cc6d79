// Profit and loss in columns, as an accountant compares periods: a column per month or quarter, each
// beside the same period a year before when asked; the columns add up to the P&L of the whole range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Columns Co'));
  const customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Buyer' } })).body.id;
  const vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Landlord' } })).body.id;
  const rent = ((await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[]).find(
    (a) => a.code === '6100',
  )!.id;
  for (const [date, sale, cost] of [
    ['2025-01-20', 100, 40],
    ['2025-02-20', 110, 40],
    ['2026-01-10', 200, 50],
    ['2026-02-10', 220, 50],
    ['2026-03-31', 240, 0],
    ['2026-07-01', 300, 60],
  ] as const) {
    await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId, issueDate: date, lines: [{ description: 'Sale', unitPrice: sale }] },
    });
    if (cost)
      await http(t.url, '/api/v1/bills', {
        key,
        body: { vendorId, issueDate: date, lines: [{ description: 'Rent', unitPrice: cost, accountId: rent }] },
      });
  }
});
afterAll(() => t.close());

describe('profit and loss in columns', () => {
  it('gives each month beside the same month a year before, adding up to the whole range', async () => {
    const report = await gql(
      t.url,
      key,
      `{ profitAndLossColumns(from: "2026-01-01", to: "2026-03-31", comparePriorYear: true) {
          columns { label priorYear from to } income { rows { account { code } amounts } totals } expenses { totals } netIncome }
         whole: profitAndLoss(from: "2026-01-01", to: "2026-03-31") { netIncome } }`,
    );
    expect(report.body.errors).toBeUndefined();
    const columns = report.body.data.profitAndLossColumns;
    expect(columns.columns.map((c: { label: string; priorYear: boolean }) => [c.label, c.priorYear])).toEqual([
      ['2026-01', false],
      ['2025-01', true],
      ['2026-02', false],
      ['2025-02', true],
      ['2026-03', false],
      ['2025-03', true],
    ]);
    expect(columns.income.rows).toEqual([
      { account: { code: '4000' }, amounts: ['200.00', '100.00', '220.00', '110.00', '240.00', '0.00'] },
    ]);
    expect(columns.expenses.totals).toEqual(['50.00', '40.00', '50.00', '40.00', '0.00', '0.00']);
    expect(columns.netIncome).toEqual(['150.00', '60.00', '170.00', '70.00', '240.00', '0.00']);
    const thisYear = columns.netIncome.filter((_n: string, i: number) => !columns.columns[i].priorYear);
    expect(thisYear.reduce((t: number, n: string) => t + Number(n), 0).toFixed(2)).toBe(report.body.data.whole.netIncome);
  });

  it('cuts quarters to the range, over REST too', async () => {
    const report = await http(t.url, '/api/v1/reports/profit-and-loss-columns?from=2026-02-15&to=2026-08-10&period=quarter', { key });
    expect(report.status).toBe(200);
    expect(report.body.columns).toEqual([
      { from: '2026-02-15', to: '2026-03-31', label: '2026-Q1', priorYear: false },
      { from: '2026-04-01', to: '2026-06-30', label: '2026-Q2', priorYear: false },
      { from: '2026-07-01', to: '2026-08-10', label: '2026-Q3', priorYear: false },
    ]);
    expect(report.body.netIncome).toEqual([240, 0, 240]);
  });

  it('refuses a range that ends before it starts or needs more than 24 columns', async () => {
    const backwards = await http(t.url, '/api/v1/reports/profit-and-loss-columns?from=2026-02-01&to=2026-01-01', { key });
    expectProblem(backwards, 400, 'VALIDATION_FAILED');
    const long = await http(t.url, '/api/v1/reports/profit-and-loss-columns?from=2024-01-01&to=2026-01-31', { key });
    expectProblem(long, 400, 'VALIDATION_FAILED');
    expect(long.body.errors).toEqual([{ path: 'to', message: 'makes more than 24 months; ask for a shorter range' }]);
    expect(
      (await http(t.url, '/api/v1/reports/profit-and-loss-columns?from=2024-01-01&to=2026-01-31&period=quarter', { key })).status,
    ).toBe(200);
  });
});

describe('retained earnings in the general ledger', () => {
  it("shows each closed fiscal year's result as a closing line, and ties to the trial balance at every date", async () => {
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
    const retained = accounts.find((a) => a.code === '3200')!.id;
    const ledger = await http(t.url, `/api/v1/reports/general-ledger?accountId=${retained}&from=2025-06-01&to=2026-06-30`, { key });
    expect(ledger.status).toBe(200);
    // 2025: sales 100 + 110, rent 40 + 40: a result of 130, closed into retained earnings on 1 January 2026.
    expect(ledger.body.yearClosings).toEqual([
      { date: '2026-01-01', fiscalYearStart: '2025-01-01', fiscalYearEnd: '2025-12-31', netIncome: 130 },
    ]);
    expect(ledger.body.openingBalance).toBe(0);
    expect(ledger.body.closingBalance).toBe(130);
    for (const asOf of ['2025-12-31', '2026-01-01', '2026-06-30']) {
      const trial = (await http(t.url, `/api/v1/reports/trial-balance?asOf=${asOf}`, { key })).body;
      const row = trial.rows.find((r: { account: { code: string } }) => r.account.code === '3200');
      const gl = (await http(t.url, `/api/v1/reports/general-ledger?accountId=${retained}&to=${asOf}`, { key })).body;
      expect(gl.closingBalance, asOf).toBe(row ? row.credit - row.debit : 0);
    }
    // From the first day of 2026 on, the closing is in the opening balance.
    const later = (await http(t.url, `/api/v1/reports/general-ledger?accountId=${retained}&from=2026-02-01&to=2026-06-30`, { key })).body;
    expect(later).toMatchObject({ openingBalance: 130, closingBalance: 130, yearClosings: [] });
    // A range of eleven centuries, inside the dates the API accepts, closes only the years the books have
    // lines in (one statement per century of years: SQLite refuses a compound SELECT of over 500 terms).
    const wide = await http(t.url, `/api/v1/reports/general-ledger?accountId=${retained}&from=1900-01-01&to=2999-12-31`, { key });
    expect(wide.status).toBe(200);
    expect(wide.body.yearClosings.map((c: { date: string }) => c.date)).toEqual(['2026-01-01', '2027-01-01']);
    const everyAccount = await http(t.url, '/api/v1/reports/general-ledger-all-accounts?from=1900-01-01&to=2999-12-31', { key });
    expect(everyAccount.status).toBe(200);
    const retainedRow = everyAccount.body.accounts.find((a: { account: { id: string } }) => a.account.id === retained);
    expect(retainedRow.closingBalance).toBe(wide.body.closingBalance);
    // Other accounts have no closings.
    const sales = accounts.find((a) => a.code === '4000')!.id;
    expect((await http(t.url, `/api/v1/reports/general-ledger?accountId=${sales}`, { key })).body.yearClosings).toEqual([]);
  });
});

describe('the general ledger of every account', () => {
  // Income and expense accounts are closed into retained earnings at each fiscal year's end: at a year's
  // first day they open at zero, and every account's closing balance is the trial balance's at `to`.
  it("opens income and expenses at zero at a fiscal year's start and ties to the trial balance at every date", async () => {
    type Summary = { account: { code: string; type: string }; openingBalance: number; closingBalance: number };
    const debitNormal = (type: string) => type === 'asset' || type === 'expense';
    for (const from of ['2025-02-01', '2026-01-01', '2026-02-15']) {
      for (const to of ['2025-12-31', '2026-01-01', '2026-03-31', '2026-12-31']) {
        if (to < from) continue;
        const ledger = (await http(t.url, `/api/v1/reports/general-ledger-all-accounts?from=${from}&to=${to}&limit=100`, { key })).body;
        const trial = (await http(t.url, `/api/v1/reports/trial-balance?asOf=${to}`, { key })).body;
        const closing = Object.fromEntries(ledger.accounts.map((a: Summary) => [a.account.code, a.closingBalance]));
        const expected = Object.fromEntries(
          trial.rows.map((r: { account: { code: string; type: string }; debit: number; credit: number }) => [
            r.account.code,
            Number((debitNormal(r.account.type) ? r.debit - r.credit : r.credit - r.debit).toFixed(2)),
          ]),
        );
        for (const code of Object.keys(closing)) expected[code] ??= 0;
        expect(closing, `${from} to ${to}`).toEqual(expected);
        // Debits and credits of the closing balances balance, as the trial balance's do.
        const net = ledger.accounts.reduce(
          (t: number, a: Summary) => t + (debitNormal(a.account.type) ? a.closingBalance : -a.closingBalance),
          0,
        );
        expect(Number(net.toFixed(2)), `${from} to ${to}`).toBe(0);
      }
    }
    const fromYearStart = (await http(t.url, '/api/v1/reports/general-ledger-all-accounts?from=2026-01-01&to=2026-12-31', { key })).body;
    const opening = (code: string) => fromYearStart.accounts.find((a: Summary) => a.account.code === code)?.openingBalance;
    expect([opening('4000'), opening('6100')]).toEqual([0, 0]); // not 2025's 210 and 80
    // Mid-year, they open with the year to date.
    const midYear = (await http(t.url, '/api/v1/reports/general-ledger-all-accounts?from=2026-02-15&to=2026-12-31', { key })).body;
    expect(midYear.accounts.find((a: Summary) => a.account.code === '4000').openingBalance).toBe(420);
    // Over a year's end, a running balance starts again from zero on the new year's first line.
    const across = (await http(t.url, '/api/v1/reports/general-ledger-all-accounts?from=2025-01-01&to=2026-12-31&limit=100', { key })).body;
    const sales = across.lines.data
      .filter((l: { line: { account: { code: string } } }) => l.line.account.code === '4000')
      .map((l: { line: { date: string }; balance: number }) => [l.line.date, l.balance]);
    expect(sales).toEqual([
      ['2025-01-20', 100],
      ['2025-02-20', 210],
      ['2026-01-10', 200],
      ['2026-02-10', 420],
      ['2026-03-31', 660],
      ['2026-07-01', 960],
    ]);
  });

  it("pages through every account's lines, each running balance and total as the account's own ledger gives it", async () => {
    const range = 'from=2025-02-01&to=2026-12-31';
    const lines: { line: { id: string; account: { id: string } }; balance: number }[] = [];
    let first: { accounts: { account: { id: string; code: string }; openingBalance: number; closingBalance: number }[] } | undefined;
    for (let page = 1; ; page++) {
      const response = await http(t.url, `/api/v1/reports/general-ledger-all-accounts?${range}&limit=3&page=${page}`, { key });
      expect(response.status).toBe(200);
      first ??= response.body;
      lines.push(...response.body.lines.data);
      if (page >= response.body.lines.pages) break;
    }
    expect(first!.accounts.map((a) => a.account.code)).toEqual(['1200', '2000', '3200', '4000', '6100']);
    for (const summary of first!.accounts) {
      const own = (await http(t.url, `/api/v1/reports/general-ledger?accountId=${summary.account.id}&${range}&limit=100`, { key })).body;
      expect([summary.openingBalance, summary.closingBalance], summary.account.code).toEqual([own.openingBalance, own.closingBalance]);
      const mine = lines.filter((l) => l.line.account.id === summary.account.id).map((l) => [l.line.id, l.balance]);
      expect(mine, summary.account.code).toEqual(
        own.lines.data.map((l: { line: { id: string }; balance: number }) => [l.line.id, l.balance]),
      );
    }
  });
});
