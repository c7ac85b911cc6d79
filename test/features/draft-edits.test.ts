// Drafts are drafts: an invoice or bill in draft is edited (PATCH: party, dates, memo, reference, the
// whole list of lines) as often as needed before it is finalized; what was changed goes out in the
// `*.updated` event's previousAttributes. A posted document is never edited, only voided.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let customerId: string;
let otherCustomerId: string;
let vendorId: string;
let expenseId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Drafting Co'));
  customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'First Customer' } })).body.id;
  otherCustomerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Right Customer', paymentTermsDays: 14 } })).body.id;
  vendorId = (await http(t.url, '/api/v1/vendors', { key, body: { name: 'Vendor' } })).body.id;
  const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
  expenseId = accounts.find((a) => a.code === '6000')!.id;
});
afterAll(() => t.close());

const draftInvoice = async () =>
  (
    await http(t.url, '/api/v1/invoices', {
      key,
      body: {
        customerId,
        issueDate: '2026-06-01',
        dueDate: '2026-06-30',
        memo: 'First try',
        draft: true,
        lines: [{ description: 'Consulting', unitPrice: 100, quantity: 2 }],
      },
    })
  ).body;
const updatedEvents = async (id: string) =>
  (
    (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as {
      type: string;
      data: { object: { id: string }; previousAttributes?: Record<string, unknown> };
    }[]
  ).filter((e) => e.data.object.id === id && e.type.endsWith('.updated'));

describe('a draft invoice', () => {
  it('is edited: its lines replaced, its party, dates and memo changed, with the old values in invoice.updated', async () => {
    const draft = await draftInvoice();
    const before = (await http(t.url, `/api/v1/customers/${otherCustomerId}`, { key })).body.balance;
    const edited = await http(t.url, `/api/v1/invoices/${draft.id}`, {
      method: 'PATCH',
      key,
      body: {
        customerId: otherCustomerId,
        memo: 'Second try',
        lines: [
          { description: 'Consulting', unitPrice: 120, quantity: 2 },
          { description: 'Travel', unitPrice: 30.5 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: draft.id,
      number: draft.number,
      status: 'draft',
      customerId: otherCustomerId,
      issueDate: '2026-06-01',
      dueDate: '2026-06-30',
      memo: 'Second try',
      subtotal: 270.5,
      total: 270.5,
      journalEntryId: null,
    });
    expect(edited.body.lines.map((l: { description: string; amount: number }) => [l.description, l.amount])).toEqual([
      ['Consulting', 240],
      ['Travel', 30.5],
    ]);
    expect((await http(t.url, `/api/v1/invoices/${draft.id}`, { key })).body).toEqual(edited.body);
    expect((await http(t.url, `/api/v1/customers/${otherCustomerId}`, { key })).body.balance).toBe(before); // a draft owes nothing
    const [event] = await updatedEvents(draft.id);
    expect(event.type).toBe('invoice.updated');
    expect(event.data.object).toEqual(edited.body);
    expect(event.data.previousAttributes).toMatchObject({
      customerId,
      memo: 'First try',
      subtotal: 200,
      total: 200,
      lines: draft.lines,
    });
    expect(event.data.previousAttributes).not.toHaveProperty('issueDate');

    // Finalizing posts what it says now.
    const finalized = await http(t.url, `/api/v1/invoices/${draft.id}/finalize`, { key, body: {} });
    const entry = (await http(t.url, `/api/v1/journal-entries/${finalized.body.journalEntryId}`, { key })).body;
    expect(entry.totalAmount ?? entry.lines.reduce((s: number, l: { debit: number }) => s + l.debit, 0)).toBe(270.5);
    expect((await http(t.url, `/api/v1/customers/${otherCustomerId}`, { key })).body.balance).toBe(before + 270.5);

    // Now it is posted: not edited, only voided.
    const refused = await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'PATCH', key, body: { memo: 'Too late' } });
    expectProblem(refused, 400, 'INVALID_STATE');
    expect(refused.body.detail).toBe(
      `Invoice ${draft.number} is open; only a draft can be edited (void a posted invoice and enter it again)`,
    );
  });

  it('recomputes its due date from payment terms, and keeps it otherwise; an edit that changes nothing sends no event', async () => {
    const draft = await draftInvoice();
    const moved = await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'PATCH', key, body: { issueDate: '2026-06-05' } });
    expect(moved.body).toMatchObject({ issueDate: '2026-06-05', dueDate: '2026-06-30' });
    const terms = await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'PATCH', key, body: { paymentTermsDays: 10 } });
    expect(terms.body.dueDate).toBe('2026-06-15');
    const same = await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'PATCH', key, body: { memo: 'First try' } });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(terms.body);
    expect((await updatedEvents(draft.id)).length).toBe(2);
    const cleared = await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'PATCH', key, body: { memo: null } });
    expect(cleared.body.memo).toBeNull();
  });

  it('refuses a bad edit with every field at fault, and changes nothing', async () => {
    const draft = await draftInvoice();
    for (const [body, paths] of [
      [{ dueDate: '2026-05-01' }, ['dueDate']],
      [{ lines: [] }, ['lines']],
      [{ customerId: 'cus_00000000000000000000000000', lines: [{ description: 'x', unitPrice: -5 }] }, ['customerId', 'lines.0.unitPrice']],
      [{ issueDate: '2026-13-01', paymentTermsDays: 900 }, ['issueDate', 'paymentTermsDays']],
      [{ colour: 'blue' }, ['colour']],
    ] as const) {
      const response = await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'PATCH', key, body });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      const reported = response.body.errors.map((e: { path: string }) => e.path);
      for (const path of paths) expect(reported, JSON.stringify(body)).toContain(path);
    }
    expect((await http(t.url, `/api/v1/invoices/${draft.id}`, { key })).body).toEqual(draft);
    expect(await updatedEvents(draft.id)).toEqual([]);
  });

  it('is edited through GraphQL, only with the invoices write scope', async () => {
    const draft = await draftInvoice();
    const edited = await gql(
      t.url,
      key,
      `mutation { updateInvoice(id: "${draft.id}", input: { reference: "PO-9", lines: [{ description: "Audit", unitPrice: "75" }] ` +
        `}) { reference total lines { description } } }`,
    );
    expect(edited.body.errors).toBeUndefined();
    expect(edited.body.data.updateInvoice).toEqual({ reference: 'PO-9', total: '75.00', lines: [{ description: 'Audit' }] });
    const reader = (await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Reader', scopes: ['invoices:read'] } })).body.secret;
    const refused = await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'PATCH', key: reader, body: { memo: 'x' } });
    expectProblem(refused, 403, 'INSUFFICIENT_SCOPE');
    const other = await t.tenant('Other Drafting Co');
    expectProblem(
      await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'PATCH', key: other.key, body: { memo: 'x' } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('deleting a draft', () => {
  it('removes it and its lines (its number is not reused), raises invoice.deleted, and refuses a posted one', async () => {
    const draft = await draftInvoice();
    const count = async () => (await http(t.url, '/api/v1/invoices?limit=1', { key })).body.total;
    const before = await count();
    const deleted = await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'DELETE', key });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: draft.id, deleted: true });
    expectProblem(await http(t.url, `/api/v1/invoices/${draft.id}`, { key }), 404, 'NOT_FOUND');
    expect(await count()).toBe(before - 1);
    expect(await t.db.prisma.invoiceLine.count({ where: { invoiceId: draft.id } })).toBe(0);
    const events = (await http(t.url, '/api/v1/events?limit=100', { key })).body.data as {
      type: string;
      data: { object: { id: string } };
    }[];
    const gone = events.find((e) => e.type === 'invoice.deleted' && e.data.object.id === draft.id)!;
    expect(gone.data.object).toEqual(draft);
    expectProblem(await http(t.url, `/api/v1/invoices/${draft.id}`, { method: 'DELETE', key }), 404, 'NOT_FOUND');
    const next = await draftInvoice();
    expect(next.number).not.toBe(draft.number);

    const posted = (await http(t.url, '/api/v1/invoices', { key, body: { customerId, lines: [{ description: 'Posted', unitPrice: 10 }] } }))
      .body;
    const refused = await http(t.url, `/api/v1/invoices/${posted.id}`, { method: 'DELETE', key });
    expectProblem(refused, 400, 'INVALID_STATE');
    expect(refused.body.detail).toBe(`Invoice ${posted.number} is open; only a draft can be deleted (void a posted invoice instead)`);
    expect((await http(t.url, `/api/v1/invoices/${posted.id}`, { key })).status).toBe(200);
  });

  it('through GraphQL, for a bill, with the bills write scope only', async () => {
    const draft = (
      await http(t.url, '/api/v1/bills', {
        key,
        body: { vendorId, draft: true, lines: [{ description: 'x', unitPrice: 5, accountId: expenseId }] },
      })
    ).body;
    const reader = (await http(t.url, '/api/v1/api-keys', { key, body: { name: 'Bill reader', scopes: ['bills:read'] } })).body.secret;
    const refused = await gql(t.url, reader, `mutation { deleteBill(id: "${draft.id}") { id } }`);
    expect(refused.body.errors[0].extensions.code).toBe('INSUFFICIENT_SCOPE');
    const deleted = await gql(t.url, key, `mutation { deleteBill(id: "${draft.id}", idempotencyKey: "del-1") { id deleted } }`);
    expect(deleted.body.data.deleteBill).toEqual({ id: draft.id, deleted: true });
    const replayed = await gql(t.url, key, `mutation { deleteBill(id: "${draft.id}", idempotencyKey: "del-1") { id deleted } }`);
    expect(replayed.body.data.deleteBill).toEqual({ id: draft.id, deleted: true });
    const node = await gql(t.url, key, `{ node(id: "${draft.id}") { id } }`);
    expect(node.body.data.node).toBeNull();
  });
});

