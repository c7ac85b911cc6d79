// Recurring invoices and bills as a bookkeeper sets them up: a template and a schedule, each occurrence
// made once — after a restart, with two instances racing for it, and after an outage that missed
// several (caught up, each once). End-of-month rules, pausing, failures retried, counts and scopes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { nextOccurrence, occurrenceDate } from '../../src/modules/recurring/schedule-rule.ts';
import { createTestApp, expectProblem, gql, http, type TestApp, usingPostgres } from '../helpers.ts';

let now = new Date('2025-04-01T06:00:00Z');
const clock = () => now;
let t: TestApp;
let key: string;
let organizationId: string;
let customer: { id: string };
const post = (path: string, body: unknown = {}) => http(t.url, path, { key, body });
const get = (path: string) => http(t.url, path, { key });
const invoicesOf = async (scheduleId: string) =>
  ((await get(`/api/v1/invoices?customerId=${customer.id}&limit=100`)).body.data as { issueDate: string; recurringScheduleId?: string }[])
    .filter((i) => i.recurringScheduleId === scheduleId)
    .map((i) => i.issueDate)
    .sort();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  ({ key, organizationId } = await t.tenant('Recurring Co'));
  customer = (await post('/api/v1/customers', { name: 'Monthly Retainer Ltd', email: 'ap@retainer.test' })).body;
});
afterAll(() => t.close());

describe('when occurrences fall', () => {
  const monthly = (startDate: string, shortMonths: 'LAST_DAY' | 'SKIP' | null) => ({
    frequency: 'MONTH' as const,
    interval: 1,
    startDate,
    shortMonths,
    endDate: null,
    maxOccurrences: null,
  });

  it('a month without the start day takes its last day, or is skipped; later months keep the day', () => {
    const last = monthly('2025-01-31', 'LAST_DAY');
    expect([0, 1, 2, 3, 4].map((i) => occurrenceDate(last, i))).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
    ]);
    const skip = monthly('2025-01-31', 'SKIP');
    expect([0, 1, 2, 3].map((i) => occurrenceDate(skip, i))).toEqual(['2025-01-31', null, '2025-03-31', null]);
    expect(nextOccurrence(skip, 1, 1)).toEqual({ index: 2, date: '2025-03-31' });
    const leap = { ...monthly('2024-02-29', 'LAST_DAY'), frequency: 'YEAR' as const };
    expect([0, 1, 4].map((i) => occurrenceDate(leap, i))).toEqual(['2024-02-29', '2025-02-28', '2028-02-29']);
    expect(occurrenceDate({ ...monthly('2025-01-06', null), frequency: 'WEEK', interval: 2 }, 3)).toBe('2025-02-17');
  });

  it('ends at its count or its end date', () => {
    expect(nextOccurrence({ ...monthly('2025-01-15', null), maxOccurrences: 2 }, 2, 2)).toBeNull();
    expect(nextOccurrence({ ...monthly('2025-01-15', null), endDate: '2025-03-14' }, 2, 2)).toBeNull();
    expect(nextOccurrence({ ...monthly('2025-01-15', null), endDate: '2025-03-15' }, 2, 2)).toEqual({ index: 2, date: '2025-03-15' });
  });
});

