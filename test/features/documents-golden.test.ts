// What a client sees of every document, held byte for byte: one scripted life of invoices, bills, credit
// notes, sales and refund receipts (created, drafted, finalized, paid, applied, refunded, voided, refused)
// through REST and GraphQL, with the event log it leaves. Ids become `<prefix>_<n>` in order of first
// sight and clock times `<time>`, so the fixture holds shapes, figures, messages and order, not chance.
// A change to a document's code that alters any answer or event body changes the fixture.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
const transcript: { step: string; status?: number; body: unknown }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Golden Books Ltd'));
});
afterAll(() => t.close());

async function rest(step: string, path: string, body?: unknown, method?: string) {
  const response = await http(t.url, path, { key, body, method });
  transcript.push({ step, status: response.status, body: response.body });
  return response.body;
}

async function graphql(step: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await gql(t.url, key, query, variables);
  transcript.push({ step, status: response.status, body: response.body });
  return response.body;
}

/** Ids numbered by prefix in order of first sight; ISO times, request ids and key prefixes blanked. */
function normalized(value: unknown): unknown {
  const seen = new Map<string, string>();
  const counts = new Map<string, number>();
  const idPattern = /\b([a-z]{2,5})_[0-9a-z]{26}\b/g;
  const text = JSON.stringify(value, null, 1)
    .replace(idPattern, (id, prefix: string) => {
      if (!seen.has(id)) {
        const n = (counts.get(prefix) ?? 0) + 1;
        counts.set(prefix, n);
        seen.set(id, `${prefix}_${n}`);
      }
      return seen.get(id)!;
    })
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    .replace(/"requestId": "[^"]+"/g, '"requestId": "<request>"')
    .replace(/"\/i\/[0-9a-f]{32}"/g, '"/i/<secret>"')
    .replace(/"prefix": "[^"]+"/g, '"prefix": "<key prefix>"');
  return JSON.parse(text);
}

const DOCUMENT_FIELDS = `id number status issueDate dueDate currency memo reference subtotal discountTotal taxTotal total
  amountPaid amountDue isOverdue voidedAt voidDate createdAt updatedAt
  journalEntry { id number date lines { debit credit account { code } } } voidJournalEntry { id date }
  lines { id lineNo description quantity unitPrice discountPercent taxRate amount taxAmount account { code } appliedTaxRate { id } }`;

