// Credit used by mistake is given back: an application of a credit note (or vendor credit) to the wrong
// invoice (bill) is undone, and a refund recorded by mistake is voided (the reversal of its posting).
// The document owes the amount again, the credit is free again, and aging agrees before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agingDetail } from '../../src/modules/reports/reports.service.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;
let codeOf: Map<string, string>;
let idOf: (code: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Undo Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Returning Customer' } })).body.id;
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  codeOf = new Map(accounts.map((a) => [a.id, a.code]));
  idOf = (code) => accounts.find((a) => a.code === code)!.id;
});
afterAll(() => t.close());

const eventTypes = async (ids: string[]) =>
  ((await http(t.url, '/api/v1/events?limit=100', { key })).body.data as { type: string; data: { object: { id: string } } }[])
    .filter((e) => ids.includes(e.data.object.id))
    .map((e) => e.type);

describe("undoing a credit note's application", () => {
  it('makes the invoice owe the amount again and frees the credit, from the undo date on', async () => {
    const invoice = (
      await http(t.url, '/api/v1/invoices', {
        key,
        body: { customerId, issueDate: '2026-03-01', dueDate: '2026-03-01', lines: [{ description: 'Goods', unitPrice: 50 }] },
      })
    ).body;
    const note = (
      await http(t.url, '/api/v1/credit-notes', {
        key,
        body: { customerId, issueDate: '2026-03-02', lines: [{ description: 'Return', unitPrice: 50 }] },
      })
    ).body;
    const applied = (
      await http(t.url, `/api/v1/credit-notes/${note.id}/apply`, {
        key,
        body: { date: '2026-03-03', allocations: [{ invoiceId: invoice.id, amount: 50 }] },
      })
    ).body;
    expect(applied).toMatchObject({ status: 'closed', remainingCredit: 0 });
    const [allocation] = applied.allocations;
    expect(allocation).toEqual({
      id: expect.stringMatching(/^cna_/),
      invoiceId: invoice.id,
      amount: 50,
      date: '2026-03-03',
      voidDate: null,
    });
    const balance = async () => (await http(t.url, `/api/v1/customers/${customerId}`, { key })).body.balance;
    const before = await balance();

    const undone = await http(t.url, `/api/v1/credit-notes/${note.id}/unapply`, {
      key,
      body: { allocationId: allocation.id, date: '2026-03-10', reason: 'applied to the wrong invoice' },
    });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'open', amountApplied: 0, remainingCredit: 50 });
    expect(undone.body.allocations).toEqual([{ ...allocation, voidDate: '2026-03-10' }]);
    expect((await http(t.url, `/api/v1/invoices/${invoice.id}`, { key })).body).toMatchObject({
      status: 'open',
      amountCredited: 0,
      amountDue: 50,
    });
    expect(await balance()).toBe(before); // the credit moved back from the invoice to the note: owed the same
    expect(await eventTypes([note.id, invoice.id])).toEqual([
      'invoice.created',
      'credit_note.created',
      'credit_note.applied',
      'invoice.credit_applied',
      'invoice.paid',
      'credit_note.application_undone',
      'invoice.credit_unapplied',
    ]);

    // Aging: the invoice paid by credit between the application and its undo, owed (and the credit free) after.
    const tenant = {
      prisma: t.db.prisma,
      organizationId,
      organization: await t.db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } }),
    };
    const detail = async (asOf: string) =>
      (await agingDetail(tenant, asOf, 'receivables'))
        .filter((d) => [invoice.id, note.id].includes(d.id))
        .map((d) => [d.number, d.outstanding]);
    expect(await detail('2026-03-05')).toEqual([]); // the invoice paid by the credit, the credit used up
    expect(await detail('2026-03-10')).toEqual([
      [invoice.number, 5000n],
      [note.number, -5000n],
    ]);

    // Twice, an application it does not have, or before the application: refused, nothing changed.
    const again = await http(t.url, `/api/v1/credit-notes/${note.id}/unapply`, { key, body: { allocationId: allocation.id } });
    expectProblem(again, 400, 'INVALID_STATE');
    const unknown = await http(t.url, `/api/v1/credit-notes/${note.id}/unapply`, {
      key,
      body: { allocationId: 'cna_00000000000000000000000000' },
    });
    expectProblem(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.body.errors[0].path).toBe('allocationId');
    const reapplied = (
      await http(t.url, `/api/v1/credit-notes/${note.id}/apply`, {
        key,
        body: { date: '2026-03-11', allocations: [{ invoiceId: invoice.id, amount: 20 }] },
      })
    ).body;
    const early = await http(t.url, `/api/v1/credit-notes/${note.id}/unapply`, {
      key,
      body: { allocationId: reapplied.allocations[1].id, date: '2026-03-10' },
    });
    expect(early.body.errors).toEqual([{ path: 'date', message: 'must not be before the date it was used, 2026-03-11' }]);
    // With every use undone, the note can be voided.
    await http(t.url, `/api/v1/credit-notes/${note.id}/unapply`, { key, body: { allocationId: reapplied.allocations[1].id } });
    expect((await http(t.url, `/api/v1/credit-notes/${note.id}/void`, { key, body: {} })).body.status).toBe('void');
  });
});

