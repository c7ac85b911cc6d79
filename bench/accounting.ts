// `npm run bench` (add `-- --postgres` for PostgreSQL too): the accounting core against hand-written SQL
// doing the same work, in the same run, on the same database.
//   1. journal entry postings per second: the service (validation, numbering, lines, outbox event, one
//      transaction) vs a raw transaction inserting the same entry and lines;
//   2. trial balance over 1,000,000 journal lines: the service's report vs one raw GROUP BY.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, tuneDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { newId } from '../src/lib/ids.ts';
import { createJournalEntry } from '../src/modules/journal/journal.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { trialBalance } from '../src/modules/reports/reports.service.ts';
import { createUnitOfWork } from '../src/core/unit-of-work.ts';
import { representations } from '../src/registry.ts';

// The accounts' daily totals, kept by the raw side as writePosting keeps them (same statement shape).
const ADD_DAILY_TOTALS = 'INSERT INTO "AccountDailyTotal" ("organizationId", "accountId", "date", "debit", "credit")';
const ON_CONFLICT_ADD =
  'ON CONFLICT ("organizationId", "accountId", "date") DO UPDATE SET "debit" = "AccountDailyTotal"."debit" + excluded."debit", ' +
  '"credit" = "AccountDailyTotal"."credit" + excluded."credit"';

const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 2000);
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);

