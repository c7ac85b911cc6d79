// A payment recorded by mistake (a bounced card, money booked against the wrong invoice, a bill paid
// twice) is voided: the reversal of its posting on the date the bookkeeper gives, the document's amount
// due restored, the party's balance and aging right at every date before and after, and events. Any
// sequence of payments and voids leaves the books as if each voided payment had stopped paying on its
// void date.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { agedPayables, agedReceivables, trialBalance } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;
let vendorId: string;
let codeOf: Map<string, string>;
let idOf: (code: string) => string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
  ({ key, organizationId } = await t.tenant('Corrections Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Careful Buyer' } })).body.id;
  vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Office Supplier' } })).body.id;
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  idOf = (code) => accounts.find((a) => a.code === code)!.id;
});
afterAll(() => t.close());

async function postingOf(journalEntryId: string) {
  const entry = (await http(t.url, `/api/v1/journal-entries/${journalEntryId}`, { key })).body;
  return {
    date: entry.date as string,
    description: entry.description as string,
    lines: entry.lines.map((l: { accountId: string; debit: number; credit: number }) => [codeOf.get(l.accountId), l.debit, l.credit]),
  };
}
const tenantOf = async (id: string) => ({
  prisma: t.db.prisma,
  organizationId: id,
  organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id } }),
});
const eventsAbout = async (ids: string[]) =>
  ((await http(t.url, '/api/v1/events?limit=100', { key })).body.data as { type: string; data: { object: { id: string } } }[])
    .filter((e) => ids.includes(e.data.object.id))
    .map((e) => e.type);