describe("voiding a credit note's refund", () => {
  it('posts the reversal, frees the credit again and moves the balance back', async () => {
    const note = (
      await http(t.url, '/api/v1/credit-notes', {
        key,
        body: { customerId, issueDate: '2026-04-01', lines: [{ description: 'Return', unitPrice: 40 }] },
      })
    ).body;
    const refunded = (await http(t.url, `/api/v1/credit-notes/${note.id}/refund`, { key, body: { amount: 40, date: '2026-04-02' } })).body;
    const [refund] = refunded.refunds;
    const balance = async () => (await http(t.url, `/api/v1/customers/${customerId}`, { key })).body.balance;
    const before = await balance();
    const voided = await http(t.url, `/api/v1/credit-notes/${note.id}/void-refund`, {
      key,
      body: { refundId: refund.id, date: '2026-04-05' },
    });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'open', amountRefunded: 0, remainingCredit: 40 });
    expect(voided.body.refunds[0].voidDate).toBe('2026-04-05');
    expect(await balance()).toBe(before - 40);
    const reversal = (await http(t.url, '/api/v1/journal-entries?sourceType=credit_note_refund_void', { key })).body.data[0];
    expect(reversal.date).toBe('2026-04-05');
    expect(
      reversal.lines.map((l: { accountId: string; debit: number; credit: number }) => [codeOf.get(l.accountId), l.debit, l.credit]),
    ).toEqual([
      ['1200', 0, 40],
      ['1010', 40, 0],
    ]);
    expectProblem(
      await http(t.url, `/api/v1/credit-notes/${note.id}/void-refund`, { key, body: { refundId: refund.id } }),
      400,
      'INVALID_STATE',
    );
  });
});

describe('vendor credits', () => {
  it('undo their applications and void their refunds the same way, through GraphQL too', async () => {
    const vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Supplier' } })).body.id;
    const lines = [{ description: 'Stock', unitPrice: 30, accountId: idOf('6000') }];
    const bill = (await http(t.url, '/api/v1/bills', { key, body: { vendorId, issueDate: '2026-05-01', lines } })).body;
    const credit = (await http(t.url, '/api/v1/vendor-credits', { key, body: { vendorId, issueDate: '2026-05-02', lines } })).body;
    const applied = (
      await http(t.url, `/api/v1/vendor-credits/${credit.id}/apply`, { key, body: { allocations: [{ billId: bill.id, amount: 10 }] } })
    ).body;
    const undone = await gql(
      t.url,
      key,
      `mutation { unapplyVendorCredit(id: "${credit.id}", input: { allocationId: "${applied.allocations[0].id}" }) { ` +
        `remainingCredit allocations { voidDate bill { amountDue status } } } }`,
    );
    expect(undone.body.errors).toBeUndefined();
    expect(undone.body.data.unapplyVendorCredit).toMatchObject({
      remainingCredit: '30.00',
      allocations: [{ voidDate: expect.any(String), bill: { amountDue: '30.00', status: 'OPEN' } }],
    });
    const refunded = (await http(t.url, `/api/v1/vendor-credits/${credit.id}/refund`, { key, body: { amount: 30 } })).body;
    const voided = await gql(
      t.url,
      key,
      `mutation { voidVendorCreditRefund(id: "${credit.id}", input: { refundId: "${refunded.refunds[0].id}" }) { status ` +
        `remainingCredit refunds { voidDate voidJournalEntry { id } } } }`,
    );
    expect(voided.body.errors).toBeUndefined();
    expect(voided.body.data.voidVendorCreditRefund).toMatchObject({ status: 'OPEN', remainingCredit: '30.00' });
    expect(voided.body.data.voidVendorCreditRefund.refunds[0].voidJournalEntry.id).toMatch(/^je_/);
    expect(await eventTypes([credit.id, bill.id])).toContain('bill.credit_unapplied');
  });
});
