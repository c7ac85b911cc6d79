// Search text is literal on every route that takes `search`: whatever a user types (pattern characters
// of LIKE and of regular expressions, any Unicode) matches itself, and a record whose text contains it
// is found. Generated text, seeded, on SQLite in `npm test` and on PostgreSQL in `npm run test:services`.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeLikePattern, unicodeLike } from '../../src/lib/search.ts';
import { textProblem } from '../../src/lib/text.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

const SEED = 2511;
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** Characters pattern languages treat specially, mixed into arbitrary Unicode. */
const special = fc.constantFrom(
  ...'-%_\\^$.*+?()[]{}|/\'"`~!@#&=<>,;:'.split(''),
  'İ',
  'ß',
  'ﬁ',
  'Σ',
  'ς',
  '😀',
  '\u0301',
  '\u200d',
  '\u00a0',
);
const searchText = fc
  .array(
    fc.oneof(
      { weight: 2, arbitrary: special },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }) },
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''));

describe('unicodeLike (SQLite LIKE)', () => {
  it('matches every text as a literal substring of a value containing it', () => {
    fc.assert(
      fc.property(searchText, fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), (text, before, after) => {
        expect(unicodeLike(`%${escapeLikePattern(text)}%`, `${before}${text}${after}`)).toBe(1);
        expect(unicodeLike(`${escapeLikePattern(text)}%`, `${text}${after}`)).toBe(1);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('keeps % and _ literal when escaped, and wild when not', () => {
    expect(unicodeLike('%a\\%b%', 'xa%by')).toBe(1);
    expect(unicodeLike('%a\\%b%', 'xaZby')).toBe(0);
    expect(unicodeLike('%a\\_b%', 'a_b')).toBe(1);
    expect(unicodeLike('%a\\_b%', 'aZb')).toBe(0);
    expect(unicodeLike('%INV-0001%', 'inv-0001')).toBe(1);
    expect(unicodeLike('a_c', 'a😀c')).toBe(1);
  });
});

describe('search over HTTP', () => {
  let t: TestApp;
  let key: string;
  let customerId: string;
  let accounts: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { points: 1_000_000 } });
    ({ key } = await t.tenant('Search Co'));
    customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Base customer' } })).body.id;
    accounts = Object.fromEntries((await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data.map((a: any) => [a.code, a.id]));
  });
  afterAll(() => t.close());

  /** For each route with `search`: a record whose searched text contains `text`, and how to find it. */
  const resources: { path: string; create: (text: string) => unknown }[] = [
    { path: 'customers', create: (text) => ({ name: `a${text}z` }) },
    { path: 'vendors', create: (text) => ({ name: `a${text}z` }) },
    { path: 'products', create: (text) => ({ name: `a${text}z`, unitPrice: 1 }) },
    {
      path: 'employees',
      create: (text) => ({
        firstName: `a${text}z`,
        lastName: 'Search',
        startDate: '2026-01-05',
        payType: 'salary',
        payRate: 1000,
        employmentType: 'full_time',
      }),
    },
    { path: 'accounts', create: (text) => ({ code: `9${Math.floor(Math.random() * 1e9)}`, name: `a${text}z`, type: 'expense' }) },
    { path: 'invoices', create: (text) => ({ customerId, reference: `a${text}z`, lines: [{ description: 'x', unitPrice: 1 }] }) },
    {
      path: 'journal-entries',
      create: (text) => ({
        date: '2026-03-01',
        description: `a${text}z`,
        lines: [
          { accountId: accounts['1010'], debit: 1, credit: 0 },
          { accountId: accounts['3000'], debit: 0, credit: 1 },
        ],
      }),
    },
  ];

  for (const resource of resources) {
    it(`GET /api/v1/${resource.path}?search= finds the record containing the text, never a 5xx`, async () => {
      let found = 0;
      await fc.assert(
        fc.asyncProperty(searchText, async (text) => {
          const created = await http(t.url, `/api/v1/${resource.path}`, { key, body: resource.create(text) });
          const acceptable = textProblem(text) === undefined && text.trim().length > 0 && text.length <= 100;
          expect(created.status, JSON.stringify(created.body)).toBeLessThan(500);
          const listed = await http(t.url, `/api/v1/${resource.path}?limit=100&search=${encodeURIComponent(text)}`, { key });
          expect(listed.status, JSON.stringify(listed.body)).toBeLessThan(500);
          if (acceptable && created.status === 201) {
            expect(listed.status).toBe(200);
            expect(
              listed.body.data.map((r: any) => r.id),
              `search ${JSON.stringify(text)}`,
            ).toContain(created.body.id);
            found++;
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
      // The generator does produce acceptable text: most runs check that the record is found.
      expect(found).toBeGreaterThan(RUNS / 2);
    }, 60_000);
  }

  it('GraphQL filter: { search } finds a customer by any text, including an invoice number with its hyphen', async () => {
    const invoice = (await http(t.url, '/api/v1/invoices', { key, body: { customerId, lines: [{ description: 'x', unitPrice: 1 }] } }))
      .body;
    const byNumber = await http(t.url, `/api/v1/invoices?search=${encodeURIComponent(invoice.number)}`, { key });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data.map((r: any) => r.id)).toContain(invoice.id);
    await fc.assert(
      fc.asyncProperty(searchText, async (text) => {
        const r = await gql(
          t.url,
          key,
          'query($s: String) { customers(first: 50, filter: { search: $s }) { edges { node { id name } } } }',
          { s: text },
        );
        expect(r.status).toBeLessThan(500);
        for (const error of r.body.errors ?? []) expect(error.extensions.code).not.toBe('INTERNAL');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 60_000);
});