describe('a monthly invoice from 31 January', () => {
  let schedule: { id: string; nextDate: string; status: string };

  it('refuses a start more than a year back: one request cannot make years of documents', async () => {
    const refused = await post('/api/v1/recurring-schedules', {
      invoice: { customerId: customer.id, lines: [{ description: 'Daily', unitPrice: 1 }] },
      frequency: 'day',
      startDate: '1900-01-01',
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([
      { path: 'startDate', message: 'must be on or after 2024-03-31: a schedule catches up at most 366 days of past occurrences' },
    ]);
  });

  it('refuses a schedule on the 31st without an end-of-month rule, naming every bad field at once', async () => {
    const refused = await post('/api/v1/recurring-schedules', {
      invoice: { customerId: customer.id, lines: [{ description: 'Retainer', unitPrice: -5 }] },
      frequency: 'month',
      startDate: '2025-01-31',
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    const paths = refused.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toContain('shortMonths');
    expect(paths.some((p: string) => p.startsWith('invoice.lines.0'))).toBe(true);
    expect((await get('/api/v1/recurring-schedules')).body.total).toBe(0);
  });

  it('with the clock at 1 April, has made exactly three invoices: 31 Jan, 28 Feb, 31 Mar', async () => {
    const created = await post('/api/v1/recurring-schedules', {
      name: 'Retainer',
      invoice: { customerId: customer.id, paymentTermsDays: 14, lines: [{ description: 'Monthly retainer', unitPrice: 1500 }] },
      frequency: 'month',
      startDate: '2025-01-31',
      shortMonths: 'last_day',
      documentStatus: 'posted',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'active', nextDate: '2025-01-31', occurrences: 0, documentType: 'invoice' });
    await t.app.workers.recurring!.drain();
    schedule = (await get(`/api/v1/recurring-schedules/${created.body.id}`)).body;
    expect(schedule).toMatchObject({ nextDate: '2025-04-30', occurrences: 3, status: 'active', lastError: null });
    expect(await invoicesOf(schedule.id)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
    const invoices = (await get(`/api/v1/invoices?customerId=${customer.id}`)).body.data;
    expect(invoices.every((i: { status: string; total: number }) => i.status === 'open' && i.total === 1500)).toBe(true);
    const first = invoices.find((i: { issueDate: string }) => i.issueDate === '2025-01-31');
    expect(first.dueDate).toBe('2025-02-14');
    const events = (await get('/api/v1/events?type=recurring_schedule.ran&limit=100')).body.data;
    expect(events).toHaveLength(3);
    const viaGraphql = await gql(
      t.url,
      key,
      '{ recurringSchedules(first: 5) { totalCount edges { node { frequency shortMonths nextDate occurrences template } } } }',
    );
    expect(viaGraphql.body.data.recurringSchedules.edges[0].node).toEqual({
      frequency: 'MONTH',
      shortMonths: 'LAST_DAY',
      nextDate: '2025-04-30',
      occurrences: 3,
      template: { customerId: customer.id, paymentTermsDays: 14, lines: [{ description: 'Monthly retainer', unitPrice: '1500' }] },
    });
  });

  it('after a restart of two instances racing for the same occurrences, none is made twice', async () => {
    await t.app.close().catch(() => {});
    const config = { ...t.config };
    const logger = createLogger('warn');
    const apps: App[] = [0, 1].map(() => createApp({ config, db: openDatabase(t.databaseUrl, t.dataDir), logger, clock }));
    try {
      const [a, b] = apps as [App, App];
      const url = `http://127.0.0.1:${(await a.listen(0, '127.0.0.1')).port}`;
      await b.listen(0, '127.0.0.1');
      // Side by side on PostgreSQL. Two SQLite connections in one process cannot race: better-sqlite3 waits for
      // the file's lock synchronously, blocking the event loop the other write needs to commit; separate
      // processes on one file take turns under the same organization lock.
      const [ra, rb] = [a.workers.recurring!, b.workers.recurring!];
      const run = async () => {
        if (usingPostgres) await Promise.all([ra.drain(), rb.drain()]);
        else await ra.drain().then(() => rb.drain());
      };
      await run();
      t = { ...t, url };
      expect(await invoicesOf(schedule.id)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
      // A long outage: the clock jumps to mid-July; April, May and June are caught up, each once.
      now = new Date('2025-07-15T08:00:00Z');
      await run();
      expect(await invoicesOf(schedule.id)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30']);
      expect((await get(`/api/v1/recurring-schedules/${schedule.id}`)).body).toMatchObject({ occurrences: 6, nextDate: '2025-07-31' });

      // Paused over the end of July and August: nothing is made; resumed on 1 September, it goes on from 30 September.
      expect((await post(`/api/v1/recurring-schedules/${schedule.id}/pause`)).body.status).toBe('paused');
      now = new Date('2025-09-01T08:00:00Z');
      await run();
      expect(await invoicesOf(schedule.id)).toHaveLength(6);
      const resumed = (await post(`/api/v1/recurring-schedules/${schedule.id}/resume`)).body;
      expect(resumed).toMatchObject({ status: 'active', nextDate: '2025-09-30', occurrences: 6 });
      expectProblem(await post(`/api/v1/recurring-schedules/${schedule.id}/resume`), 400, 'INVALID_STATE');

      // A customer made inactive: the occurrence fails, visibly, and is made once the cause is gone.
      await http(url, `/api/v1/customers/${customer.id}`, { key, method: 'PATCH', body: { active: false } });
      now = new Date('2025-10-01T08:00:00Z');
      await run();
      const failed = (await get(`/api/v1/recurring-schedules/${schedule.id}`)).body;
      expect(failed).toMatchObject({ failures: 1, nextDate: '2025-09-30', occurrences: 6 });
      expect(failed.lastError).toMatch(/inactive customer/);
      expect((await get('/api/v1/events?type=recurring_schedule.failed')).body.data).toHaveLength(1);
      await http(url, `/api/v1/customers/${customer.id}`, { key, method: 'PATCH', body: { active: true } });
      await run(); // not yet: it waits for its retry
      expect(await invoicesOf(schedule.id)).toHaveLength(6);
      now = new Date('2025-10-01T08:02:00Z');
      await run();
      expect(await invoicesOf(schedule.id)).toHaveLength(7);
      expect((await get(`/api/v1/recurring-schedules/${schedule.id}`)).body).toMatchObject({ failures: 0, lastError: null });
      // The operator sees both on the instances that did them (the first app made the first three).
      const counted = await Promise.all(
        apps.map(async (app) => (await app.metrics.registry.getSingleMetric('accounting_recurring_occurrences_total')!.get()).values),
      );
      const total = (outcome: string) => counted.flat().reduce((sum, v) => sum + (v.labels.outcome === outcome ? v.value : 0), 0);
      expect([total('made'), total('failed')]).toEqual([4, 1]);
    } finally {
      for (const app of apps) await app.close().catch(() => {});
    }
  });
});

describe('schedules of bills, counts and scopes', () => {
  let t2: TestApp;
  let key2: string;
  beforeAll(async () => {
    now = new Date('2025-03-20T06:00:00Z');
    t2 = await createTestApp({}, { clock });
    ({ key: key2, organizationId } = await t2.tenant('Bills Co'));
  });
  afterAll(() => t2.close());

  it('a weekly bill for two occurrences, as drafts, then finished', async () => {
    const vendor = (await http(t2.url, '/api/v1/vendors', { key: key2, body: { name: 'Cleaners' } })).body;
    const expense = (await http(t2.url, '/api/v1/accounts?type=expense&limit=1', { key: key2 })).body.data[0];
    const created = await http(t2.url, '/api/v1/recurring-schedules', {
      key: key2,
      body: {
        bill: { vendorId: vendor.id, lines: [{ description: 'Office cleaning', unitPrice: 80, accountId: expense.id }] },
        frequency: 'week',
        startDate: '2025-03-03',
        count: 2,
      },
    });
    expect(created.status).toBe(201);
    await t2.app.workers.recurring!.drain();
    const after = (await http(t2.url, `/api/v1/recurring-schedules/${created.body.id}`, { key: key2 })).body;
    expect(after).toMatchObject({ status: 'finished', occurrences: 2, nextDate: null });
    const bills = (await http(t2.url, `/api/v1/bills?vendorId=${vendor.id}`, { key: key2 })).body.data;
    expect(bills.map((b: { issueDate: string; status: string }) => [b.issueDate, b.status]).sort()).toEqual([
      ['2025-03-03', 'draft'],
      ['2025-03-10', 'draft'],
    ]);
    expect((await http(t2.url, '/api/v1/events?type=recurring_schedule.finished', { key: key2 })).body.data).toHaveLength(1);
  });

  it('a key that may not make invoices may not schedule them', async () => {
    const customer2 = (await http(t2.url, '/api/v1/customers', { key: key2, body: { name: 'Scoped' } })).body;
    const { plaintext } = await createApiKey(t2.db.prisma, organizationId, 'scheduler', { scopes: ['recurring:write'] });
    const refused = await http(t2.url, '/api/v1/recurring-schedules', {
      key: plaintext,
      body: {
        invoice: { customerId: customer2.id, lines: [{ description: 'x', unitPrice: 1 }] },
        frequency: 'day',
        startDate: '2025-03-01',
      },
    });
    expectProblem(refused, 403, 'INSUFFICIENT_SCOPE');
    expect((await http(t2.url, '/api/v1/recurring-schedules', { key: key2 })).body.total).toBe(1);
  });
});