describe('voiding a payment received', () => {
  it('posts the reversal on its date, restores the amount due and the balance, and says so in events', async () => {
    const invoice = (
      await http(t.url, '/api/v1/invoices', {
        key,
        body: { customerId, issueDate: '2026-02-01', dueDate: '2026-02-28', lines: [{ description: 'Work', unitPrice: 100 }] },
      })
    ).body;
    const first = (await http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key, body: { amount: 40, date: '2026-02-10' } })).body;
    const second = (
      await http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key, body: { amount: 60, date: '2026-02-15', method: 'card' } })
    ).body;
    expect(second).toMatchObject({ invoiceStatus: 'paid', invoiceAmountDue: 0, voidedAt: null, voidDate: null, voidJournalEntryId: null });
    const balanceBefore = (await http(t.url, `/api/v1/customers/${customerId}`, { key })).body.balance;

    const voided = await http(t.url, `/api/v1/payments/${second.id}/void`, {
      key,
      body: { date: '2026-03-03', reason: 'card charged back' },
    });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ id: second.id, invoiceStatus: 'partially_paid', invoiceAmountDue: 60, voidDate: '2026-03-03' });
    expect(voided.body.voidedAt).toEqual(expect.any(String));
    expect(await postingOf(voided.body.voidJournalEntryId)).toEqual({
      date: '2026-03-03',
      description: `Void of payment of invoice ${invoice.number}: card charged back`,
      // The payment's lines, each side swapped.
      lines: [
        ['1010', 0, 60],
        ['1200', 60, 0],
      ],
    });
    expect((await http(t.url, `/api/v1/payments/${second.id}`, { key })).body).toEqual(voided.body);
    expect((await http(t.url, `/api/v1/invoices/${invoice.id}`, { key })).body).toMatchObject({
      status: 'partially_paid',
      amountPaid: 40,
      amountDue: 60,
    });
    expect((await http(t.url, `/api/v1/customers/${customerId}`, { key })).body.balance).toBe(balanceBefore + 60);
    expect(await eventsAbout([invoice.id, second.id])).toEqual([
      'invoice.created',
      'invoice.payment_recorded',
      'invoice.payment_recorded',
      'invoice.paid',
      'payment.voided',
      'invoice.payment_voided',
    ]);

    // Aged receivables as at every date: paid in full between the payment and its void, owed again after.
    const tenant = await tenantOf(organizationId);
    const agedTotal = async (asOf: string) =>
      (await agedReceivables(tenant, asOf)).rows.find((r) => r.customer.id === customerId)?.total ?? 0n;
    expect(await agedTotal('2026-02-12')).toBe(6000n);
    expect(await agedTotal('2026-02-20')).toBe(0n);
    expect(await agedTotal('2026-03-02')).toBe(0n);
    expect(await agedTotal('2026-03-03')).toBe(6000n);

    // Twice, before the payment, or in a locked period: refused, nothing written.
    expectProblem(await http(t.url, `/api/v1/payments/${second.id}/void`, { key, body: {} }), 400, 'INVALID_STATE');
    const early = await http(t.url, `/api/v1/payments/${first.id}/void`, { key, body: { date: '2026-02-09' } });
    expectProblem(early, 400, 'VALIDATION_FAILED');
    expect(early.body.errors).toEqual([{ path: 'date', message: "must not be before the payment's date 2026-02-10" }]);
    await gql(t.url, key, 'mutation { updateOrganization(input: { lockDate: "2026-03-31" }) { lockDate } }');
    expectProblem(await http(t.url, `/api/v1/payments/${first.id}/void`, { key, body: { date: '2026-03-15' } }), 400, 'PERIOD_LOCKED');
    await gql(t.url, key, 'mutation { updateOrganization(input: { lockDate: null }) { lockDate } }');
    expect((await http(t.url, `/api/v1/invoices/${invoice.id}`, { key })).body.amountPaid).toBe(40);

    // A paid invoice is voided by voiding its payments first; the refusal says so.
    const refused = await http(t.url, `/api/v1/invoices/${invoice.id}/void`, { key, body: {} });
    expectProblem(refused, 400, 'INVALID_STATE');
    expect(refused.body.detail).toContain('void its payments first');
    await http(t.url, `/api/v1/payments/${first.id}/void`, { key, body: { date: '2026-03-03' } });
    expect((await http(t.url, `/api/v1/invoices/${invoice.id}`, { key })).body).toMatchObject({ status: 'open', amountDue: 100 });
    const invoiceVoided = await http(t.url, `/api/v1/invoices/${invoice.id}/void`, { key, body: { date: '2026-03-04' } });
    expect(invoiceVoided.body.status).toBe('void');
  });

  it('through GraphQL too, where the invoice lists its payments with their void dates', async () => {
    const invoice = (
      await http(t.url, '/api/v1/invoices', {
        key,
        body: { customerId, issueDate: '2026-04-01', lines: [{ description: 'x', unitPrice: 30 }] },
      })
    ).body;
    const payment = (await http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key, body: { amount: 30, date: '2026-04-02' } })).body;
    const voided = await gql(
      t.url,
      key,
      `mutation { voidPayment(id: "${payment.id}", input: { date: "2026-04-05" }) { voidDate voidJournalEntry { date } invoice { ` +
        `status amountDue payments { amount voidDate } } } }`,
    );
    expect(voided.body.errors).toBeUndefined();
    expect(voided.body.data.voidPayment).toEqual({
      voidDate: '2026-04-05',
      voidJournalEntry: { date: '2026-04-05' },
      invoice: { status: 'OPEN', amountDue: '30.00', payments: [{ amount: '30.00', voidDate: '2026-04-05' }] },
    });
    // A payment of another organization is not found, and not touched.
    const other = await t.tenant('Other Corrections Co');
    const theirs = (await http(t.url, '/api/v1/customers', { key: other.key, body: { name: 'Theirs' } })).body.id;
    const theirInvoice = (
      await http(t.url, '/api/v1/invoices', { key: other.key, body: { customerId: theirs, lines: [{ description: 'x', unitPrice: 5 }] } })
    ).body;
    const theirPayment = (await http(t.url, `/api/v1/invoices/${theirInvoice.id}/payments`, { key: other.key, body: { amount: 5 } })).body;
    expectProblem(await http(t.url, `/api/v1/payments/${theirPayment.id}/void`, { key, body: {} }), 404, 'NOT_FOUND');
    expect((await http(t.url, `/api/v1/payments/${theirPayment.id}`, { key: other.key })).body.voidDate).toBeNull();
  });
});