interface Raw {
  exec(sql: string, params?: unknown[]): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<any[]>;
  transaction(work: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

function rawSqlite(file: string): Raw {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return {
    async exec(sql, params = []) {
      db.prepare(sql).run(...(params as any[]));
    },
    async query(sql, params = []) {
      return db.prepare(sql).all(...(params as any[]));
    },
    async transaction(work) {
      db.exec('BEGIN IMMEDIATE');
      await work();
      db.exec('COMMIT');
    },
    async close() {
      db.close();
    },
  };
}

async function rawPostgres(connectionString: string, schema: string): Promise<Raw> {
  const client = new pg.Client({ connectionString, options: `-c search_path="${schema}"` });
  await client.connect();
  const sql = (text: string) =>
    text.replace(
      /\?/g,
      (() => {
        let i = 0;
        return () => `$${++i}`;
      })(),
    );
  return {
    async exec(text, params = []) {
      await client.query(sql(text), params);
    },
    async query(text, params = []) {
      return (await client.query(sql(text), params)).rows;
    },
    async transaction(work) {
      await client.query('BEGIN');
      await work();
      await client.query('COMMIT');
    },
    async close() {
      await client.end();
    },
  };
}

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

async function runOn(label: string, db: Database, raw: Raw) {
  await migrate(db);
  await tuneDatabase(db);
  const organization = await createOrganization(db.prisma, { name: `Bench ${randomBytes(3).toString('hex')}` });
  const tenant = { prisma: db.prisma, organizationId: organization.id, organization };
  // Postings go through the unit of work, as every request's write does (lock, events, one commit).
  const unitOfWork = createUnitOfWork({ db, representations });
  const post = (input: Parameters<typeof createJournalEntry>[1]) =>
    unitOfWork.write(organization.id, { operation: 'createJournalEntry', input }, (scope) => createJournalEntry(scope, input));
  const accounts = await db.prisma.account.findMany({ where: { organizationId: organization.id, systemRole: null } });
  const [debitAccount, creditAccount] = [accounts[0].id, accounts[1].id];

  // 1. Postings: warm up, then measure.
  for (let i = 0; i < 50; i++)
    await post({
      date: '2026-01-01',
      description: 'warm',
      lines: [
        { accountId: debitAccount, debit: '1' },
        { accountId: creditAccount, credit: '1' },
      ],
    });
  const service = await time(async () => {
    for (let i = 0; i < POSTINGS; i++) {
      await post({
        date: '2026-01-02',
        description: `Posting ${i}`,
        lines: [
          { accountId: debitAccount, debit: '12.34' },
          { accountId: creditAccount, credit: '12.34' },
        ],
      });
    }
  });
  let number = 1_000_000;
  const baseline = await time(async () => {
    for (let i = 0; i < POSTINGS; i++) {
      await raw.transaction(async () => {
        const id = newId('JournalEntry');
        await raw.exec(
          'INSERT INTO "JournalEntry" (id, "organizationId", number, date, description, "sourceType", "totalAmount", currency) ' +
            'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [id, organization.id, number++, '2026-01-02', `Raw ${i}`, 'manual', 1234, 'USD'],
        );
        await raw.exec(
          'INSERT INTO "JournalLine" (id, "organizationId", "entryId", "lineNo", "accountId", debit, credit, date) VALUES (?, ?, ?, ' +
            '1, ?, 1234, 0, ?), (?, ?, ?, 2, ?, 0, 1234, ?)',
          [
            newId('JournalLine'),
            organization.id,
            id,
            debitAccount,
            '2026-01-02',
            newId('JournalLine'),
            organization.id,
            id,
            creditAccount,
            '2026-01-02',
          ],
        );
        await raw.exec(`${ADD_DAILY_TOTALS} VALUES (?, ?, ?, 1234, 0), (?, ?, ?, 0, 1234) ${ON_CONFLICT_ADD}`, [
          organization.id,
          debitAccount,
          '2026-01-02',
          organization.id,
          creditAccount,
          '2026-01-02',
        ]);
      });
    }
  });
  const perSecond = (ms: number) => Math.round((POSTINGS / ms) * 1000);
  console.log(
    `${label}  postings/s: service ${perSecond(service.ms)}  raw SQL ${perSecond(baseline.ms)}  ratio ` +
      `${(baseline.ms / service.ms).toFixed(2)}`,
  );

  // 2. Trial balance over LINES lines: load them with one set-based insert per side, then compare.
  const entryId = newId('JournalEntry');
  await raw.exec(
    'INSERT INTO "JournalEntry" (id, "organizationId", number, date, description, "sourceType", "totalAmount", currency) VALUES (?, ' +
      '?, ?, ?, ?, ?, ?, ?)',
    [entryId, organization.id, 9_999_999, '2026-02-01', 'bulk', 'manual', LINES / 2, 'USD'],
  );
  const bulk =
    db.provider === 'sqlite'
      ? `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${LINES})
       INSERT INTO "JournalLine" (id, "organizationId", "entryId", "lineNo", "accountId", debit, credit, date)
       SELECT 'jl_bulk' || i, ?, ?, i + 10, CASE WHEN i % 2 = 0 THEN ? ELSE ? END, CASE WHEN i % 2 = 0 THEN 100 ELSE 0 END, CASE
         WHEN i % 2 = 0 THEN 0 ELSE 100 END,
              '2026-02-' || printf('%02d', 1 + i % 28) FROM n`
      : `INSERT INTO "JournalLine" (id, "organizationId", "entryId", "lineNo", "accountId", debit, credit, date)
       SELECT 'jl_bulk' || i, $1, $2, i + 10, CASE WHEN i % 2 = 0 THEN $3 ELSE $4 END, CASE WHEN i % 2 = 0 THEN 100 ELSE 0 END,
         CASE WHEN i % 2 = 0 THEN 0 ELSE 100 END,
              '2026-02-' || lpad((1 + i % 28)::text, 2, '0') FROM generate_series(1, ${LINES}) i`;
  const loaded = await time(async () => {
    await raw.exec(bulk, [organization.id, entryId, debitAccount, creditAccount]);
    // The accounts' daily totals of the loaded lines, as postings keep them.
    await raw.exec(
      `${ADD_DAILY_TOTALS} SELECT "organizationId", "accountId", date, SUM(debit), SUM(credit) FROM "JournalLine" WHERE "entryId" = ` +
        `? GROUP BY "organizationId", "accountId", date ${ON_CONFLICT_ADD}`,
      [entryId],
    );
  });
  if (db.provider === 'postgresql') await raw.exec('ANALYZE "JournalLine"');
  const total = (await raw.query('SELECT count(*) AS n FROM "JournalLine" WHERE "organizationId" = ?', [organization.id]))[0].n;
  await trialBalance(tenant, '2026-12-31'); // warm
  const report = await time(() => trialBalance(tenant, '2026-12-31'));
  const rawReport = await time(() =>
    raw.query(
      'SELECT "accountId", SUM(debit) AS d, SUM(credit) AS c FROM "AccountDailyTotal" WHERE "organizationId" = ? AND date <= ? GROUP ' +
        'BY "accountId"',
      [organization.id, '2026-12-31'],
    ),
  );
  const overLines = await time(() =>
    raw.query(
      'SELECT "accountId", SUM(debit) AS d, SUM(credit) AS c FROM "JournalLine" WHERE "organizationId" = ? AND date <= ? GROUP BY ' +
        '"accountId"',
      [organization.id, '2026-12-31'],
    ),
  );
  if (report.result.totalDebit !== report.result.totalCredit) throw new Error('trial balance does not balance');
  console.log(
    `${label}  trial balance over ${Number(total).toLocaleString('en')} lines (loaded in ${(loaded.ms / 1000).toFixed(1)} s): ` +
      `service ${report.ms.toFixed(1)} ms  raw SQL ${rawReport.ms.toFixed(1)} ms  ratio ${(rawReport.ms / report.ms).toFixed(2)}  ` +
      `(raw SQL summing the lines themselves: ${overLines.ms.toFixed(0)} ms)`,
  );
}

console.log(
  `node ${process.version}, ${POSTINGS} postings, ${LINES.toLocaleString('en')} lines; ratio = raw time / service time (1.00 = as ` +
    `fast as hand-written SQL)`,
);
const dir = mkdtempSync(join(tmpdir(), 'acct-bench-'));
try {
  const file = join(dir, 'bench.db');
  const db = openDatabase(`file:${file}`, dir);
  await migrate(db);
  const raw = rawSqlite(file);
  await runOn('sqlite    ', db, raw);
  await raw.close();
  await db.close();
  if (process.argv.includes('--postgres')) {
    const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const pgdb = openDatabase(`${url}${url.includes('?') ? '&' : '?'}schema=${schema}`, dir);
    await migrate(pgdb);
    const praw = await rawPostgres(url.replace(/\?.*$/, ''), schema);
    try {
      await runOn('postgresql', pgdb, praw);
    } finally {
      await praw.exec(`DROP SCHEMA "${schema}" CASCADE`);
      await praw.close();
      await pgdb.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
