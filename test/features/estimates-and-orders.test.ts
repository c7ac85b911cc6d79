// Estimates and purchase orders as a business uses them: an estimate offered, sent by email, accepted
// and turned into a draft invoice with the same lines (linked both ways); a declined or expired one
// refused; a purchase order issued, received and billed in parts, never billed beyond what was ordered.
// Neither posts anything: the books stay as they were until the invoice or bill is posted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import {
  createTestApp,
  expectProblem,
  gql,
  havePdfText,
  http,
  pdfText,
  startMailServer,
  type TestApp,
  type TestMailServer,
} from '../helpers.ts';

let mail: TestMailServer;
let t: TestApp;
let key: string;
let organizationId: string;
const post = (path: string, body: unknown = {}, k = key) => http(t.url, path, { key: k, body });
const get = (path: string) => http(t.url, path, { key });
const entryCount = async () => (await get('/api/v1/journal-entries?limit=1')).body.total as number;

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ mail: mail.settings() });
  ({ key, organizationId } = await t.tenant('Quotes & Orders Co'));
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('an estimate', () => {
  let customer: { id: string };
  let estimate: { id: string; number: string; total: number };

  it('is offered as a draft with its own series, posting nothing', async () => {
    customer = (await post('/api/v1/customers', { name: 'Quote Taker', email: 'buyer@quote.test' })).body;
    const before = await entryCount();
    const created = await post('/api/v1/estimates', {
      customerId: customer.id,
      issueDate: '2026-11-02',
      expiryDate: '2026-12-31',
      reference: 'RFQ-7',
      lines: [
        { description: 'Kitchen cabinets', quantity: 4, unitPrice: 250, taxRate: 10 },
        { description: 'Fitting', quantity: 6.5, unitPrice: 40 },
      ],
    });
    expect(created.status).toBe(201);
    estimate = created.body;
    expect(estimate).toMatchObject({ number: 'EST-0001', status: 'draft', subtotal: 1260, taxTotal: 100, total: 1360, isExpired: false });
    expect(await entryCount()).toBe(before);
    const second = (await post('/api/v1/estimates', { customerId: customer.id, lines: [{ description: 'x', unitPrice: 1 }] })).body;
    expect(second.number).toBe('EST-0002');
    expect((await http(t.url, `/api/v1/estimates/${second.id}`, { key, method: 'DELETE' })).status).toBe(200);
  });

  it.skipIf(!havePdfText)('reads back from its PDF: number, validity, lines and totals', async () => {
    const pdf = await fetch(`${t.url}/api/v1/estimates/${estimate.id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const shown of ['EST-0001', 'Valid until', 'Dec 31, 2026', 'Kitchen cabinets', 'Fitting', '$1,360.00'])
      expect(text).toContain(shown);
  });

  it('is the same estimate through GraphQL, with its lines', async () => {
    const r = await gql(
      t.url,
      key,
      `{ node(id: "${estimate.id}") { ... on Estimate {
        number status isExpired total pdfUrl customer { id } lines { description quantity } } } }`,
    );
    expect(r.body.data.node).toEqual({
      number: 'EST-0001',
      status: 'DRAFT',
      isExpired: false,
      total: '1360.00',
      pdfUrl: `/api/v1/estimates/${estimate.id}/pdf`,
      customer: { id: customer.id },
      lines: [
        { description: 'Kitchen cabinets', quantity: '4' },
        { description: 'Fitting', quantity: '6.5' },
      ],
    });
  });

  it('is sent by email with its PDF; a sent estimate is still edited', async () => {
    const queued = await post(`/api/v1/estimates/${estimate.id}/send`);
    expect(queued.status).toBe(202);
    await t.app.workers.mailer!.drain();
    expect(mail.received.at(-1)!.subject).toBe('Estimate EST-0001 from Quotes & Orders Co');
    expect(mail.received.at(-1)!.attachments[0]!.filename).toBe('EST-0001.pdf');
    expect(mail.received.at(-1)!.text).toContain('Total: $1,360.00, valid until Dec 31, 2026.');
    const sent = (await get(`/api/v1/estimates/${estimate.id}`)).body;
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).not.toBeNull();
    // To whom, over REST and GraphQL, as an invoice says it.
    const to = mail.received.at(-1)!.to;
    const address = (Array.isArray(to) ? to[0] : to)!.value[0]!.address;
    expect(sent.sentTo).toEqual([address]);
    const viaGraphql = await gql(t.url, key, `{ node(id: "${estimate.id}") { ... on Estimate { sentTo } } }`);
    expect(viaGraphql.body.data.node.sentTo).toEqual([address]);
    const edited = await http(t.url, `/api/v1/estimates/${estimate.id}`, { key, method: 'PATCH', body: { memo: 'Prices hold 60 days' } });
    expect(edited.body).toMatchObject({ memo: 'Prices hold 60 days', status: 'sent', total: 1360 });
  });

  it('accepted, converts into a draft invoice with the same lines, linked both ways, once', async () => {
    const refused = await post(`/api/v1/estimates/${estimate.id}/convert`);
    expectProblem(refused, 400, 'INVALID_STATE');
    expect(refused.body.detail).toMatch(/only an accepted estimate converts/);
    expect((await post(`/api/v1/estimates/${estimate.id}/accept`)).body).toMatchObject({ status: 'accepted' });
    const converted = await post(`/api/v1/estimates/${estimate.id}/convert`, { issueDate: '2026-11-20' });
    expect(converted.status).toBe(201);
    const invoice = converted.body;
    expect(converted.headers.get('location')).toBe(`/api/v1/invoices/${invoice.id}`);
    expect(invoice).toMatchObject({ status: 'draft', customerId: customer.id, estimateId: estimate.id, total: 1360, reference: 'RFQ-7' });
    expect(invoice.lines.map((l: { description: string; quantity: number }) => [l.description, l.quantity])).toEqual([
      ['Kitchen cabinets', 4],
      ['Fitting', 6.5],
    ]);
    const after = (await get(`/api/v1/estimates/${estimate.id}`)).body;
    expect(after).toMatchObject({ status: 'invoiced', invoiceId: invoice.id });
    expectProblem(await post(`/api/v1/estimates/${estimate.id}/convert`), 400, 'INVALID_STATE');
    const events = (await get('/api/v1/events?limit=100')).body.data.map((e: { type: string }) => e.type);
    expect(events).toEqual(expect.arrayContaining(['estimate.created', 'estimate.sent', 'estimate.accepted', 'estimate.invoiced']));
  });

  it('declined or expired, is refused with a code; a key that may not write invoices may not convert', async () => {
    const lines = [{ description: 'Survey', unitPrice: 90 }];
    const declined = (await post('/api/v1/estimates', { customerId: customer.id, lines })).body;
    await post(`/api/v1/estimates/${declined.id}/decline`);
    const converting = await post(`/api/v1/estimates/${declined.id}/convert`);
    expectProblem(converting, 400, 'INVALID_STATE');
    expect(converting.body.errors).toEqual([{ path: 'id', message: 'is declined, not accepted' }]);
    expectProblem(await post(`/api/v1/estimates/${declined.id}/accept`), 400, 'INVALID_STATE');
    const expired = (await post('/api/v1/estimates', { customerId: customer.id, issueDate: '2026-01-01', expiryDate: '2026-01-31', lines }))
      .body;
    expect(expired.isExpired).toBe(true);
    const accepting = await post(`/api/v1/estimates/${expired.id}/accept`);
    expectProblem(accepting, 400, 'INVALID_STATE');
    expect(accepting.body.errors[0].path).toBe('expiryDate');
    const bad = await post('/api/v1/estimates', { customerId: customer.id, issueDate: '2026-03-01', expiryDate: '2026-02-01', lines: [] });
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['expiryDate', 'lines']);

    const accepted = (await post('/api/v1/estimates', { customerId: customer.id, lines })).body;
    await post(`/api/v1/estimates/${accepted.id}/accept`);
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'sales', { scopes: ['estimates:write'] });
    expectProblem(await post(`/api/v1/estimates/${accepted.id}/convert`, {}, plaintext), 403, 'INSUFFICIENT_SCOPE');
    expect((await get(`/api/v1/estimates/${accepted.id}`)).body.status).toBe('accepted');
  });
});

describe('a purchase order', () => {
  let vendor: { id: string };
  let order: { id: string; number: string };

  it('is issued, received in part, and billed in part and then in full, never beyond what was ordered', async () => {
    vendor = (await post('/api/v1/vendors', { name: 'Timber Supplies' })).body;
    const expense = (await get('/api/v1/accounts?type=expense&limit=1')).body.data[0];
    const before = await entryCount();
    order = (
      await post('/api/v1/purchase-orders', {
        vendorId: vendor.id,
        deliveryDate: '2026-12-10',
        lines: [
          { description: 'Oak boards', quantity: 100, unitPrice: 12.5, accountId: expense.id },
          { description: 'Screws (box)', quantity: 10, unitPrice: 8, accountId: expense.id },
        ],
      })
    ).body;
    expect(order).toMatchObject({ number: 'PO-0001', status: 'draft', total: 1330 });
    expectProblem(await post(`/api/v1/purchase-orders/${order.id}/receive`, { lines: [{ lineNo: 1, quantity: 1 }] }), 400, 'INVALID_STATE');
    expect((await post(`/api/v1/purchase-orders/${order.id}/issue`)).body.status).toBe('open');

    const received = (await post(`/api/v1/purchase-orders/${order.id}/receive`, { lines: [{ lineNo: 1, quantity: 60 }] })).body;
    expect(received.lines.map((l: { quantityReceived: number }) => l.quantityReceived)).toEqual([60, 0]);
    expect(received.isFullyReceived).toBe(false);
    const tooMany = await post(`/api/v1/purchase-orders/${order.id}/receive`, {
      lines: [
        { lineNo: 1, quantity: 41 },
        { lineNo: 9, quantity: 1 },
      ],
    });
    expect(tooMany.body.errors.map((e: { path: string }) => e.path)).toEqual(['lines.0.quantity', 'lines.1.lineNo']);
    expect(tooMany.body.errors[0].message).toBe('is more than the 40 of line 1 left to receive');

    const firstBill = await post(`/api/v1/purchase-orders/${order.id}/bill`, { lines: [{ lineNo: 1, quantity: 60 }], reference: 'TS-881' });
    expect(firstBill.status).toBe(201);
    expect(firstBill.body).toMatchObject({
      status: 'draft',
      vendorId: vendor.id,
      purchaseOrderId: order.id,
      total: 750,
      reference: 'TS-881',
    });
    expect((await get(`/api/v1/purchase-orders/${order.id}`)).body).toMatchObject({ status: 'open' });
    const rest = (await post(`/api/v1/purchase-orders/${order.id}/bill`)).body;
    expect(rest.lines.map((l: { description: string; quantity: number }) => [l.description, l.quantity])).toEqual([
      ['Oak boards', 40],
      ['Screws (box)', 10],
    ]);
    expect(rest.total).toBe(580);
    const billed = (await get(`/api/v1/purchase-orders/${order.id}`)).body;
    expect(billed.status).toBe('billed');
    expect(billed.lines.map((l: { quantityBilled: number }) => l.quantityBilled)).toEqual([100, 10]);
    expectProblem(await post(`/api/v1/purchase-orders/${order.id}/bill`), 400, 'INVALID_STATE');
    // Nothing posted until a bill is finalized.
    expect(await entryCount()).toBe(before);
    await post(`/api/v1/bills/${rest.id}/finalize`);
    expect(await entryCount()).toBe(before + 1);
    const bills = (await get(`/api/v1/bills?vendorId=${vendor.id}`)).body.data;
    expect(bills.map((b: { purchaseOrderId: string }) => b.purchaseOrderId)).toEqual([order.id, order.id]);
  });

  it('has a PDF for the vendor, and closes', async () => {
    const second = (
      await post('/api/v1/purchase-orders', { vendorId: vendor.id, lines: [{ description: 'Glue', unitPrice: 5, accountId: null }] })
    ).body;
    expect(second.errors?.[0]?.path).toBe('lines.0.accountId');
    const expense = (await get('/api/v1/accounts?type=expense&limit=1')).body.data[0];
    const glue = (
      await post('/api/v1/purchase-orders', { vendorId: vendor.id, lines: [{ description: 'Glue', unitPrice: 5, accountId: expense.id }] })
    ).body;
    await post(`/api/v1/purchase-orders/${glue.id}/issue`);
    const pdf = await fetch(`${t.url}/api/v1/purchase-orders/${glue.id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await post(`/api/v1/purchase-orders/${glue.id}/close`)).body.status).toBe('closed');
    expectProblem(await post(`/api/v1/purchase-orders/${glue.id}/bill`), 400, 'INVALID_STATE');
  });
});
