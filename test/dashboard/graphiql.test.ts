// GraphiQL as a newcomer meets it, in a real browser (Debian's Chromium) against the server as `npm start`
// runs it: the schema loads at once without a key, the Authorization header waits in the Headers tab with
// a hint in the editor, nothing fails in the console, and once the key is in, a query runs.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type Started, startServerProcess } from '../helpers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM);
if (!haveBrowser)
  console.warn(`SKIPPED: the GraphiQL browser test needs Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`);

describe.skipIf(!haveBrowser)('GraphiQL in a real browser', () => {
  const database = freshDatabase();
  let server: Started;
  let browser: Browser;
  let key: string;

  beforeAll(async () => {
    server = await startServerProcess({ DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir, SEED_DEMO: 'true' });
    key = /^\s+(ak_\S+)$/m.exec(server.stdout())![1];
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGKILL');
    await database.drop();
  });

  it('loads the schema without a key, offers the header to fill, and runs a query once the key is in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const text = (selector: string) =>
      page
        .locator(selector)
        .innerText()
        .then((t) => t.replace(/\s+/g, ' ')); // CodeMirror shows spaces as no-break spaces
    const errors: string[] = [];
    const failed: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('response', (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
    const schemaLoaded = page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('__schema'),
    );
    await page.goto(`${server.url}/graphql`, { waitUntil: 'load' });
    const introspection = await schemaLoaded;
    expect(introspection.status()).toBe(200);
    expect((await introspection.json()).data.__schema).toBeDefined();

    // The hint and the header to fill.
    await expect.poll(() => text('.graphiql-query-editor')).toContain('Paste your API key');
    await page.getByText('Headers', { exact: true }).click();
    await expect.poll(() => text('.graphiql-editor-tool')).toContain('Bearer <your API key>');

    // Put the key in: the query runs and shows the organization.
    const headers = page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .view-lines');
    await headers.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await expect.poll(() => text('.graphiql-editor-tool .graphiql-editor:not(.hidden) .view-lines')).not.toContain('Bearer');
    await page.keyboard.insertText(`{"Authorization": "Bearer ${key}"}`);
    await page.locator('.graphiql-execute-button').click();
    await expect.poll(() => text('.result-window')).toContain('Demo Company');

    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
