// SQLite plans with table statistics (PRAGMA optimize at start and hourly): without them it reads every
// invoice of an organization through an organization index to find a page of invoices by primary key.
import { afterAll, beforeAll, expect, it } from 'vitest';
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
    expect((await http(t.url, '/api/v1/invoices', { key: tenant.key, body: { customerId: customer.body.id, lines: [{ description: 'x', unitPrice: 1 + i }] } })).status).toBe(201);
  }
});
afterAll(() => t.close());

it.skipIf(usingPostgres)('finds invoices by id through the primary key once the statistics are current (SQLite)', async () => {
  const ids = (await t.db.prisma.invoice.findMany({ select: { id: true }, take: 5 })).map((r) => r.id);
  const plan = async () =>
    ((await t.db.prisma.$queryRawUnsafe(`EXPLAIN QUERY PLAN SELECT * FROM "Invoice" WHERE "organizationId" = ? AND "id" IN (${ids.map(() => '?').join(',')})`, organizationId, ...ids)) as { detail: string }[])
      .map((row) => row.detail)
      .join(' | ');
  // As a database that has grown since its last statistics: none at all.
  await t.db.prisma.$executeRawUnsafe('DROP TABLE IF EXISTS sqlite_stat1');
  expect(await plan()).toMatch(/USING INDEX Invoice_organizationId/);
  await optimizeDatabase(t.db);
  expect(await plan()).toMatch(/USING INDEX sqlite_autoindex_Invoice_1 \(id=\?\)/);
});
