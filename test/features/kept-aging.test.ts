// Aged reports read kept sums (src/modules/documents/aging.ts), not the documents. One book with every
// way a document comes to be owed and stops being owed (payments, a payment voided and paid again from
// before its void, credit applied and unapplied, a write-off, a void, prepaid credit, a foreign invoice,
// a bill with vendor credit, a draft) written through the API; then, as at every week of the year and
// every date something happened, the kept sums give each party's buckets exactly as the documents do,
// in home currency and in each document currency. An organization whose documents predate kept aging
// reads the documents until its steps are derived, then reads the same figures from the sums.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../src/db/generated/sqlite/client.ts';
import { insertStatement } from '../../src/db/insert.ts';
import { bigintOf } from '../../src/db/sql.ts';
import { organizationInfo } from '../../src/core/tenant.ts';
import { addDays } from '../../src/lib/dates.ts';
import {
  AGING_STEP_COLUMNS,
  type AgingStepRow,
  agingDrift,
  keptSumsDrift,
  rebuildPendingAging,
} from '../../src/modules/documents/index.ts';
import { AGING_BUCKETS, agedPayables, agedReceivables, agingBucket, agingStatement } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
  ({ key, organizationId } = await t.tenant('Kept Aging Co'));
});
afterAll(() => t.close());

const post = async (path: string, body: unknown) => {
  const response = await http(t.url, path, { key, body });
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
};

/** Every date something happened in the book below. */
const EVENT_DATES = new Set<string>();
const on = (date: string) => {
  EVENT_DATES.add(date);
  return date;
};

async function writeTheBook() {
  await post('/api/v1/exchange-rates/bulk', { rates: [{ currency: 'EUR', date: '2026-01-01', rate: '1.10' }] });
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  const expense = accounts.find((a) => a.code === '6000')!.id;
  const [ann, bob, eve] = [
    await post('/api/v1/customers', { name: 'Ann' }),
    await post('/api/v1/customers', { name: 'Bob' }),
    await post('/api/v1/customers', { name: 'Eve', currency: 'EUR' }),
  ];
  const vic = await post('/api/v1/vendors', { name: 'Vic' });
  const invoice = (customerId: string, issueDate: string, dueDate: string, unitPrice: number, extra: object = {}) =>
    post('/api/v1/invoices', { customerId, issueDate: on(issueDate), dueDate, lines: [{ description: 'Work', unitPrice }], ...extra });

  const a1 = await invoice(ann.id, '2026-01-05', '2026-02-04', 500);
  const a2 = await invoice(ann.id, '2026-02-10', '2026-03-12', 300);
  const a3 = await invoice(ann.id, '2026-01-10', '2026-01-10', 80);
  const b1 = await invoice(bob.id, '2026-01-20', '2026-01-20', 200);
  const e1 = await invoice(eve.id, '2026-03-01', '2026-03-31', 100, { exchangeRate: '1.25' });
  await invoice(bob.id, '2026-02-01', '2026-02-01', 999, { draft: true });

  await post(`/api/v1/invoices/${a1.id}/payments`, { amount: 200, date: on('2026-02-01') });
  const first = await post(`/api/v1/invoices/${a2.id}/payments`, { amount: 300, date: on('2026-03-01') });
  await post(`/api/v1/payments/${first.id}/void`, { date: on('2026-03-15') });
  // Paid again from before the void: owed twice over (negative) until the void date.
  await post(`/api/v1/invoices/${a2.id}/payments`, { amount: 300, date: on('2026-03-10') });
  const note = await post('/api/v1/credit-notes', {
    customerId: ann.id,
    issueDate: on('2026-02-15'),
    lines: [{ description: 'Returned', unitPrice: 50 }],
  });
  const applied = await post(`/api/v1/credit-notes/${note.id}/apply`, {
    date: on('2026-02-20'),
    allocations: [{ invoiceId: a1.id, amount: 30 }],
  });
  await post(`/api/v1/credit-notes/${note.id}/unapply`, { allocationId: applied.allocations[0].id, date: on('2026-03-05') });
  await post(`/api/v1/invoices/${b1.id}/write-off`, { date: on('2026-04-01'), accountId: expense });
  await post(`/api/v1/invoices/${a3.id}/void`, { date: on('2026-02-28') });
  await post(`/api/v1/invoices/${e1.id}/payments`, { amount: 40, date: on('2026-03-20'), exchangeRate: '1.30' });
  await post('/api/v1/customer-prepayments', { customerId: bob.id, amount: 25, date: on('2026-02-01') });

  const v1 = await post('/api/v1/bills', {
    vendorId: vic.id,
    issueDate: on('2026-01-15'),
    dueDate: '2026-02-14',
    lines: [{ description: 'Paper', unitPrice: 400, accountId: expense }],
  });
  await post(`/api/v1/bills/${v1.id}/payments`, { amount: 150, date: on('2026-02-20') });
  const credit = await post('/api/v1/vendor-credits', {
    vendorId: vic.id,
    issueDate: on('2026-02-01'),
    lines: [{ description: 'Damaged', unitPrice: 60, accountId: expense }],
  });
  await post(`/api/v1/vendor-credits/${credit.id}/apply`, { date: on('2026-02-25'), allocations: [{ billId: v1.id, amount: 60 }] });
}

