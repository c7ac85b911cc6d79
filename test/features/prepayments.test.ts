// Money that is not (yet) for a document, as a bookkeeper records it: a customer's deposit and our advance
// to a vendor (posted Dr bank, Cr receivables; Dr payables, Cr bank), and a payment larger than its
// document owes, kept as the party's credit when asked (one entry for the whole receipt). The credit is
// applied to the party's documents, refunded, undone, voided; the party's balance, aged reports and the
// control account agree at every date; mistakes are refused and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agingDetail, trialBalance } from '../../src/modules/reports/reports.service.ts';
import type { Tenant } from '../../src/core/tenant.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let customerId: string;
let vendorId: string;
let codeOf: Map<string, string>;
let idOf: (code: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Deposits Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Wedding Party Ltd' } })).body.id;
  vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Marquee Hire' } })).body.id;
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  idOf = (code) => accounts.find((a) => a.code === code)!.id;
});
afterAll(() => t.close());

async function postingOf(journalEntryId: string) {
  const entry = (await http(t.url, `/api/v1/journal-entries/${journalEntryId}`, { key })).body;
  return entry.lines.map((l: { accountId: string; debit: number; credit: number }) => [codeOf.get(l.accountId), l.debit, l.credit]);
}
const customerBalance = async () => (await http(t.url, `/api/v1/customers/${customerId}`, { key })).body.balance as number;
const vendorBalance = async () => (await http(t.url, `/api/v1/vendors/${vendorId}`, { key })).body.balance as number;
const invoice = async (unitPrice: number, issueDate = '2026-03-01') =>
  (
    await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId, issueDate, dueDate: issueDate, lines: [{ description: 'Catering', unitPrice, accountId: idOf('4000') }] },
    })
  ).body;
const bill = async (unitPrice: number, issueDate = '2026-03-01') =>
  (
    await http(t.url, '/api/v1/bills', {
      key,
      body: { vendorId, issueDate, dueDate: issueDate, lines: [{ description: 'Marquee', unitPrice, accountId: idOf('6000') }] },
    })
  ).body;
const eventsOf = async (id: string) =>
  ((await http(t.url, '/api/v1/events?limit=100', { key })).body.data as { type: string; data: { object: { id: string } } }[])
    .filter((e) => e.data.object.id === id)
    .map((e) => e.type);

