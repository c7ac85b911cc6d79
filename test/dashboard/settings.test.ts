// The settings page in a real browser (Debian's Chromium, playwright-core) against the server as
// `npm start` runs it: a person creates a read-only key by ticking a preset, copies it, and an
// integration then uses it from outside; keys are rolled and revoked; webhooks are registered and
// their deliveries inspected and redelivered; the event log is filtered by key and type.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { tuneDatabase } from '../../src/db/database.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, http, type Started, startServerProcess } from '../helpers.ts';
import { accessibilityViolations } from './accessibility.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM);
if (!haveBrowser)
  console.warn(
    `SKIPPED: the settings page's browser tests need Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`,
  );
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;
/** A 40×20 PNG: a logo the server can draw. */
const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGNQSDgwIIhh1OJRi0ctHrV41OJRi0ctHrV45FgMALpP6C5orM3QAAAAAElFTkSuQmCC';

describe.skipIf(!haveBrowser)('the settings page in a real browser', () => {
  const database = freshDatabase();
  let server: Started;
  let browser: Browser;
  let receiver: Server;
  const received: { body: string }[] = [];
  let managerKey: string;
  let organizationId: string;

  beforeAll(async () => {
    await migrate(database.db);
    await tuneDatabase(database.db);
    const organization = await createOrganization(database.db.prisma, { name: 'Settings Trading Co' });
    organizationId = organization.id;
    managerKey = (await createApiKey(database.db.prisma, organization.id, 'Owner key')).plaintext;
    server = await startServerProcess({
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: database.dataDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '5000',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
    });
    receiver = createServer((req, res) => {
      let body = '';
      req
        .on('data', (c) => (body += c))
        .on('end', () => {
          received.push({ body });
          res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks, got it');
        });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    receiver?.close();
    server?.child.kill('SIGKILL');
    await database.drop();
  });

  async function openSettings(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    context.setDefaultTimeout(20_000); // a missing element fails the step (saying what the page shows), not the whole test's time
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${server.url}/dashboard/settings`);
    return { context, page, errors };
  }

  async function signIn(page: Page, key: string) {
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await page.keyboard.type(key);
    await page.keyboard.press('Enter');
    await page.locator('#settings').waitFor({ state: 'visible' });
    await page.locator('#keys tbody tr').first().waitFor(); // the lists have loaded
  }

  const keyRow = (page: Page, name: string) => page.locator('#keys tbody tr', { hasText: name });
  async function confirm(page: Page) {
    await page.locator('#confirm').waitFor({ state: 'visible' });
    await page.locator('#confirm-yes').click();
  }

  it('creates a read-only key from a preset, shows it once with a copy button; from outside a GET succeeds and a POST is 403', async () => {
    const { context, page, errors } = await openSettings();
    await signIn(page, managerKey);
    await expect.poll(() => page.locator('#organization').innerText()).toBe('Settings Trading Co');
    await expect.poll(() => keyRow(page, 'Owner key').count()).toBe(1);

    await page.locator('#key-name').fill('Auditor');
    await page.getByRole('button', { name: 'Read-only', exact: true }).click();
    expect(await page.locator('#scope-invoices-read').isChecked()).toBe(true);
    expect(await page.locator('#scope-invoices-write').isChecked()).toBe(false);
    expect(await page.locator('#scope-api_keys-read').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#secret-box').waitFor({ state: 'visible' });
    const secret = await page.locator('#secret-value').inputValue();
    expect(secret).toMatch(/^ak_[0-9a-z]{12}_[0-9A-Za-z]{32}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.locator('#copy-status').innerText()).toBe('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect.poll(() => keyRow(page, 'Auditor').count()).toBe(1);
    expect(await keyRow(page, 'Auditor').innerText()).toContain('invoices:read');
    await page.screenshot({ path: join(ARTIFACTS, 'settings-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.locator('#secret-box').isHidden()).toBe(true);

    expect((await http(server.url, '/api/v1/invoices', { key: secret })).status).toBe(200);
    const refused = await http(server.url, '/api/v1/customers', { key: secret, method: 'POST', body: { name: 'Not allowed' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'customers:write' });
    // The key list never shows a secret again.
    expect(await page.locator('#keys').innerText()).not.toContain(secret.split('_')[2]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('rolls a key (both secrets work for a day) and revokes one, each after a confirmation', async () => {
    const { plaintext: oldSecret } = await createApiKey(database.db.prisma, organizationId, 'Till 1', { scopes: ['invoices:write'] });
    const { context, page, errors } = await openSettings();
    await signIn(page, managerKey);
    await keyRow(page, 'Till 1').getByRole('button', { name: 'Roll' }).click();
    expect(await page.locator('#confirm-text').innerText()).toContain('keeps working for 24 hours');
    await page.locator('#confirm-no').click();
    expect(await page.locator('#secret-box').isHidden()).toBe(true);
    await keyRow(page, 'Till 1').getByRole('button', { name: 'Roll' }).click();
    await confirm(page);
    await page.locator('#secret-box').waitFor({ state: 'visible' });
    const newSecret = await page.locator('#secret-value').inputValue();
    expect(newSecret).not.toBe(oldSecret);
    for (const secret of [oldSecret, newSecret]) expect((await http(server.url, '/api/v1/invoices', { key: secret })).status).toBe(200);

    await keyRow(page, 'Till 1').getByRole('button', { name: 'Revoke' }).click();
    await confirm(page);
    await expect.poll(() => keyRow(page, 'Till 1').innerText()).toContain('revoked');
    expect(await keyRow(page, 'Till 1').getByRole('button').count()).toBe(0);
    for (const secret of [oldSecret, newSecret]) expect((await http(server.url, '/api/v1/invoices', { key: secret })).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('registers a webhook, shows each delivery with its attempts, redelivers, sends a test, rotates, disables and enables', async () => {
    const { context, page, errors } = await openSettings();
    await signIn(page, managerKey);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/accounting`;
    await page.locator('#webhook-url').fill(url);
    await page.locator('#webhook-events').selectOption(['customer.created']);
    await page.getByRole('button', { name: 'Register webhook' }).click();
    await page
      .locator('#secret-box')
      .waitFor({ state: 'visible' })
      .catch(async (error) => {
        throw new Error(
          `${error.message}; the page says: ${await page.locator('#register-webhook-error').innerText()} ` +
            `${await page.locator('#notice').innerText()}`,
        );
      });
    expect(await page.locator('#secret-value').inputValue()).toMatch(/^whsec_/);
    const hookRow = page.locator('#webhooks tbody tr', { hasText: url });
    await expect.poll(() => hookRow.innerText()).toContain('enabled');

    const customer = await http(server.url, '/api/v1/customers', { key: managerKey, method: 'POST', body: { name: 'Hooked Ltd' } });
    await expect.poll(() => received.some((r) => r.body.includes(customer.body.id)), { timeout: 10_000 }).toBe(true);
    await hookRow.getByRole('button', { name: 'Deliveries' }).click();
    const delivery = page.locator('#deliveries tbody tr', { hasText: 'customer.created' });
    await expect.poll(() => delivery.innerText()).toMatch(/succeeded[\s\S]*HTTP 200 · \d+ ms · “thanks, got it”/);

    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => received.filter((r) => r.body.includes(customer.body.id)).length, { timeout: 10_000 }).toBe(2);
    await hookRow.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => page.locator('#notice').innerText()).toContain('A test event is on its way');
    await expect.poll(() => received.some((r) => r.body.includes('webhook_subscription.test')), { timeout: 10_000 }).toBe(true);

    await page.getByRole('button', { name: 'Done' }).click();
    await hookRow.getByRole('button', { name: 'Rotate secret' }).click();
    await confirm(page);
    await page.locator('#secret-box').waitFor({ state: 'visible' });
    expect(await page.locator('#secret-value').inputValue()).toMatch(/^whsec_/);
    await hookRow.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => hookRow.innerText()).toContain('disabled');
    await hookRow.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => hookRow.innerText()).toContain('enabled');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('the event log filters by type and by the key that made the change', async () => {
    const { plaintext: shop } = await createApiKey(database.db.prisma, organizationId, 'Web shop', { scopes: ['customers:write'] });
    // A key made through the API is in the log as made by the key that made it.
    expect(
      (
        await http(server.url, '/api/v1/api-keys', {
          key: managerKey,
          method: 'POST',
          body: { name: 'Made by owner', scopes: ['reports:read'] },
        })
      ).status,
    ).toBe(201);
    await http(server.url, '/api/v1/customers', { key: shop, method: 'POST', body: { name: 'Shopper' } });
    const { context, page, errors } = await openSettings();
    await signIn(page, managerKey);
    await page.locator('#filter-key').selectOption({ label: `Web shop (ak_${shop.split('_')[1]})` });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.locator('#events tbody tr').count()).toBe(1);
    expect(await page.locator('#events tbody tr').innerText()).toMatch(/customer\.created[\s\S]*Web shop \(ak_/);

    await page.locator('#filter-key').selectOption('');
    await page.locator('#filter-type').selectOption('api_key.created');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.locator('#events tbody tr', { hasText: 'api_key.created' }).count()).toBeGreaterThan(0);
    expect(await page.locator('#events tbody tr').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/api_key\.created[\s\S]*Owner key/)]),
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('edits the organization and its letterhead beside a live preview; a bad value is said under its field, nothing saved', async () => {
    const { context, page, errors } = await openSettings();
    await signIn(page, managerKey);
    await expect.poll(() => page.locator('#org-name').inputValue()).toBe('Settings Trading Co');
    expect(await page.locator('#organization-read-only').isHidden()).toBe(true);
    await page.locator('#org-address').fill('Bahnhofstrasse 1\n8001 Zürich');
    await page.locator('#org-taxId').fill('CHE-123.456.789');
    await page.locator('#org-locale').fill('de-CH');
    await page.locator('#org-paymentDetails').fill('IBAN CH93 0076 2011 6238 5295 7\nBIC UBSWCHZH80A');
    await page.locator('#org-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(LOGO, 'base64') });
    // The preview follows the form before anything is saved: the letterhead, and dates as the locale writes them.
    await expect.poll(() => page.locator('#preview-logo').isVisible()).toBe(true);
    expect(await page.locator('#preview-name').innerText()).toBe('Settings Trading Co');
    expect(await page.locator('#preview-address').innerText()).toBe('Bahnhofstrasse 1\n8001 Zürich');
    expect(await page.locator('#preview-taxId').innerText()).toBe('Tax ID: CHE-123.456.789');
    expect(await page.locator('#preview-date').innerText()).toMatch(/^Issue date: \d{2}\.\d{2}\.\d{4}$/);
    await page.screenshot({ path: join(ARTIFACTS, 'settings-organization-1280.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('#organization-status').innerText()).toBe('Saved. New documents use these settings.');
    const organization = () => http(server.url, '/api/v1/organization', { key: managerKey }).then((r) => r.body);
    expect(await organization()).toMatchObject({
      address: 'Bahnhofstrasse 1\n8001 Zürich',
      taxId: 'CHE-123.456.789',
      locale: 'de-CH',
      paymentDetails: 'IBAN CH93 0076 2011 6238 5295 7\nBIC UBSWCHZH80A',
      hasLogo: true,
    });
    expect(await page.locator('#preview-logo-kept').isVisible()).toBe(true);

    // Two bad values: each said under its own field in one answer, and nothing is saved.
    await page.locator('#org-locale').fill('xx-notalocale-123');
    await page.locator('#org-fiscalYearEnd').fill('13-45');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('#org-locale-error').innerText()).toMatch(/^locale \S/);
    expect(await page.locator('#org-fiscalYearEnd-error').innerText()).toMatch(/^fiscalYearEnd \S/);
    expect(await organization()).toMatchObject({ locale: 'de-CH', fiscalYearEnd: '12-31' });
    // Nothing changed is nothing sent.
    await page.locator('#org-locale').fill('de-CH');
    await page.locator('#org-fiscalYearEnd').fill('12-31');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('#organization-status').innerText()).toBe('Nothing to save: no setting changed.');
    expect(await page.locator('#org-locale-error').innerText()).toBe('');

    await page.setViewportSize({ width: 390, height: 844 });
    // At a phone's width nothing scrolls sideways but the wide tables, inside their own boxes.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'settings-organization-390.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a key that manages keys but is not full-access sees the organization read-only', async () => {
    const { plaintext: manager } = await createApiKey(database.db.prisma, organizationId, 'Key manager', {
      scopes: ['api_keys:write', 'webhooks:write', 'events:read'],
    });
    const { context, page, errors } = await openSettings();
    await signIn(page, manager);
    await expect.poll(() => page.locator('#org-name').inputValue()).toBe('Settings Trading Co');
    expect(await page.locator('#organization-read-only').isVisible()).toBe(true);
    expect(await page.locator('#org-name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a key that cannot manage keys and webhooks is told which scopes it lacks', async () => {
    const { plaintext: reader } = await createApiKey(database.db.prisma, organizationId, 'Reader', {
      scopes: ['invoices:read', 'events:read'],
    });
    const { context, page } = await openSettings();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await page.keyboard.type(reader);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('#key-error').innerText())
      .toBe('The key "Reader" lacks api_keys:write, webhooks:write, which this page needs.');
    expect(await page.locator('#settings').isHidden()).toBe(true);
    await context.close();
  });
});
