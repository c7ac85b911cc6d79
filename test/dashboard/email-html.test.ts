// A sent document's HTML mail as a customer's mail client shows it: opened in Debian's Chromium at a
// desktop's and a phone's width, it fetches nothing from anywhere (no remote images, fonts or styles a
// tracker could use), fits the screen, and axe-core finds nothing a screen reader would stumble on.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, http, startMailServer, type TestApp, type TestMailServer } from '../helpers.ts';
import { accessibilityViolations } from './accessibility.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM);
if (!haveBrowser) console.warn(`SKIPPED: the mail's browser test needs Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;

describe.skipIf(!haveBrowser)("a document's HTML mail in a browser", () => {
  let mail: TestMailServer;
  let t: TestApp;
  let browser: Browser;
  let html: string;

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp({ mail: mail.settings({ from: 'Books <books@test.example>' }) });
    const { key } = await t.tenant('Zürich Ελλάδα Trading AG');
    const post = (path: string, body: unknown, method = 'POST') => http(t.url, path, { key, body, method });
    await post(
      '/api/v1/organization',
      { locale: 'de-CH', paymentDetails: 'IBAN CH93 0076 2011 6238 5295 7\nBIC UBSWCHZH80A', email: 'billing@trading.example' },
      'PATCH',
    );
    const customer = (await post('/api/v1/customers', { name: 'Pat <b>Buyer</b>', email: 'pat@buyer.test' })).body;
    const invoice = (
      await post('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-01',
        dueDate: '2026-11-30',
        lines: [{ description: 'Design work', quantity: 3, unitPrice: 1200 }],
      })
    ).body;
    const sent = await post(`/api/v1/invoices/${invoice.id}/send`, {
      message: 'Dear Pat,\nthank you for your order. A very long word to test wrapping: Donaudampfschifffahrtsgesellschaftskapitän.',
    });
    expect(sent.status).toBe(202);
    await t.app.workers.mailer!.drain();
    const message = mail.received.at(-1)!;
    expect(message.subject).toBe('Rechnung INV-0001 von Zürich Ελλάδα Trading AG');
    html = String(message.html);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await mail?.close();
  });

  it('names no remote resource in its markup', () => {
    expect(html).not.toMatch(/<(img|link|script|iframe|object|embed|video|audio|source)\b/i);
    expect(html).not.toMatch(/url\(|@import|src=/i);
    // Its one link, the invoice's page, is on this service.
    expect([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      expect.stringMatching(new RegExp(`^${t.config.mail.publicUrl}/i/`)),
    ]);
  });

  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const)
    it(`at ${width} px: fetches nothing, fits the screen, reads in order, and axe finds no violation`, async () => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      await page.route('**/*', (route) => {
        requests.push(route.request().url());
        return route.abort();
      });
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.setContent(html, { waitUntil: 'load' });
      expect(requests).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const text = await page.locator('body').innerText();
      expect(text).toMatch(/^Dear Pat,\nthank you for your order\./);
      // In the organization's language, amounts and dates as Swiss German writes them (an apostrophe between thousands).
      expect(text).toContain('Rechnung INV-0001 von Zürich Ελλάδα Trading AG finden Sie im Anhang.');
      expect(text).toMatch(/Offener Betrag: \$\s3'600\.00, fällig am 30\.11\.2026\./);
      expect(text).toContain('Zahlungsinformationen:\nIBAN CH93 0076 2011 6238 5295 7\nBIC UBSWCHZH80A\nVerwendungszweck: INV-0001');
      expect(await page.getByRole('link').innerText()).toBe('Rechnung INV-0001 online ansehen');
      expect(await page.evaluate(() => [document.documentElement.lang, document.title])).toEqual(['de-CH', 'Rechnung INV-0001']);
      await page.screenshot({ path: join(ARTIFACTS, `invoice-mail-${width}.png`), fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
});
