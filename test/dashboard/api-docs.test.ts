// The API reference page (Swagger UI over the served OpenAPI document) in a real browser: every
// operation shows once (as the reader scrolls to it: a long document is rendered as it comes into view),
// with its named schemas, and the HEAD twin of each GET, which the document keeps for tools, is not
// listed beside it.
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
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>).flatMap(
      (methods) => Object.entries(methods).map(([method, operation]) => ({ method, ...operation })),
    );
    const heads = operations.filter((o) => o.method === 'head');
    expect(heads.length).toBeGreaterThan(10); // the document keeps them
    const shown = operations.filter((o) => o.method !== 'head');
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`));
    await page.goto(`${t.url}/api/v1/docs`, { waitUntil: 'load' });
    await page.locator('.opblock').first().waitFor();
    // The named schemas are listed at the foot of the page.
    // (Swagger UI renders the list as it scrolls into view: wait for an early one, as long as the page's timeout allows.)
    await page.locator('.models').scrollIntoViewIfNeeded();
    await page.locator('.models').getByText('AccountPage').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    // A long document's operations are rendered as they scroll into view (and dropped when far out of
    // it), as a reader meets them: scroll through the page and collect every operation it showed.
    const seen = new Map<string, string>();
    await page.mouse.move(400, 300);
    for (let step = 0; step < 2000; step++) {
      const blocks = await page.locator('.opblock').evaluateAll((elements) => elements.map((e) => [e.id, e.className]));
      for (const [id, className] of blocks) seen.set(id!, className!);
      if (await page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 2)) break;
      // Less than half the window at a time: every block stays in view for a step or more.
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(50);
    }
    expect([...seen.keys()].sort()).toEqual(shown.map((o) => `operations-${o.tags[0]}-${o.operationId}`).sort());
    expect([...seen.values()].filter((c) => c.includes('opblock-head'))).toEqual([]);
    expect([...seen.values()].filter((c) => c.includes('opblock-get')).length).toBe(shown.filter((o) => o.method === 'get').length);
    expect(errors, errors.join('\n')).toEqual([]);
  }, 60_000);
});
