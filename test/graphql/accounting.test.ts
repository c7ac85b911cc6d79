// The accounting operations through GraphQL: every mutation and report a client calls, end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let codes: Record<string, string>;

const ok = async (query: string, variables: Record<string, unknown> = {}) => {
  const r = await gql(t.url, key, query, variables);
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data;
};
const fails = async (query: string, variables: Record<string, unknown> = {}) => {
  const r = await gql(t.url, key, query, variables);
  expect(r.body.errors, 'expected an error').toBeDefined();
  return r.body.errors[0].extensions;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Books Co'));
  const data = await ok('{ accountsPage(limit: 100) { data { id code } } }');
  codes = Object.fromEntries(data.accountsPage.data.map((a: any) => [a.code, a.id]));
});
afterAll(() => t.close());

describe('accounting through GraphQL', () => {
  let invoiceId: string;

  it('posts an invoice, a payment and a manual entry, and navigates them both ways', async () => {
    const customer = (await ok('mutation { createCustomer(input: { name: "Nav Ltd", email: "ap@nav.example" }) { id } }')).createCustomer
      .id;
    const product = (await ok('mutation { createProduct(input: { name: "Box", unitPrice: "12.00", taxRate: "25" }) { id } }')).createProduct
      .id;
    const invoice = (
      await ok(
        `mutation($c: ID!, $p: ID!) { createInvoice(input: { customerId: $c, issueDate: "2026-01-15", lines: [{ productId: $p,
          quantity: "2" }] }) {
        id status total amountDue customer { id } lines { product { id } taxAmount }
        journalEntry { sourceType invoice { id } lines { account { code } debit credit } } } }`,
        { c: customer, p: product },
      )
    ).createInvoice;
    invoiceId = invoice.id;
    expect(invoice).toMatchObject({
      status: 'OPEN',
      total: '30.00',
      amountDue: '30.00',
      customer: { id: customer },
      lines: [{ product: { id: product }, taxAmount: '6.00' }],
    });
    expect(invoice.journalEntry).toEqual({
      sourceType: 'invoice',
      invoice: { id: invoice.id },
      lines: [
        { account: { code: '1200' }, debit: '30.00', credit: '0.00' },
        { account: { code: '4000' }, debit: '0.00', credit: '24.00' },
        { account: { code: '2200' }, debit: '0.00', credit: '6.00' },
      ],
    });
    const payment = (
      await ok(
        `mutation($i: ID!) { recordPayment(input: { invoiceId: $i, amount: "10", date: "2026-01-20" }) { amount invoice { status ` +
          `amountDue payments { amount } } } }`,
        { i: invoiceId },
      )
    ).recordPayment;
    expect(payment).toEqual({
      amount: '10.00',
      invoice: { status: 'PARTIALLY_PAID', amountDue: '20.00', payments: [{ amount: '10.00' }] },
    });
    const customerView = (
      await ok(
        'query($id: ID!) { node(id: $id) { ... on Customer { balance invoices(first: 5) { totalCount edges { node { id } } } } } }',
        { id: customer },
      )
    ).node;
    expect(customerView).toEqual({ balance: '20.00', invoices: { totalCount: 1, edges: [{ node: { id: invoiceId } }] } });
    const receivables = (
      await ok(
        'query($id: ID!) { node(id: $id) { ... on Account { balance lines(first: 10) { totalCount edges { node { debit credit entry ' +
          '{ sourceType } } } } } } }',
        { id: codes['1200'] },
      )
    ).node;
    expect(receivables.balance).toBe('20.00');
    expect(receivables.lines.totalCount).toBe(2);
  });

  it('finalizes drafts, voids, and reverses, each once, and replays with an idempotency key', async () => {
    const customer = (await ok('mutation { createCustomer(input: { name: "Draft Ltd" }) { id } }')).createCustomer.id;
    const draft = (
      await ok(
        'mutation($c: ID!) { createInvoice(input: { customerId: $c, issueDate: "2026-01-16", draft: true, lines: [{ description: ' +
          '"x", unitPrice: "5" }] }) { id status journalEntry { id } } }',
        { c: customer },
      )
    ).createInvoice;
    expect(draft).toMatchObject({ status: 'DRAFT', journalEntry: null });
    const finalize = 'mutation($id: ID!, $k: String) { finalizeInvoice(id: $id, idempotencyKey: $k) { status journalEntry { id } } }';
    const open = (await ok(finalize, { id: draft.id, k: 'fin-1' })).finalizeInvoice;
    expect(open.status).toBe('OPEN');
    expect((await ok(finalize, { id: draft.id, k: 'fin-1' })).finalizeInvoice).toEqual(open);
    expect((await fails(finalize, { id: draft.id })).code).toBe('INVALID_STATE');
    const voided = (
      await ok(
        'mutation($id: ID!) { voidInvoice(id: $id, input: { date: "2026-01-17", reason: "dup" }) { status voidJournalEntry { ' +
          'description lines { debit credit } } } }',
        { id: draft.id },
      )
    ).voidInvoice;
    expect(voided.status).toBe('VOID');
    expect(voided.voidJournalEntry.description).toMatch(/dup/);

    const entry = (
      await ok(
        `mutation($d: ID!, $c: ID!) { createJournalEntry(input: { date: "2026-01-18", description: "Fees", lines: [{ accountId: $d, ` +
          `debit: "3.50" }, { accountId: $c, credit: "3.50" }] }) { id number isReversed } }`,
        { d: codes['6900'], c: codes['1010'] },
      )
    ).createJournalEntry;
    expect(entry.isReversed).toBe(false);
    const reversal = (
      await ok(
        'mutation($id: ID!) { reverseJournalEntry(id: $id, input: { date: "2026-01-19" }) { reversalOf { id isReversed reversedBy { ' +
          'id } } lines { account { code } debit credit } } }',
        { id: entry.id },
      )
    ).reverseJournalEntry;
    expect(reversal.reversalOf).toMatchObject({ id: entry.id, isReversed: true });
    expect(reversal.lines).toEqual([
      { account: { code: '6900' }, debit: '0.00', credit: '3.50' },
      { account: { code: '1010' }, debit: '3.50', credit: '0.00' },
    ]);
    const unbalanced = await fails(
      `mutation($d: ID!, $c: ID!) { createJournalEntry(input: { date: "2026-01-18", lines: [{ accountId: $d, debit: "3.50" }, { ` +
        `accountId: $c, credit: "3.49" }] }) { id } }`,
      { d: codes['6900'], c: codes['1010'] },
    );
    expect(unbalanced).toMatchObject({ code: 'UNBALANCED_ENTRY', totalDebit: 3.5, totalCredit: 3.49 });
  });

  it('reports: trial balance, balance sheet, profit and loss, general ledger, aged receivables', async () => {
    const data = await ok(
      `query($ar: ID!) {
      trialBalance(asOf: "2026-12-31") { totalDebit totalCredit rows { account { code } debit credit } }
      balanceSheet(asOf: "2026-12-31") { assets { total } totalLiabilitiesAndEquity currentEarnings }
      profitAndLoss(from: "2026-01-01", to: "2026-01-31") { income { total } expenses { total } netIncome }
      generalLedger(accountId: $ar, from: "2026-01-01", limit: 1, page: 4) { openingBalance closingBalance lines { total pages
        data { balance line { debit credit } } } }
      agedReceivables(asOf: "2026-03-01") { totals { total days1to30 days31to60 } rows { customer { name email active } total }
        invoices { invoice { customer { name } } bucket daysOverdue outstanding } }
    }`,
      { ar: codes['1200'] },
    );
    expect(data.trialBalance.totalDebit).toBe(data.trialBalance.totalCredit);
    expect(data.balanceSheet.assets.total).toBe(data.balanceSheet.totalLiabilitiesAndEquity);
    expect(data.profitAndLoss).toEqual({ income: { total: '24.00' }, expenses: { total: '0.00' }, netIncome: '24.00' });
    expect(data.generalLedger).toMatchObject({
      openingBalance: '0.00',
      closingBalance: '20.00',
      lines: { total: 4, pages: 4, data: [{ balance: '20.00', line: { debit: '0.00', credit: '10.00' } }] },
    });
    expect(data.agedReceivables.totals).toEqual({ total: '20.00', days1to30: '20.00', days31to60: '0.00' });
    // The report hands its own customer rows to the Customer type: every column a field reads is there.
    expect(data.agedReceivables.rows).toEqual([{ customer: { name: 'Nav Ltd', email: 'ap@nav.example', active: true }, total: '20.00' }]);
    // Its detail: the invoices that make it up, each in the bucket its due date puts it in.
    expect(
      data.agedReceivables.invoices.map((i: { bucket: string; outstanding: string; daysOverdue: number }) => [
        i.bucket,
        i.outstanding,
        i.daysOverdue > 0 && i.daysOverdue <= 30,
      ]),
    ).toEqual(data.agedReceivables.invoices.map(() => ['DAYS_1_TO_30', expect.any(String), true]));
    expect(data.agedReceivables.invoices.reduce((sum: number, i: { outstanding: string }) => sum + Number(i.outstanding), 0)).toBe(20);
  });

  it('locks the books through updateOrganization', async () => {
    const org = (await ok('mutation { updateOrganization(input: { lockDate: "2026-01-31" }) { lockDate } }')).updateOrganization;
    expect(org.lockDate).toBe('2026-01-31');
    const locked = await fails(
      `mutation($d: ID!, $c: ID!) { createJournalEntry(input: { date: "2026-01-31", lines: [{ accountId: $d, debit: "1" }, { ` +
        `accountId: $c, credit: "1" }] }) { id } }`,
      { d: codes['6900'], c: codes['1010'] },
    );
    expect(locked.code).toBe('PERIOD_LOCKED');
    expect(
      (
        await fails('mutation($i: ID!) { recordPayment(input: { invoiceId: $i, amount: "1", date: "2026-01-25" }) { id } }', {
          i: invoiceId,
        })
      ).code,
    ).toBe('PERIOD_LOCKED');
    expect((await ok('{ viewer { organization { lockDate } } }')).viewer.organization.lockDate).toBe('2026-01-31');
    await ok('mutation { updateOrganization(input: { lockDate: null }) { lockDate } }');
  });

  it('keeps the event log and webhook subscriptions, with node lookups for every type', async () => {
    const hook = (
      await ok('mutation { registerWebhook(input: { url: "http://127.0.0.1:9/hook", eventTypes: ["*"] }) { id eventTypes secret } }')
    ).registerWebhook;
    expect(hook.secret).toMatch(/^whsec_/);
    const data =
      await ok(`{ events(first: 100, filter: { type: "invoice.created" }) { totalCount edges { node { id type resourceId data } } }
      webhookSubscriptionsPage { total data { id } } eventsPage(limit: 1, orderBy: { field: SEQUENCE, direction: DESC }) { data {
        type sequence } } }`);
    expect(data.events.totalCount).toBe(2);
    expect(data.events.edges[0].node.data.object).toMatchObject({ number: expect.stringMatching(/^INV-/) });
    expect(data.webhookSubscriptionsPage).toEqual({ total: 1, data: [{ id: hook.id }] });
    expect(data.eventsPage.data[0].type).toBe('webhook_subscription.created');
    const ids = [hook.id, data.events.edges[0].node.id, invoiceId, codes['1200']];
    const nodes = (
      await ok('query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', { ids: [...ids, 'jl_00000000000000000000000000', 'garbage'] })
    ).nodes;
    expect(nodes.map((n: any) => n?.__typename ?? null)).toEqual(['WebhookSubscription', 'Event', 'Invoice', 'Account', null, null]);
  });

  it('resolves at most 100 ids in one nodes() call, with a 400-class error beyond', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => (i === 0 ? invoiceId : `inv_${String(i).padStart(26, '0')}`));
    const nodes = (await ok('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: hundred })).nodes;
    expect(nodes).toHaveLength(100);
    expect(nodes[0]).toEqual({ id: invoiceId });
    for (const count of [101, 499, 28_000]) {
      const refused = await fails('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
        ids: Array.from({ length: count }, (_, i) => `inv_${String(i).padStart(26, '0')}`),
      });
      expect(refused.code).toBe('VALIDATION_FAILED');
      expect(refused.errors).toEqual([{ path: 'ids', message: 'must hold at most 100 ids' }]);
    }
  });

  it('updates accounts but never deactivates a system account', async () => {
    const renamed = (
      await ok(
        'mutation($id: ID!) { updateAccount(id: $id, input: { name: "Main bank", description: "Operating account" }) { name ' +
          'description } }',
        { id: codes['1010'] },
      )
    ).updateAccount;
    expect(renamed).toEqual({ name: 'Main bank', description: 'Operating account' });
    const refused = await fails('mutation($id: ID!) { updateAccount(id: $id, input: { active: false }) { id } }', { id: codes['1200'] });
    expect(refused.errors).toEqual([
      { path: 'active', message: 'a system account is used by automatic postings and cannot be deactivated' },
    ]);
  });
});
