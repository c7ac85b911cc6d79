// SQLite plans with table statistics (PRAGMA optimize at start and hourly): without them it reads every
// invoice of an organization through an organization index to find a page of invoices by primary key;
// with sampled ones uncorrected it takes a large organization for a small one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planInvoices, writeInvoices } from '../../bench/bulk-seed.ts';
import { optimizeDatabase } from '../../src/db/database.ts';
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
    const customerIds = [(await http(t.url, '/api/v1/customers', { key: tenant.key, body: { name: 'Big Buyer' } })).body.id as string];
    const productIds = [
      (await http(t.url, '/api/v1/products', { key: tenant.key, body: { name: 'Widget', unitPrice: 5 } })).body.id as string,
    ];
    await writeInvoices(t.db, tenant.organizationId, planInvoices(30_000, { customerIds, productIds, endDate: '2026-11-20', perDay: 100 }));
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
