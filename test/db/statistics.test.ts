// SQLite plans with table statistics (PRAGMA optimize at start and hourly): without them it reads every
// invoice of an organization through an organization index to find a page of invoices by primary key;
// with sampled ones uncorrected it takes a large organization for a small one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planInvoices, writeInvoices } from '../../bench/bulk-seed.ts';
import { type Database, openDatabase, optimizeDatabase } from '../../src/db/database.ts';
import { DEFAULT_PG_RANDOM_PAGE_COST } from '../../src/db/pg-session.ts';
import { createTestApp, http, type TestApp, usingPostgres } from '../helpers.ts';

let t: TestApp;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
  const tenant = await t.tenant('Planned Co');
  organizationId = tenant.organizationId;
  const customer = await http(t.url, '/api/v1/customers', { key: tenant.key, body: { name: 'Plan Ltd' } });
  for (let i = 0; i < 30; i++) {
    expect(
      (
        await http(t.url, '/api/v1/invoices', {
          key: tenant.key,
          body: { customerId: customer.body.id, lines: [{ description: 'x', unitPrice: 1 + i }] },
        })
      ).status,
    ).toBe(201);
  }
});
afterAll(() => t.close());

/** A customer and a product of the key's organization, written through the API, for bench/bulk-seed.ts to invoice. */
async function buyerAndWidget(key: string) {
  const customer = await http(t.url, '/api/v1/customers', { key, body: { name: 'Big Buyer' } });
  const product = await http(t.url, '/api/v1/products', { key, body: { name: 'Widget', unitPrice: 5 } });
  return { customerIds: [customer.body.id as string], productIds: [product.body.id as string] };
}

it.skipIf(usingPostgres)('finds invoices by id through the primary key once the statistics are current (SQLite)', async () => {
  const ids = (await t.db.prisma.invoice.findMany({ select: { id: true }, take: 5 })).map((r) => r.id);
  const plan = async () =>
    (
      (await t.db.prisma.$queryRawUnsafe(
        `EXPLAIN QUERY PLAN SELECT * FROM "Invoice" WHERE "organizationId" = ? AND "id" IN (${ids.map(() => '?').join(',')})`,
        organizationId,
        ...ids,
      )) as { detail: string }[]
    )
      .map((row) => row.detail)
      .join(' | ');
  // As a database that has grown since its last statistics: none at all.
  await t.db.prisma.$executeRawUnsafe('DROP TABLE IF EXISTS sqlite_stat1');
  expect(await plan()).toMatch(/USING INDEX Invoice_organizationId/);
  await optimizeDatabase(t.db);
  expect(await plan()).toMatch(/USING INDEX sqlite_autoindex_Invoice_1 \(id=\?\)/);
});

it.skipIf(usingPostgres)(
  'know how many invoices an organization has, not how many a 400-row sample held, so the overdue list reads the open ones (SQLite)',
  async () => {
    // One organization with thousands of invoices, most paid, the open ones the newest (bench/bulk-seed.ts).
    const tenant = await t.tenant('Large Co');
    await writeInvoices(
      t.db,
      tenant.organizationId,
      planInvoices(30_000, { ...(await buyerAndWidget(tenant.key)), endDate: '2026-11-20', perDay: 100 }),
    );
    await t.db.prisma.$executeRawUnsafe('DROP TABLE IF EXISTS sqlite_stat1');
    await optimizeDatabase(t.db);
    const [{ stat }] = await t.db.prisma.$queryRawUnsafe<{ stat: string }[]>(
      `SELECT stat FROM sqlite_stat1 WHERE idx = 'Invoice_organizationId_status_issueDate_id_idx'`,
    );
    const [rows, perOrganization] = stat.split(' ').map(Number);
    const organizations = await t.db.prisma.organization.count();
    expect(perOrganization).toBe(Math.ceil(rows / organizations));
    const plan = (
      (await t.db.prisma.$queryRawUnsafe(
        `EXPLAIN QUERY PLAN SELECT "id" FROM "Invoice" WHERE "organizationId" = ? AND "status" IN ('OPEN', 'PARTIALLY_PAID') AND ` +
          `"dueDate" < ? ORDER BY "issueDate" ASC, "id" ASC LIMIT 25`,
        tenant.organizationId,
        '2026-11-20',
      )) as { detail: string }[]
    )
      .map((row) => row.detail)
      .join(' | ');
    expect(plan, 'not a walk of every invoice in issue-date order').toMatch(/Invoice_organizationId_status_issueDate_id_idx/);
  },
);

