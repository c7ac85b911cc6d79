// Events are a public contract: every state change of every resource has exactly one event, emitted
// only when something changed, and each event's `data.object` is byte-for-byte what
// `GET /api/v1/<resource>/{id}` answers right after the change (and what the write itself answered).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/events/catalogue.ts';
import { createTestApp, gql, http, startMailServer, type TestApp, type TestMailServer } from '../helpers.ts';

let mail: TestMailServer;
let t: TestApp;
let key: string;
let accounts: Record<string, string>;
let lastSeq = 0;
const seen = new Set<string>();

beforeAll(async () => {
  mail = await startMailServer();
  // No retries: a subscription whose only delivery fails is disabled at once (the last event type to walk).
  t = await createTestApp({
    mail: mail.settings({ retryScheduleMs: [] }),
    rateLimit: { points: 100_000, durationSeconds: 60 },
    webhooks: { timeoutMs: 1000, retryScheduleMs: [], allowPrivateTargets: true },
  });
  ({ key } = await t.tenant('Events Co'));
  const list = await http(t.url, '/api/v1/accounts?limit=100', { key });
  accounts = Object.fromEntries(list.body.data.map((a: any) => [a.code, a.id]));
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** Where the public reads each resource type. */
const GET_PATH: Record<string, string> = {
  account: '/api/v1/accounts',
  customer: '/api/v1/customers',
  vendor: '/api/v1/vendors',
  product: '/api/v1/products',
  tax_rate: '/api/v1/tax-rates',
  employee: '/api/v1/employees',
  journal_entry: '/api/v1/journal-entries',
  invoice: '/api/v1/invoices',
  bill: '/api/v1/bills',
  sales_receipt: '/api/v1/sales-receipts',
  credit_note: '/api/v1/credit-notes',
  payment: '/api/v1/payments',
  bill_payment: '/api/v1/bill-payments',
  vendor_credit: '/api/v1/vendor-credits',
  customer_prepayment: '/api/v1/customer-prepayments',
  vendor_prepayment: '/api/v1/vendor-prepayments',
  exchange_rate: '/api/v1/exchange-rates',
  bank_account: '/api/v1/bank-accounts',
  bank_statement: '/api/v1/bank-statements',
  bank_transaction: '/api/v1/bank-transactions',
  bank_reconciliation: '/api/v1/bank-reconciliations',
  webhook_subscription: '/api/v1/webhooks/subscriptions',
  api_key: '/api/v1/api-keys',
  estimate: '/api/v1/estimates',
  purchase_order: '/api/v1/purchase-orders',
  recurring_schedule: '/api/v1/recurring-schedules',
  email: '/api/v1/emails',
  attachment: '/api/v1/attachments',
  bulk_operation: '/api/v1/bulk-operations',
};

interface LoggedEvent {
  type: string;
  resourceType: string;
  resourceId: string;
  data: { object: Record<string, unknown>; previousAttributes?: Record<string, unknown> };
}

/** The events committed since the last call, oldest first. */
async function newEvents(): Promise<LoggedEvent[]> {
  const r = await gql(
    t.url,
    key,
    '{ eventsPage(limit: 100, orderBy: { field: SEQUENCE, direction: DESC }) { data { sequence type resourceType resourceId data } } }',
  );
  const events = r.body.data.eventsPage.data.filter((e: any) => e.sequence > lastSeq).reverse();
  if (events.length) lastSeq = events.at(-1).sequence;
  return events;
}

/**
 * Runs a change and checks its events: the expected types in order, each object equal to a GET of its
 * resource right now (the organization, which has no REST route, to GraphQL's viewer.organization).
 */
async function expectEvents(changeFn: () => Promise<unknown>, types: string[]) {
  const result = await changeFn();
  const events = await newEvents();
  expect(events.map((e) => e.type)).toEqual(types);
  for (const [i, event] of events.entries()) {
    seen.add(event.type);
    expect(event.data.object.id).toBe(event.resourceId);
    // A later event of the same resource in this step describes a later state: GET shows that one.
    if (
      events
        .slice(i + 1)
        .some((later) => later.resourceId === event.resourceId && JSON.stringify(later.data.object) !== JSON.stringify(event.data.object))
    )
      continue;
    if (event.resourceType === 'organization') {
      expect(event.data.object).toEqual((await http(t.url, '/api/v1/organization', { key })).body);
      continue;
    }
    const get = await http(t.url, `${GET_PATH[event.resourceType]}/${event.resourceId}`, { key });
    // A deleted record is gone: its event holds it as it was (compared before the delete, below).
    if (event.type.endsWith('.deleted')) {
      expect(get.status).toBe(404);
      continue;
    }
    expect(get.status).toBe(200);
    expect(JSON.stringify(event.data.object), `${event.type} object vs GET`).toBe(JSON.stringify(get.body));
  }
  return { result, events };
}

const rest = (path: string, body: unknown, method = 'POST') => http(t.url, path, { key, body, method });

describe('the event catalogue', () => {
  it('emits one event per state change, in the shape GET answers, for every type', async () => {
    const account = (
      await expectEvents(() => rest('/api/v1/accounts', { code: '6950', name: 'Sundry', type: 'expense' }), ['account.created'])
    ).result as any;
    expect(account.status).toBe(201);
    await expectEvents(() => rest(`/api/v1/accounts/${account.body.id}`, { name: 'Sundry costs' }, 'PATCH'), ['account.updated']);

    const customer = (
      (await expectEvents(() => rest('/api/v1/customers', { name: 'Ada Ltd', email: 'ada@example.com' }), ['customer.created']))
        .result as any
    ).body;
    const {
      events: [customerUpdated],
    } = await expectEvents(() => rest(`/api/v1/customers/${customer.id}`, { phone: '+1 555 0100' }, 'PATCH'), ['customer.updated']);
    expect(customerUpdated.data.previousAttributes).toEqual({ phone: null });
    const vendor = ((await expectEvents(() => rest('/api/v1/vendors', { name: 'Supplies Inc' }), ['vendor.created'])).result as any).body;
    await expectEvents(() => rest(`/api/v1/vendors/${vendor.id}`, { notes: 'net 30' }, 'PATCH'), ['vendor.updated']);
    const product = (
      (await expectEvents(() => rest('/api/v1/products', { name: 'Widget', unitPrice: 19.99, taxRate: 8.875 }), ['product.created']))
        .result as any
    ).body;
    await expectEvents(() => rest(`/api/v1/products/${product.id}`, { unitPrice: 21 }, 'PATCH'), ['product.updated']);
    const taxRate = (
      (await expectEvents(() => rest('/api/v1/tax-rates', { name: 'State 6.25%', rate: 6.25 }), ['tax_rate.created'])).result as any
    ).body;
    await expectEvents(() => rest(`/api/v1/tax-rates/${taxRate.id}`, { active: false }, 'PATCH'), ['tax_rate.updated']);
    const employee = (
      (await expectEvents(() => rest('/api/v1/employees', { firstName: 'Grace', lastName: 'Hopper' }), ['employee.created'])).result as any
    ).body;
    await expectEvents(() => rest(`/api/v1/employees/${employee.id}`, { jobTitle: 'Admiral' }, 'PATCH'), ['employee.updated']);

    const entry = (
      await expectEvents(
        () =>
          rest('/api/v1/journal-entries', {
            date: '2026-04-01',
            description: 'Rent',
            lines: [
              { accountId: accounts['6100'], debit: 500, credit: 0 },
              { accountId: accounts['1000'], debit: 0, credit: 500 },
            ],
          }),
        ['journal_entry.created'],
      )
    ).result as any;
    await expectEvents(
      () => rest(`/api/v1/journal-entries/${entry.body.id}/reverse`, { date: '2026-04-02' }),
      ['journal_entry.created', 'journal_entry.reversed'],
    );

    const { events: draftEvents, result: draft } = (await expectEvents(
      () =>
        rest('/api/v1/invoices', {
          customerId: customer.id,
          issueDate: '2026-04-01',
          draft: true,
          lines: [{ productId: product.id, quantity: 2 }],
        }),
      ['invoice.created'],
    )) as any;
    expect(draftEvents[0].data.object).toMatchObject({ status: 'draft', journalEntryId: null });
    expect(draft.body).toEqual(draftEvents[0].data.object);
    const { events: edits } = await expectEvents(
      () => rest(`/api/v1/invoices/${draft.body.id}`, { memo: 'Edited' }, 'PATCH'),
      ['invoice.updated'],
    );
    expect(edits[0].data.previousAttributes).toEqual({ memo: null });
    await expectEvents(() => rest(`/api/v1/invoices/${draft.body.id}/finalize`, {}), ['invoice.finalized', 'journal_entry.created']);
    await expectEvents(
      () => rest(`/api/v1/invoices/${draft.body.id}/payments`, { amount: 10, date: '2026-04-05' }),
      ['invoice.payment_recorded', 'journal_entry.created'],
    );
    const due = (await http(t.url, `/api/v1/invoices/${draft.body.id}`, { key })).body.amountDue;
    const { result: payInFull } = (await expectEvents(
      () => rest(`/api/v1/invoices/${draft.body.id}/payments`, { amount: due, date: '2026-04-06' }),
      ['invoice.payment_recorded', 'invoice.paid', 'journal_entry.created'],
    )) as any;
    await expectEvents(
      () => rest(`/api/v1/payments/${payInFull.body.id}/void`, { date: '2026-04-07', reason: 'bounced' }),
      ['payment.voided', 'invoice.payment_voided', 'journal_entry.created'],
    );
    const { events: posted } = await expectEvents(
      () => rest('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-04-01', lines: [{ description: 'Job', unitPrice: 100 }] }),
      ['invoice.created', 'journal_entry.created'],
    );
    expect(posted[0].data.object).toMatchObject({ status: 'open', journalEntryId: posted[1].resourceId });
    await expectEvents(
      () => rest(`/api/v1/invoices/${posted[0].resourceId}/void`, { reason: 'duplicate' }),
      ['invoice.voided', 'journal_entry.created'],
    );

    const { events: uncollectible } = await expectEvents(
      () => rest('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-04-01', lines: [{ description: 'Lost', unitPrice: 20 }] }),
      ['invoice.created', 'journal_entry.created'],
    );
    await expectEvents(
      () => rest(`/api/v1/invoices/${uncollectible[0].resourceId}/write-off`, { date: '2026-04-20' }),
      ['invoice.written_off', 'journal_entry.created'],
    );
    await expectEvents(
      () => rest(`/api/v1/invoices/${uncollectible[0].resourceId}/write-off/void`, { date: '2026-04-21' }),
      ['invoice.write_off_voided', 'journal_entry.created'],
    );

    const { result: bill } = (await expectEvents(
      () =>
        rest('/api/v1/bills', {
          vendorId: vendor.id,
          issueDate: '2026-04-01',
          draft: true,
          lines: [{ description: 'Paper', unitPrice: 40, accountId: accounts['6100'] }],
        }),
      ['bill.created'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/bills/${bill.body.id}`, { memo: 'Edited' }, 'PATCH'), ['bill.updated']);
    for (const [path, type] of [
      ['/api/v1/invoices', 'invoice'],
      ['/api/v1/bills', 'bill'],
    ] as const) {
      const party =
        type === 'invoice'
          ? { customerId: customer.id }
          : { vendorId: vendor.id, lines: [{ description: 'Scrap', unitPrice: 1, accountId: accounts['6100'] }] };
      const { result: scrap } = (await expectEvents(
        () => rest(path, { lines: [{ description: 'Scrap', unitPrice: 1 }], ...party, draft: true }),
        [`${type}.created`],
      )) as any;
      const { events: deleted } = await expectEvents(() => rest(`${path}/${scrap.body.id}`, undefined, 'DELETE'), [`${type}.deleted`]);
      expect(deleted[0].data.object).toEqual(scrap.body);
    }
    await expectEvents(() => rest(`/api/v1/bills/${bill.body.id}/finalize`, {}), ['bill.finalized', 'journal_entry.created']);
    await expectEvents(
      () => rest(`/api/v1/bills/${bill.body.id}/payments`, { amount: 15, date: '2026-04-05' }),
      ['bill.payment_recorded', 'journal_entry.created'],
    );
    const { result: billPaidInFull } = (await expectEvents(
      () => rest(`/api/v1/bills/${bill.body.id}/payments`, { amount: 25, date: '2026-04-06' }),
      ['bill.payment_recorded', 'bill.paid', 'journal_entry.created'],
    )) as any;
    await expectEvents(
      () => rest(`/api/v1/bill-payments/${billPaidInFull.body.id}/void`, { date: '2026-04-07' }),
      ['bill_payment.voided', 'bill.payment_voided', 'journal_entry.created'],
    );
    const {
      events: [openBill],
    } = await expectEvents(
      () =>
        rest('/api/v1/bills', {
          vendorId: vendor.id,
          issueDate: '2026-04-01',
          lines: [{ description: 'Ink', unitPrice: 9, accountId: accounts['6100'] }],
        }),
      ['bill.created', 'journal_entry.created'],
    );
    await expectEvents(() => rest(`/api/v1/bills/${openBill.resourceId}/void`, {}), ['bill.voided', 'journal_entry.created']);

    const { result: receipt } = (await expectEvents(
      () => rest('/api/v1/sales-receipts', { customerId: customer.id, date: '2026-04-02', lines: [{ productId: product.id }] }),
      ['sales_receipt.created', 'journal_entry.created'],
    )) as any;
    await expectEvents(
      () =>
        rest('/api/v1/sales-receipts', {
          kind: 'refund',
          refundOfId: receipt.body.id,
          date: '2026-04-03',
          lines: [{ description: 'Returned', unitPrice: 5 }],
        }),
      ['sales_receipt.created', 'journal_entry.created'],
    );
    const refund = (await http(t.url, `/api/v1/sales-receipts?kind=refund`, { key })).body.data[0];
    await expectEvents(() => rest(`/api/v1/sales-receipts/${refund.id}/void`, {}), ['sales_receipt.voided', 'journal_entry.created']);

    const { result: note } = (await expectEvents(
      () =>
        rest('/api/v1/credit-notes', {
          customerId: customer.id,
          issueDate: '2026-04-07',
          lines: [{ description: 'Return', unitPrice: 30 }],
        }),
      ['credit_note.created', 'journal_entry.created'],
    )) as any;
    const {
      events: [openInvoice],
    } = await expectEvents(
      () => rest('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-04-07', lines: [{ description: 'Job', unitPrice: 10 }] }),
      ['invoice.created', 'journal_entry.created'],
    );
    await expectEvents(
      () =>
        rest(`/api/v1/credit-notes/${note.body.id}/apply`, {
          date: '2026-04-08',
          allocations: [{ invoiceId: openInvoice.resourceId, amount: 10 }],
        }),
      ['credit_note.applied', 'invoice.credit_applied', 'invoice.paid'],
    );
    const { result: refundedNote } = (await expectEvents(
      () => rest(`/api/v1/credit-notes/${note.body.id}/refund`, { amount: 20, date: '2026-04-09' }),
      ['credit_note.refunded', 'journal_entry.created'],
    )) as any;
    await expectEvents(
      () => rest(`/api/v1/credit-notes/${note.body.id}/void-refund`, { refundId: refundedNote.body.refunds[0].id }),
      ['credit_note.refund_voided', 'journal_entry.created'],
    );
    await expectEvents(
      () => rest(`/api/v1/credit-notes/${note.body.id}/unapply`, { allocationId: refundedNote.body.allocations[0].id }),
      ['credit_note.application_undone', 'invoice.credit_unapplied'],
    );
    const { result: unused } = (await expectEvents(
      () =>
        rest('/api/v1/credit-notes', {
          customerId: customer.id,
          issueDate: '2026-04-07',
          lines: [{ description: 'Return', unitPrice: 5 }],
        }),
      ['credit_note.created', 'journal_entry.created'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/credit-notes/${unused.body.id}/void`, {}), ['credit_note.voided', 'journal_entry.created']);

    const { result: vendorCredit } = (await expectEvents(
      () =>
        rest('/api/v1/vendor-credits', {
          vendorId: vendor.id,
          issueDate: '2026-04-07',
          lines: [{ description: 'Returned ink', unitPrice: 30, accountId: accounts['6100'] }],
        }),
      ['vendor_credit.created', 'journal_entry.created'],
    )) as any;
    const {
      events: [creditedBill],
    } = await expectEvents(
      () =>
        rest('/api/v1/bills', {
          vendorId: vendor.id,
          issueDate: '2026-04-07',
          lines: [{ description: 'Toner', unitPrice: 10, accountId: accounts['6100'] }],
        }),
      ['bill.created', 'journal_entry.created'],
    );
    await expectEvents(
      () =>
        rest(`/api/v1/vendor-credits/${vendorCredit.body.id}/apply`, {
          date: '2026-04-08',
          allocations: [{ billId: creditedBill.resourceId, amount: 10 }],
        }),
      ['vendor_credit.applied', 'bill.credit_applied', 'bill.paid'],
    );
    const { result: refundedVendorCredit } = (await expectEvents(
      () => rest(`/api/v1/vendor-credits/${vendorCredit.body.id}/refund`, { amount: 20, date: '2026-04-09' }),
      ['vendor_credit.refunded', 'journal_entry.created'],
    )) as any;
    await expectEvents(
      () => rest(`/api/v1/vendor-credits/${vendorCredit.body.id}/void-refund`, { refundId: refundedVendorCredit.body.refunds[0].id }),
      ['vendor_credit.refund_voided', 'journal_entry.created'],
    );
    await expectEvents(
      () => rest(`/api/v1/vendor-credits/${vendorCredit.body.id}/unapply`, { allocationId: refundedVendorCredit.body.allocations[0].id }),
      ['vendor_credit.application_undone', 'bill.credit_unapplied'],
    );
    const { result: unusedCredit } = (await expectEvents(
      () =>
        rest('/api/v1/vendor-credits', {
          vendorId: vendor.id,
          issueDate: '2026-04-07',
          lines: [{ description: 'Rebate', unitPrice: 5, accountId: accounts['6100'] }],
        }),
      ['vendor_credit.created', 'journal_entry.created'],
    )) as any;
    await expectEvents(
      () => rest(`/api/v1/vendor-credits/${unusedCredit.body.id}/void`, {}),
      ['vendor_credit.voided', 'journal_entry.created'],
    );

    // Prepayments of both sides: money ahead of a document, and a payment's kept excess.
    for (const side of [
      {
        resource: 'customer_prepayment',
        path: '/api/v1/customer-prepayments',
        party: { customerId: customer.id },
        document: 'invoice',
        documents: '/api/v1/invoices',
        payment: 'payment',
        documentKey: 'invoiceId',
        line: { description: 'Deposit work', unitPrice: 10 },
      },
      {
        resource: 'vendor_prepayment',
        path: '/api/v1/vendor-prepayments',
        party: { vendorId: vendor.id },
        document: 'bill',
        documents: '/api/v1/bills',
        payment: 'bill_payment',
        documentKey: 'billId',
        line: { description: 'Advance goods', unitPrice: 10, accountId: accounts['6100'] },
      },
    ]) {
      const { result: prepaid } = (await expectEvents(
        () => rest(side.path, { ...side.party, amount: 40, date: '2026-04-07' }),
        [`${side.resource}.created`, 'journal_entry.created'],
      )) as any;
      const {
        events: [document],
      } = await expectEvents(
        () => rest(side.documents, { ...side.party, issueDate: '2026-04-07', lines: [side.line] }),
        [`${side.document}.created`, 'journal_entry.created'],
      );
      const { result: applied } = (await expectEvents(
        () => rest(`${side.path}/${prepaid.body.id}/apply`, { allocations: [{ [side.documentKey]: document.resourceId, amount: 5 }] }),
        [`${side.resource}.applied`, `${side.document}.credit_applied`],
      )) as any;
      await expectEvents(
        () => rest(`${side.path}/${prepaid.body.id}/unapply`, { allocationId: applied.body.allocations[0].id }),
        [`${side.resource}.application_undone`, `${side.document}.credit_unapplied`],
      );
      const { result: refunded } = (await expectEvents(
        () => rest(`${side.path}/${prepaid.body.id}/refund`, { amount: 15 }),
        [`${side.resource}.refunded`, 'journal_entry.created'],
      )) as any;
      await expectEvents(
        () => rest(`${side.path}/${prepaid.body.id}/void-refund`, { refundId: refunded.body.refunds[0].id }),
        [`${side.resource}.refund_voided`, 'journal_entry.created'],
      );
      await expectEvents(() => rest(`${side.path}/${prepaid.body.id}/void`, {}), [`${side.resource}.voided`, 'journal_entry.created']);
      const { result: overpaid } = (await expectEvents(
        () => rest(`${side.documents}/${document.resourceId}/payments`, { amount: 25, keepExcessAsCredit: true }),
        [`${side.document}.payment_recorded`, `${side.document}.paid`, `${side.resource}.created`, 'journal_entry.created'],
      )) as any;
      await expectEvents(
        () => rest(`/api/v1/${side.payment === 'payment' ? 'payments' : 'bill-payments'}/${overpaid.body.id}/void`, {}),
        [`${side.payment}.voided`, `${side.document}.payment_voided`, `${side.resource}.voided`, 'journal_entry.created'],
      );
    }

    const { result: rate } = (await expectEvents(
      () => rest('/api/v1/exchange-rates', { currency: 'EUR', date: '2026-04-01', rate: 1.1 }),
      ['exchange_rate.created'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/exchange-rates/${rate.body.id}`, { rate: 1.2 }, 'PATCH'), ['exchange_rate.updated']);
    await expectEvents(() => rest(`/api/v1/exchange-rates/${rate.body.id}`, undefined, 'DELETE'), ['exchange_rate.deleted']);

    const { result: bank } = (await expectEvents(
      () => rest('/api/v1/bank-accounts', { name: 'Events Bank', kind: 'bank', openingBalance: 100, openingDate: '2026-04-01' }),
      ['bank_account.created', 'account.created', 'journal_entry.created'],
    )) as any;
    await expectEvents(
      () => rest(`/api/v1/bank-accounts/${bank.body.id}`, { bankName: 'Events Savings' }, 'PATCH'),
      ['bank_account.updated'],
    );
    const statement = ['Date,Amount,Text', '2026-04-02,-5.00,Fee', '2026-04-03,-7.00,Duplicate'].join('\n');
    const layout = { dateColumn: 'Date', amountColumn: 'Amount', descriptionColumn: 'Text' };
    await expectEvents(
      () => rest(`/api/v1/bank-accounts/${bank.body.id}/statements`, { format: 'csv', file: statement, csv: layout }),
      ['bank_statement.imported'],
    );
    const lines = (await http(t.url, `/api/v1/bank-transactions?bankAccountId=${bank.body.id}`, { key })).body.data;
    const fees = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data.find((a: { code: string }) => a.code === '6900');
    await expectEvents(
      () => rest(`/api/v1/bank-transactions/${lines[0].id}/explain`, { accountId: fees.id }),
      ['bank_transaction.matched', 'journal_entry.created'],
    );
    await expectEvents(() => rest(`/api/v1/bank-transactions/${lines[1].id}/exclude`, {}), ['bank_transaction.excluded']);
    const { result: reconciled } = (await expectEvents(
      () => rest(`/api/v1/bank-accounts/${bank.body.id}/reconciliations`, { statementDate: '2026-04-30', closingBalance: 95 }),
      ['bank_reconciliation.completed'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/bank-reconciliations/${reconciled.body.id}/undo`, {}), ['bank_reconciliation.undone']);
    await expectEvents(
      () => rest(`/api/v1/bank-transactions/${lines[0].id}/unmatch`, {}),
      ['bank_transaction.unmatched', 'journal_entry.created', 'journal_entry.reversed'],
    );

    // Estimates: offered, edited, sent, accepted and converted; declined; deleted.
    const buyer = (await rest('/api/v1/customers', { name: 'Quote Buyer', email: 'buyer@example.com' })).body;
    const quoteLines = [{ description: 'Survey', unitPrice: 90 }];
    await newEvents();
    const { result: estimate } = (await expectEvents(
      () => rest('/api/v1/estimates', { customerId: buyer.id, lines: quoteLines }),
      ['estimate.created'],
    )) as any;
    const est = `/api/v1/estimates/${estimate.body.id}`;
    await expectEvents(() => rest(est, { memo: 'Valid 30 days' }, 'PATCH'), ['estimate.updated']);
    await expectEvents(() => rest(`${est}/mark-sent`, {}), ['estimate.sent']);
    await expectEvents(() => rest(`${est}/accept`, {}), ['estimate.accepted']);
    await expectEvents(() => rest(`${est}/convert`, {}), ['invoice.created', 'estimate.invoiced']);
    const { result: other } = (await expectEvents(
      () => rest('/api/v1/estimates', { customerId: buyer.id, lines: quoteLines }),
      ['estimate.created'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/estimates/${other.body.id}/decline`, {}), ['estimate.declined']);
    const { result: dropped } = (await expectEvents(
      () => rest('/api/v1/estimates', { customerId: buyer.id, lines: quoteLines }),
      ['estimate.created'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/estimates/${dropped.body.id}`, undefined, 'DELETE'), ['estimate.deleted']);

    // Mail: an invoice, a credit note and a statement sent; an address refused for good.
    const mailed = (await rest('/api/v1/invoices', { customerId: buyer.id, lines: quoteLines })).body;
    const credited = (await rest('/api/v1/credit-notes', { customerId: buyer.id, lines: [{ description: 'Refund', unitPrice: 5 }] })).body;
    await newEvents();
    const mailer = t.app.workers.mailer!;
    await expectEvents(() => rest(`/api/v1/invoices/${mailed.id}/send`, {}).then(() => mailer.drain()), ['email.sent', 'invoice.sent']);
    await expectEvents(
      () => rest(`/api/v1/credit-notes/${credited.id}/send`, {}).then(() => mailer.drain()),
      ['email.sent', 'credit_note.sent'],
    );
    const period = { customerId: buyer.id, from: '2026-01-01', to: '2026-12-31' };
    await expectEvents(() => rest('/api/v1/reports/customer-statement/send', period).then(() => mailer.drain()), ['email.sent']);
    await expectEvents(
      () => rest(`/api/v1/invoices/${mailed.id}/send`, { to: ['nobody@example.com'] }).then(() => mailer.drain()),
      ['email.failed'],
    );

    // Purchase orders: drafted, edited, issued, received, billed; closed; deleted.
    const supplier = (await rest('/api/v1/vendors', { name: 'Order Supplies' })).body;
    const orderLines = [{ description: 'Paper', quantity: 10, unitPrice: 4, accountId: accounts['6900'] }];
    await newEvents();
    const { result: po } = (await expectEvents(
      () => rest('/api/v1/purchase-orders', { vendorId: supplier.id, lines: orderLines }),
      ['purchase_order.created'],
    )) as any;
    const poPath = `/api/v1/purchase-orders/${po.body.id}`;
    await expectEvents(() => rest(poPath, { memo: 'Deliver to the back door' }, 'PATCH'), ['purchase_order.updated']);
    await expectEvents(() => rest(`${poPath}/issue`, {}), ['purchase_order.issued']);
    await expectEvents(() => rest(`${poPath}/receive`, { lines: [{ lineNo: 1, quantity: 4 }] }), ['purchase_order.received']);
    await expectEvents(() => rest(`${poPath}/bill`, { lines: [{ lineNo: 1, quantity: 4 }] }), ['bill.created', 'purchase_order.billed']);
    await expectEvents(() => rest(`${poPath}/close`, {}), ['purchase_order.closed']);
    const { result: poDraft } = (await expectEvents(
      () => rest('/api/v1/purchase-orders', { vendorId: supplier.id, lines: orderLines }),
      ['purchase_order.created'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/purchase-orders/${poDraft.body.id}`, undefined, 'DELETE'), ['purchase_order.deleted']);

    // Attachments: a file on a bill, taken off again.
    const { result: attached } = (await expectEvents(
      () =>
        rest('/api/v1/attachments', {
          recordId: po.body.id,
          filename: 'quote.txt',
          contentBase64: Buffer.from('as agreed').toString('base64'),
        }),
      ['attachment.created'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/attachments/${attached.body.id}`, undefined, 'DELETE'), ['attachment.deleted']);

    // Bulk: an export queued, then run to its end by the runner.
    await expectEvents(
      () => rest('/api/v1/bulk-operations/exports', { query: '{ vendors { edges { node { id name } } } }' }),
      ['bulk_operation.created'],
    );
    await expectEvents(() => t.app.workers['bulk-operations']!.drain(), ['bulk_operation.finished']);

    // Recurring: set up, edited, paused and resumed, run once and finished; a failing one; deleted.
    const runner = t.app.workers.recurring!;
    const repeat = { invoice: { customerId: buyer.id, lines: quoteLines }, frequency: 'day', startDate: '2026-01-01', count: 1 };
    const { result: schedule } = (await expectEvents(
      () => rest('/api/v1/recurring-schedules', { ...repeat, documentStatus: 'posted' }),
      ['recurring_schedule.created'],
    )) as any;
    const rs = `/api/v1/recurring-schedules/${schedule.body.id}`;
    await expectEvents(() => rest(rs, { name: 'Daily survey' }, 'PATCH'), ['recurring_schedule.updated']);
    await expectEvents(() => rest(`${rs}/pause`, {}), ['recurring_schedule.paused']);
    await expectEvents(() => rest(`${rs}/resume`, {}), ['recurring_schedule.resumed']);
    await expectEvents(
      () => runner.drain(),
      ['invoice.created', 'journal_entry.created', 'recurring_schedule.ran', 'recurring_schedule.finished'],
    );
    const leaving = (await rest('/api/v1/customers', { name: 'Leaving Ltd' })).body;
    await newEvents();
    const { result: failing } = (await expectEvents(
      () => rest('/api/v1/recurring-schedules', { ...repeat, invoice: { customerId: leaving.id, lines: quoteLines } }),
      ['recurring_schedule.created'],
    )) as any;
    await expectEvents(() => rest(`/api/v1/customers/${leaving.id}`, { active: false }, 'PATCH'), ['customer.updated']);
    await expectEvents(() => runner.drain(), ['recurring_schedule.failed']);
    await expectEvents(() => rest(`/api/v1/recurring-schedules/${failing.body.id}`, undefined, 'DELETE'), ['recurring_schedule.deleted']);

    const {
      events: [orgUpdated],
    } = await expectEvents(
      () => gql(t.url, key, 'mutation { updateOrganization(input: { defaultPaymentTermsDays: 14 }) { id } }'),
      ['organization.updated'],
    );
    expect(orgUpdated.data.previousAttributes).toEqual({ defaultPaymentTermsDays: 30 });

    const {
      result: createdKey,
      events: [keyCreated],
    } = (await expectEvents(() => rest('/api/v1/api-keys', { name: 'HR sync', scopes: ['employees:write'] }), ['api_key.created'])) as any;
    expect(createdKey.status).toBe(201);
    expect(keyCreated.data.object).not.toHaveProperty('secret');
    expect(JSON.stringify(keyCreated)).not.toContain(createdKey.body.secret.split('_')[2]);
    await expectEvents(() => rest(`/api/v1/api-keys/${createdKey.body.id}/roll`, { expiresInHours: 1 }), ['api_key.rolled']);
    await expectEvents(() => rest(`/api/v1/api-keys/${createdKey.body.id}/revoke`, {}), ['api_key.revoked']);

    const hookA = (
      (
        await expectEvents(
          () => rest('/api/v1/webhooks', { url: 'http://127.0.0.1:9/a', eventTypes: ['vendor.created'] }),
          ['webhook_subscription.created'],
        )
      ).result as any
    ).body;
    const sub = `/api/v1/webhooks/subscriptions/${hookA.id}`;
    await expectEvents(() => rest(sub, { description: 'vendor feed' }, 'PATCH'), ['webhook_subscription.updated']);
    await expectEvents(() => rest(`${sub}/disable`, {}), ['webhook_subscription.disabled']);
    await expectEvents(() => rest(`${sub}/enable`, {}), ['webhook_subscription.enabled']);
    await expectEvents(() => rest(`${sub}/rotate-secret`, {}), ['webhook_subscription.secret_rotated']);
    // The test event goes to port 9, which refuses: with no retries, the subscription is then disabled.
    await expectEvents(async () => {
      await rest(`${sub}/test`, {});
      for (
        let i = 0;
        i < 100 && (await t.db.prisma.webhookSubscription.findUniqueOrThrow({ where: { id: hookA.id } })).status !== 'DISABLED';
        i++
      )
        await new Promise((r) => setTimeout(r, 50));
    }, ['webhook_subscription.test', 'webhook_subscription.disabled']);

    // Port 9 on loopback refuses connections: the one delivery fails, and with no retries the subscription is disabled.
    const { result: registered, events: webhookEvents } = (await expectEvents(async () => {
      const response = await rest('/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook', eventTypes: ['webhook_subscription.created'] });
      for (let i = 0; i < 100 && (await t.db.prisma.webhookSubscription.count({ where: { status: 'DISABLED' } })) < 2; i++)
        await new Promise((r) => setTimeout(r, 50));
      return response;
    }, ['webhook_subscription.created', 'webhook_subscription.disabled'])) as any;
    const { secret: _secret, ...shown } = registered.body;
    expect(webhookEvents[0].data.object).toEqual(shown);

    expect([...seen].sort()).toEqual(Object.keys(EVENT_TYPES).sort());
  });

  it('emits nothing when an update changes nothing, and such an update leaves updatedAt alone', async () => {
    const customer = (await rest('/api/v1/customers', { name: 'Still Ltd', email: 'still@example.com' })).body;
    await newEvents();
    const same = await rest(`/api/v1/customers/${customer.id}`, { name: 'Still Ltd', email: 'still@example.com' }, 'PATCH');
    const empty = await rest(`/api/v1/customers/${customer.id}`, {}, 'PATCH');
    const terms = (await gql(t.url, key, '{ viewer { organization { defaultPaymentTermsDays } } }')).body.data.viewer.organization
      .defaultPaymentTermsDays;
    const noOrgChange = await gql(t.url, key, `mutation { updateOrganization(input: { defaultPaymentTermsDays: ${terms} }) { id } }`);
    expect([same.status, empty.status, noOrgChange.status]).toEqual([200, 200, 200]);
    expect(same.body).toEqual(customer);
    expect(empty.body.updatedAt).toBe(customer.updatedAt);
    expect(await newEvents()).toEqual([]);
  });

  it('carries no signing secret: a webhook subscription is shown with its secret only when registered', async () => {
    // never fires here
    const registered = await rest('/api/v1/webhooks', { url: 'http://127.0.0.1:9/other', eventTypes: ['invoice.paid'] });
    expect(registered.body.secret).toMatch(/^whsec_/);
    const [event] = await newEvents();
    expect(event.data.object).not.toHaveProperty('secret');
    const { secret: _secret, ...shown } = registered.body;
    expect(event.data.object).toEqual(shown);
    expect((await http(t.url, `/api/v1/webhooks/subscriptions/${registered.body.id}`, { key })).body).not.toHaveProperty('secret');
  });
});
