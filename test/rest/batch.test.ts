// POST /api/v1/batch as a point-of-sale system uses it at closing: a day of sales in one request, each
// answered as it would be alone, one bad sale refused by its index while the rest are written; the
// same batch sent again writes nothing new. All-or-nothing batches write everything or nothing, and
// what they write is announced only once it is committed. A batch spends one request per ten operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, expectProblem, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;
const batch = (body: unknown, k = key) => http(t.url, '/api/v1/batch', { key: k, body });
const count = async (path: string) => (await http(t.url, `${path}${path.includes('?') ? '&' : '?'}limit=1`, { key })).body.total as number;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 1000 } });
  ({ key, organizationId } = await t.tenant('Batch Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Walk-in' } })).body.id;
});
afterAll(() => t.close());

const sale = (i: number, unitPrice: number) => ({
  method: 'POST',
  path: '/api/v1/sales-receipts',
  idempotencyKey: `till-7-2026-11-26-${i}`,
  body: { date: '2026-11-26', reference: `TILL-${i}`, lines: [{ description: `Sale ${i}`, unitPrice }] },
});

describe('a batch', () => {
  it('of 30 sales with one invalid: 29 written, the one refused by its index; sent again, nothing new', async () => {
    const operations = Array.from({ length: 30 }, (_, i) => sale(i, i === 17 ? -5 : 10 + i));
    const before = await count('/api/v1/sales-receipts');
    const first = await batch({ operations });
    expect(first.status).toBe(200);
    expect(first.body.atomic).toBe(false);
    const results = first.body.results as { index: number; status: number; body: any; location?: string }[];
    expect(results.map((r) => r.index)).toEqual(operations.map((_, i) => i));
    expect(results.filter((r) => r.status === 201)).toHaveLength(29);
    expect(results[17]).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ path: 'lines.0.unitPrice' }] } });
    expect(results[3]!.body).toMatchObject({ reference: 'TILL-3', total: 13 });
    expect(results[3]!.location).toBe(`/api/v1/sales-receipts/${results[3]!.body.id}`);
    expect(await count('/api/v1/sales-receipts')).toBe(before + 29);

    const again = await batch({ operations });
    const replayed = again.body.results as { status: number; body: any; idempotentReplayed?: boolean }[];
    expect(replayed.filter((r) => r.idempotentReplayed)).toHaveLength(29);
    expect(replayed.map((r) => r.body.id)).toEqual(results.map((r) => r.body.id));
    expect(await count('/api/v1/sales-receipts')).toBe(before + 29);
  });

  it('answers each operation as it would be alone: reads, unknown paths, scopes, files', async () => {
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'till', { scopes: ['sales_receipts:write', 'customers:read'] });
    const r = await batch(
      {
        operations: [
          { method: 'GET', path: `/api/v1/customers/${customerId}` },
          { method: 'GET', path: '/api/v1/nowhere' },
          { method: 'POST', path: '/api/v1/invoices', body: { customerId, lines: [{ description: 'x', unitPrice: 1 }] } },
          { method: 'GET', path: '/api/v1/sales-receipts?limit=1' },
        ],
      },
      plaintext,
    );
    expect(r.body.results.map((x: { status: number }) => x.status)).toEqual([200, 404, 403, 200]);
    expect(r.body.results[0].body.name).toBe('Walk-in');
    expect(r.body.results[2].body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'invoices:write' });
  });

  it('is refused whole, naming every fault, when its shape is wrong', async () => {
    const r = await batch({
      operations: [
        { method: 'PUT', path: '/elsewhere', body: [] },
        { method: 'POST', path: '/api/v1/batch' },
      ],
      atomic: 'yes',
      extra: 1,
    });
    expectProblem(r, 400, 'VALIDATION_FAILED');
    expect(r.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['atomic', 'extra', 'operations.0.body', 'operations.0.method', 'operations.0.path', 'operations.1.path'].sort(),
    );
    const tooMany = await batch({ operations: Array.from({ length: 101 }, (_, i) => sale(1000 + i, 1)) });
    expectProblem(tooMany, 400, 'VALIDATION_FAILED');
    expectProblem(await http(t.url, '/api/v1/batch', { key }), 405, 'METHOD_NOT_ALLOWED');
  });

  it('spends one request of the quota per ten operations', async () => {
    const before = Number((await http(t.url, '/api/v1/customers?limit=1', { key })).headers.get('x-ratelimit-remaining'));
    const operations = Array.from({ length: 25 }, () => ({ method: 'GET', path: '/api/v1/customers?limit=1' }));
    const r = await batch({ operations });
    expect(r.body.results).toHaveLength(25);
    expect(Number(r.headers.get('x-ratelimit-remaining'))).toBe(before - 3);
  });
});

describe('an atomic batch', () => {
  const invoice = (unitPrice: number, i: number) => ({
    method: 'POST',
    path: '/api/v1/invoices',
    idempotencyKey: `migration-${i}-${unitPrice}`,
    body: { customerId, issueDate: '2026-10-01', lines: [{ description: `Old invoice ${i}`, unitPrice }] },
  });

  it('writes nothing when one operation fails, and says which', async () => {
    const [invoices, entries, events] = [
      await count('/api/v1/invoices'),
      await count('/api/v1/journal-entries'),
      await count('/api/v1/events'),
    ];
    const r = await batch({ atomic: true, operations: [invoice(100, 1), invoice(200, 2), invoice(-1, 3)] });
    expectProblem(r, 400, 'VALIDATION_FAILED');
    expect(r.body.failedIndex).toBe(2);
    expect(r.body.detail).toMatch(/^Operation 2 \(POST \/api\/v1\/invoices\) failed, so nothing in the batch was written/);
    expect(r.body.errors).toEqual([{ path: 'operations.2.body.lines.0.unitPrice', message: expect.any(String) }]);
    expect([await count('/api/v1/invoices'), await count('/api/v1/journal-entries'), await count('/api/v1/events')]).toEqual([
      invoices,
      entries,
      events,
    ]);
    // The keys of the rolled-back writes were not spent: the corrected batch writes them.
    const fixed = await batch({ atomic: true, operations: [invoice(100, 1), invoice(200, 2), invoice(300, 3)] });
    expect(fixed.status).toBe(200);
    expect(fixed.body.results.map((x: { status: number }) => x.status)).toEqual([201, 201, 201]);
    const numbers = fixed.body.results.map((x: { body: { number: string } }) => x.body.number);
    expect(new Set(numbers).size).toBe(3);
    expect(await count('/api/v1/invoices')).toBe(invoices + 3);
    expect(await count('/api/v1/journal-entries')).toBe(entries + 3);
    // Each write's events, in the log once the batch committed.
    for (const { body } of fixed.body.results) {
      const logged = (await http(t.url, `/api/v1/events?resourceId=${body.id}`, { key })).body.data;
      expect(logged.map((e: { type: string }) => e.type)).toEqual(['invoice.created']);
    }
  });

  it('holds writes only', async () => {
    const r = await batch({ atomic: true, operations: [{ method: 'GET', path: '/api/v1/invoices' }] });
    expectProblem(r, 400, 'VALIDATION_FAILED');
    expect(r.body.errors[0].path).toBe('operations.0.method');
  });
});