describe('voiding a bill payment', () => {
  it('posts the reversal (Dr bank, Cr payables), restores what we owe, and ages the bill again from its void', async () => {
    const bill = (
      await http(t.url, '/api/v1/bills', {
        key,
        body: {
          vendorId,
          issueDate: '2026-05-01',
          dueDate: '2026-05-31',
          lines: [{ description: 'Chairs', unitPrice: 250, accountId: idOf('6000') }],
        },
      })
    ).body;
    const payment = (await http(t.url, `/api/v1/bills/${bill.id}/payments`, { key, body: { amount: 250, date: '2026-05-05' } })).body;
    expect(payment.billStatus).toBe('paid');
    const voided = await http(t.url, `/api/v1/bill-payments/${payment.id}/void`, { key, body: { date: '2026-05-08' } });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ billStatus: 'open', billAmountDue: 250, voidDate: '2026-05-08' });
    expect((await postingOf(voided.body.voidJournalEntryId)).lines).toEqual([
      ['2000', 0, 250],
      ['1010', 250, 0],
    ]);
    const tenant = await tenantOf(organizationId);
    const owed = async (asOf: string) => (await agedPayables(tenant, asOf)).rows.find((r) => r.vendor.id === vendorId)?.total ?? 0n;
    expect([await owed('2026-05-06'), await owed('2026-05-08')]).toEqual([0n, 25000n]);
    expect(await eventsAbout([bill.id, payment.id])).toEqual([
      'bill.created',
      'bill.payment_recorded',
      'bill.paid',
      'bill_payment.voided',
      'bill.payment_voided',
    ]);
    const again = await gql(t.url, key, `mutation { voidBillPayment(id: "${payment.id}") { id } }`);
    expect(again.body.errors[0].extensions.code).toBe('INVALID_STATE');
  });

  it('paid again from before the void: aging shows the bill paid twice over until the void date, as the ledger does', async () => {
    const supplier = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Paid Twice Ltd' } })).body.id;
    const bill = (
      await http(t.url, '/api/v1/bills', {
        key,
        body: { vendorId: supplier, issueDate: '2026-06-01', lines: [{ description: 'Desk', unitPrice: 100, accountId: idOf('6000') }] },
      })
    ).body;
    const first = (await http(t.url, `/api/v1/bills/${bill.id}/payments`, { key, body: { amount: 100, date: '2026-06-10' } })).body;
    await http(t.url, `/api/v1/bill-payments/${first.id}/void`, { key, body: { date: '2026-06-20' } });
    const again = await http(t.url, `/api/v1/bills/${bill.id}/payments`, { key, body: { amount: 100, date: '2026-06-05' } });
    expect(again.body.billStatus).toBe('paid');
    const tenant = await tenantOf(organizationId);
    const owed = async (asOf: string) => (await agedPayables(tenant, asOf)).rows.find((r) => r.vendor.id === supplier)?.total ?? 0n;
    const inLedger = async (asOf: string) => {
      const entries = (await http(t.url, `/api/v1/journal-entries?limit=100&to=${asOf}`, { key })).body.data as {
        lines: { accountId: string; debit: number; credit: number; vendorId: string | null }[];
      }[];
      const lines = entries.flatMap((e) => e.lines).filter((l) => l.vendorId === supplier && codeOf.get(l.accountId) === '2000');
      return BigInt(Math.round(lines.reduce((sum, l) => sum + l.credit - l.debit, 0) * 100));
    };
    for (const [asOf, expected] of [
      ['2026-06-04', 10000n],
      ['2026-06-05', 0n],
      ['2026-06-12', -10000n],
      ['2026-06-19', -10000n],
      ['2026-06-20', 0n],
    ] as const) {
      expect(await owed(asOf), asOf).toBe(expected);
      expect(await inLedger(asOf), asOf).toBe(expected);
    }
  });

  it('is for keys with the bills write scope', async () => {
    const invoicesOnly = (
      await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Sales', scopes: ['invoices:read', 'invoices:write'] } })
    ).body.secret;
    const bill = (
      await http(t.url, '/api/v1/bills', { key, body: { vendorId, lines: [{ description: 'x', unitPrice: 5, accountId: idOf('6000') }] } })
    ).body;
    const payment = (await http(t.url, `/api/v1/bills/${bill.id}/payments`, { key, body: { amount: 5 } })).body;
    expectProblem(
      await http(t.url, `/api/v1/bill-payments/${payment.id}/void`, { key: invoicesOnly, body: {} }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect((await http(t.url, `/api/v1/bills/${bill.id}`, { key })).body.status).toBe('paid');
  });
});