const rowsOf = async (statement: Prisma.Sql) =>
  ((await t.db.prisma.$queryRaw(statement)) as Record<string, unknown>[])
    .map((r) =>
      Object.entries(r)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(' '),
    )
    .sort();

/** The dates to compare at: every week of the year and the days around each date something happened. */
const comparedDates = () => {
  const dates = new Set<string>();
  for (let d = '2025-12-25'; d <= '2027-01-01'; d = addDays(d, 7)) dates.add(d);
  for (const date of EVENT_DATES) for (const shift of [-1, 0, 1]) dates.add(addDays(date, shift));
  return [...dates].sort();
};

describe('kept aging', () => {
  it('gives every party the buckets its documents give, as at any date, in home currency and in each currency', async () => {
    await writeTheBook();
    expect(await agingDrift(t.db.prisma, organizationId)).toEqual([]);
    let nonEmpty = 0;
    for (const asOf of comparedDates())
      for (const side of ['receivables', 'payables'] as const)
        for (const currency of [undefined, 'USD', 'EUR']) {
          const kept = await rowsOf(agingStatement(organizationId, asOf, side, currency, 'kept'));
          const documents = await rowsOf(agingStatement(organizationId, asOf, side, currency, 'documents'));
          expect(kept, `${side} as at ${asOf} in ${currency ?? 'home currency'}`).toEqual(documents);
          if (kept.length) nonEmpty++;
        }
    // The comparison compared something: most dates of the year had someone owing.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it("gives one party's row alone (a statement's aging) as the whole report has it", async () => {
    for (const asOf of ['2026-02-21', '2026-03-12', '2026-12-31'])
      for (const side of ['receivables', 'payables'] as const) {
        const all = (await t.db.prisma.$queryRaw(agingStatement(organizationId, asOf, side))) as { partyId: string }[];
        expect(all.length).toBeGreaterThan(0);
        for (const from of ['kept', 'documents'] as const)
          for (const row of all) {
            const statement = agingStatement(organizationId, asOf, side, undefined, from, row.partyId);
            expect(await rowsOf(statement), `${side} of ${row.partyId} as at ${asOf} from the ${from}`).toEqual(
              (await rowsOf(agingStatement(organizationId, asOf, side, undefined, from))).filter((r) =>
                r.startsWith(`partyId=${row.partyId} `),
              ),
            );
          }
      }
  });

  it('reads no document (the sums only)', async () => {
    const statement = agingStatement(organizationId, '2026-03-01', 'receivables', undefined, 'kept');
    const text = t.db.provider === 'sqlite' ? statement.sql : statement.text;
    expect(text).not.toMatch(/"Invoice"|"Payment"|"CreditNote/);
    expect(text).toMatch(/"AgingBalance"/);
  });

  it('is derived from the documents for an organization whose documents came before it, which reads the documents meanwhile', async () => {
    const dates = ['2026-01-31', '2026-02-21', '2026-03-12', '2026-04-30', '2026-12-31'];
    const organization = organizationInfo(await t.db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } }));
    const tenant = { prisma: t.db.prisma, organizationId, organization };
    const figures = async () => Promise.all(dates.flatMap((asOf) => [agedReceivables(tenant, asOf), agedPayables(tenant, asOf)]));
    const before = await figures();
    // As the migration leaves an organization that had documents: no steps, and listed to be derived.
    await t.db.prisma.$executeRaw(Prisma.sql`DELETE FROM "AgingStep" WHERE "organizationId" = ${organizationId}`);
    await t.db.prisma.$executeRaw(Prisma.sql`INSERT INTO "AgingRebuild" ("organizationId") VALUES (${organizationId})`);
    expect(await t.db.prisma.agingBalance.count({ where: { organizationId } })).toBe(0);
    expect(await figures(), 'read from the documents while pending').toEqual(before);

    await Promise.all([rebuildPendingAging(t.db), rebuildPendingAging(t.db)]);
    expect(await t.db.prisma.agingRebuild.count()).toBe(0);
    expect(await agingDrift(t.db.prisma, organizationId)).toEqual([]);
    expect(await t.db.prisma.agingBalance.count({ where: { organizationId } })).toBeGreaterThan(0);
    expect(await figures(), 'read from the sums once derived').toEqual(before);
  });

  it("keeps each party's running balances, and reads its buckets from them, however steps come and go (property)", async () => {
    const { organizationId: org } = await t.tenant('Steps Co');
    const DAYS = ['2026-01-01', '2026-01-20', '2026-02-05', '2026-03-01', '2026-03-30', '2026-05-15', '2026-07-01'];
    const step = fc.record({
      side: fc.constantFrom('receivables', 'payables'),
      partyId: fc.constantFrom('p1', 'p2', 'p3'),
      currency: fc.constantFrom('USD', 'EUR'),
      date: fc.constantFrom(...DAYS),
      dueDate: fc.constantFrom(...DAYS),
      home: fc.integer({ min: -400, max: 400 }),
      amount: fc.integer({ min: -400, max: 400 }),
      removed: fc.boolean(),
    });
    /** The report's rows in the same words whatever the database answers: party, then each bucket. */
    const normalized = (rows: Record<string, unknown>[]) =>
      rows.map((r) => `${r.partyId} ${AGING_BUCKETS.map((b) => bigintOf(r[b])).join(' ')}`).sort();
    // What the report must say, from the steps in hand: as at a date, the steps dated by then, by bucket.
    const expected = (steps: AgingStepRow[], asOf: string, side: string, currency?: string) => {
      const parties = new Map<string, Record<string, bigint>>();
      for (const s of steps)
        if (s.side === side && s.date <= asOf && (!currency || s.currency === currency)) {
          const buckets = parties.get(s.partyId) ?? Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0n]));
          buckets[agingBucket(s.dueDate, asOf).bucket] += currency ? s.amount : s.home;
          parties.set(s.partyId, buckets);
        }
      return [...parties]
        .filter(([, b]) => Object.values(b).reduce((x, y) => x + y, 0n) !== 0n)
        .map(([party, b]) => `${party} ${AGING_BUCKETS.map((k) => b[k]).join(' ')}`)
        .sort();
    };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 24 }), fc.integer({ min: 1, max: 6 }), async (drawn, batch) => {
        const steps = drawn.map((s, i): AgingStepRow & { removed: boolean } => ({
          documentId: `doc_${i}`,
          organizationId: org,
          ...s,
          home: BigInt(s.home),
          amount: BigInt(s.amount),
        }));
        // Each run on its own (a failed one, being shrunk, leaves its steps behind).
        await t.db.prisma.$executeRaw(Prisma.sql`DELETE FROM "AgingStep" WHERE "organizationId" = ${org}`);
        // Written in batches (each row its triggers, in order), then some replaced as a write replaces them.
        for (let i = 0; i < steps.length; i += batch)
          await t.db.prisma.$executeRaw(insertStatement('AgingStep', AGING_STEP_COLUMNS, steps.slice(i, i + batch)));
        for (const s of steps.filter((s) => s.removed))
          await t.db.prisma.$executeRaw(Prisma.sql`DELETE FROM "AgingStep" WHERE "documentId" = ${s.documentId} AND "date" = ${s.date}`);
        const standing = steps.filter((s) => !s.removed);
        expect(await keptSumsDrift(t.db.prisma, org)).toEqual([]);
        for (const asOf of ['2025-12-31', '2026-02-05', '2026-03-15', '2026-06-01', '2026-12-31'])
          for (const side of ['receivables', 'payables'] as const)
            for (const currency of [undefined, 'EUR']) {
              const rows = (await t.db.prisma.$queryRaw(agingStatement(org, asOf, side, currency))) as Record<string, unknown>[];
              expect(normalized(rows), `${side} as at ${asOf} in ${currency ?? 'home currency'}`).toEqual(
                expected(standing, asOf, side, currency),
              );
            }
        // Every step gone, every sum and party with it.
        await t.db.prisma.$executeRaw(Prisma.sql`DELETE FROM "AgingStep" WHERE "organizationId" = ${org}`);
        const left = await Promise.all([
          t.db.prisma.agingBalance.count({ where: { organizationId: org } }),
          t.db.prisma.agingParty.count({ where: { organizationId: org } }),
          t.db.prisma.agingDay.count({ where: { organizationId: org } }),
        ]);
        expect(left).toEqual([0, 0, 0]);
      }),
      { numRuns: 40 },
    );
  });
});
