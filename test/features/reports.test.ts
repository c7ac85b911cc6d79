// What only GraphQL had, over REST: the reports, the organization's settings, and the date a void was
// posted. Each report answers what its GraphQL query answers, amounts as JSON numbers; every response
// is checked against the served OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type JsonResponse, type TestApp } from '../helpers.ts';
import { openApiValidator } from '../rest/openapi-validator.ts';

let t: TestApp;
let key: string;
let v: Awaited<ReturnType<typeof openApiValidator>>;
let accounts: Record<string, string>;

async function call(method: string, path: string, body?: unknown, withKey = key): Promise<JsonResponse> {
  const response = await http(t.url, path, { method, key: withKey, body });
  v.check(method, path, response);
  return response;
}

/** An aging bucket over REST: the name of the rows' field its amount is in (one name per bucket). */
const BUCKET_SPELLING: Record<string, string> = {
  CURRENT: 'current',
  DAYS_1_TO_30: 'days1to30',
  DAYS_31_TO_60: 'days31to60',
  DAYS_61_TO_90: 'days61to90',
  OVER_90: 'over90',
};

/** A GraphQL result in REST's spelling: decimal strings of amounts as numbers, enum values in lower case, buckets as their fields. */
function restSpelling(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => restSpelling(item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, restSpelling(item, k)]));
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && !['code', 'number', 'name'].includes(key)) return Number(value);
  if (typeof value === 'string' && key === 'bucket') return BUCKET_SPELLING[value];
  if (typeof value === 'string' && key === 'type') return value.toLowerCase();
  return value;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Reports Co'));
  v = await openApiValidator(t.url);
  const list = await http(t.url, '/api/v1/accounts?limit=100', { key });
  accounts = Object.fromEntries(list.body.data.map((a: any) => [a.code, a.id]));
  const customer = (await call('POST', '/api/v1/customers', { name: 'Ledger Ltd' })).body.id;
  const rate = (await call('POST', '/api/v1/tax-rates', { name: 'VAT', rate: 20 })).body.id;
  const invoice = (
    await call('POST', '/api/v1/invoices', {
      customerId: customer,
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      lines: [{ description: 'Work', unitPrice: 100.1, quantity: 3, taxRateId: rate }],
    })
  ).body.id;
  await call('POST', `/api/v1/invoices/${invoice}/payments`, { amount: 50.05, date: '2026-03-15' });
  const vendor = (await call('POST', '/api/v1/vendors', { name: 'Paper Co' })).body.id;
  await call('POST', '/api/v1/bills', {
    vendorId: vendor,
    issueDate: '2026-02-01',
    dueDate: '2026-02-15',
    lines: [{ description: 'Paper', unitPrice: 40, accountId: accounts['6000'], taxRateId: rate }],
  });
});
afterAll(async () => {
  await t.close();
});

const REPORTS: [string, string, string][] = [
  [
    '/api/v1/reports/trial-balance?asOf=2026-03-31',
    'trialBalance(asOf: "2026-03-31")',
    'asOf rows { account { id code name type } debit credit } totalDebit totalCredit',
  ],
  [
    '/api/v1/reports/balance-sheet?asOf=2026-03-31',
    'balanceSheet(asOf: "2026-03-31")',
    'asOf fiscalYearStart assets { rows { account { id code name type } amount } total } liabilities { rows { account { id code name ' +
      'type } amount } total } equity { rows { account { id code name type } amount } total } retainedEarnings currentEarnings ' +
      'totalLiabilitiesAndEquity',
  ],
  [
    '/api/v1/reports/profit-and-loss?from=2026-01-01&to=2026-12-31',
    'profitAndLoss(from: "2026-01-01", to: "2026-12-31")',
    'from to income { rows { account { id code name type } amount } total } expenses { rows { account { id code name type } amount } ' +
      'total } netIncome',
  ],
  [
    '/api/v1/reports/aged-receivables?asOf=2026-05-15',
    'agedReceivables(asOf: "2026-05-15")',
    'asOf rows { customer { id name } current days1to30 days31to60 days61to90 over90 total } totals { current days1to30 days31to60 ' +
      'days61to90 over90 total } invoices { invoice { id } number issueDate dueDate daysOverdue bucket outstanding } creditNotes { ' +
      'creditNote { id } number issueDate dueDate daysOverdue bucket outstanding } customerPrepayments { customerPrepayment { id } ' +
      'number issueDate dueDate daysOverdue bucket outstanding }',
  ],
  [
    '/api/v1/reports/aged-payables?asOf=2026-05-15',
    'agedPayables(asOf: "2026-05-15")',
    'asOf rows { vendor { id name } current days1to30 days31to60 days61to90 over90 total } totals { current days1to30 days31to60 ' +
      'days61to90 over90 total } bills { bill { id } number issueDate dueDate daysOverdue bucket outstanding } vendorCredits { ' +
      'vendorCredit { id } number issueDate dueDate daysOverdue bucket outstanding } vendorPrepayments { vendorPrepayment { id } ' +
      'number issueDate dueDate daysOverdue bucket outstanding }',
  ],
  [
    '/api/v1/reports/tax-summary?from=2026-01-01&to=2026-12-31',
    'taxSummary(from: "2026-01-01", to: "2026-12-31")',
    'from to rows { taxRate { id name } rate account { id code name } purchaseAccount { id code name } taxableAmount taxCollected ' +
      'taxablePurchases taxPaid netTax } totalTaxableAmount totalTaxCollected totalTaxablePurchases totalTaxPaid totalNetTax',
  ],
];