describe('a draft bill', () => {
  it("is edited as an invoice is; its vendor's reference stays unique among its bills, its own excepted", async () => {
    const line = [{ description: 'Paper', unitPrice: 40, accountId: expenseId }];
    const entered = (await http(t.url, '/api/v1/bills', { key, body: { vendorId, reference: 'V-100', lines: line } })).body;
    const draft = (await http(t.url, '/api/v1/bills', { key, body: { vendorId, reference: 'V-101', draft: true, lines: line } })).body;
    const same = await http(t.url, `/api/v1/bills/${draft.id}`, { method: 'PATCH', key, body: { reference: 'V-101', memo: 'checked' } });
    expect(same.status).toBe(200);
    const duplicate = await http(t.url, `/api/v1/bills/${draft.id}`, { method: 'PATCH', key, body: { reference: 'V-100' } });
    expectProblem(duplicate, 400, 'VALIDATION_FAILED');
    expect(duplicate.body.errors[0]).toMatchObject({ path: 'reference', message: expect.stringContaining(entered.number) });
    const relined = await http(t.url, `/api/v1/bills/${draft.id}`, {
      method: 'PATCH',
      key,
      body: { lines: [{ description: 'Toner', unitPrice: 60, quantity: 3, accountId: expenseId }] },
    });
    expect(relined.body).toMatchObject({ status: 'draft', total: 180, reference: 'V-101', memo: 'checked' });
    const [first, second] = await updatedEvents(draft.id);
    expect([first.type, second.type]).toEqual(['bill.updated', 'bill.updated']);
    expect(second.data.previousAttributes).toMatchObject({ total: 40 });
    expectProblem(await http(t.url, `/api/v1/bills/${entered.id}`, { method: 'PATCH', key, body: { memo: 'x' } }), 400, 'INVALID_STATE');
  });
});
