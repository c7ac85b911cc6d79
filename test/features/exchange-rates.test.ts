// Exchange rates as a bookkeeper keeps them: a foreign currency's rate on a date (home units per one unit),
// set one by one or as a table at once, changed and deleted; the rate in force on a date is its own or
// the latest earlier one, and a date before any rate is refused naming the currency and the date.
// Mistakes are refused with every field at fault and nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Rates Co'));
});
afterAll(() => t.close());

const set = (body: unknown) => http(t.url, '/api/v1/exchange-rates', { key, body });
const effective = (currency: string, date: string) =>
  http(t.url, `/api/v1/exchange-rates/effective?currency=${currency}&date=${date}`, { key });

describe('an exchange rate', () => {
  it('is set for a currency on a date, exactly as given, and is in force until the next one', async () => {
    const created = await set({ currency: 'eur', date: '2026-03-01', rate: 1.1034 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ currency: 'EUR', date: '2026-03-01', rate: '1.1034' });
    expect(created.body.id).toMatch(/^xr_[0-9a-z]{26}$/);
    expect(created.headers.get('location')).toBe(`/api/v1/exchange-rates/${created.body.id}`);
    // Exact decimal text: many digits, trailing zeros dropped, never a float's approximation.
    const precise = await set({ currency: 'JPY', date: '2026-03-01', rate: '0.00671234567800' });
    expect(precise.body.rate).toBe('0.006712345678');
    await set({ currency: 'EUR', date: '2026-03-10', rate: '1.12' });

    expect((await effective('EUR', '2026-03-01')).body.rate).toBe('1.1034');
    expect((await effective('EUR', '2026-03-09')).body.rate).toBe('1.1034');
    expect((await effective('EUR', '2026-03-10')).body.rate).toBe('1.12');
    expect((await effective('eur', '2027-01-01')).body).toMatchObject({ date: '2026-03-10', rate: '1.12' });
    const before = await effective('EUR', '2026-02-28');
    expectProblem(before, 400, 'VALIDATION_FAILED');
    expect(before.body.detail).toBe('No EUR exchange rate on or before 2026-02-28: set one for that date (or an earlier one) first');
    expect(before.body.errors).toEqual([{ path: 'date', message: 'no EUR exchange rate on or before 2026-02-28' }]);

    const graph = await gql(
      t.url,
      key,
      '{ exchangeRateOn(currency: "EUR", date: "2026-03-05") { rate date } exchangeRates(filter: { currency: "EUR" }) { totalCount } }',
    );
    expect(graph.body.data).toEqual({ exchangeRateOn: { rate: '1.1034', date: '2026-03-01' }, exchangeRates: { totalCount: 2 } });
  });

  it('is changed and deleted; the dates it covered then take the rate before it', async () => {
    const first = (await set({ currency: 'GBP', date: '2026-04-01', rate: 1.25 })).body;
    const second = (await set({ currency: 'GBP', date: '2026-04-15', rate: 1.3 })).body;
    const changed = await http(t.url, `/api/v1/exchange-rates/${second.id}`, { key, method: 'PATCH', body: { rate: 1.31 } });
    expect(changed.status).toBe(200);
    expect(changed.body.rate).toBe('1.31');
    const deleted = await http(t.url, `/api/v1/exchange-rates/${second.id}`, { key, method: 'DELETE' });
    expect(deleted.body).toEqual({ id: second.id, deleted: true });
    expect((await effective('GBP', '2026-04-20')).body.id).toBe(first.id);
    const events = ((await http(t.url, '/api/v1/events?limit=100', { key })).body.data as { type: string; data: any }[]).filter(
      (e) => e.data.object.id === second.id,
    );
    expect(events.map((e) => e.type)).toEqual(['exchange_rate.created', 'exchange_rate.updated', 'exchange_rate.deleted']);
    expect(events[1]!.data.previousAttributes).toEqual({ rate: '1.3' });
  });

  it('refuses what is wrong, naming every field, and writes nothing', async () => {
    const count = async () => (await http(t.url, '/api/v1/exchange-rates', { key })).body.total as number;
    const before = await count();
    const bad = await set({ currency: 'XYZ', date: '2026-02-30', rate: -1 });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['currency', 'date', 'rate']);
    const home = await set({ currency: 'USD', date: '2026-03-01', rate: 1 });
    expect(home.body.errors).toEqual([{ path: 'currency', message: 'USD is the home currency: its rate is always 1 and is not set' }]);
    for (const [rate, message] of [
      [0, 'must be above 0'],
      ['1e3', 'must be a positive decimal number such as 1.1034, got "1e3"'],
      ['1.1234567890123', 'must have at most 12 decimals and 18 digits in all'],
    ] as const)
      expect((await set({ currency: 'CHF', date: '2026-03-01', rate })).body.errors, String(rate)).toEqual([{ path: 'rate', message }]);
    const taken = (await set({ currency: 'CHF', date: '2026-05-01', rate: 1.05 })).body;
    const twice = await set({ currency: 'CHF', date: '2026-05-01', rate: 1.06 });
    expect(twice.body.errors).toEqual([
      { path: 'date', message: `CHF already has a rate on 2026-05-01 (${taken.id}): change that one instead` },
    ]);
    expect(await count()).toBe(before + 1);
  });
});

