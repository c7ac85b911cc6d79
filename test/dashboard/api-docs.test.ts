// The API reference page (Swagger UI over the served OpenAPI document) in a real browser: every
// operation shows once, with its named schemas, and the HEAD twin of each GET, which the document keeps
// for tools, is not listed beside it.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, http, type TestApp } from '../helpers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM);
if (!haveBrowser)
  console.warn(`SKIPPED: the API docs browser test needs Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`);

describe.skipIf(!haveBrowser)('the API reference page in a real browser', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t.close();
  });

  it('lists every operation of the document once, GETs without their HEAD twins, with no error', async () => {
    const document = (await http(t.url, '/api/v1/openapi.json')).body;
    const operations = Object.values(document.paths as Record<string, Record<string, unknown>>).flatMap((methods) => Object.keys(methods));
    const heads = operations.filter((method) => method === 'head').length;
    expect(heads).toBeGreaterThan(10); // the document keeps them
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`));
    await page.goto(`${t.url}/api/v1/docs`, { waitUntil: 'load' });
    await page
      .locator('.opblock')
      .nth(operations.length - heads - 1)
      .waitFor();
    expect(await page.locator('.opblock').count()).toBe(operations.length - heads);
    expect(await page.locator('.opblock-head').count()).toBe(0);
    expect(await page.locator('.opblock-get').count()).toBe(operations.filter((method) => method === 'get').length);
    // The named schemas are listed at the foot of the page.
    // (Swagger UI renders the list as it scrolls into view: wait for an early one, as long as the page's timeout allows.)
    await page.locator('.models').scrollIntoViewIfNeeded();
    await page.locator('.models').getByText('AccountPage').first().waitFor();
    expect(errors, errors.join('\n')).toEqual([]);
  }, 60_000);
});