describe.runIf(usingPostgres)("PostgreSQL's page cost (PG_RANDOM_PAGE_COST, db/pg-session.ts)", () => {
  it("reads a page's lines through their invoices' index on a small organization's table", async () => {
    // Two hundred invoices of a few lines: the size most organizations are, on a database of their own.
    const tenant = await t.tenant('Small Books Co');
    await writeInvoices(
      t.db,
      tenant.organizationId,
      planInvoices(200, { ...(await buyerAndWidget(tenant.key)), endDate: '2026-11-20', perDay: 5 }),
    );
    await t.db.prisma.$executeRawUnsafe('ANALYZE "Invoice", "InvoiceLine"');
    t.queries.length = 0;
    const page = await http(t.url, '/graphql', {
      key: tenant.key,
      body: { query: '{ invoices(first: 25) { edges { node { number lines { description } } } } }' },
    });
    expect(page.body.errors).toBeUndefined();
    const linesRead = t.queries.find((q) => q.includes('FROM "InvoiceLine"') && q.includes('= ANY('));
    expect(linesRead, "the lines are read by their invoices' keys").toBeDefined();
    expect(page.body.data.invoices.edges).toHaveLength(25);
    const ids = (
      await t.db.prisma.invoice.findMany({ where: { organizationId: tenant.organizationId }, take: 25, select: { id: true } })
    ).map((r) => r.id);
    let n = 0;
    const sql = linesRead!.replace(/\?/g, () => `$${++n}`);
    // The plan a prepared statement settles on: generic, the keys a parameter.
    const planWith = (pageCost?: number) =>
      t.db.prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe('SET LOCAL plan_cache_mode = force_generic_plan');
        if (pageCost !== undefined) await tx.$executeRawUnsafe(`SET LOCAL random_page_cost = ${pageCost}`);
        const rows: { 'QUERY PLAN': string }[] = await tx.$queryRawUnsafe(`EXPLAIN ${sql}`, ids);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await planWith()).toMatch(/Index (Only )?Scan using "InvoiceLine_invoiceId/);
    // PostgreSQL's default prices the index out: every line compared with every key.
    expect(await planWith(4)).toMatch(/Seq Scan on "InvoiceLine"/);
  });

  it('is the service default on every session, and PG_RANDOM_PAGE_COST=server leaves the database its own', async () => {
    const setting = async (db: Database) =>
      ((await db.prisma.$queryRawUnsafe('SHOW random_page_cost')) as { random_page_cost: string }[])[0];
    expect(await setting(t.db)).toEqual({ random_page_cost: String(DEFAULT_PG_RANDOM_PAGE_COST) });
    const own = openDatabase(t.databaseUrl, t.dataDir, { pgRandomPageCost: null });
    const chosen = openDatabase(t.databaseUrl, t.dataDir, { pgRandomPageCost: 2.5 });
    try {
      const [{ boot_val }] = (await own.prisma.$queryRawUnsafe(
        "SELECT COALESCE(reset_val, boot_val) AS boot_val FROM pg_settings WHERE name = 'random_page_cost'",
      )) as { boot_val: string }[];
      expect(await setting(own)).toEqual({ random_page_cost: boot_val });
      expect(await setting(chosen)).toEqual({ random_page_cost: '2.5' });
    } finally {
      await own.close();
      await chosen.close();
    }
  });
});