describe('any sequence of payments and voids', () => {
  it('leaves receivables, the trial balance and aging as if each voided payment stopped paying on its void date', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1000, max: 50_000 }),
        fc.array(
          fc.record({
            share: fc.integer({ min: 1, max: 30 }),
            day: fc.integer({ min: 0, max: 20 }),
            voidAfter: fc.option(fc.integer({ min: 0, max: 15 })),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        async (totalCents, planned) => {
          const co = await t.tenant(`Property Co ${Math.random()}`);
          const buyer = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Buyer' } })).body.id;
          const invoice = (
            await http(t.url, '/api/v1/invoices', {
              key: co.key,
              body: {
                customerId: buyer,
                issueDate: '2026-01-01',
                dueDate: '2026-01-01',
                lines: [{ description: 'x', unitPrice: totalCents / 100 }],
              },
            })
          ).body;
          // Payments that fit what is due when each is recorded; voids after all payments, in date order.
          const made: { id: string; cents: number; date: string; voidDate?: string }[] = [];
          let due = totalCents;
          for (const p of [...planned].sort((a, b) => a.day - b.day)) {
            const cents = Math.min(due, Math.max(1, Math.floor((totalCents * p.share) / 100)));
            if (cents <= 0) break;
            const date = addDays('2026-01-02', p.day);
            const paid = await http(t.url, `/api/v1/invoices/${invoice.id}/payments`, { key: co.key, body: { amount: cents / 100, date } });
            expect(paid.status).toBe(201);
            made.push({ id: paid.body.id, cents, date, ...(p.voidAfter === null ? {} : { voidDate: addDays(date, p.voidAfter) }) });
            due -= cents;
          }
          for (const p of made.filter((m) => m.voidDate)) {
            const voided = await http(t.url, `/api/v1/payments/${p.id}/void`, { key: co.key, body: { date: p.voidDate } });
            expect(voided.status).toBe(200);
          }
          const tenant = await tenantOf(co.organizationId);
          for (let day = 0; day <= 40; day += 3) {
            const asOf = addDays('2026-01-01', day);
            const paidThen = made.filter((m) => m.date <= asOf && !(m.voidDate && m.voidDate <= asOf)).reduce((s, m) => s + m.cents, 0);
            const expected = BigInt(totalCents - paidThen);
            const receivables = (await trialBalance(tenant, asOf)).rows.find((r) => r.account.code === '1200');
            expect(receivables ? receivables.debit - receivables.credit : 0n, asOf).toBe(expected);
            expect((await agedReceivables(tenant, asOf)).totals.total, asOf).toBe(expected);
          }
          const now = (await http(t.url, `/api/v1/invoices/${invoice.id}`, { key: co.key })).body;
          const standing = made.filter((m) => !m.voidDate).reduce((s, m) => s + m.cents, 0);
          expect(Math.round(now.amountPaid * 100)).toBe(standing);
          expect(now.status).toBe(standing === totalCents ? 'paid' : standing === 0 ? 'open' : 'partially_paid');
        },
      ),
      { seed: 44, numRuns: 12 },
    );
  }, 120_000);
});
