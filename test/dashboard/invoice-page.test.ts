// An invoice's public page in a real browser (Debian's Chromium, playwright-core) against the server as
// `npm start` runs it: the customer opens the link they were sent, sees what is due and downloads the
// PDF; on a phone too; no script runs and nothing breaks the page's policy.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tuneDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, http, type Started, startServerProcess } from '../helpers.ts';
import { accessibilityViolations } from './accessibility.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM);
if (!haveBrowser)
  console.warn(`SKIPPED: the invoice page's browser tests need Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`);
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;
const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGNQSDgwIIhh1OJRi0ctHrV41OJRi0ctHrV45FgMALpP6C5orM3QAAAAAElFTkSuQmCC';

describe.skipIf(!haveBrowser)("an invoice's public page in a real browser", () => {
  const database = freshDatabase();
  let server: Started;
  let browser: Browser;
  let hostedUrl: string;
  let number: string;

  beforeAll(async () => {
    await migrate(database.db);
    await tuneDatabase(database.db);
    const organization = await createOrganization(database.db.prisma, { name: 'Hosted Studio' });
    const key = (await createApiKey(database.db.prisma, organization.id, 'Owner')).plaintext;
    server = await startServerProcess({ DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir, SEED_DEMO: 'false' });
    const call = (path: string, body: unknown, method = 'POST') => http(server.url, path, { key, body, method });
    await call('/api/v1/organization', { address: '1 Studio Lane\nPortland, OR 97201', logo: LOGO }, 'PATCH');
    const customer = (await call('/api/v1/customers', { name: 'River Bakery' })).body;
    const invoice = (
      await call('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-01',
        dueDate: '2099-12-01',
        lines: [
          { description: 'Logo design', unitPrice: 800 },
          { description: 'Business cards', quantity: 500, unitPrice: 0.3 },
        ],
      })
    ).body;
    await call(`/api/v1/invoices/${invoice.id}/payments`, { amount: 150, date: '2026-11-10' });
    hostedUrl = invoice.hostedUrl;
    number = invoice.number;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-sync'],
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGKILL');
    await database.drop();
  });

  it('shows the invoice and what is due, and downloads its PDF, with no key', async () => {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 800 },
      locale: 'en-US',
      timezoneId: 'UTC',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(`${server.url}${hostedUrl}`);
    expect(await page.title()).toBe(`Invoice ${number} from Hosted Studio`);
    expect(await page.locator('h1').innerText()).toBe(`Invoice ${number}`);
    expect(await page.locator('#status').innerText()).toBe('$800.00 due on Dec 1, 2099');
    const rows = await page.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      'Logo design 1 $800.00 $800.00',
      'Business cards 500 $0.30 $150.00',
      'Subtotal $950.00',
      'Total $950.00',
      'Paid -$150.00',
      'Amount due $800.00',
    ]);
    expect(await page.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    await page.screenshot({ path: join(ARTIFACTS, 'invoice-page-1024.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const file = join(ARTIFACTS, `${number}.pdf`);
    await download.saveAs(file);
    expect((await import('node:fs')).readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}${hostedUrl}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'invoice-page-390.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});