describe('REST reports', () => {
  it.each(REPORTS)('GET %s answers what GraphQL answers, amounts as JSON numbers', async (path, field, selection) => {
    const rest = await call('GET', path);
    expect(rest.status).toBe(200);
    const graphql = await gql(t.url, key, `{ report: ${field} { ${selection} } }`);
    expect(graphql.body.errors).toBeUndefined();
    expect(rest.body).toEqual(restSpelling(graphql.body.data.report));
  });

  it('answers figures a person can check: the trial balance balances, what the customer and vendor owe is aged', async () => {
    const trial = (await call('GET', '/api/v1/reports/trial-balance?asOf=2026-03-31')).body;
    expect(trial.totalDebit).toBe(trial.totalCredit);
    expect(trial.rows.find((r: any) => r.account.code === '1200')).toMatchObject({
      account: { type: 'asset' },
      debit: 360.36 - 50.05,
      credit: 0,
    });
    const receivables = (await call('GET', '/api/v1/reports/aged-receivables?asOf=2026-05-15')).body;
    expect(receivables.totals).toMatchObject({ days31to60: 310.31, total: 310.31 });
    expect(receivables.invoices[0]).toMatchObject({ daysOverdue: 45, bucket: 'days31to60', outstanding: 310.31 });
    const payables = (await call('GET', '/api/v1/reports/aged-payables?asOf=2026-05-15')).body;
    expect(payables.totals).toMatchObject({ over90: 0, days61to90: 48, total: 48 });
    const tax = (await call('GET', '/api/v1/reports/tax-summary?from=2026-01-01&to=2026-12-31')).body;
    expect(tax).toMatchObject({ totalTaxCollected: 60.06, totalTaxPaid: 8, totalNetTax: 52.06 });
  });

  it('reads as at a past date, and today when asOf is left out', async () => {
    const before = (await call('GET', '/api/v1/reports/balance-sheet?asOf=2026-01-31')).body;
    expect(before.assets.total).toBe(0);
    const today = (await call('GET', '/api/v1/reports/balance-sheet')).body;
    expect(today.asOf).toBe(new Date().toISOString().slice(0, 10));
    expect(today.assets.total).toBe(360.36 + 8);
  });

  it('pages the general ledger and refuses an account of another organization as not found', async () => {
    const page = await call('GET', `/api/v1/reports/general-ledger?accountId=${accounts['1200']}&limit=1&page=2`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      account: { code: '1200' },
      openingBalance: 0,
      closingBalance: 310.31,
      lines: { total: 2, page: 2, limit: 1, pages: 2 },
    });
    expect(page.body.lines.data[0]).toMatchObject({ balance: 310.31, line: { date: '2026-03-15', debit: 0, credit: 50.05 } });
    // Each line names what posted it (here a payment on the invoice), so a bookkeeper needs no request per line.
    const { entry } = page.body.lines.data[0].line;
    expect(entry).toMatchObject({ number: expect.any(Number), sourceType: 'payment', sourceId: expect.stringMatching(/^pay_/) });
    expect(typeof entry.description).toBe('string');
    const all = (await call('GET', '/api/v1/reports/general-ledger-all-accounts?limit=1')).body;
    expect(Object.keys(all.lines.data[0].line.entry).sort()).toEqual([
      'description',
      'id',
      'number',
      'reference',
      'sourceId',
      'sourceType',
    ]);
    const other = await t.tenant('Other Co');
    const theirs = (await http(t.url, '/api/v1/accounts?limit=1', { key: other.key })).body.data[0].id;
    expectProblem(await call('GET', `/api/v1/reports/general-ledger?accountId=${theirs}`), 404, 'NOT_FOUND');
    const byCode = await call('GET', '/api/v1/reports/general-ledger?accountId=1200');
    expectProblem(byCode, 400, 'VALIDATION_FAILED');
    expect(byCode.body.errors).toEqual([
      { path: 'accountId', message: 'must be an account id (acct_ and 26 letters and digits), got "1200"' },
    ]);
  });

  it('refuses missing, malformed and unknown parameters in REST words, naming each', async () => {
    const missing = await call('GET', '/api/v1/reports/profit-and-loss?from=2026-01-01');
    expectProblem(missing, 400, 'VALIDATION_FAILED');
    expect(missing.body.errors).toEqual([{ path: 'to', message: 'is required' }]);
    const malformed = await call('GET', '/api/v1/reports/trial-balance?asOf=31/03/2026&foo=1');
    expectProblem(malformed, 400, 'VALIDATION_FAILED');
    expect(malformed.body.errors).toEqual([
      { path: 'asOf', message: 'must be a calendar date as YYYY-MM-DD from 1900-01-01 to 2999-12-31, got "31/03/2026"' },
      { path: 'foo', message: 'is not a parameter of this endpoint (known: asOf)' },
    ]);
    const badPage = await call('GET', `/api/v1/reports/general-ledger?accountId=${accounts['1200']}&limit=500`);
    expectProblem(badPage, 400, 'VALIDATION_FAILED');
    expect(badPage.body.errors[0].path).toBe('limit');
  });

  it('needs reports:read', async () => {
    const created = await call('POST', '/api/v1/api-keys', { name: 'Invoices only', scopes: ['invoices:read'] });
    const refused = await http(t.url, '/api/v1/reports/trial-balance', { key: created.body.secret });
    expectProblem(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(refused.body.requiredScope).toBe('reports:read');
  });
});