describe('a table of exchange rates', () => {
  it('is set at once: new rates created, changed ones updated, unchanged ones left, answered in the order given', async () => {
    const kept = (await set({ currency: 'SEK', date: '2026-06-01', rate: '0.095' })).body;
    const changedOne = (await set({ currency: 'SEK', date: '2026-06-02', rate: '0.096' })).body;
    const table = await http(t.url, '/api/v1/exchange-rates/bulk', {
      key,
      body: {
        rates: [
          { currency: 'SEK', date: '2026-06-01', rate: 0.095 },
          { currency: 'SEK', date: '2026-06-02', rate: '0.0965' },
          { currency: 'NOK', date: '2026-06-01', rate: 0.093 },
        ],
      },
    });
    expect(table.status).toBe(200);
    expect(table.body.data.map((r: { currency: string; date: string; rate: string }) => [r.currency, r.date, r.rate])).toEqual([
      ['SEK', '2026-06-01', '0.095'],
      ['SEK', '2026-06-02', '0.0965'],
      ['NOK', '2026-06-01', '0.093'],
    ]);
    expect(table.body.data[0].id).toBe(kept.id);
    expect(table.body.data[1].id).toBe(changedOne.id);
    const ids = table.body.data.map((r: { id: string }) => r.id);
    const events = ((await http(t.url, '/api/v1/events?limit=100', { key })).body.data as { type: string; data: any }[])
      .filter((e) => ids.includes(e.data.object.id))
      .map((e) => `${e.type} ${e.data.object.currency} ${e.data.object.date}`);
    expect(events).toEqual([
      'exchange_rate.created SEK 2026-06-01',
      'exchange_rate.created SEK 2026-06-02',
      'exchange_rate.updated SEK 2026-06-02',
      'exchange_rate.created NOK 2026-06-01',
    ]);
  });

  it('is refused whole when any row is wrong, every fault named by its row', async () => {
    const count = async () => (await http(t.url, '/api/v1/exchange-rates', { key })).body.total as number;
    const before = await count();
    const refused = await http(t.url, '/api/v1/exchange-rates/bulk', {
      key,
      body: {
        rates: [
          { currency: 'DKK', date: '2026-07-01', rate: 0.15 },
          { currency: 'DKK', date: '2026-07-01', rate: 0.16 },
          { currency: 'QQQ', date: '2026-07-02', rate: 0 },
        ],
      },
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([
      { path: 'rates.1', message: 'DKK on 2026-07-01 is given twice (also rates.0)' },
      { path: 'rates.2.currency', message: '"QQQ" is not an ISO 4217 currency code (such as EUR)' },
      { path: 'rates.2.rate', message: 'must be above 0' },
    ]);
    expect(await count()).toBe(before);
  });
});

describe('a table of exchange rates as CSV', () => {
  const upload = (text: string, contentType = 'text/csv') =>
    http(t.url, '/api/v1/exchange-rates/bulk', { key, rawBody: text, headers: { 'content-type': contentType }, method: 'POST' });

  it('is read as a spreadsheet writes it (a BOM, CRLF, quotes, columns in any order) and set as the JSON table is', async () => {
    const table = await upload('\ufeffDate,Currency,Rate\r\n2026-08-01,AUD,"0.6612"\r\n2026-08-02,aud,0.66150\r\n\r\n');
    expect(table.status).toBe(200);
    expect(table.body.data.map((r: { currency: string; date: string; rate: string }) => [r.currency, r.date, r.rate])).toEqual([
      ['AUD', '2026-08-01', '0.6612'],
      ['AUD', '2026-08-02', '0.6615'],
    ]);
  });

  it('is refused whole, with what is wrong and where, never quoting the text', async () => {
    const count = async () => (await http(t.url, '/api/v1/exchange-rates', { key })).body.total as number;
    const before = await count();
    const header = await upload('currency,day,rate,source\nNZD,2026-08-01,0.6\n');
    expectProblem(header, 400, 'VALIDATION_FAILED');
    expect(header.body.errors).toEqual([
      { path: '(body)', message: 'the CSV header must name the columns currency, date, rate; missing date; unknown "day", "source"' },
    ]);
    const ragged = await upload('currency,date,rate\nNZD,2026-08-01,0.6\nNZD,2026-08-02\n');
    expect(ragged.body.errors).toEqual([
      { path: '(body)', message: 'the CSV table cannot be read at line 3: each row needs one value per column' },
    ]);
    const values = await upload('currency,date,rate\nNZD,2026-08-01,0.6\nNZD,2026-13-01,abc\n');
    expect(values.body.errors.map((e: { path: string }) => e.path)).toEqual(['rates.1.date', 'rates.1.rate']);
    expectProblem(await upload('currency,date,rate\n', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await count()).toBe(before);
  });
});

describe('currencies', () => {
  it('lists every ISO 4217 currency with its minor-unit digits, for any key', async () => {
    const { key: narrow } = await t.tenant('Narrow Co');
    const hr = (await http(t.url, '/api/v1/api-keys', { key: narrow, body: { name: 'hr', scopes: ['employees:read'] } })).body.secret;
    const list = (await gql(t.url, hr, '{ currencies { code name decimals } }')).body.data.currencies as {
      code: string;
      decimals: number;
      name: string;
    }[];
    const byCode = new Map(list.map((c) => [c.code, c]));
    expect(byCode.get('USD')).toEqual({ code: 'USD', name: 'US Dollar', decimals: 2 });
    expect(byCode.get('JPY')?.decimals).toBe(0);
    expect(byCode.get('KWD')?.decimals).toBe(3);
    expect(list.length).toBeGreaterThan(150);
  });
});
