// One lock order for every write (organization, then the document, then its lines): concurrent actions
// on one invoice never deadlock into a 500. Each either succeeds or is refused with a coded 4xx, and
// the books stay balanced. Run on SQLite by `npm test` and on PostgreSQL by `npm run test:services`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
  ({ key, organizationId } = await t.tenant('Contended Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Busy buyer' } })).body.id;
});
afterAll(() => t.close());

describe('five voids and five payments at once on one invoice', () => {
  it('twenty times over: no 5xx, every refusal a coded 4xx, every invoice consistent, books balanced', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      const invoice = (
        await http(t.url, '/api/v1/invoices', {
          key,
          body: { customerId, issueDate: '2026-06-01', lines: [{ description: `Round ${round}`, unitPrice: 100 }] },
        })
      ).body;
      const responses = await Promise.all([
        ...Array.from({ length: 5 }, () => http(t.url, `/api/v1/invoices/${invoice.id}/void`, { key, body: { date: '2026-06-02' } })),
        ...Array.from({ length: 5 }, () =>
          http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key, body: { amount: 10, date: '2026-06-02' } }),
        ),
      ]);
      for (const r of responses) {
        statuses.push(r.status);
        expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
        if (r.status >= 400) expect(['INVALID_STATE', 'CONFLICT']).toContain(r.body.code);
      }
      const after = await t.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: { payments: true } });
      const paid = after.payments.reduce((sum, p) => sum + p.amount, 0n);
      expect(after.amountPaid).toBe(paid);
      if (after.status === 'VOID') expect(after.payments).toEqual([]);
      else expect(after.status).toBe(paid === after.total ? 'PAID' : paid > 0n ? 'PARTIALLY_PAID' : 'OPEN');
      // Exactly one of the voids can win, and only while nothing is paid.
      const voids = responses.slice(0, 5).filter((r) => r.status === 200).length;
      expect(voids).toBe(after.status === 'VOID' ? 1 : 0);
    }
    expect(statuses.some((s) => s >= 200 && s < 300)).toBe(true);
    const tb = (await gql(t.url, key, '{ trialBalance(asOf: "2026-12-31") { totalDebit totalCredit } }')).body.data.trialBalance;
    expect(tb.totalDebit).toBe(tb.totalCredit);
    // Receivables equal what the open invoices still owe.
    const open = await t.db.prisma.invoice.findMany({ where: { organizationId, status: { in: ['OPEN', 'PARTIALLY_PAID'] } } });
    const owed = open.reduce((sum, i) => sum + i.total - i.amountPaid, 0n);
    const receivable = (await http(t.url, '/api/v1/accounts?search=1200', { key })).body.data[0];
    expect(BigInt(Math.round(receivable.balance * 100))).toBe(owed);
  });
});