describe('the organization over REST', () => {
  it('reads it with any key, and changes its lock date with a full key: writes on or before it are then refused', async () => {
    const narrow = (await call('POST', '/api/v1/api-keys', { name: 'Reader', scopes: ['invoices:read'] })).body.secret;
    const read = await call('GET', '/api/v1/organization', undefined, narrow);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Reports Co', baseCurrency: 'USD', lockDate: null, fiscalYearEnd: '12-31' });
    expectProblem(await call('PATCH', '/api/v1/organization', { lockDate: '2026-03-31' }, narrow), 403, 'INSUFFICIENT_SCOPE');

    const locked = await call('PATCH', '/api/v1/organization', { lockDate: '2026-03-31' });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ id: read.body.id, lockDate: '2026-03-31' });
    expect((await call('GET', '/api/v1/organization')).body.lockDate).toBe('2026-03-31');
    const entry = await call('POST', '/api/v1/journal-entries', {
      date: '2026-03-31',
      description: 'Late',
      lines: [
        { accountId: accounts['6100'], debit: 1, credit: 0 },
        { accountId: accounts['1010'], debit: 0, credit: 1 },
      ],
    });
    expectProblem(entry, 400, 'PERIOD_LOCKED');
    expect((await call('PATCH', '/api/v1/organization', { lockDate: null })).body.lockDate).toBeNull();
  });

  it('refuses a bad setting and changes nothing', async () => {
    const before = (await call('GET', '/api/v1/organization')).body;
    const refused = await call('PATCH', '/api/v1/organization', { fiscalYearEnd: '02-29', currency: 'EUR' });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors.map((e: any) => e.path).sort()).toEqual(['currency', 'fiscalYearEnd']); // every field at fault in one answer
    const invalid = await call('PATCH', '/api/v1/organization', { fiscalYearEnd: '02-29' });
    expectProblem(invalid, 400, 'VALIDATION_FAILED');
    expect(invalid.body.errors[0].path).toBe('fiscalYearEnd');
    expect((await call('GET', '/api/v1/organization')).body).toEqual(before);
  });
});

