// One range for every date and date-time the API takes (1900-01-01 to 2999-12-31), on both surfaces and
// both databases: inside it answered, outside it 400 naming the field, never a 500 from a database or
// from date arithmetic (a report's day after, a fiscal year's end).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000 } });
  ({ key } = await t.tenant('Calendar Co'));
  accountId = (await http(t.url, '/api/v1/accounts?limit=1', { key })).body.data[0].id;
});
afterAll(() => t.close());

const OUTSIDE_DATES = ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-30', '9999-12-31'];
const OUTSIDE_MOMENTS = ['0000-01-01', '0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '3000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z'];

describe('dates outside the range the API takes', () => {
  it('REST query parameters: reports and the event log answer 400 naming the parameter', async () => {
    for (const date of OUTSIDE_DATES) {
      const ledger = await http(t.url, `/api/v1/reports/general-ledger?accountId=${accountId}&from=${date}`, { key });
      expectProblem(ledger, 400, 'VALIDATION_FAILED');
      expect(ledger.body.errors[0]).toMatchObject({ path: 'from', message: expect.stringContaining('from 1900-01-01 to 2999-12-31') });
      expectProblem(await http(t.url, `/api/v1/reports/trial-balance?asOf=${date}`, { key }), 400, 'VALIDATION_FAILED');
    }
    for (const moment of OUTSIDE_MOMENTS) {
      for (const parameter of ['from', 'to']) {
        const events = await http(t.url, `/api/v1/events?${parameter}=${encodeURIComponent(moment)}`, { key });
        expectProblem(events, 400, 'VALIDATION_FAILED');
        expect(events.body.errors[0].path).toBe(parameter);
      }
    }
    // The edges themselves are answered.
    expect((await http(t.url, `/api/v1/reports/general-ledger?accountId=${accountId}&from=1900-01-01&to=2999-12-31`, { key })).status).toBe(
      200,
    );
    expect((await http(t.url, '/api/v1/events?from=1900-01-01T00:00:00Z&to=2999-12-31T23:59:59Z', { key })).status).toBe(200);
  });

  it('REST bodies: a journal entry dated outside, or a key expiring outside, is refused and nothing is written', async () => {
    const entries = async () => (await http(t.url, '/api/v1/journal-entries?limit=1', { key })).body.total;
    const before = await entries();
    for (const date of OUTSIDE_DATES) {
      const entry = await http(t.url, '/api/v1/journal-entries', {
        key,
        body: {
          date,
          description: 'Far',
          lines: [
            { accountId, debit: 1, credit: 0 },
            { accountId, debit: 0, credit: 1 },
          ],
        },
      });
      expectProblem(entry, 400, 'VALIDATION_FAILED');
      expect(entry.body.errors[0]).toMatchObject({ path: 'date', message: expect.stringContaining('from 1900-01-01 to 2999-12-31') });
    }
    expect(await entries()).toBe(before);
    for (const expiresAt of ['+275760-09-13', '3000-01-01T00:00:00Z']) {
      const created = await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Far future', scopes: ['reports:read'], expiresAt } });
      expectProblem(created, 400, 'VALIDATION_FAILED');
      expect(created.body.errors[0].path).toBe('expiresAt');
    }
    expect(
      (await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Late', scopes: ['reports:read'], expiresAt: '2999-12-31T00:00:00Z' } }))
        .status,
    ).toBe(201);
  });

  it('GraphQL: the Date and DateTime scalars refuse them, as literals and as variables', async () => {
    for (const date of OUTSIDE_DATES) {
      const literal = await gql(t.url, key, `{ generalLedger(accountId: "${accountId}", from: "${date}") { openingBalance } }`);
      expect(literal.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      const variable = await gql(
        t.url,
        key,
        'query($from: Date) { generalLedger(accountId: "' + accountId + '", from: $from) { openingBalance } }',
        { from: date },
      );
      expect(variable.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    }
    for (const moment of OUTSIDE_MOMENTS) {
      const events = await gql(t.url, key, 'query($from: DateTime) { events(first: 1, filter: { from: $from }) { totalCount } }', {
        from: moment,
      });
      expect(events.body).not.toHaveProperty('data'); // refused before it ran
      expect(events.body.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    }
  });
});
