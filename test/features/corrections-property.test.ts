// Any sequence of settling an invoice and undoing what settled it, each dated as a bookkeeper dates it
// (back-dated, undone days later, settled again from before an undo), leaves the books as if each record
// counted from its date and stopped counting from its undo's date: at every date receivables in the
// trial balance equal what the postings a model keeps say, and aged receivables (read from the
// documents, not the ledger) agree. The records: payments, overpayments kept as credit, credit notes
// applied, write-offs; their undoing: a payment's void, a credit's unapply, a write-off's void.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { agedReceivables, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
});
afterAll(() => t.close());

const step = fc.record({
  kind: fc.constantFrom('pay', 'overpay', 'credit', 'writeOff', 'undo', 'undo'),
  share: fc.integer({ min: 1, max: 60 }),
  day: fc.integer({ min: 0, max: 30 }),
  pick: fc.nat(),
  after: fc.integer({ min: 0, max: 15 }),
});

interface Settlement {
  kind: 'payment' | 'credit' | 'writeOff';
  id: string;
  /** What it settled on the invoice. */
  cents: number;
  /** What it posted to receivables beyond that (an overpayment's excess). */
  excess: number;
  date: string;
  undone: boolean;
  allocationId?: string;
}

describe('any sequence of settling an invoice and undoing it', () => {
  it('keeps receivables, the ledger and aging in step at every date', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1000, max: 50_000 }), fc.array(step, { minLength: 1, maxLength: 8 }), async (total, steps) => {
        const co = await t.tenant(`Corrections Property ${Math.random()}`);
        const call = async (path: string, body: unknown) => {
          const response = await http(t.url, path, { key: co.key, body });
          if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
          return response.body;
        };
        const customerId = (await call('/api/v1/customers', { name: 'Buyer' })).id;
        const invoice = await call('/api/v1/invoices', {
          customerId,
          issueDate: '2026-01-01',
          dueDate: '2026-01-01',
          lines: [{ description: 'x', unitPrice: total / 100 }],
        });
        // What each record posted to receivables, by date: the model the books must agree with.
        const postings: [string, number][] = [['2026-01-01', total]];
        const settled: Settlement[] = [];
        let due = total;
        for (const s of steps) {
          const date = addDays('2026-01-02', s.day);
          const part = Math.max(1, Math.floor((total * s.share) / 100));
          const writtenOff = settled.some((x) => x.kind === 'writeOff' && !x.undone);
          if (s.kind === 'undo' || writtenOff) {
            // While a write-off stands the invoice takes nothing else: only the write-off is undone.
            const standing = settled.filter((x) => !x.undone && (!writtenOff || x.kind === 'writeOff'));
            if (!standing.length) continue;
            const undo = standing[s.pick % standing.length]!;
            const on = addDays(undo.date, s.after);
            if (undo.kind === 'payment') {
              await call(`/api/v1/payments/${undo.id}/void`, { date: on });
              postings.push([on, undo.cents + undo.excess]);
            } else if (undo.kind === 'credit')
              await call(`/api/v1/credit-notes/${undo.id}/unapply`, { allocationId: undo.allocationId, date: on });
            else {
              await call(`/api/v1/invoices/${invoice.id}/write-off/void`, { date: on });
              postings.push([on, undo.cents]);
            }
            undo.undone = true;
            due += undo.cents;
            continue;
          }
          if (due === 0) continue;
          if (s.kind === 'pay' || s.kind === 'overpay') {
            const cents = s.kind === 'pay' ? Math.min(due, part) : due + part;
            const paid = await call(`/api/v1/invoices/${invoice.id}/payments`, {
              amount: cents / 100,
              date,
              keepExcessAsCredit: s.kind === 'overpay',
            });
            const applied = Math.round(paid.amount * 100);
            settled.push({ kind: 'payment', id: paid.id, cents: applied, excess: cents - applied, date, undone: false });
            postings.push([date, -cents]);
            due -= applied;
          } else if (s.kind === 'credit') {
            const cents = Math.min(due, part);
            const note = await call('/api/v1/credit-notes', {
              customerId,
              issueDate: date,
              lines: [{ description: 'back', unitPrice: cents / 100 }],
            });
            const applied = await call(`/api/v1/credit-notes/${note.id}/apply`, {
              date,
              allocations: [{ invoiceId: invoice.id, amount: cents / 100 }],
            });
            settled.push({ kind: 'credit', id: note.id, cents, excess: 0, date, undone: false, allocationId: applied.allocations[0].id });
            postings.push([date, -cents]);
            due -= cents;
          } else {
            await call(`/api/v1/invoices/${invoice.id}/write-off`, { date });
            settled.push({ kind: 'writeOff', id: invoice.id, cents: due, excess: 0, date, undone: false });
            postings.push([date, -due]);
            due = 0;
          }
        }
        const tenant = {
          prisma: t.db.prisma,
          organizationId: co.organizationId,
          organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id: co.organizationId } }),
        };
        for (let day = 0; day <= 50; day += 2) {
          const asOf = addDays('2026-01-01', day);
          const expected = BigInt(postings.filter(([on]) => on <= asOf).reduce((sum, [, cents]) => sum + cents, 0));
          const receivables = (await trialBalance(tenant, asOf)).rows.find((r) => r.account.code === '1200');
          expect(receivables ? receivables.debit - receivables.credit : 0n, `ledger on ${asOf}`).toBe(expected);
          expect((await agedReceivables(tenant, asOf)).totals.total, `aging on ${asOf}`).toBe(expected);
        }
        const now = (await http(t.url, `/api/v1/invoices/${invoice.id}`, { key: co.key })).body;
        expect(Math.round(now.amountDue * 100)).toBe(due);
        expect(now.status).toBe(due === 0 ? 'paid' : due === total ? 'open' : 'partially_paid');
      }),
      { seed: 4444, numRuns: 25 },
    );
  }, 180_000);
});