describe("a customer's prepayment (a deposit)", () => {
  it('is posted Dr bank, Cr receivables; the customer holds credit, applied to an invoice later', async () => {
    const before = await customerBalance();
    const created = await http(t.url, '/api/v1/customer-prepayments', {
      key,
      body: { customerId, amount: 300, date: '2026-02-01', method: 'transfer', reference: 'DEP-1' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v1/customer-prepayments/${created.body.id}`);
    expect(created.body).toMatchObject({
      number: 'CP-0001',
      kind: 'prepayment',
      status: 'open',
      customerId,
      date: '2026-02-01',
      total: 300,
      depositAccountId: idOf('1010'),
      paymentId: null,
      remainingCredit: 300,
      allocations: [],
      refunds: [],
    });
    expect(created.body.id).toMatch(/^cpp_[0-9a-z]{26}$/);
    expect(await postingOf(created.body.journalEntryId)).toEqual([
      ['1010', 300, 0],
      ['1200', 0, 300],
    ]);
    expect(await customerBalance()).toBe(before - 300);

    const owed = await invoice(500);
    const applied = await http(t.url, `/api/v1/customer-prepayments/${created.body.id}/apply`, {
      key,
      body: { date: '2026-03-02', allocations: [{ invoiceId: owed.id, amount: 300 }] },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ status: 'closed', amountApplied: 300, remainingCredit: 0 });
    expect(applied.body.allocations).toEqual([
      { id: expect.stringMatching(/^cppa_/), invoiceId: owed.id, amount: 300, date: '2026-03-02', voidDate: null },
    ]);
    const after = (await http(t.url, `/api/v1/invoices/${owed.id}`, { key })).body;
    expect(after).toMatchObject({ status: 'partially_paid', amountCredited: 300, amountDue: 200 });
    expect(await customerBalance()).toBe(before + 200);
    expect(await eventsOf(created.body.id)).toEqual(['customer_prepayment.created', 'customer_prepayment.applied']);
    expect(await eventsOf(owed.id)).toEqual(['invoice.created', 'invoice.credit_applied']);
  });

  it('is refunded (Dr receivables, Cr bank), the refund voided, and an unused one voided with the reversal', async () => {
    const deposit = (await http(t.url, '/api/v1/customer-prepayments', { key, body: { customerId, amount: 80, date: '2026-04-01' } })).body;
    const refunded = await http(t.url, `/api/v1/customer-prepayments/${deposit.id}/refund`, {
      key,
      body: { amount: 30, date: '2026-04-03' },
    });
    expect(refunded.body).toMatchObject({ status: 'open', amountRefunded: 30, remainingCredit: 50 });
    expect(await postingOf(refunded.body.refunds[0].journalEntryId)).toEqual([
      ['1200', 30, 0],
      ['1010', 0, 30],
    ]);
    const refusedVoid = await http(t.url, `/api/v1/customer-prepayments/${deposit.id}/void`, { key, body: {} });
    expectProblem(refusedVoid, 400, 'INVALID_STATE');
    const undone = await http(t.url, `/api/v1/customer-prepayments/${deposit.id}/void-refund`, {
      key,
      body: { refundId: refunded.body.refunds[0].id, date: '2026-04-04' },
    });
    expect(undone.body).toMatchObject({ amountRefunded: 0, remainingCredit: 80 });
    const voided = await http(t.url, `/api/v1/customer-prepayments/${deposit.id}/void`, { key, body: { date: '2026-04-05' } });
    expect(voided.body).toMatchObject({ status: 'void', voidDate: '2026-04-05', remainingCredit: 0 });
    expect(await postingOf(voided.body.voidJournalEntryId)).toEqual([
      ['1010', 0, 80],
      ['1200', 80, 0],
    ]);
  });

  it('refuses what is wrong, naming every field, and writes nothing', async () => {
    const other = await t.tenant('Elsewhere Co');
    const foreign = (await http(t.url, '/api/v1/customers', { key: other.key, body: { name: 'Not yours' } })).body.id;
    const count = async () => (await http(t.url, '/api/v1/customer-prepayments', { key })).body.total as number;
    const before = await count();
    const bad = await http(t.url, '/api/v1/customer-prepayments', {
      key,
      body: { customerId: foreign, amount: 0, date: '2026-02-30', depositAccountId: idOf('4000') },
    });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['amount', 'customerId', 'date', 'depositAccountId']);
    await gql(t.url, key, 'mutation { updateOrganization(input: { lockDate: "2026-01-31" }) { lockDate } }');
    const locked = await http(t.url, '/api/v1/customer-prepayments', { key, body: { customerId, amount: 5, date: '2026-01-31' } });
    await gql(t.url, key, 'mutation { updateOrganization(input: { lockDate: null }) { lockDate } }');
    expect(locked.status).toBe(400);
    const deposit = (await http(t.url, '/api/v1/customer-prepayments', { key, body: { customerId, amount: 10, date: '2026-05-01' } })).body;
    const owed = await invoice(100, '2026-05-01');
    const tooMuch = await http(t.url, `/api/v1/customer-prepayments/${deposit.id}/apply`, {
      key,
      body: { allocations: [{ invoiceId: owed.id, amount: 11 }] },
    });
    expect(tooMuch.body.errors).toEqual([{ path: 'allocations', message: '11.00 is more than the credit remaining 10.00' }]);
    expect(await count()).toBe(before + 1);
  });
});

describe('an overpayment', () => {
  it('is refused unless asked to keep the excess, and the refusal says how', async () => {
    const owed = await invoice(100, '2026-06-01');
    const refused = await http(t.url, `/api/v1/invoices/${owed.id}/payments`, { key, body: { amount: 120, date: '2026-06-02' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: 'amount',
        message:
          '120.00 is more than the amount due 100.00; overpayments are refused unless keepExcessAsCredit is true (the excess is then ' +
          "kept as the customer's credit)",
      },
    ]);
    expect((await http(t.url, `/api/v1/invoices/${owed.id}`, { key })).body.amountPaid).toBe(0);
  });

  it("keeps the excess as the customer's credit in the payment's one entry; voiding the payment voids both", async () => {
    const owed = await invoice(100, '2026-06-10');
    const before = await customerBalance();
    const paid = await http(t.url, `/api/v1/invoices/${owed.id}/payments`, {
      key,
      body: { amount: 120, date: '2026-06-11', keepExcessAsCredit: true, reference: 'TRF-9' },
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: 100, invoiceStatus: 'paid', invoiceAmountDue: 0 });
    expect(paid.body.excessCredit).toEqual({ id: expect.stringMatching(/^cpp_/), amount: 20 });
    expect(await postingOf(paid.body.journalEntryId)).toEqual([
      ['1010', 120, 0],
      ['1200', 0, 120],
    ]);
    const credit = (await http(t.url, `/api/v1/customer-prepayments/${paid.body.excessCredit.id}`, { key })).body;
    expect(credit).toMatchObject({
      kind: 'overpayment',
      status: 'open',
      total: 20,
      date: '2026-06-11',
      paymentId: paid.body.id,
      journalEntryId: paid.body.journalEntryId,
      reference: 'TRF-9',
    });
    expect(await customerBalance()).toBe(before - 120);
    expect(await eventsOf(credit.id)).toEqual(['customer_prepayment.created']);

    // Voided on its own: refused, it came with the payment.
    const alone = await http(t.url, `/api/v1/customer-prepayments/${credit.id}/void`, { key, body: {} });
    expectProblem(alone, 400, 'INVALID_STATE');
    expect(alone.body.detail).toContain('void that payment to undo both');

    // Used: the payment cannot be voided until the use is undone.
    const next = await invoice(50, '2026-06-12');
    const applied = await http(t.url, `/api/v1/customer-prepayments/${credit.id}/apply`, {
      key,
      body: { date: '2026-06-12', allocations: [{ invoiceId: next.id, amount: 20 }] },
    });
    const used = await http(t.url, `/api/v1/payments/${paid.body.id}/void`, { key, body: { date: '2026-06-15' } });
    expectProblem(used, 400, 'INVALID_STATE');
    expect(used.body.detail).toBe(
      `The payment's excess is kept as customer prepayment ${credit.number}, of which 20.00 is applied or refunded; undo those ` +
        'applications and refunds first',
    );
    await http(t.url, `/api/v1/customer-prepayments/${credit.id}/unapply`, {
      key,
      body: { allocationId: applied.body.allocations[0].id, date: '2026-06-15' },
    });
    const voided = await http(t.url, `/api/v1/payments/${paid.body.id}/void`, { key, body: { date: '2026-06-15' } });
    expect(voided.status).toBe(200);
    expect(await postingOf(voided.body.voidJournalEntryId)).toEqual([
      ['1010', 0, 120],
      ['1200', 120, 0],
    ]);
    const after = (await http(t.url, `/api/v1/customer-prepayments/${credit.id}`, { key })).body;
    expect(after).toMatchObject({ status: 'void', voidDate: '2026-06-15', voidJournalEntryId: voided.body.voidJournalEntryId });
    expect(await customerBalance()).toBe(before + 50);
    expect(await eventsOf(credit.id)).toEqual([
      'customer_prepayment.created',
      'customer_prepayment.applied',
      'customer_prepayment.application_undone',
      'customer_prepayment.voided',
    ]);
  });

  it('of a bill keeps the excess as our credit with the vendor (a vendor prepayment), applied to its next bill', async () => {
    const first = await bill(100, '2026-07-01');
    const before = await vendorBalance();
    const paid = await http(t.url, `/api/v1/bills/${first.id}/payments`, {
      key,
      body: { amount: 150, date: '2026-07-02', keepExcessAsCredit: true },
    });
    expect(paid.body).toMatchObject({ amount: 100, billStatus: 'paid', excessCredit: { amount: 50 } });
    expect(await postingOf(paid.body.journalEntryId)).toEqual([
      ['2000', 150, 0],
      ['1010', 0, 150],
    ]);
    expect(await vendorBalance()).toBe(before - 150);
    const second = await bill(70, '2026-07-05');
    const applied = await http(t.url, `/api/v1/vendor-prepayments/${paid.body.excessCredit.id}/apply`, {
      key,
      body: { date: '2026-07-05', allocations: [{ billId: second.id, amount: 50 }] },
    });
    expect(applied.body).toMatchObject({ kind: 'overpayment', status: 'closed', amountApplied: 50 });
    expect((await http(t.url, `/api/v1/bills/${second.id}`, { key })).body).toMatchObject({ amountCredited: 50, amountDue: 20 });
    expect(await vendorBalance()).toBe(before - 150 + 70);
  });
});

describe('a vendor prepayment (our advance to a supplier)', () => {
  it('is posted Dr payables, Cr bank, and refunded by the vendor (Dr bank, Cr payables)', async () => {
    const before = await vendorBalance();
    const created = await http(t.url, '/api/v1/vendor-prepayments', {
      key,
      body: { vendorId, amount: 200, date: '2026-08-01', paymentAccountId: idOf('1000') },
    });
    expect(created.body).toMatchObject({ number: expect.stringMatching(/^VP-/), kind: 'prepayment', paymentAccountId: idOf('1000') });
    expect(await postingOf(created.body.journalEntryId)).toEqual([
      ['2000', 200, 0],
      ['1000', 0, 200],
    ]);
    expect(await vendorBalance()).toBe(before - 200);
    const refunded = await http(t.url, `/api/v1/vendor-prepayments/${created.body.id}/refund`, { key, body: { amount: 200 } });
    expect(refunded.body).toMatchObject({ status: 'closed', amountRefunded: 200 });
    expect(await postingOf(refunded.body.refunds[0].journalEntryId)).toEqual([
      ['1010', 200, 0],
      ['2000', 0, 200],
    ]);
    expect(await vendorBalance()).toBe(before);
  });
});

describe('prepaid credit in the reports', () => {
  it('shows as a negative amount due in aged receivables, tying to receivables at every date, and in the statement', async () => {
    const co = await t.tenant('Aged Deposits Co');
    const tenant: Tenant = {
      prisma: t.db.prisma,
      organizationId: co.organizationId,
      organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id: co.organizationId } }),
    } as Tenant;
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key: co.key })).body.data as { id: string; code: string }[];
    const income = accounts.find((a) => a.code === '4000')!.id;
    const guest = (await http(t.url, '/api/v1/customers', { key: co.key, body: { name: 'Guest' } })).body.id;
    const deposit = (
      await http(t.url, '/api/v1/customer-prepayments', { key: co.key, body: { customerId: guest, amount: 40, date: '2026-01-10' } })
    ).body;
    const owed = (
      await http(t.url, '/api/v1/invoices', {
        key: co.key,
        body: {
          customerId: guest,
          issueDate: '2026-01-20',
          dueDate: '2026-01-20',
          lines: [{ description: 'x', unitPrice: 100, accountId: income }],
        },
      })
    ).body;
    const overpaid = (
      await http(t.url, `/api/v1/invoices/${owed.id}/payments`, {
        key: co.key,
        body: { amount: 70, date: '2026-01-25', keepExcessAsCredit: false },
      })
    ).body;
    expect(overpaid.excessCredit).toBeNull();
    await http(t.url, `/api/v1/customer-prepayments/${deposit.id}/apply`, {
      key: co.key,
      body: { date: '2026-02-01', allocations: [{ invoiceId: owed.id, amount: 30 }] },
    });
    const extra = (
      await http(t.url, '/api/v1/invoices', {
        key: co.key,
        body: {
          customerId: guest,
          issueDate: '2026-02-02',
          dueDate: '2026-02-02',
          lines: [{ description: 'y', unitPrice: 5, accountId: income }],
        },
      })
    ).body;
    await http(t.url, `/api/v1/invoices/${extra.id}/payments`, {
      key: co.key,
      body: { amount: 20, date: '2026-02-03', keepExcessAsCredit: true },
    });
    const receivablesOn = async (asOf: string) => {
      const row = (await trialBalance(tenant, asOf)).rows.find((r) => r.account.code === '1200');
      return row ? row.debit - row.credit : 0n;
    };
    for (const [asOf, total] of [
      ['2026-01-09', 0n],
      ['2026-01-10', -4000n],
      ['2026-01-20', 6000n],
      ['2026-01-25', -1000n],
      ['2026-02-01', -1000n],
      ['2026-02-03', -2500n],
    ] as const) {
      const detail = await agingDetail(tenant, asOf, 'receivables');
      expect(
        detail.reduce((s, d) => s + d.outstanding, 0n),
        asOf,
      ).toBe(total);
      expect(await receivablesOn(asOf), asOf).toBe(total);
    }
    const aged = (await http(t.url, '/api/v1/reports/aged-receivables?asOf=2026-02-03', { key: co.key })).body;
    expect(aged.customerPrepayments.map((p: { number: string; outstanding: number }) => [p.number, p.outstanding])).toEqual([
      ['CP-0001', -10],
      ['CP-0002', -15],
    ]);
    expect(aged.invoices).toEqual([]);
    const statement = await http(t.url, `/api/v1/reports/customer-statement?customerId=${guest}&from=2026-01-01&to=2026-02-28`, {
      key: co.key,
    });
    expect(statement.body).toMatchObject({ openingBalance: 0, closingBalance: -25 });
  });
});

