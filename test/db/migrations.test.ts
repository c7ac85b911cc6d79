import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_ROOT, MigrationError, migrate, readMigrations } from '../../src/db/migrate.ts';
import { NO_FILTERS, withSchemaEngine } from '../../src/db/schema-engine.ts';
import { schemaFor, SQLITE_SCHEMA_PATH } from '../../src/db/schema-text.ts';
import { insertRows } from '../../src/db/insert.ts';
import { hashSecret, verifyApiKey } from '../../src/core/api-keys.ts';
import { openDatabase } from '../../src/db/database.ts';
import { STANDARD_CHART } from '../../src/modules/accounts/standard-chart.ts';
import { keptSumsDrift, rebuildPendingAging } from '../../src/modules/documents/index.ts';
import { freshDatabase, type TestDatabase, usingPostgres } from '../helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function database(): TestDatabase {
  const t = freshDatabase();
  cleanups.push(() => t.drop());
  return t;
}

async function tableNames(t: TestDatabase): Promise<string[]> {
  const rows: { name: string }[] =
    t.db.provider === 'sqlite'
      ? await t.db.prisma.$queryRawUnsafe(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      : await t.db.prisma.$queryRawUnsafe(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`);
  return rows.map((r) => r.name).sort();
}

async function history(t: TestDatabase): Promise<string[]> {
  const rows: { migration_name: string }[] = await t.db.prisma.$queryRawUnsafe(
    'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name',
  );
  return rows.map((r) => r.migration_name);
}

/** Migrates a fresh copy of the migrations before `name` only: the database of an older version. */
async function migrateBefore(t: TestDatabase, name: string) {
  const root = mkdtempSync(join(tmpdir(), 'acct-migrations-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const before = readMigrations(t.db.provider).filter((m) => m.name < name);
  for (const m of before) cpSync(join(MIGRATIONS_ROOT, t.db.provider, m.name), join(root, t.db.provider, m.name), { recursive: true });
  cpSync(join(MIGRATIONS_ROOT, t.db.provider, 'migration_lock.toml'), join(root, t.db.provider, 'migration_lock.toml'));
  expect(await migrate(t.db, { root })).toEqual(before.map((m) => m.name));
}

/**
 * An organization and its chart as an older version wrote them: raw SQL naming only columns every
 * version has (today's client would also write, and read back, columns an older schema lacks), and
 * the chart of that version (without the accounts added since, such as recoverable tax).
 */
async function olderOrganization(t: TestDatabase, name: string) {
  const id = `org_${name.toLowerCase().replace(/[^a-z]/g, '')}`;
  const now = new Date().toISOString();
  await t.db.prisma.$executeRawUnsafe(
    `INSERT INTO "Organization" ("id", "name", "baseCurrency", "createdAt", "updatedAt") VALUES ('${id}', '${name}', 'USD', ` +
      `'${now}', '${now}')`,
  );
  const chart = STANDARD_CHART.filter((a) => a.systemRole !== 'tax_recoverable');
  const rows = chart.map(
    (a, i) =>
      `('acct_${id.slice(4)}${i}', '${id}', '${a.code}', '${a.name.replace("'", "''")}', '${a.type}', '${a.subtype}', ` +
      `${a.systemRole ? 'true' : 'false'}, ${a.systemRole ? `'${a.systemRole}'` : 'NULL'}, '${now}', '${now}')`,
  );
  await t.db.prisma.$executeRawUnsafe(
    `INSERT INTO "Account" ("id", "organizationId", "code", "name", "type", "subtype", "system", "systemRole", "createdAt", ` +
      `"updatedAt") VALUES ${rows.join(', ')}`,
  );
  return { id };
}

describe('migrations', () => {
  it('bring an empty database to the full schema, then find nothing to do', async () => {
    const t = database();
    const all = readMigrations(t.db.provider).map((m) => m.name);
    expect(all.length).toBeGreaterThan(0);

    expect(await migrate(t.db)).toEqual(all);
    const tables = await tableNames(t);
    for (const model of [
      'Organization',
      'ApiKey',
      'Account',
      'JournalEntry',
      'JournalLine',
      'Customer',
      'Vendor',
      'Product',
      'Invoice',
      'InvoiceLine',
      'Payment',
      'Employee',
      'WebhookSubscription',
      'Event',
      'WebhookDelivery',
      'IdempotencyKey',
    ]) {
      expect(tables).toContain(model);
    }
    expect(await history(t)).toEqual(all);

    expect(await migrate(t.db)).toEqual([]);
    expect(await history(t)).toEqual(all);
  });

  it('are recorded so that the Prisma schema engine reads them as applied and unedited', async () => {
    const t = database();
    await migrate(t.db);
    const schema = schemaFor(t.db.provider);
    const migrations = readMigrations(t.db.provider);
    const diagnosis = await withSchemaEngine(schema.path, schema.text, t.db.adapterFactory, (engine) =>
      engine.diagnoseMigrationHistory({
        migrationsList: {
          baseDir: join(MIGRATIONS_ROOT, t.db.provider),
          lockfile: {
            path: join(MIGRATIONS_ROOT, t.db.provider, 'migration_lock.toml'),
            content: readFileSync(join(MIGRATIONS_ROOT, t.db.provider, 'migration_lock.toml'), 'utf8'),
          },
          shadowDbInitScript: '',
          migrationDirectories: migrations.map((m) => ({
            path: m.name,
            migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: m.sql } },
          })),
        },
        optInToShadowDatabase: false,
        filters: NO_FILTERS,
      }),
    );
    expect(diagnosis).toMatchObject({ history: null, failedMigrationNames: [], editedMigrationNames: [], hasMigrationsTable: true });
  });

  it('give books posted before daily totals existed their totals (account_daily_totals backfills them)', async () => {
    const t = database();
    await migrateBefore(t, '20261123193251_account_daily_totals');

    // Books of an older version: entries and lines only (written as that version wrote them).
    const org = await olderOrganization(t, 'Older Co');
    const [cash, sales] = await t.db.prisma.account.findMany({
      where: { organizationId: org.id, code: { in: ['1000', '4000'] } },
      orderBy: { code: 'asc' },
      select: { id: true },
    });
    const postings = [
      { date: '2026-01-05', amount: 1_000n },
      { date: '2026-01-05', amount: 250n },
      { date: '2026-02-10', amount: 99n },
    ];
    for (const [n, { date, amount }] of postings.entries()) {
      const entryId = `je_old${n}`;
      await insertRows(
        t.db.prisma,
        'JournalEntry',
        ['id', 'organizationId', 'number', 'date', 'description', 'sourceType', 'totalAmount', 'currency', 'createdAt'],
        [
          {
            id: entryId,
            organizationId: org.id,
            number: n + 1,
            date,
            description: 'old',
            sourceType: 'manual',
            totalAmount: amount,
            currency: 'USD',
            createdAt: new Date(),
          },
        ],
      );
      await insertRows(
        t.db.prisma,
        'JournalLine',
        ['id', 'organizationId', 'entryId', 'lineNo', 'accountId', 'debit', 'credit', 'date'],
        [
          { id: `jl_old${n}a`, organizationId: org.id, entryId, lineNo: 1, accountId: cash.id, debit: amount, credit: 0n, date },
          { id: `jl_old${n}b`, organizationId: org.id, entryId, lineNo: 2, accountId: sales.id, debit: 0n, credit: amount, date },
        ],
      );
    }

    expect(await migrate(t.db)).toEqual([
      '20261123193251_account_daily_totals',
      ...readMigrations(t.db.provider)
        .map((m) => m.name)
        .filter((name) => name > '20261123193251_account_daily_totals'),
    ]);
    const totals = await t.db.prisma.accountDailyTotal.findMany({
      where: { organizationId: org.id },
      orderBy: [{ date: 'asc' }, { accountId: 'asc' }],
    });
    const row = (accountId: string, date: string, debit: bigint, credit: bigint) => ({
      organizationId: org.id,
      accountId,
      date,
      debit,
      credit,
    });
    expect(totals).toEqual(
      [
        row(cash.id, '2026-01-05', 1_250n, 0n),
        row(sales.id, '2026-01-05', 0n, 1_250n),
        row(cash.id, '2026-02-10', 99n, 0n),
        row(sales.id, '2026-02-10', 0n, 99n),
      ].sort((a, b) => a.date.localeCompare(b.date) || a.accountId.localeCompare(b.accountId)),
    );
  });

  it('give keys made before scopes existed every scope (*), so they keep working unchanged; events before actors have none', async () => {
    const t = database();
    const SCOPES = '20261124172647_api_key_scopes_and_event_actors';
    await migrateBefore(t, SCOPES);
    // A key and an event as the older version wrote them (no scopes, no expiry, no actor).
    const org = await olderOrganization(t, 'Keyed Co');
    const secret = 'S'.repeat(32);
    await insertRows(
      t.db.prisma,
      'ApiKey',
      ['id', 'organizationId', 'name', 'prefix', 'secretHash', 'createdAt'],
      [
        {
          id: 'key_old',
          organizationId: org.id,
          name: 'Old integration',
          prefix: 'oldprefix000',
          secretHash: hashSecret(secret).toString('hex'),
          createdAt: new Date(),
        },
      ],
    );
    await insertRows(
      t.db.prisma,
      'Event',
      ['id', 'organizationId', 'type', 'resourceType', 'resourceId', 'payload', 'createdAt'],
      [
        {
          id: 'evt_old',
          organizationId: org.id,
          type: 'organization.updated',
          resourceType: 'organization',
          resourceId: org.id,
          payload: '{}',
          createdAt: new Date(),
        },
      ],
    );

    expect(await migrate(t.db)).toContain(SCOPES);
    // As a server started on the migrated database verifies it (a fresh handle, as after a restart).
    const server = openDatabase(t.databaseUrl, t.dataDir);
    cleanups.push(() => server.close());
    const key = await verifyApiKey(server, `ak_oldprefix000_${secret}`);
    expect(key && [...key.scopes]).toEqual(['*']);
    expect(await t.db.prisma.apiKey.findUniqueOrThrow({ where: { id: 'key_old' } })).toMatchObject({
      scopes: '*',
      expiresAt: null,
      createdByKeyId: null,
    });
    expect(await t.db.prisma.event.findUniqueOrThrow({ where: { id: 'evt_old' } })).toMatchObject({ actor: null, actorKeyId: null });
  });

  it(
    'give organizations made before bills a recoverable tax account, under a free code, and (SQLite) invoice postings back their ' +
      'customer',
    async () => {
      const t = database();
      const BILLS = '20261125031712_bills';
      await migrateBefore(t, BILLS);
      const plain = await olderOrganization(t, 'Plain Co');
      const taken = await olderOrganization(t, 'Taken Co');
      // This one already used code 1400 for an account of its own.
      await t.db.prisma.$executeRawUnsafe(
        `INSERT INTO "Account" ("id", "organizationId", "code", "name", "type", "createdAt", "updatedAt") VALUES ('acct_own1400', ` +
          `'${taken.id}', '1400', 'Prepaid rent', 'ASSET', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      );

      // An invoice's posting whose lines lost their customer to an earlier rebuild of the customers table.
      const at = '2026-01-01T00:00:00.000Z';
      const [receivables, sales] = await t.db.prisma.account.findMany({
        where: { organizationId: plain.id, code: { in: ['1200', '4000'] } },
        orderBy: { code: 'asc' },
        select: { id: true },
      });
      for (const statement of [
        `INSERT INTO "Customer" ("id", "organizationId", "name", "createdAt", "updatedAt") VALUES ('cus_lost', '${plain.id}', 'Lost ` +
          `Ltd', '${at}', '${at}')`,
        `INSERT INTO "JournalEntry" ("id", "organizationId", "number", "date", "description", "sourceType", "sourceId", ` +
          `"totalAmount", "currency", "createdAt") VALUES ('je_lost', '${plain.id}', 1, '2026-01-02', 'Invoice INV-0001', ` +
          `'invoice', 'inv_lost', 500, 'USD', '${at}'), ('je_manual', '${plain.id}', 2, '2026-01-03', 'By hand', 'manual', NULL, 7, ` +
          `'USD', '${at}')`,
        `INSERT INTO "JournalLine" ("id", "organizationId", "entryId", "lineNo", "accountId", "debit", "credit", "date") VALUES ` +
          `('jl_lost1', '${plain.id}', 'je_lost', 1, '${receivables.id}', 500, 0, '2026-01-02'), ('jl_lost2', '${plain.id}', ` +
          `'je_lost', 2, '${sales.id}', 0, 500, '2026-01-02'), ('jl_manual', '${plain.id}', 'je_manual', 1, '${sales.id}', 7, 0, ` +
          `'2026-01-03')`,
        `INSERT INTO "Invoice" ("id", "organizationId", "number", "customerId", "status", "issueDate", "dueDate", "currency", ` +
          `"subtotal", "taxTotal", "total", "journalEntryId", "createdAt", "updatedAt") VALUES ('inv_lost', '${plain.id}', ` +
          `'INV-0001', 'cus_lost', 'OPEN', '2026-01-02', '2026-02-01', 'USD', 500, 0, 500, 'je_lost', '${at}', '${at}')`,
      ])
        await t.db.prisma.$executeRawUnsafe(statement);

      expect(await migrate(t.db)).toContain(BILLS);
      if (t.db.provider === 'sqlite') {
        const lines = await t.db.prisma.journalLine.findMany({
          where: { organizationId: plain.id },
          orderBy: { id: 'asc' },
          select: { id: true, customerId: true },
        });
        expect(lines).toEqual([
          { id: 'jl_lost1', customerId: 'cus_lost' },
          { id: 'jl_lost2', customerId: 'cus_lost' },
          { id: 'jl_manual', customerId: null },
        ]);
      }
      for (const [org, code] of [
        [plain, '1400'],
        [taken, '1400-TAX'],
      ] as const) {
        const account = await t.db.prisma.account.findFirstOrThrow({ where: { organizationId: org.id, systemRole: 'tax_recoverable' } });
        expect(account).toMatchObject({
          code,
          name: 'Recoverable Tax',
          type: 'ASSET',
          subtype: 'tax_recoverable',
          system: true,
          active: true,
        });
        expect(account.id).toMatch(/^acct_[0-9a-z]{26}$/);
        expect(account.createdAt).toBeInstanceOf(Date);
        // Counted in the kept list count, as every account is.
        const counted = await t.db.prisma.listCount.findFirst({ where: { organizationId: org.id, model: 'Account' } });
        expect(Number(counted?.count)).toBe(await t.db.prisma.account.count({ where: { organizationId: org.id } }));
      }
      expect(await t.db.prisma.account.findUniqueOrThrow({ where: { id: 'acct_own1400' } })).toMatchObject({
        code: '1400',
        systemRole: null,
      });
    },
  );

  it("tell lines without tax from a zero rate (null, not 0), and name the account each posted line's tax went to", async () => {
    const t = database();
    const TAX_KEPT_APART = '20261126134151_tax_kept_apart';
    await migrateBefore(t, TAX_KEPT_APART);
    const org = await olderOrganization(t, 'Taxed Co');
    const at = '2026-01-01T00:00:00.000Z';
    const [salesTax, sales] = await Promise.all(
      ['2200', '4000'].map((code) =>
        t.db.prisma.account.findFirstOrThrow({ where: { organizationId: org.id, code }, select: { id: true } }),
      ),
    );
    for (const statement of [
      `INSERT INTO "Account" ("id", "organizationId", "code", "name", "type", "createdAt", "updatedAt") VALUES ('acct_city', ` +
        `'${org.id}', '2220', 'City tax', 'LIABILITY', '${at}', '${at}')`,
      `INSERT INTO "TaxRate" ("id", "organizationId", "name", "ratePpm", "salesAccountId", "createdAt", "updatedAt") VALUES ` +
        `('txr_city', '${org.id}', 'City', 25000, 'acct_city', '${at}', '${at}'), ('txr_zero', '${org.id}', 'Zero', 0, NULL, ` +
        `'${at}', '${at}')`,
      `INSERT INTO "Product" ("id", "organizationId", "name", "taxRatePpm", "createdAt", "updatedAt") VALUES ('prod_untaxed', ` +
        `'${org.id}', 'Untaxed', 0, '${at}', '${at}'), ('prod_taxed', '${org.id}', 'Taxed', 80000, '${at}', '${at}')`,
      `INSERT INTO "Customer" ("id", "organizationId", "name", "createdAt", "updatedAt") VALUES ('cus_t', '${org.id}', 'Buyer', ` +
        `'${at}', '${at}')`,
      `INSERT INTO "JournalEntry" ("id", "organizationId", "number", "date", "description", "sourceType", "sourceId", ` +
        `"totalAmount", "currency", "createdAt") VALUES ('je_t', '${org.id}', 1, '2026-01-02', 'Invoice INV-0001', 'invoice', ` +
        `'inv_posted', 1000, 'USD', '${at}')`,
      `INSERT INTO "Invoice" ("id", "organizationId", "number", "customerId", "status", "issueDate", "dueDate", "currency", ` +
        `"subtotal", "taxTotal", "total", "journalEntryId", "createdAt", "updatedAt") VALUES ('inv_posted', '${org.id}', ` +
        `'INV-0001', 'cus_t', 'OPEN', '2026-01-02', '2026-02-01', 'USD', 1000, 0, 1000, 'je_t', '${at}', '${at}'), ('inv_draft', ` +
        `'${org.id}', 'INV-0002', 'cus_t', 'DRAFT', '2026-01-02', '2026-02-01', 'USD', 100, 0, 100, NULL, '${at}', '${at}')`,
      `INSERT INTO "InvoiceLine" ("id", "organizationId", "invoiceId", "lineNo", "accountId", "description", "quantityMilli",
        "unitPrice", "taxRatePpm", "taxRateId", "amount", "taxAmount") VALUES
        ('il_untaxed', '${org.id}', 'inv_posted', 1, '${sales.id}', 'none', 1000, 100, 0, NULL, 100, 0),
        ('il_bare', '${org.id}', 'inv_posted', 2, '${sales.id}', 'bare', 1000, 100, 80000, NULL, 100, 8),
        ('il_city', '${org.id}', 'inv_posted', 3, '${sales.id}', 'city', 1000, 100, 25000, 'txr_city', 100, 3),
        ('il_zero', '${org.id}', 'inv_posted', 4, '${sales.id}', 'zero', 1000, 100, 0, 'txr_zero', 100, 0),
        ('il_draft', '${org.id}', 'inv_draft', 1, '${sales.id}', 'draft', 1000, 100, 25000, 'txr_city', 100, 3)`,
    ])
      await t.db.prisma.$executeRawUnsafe(statement);

    expect(await migrate(t.db)).toContain(TAX_KEPT_APART);
    const lines = await t.db.prisma.invoiceLine.findMany({
      where: { organizationId: org.id },
      orderBy: { id: 'asc' },
      select: { id: true, taxRatePpm: true, taxAccountId: true },
    });
    expect(lines).toEqual([
      { id: 'il_bare', taxRatePpm: 80000, taxAccountId: salesTax.id },
      { id: 'il_city', taxRatePpm: 25000, taxAccountId: 'acct_city' },
      { id: 'il_draft', taxRatePpm: 25000, taxAccountId: null }, // posted, and given its account, when finalized
      { id: 'il_untaxed', taxRatePpm: null, taxAccountId: null },
      { id: 'il_zero', taxRatePpm: 0, taxAccountId: salesTax.id }, // a rate of 0 % is a zero rate, not "no tax"
    ]);
    const products = await t.db.prisma.product.findMany({
      where: { organizationId: org.id },
      orderBy: { id: 'asc' },
      select: { id: true, taxRatePpm: true },
    });
    expect(products).toEqual([
      { id: 'prod_taxed', taxRatePpm: 80000 },
      { id: 'prod_untaxed', taxRatePpm: null },
    ]);
  });

  it('keep every reference when a migration rebuilds a referenced table (customers, invoice lines, API keys)', async () => {
    const t = database();
    // Books as they stood before the customers table was rebuilt: a customer, its invoice, a journal line naming it.
    await migrateBefore(t, '20261124184658_customer_balance');
    const org = await olderOrganization(t, 'Rebuilt Co');
    const [receivables, sales] = await t.db.prisma.account.findMany({
      where: { organizationId: org.id, code: { in: ['1200', '4000'] } },
      orderBy: { code: 'asc' },
      select: { id: true },
    });
    const at = '2026-01-01T00:00:00.000Z';
    const sql = [
      `INSERT INTO "Customer" ("id", "organizationId", "name", "createdAt", "updatedAt") VALUES ('cus_kept', '${org.id}', 'Kept ` +
        `Ltd', '${at}', '${at}')`,
      `INSERT INTO "JournalEntry" ("id", "organizationId", "number", "date", "description", "sourceType", "totalAmount", ` +
        `"currency", "createdAt") VALUES ('je_kept', '${org.id}', 1, '2026-01-02', 'Invoice INV-0001', 'invoice', 500, 'USD', '${at}')`,
      `INSERT INTO "JournalLine" ("id", "organizationId", "entryId", "lineNo", "accountId", "debit", "credit", "date", ` +
        `"customerId") VALUES ('jl_kept1', '${org.id}', 'je_kept', 1, '${receivables.id}', 500, 0, '2026-01-02', 'cus_kept'), ` +
        `('jl_kept2', '${org.id}', 'je_kept', 2, '${sales.id}', 0, 500, '2026-01-02', 'cus_kept')`,
      `INSERT INTO "Invoice" ("id", "organizationId", "number", "customerId", "status", "issueDate", "dueDate", "currency", ` +
        `"subtotal", "taxTotal", "total", "journalEntryId", "createdAt", "updatedAt") VALUES ('inv_kept', '${org.id}', 'INV-0001', ` +
        `'cus_kept', 'OPEN', '2026-01-02', '2026-02-01', 'USD', 500, 0, 500, 'je_kept', '${at}', '${at}')`,
      `INSERT INTO "InvoiceLine" ("id", "organizationId", "invoiceId", "lineNo", "accountId", "description", "quantityMilli", ` +
        `"unitPrice", "amount", "taxAmount") VALUES ('il_kept', '${org.id}', 'inv_kept', 1, '${sales.id}', 'Work', 1000, 500, 500, 0)`,
    ];
    for (const statement of sql) await t.db.prisma.$executeRawUnsafe(statement);

    await migrate(t.db);
    expect(await t.db.prisma.journalLine.findMany({ where: { entryId: 'je_kept' }, select: { customerId: true } })).toEqual([
      { customerId: 'cus_kept' },
      { customerId: 'cus_kept' },
    ]);
    expect(
      await t.db.prisma.invoice.findUniqueOrThrow({
        where: { id: 'inv_kept' },
        select: { customerId: true, lines: { select: { id: true } } },
      }),
    ).toEqual({ customerId: 'cus_kept', lines: [{ id: 'il_kept' }] });
    expect(await t.db.prisma.customer.findUniqueOrThrow({ where: { id: 'cus_kept' } })).toMatchObject({ name: 'Kept Ltd', balance: 500n });
    expect(await t.db.prisma.account.count({ where: { organizationId: org.id } })).toBe(STANDARD_CHART.length);
  });

  it('list the organizations of an older version for their aging to be derived (kept_aging), and none made after', async () => {
    const t = database();
    const KEPT_AGING = '20261127203044_kept_aging';
    await migrateBefore(t, KEPT_AGING);
    const older = await olderOrganization(t, 'Aged Co');
    await migrate(t.db);
    await olderOrganization(t, 'Newer Co');
    expect(await t.db.prisma.agingRebuild.findMany()).toEqual([{ organizationId: older.id }]);
    await rebuildPendingAging(t.db);
    expect(await t.db.prisma.agingRebuild.findMany()).toEqual([]);
  });

  it("give the kept aging of an older version each party's running balances and list its parties (running_aging)", async () => {
    const t = database();
    await migrateBefore(t, '20261129030614_running_aging');
    const { id } = await olderOrganization(t, 'Running Co');
    // Steps as the older version's triggers summed them: two parties, due dates out of order, one netting to zero.
    const steps = [
      ['d1', '2026-01-05', 'cus_a', 'USD', '2026-02-04', 500],
      ['d2', '2026-01-10', 'cus_a', 'USD', '2026-01-10', 80],
      ['d3', '2026-02-01', 'cus_a', 'EUR', '2026-03-01', 110],
      ['d4', '2026-02-10', 'cus_b', 'USD', '2026-03-12', 300],
      ['d5', '2026-02-11', 'cus_b', 'USD', '2026-03-12', -300],
      ['d6', '2026-02-12', 'cus_b', 'USD', '2026-04-01', 40],
    ] as const;
    await t.db.prisma.$executeRawUnsafe(
      `INSERT INTO "AgingStep" ("documentId", "date", "organizationId", "side", "partyId", "currency", "dueDate", "home", "amount") VALUES ${steps
        .map(
          ([doc, date, party, currency, due, home]) =>
            `('${doc}', '${date}', '${id}', 'receivables', '${party}', '${currency}', '${due}', ${home}, ${home})`,
        )
        .join(', ')}`,
    );
    await migrate(t.db);
    expect(await keptSumsDrift(t.db.prisma, id)).toEqual([]);
    const running = await t.db.prisma.agingBalance.findMany({
      where: { organizationId: id },
      select: { partyId: true, currency: true, dueDate: true, runningHome: true },
      orderBy: [{ partyId: 'asc' }, { currency: 'asc' }, { dueDate: 'asc' }],
    });
    expect(running).toEqual([
      { partyId: 'cus_a', currency: 'EUR', dueDate: '2026-03-01', runningHome: 110n },
      { partyId: 'cus_a', currency: 'USD', dueDate: '2026-01-10', runningHome: 80n },
      { partyId: 'cus_a', currency: 'USD', dueDate: '2026-02-04', runningHome: 580n },
      { partyId: 'cus_b', currency: 'USD', dueDate: '2026-04-01', runningHome: 40n },
    ]);
    expect(await t.db.prisma.agingParty.count({ where: { organizationId: id } })).toBe(3);
    // And the triggers keep them from there.
    await t.db.prisma.$executeRawUnsafe(
      `INSERT INTO "AgingStep" ("documentId", "date", "organizationId", "side", "partyId", "currency", "dueDate", "home", "amount") ` +
        `VALUES ('d7', '2026-03-01', '${id}', 'receivables', 'cus_a', 'USD', '2026-01-20', 7, 7)`,
    );
    expect(await keptSumsDrift(t.db.prisma, id)).toEqual([]);
  });

  it('roll a failing migration back completely and refuse to go on', async () => {
    const t = database();
    const root = mkdtempSync(join(tmpdir(), 'acct-migrations-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    cpSync(join(MIGRATIONS_ROOT, t.db.provider), join(root, t.db.provider), { recursive: true });
    const bad = join(root, t.db.provider, '99990101000000_broken');
    mkdirSync(bad);
    // The first statement works, the second fails: nothing of the migration may remain.
    writeFileSync(
      join(bad, 'migration.sql'),
      'CREATE TABLE "Extra" ("id" TEXT NOT NULL PRIMARY KEY);\nINSERT INTO "NoSuchTable" ("id") VALUES (\'x\');\n',
    );

    const error = await migrate(t.db, { root }).catch((e) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect(error.message).toMatch(/99990101000000_broken failed and was rolled back/);
    expect(await tableNames(t)).not.toContain('Extra');
    const names = await history(t);
    expect(names).not.toContain('99990101000000_broken');
    // The good migrations before it are applied and recorded; a retry fails the same way, cleanly.
    expect(names).toEqual(readMigrations(t.db.provider).map((m) => m.name));
    await expect(migrate(t.db, { root })).rejects.toThrow(/rolled back/);
    expect(await tableNames(t)).not.toContain('Extra');
  });

  it('are up to date with schema.prisma (a schema change without a migration fails here)', () => {
    const snapshot = readFileSync(join(MIGRATIONS_ROOT, 'schema.snapshot.prisma'), 'utf8');
    expect(snapshot, 'run `npm run db:migration -- <name>` after editing schema.prisma').toBe(readFileSync(SQLITE_SCHEMA_PATH, 'utf8'));
  });

  it.runIf(!usingPostgres)('on SQLite, produce exactly the schema that schema.prisma describes', async () => {
    const t = database();
    await migrate(t.db);
    const schema = schemaFor('sqlite');
    const drift = await withSchemaEngine(schema.path, schema.text, t.db.adapterFactory, (engine) =>
      engine.diff({
        from: { tag: 'schemaDatasource', files: [{ path: schema.path, content: schema.text }], configDir: process.cwd() },
        to: { tag: 'schemaDatamodel', files: [{ path: schema.path, content: schema.text }] },
        script: true,
        exitCode: null,
        filters: NO_FILTERS,
      }),
    );
    expect(drift.stdout?.trim()).toBe('-- This is an empty migration.');
  });

  const PARTIAL_INDEXES = ['Bill_open_issueDate_id_idx', 'Invoice_open_issueDate_id_idx'];

  it.runIf(usingPostgres)(
    'on PostgreSQL, produce the same tables, columns, indexes and constraints as the schema engine makes from schema.prisma',
    async () => {
      // The engine cannot introspect PostgreSQL over the pg adapter (it chokes on the "char" type), so
      // compare the catalog of a migrated schema with one built straight from the datamodel.
      const migrated = database();
      await migrate(migrated.db);
      const direct = database();
      const schema = schemaFor('postgresql');
      const script = await withSchemaEngine(
        schema.path,
        schema.text,
        direct.db.adapterFactory,
        async (engine) =>
          (
            await engine.diff({
              from: { tag: 'empty' },
              to: { tag: 'schemaDatamodel', files: [{ path: schema.path, content: schema.text }] },
              script: true,
              exitCode: null,
              filters: NO_FILTERS,
            })
          ).stdout ?? '',
      );
      const directSchema = (direct.db as any).schema as string;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL!.replace(/\?.*$/, '') });
      await client.connect();
      cleanups.push(() => client.end());
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${directSchema}"; SET search_path TO "${directSchema}";`);
      await client.query(script.replace('CREATE SCHEMA IF NOT EXISTS "public";', ''));
      const describe = async (name: string) => {
        const columns = await client.query(
          `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default FROM information_schema.columns
         WHERE table_schema = $1 AND table_name <> '_prisma_migrations' ORDER BY table_name, column_name`,
          [name],
        );
        const indexes = await client.query(
          `SELECT indexname, regexp_replace(indexdef, ' ON [^ ]+\\.', ' ON ') AS def FROM pg_indexes WHERE schemaname = $1 AND ` +
            `tablename <> '_prisma_migrations' ORDER BY indexname`,
          [name],
        );
        const constraints = await client.query(
          `SELECT conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
         WHERE n.nspname = $1 AND conname NOT LIKE '_prisma_migrations%' ORDER BY conname`,
          [name],
        );
        const enums = await client.query(
          `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder) AS labels FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
         JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = $1 GROUP BY t.typname ORDER BY t.typname`,
          [name],
        );
        // Catalog text names the schema where it is not on the search path; the two schemas differ by name only.
        return JSON.parse(
          JSON.stringify({ columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows, enums: enums.rows }).replaceAll(
            `${name}.`,
            '',
          ),
        );
      };
      const a = await describe((migrated.db as any).schema);
      const b = await describe(directSchema);
      expect(a.columns.length).toBeGreaterThan(100);
      // Partial indexes schema.prisma cannot state, made by the PostgreSQL migrations alone.
      const partial = a.indexes.filter((i: { indexname: string }) => PARTIAL_INDEXES.includes(i.indexname));
      expect(partial.map((i: { def: string }) => i.def).sort()).toEqual([
        'CREATE INDEX "Bill_open_issueDate_id_idx" ON "Bill" USING btree ("organizationId", "issueDate", id) WHERE (status = ANY ' +
          '(ARRAY[\'OPEN\'::"InvoiceStatus", \'PARTIALLY_PAID\'::"InvoiceStatus"]))',
        'CREATE INDEX "Invoice_open_issueDate_id_idx" ON "Invoice" USING btree ("organizationId", "issueDate", id) WHERE (status = ' +
          'ANY (ARRAY[\'OPEN\'::"InvoiceStatus", \'PARTIALLY_PAID\'::"InvoiceStatus"]))',
      ]);
      a.indexes = a.indexes.filter((i: { indexname: string }) => !PARTIAL_INDEXES.includes(i.indexname));
      expect(a).toEqual(b);
    },
  );
});
