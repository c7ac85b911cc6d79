// The reconcile page in a real browser (Debian's Chromium, playwright-core) against the server as
// `npm start` runs it: a bookkeeper signs in, sees the bank's unmatched lines beside their suggestions,
// matches one to the payment recorded, one to the invoice it names, explains the fee into Bank Fees, and
// watches the difference to the statement balance fall to nothing before finishing the reconciliation.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { type Browser, chromium, type Page } from 'playwright-core';
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
  console.warn(
    `SKIPPED: the reconcile page's browser tests need Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`,
  );
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;

const OFX = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKTRANLIST><DTSTART>20261101<DTEND>20261130
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261104<TRNAMT>300.00<FITID>P1<NAME>ACME CO<MEMO>Transfer</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261105<TRNAMT>1250.00<FITID>P2<NAME>ACME CO<MEMO>Settles INV-0001</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-15.00<FITID>P3<NAME>MONTHLY FEE</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>2535.00<DTASOF>20261130</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

describe.skipIf(!haveBrowser)('the reconcile page in a real browser', () => {
  const database = freshDatabase();
  let server: Started;
  let browser: Browser;
  let key: string;
  let bank: { id: string; accountId: string };

  beforeAll(async () => {
    await migrate(database.db);
    await tuneDatabase(database.db);
    const organization = await createOrganization(database.db.prisma, { name: 'Reconciling Co' });
    key = (await createApiKey(database.db.prisma, organization.id, 'Bookkeeper')).plaintext;
    server = await startServerProcess({
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: database.dataDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '5000',
    });
    const post = (path: string, body: unknown) => http(server.url, path, { key, body });
    bank = (await post('/api/v1/bank-accounts', { name: 'Operating', kind: 'bank', openingBalance: 1000, openingDate: '2026-10-31' })).body;
    const customer = (await post('/api/v1/customers', { name: 'Acme Co' })).body;
    await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-11-01', lines: [{ description: 'Work', unitPrice: 1250 }] });
    const small = (
      await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-11-01', lines: [{ description: 'Call', unitPrice: 300 }] })
    ).body;
    await post(`/api/v1/invoices/${small.id}/payments`, { amount: 300, date: '2026-11-03', depositAccountId: bank.accountId });
    expect((await post(`/api/v1/bank-accounts/${bank.id}/statements`, { format: 'ofx', file: OFX })).status).toBe(201);
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

  const line = (page: Page, text: string) => page.locator('#lines tbody tr', { hasText: text });

  it('matches, explains and finishes with a click each, the difference live', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${server.url}/dashboard/reconcile`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await page.keyboard.type(key);
    await page.keyboard.press('Enter');
    await page.locator('#reconcile').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('#lines tbody tr').count()).toBe(3);
    // The statement's date and balance come from the import; nothing is matched yet.
    expect(await page.locator('#statement-date').inputValue()).toBe('2026-11-30');
    expect(await page.locator('#statement-balance').inputValue()).toBe('2535.00');
    await expect.poll(() => page.locator('#cleared-balance').innerText()).toBe('1000.00 USD');
    await expect.poll(() => page.locator('#difference').innerText()).toBe('1535.00 USD');
    expect(await page.locator('#finish').isDisabled()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'reconcile-lines-1280.png'), fullPage: true });
    // On a phone: nothing wider than the screen but the lines' table in its own scrolling box, and axe-clean.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'reconcile-lines-390.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The recorded payment is the transfer's top suggestion, with why.
    const transfer = line(page, 'Transfer');
    expect(await transfer.locator('.suggestion').first().innerText()).toContain('same amount');
    await transfer.locator('.suggestion').first().click();
    await expect.poll(() => page.locator('#lines tbody tr').count()).toBe(2);
    await expect.poll(() => page.locator('#difference').innerText()).toBe('1235.00 USD');

    // The invoice the line names: matching it records its payment.
    const settles = line(page, 'Settles INV-0001');
    expect(await settles.locator('.suggestion').first().innerText()).toContain('INV-0001 is in the bank');
    await settles.locator('.suggestion').first().click();
    await expect.poll(() => page.locator('#lines tbody tr').count()).toBe(1);

    // The fee: nothing matches; explained into Bank Fees (chosen for it).
    const fee = line(page, 'MONTHLY FEE');
    expect(await fee.innerText()).toContain('Nothing in the books matches');
    expect(await fee.locator('select option:checked').innerText()).toBe('6900 Bank Fees');
    await fee.getByRole('button', { name: 'Explain' }).click();
    await expect.poll(() => page.locator('#lines tbody tr').count()).toBe(0);
    await expect.poll(() => page.locator('#difference').innerText()).toBe('0.00 USD');
    expect(await page.locator('#no-lines').isVisible()).toBe(true);

    // A closing balance typed wrong shows the difference at once and disables finishing.
    await page.locator('#statement-balance').fill('2530');
    await expect.poll(() => page.locator('#difference').innerText()).toBe('-5.00 USD');
    expect(await page.locator('#finish').isDisabled()).toBe(true);
    await page.locator('#statement-balance').fill('2535.00');
    await page.screenshot({ path: join(ARTIFACTS, 'reconcile-1280.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.locator('#finish').click();
    await expect.poll(() => page.locator('#notice').innerText()).toBe('Reconciled to 2026-11-30: 3 lines, closing balance 2535.00.');

    const reconciliations = (await http(server.url, `/api/v1/bank-reconciliations?bankAccountId=${bank.id}`, { key })).body.data;
    expect(reconciliations).toMatchObject([
      { statementDate: '2026-11-30', closingBalance: 2535, transactionCount: 3, status: 'completed' },
    ]);
    const invoices = (await http(server.url, '/api/v1/invoices?status=paid', { key })).body.data;
    expect(invoices).toHaveLength(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a bank account and imports its files, dropped or chosen, with the counts shown', async () => {
    const organization = await createOrganization(database.db.prisma, { name: 'New Books Co' });
    const newKey = (await createApiKey(database.db.prisma, organization.id, 'Bookkeeper')).plaintext;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${server.url}/dashboard/reconcile`);
    await page.locator('#api-key').fill(newKey);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#notice').innerText()).toBe('This organization has no bank accounts yet: add one below.');
    expect(await page.locator('#new-account').getAttribute('open')).not.toBeNull();
    await page.locator('#new-name').fill('Main Checking');
    await page.locator('#new-opening-date').fill('2026-10-31');
    await page.locator('#new-opening-balance').fill('1000');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => page.locator('#notice').innerText()).toBe('Added Main Checking. Drop its statement file above.');
    expect(await page.locator('#bank-account option:checked').innerText()).toContain('Main Checking');

    // Dropped on the page, as a file from the desktop.
    const dropped = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'nov.ofx', { type: 'application/x-ofx' }));
      return transfer;
    }, OFX);
    await page.dispatchEvent('#drop', 'drop', { dataTransfer: dropped });
    await expect
      .poll(() => page.locator('#notice').innerText())
      .toBe('Imported nov.ofx: 3 lines, 3 new, 0 already here; closing balance 2535.00 on 2026-11-30.');
    await expect.poll(() => page.locator('#lines tbody tr').count()).toBe(3);
    expect(await page.locator('#statement-balance').inputValue()).toBe('2535.00');

    // Chosen: a zip of a bank's MT940 files, sent as bytes.
    const sta = [
      ':20:D1',
      ':25:0001234567',
      ':28C:1/1',
      ':60F:C261130USD0,00',
      ':61:261201D20,00NTRFNONREF//W-1',
      ':86:Wire fee',
      ':62F:D261201USD20,00',
      '-',
    ].join('\r\n');
    const zip = Buffer.from(zipSync({ 'dec/01.sta': strToU8(sta) }));
    await page.setInputFiles('#statement-file', { name: 'december.zip', mimeType: 'application/zip', buffer: zip });
    // Its name does not say what is inside: the page asks, then the format chosen reads it.
    await expect.poll(() => page.locator('#notice').innerText()).toBe('Choose the format of december.zip: its name does not say.');
    await page.locator('#statement-format').selectOption('mt940');
    await page.setInputFiles('#statement-file', { name: 'december.zip', mimeType: 'application/zip', buffer: zip });
    await expect
      .poll(() => page.locator('#notice').innerText())
      .toBe('Imported december.zip: 1 line, 1 new, 0 already here; closing balance -20.00 on 2026-12-01.');
    await expect.poll(() => page.locator('#lines tbody tr').count()).toBe(4);
    await page.screenshot({ path: join(ARTIFACTS, 'reconcile-import-1280.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a key without banking scopes which it lacks', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const organization = await database.db.prisma.organization.findFirstOrThrow();
    const reader = (await createApiKey(database.db.prisma, organization.id, 'Reader', { scopes: ['accounts:read', 'banking:read'] }))
      .plaintext;
    await page.goto(`${server.url}/dashboard/reconcile`);
    await page.locator('#api-key').fill(reader);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#key-error').innerText()).toBe('This key lacks banking:write, which this page needs.');
    expect(await page.locator('#reconcile').isHidden()).toBe(true);
    await context.close();
  });
});