describe('prepayments over GraphQL', () => {
  it('are created, listed, and reached from the invoice, the payment and the customer', async () => {
    const owed = await invoice(10, '2026-09-01');
    const created = await gql(
      t.url,
      key,
      `mutation($input: CreateCustomerPrepaymentInput!) { createCustomerPrepayment(input: $input) {
        id number kind status total remainingCredit customer { id } depositAccount { code } } }`,
      { input: { customerId, amount: '25.00', date: '2026-09-01' } },
    );
    expect(created.body.errors).toBeUndefined();
    const prepayment = created.body.data.createCustomerPrepayment;
    expect(prepayment).toMatchObject({ kind: 'PREPAYMENT', status: 'OPEN', total: '25.00', remainingCredit: '25.00' });
    expect(prepayment.depositAccount.code).toBe('1010');
    const applied = await gql(
      t.url,
      key,
      `mutation($id: ID!, $input: ApplyCustomerPrepaymentInput!) { applyCustomerPrepayment(id: $id, input: $input) {
        remainingCredit allocations { amount invoice { number } } } }`,
      { id: prepayment.id, input: { date: '2026-09-02', allocations: [{ invoiceId: owed.id, amount: '10.00' }] } },
    );
    expect(applied.body.data.applyCustomerPrepayment).toEqual({
      remainingCredit: '15.00',
      allocations: [{ amount: '10.00', invoice: { number: owed.number } }],
    });
    const reached = await gql(
      t.url,
      key,
      `query($id: ID!) {
        node(id: $id) { ... on Invoice { status prepaymentAllocations { amount customerPrepayment { number } } } }
        customerPrepayments(filter: { status: OPEN }) { totalCount edges { node { number } } }
      }`,
      { id: owed.id },
    );
    expect(reached.body.errors).toBeUndefined();
    expect(reached.body.data.node).toEqual({
      status: 'PAID',
      prepaymentAllocations: [{ amount: '10.00', customerPrepayment: { number: prepayment.number } }],
    });
    expect(reached.body.data.customerPrepayments.edges.map((e: { node: { number: string } }) => e.node.number)).toContain(
      prepayment.number,
    );
    const pay = await invoice(10, '2026-09-03');
    const paid = await gql(
      t.url,
      key,
      `mutation($input: RecordPaymentInput!) { recordPayment(input: $input) { amount excessCredit { total kind payment { id } } } }`,
      { input: { invoiceId: pay.id, amount: '12.50', date: '2026-09-03', keepExcessAsCredit: true } },
    );
    expect(paid.body.errors).toBeUndefined();
    expect(paid.body.data.recordPayment).toMatchObject({ amount: '10.00', excessCredit: { total: '2.50', kind: 'OVERPAYMENT' } });
  });
});
