// An invoice's public page, as the customer opens it from the link they were sent: no key, that invoice
// and nothing else; the link replaced or taken away finds nothing; a void invoice says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
const post = (path: string, body: unknown = {}) => http(t.url, path, { key, body });
const open = (path: string) => fetch(`${t.url}${path}`);

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Hosted Co'));
});
afterAll(() => t.close());

describe("an invoice's public page", () => {
  let invoice: { id: string; number: string; hostedUrl?: string };

  it('every posted invoice has a link; a draft has none until it is finalized', async () => {
    const customer = (await post('/api/v1/customers', { name: 'Pat <script>alert(1)</script> Buyer' })).body;
    const draft = (
      await post('/api/v1/invoices', { customerId: customer.id, draft: true, lines: [{ description: 'Draft', unitPrice: 5 }] })
    ).body;
    expect(draft.hostedUrl).toBeUndefined();
    invoice = (await post(`/api/v1/invoices/${draft.id}/finalize`)).body;
    expect(invoice.hostedUrl).toMatch(/^\/i\/[0-9a-f]{32}$/);
    const posted = (
      await post('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-01',
        dueDate: '2026-11-15',
        lines: [{ description: 'Design work', quantity: 3, unitPrice: 120 }],
      })
    ).body;
    expect(posted.hostedUrl).toMatch(/^\/i\/[0-9a-f]{32}$/);
    expect(posted.hostedUrl).not.toBe(invoice.hostedUrl);
    invoice = posted;
    const viaGraphql = await gql(t.url, key, `{ node(id: "${invoice.id}") { ... on Invoice { hostedUrl } } }`);
    expect(viaGraphql.body.data.node.hostedUrl).toBe(invoice.hostedUrl);
  });

  it('opens without a key: the invoice, what is due, and its PDF; nothing is cached by others', async () => {
    const organization = await http(t.url, '/api/v1/organization', {
      key,
      method: 'PATCH',
      body: {
        address: 'Bahnhofstrasse 1\n8001 Zürich & <Co>',
        email: 'accounts@seller.test',
        paymentDetails: 'IBAN CH93 0076 2011 6238 5295 7\nBIC UBSWCHZH80A',
      },
    });
    expect(organization.status).toBe(200);
    const page = await open(invoice.hostedUrl!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(`Invoice ${invoice.number}`);
    expect(html).toContain('Design work');
    expect(html).toContain('$360.00');
    expect(html).toMatch(/Overdue: \$360\.00 was due on Nov 15, 2026/);
    // Text the organization typed is text, never markup.
    expect(html).toContain('Pat &lt;script&gt;alert(1)&lt;/script&gt; Buyer');
    // Typed names and lines are isolated for the browser's bidi: a Hebrew or Arabic one cannot reorder the sentence around it.
    expect(html).toContain('to <bdi>Pat &lt;script&gt;alert(1)&lt;/script&gt; Buyer</bdi></div>');
    expect(html).toContain('<td dir="auto">Design work');
    // The organization's address as it typed it, HTML-escaped (not URL-encoded), and its email to write to.
    expect(html).toContain('Bahnhofstrasse 1<br>8001 Zürich &amp; &lt;Co&gt;');
    expect(html).not.toContain('%20');
    expect(html).toContain('accounts@seller.test');
    // While it is owed: how to pay, quoting its number.
    expect(html).toContain('<h2 id="pay">How to pay</h2><p>IBAN CH93 0076 2011 6238 5295 7<br>BIC UBSWCHZH80A</p>');
    expect(html).toContain(`Reference: <strong>${invoice.number}</strong>`);
    expect(html).not.toContain('<script>');
    const pdf = await open(`${invoice.hostedUrl}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Paid, it says so.
    await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 360, date: '2026-11-20' });
    const paid = await (await open(invoice.hostedUrl!)).text();
    expect(paid).toContain('Paid on Nov 20, 2026');
    expect(paid).not.toContain('How to pay');
  });

  it('a rotated link replaces the old one, a revoked one finds nothing, and a void invoice says so', async () => {
    const rotated = await post(`/api/v1/invoices/${invoice.id}/public-link/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.hostedUrl).not.toBe(invoice.hostedUrl);
    expect((await open(invoice.hostedUrl!)).status).toBe(404);
    expect((await open(rotated.body.hostedUrl)).status).toBe(200);
    const revoked = await post(`/api/v1/invoices/${invoice.id}/public-link/revoke`);
    expect(revoked.body.hostedUrl).toBeUndefined();
    const gone = await open(rotated.body.hostedUrl);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('This invoice link does not work');
    expect((await open(`${rotated.body.hostedUrl}/pdf`)).status).toBe(404);
    expect((await open('/i/not-a-real-token')).status).toBe(404);

    const customer = (await post('/api/v1/customers', { name: 'Void Customer' })).body;
    const voided = (
      await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-11-02', lines: [{ description: 'Oops', unitPrice: 9 }] })
    ).body;
    await post(`/api/v1/invoices/${voided.id}/void`, { date: '2026-11-03' });
    const html = await (await open(voided.hostedUrl)).text();
    expect(html).toContain('Void: this invoice was cancelled on Nov 3, 2026 and is not owed');
    expect(html).not.toContain('Amount due');
  });

  it("a draft has no page, another organization's key cannot rotate the link, and events say what changed", async () => {
    const customer = (await post('/api/v1/customers', { name: 'Drafty' })).body;
    const draft = (await post('/api/v1/invoices', { customerId: customer.id, draft: true, lines: [{ description: 'x', unitPrice: 1 }] }))
      .body;
    expectProblem(await post(`/api/v1/invoices/${draft.id}/public-link/rotate`), 400, 'INVALID_STATE');
    const other = await t.tenant('Other Hosted');
    expectProblem(await http(t.url, `/api/v1/invoices/${invoice.id}/public-link/rotate`, { key: other.key, body: {} }), 404, 'NOT_FOUND');
    const events = await gql(t.url, key, '{ eventsPage(limit: 50, orderBy: { field: SEQUENCE, direction: DESC }) { data { type data } } }');
    const updated = events.body.data.eventsPage.data.find((e: { type: string }) => e.type === 'invoice.updated');
    expect(Object.keys(updated.data.previousAttributes)).toContain('hostedUrl');
  });
});

describe('the public pages without a key', () => {
  let limited: TestApp;
  let limitedKey: string;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: { publicPages: 25 } });
    ({ key: limitedKey } = await limited.tenant('Popular Co'));
  });
  afterAll(() => limited.close());

  it('have a quota per address and per link, a PDF costing ten pages: past it 429, the API unaffected', async () => {
    const customer = (await http(limited.url, '/api/v1/customers', { key: limitedKey, body: { name: 'Many Readers' } })).body;
    const posted = (
      await http(limited.url, '/api/v1/invoices', {
        key: limitedKey,
        body: { customerId: customer.id, lines: [{ description: 'Work', unitPrice: 10 }] },
      })
    ).body;
    for (let i = 0; i < 5; i++) expect((await fetch(`${limited.url}${posted.hostedUrl}`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await fetch(`${limited.url}${posted.hostedUrl}/pdf`)).status).toBe(200);
    const refused = await fetch(`${limited.url}${posted.hostedUrl}/pdf`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await http(limited.url, `/api/v1/invoices/${posted.id}`, { key: limitedKey })).status).toBe(200);
  });
});