describe('payments over REST', () => {
  it("lists the payments received, oldest first, filtered by invoice, customer and dates, and only this organization's", async () => {
    const customer = (await call('POST', '/api/v1/customers', { name: 'Payer Ltd' })).body.id;
    const invoice = (
      await call('POST', '/api/v1/invoices', {
        customerId: customer,
        issueDate: '2026-06-01',
        lines: [{ description: 'Work', unitPrice: 100 }],
      })
    ).body.id;
    const first = (await call('POST', `/api/v1/invoices/${invoice}/payments`, { amount: 30, date: '2026-06-10', method: 'card' })).body;
    const second = (await call('POST', `/api/v1/invoices/${invoice}/payments`, { amount: 70, date: '2026-06-05' })).body;
    const mine = await call('GET', `/api/v1/payments?customerId=${customer}`);
    expect(mine.body).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(mine.body.data.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    expect(mine.body.data[1]).toMatchObject({
      invoiceId: invoice,
      amount: 30,
      date: '2026-06-10',
      method: 'card',
      invoiceStatus: 'paid',
      invoiceAmountDue: 0,
    });
    expect((await call('GET', `/api/v1/payments?invoiceId=${invoice}&from=2026-06-06`)).body.data.map((p: { id: string }) => p.id)).toEqual(
      [first.id],
    );
    expect((await call('GET', `/api/v1/payments/${first.id}`)).body).toEqual(mine.body.data[1]);
    const all = (await call('GET', '/api/v1/payments?limit=100')).body;
    expect(all.total).toBe(all.data.length);
    const other = await t.tenant('Payments Elsewhere Co');
    expect((await http(t.url, '/api/v1/payments', { key: other.key })).body).toMatchObject({ total: 0, data: [] });
    expectProblem(await http(t.url, `/api/v1/payments/${first.id}`, { key: other.key }), 404, 'NOT_FOUND');
    const badFilter = await call('GET', '/api/v1/payments?customerId=5&from=June');
    expectProblem(badFilter, 400, 'VALIDATION_FAILED');
    expect(badFilter.body.errors).toEqual([
      { path: 'customerId', message: 'must be a customer id (cus_ and 26 letters and digits), got "5"' },
      { path: 'from', message: expect.stringContaining('"June"') },
    ]);
    // An id of the wrong type is as much a mistake as a malformed one.
    const wrongType = await call('GET', `/api/v1/payments?invoiceId=${customer}`);
    expectProblem(wrongType, 400, 'VALIDATION_FAILED');
    expect(wrongType.body.errors).toEqual([
      { path: 'invoiceId', message: `must be an invoice id (inv_ and 26 letters and digits), got "${customer}"` },
    ]);
  });
});

describe('voidDate', () => {
  it('is the date the void was posted, beside voidedAt, the moment it was asked for', async () => {
    const customer = (await call('POST', '/api/v1/customers', { name: 'Void Ltd' })).body.id;
    const invoice = (
      await call('POST', '/api/v1/invoices', {
        customerId: customer,
        issueDate: '2026-04-01',
        lines: [{ description: 'Work', unitPrice: 10 }],
      })
    ).body;
    expect(invoice).toMatchObject({ voidedAt: null, voidDate: null });
    const voided = await call('POST', `/api/v1/invoices/${invoice.id}/void`, { date: '2026-04-06', reason: 'sent twice' });
    expect(voided.body).toMatchObject({ status: 'void', voidDate: '2026-04-06' });
    expect(Date.now() - new Date(voided.body.voidedAt).getTime()).toBeLessThan(60_000);
    const graphql = await gql(t.url, key, `{ node(id: "${invoice.id}") { ... on Invoice { voidDate voidJournalEntry { date } } } }`);
    expect(graphql.body.data.node).toEqual({ voidDate: '2026-04-06', voidJournalEntry: { date: '2026-04-06' } });
    const draft = (
      await call('POST', '/api/v1/invoices', { customerId: customer, draft: true, lines: [{ description: 'Work', unitPrice: 10 }] })
    ).body;
    expect((await call('POST', `/api/v1/invoices/${draft.id}/void`)).body).toMatchObject({ status: 'void', voidDate: null });
  });
});