it('every document answers and records its life as the fixture holds it', async () => {
  const accounts = (await rest('accounts', '/api/v1/accounts?limit=100')) as { data: { id: string; code: string }[] };
  const account = (code: string) => accounts.data.find((a) => a.code === code)!.id;
  const customer = (await rest('customer', '/api/v1/customers', { name: 'Golden Customer', paymentTermsDays: 14 })) as { id: string };
  const other = (await rest('other customer', '/api/v1/customers', { name: 'Other Customer' })) as { id: string };
  const vendor = (await rest('vendor', '/api/v1/vendors', { name: 'Golden Supplies' })) as { id: string };
  const product = (await rest('product', '/api/v1/products', { name: 'Widget', unitPrice: 12.5, taxRate: 20 })) as { id: string };
  const cityTax = (await rest('tax account', '/api/v1/accounts', { code: '2210', name: 'City tax', type: 'liability' })) as { id: string };
  const rate = (await rest('tax rate', '/api/v1/tax-rates', { name: 'City 8.875%', rate: 8.875, salesAccountId: cityTax.id })) as {
    id: string;
  };

  // Invoices: refused, posted, drafted and finalized, paid in parts, voided, credited.
  await rest('invoice refused', '/api/v1/invoices', {
    customerId: 'cus_nope',
    issueDate: '2026-13-01',
    lines: [{ quantity: -1 }, { description: 'x', unitPrice: 'abc', taxRate: 5, taxRateId: rate.id }],
  });
  await rest('invoice refused: empty', '/api/v1/invoices', { customerId: customer.id, lines: [] });
  const invoice = (await rest('invoice', '/api/v1/invoices', {
    customerId: customer.id,
    issueDate: '2026-02-01',
    memo: 'First order',
    reference: 'PO-17',
    lines: [
      { productId: product.id, quantity: 3 },
      { description: 'Service', quantity: '1.5', unitPrice: 80, discountPercent: 10, taxRateId: rate.id },
      { description: 'Zero rated', unitPrice: 5, taxRate: 0, accountId: account('4000') },
      { description: 'No tax', unitPrice: 1.01 },
    ],
  })) as { id: string };
  const draft = (await rest('invoice draft', '/api/v1/invoices', {
    customerId: customer.id,
    issueDate: '2026-02-03',
    dueDate: '2026-02-28',
    draft: true,
    lines: [{ description: 'Drafted', unitPrice: 40, taxRateId: rate.id }],
  })) as { id: string };
  await rest('invoice draft payment refused', `/api/v1/invoices/${draft.id}/payments`, { amount: 1, date: '2026-02-04' });
  await rest('invoice finalized', `/api/v1/invoices/${draft.id}/finalize`, {});
  await rest('invoice finalized twice', `/api/v1/invoices/${draft.id}/finalize`, {});
  await rest('overpayment refused', `/api/v1/invoices/${invoice.id}/payments`, { amount: 100000, date: '2026-02-10' });
  await rest('payment before invoice refused', `/api/v1/invoices/${invoice.id}/payments`, { amount: 1, date: '2026-01-10' });
  await rest('payment', `/api/v1/invoices/${invoice.id}/payments`, { amount: 50, date: '2026-02-10', method: 'card', reference: 'TX-1' });
  const due = ((await rest('invoice after payment', `/api/v1/invoices/${invoice.id}`)) as { amountDue: number }).amountDue;
  await rest('payment in full', `/api/v1/invoices/${invoice.id}/payments`, {
    amount: due,
    date: '2026-02-20',
    depositAccountId: account('1000'),
  });
  await rest('paid invoice void refused', `/api/v1/invoices/${invoice.id}/void`, {});
  const toVoid = (await rest('invoice to void', '/api/v1/invoices', {
    customerId: other.id,
    issueDate: '2026-03-01',
    lines: [{ description: 'Mistake', unitPrice: 10 }],
  })) as { id: string };
  await rest('void before date refused', `/api/v1/invoices/${toVoid.id}/void`, { date: '2026-02-01' });
  await rest('invoice void', `/api/v1/invoices/${toVoid.id}/void`, { date: '2026-03-02', reason: 'Entered twice' });
  await rest('invoice void again', `/api/v1/invoices/${toVoid.id}/void`, {});
  const draftToVoid = (await rest('draft to void', '/api/v1/invoices', {
    customerId: other.id,
    issueDate: '2026-03-01',
    draft: true,
    lines: [{ description: 'Never sent', unitPrice: 3 }],
  })) as { id: string };
  await rest('draft void', `/api/v1/invoices/${draftToVoid.id}/void`, { date: '2026-03-05' });

  // Credit notes: issued, applied to two invoices, refunded, voided.
  const credited = (await rest('invoice to credit', '/api/v1/invoices', {
    customerId: customer.id,
    issueDate: '2026-03-01',
    lines: [{ description: 'Goods', unitPrice: 30 }],
  })) as { id: string };
  const note = (await rest('credit note', '/api/v1/credit-notes', {
    customerId: customer.id,
    issueDate: '2026-03-10',
    reference: 'RMA-1',
    lines: [{ description: 'Returned goods', unitPrice: 50, taxRateId: rate.id }],
  })) as { id: string };
  await rest('credit over due refused', `/api/v1/credit-notes/${note.id}/apply`, {
    date: '2026-03-11',
    allocations: [{ invoiceId: credited.id, amount: 31 }],
  });
  await rest('credit applied', `/api/v1/credit-notes/${note.id}/apply`, {
    date: '2026-03-11',
    allocations: [
      { invoiceId: credited.id, amount: 30 },
      { invoiceId: draft.id, amount: 5 },
    ],
  });
  await rest('credit refunded', `/api/v1/credit-notes/${note.id}/refund`, { amount: 10, date: '2026-03-12', method: 'transfer' });
  await rest('used credit note void refused', `/api/v1/credit-notes/${note.id}/void`, {});
  const unused = (await rest('credit note unused', '/api/v1/credit-notes', {
    customerId: other.id,
    issueDate: '2026-03-10',
    lines: [{ productId: product.id }],
  })) as { id: string };
  await rest('credit note void', `/api/v1/credit-notes/${unused.id}/void`, { date: '2026-03-15', reason: 'Wrong customer' });

  // Bills: refused, entered, drafted and finalized, paid, voided, a vendor's number entered twice.
  await rest('bill refused', '/api/v1/bills', {
    vendorId: 'ven_nope',
    lines: [{ description: 'x' }, { unitPrice: 5, accountId: account('1200') }],
  });
  const bill = (await rest('bill', '/api/v1/bills', {
    vendorId: vendor.id,
    issueDate: '2026-02-02',
    reference: 'V-100',
    paymentTermsDays: 30,
    lines: [
      { description: 'Paper', quantity: 10, unitPrice: 2.35, accountId: account('6000'), taxRateId: rate.id },
      { description: 'Printer', unitPrice: 300, discountPercent: 5, accountId: account('1500') },
    ],
  })) as { id: string };
  await rest('bill reference twice refused', '/api/v1/bills', {
    vendorId: vendor.id,
    reference: 'V-100',
    lines: [{ description: 'Again', unitPrice: 1, accountId: account('6000') }],
  });
  const billDraft = (await rest('bill draft', '/api/v1/bills', {
    vendorId: vendor.id,
    issueDate: '2026-02-05',
    draft: true,
    lines: [{ description: 'Rent', unitPrice: 1000, accountId: account('6000'), taxRateId: rate.id }],
  })) as { id: string };
  await rest('bill finalized', `/api/v1/bills/${billDraft.id}/finalize`, {});
  await rest('bill payment', `/api/v1/bills/${bill.id}/payments`, { amount: 100, date: '2026-02-15', method: 'transfer' });
  await rest('bill overpayment refused', `/api/v1/bills/${bill.id}/payments`, { amount: 100000, date: '2026-02-15' });
  await rest('bill paid bill void refused', `/api/v1/bills/${bill.id}/void`, {});
  await rest('bill void', `/api/v1/bills/${billDraft.id}/void`, { date: '2026-02-06' });

  // Sales and refund receipts.
  const sale = (await rest('sales receipt', '/api/v1/sales-receipts', {
    customerId: customer.id,
    date: '2026-02-07',
    paymentMethod: 'cash',
    lines: [
      { productId: product.id, quantity: 2 },
      { description: 'Gift wrap', unitPrice: 2, taxRateId: rate.id },
    ],
  })) as { id: string };
  await rest('refund too large refused', '/api/v1/sales-receipts', {
    kind: 'refund',
    refundOfId: sale.id,
    date: '2026-02-08',
    lines: [{ description: 'Too much', unitPrice: 500 }],
  });
  const refund = (await rest('refund receipt', '/api/v1/sales-receipts', {
    kind: 'refund',
    refundOfId: sale.id,
    date: '2026-02-08',
    lines: [{ productId: product.id }],
  })) as { id: string };
  await rest('sale with refunds void refused', `/api/v1/sales-receipts/${sale.id}/void`, {});
  await rest('refund void', `/api/v1/sales-receipts/${refund.id}/void`, { date: '2026-02-09' });
  const anonymous = (await rest('anonymous sale', '/api/v1/sales-receipts', {
    date: '2026-02-09',
    lines: [{ description: 'Coffee', unitPrice: 3.2 }],
  })) as { id: string };
  await rest('anonymous sale void', `/api/v1/sales-receipts/${anonymous.id}/void`, { reason: 'Till error', date: '2026-02-10' });

  // Reads: lists with filters, single documents, payments, and GraphQL's view of the same.
  await rest('invoice list', '/api/v1/invoices?limit=50');
  await rest('invoice list filtered', `/api/v1/invoices?status=paid&customerId=${customer.id}`);
  await rest('invoice list overdue', '/api/v1/invoices?overdue=true');
  await rest('invoice list search', '/api/v1/invoices?search=PO-17');
  await rest('payments list', '/api/v1/payments');
  await rest('bill list', '/api/v1/bills?limit=50');
  await rest('bill list filtered', `/api/v1/bills?vendorId=${vendor.id}&status=partially_paid`);
  await rest('bill payment list', `/api/v1/bills/${bill.id}`);
  await rest('credit note list', '/api/v1/credit-notes');
  await rest('receipt list', '/api/v1/sales-receipts?limit=50');
  await rest('customers', '/api/v1/customers');
  await rest('vendors', '/api/v1/vendors');
  await graphql(
    'graphql invoices',
    `{ invoices(first: 20, orderBy: { field: NUMBER, direction: ASC }) { totalCount edges { node { ${DOCUMENT_FIELDS}
      customer { name balance } amountCredited payments { amount date method reference depositAccount { code } } } } } }`,
  );
  await graphql(
    'graphql bills',
    `{ bills(first: 20, orderBy: { field: NUMBER, direction: ASC }) { totalCount edges { node { ${DOCUMENT_FIELDS}
      vendor { name balance } payments { amount date paymentAccount { code } } } } } }`,
  );
  await graphql(
    'graphql credit notes and receipts',
    `{ creditNotes(first: 10) { edges { node { number status currency subtotal discountTotal taxTotal total amountApplied
        amountRefunded remainingCredit voidedAt voidDate lines { quantity unitPrice amount taxAmount } } } }
      salesReceipts(first: 10) { edges { node { number kind status currency subtotal discountTotal taxTotal total voidDate
        lines { description amount } } } } }`,
  );
  await graphql(
    'graphql invoice filters',
    `{ a: invoices(filter: { status: PAID }) { totalCount } b: invoices(filter: { overdue: false, search: "Golden" }) { totalCount }
       c: bills(filter: { dueBefore: "2026-03-15" }) { totalCount } }`,
  );
  await graphql(
    'graphql mutations',
    `mutation($input: CreateInvoiceInput!) { createInvoice(input: $input) { number total status lines { amount } } }`,
    { input: { customerId: customer.id, issueDate: '2026-04-01', draft: true, lines: [{ description: 'GraphQL', unitPrice: '9.99' }] } },
  );
  await graphql('graphql mutation refused', `mutation { voidBill(id: "${bill.id}") { id } b: finalizeBill(id: "${bill.id}") { id } }`);

  // Vendor credits: entered, applied to a bill, refunded by the vendor, voided.
  const creditedBill = (await rest('bill to credit', '/api/v1/bills', {
    vendorId: vendor.id,
    issueDate: '2026-03-01',
    lines: [{ description: 'Paper', unitPrice: 30, accountId: account('6000') }],
  })) as { id: string };
  const vendorCredit = (await rest('vendor credit', '/api/v1/vendor-credits', {
    vendorId: vendor.id,
    issueDate: '2026-03-05',
    reference: 'VCN-9',
    lines: [{ description: 'Damaged', unitPrice: 40, accountId: account('6000') }],
  })) as { id: string };
  await rest('vendor credit over due refused', `/api/v1/vendor-credits/${vendorCredit.id}/apply`, {
    allocations: [{ billId: creditedBill.id, amount: 31 }],
  });
  await rest('vendor credit applied', `/api/v1/vendor-credits/${vendorCredit.id}/apply`, {
    date: '2026-03-06',
    allocations: [{ billId: creditedBill.id, amount: 30 }],
  });
  await rest('vendor credit refunded', `/api/v1/vendor-credits/${vendorCredit.id}/refund`, { amount: 10, date: '2026-03-07' });
  const unusedVendorCredit = (await rest('vendor credit unused', '/api/v1/vendor-credits', {
    vendorId: vendor.id,
    issueDate: '2026-03-05',
    lines: [{ description: 'Rebate', unitPrice: 5, accountId: account('6000') }],
  })) as { id: string };
  await rest('vendor credit void', `/api/v1/vendor-credits/${unusedVendorCredit.id}/void`, { date: '2026-03-08' });
  await rest('vendor credit list', '/api/v1/vendor-credits');
  await graphql(
    'graphql vendor credits',
    `{ vendorCredits(first: 10) { edges { node { number status total amountApplied amountRefunded remainingCredit voidDate
        vendor { name balance } allocations { amount bill { number amountDue amountCredited } } refunds { amount date } } } } }`,
  );

  // The event log, every body.
  let after = '';
  for (;;) {
    const page = (await rest('events', `/api/v1/events?limit=100${after}`)) as { data: { id: string }[]; hasMore: boolean };
    if (!page.hasMore) break;
    after = `&startingAfter=${page.data.at(-1)!.id}`;
  }
  await expect(JSON.stringify(normalized(transcript), null, 1)).toMatchFileSnapshot('./__fixtures__/documents-golden.json');
});
