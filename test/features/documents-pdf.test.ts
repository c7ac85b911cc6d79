// The PDFs documents are sent as, read back as text by Poppler's pdftotext (as a customer's mail client
// or a bookkeeping inbox would): the organization's letterhead, who it is for, every line, tax per rate,
// the totals and what is due, in the organization's locale; and the walls every read has.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, expectProblem, gql, havePdfText, http, pdfText, type TestApp } from '../helpers.ts';

/** A 40×20 PNG, the smallest logo a letterhead has. */
const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGNQSDgwIIhh1OJRi0ctHrV41OJRi0ctHrV45FgMALpP6C5orM3QAAAAAElFTkSuQmCC';

/** Each word pdftotext finds on a PDF's pages, with its box (points from the page's left and top). */
function wordBoxes(pdf: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-')), 'boxes.pdf');
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    xMax: Number(m[2]),
    text: m[3]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  }));
}

/** Noto Sans CJK where Debian installs it: Chinese, Japanese and Korean are drawn in it (src/modules/documents/pdf-fonts.ts). */
const haveCjkFont = existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');

let t: TestApp;
let key: string;
let organizationId: string;
const post = (path: string, body: unknown, method = 'POST') => http(t.url, path, { key, body, method });

/** GETs a PDF and answers its text as pdftotext lays it out. */
async function pdfTextAt(path: string, as = key) {
  const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${as}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return {
    text: pdfText(bytes),
    disposition: response.headers.get('content-disposition'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Letterhead GmbH'));
});
afterAll(() => t.close());

describe.skipIf(!havePdfText)("a document's PDF", () => {
  let invoice: { id: string; number: string };

  it('an invoice: letterhead, customer, lines, tax per rate, totals, payments and what is due, in the locale', async () => {
    const settings = await post(
      '/api/v1/organization',
      {
        address: 'Hauptstraße 1\n10115 Berlin',
        taxId: 'DE123456789',
        email: 'billing@letterhead.example',
        locale: 'de-DE',
        logo: LOGO,
        paymentDetails: 'IBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX',
      },
      'PATCH',
    );
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ taxId: 'DE123456789', locale: 'de-DE', hasLogo: true });
    const customer = (
      await post('/api/v1/customers', {
        name: 'Acme Corporation',
        email: 'ap@acme.example',
        address: { line1: '500 Market Street', city: 'San Francisco', postalCode: '94105', country: 'US' },
      })
    ).body;
    const rate = (await post('/api/v1/tax-rates', { name: 'Sales Tax', rate: 8.875 })).body;
    invoice = (
      await post('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        memo: 'Thank you for your business.',
        lines: [
          { description: 'Consulting, November', quantity: 12.5, unitPrice: 150, taxRateId: rate.id },
          { description: 'Travel', unitPrice: 240.4 },
        ],
      })
    ).body;
    expect(invoice.id, JSON.stringify(invoice)).toBeDefined();
    await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 1000, date: '2026-11-20' });
    const { text, disposition } = await pdfTextAt(`/api/v1/invoices/${invoice.id}/pdf`);
    expect(disposition).toBe(`inline; filename="${invoice.number}.pdf"`);
    const lines = text.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
    for (const expected of [
      'Letterhead GmbH',
      'Hauptstraße 1',
      '10115 Berlin',
      'billing@letterhead.example',
      'USt-IdNr.: DE123456789',
      'RECHNUNG',
      invoice.number,
      'RECHNUNG AN',
      'Acme Corporation',
      '500 Market Street',
      '94105 San Francisco',
      'Thank you for your business.',
      // Something is still owed: how to pay, quoting its number.
      'Zahlungsinformationen',
      'IBAN DE89 3704 0044 0532 0130 00',
      'BIC COBADEFFXXX',
      `Verwendungszweck: ${invoice.number}`,
    ])
      expect(
        lines.some((l) => l.includes(expected)),
        `${expected} in\n${text}`,
      ).toBe(true);
    // German labels, dates and numbers: 12,5 × 150,00 $ = 1.875,00 $; tax 8,875 % of it is 166,41 $, shown by its rate.
    expect(lines.some((l) => /Rechnungsdatum: 02\.11\.2026/.test(l))).toBe(true);
    expect(lines.some((l) => /Fällig am: 02\.12\.2026/.test(l))).toBe(true);
    expect(
      lines.some((l) => /Consulting, November 12,5 150,00 \$ 8,875 % 1\.875,00 \$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /Travel 1 240,40 \$ 240,40 \$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /^Sales Tax 8,875 % 166,41 \$$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /^Zwischensumme 2\.115,40 \$$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /^Gesamt 2\.281,81 \$$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /^Bezahlt -1\.000,00 \$$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /^Offener Betrag 1\.281,81 \$$/.test(l)),
      text,
    ).toBe(true);
    // What is not there is not shown: no discount, no credit, no write-off.
    expect(text).not.toMatch(/Rabatt|Gutgeschrieben|Abgeschrieben|^\s*Steuer\s+[-\d]/m);
  });

  it('a discounted line shows its amount before the discount and the discount under it: the lines add up to the subtotal', async () => {
    const customer = (await post('/api/v1/customers', { name: 'Discount Buyer' })).body;
    const discounted = (
      await post('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-02',
        lines: [
          { description: 'Widgets', quantity: 3, unitPrice: 99.99, discountPercent: 10 },
          { description: 'Delivery', unitPrice: 20 },
        ],
      })
    ).body;
    expect(discounted).toMatchObject({ subtotal: 319.97, discountTotal: 30, total: 289.97 });
    const { text } = await pdfTextAt(`/api/v1/invoices/${discounted.id}/pdf`);
    const lines = text.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
    for (const expected of [
      /^Widgets 3 99,99 \$ 299,97 \$$/,
      /^Rabatt 10 %: -30,00 \$$/,
      /^Delivery 1 20,00 \$ 20,00 \$$/,
      /^Zwischensumme 319,97 \$$/,
    ])
      expect(
        lines.some((l) => expected.test(l)),
        `${expected} in\n${text}`,
      ).toBe(true);
    // And on its page: the same amounts, the discount under its line, in the organization's language.
    // (The locale's no-break spaces read as spaces here.)
    const page = (await (await fetch(`${t.url}${discounted.hostedUrl}`)).text()).replace(/\u00a0/g, ' ');
    expect(page).toContain('Widgets<div class="muted">Rabatt 10 %: -30,00 $</div>');
    for (const german of ['<title>Rechnung ', '<th class="n">Einzelpreis</th>', 'Ausgestellt am 02.11.2026 an <bdi>Discount Buyer</bdi>'])
      expect(page).toContain(german);
    expect(page).toMatch(/<td colspan="3" class="n">Offener Betrag<\/td><td class="n">289,97 \$<\/td>/);
    expect(page).toMatch(/>PDF herunterladen<\/a>/);
    expect(page).toContain('<td class="n">299,97 $</td>');
  });

  it('a paid invoice says so; a credit note and a sales receipt have their own titles and totals', async () => {
    const customer = (await post('/api/v1/customers', { name: 'Paying Customer' })).body;
    const paid = (await post('/api/v1/invoices', { customerId: customer.id, lines: [{ description: 'Widget', unitPrice: 10 }] })).body;
    await post(`/api/v1/invoices/${paid.id}/payments`, { amount: 10 });
    expect((await pdfTextAt(`/api/v1/invoices/${paid.id}/pdf`)).text).toMatch(/BEZAHLT/);
    const credit = (
      await post('/api/v1/credit-notes', {
        customerId: customer.id,
        issueDate: '2026-11-05',
        lines: [{ description: 'Returned widget', unitPrice: 10 }],
      })
    ).body;
    const creditText = (await pdfTextAt(`/api/v1/credit-notes/${credit.id}/pdf`)).text;
    for (const expected of ['GUTSCHRIFT', credit.number, 'GUTSCHRIFT AN', 'Paying Customer', 'Returned widget'])
      expect(creditText).toContain(expected);
    expect(creditText).toMatch(/Verbleibende Gutschrift\s+10,00 \$/);
    const receipt = (
      await post('/api/v1/sales-receipts', {
        date: '2026-11-06',
        paymentMethod: 'card',
        lines: [{ description: 'Coffee', unitPrice: 3.5 }],
      })
    ).body;
    const receiptText = (await pdfTextAt(`/api/v1/sales-receipts/${receipt.id}/pdf`)).text;
    for (const expected of ['QUITTUNG', receipt.number, 'Coffee', 'Paid by card']) expect(receiptText).toContain(expected);
    expect(receiptText).toMatch(/Bezahlt gesamt\s+3,50 \$/);
  });

  it("a customer's statement: every posting with the balance after it, between the opening and closing balances", async () => {
    const customer = (await post('/api/v1/customers', { name: 'Statement Customer' })).body;
    const first = (
      await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-10-05', lines: [{ description: 'A', unitPrice: 100 }] })
    ).body;
    await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-11-03', lines: [{ description: 'B', unitPrice: 40 }] });
    await post(`/api/v1/invoices/${first.id}/payments`, { amount: 60, date: '2026-11-10' });
    const { text } = await pdfTextAt(`/api/v1/reports/customer-statement/pdf?customerId=${customer.id}&from=2026-11-01&to=2026-11-30`);
    const lines = text.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
    expect(lines).toContain('KONTOAUSZUG');
    expect(lines).toContain('Statement Customer');
    expect(
      lines.some((l) => /^03\.11\.2026 INV-\d+ .* 40,00 \$ 140,00 \$$/.test(l)),
      text,
    ).toBe(true);
    expect(
      lines.some((l) => /^10\.11\.2026 .* -60,00 \$ 80,00 \$$/.test(l)),
      text,
    ).toBe(true);
    expect(lines).toContain('Anfangssaldo 100,00 $');
    expect(lines).toContain('Endsaldo 80,00 $');
  });

  it("a vendor's statement: what we owe them, bill by bill", async () => {
    const vendor = (await post('/api/v1/vendors', { name: 'Paper Supplier' })).body;
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
    const expense = accounts.find((a) => a.code === '6000')!.id;
    await post('/api/v1/bills', {
      vendorId: vendor.id,
      issueDate: '2026-11-04',
      lines: [{ description: 'Paper', unitPrice: 75, accountId: expense }],
    });
    const { text } = await pdfTextAt(`/api/v1/reports/vendor-statement/pdf?vendorId=${vendor.id}&from=2026-11-01&to=2026-11-30`);
    const lines = text.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
    expect(lines).toContain('Paper Supplier');
    expect(
      lines.some((l) => /^04\.11\.2026 BILL-\d+ .* 75,00 \$ 75,00 \$$/.test(l)),
      text,
    ).toBe(true);
    expect(lines).toContain('Endsaldo 75,00 $');
  });

  it('prints names and lines in any script as written: Greek, Cyrillic, Polish, Turkish, Vietnamese, Hebrew, Arabic, CJK', async () => {
    const other = await t.tenant('Zürich — Ελλάδα Trading');
    const as = (path: string, body: unknown) => http(t.url, path, { key: other.key, body, method: 'POST' });
    const customer = (await as('/api/v1/customers', { name: 'שלום עולם בע"מ', address: { line1: 'ул. Тверская 7', city: 'Москва' } })).body;
    const descriptions = [
      'شركة السلام للتجارة',
      'Ελληνικά προϊόντα',
      'Łódź Żółć Sp. z o.o.',
      'İstanbul Ağır Sanayi A.Ş.',
      'Tiếng Việt dịch vụ',
      ...(haveCjkFont ? ['東京株式会社', '北京贸易有限公司', '서울 상사'] : []),
    ];
    const scripts = (
      await as('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-02',
        lines: descriptions.map((description) => ({ description, unitPrice: 10 })),
      })
    ).body;
    expect(scripts.id, JSON.stringify(scripts)).toBeDefined();
    const { text } = await pdfTextAt(`/api/v1/invoices/${scripts.id}/pdf`, other.key);
    // pdftotext marks a right-to-left line with embedding controls: what is between them is the text as written.
    const read = text.replace(/[\u202a-\u202e]/g, '');
    for (const written of ['Zürich — Ελλάδα Trading', 'שלום עולם בע"מ', 'ул. Тверская 7', 'Москва', ...descriptions])
      expect(read, `${written} in\n${text}`).toContain(written);
    // A document Helvetica holds whole embeds no font (small and quick); this one embeds what it draws.
    const embedded = async (id: string, as: string) =>
      (await (await fetch(`${t.url}/api/v1/invoices/${id}/pdf`, { headers: { authorization: `Bearer ${as}` } })).arrayBuffer()).byteLength;
    const latin = Buffer.from(
      await (await fetch(`${t.url}/api/v1/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${key}` } })).arrayBuffer(),
    );
    expect(latin.toString('latin1')).not.toContain('/FontFile');
    expect(await embedded(scripts.id, other.key)).toBeGreaterThan(latin.byteLength);
    // A right-to-left line starts at the right of its column, as a browser's dir="auto" sets it; others at the left.
    const pdf = Buffer.from(
      await (
        await fetch(`${t.url}/api/v1/invoices/${scripts.id}/pdf`, { headers: { authorization: `Bearer ${other.key}` } })
      ).arrayBuffer(),
    );
    const words = wordBoxes(pdf);
    // The description column spans from the margin (50 pt) to 274 pt (46 % of A4 between the margins, less 4).
    expect(words.find((w) => w.text === 'Ελληνικά')!.xMin).toBeCloseTo(50, 0);
    const arabicEnd = Math.max(...words.filter((w) => /[\u0600-\u06ff]/.test(w.text)).map((w) => w.xMax));
    expect(arabicEnd).toBeGreaterThan(270);
    expect(arabicEnd).toBeLessThanOrEqual(274.5);
    if (!haveCjkFont) console.warn('SKIPPED: CJK in PDFs needs Noto Sans CJK (apt-get install -y fonts-noto-cjk; .ci/run installs it)');
  });

  it('GraphQL names where each PDF is', async () => {
    const answer = await gql(t.url, key, `{ node(id: "${invoice.id}") { ... on Invoice { pdfUrl } } }`);
    expect(answer.body.data.node.pdfUrl).toBe(`/api/v1/invoices/${invoice.id}/pdf`);
  });

  it('another organization finds no PDF, a key without the read scope is refused, and bad settings change nothing', async () => {
    const other = await t.tenant('Another Letterhead');
    expectProblem(await http(t.url, `/api/v1/invoices/${invoice.id}/pdf`, { key: other.key }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/credit-notes/${invoice.id}/pdf`, { key }), 404, 'NOT_FOUND');
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'customers only', { scopes: ['customers:read'] });
    expectProblem(await http(t.url, `/api/v1/invoices/${invoice.id}/pdf`, { key: plaintext }), 403, 'INSUFFICIENT_SCOPE');
    const refused = await post(
      '/api/v1/organization',
      { logo: Buffer.from('GIF89a…').toString('base64'), locale: 'xx-notalocale-123' },
      'PATCH',
    );
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['locale', 'logo']);
    const organization = (await http(t.url, '/api/v1/organization', { key })).body;
    expect(organization).toMatchObject({ locale: 'de-DE', hasLogo: true });
    // Cleared with null, the letterhead is the name alone and numbers are American again.
    await post('/api/v1/organization', { address: null, taxId: null, email: null, locale: null, logo: null }, 'PATCH');
    const plain = (await pdfTextAt(`/api/v1/invoices/${invoice.id}/pdf`)).text;
    expect(plain).not.toContain('DE123456789');
    expect(plain).toMatch(/Amount due\s+\$1,281\.81/);
    expect(plain).toContain('INVOICE');
    // In French the labels are French and the numbers as France writes them.
    await post('/api/v1/organization', { locale: 'fr-FR' }, 'PATCH');
    const french = (await pdfTextAt(`/api/v1/invoices/${invoice.id}/pdf`)).text.replace(/\s+/g, ' ');
    for (const expected of ['FACTURE', 'FACTURER À', "Date d'échéance", 'Sous-total', 'Montant dû 1 281,81 $'])
      expect(french).toContain(expected);
    await post('/api/v1/organization', { locale: null }, 'PATCH');
  });
});
