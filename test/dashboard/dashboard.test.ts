// The dashboard in a real browser (Debian's Chromium driven by playwright-core) against the server as
// `npm start` runs it: a person types a key, integrators write through REST, and the page follows live.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistedOperationIds } from '../../src/dashboard/generated/persisted-operations.ts';
import { DASHBOARD_SCOPES } from '../../src/dashboard/scopes.ts';
import { accessibilityViolations } from './accessibility.ts';
import { migrate } from '../../src/db/migrate.ts';
import { tuneDatabase } from '../../src/db/database.ts';
import { createApiKey, revokeApiKeyByPrefix } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, http, type Started, startMailServer, startServerProcess, type TestMailServer } from '../helpers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(CHROMIUM);
if (!haveBrowser)
  console.warn(`SKIPPED: the dashboard browser tests need Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`);

/** Screenshots are artifacts of the run, not committed (.gitignore). */
const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url).pathname;
/** What the issue asks: a write shows on the page within two seconds. */
const LIVE_WITHIN_MS = 2000;

describe.skipIf(!haveBrowser)('the dashboard in a real browser', () => {
  const database = freshDatabase();
  const servers: Started[] = [];
  let browser: Browser;
  let base: string;
  let key: string;
  let env: Record<string, string | undefined>;
  let customerId: string;
  let oldMonth: string;
  let organizationId: string;
  let mail: TestMailServer;

  beforeAll(async () => {
    await migrate(database.db);
    await tuneDatabase(database.db);
    const organization = await createOrganization(database.db.prisma, { name: 'Dashboard Trading Co' });
    organizationId = organization.id;
    key = (await createApiKey(database.db.prisma, organization.id, 'dashboard')).plaintext;
    // Open sockets re-check their key every half second (default 5 s), for the revocation test.
    mail = await startMailServer();
    env = {
      // A real mail server that refuses nobody@ for good: the panel of failed emails.
      SMTP_URL: mail.url,
      MAIL_POLL_MS: '200',
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: database.dataDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '5000',
      SOCKET_RECHECK_MS: '500',
    };
    const server = await startServerProcess(env);
    servers.push(server);
    base = server.url;
    const customer = await http(base, '/api/v1/customers', { key, body: { name: 'Ada Lovelace Ltd', email: 'ada@example.com' } });
    expect(customer.status).toBe(201);
    customerId = customer.body.id;
    // Older business: an invoice issued 70 days ago, due 40 days ago and unpaid, so overdue (31–60 days).
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const old = await http(base, '/api/v1/invoices', {
      key,
      body: { customerId, issueDate: daysAgo(70), dueDate: daysAgo(40), lines: [{ description: 'Old work', unitPrice: 40 }] },
    });
    expect(old.status).toBe(201);
    oldMonth = new Date(`${daysAgo(70)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
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
    for (const server of servers) server.child.kill('SIGKILL');
    await mail?.close();
    await database.drop();
  });

  /** A fresh tab (its own sessionStorage) that records every console error and uncaught exception. */
  async function openPage(width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US', timezoneId: 'UTC' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${base}/dashboard`);
    return { context, page, errors };
  }

  async function signIn(page: Page, withKey: string) {
    // With the keyboard only: the key field has focus on load, Enter submits.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await page.keyboard.type(withKey);
    await page.keyboard.press('Enter');
  }

  const text = (page: Page, id: string) => page.locator(`#${id}`).innerText();

  async function createInvoice(unitPrice: number, quantity = 1) {
    const invoice = await http(base, '/api/v1/invoices', {
      key,
      body: { customerId, lines: [{ description: 'Consulting', unitPrice, quantity }] },
    });
    expect(invoice.status).toBe(201);
    return invoice.body as { id: string; number: string };
  }

  /** Waits until `predicate` holds in the page, and says how long that took. */
  async function timeUntil(page: Page, predicate: () => boolean, timeout = LIVE_WITHIN_MS) {
    const started = Date.now();
    await page.waitForFunction(predicate, undefined, { timeout, polling: 25 });
    return Date.now() - started;
  }

  it('shows the books, then an invoice and a payment written through REST reach the feed and the figures within two seconds', async () => {
    const { context, page, errors } = await openPage();
    const bodies: string[] = [];
    page.on(
      'request',
      (request) => request.method() === 'POST' && request.url().endsWith('/graphql') && bodies.push(request.postData() ?? ''),
    );
    await signIn(page, key);
    await expect.poll(() => text(page, 'connection')).toBe('Live');
    expect(await text(page, 'organization')).toBe('Dashboard Trading Co');
    expect(await text(page, 'receivables-outstanding')).toBe('$40.00');
    expect(await text(page, 'receivables-overdue')).toBe('$40.00');
    expect(await page.locator('#aging-chart').getAttribute('aria-label')).toContain('31–60 days $40.00');
    expect(await page.locator('#revenue-chart').getAttribute('aria-label')).toContain(`${oldMonth} $40.00`);
    // The key lives in this tab's sessionStorage only: not in the address, not in localStorage.
    expect(page.url()).toBe(`${base}/dashboard`);
    expect(await page.evaluate(() => [Object.values(sessionStorage), localStorage.length])).toEqual([[key], 0]);

    const invoice = await createInvoice(120, 1.5);
    const number = invoice.number;
    const shown = await timeUntil(page, () => {
      const feed = document.getElementById('feed')!.innerText;
      return /Invoice \S+ created/.test(feed) && document.getElementById('receivables-outstanding')!.textContent === '$220.00';
    });
    expect(shown).toBeLessThan(LIVE_WITHIN_MS);
    expect(await page.locator('#feed li').first().innerText()).toContain('$180.00');
    expect(await page.locator('#feed').innerText()).toContain(`Invoice ${number} created`);
    expect(await page.locator('#invoices tbody tr').first().innerText()).toMatch(
      new RegExp(`${number}\\s+Ada Lovelace Ltd.*\\$180\\.00\\s+\\$180\\.00`, 's'),
    );
    expect(await text(page, 'revenue-this-month')).toBe('$180.00');
    expect(await text(page, 'receivables-overdue')).toBe('$40.00');
    expect(await page.locator('#journal-entries tbody tr').first().innerText()).toContain('$180.00');

    const payment = await http(base, `/api/v1/invoices/${invoice.id}/payments`, { key, body: { amount: 50 } });
    expect(payment.status).toBe(201);
    const fell = await timeUntil(page, () => document.getElementById('receivables-outstanding')!.textContent === '$170.00');
    expect(fell).toBeLessThan(LIVE_WITHIN_MS);
    expect(await page.locator('#feed li', { hasText: `Invoice ${number} payment recorded` }).innerText()).toContain(
      '$50.00 paid so far, $130.00 still due',
    );
    expect(await text(page, 'cash-balance')).toBe('$50.00');
    expect(await page.locator('#aging-chart').getAttribute('aria-label')).toContain('Not yet due $130.00');

    // At 1280 px the live feed uses the whole width under the two tables, and shows every item it holds.
    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const feed = document.getElementById('feed')!;
      return {
        lists: box('.lists').width,
        feedPanel: box('.feed-panel').width,
        invoices: box('[aria-labelledby="invoices-title"]').width,
        clipped: feed.scrollHeight > feed.clientHeight + 1,
      };
    });
    expect(layout.feedPanel).toBeCloseTo(layout.lists, 0);
    expect(layout.invoices).toBeLessThan(layout.lists / 2);
    expect(layout.clipped).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-1280.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone screen: one column, nothing wider than the screen', async () => {
    const { context, page, errors } = await openPage(390, 844);
    await signIn(page, key);
    await expect.poll(() => text(page, 'connection')).toBe('Live');
    await expect.poll(() => page.locator('#invoices tbody tr[data-id]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The tables' key columns fit too: none needs scrolling sideways.
    expect(await page.evaluate(() => [...document.querySelectorAll('.table-scroll')].map((t) => t.scrollWidth - t.clientWidth))).toEqual([
      0, 0, 0, 0, 0,
    ]);
    const [first, second] = await Promise.all(
      ['.cards .card:nth-child(1)', '.cards .card:nth-child(2)'].map((s) => page.locator(s).boundingBox()),
    );
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1); // stacked, not side by side
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-390.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a bad key gets a clear message and no dashboard', async () => {
    const { context, page, errors } = await openPage();
    await signIn(page, 'ak_notakey_0000000000000000000000000000');
    await expect.poll(() => text(page, 'key-error')).toContain('This API key was not accepted');
    expect(await page.locator('#dashboard').isHidden()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // The sign-in form with its error, as a screen reader meets it.
    expect(await accessibilityViolations(page)).toEqual([]);
    // The only console line allowed is the browser's own note of the 401 answer.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  it("against a server that does not know its persisted ids (another version), sends each query's text instead and works", async () => {
    const { context, page, errors } = await openPage();
    // The ids this build sends are turned into ones no server knows, so the real server answers
    // PERSISTED_QUERY_NOT_FOUND to each, as a server of another version would.
    const sent: { id?: string; query?: string }[] = [];
    await context.route('**/graphql', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const body = JSON.parse(request.postData() ?? '{}');
      if (body.extensions?.persistedQuery) body.extensions.persistedQuery.sha256Hash = '0'.repeat(64);
      sent.push({ id: body.extensions?.persistedQuery?.sha256Hash, query: body.query });
      return route.continue({ postData: JSON.stringify(body) });
    });
    await signIn(page, key);
    await expect.poll(() => text(page, 'connection')).toBe('Live');
    expect(await text(page, 'organization')).toBe('Dashboard Trading Co');
    await expect.poll(() => page.locator('#invoices tbody tr[data-id]').count()).toBeGreaterThan(0);
    // Every id that went unanswered was followed by the operation's text, and the texts are the dashboard's own documents.
    const byId = sent.filter((s) => s.id);
    const byText = sent.filter((s) => s.query);
    expect(byId.length).toBeGreaterThan(0);
    expect(byText.length).toBeGreaterThanOrEqual(byId.length);
    for (const { query } of byText) expect(Object.keys(persistedOperationIds).some((name) => query!.includes(` ${name}`))).toBe(true);
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('after a dropped connection it says so, then resumes after the last event: what was written meanwhile appears', async () => {
    const { context, page } = await openPage();
    await signIn(page, key);
    await expect.poll(() => text(page, 'connection')).toBe('Live');
    const before = await text(page, 'receivables-outstanding');
    const port = new URL(base).port;

    const first = servers[0]!;
    first.child.kill('SIGKILL');
    await first.exited;
    await expect.poll(() => text(page, 'connection')).toBe('Connection lost, reconnecting…');

    // While the page's server is down, an integrator writes through another instance on the same books.
    const other = await startServerProcess(env);
    servers.push(other);
    const missed = (
      await http(other.url, '/api/v1/invoices', {
        key,
        body: { customerId, lines: [{ description: 'Written while away', unitPrice: 75 }] },
      })
    ).body as { number: string };
    other.child.kill('SIGTERM');
    await other.exited;

    const back = await startServerProcess({ ...env, PORT: port });
    servers.push(back);
    await page.waitForFunction((n) => document.getElementById('feed')!.innerText.includes(`Invoice ${n} created`), missed.number, {
      timeout: 30_000,
    });
    await expect.poll(() => text(page, 'connection')).toBe('Live');
    expect(before).toBe('$170.00');
    await expect.poll(() => text(page, 'receivables-outstanding')).toBe('$245.00');
    // Each event once: the replay and the live stream meet without a duplicate.
    const titles = await page.locator('#feed li .what').allInnerTexts();
    expect(titles.filter((t) => t === `Invoice ${missed.number} created`)).toHaveLength(1);
    await context.close();
  }, 60_000);

  it('works with a read-only key, and says which scopes a key lacks rather than failing piece by piece', async () => {
    const { context, page, errors } = await openPage();
    expect(await text(page, 'needed-scopes')).toBe(
      'accounts:read, customers:read, events:read, invoices:read, journal_entries:read, reports:read',
    );
    const partial = (await createApiKey(database.db.prisma, organizationId, 'Reports only', { scopes: ['reports:read', 'invoices:read'] }))
      .plaintext;
    await signIn(page, partial);
    await expect
      .poll(() => text(page, 'key-error'))
      .toBe(
        'The key "Reports only" lacks accounts:read, customers:read, events:read, journal_entries:read, which the dashboard needs. ' +
          'Create a key with the dashboard preset in Settings.',
      );
    expect(await page.locator('#dashboard').isHidden()).toBe(true);

    const readOnly = (
      await createApiKey(database.db.prisma, organizationId, 'Read only', {
        scopes: ['accounts:read', 'customers:read', 'events:read', 'invoices:read', 'journal_entries:read', 'reports:read'],
      })
    ).plaintext;
    await page.locator('#api-key').fill('');
    await signIn(page, readOnly);
    await expect.poll(() => text(page, 'connection')).toBe('Live');
    expect(await text(page, 'organization')).toBe('Dashboard Trading Co');
    const invoice = await createInvoice(11);
    await expect.poll(() => text(page, 'feed'), { timeout: LIVE_WITHIN_MS }).toContain(invoice.number);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a key revoked while the page is open sends the viewer back to the key form, saying why', async () => {
    const created = await createApiKey(database.db.prisma, organizationId, 'to revoke');
    const { context, page, errors } = await openPage();
    await signIn(page, created.plaintext);
    await expect.poll(() => text(page, 'connection')).toBe('Live');
    await revokeApiKeyByPrefix(database.db.prisma, created.plaintext.split('_')[1]!);
    // 'Live' is the socket's acknowledgement; the subscription it then sends is checked on its own. Revoked after the
    // subscription was taken, the socket is closed as revoked; revoked between the two, the subscription is refused and
    // the page's reconnection with it: the key is then refused as unknown or revoked. Either way the page says why.
    await expect
      .poll(() => text(page, 'key-error'), { timeout: 10_000 })
      .toMatch(/^The API key was refused: The API key (has been revoked|is invalid or has been revoked)$/);
    expect(await page.locator('#dashboard').isHidden()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a burst of writes is folded into few refetches (at most one a second), and the figures end up current', async () => {
    const { context, page, errors } = await openPage();
    await signIn(page, key);
    await expect.poll(() => text(page, 'connection')).toBe('Live');
    const toCents = (shown: string) => Math.round(Number(shown.replace(/[$,]/g, '')) * 100);
    const before = toCents(await text(page, 'receivables-outstanding'));
    let figureRequests = 0;
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        request.url().endsWith('/graphql') &&
        request.postData()?.includes(persistedOperationIds.DashboardFigures)
      )
        figureRequests++;
    });
    const started = Date.now();
    for (let i = 0; i < 8; i++) await createInvoice(10);
    const expected = `$${((before + 8 * 1000) / 100).toFixed(2)}`;
    await page.waitForFunction((want) => document.getElementById('receivables-outstanding')!.textContent === want, expected, {
      timeout: 5000,
    });
    const seconds = (Date.now() - started) / 1000;
    // 16 events (an invoice and its posting each): one refetch per second at most, plus the first.
    expect(figureRequests).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(figureRequests).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
  it(
    "shows payables beside receivables: a bill, its payment and a till's sale reach " + 'the cards, the aged payables chart and cash',
    async () => {
      const { context, page, errors } = await openPage();
      await signIn(page, key);
      await expect.poll(() => text(page, 'connection')).toBe('Live');
      expect(await text(page, 'payables-outstanding')).toBe('$0.00');
      const toCents = (shown: string) => Math.round(Number(shown.replace(/[$,]/g, '')) * 100);
      const cashBefore = toCents(await text(page, 'cash-balance'));
      const vendor = await http(base, '/api/v1/vendors', { key, body: { name: 'Office Supplies Ltd' } });
      const expense = (await http(base, '/api/v1/accounts?limit=100', { key })).body.data.find(
        (a: { code: string }) => a.code === '6000',
      ).id;
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
      // Due 10 days ago: all of it overdue, in the 1–30 days bucket.
      const bill = await http(base, '/api/v1/bills', {
        key,
        body: {
          vendorId: vendor.body.id,
          issueDate: daysAgo(20),
          dueDate: daysAgo(10),
          lines: [{ description: 'Paper', unitPrice: 75, accountId: expense }],
        },
      });
      expect(bill.status).toBe(201);
      const shown = await timeUntil(
        page,
        () =>
          document.getElementById('payables-outstanding')!.textContent === '$75.00' &&
          /Bill \S+ created/.test(document.getElementById('feed')!.innerText),
      );
      expect(shown).toBeLessThan(LIVE_WITHIN_MS);
      expect(await text(page, 'payables-overdue')).toBe('$75.00');
      // The card says what it counts: owed as of today (a bill dated later counts from its date).
      expect(await page.locator('#payables-overdue').locator('xpath=..').innerText()).toContain('as of today');
      expect(await page.locator('#payables-aging-chart').getAttribute('aria-label')).toContain('1–30 days $75.00');

      expect((await http(base, `/api/v1/bills/${bill.body.id}/payments`, { key, body: { amount: 25 } })).status).toBe(201);
      expect(
        (await http(base, '/api/v1/sales-receipts', { key, body: { lines: [{ description: 'Walk-in sale', unitPrice: 10 }] } })).status,
      ).toBe(201);
      // Cash falls by the bill payment and rises by the sale: 25.00 out, 10.00 into the bank.
      const cashAfter = `$${((cashBefore - 2500 + 1000) / 100).toFixed(2)}`;
      await page.waitForFunction(
        (want) =>
          document.getElementById('payables-outstanding')!.textContent === '$50.00' &&
          document.getElementById('cash-balance')!.textContent === want,
        cashAfter,
        { timeout: 5000 },
      );
      expect(await page.locator('#feed').innerText()).toMatch(/Sales receipt SR-\d+ created/);
      await page.screenshot({ path: join(ARTIFACTS, 'dashboard-payables-1280.png'), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
  it('shows what needs attention: what falls due in two weeks, estimates awaiting an answer, emails that failed', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const post = async (path: string, body: unknown = {}) => {
      const response = await http(base, path, { key, body });
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      return response.body;
    };
    const lines = (unitPrice: number) => [{ description: 'Attention', unitPrice }];
    const soon = await post('/api/v1/invoices', { customerId, issueDate: inDays(0), dueDate: inDays(5), lines: lines(75) });
    const later = await post('/api/v1/invoices', { customerId, issueDate: inDays(0), dueDate: inDays(40), lines: lines(20) });
    const vendor = await post('/api/v1/vendors', { name: 'Paper Supplies GmbH' });
    const expense = (await http(base, '/api/v1/accounts?type=expense&limit=1', { key })).body.data[0];
    const bill = await post('/api/v1/bills', {
      vendorId: vendor.id,
      issueDate: inDays(0),
      dueDate: inDays(10),
      lines: [{ description: 'Paper', unitPrice: 30, accountId: expense.id }],
    });
    const estimate = await post('/api/v1/estimates', { customerId, lines: lines(500) });
    await post(`/api/v1/estimates/${estimate.id}/mark-sent`);
    const queued = await http(base, `/api/v1/invoices/${soon.id}/send`, { key, body: { to: ['nobody@example.com'] } });
    expect(queued.status).toBe(202);

    const { context, page, errors } = await openPage();
    await signIn(page, key);
    await expect.poll(() => text(page, 'due-soon-table')).toMatch(new RegExp(`To collect: invoice ${soon.number}`));
    // Soonest first: the invoice due in 5 days, then the bill due in 10; the invoice due in 40 days is not there.
    const due = await text(page, 'due-soon-table');
    expect(due).toMatch(
      new RegExp(
        `invoice ${soon.number}\\s+Ada Lovelace Ltd\\s+\\$75\\.00[\\s\\S]*bill ${bill.number}\\s+Paper Supplies GmbH\\s+\\$30\\.00`,
      ),
    );
    expect(due).not.toContain(later.number);
    expect(await text(page, 'estimates-table')).toMatch(new RegExp(`${estimate.number}\\s+Ada Lovelace Ltd[\\s\\S]*\\$500\\.00`));
    // The mail server refuses the address for good: the email fails, its event refreshes the panel.
    await expect.poll(() => text(page, 'emails-table'), { timeout: 20_000 }).toMatch(/nobody@example\.com[\s\S]*No such mailbox/);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-attention-1280.png'), fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    // A key with the dashboard's own scopes and no more: each panel it cannot read says what it lacks.
    const narrow = (await createApiKey(database.db.prisma, organizationId, 'Figures only', { scopes: [...DASHBOARD_SCOPES] })).plaintext;
    const second = await openPage();
    await signIn(second.page, narrow);
    await expect.poll(() => text(second.page, 'estimates-lacks')).toBe('This key cannot read this (it lacks estimates:read).');
    expect(await text(second.page, 'emails-lacks')).toBe('This key cannot read this (it lacks emails:read).');
    expect(await second.page.locator('#emails-table').isHidden()).toBe(true);
    // Invoices it may read, bills not: the invoices due soon, and a word on what is left out.
    await expect.poll(() => text(second.page, 'due-soon-table')).toContain(`To collect: invoice ${soon.number}`);
    expect(await text(second.page, 'due-soon-table')).not.toContain(bill.number);
    expect(second.errors).toEqual([]);
    await second.context.close();
  }, 60_000);
});
