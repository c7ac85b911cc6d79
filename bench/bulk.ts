// `npm run bench:bulk`: bulk operations at the sizes a migration and a full export bring, on a started
// server (the built bundle, as `npm start` runs it) with a fresh database, each against hand-written SQL
// doing the same work in the same run:
//   1. import: BENCH_IMPORT_INVOICES invoices (default 100,000) as one JSONL file, uploaded as a stream
//      and created line by line by the job (validation, numbering, posting, events, an idempotency key
//      each); the baseline inserts the same invoices' rows (invoice, lines, journal entry, postings,
//      totals) as multi-row INSERTs (bench/bulk-seed.ts);
//   2. export: journal entries with their lines, BENCH_EXPORT_LINES lines in all (default 1,000,000),
//      as a JSONL file through the job's GraphQL query a page at a time; the baseline reads the same
//      entries and lines by keyset pages of hand-written SQL and writes the same JSONL.
// For each: seconds, rows a second, and the server's peak RSS while the job ran (its memory is bounded
// by a page or a step, not by the file). With DATABASE_URL=postgresql://… the database is a PostgreSQL
// schema of this run (dropped after).
import { createReadStream, createWriteStream, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { type PlannedInvoice, writeInvoices } from './bulk-seed.ts';
import { fetchRetrying, freshServer } from './fresh-server.ts';

const INVOICES = Number(process.env.BENCH_IMPORT_INVOICES ?? 100_000);
const LINES = Number(process.env.BENCH_EXPORT_LINES ?? 1_000_000);
const LINES_PER_ENTRY = 4;
const { db, dir, organization, key, server, base, dispose } = await freshServer('bulk', 'Bulk Co', { BULK_POLL_MS: '100' });
const headers = { authorization: `Bearer ${key}` };

async function call(path: string, init: RequestInit = {}) {
  const response = await fetchRetrying(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Waits for an operation to end; answers it and the seconds since `t0`. */
async function finished(id: string, t0: number) {
  for (;;) {
    const operation = await call(`/api/v1/bulk-operations/${id}`);
    if (!['created', 'running', 'canceling'].includes(operation.status)) return { operation, seconds: (performance.now() - t0) / 1000 };
    await new Promise((r) => setTimeout(r, 250));
  }
}

const rows: string[] = [];
/** A row of the table, also printed at once (a long run's figures are not lost to a later failure). */
const row = (what: string, seconds: number, count: number, unit: string, rss: string) => {
  rows.push(`| ${what} | ${count.toLocaleString('en-US')} ${unit} | ${seconds.toFixed(1)} | ${Math.round(count / seconds)} | ${rss} |`);
  console.log(rows.at(-1));
};

// 1. Import.
const customer = await call('/api/v1/customers', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Shop' }),
});
const planned: PlannedInvoice[] = Array.from({ length: INVOICES }, (_, i) => ({
  customerId: customer.id,
  issueDate: `2026-${String(1 + (i % 10)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
  lines: [{ description: `Order ${i}`, unitPrice: String(10 + (i % 90)), quantity: String(1 + (i % 3)) }],
  payments: [],
}));
const file = join(dir, 'invoices.jsonl');
const out = createWriteStream(file);
for (const [i, p] of planned.entries())
  out.write(
    `${JSON.stringify({ idempotencyKey: `order-${i}`, body: { customerId: p.customerId, issueDate: p.issueDate, lines: p.lines } })}\n`,
  );
await new Promise((r) => out.end(r));
server.resetPeakRss();
const t0 = performance.now();
const upload = await fetch(`${base}/api/v1/bulk-operations/imports?resource=invoices`, {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/jsonl' },
  body: Readable.toWeb(createReadStream(file)) as never,
  duplex: 'half',
} as RequestInit);
const queued = await upload.json();
if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${JSON.stringify(queued)}`);
const uploadSeconds = (performance.now() - t0) / 1000;
const imported = await finished(queued.id, t0);
if (imported.operation.objectCount !== INVOICES || imported.operation.errorCount !== 0)
  throw new Error(`import: ${JSON.stringify(imported.operation)}`);
row(
  `import job (upload ${uploadSeconds.toFixed(1)} s of it, ${(statSync(file).size / 1048576).toFixed(0)} MB)`,
  imported.seconds,
  INVOICES,
  'invoices',
  `${server.peakRssMb().toFixed(0)} MB`,
);
const other = await createOrganization(db.prisma, { name: 'Bulk Baseline Co' });
const otherKey = (await createApiKey(db.prisma, other.id, 'bench')).plaintext;
const otherCustomer = await call('/api/v1/customers', {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${otherKey}` },
  body: JSON.stringify({ name: 'Shop' }),
});
const s0 = performance.now();
await writeInvoices(
  db,
  other.id,
  planned.map((p) => ({ ...p, customerId: otherCustomer.id })),
);
row('the same invoices by hand-written SQL (multi-row INSERTs)', (performance.now() - s0) / 1000, INVOICES, 'invoices', '—');

// 2. Export: top the journal up to LINES lines with entries of four lines each, set-based.
const [debitAccount, creditAccount] = (await db.prisma.account.findMany({ where: { organizationId: organization.id }, take: 2 })).map(
  (a) => a.id,
);
const have = await db.prisma.journalLine.count({ where: { organizationId: organization.id } });
const entries = Math.max(0, Math.ceil((LINES - have) / LINES_PER_ENTRY));
const series = (n: number) =>
  db.provider === 'sqlite'
    ? `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n}) SELECT i FROM n`
    : `SELECT i FROM generate_series(1, ${n}) i`;
const day = db.provider === 'sqlite' ? `'2026-03-' || printf('%02d', 1 + i % 28)` : `'2026-03-' || lpad((1 + i % 28)::text, 2, '0')`;
// Ids of the API's shape (a prefix and 26 base-32 characters), so cursors over them are ones it issues.
const pad = db.provider === 'sqlite' ? `printf('%026d', i)` : `lpad(i::text, 26, '0')`;
const linePad = db.provider === 'sqlite' ? `printf('%026d', (i - 1) / 4 + 1)` : `lpad(((i - 1) / 4 + 1)::text, 26, '0')`;
const o = organization.id;
await db.prisma.$executeRawUnsafe(
  `INSERT INTO "JournalEntry" (id, "organizationId", number, date, description, "sourceType", "totalAmount", currency)
   SELECT 'je_' || ${pad}, '${o}', 1000000 + i, ${day}, 'Seeded', 'manual', 200, 'USD' FROM (${series(entries)}) s`,
);
await db.prisma.$executeRawUnsafe(
  `INSERT INTO "JournalLine" (id, "organizationId", "entryId", "lineNo", "accountId", debit, credit, date)
   SELECT 'jl_' || ${pad}, '${o}', 'je_' || ${linePad}, 1 + (i - 1) % 4,
          CASE WHEN i % 2 = 0 THEN '${debitAccount}' ELSE '${creditAccount}' END,
          CASE WHEN i % 2 = 0 THEN 100 ELSE 0 END, CASE WHEN i % 2 = 0 THEN 0 ELSE 100 END, '2026-03-01'
   FROM (${series(entries * LINES_PER_ENTRY)}) s`,
);
if (db.provider === 'postgresql') await db.prisma.$executeRawUnsafe('ANALYZE');
const entryCount = await db.prisma.journalEntry.count({ where: { organizationId: o } });
const lineCount = await db.prisma.journalLine.count({ where: { organizationId: o } });
const query = '{ journalEntries { edges { node { id number date description lines { lineNo account { code } debit credit } } } } }';
server.resetPeakRss();
const e0 = performance.now();
const exportQueued = await call('/api/v1/bulk-operations/exports', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query }),
});
const exported = await finished(exportQueued.id, e0);
if (exported.operation.objectCount !== entryCount) throw new Error(`export: ${JSON.stringify(exported.operation)}`);
const rss = `${server.peakRssMb().toFixed(0)} MB`;
const d0 = performance.now();
const download = await fetch(exported.operation.url.replace(/^https?:\/\/[^/]+/, base));
let bytes = 0;
for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
const downloadSeconds = (performance.now() - d0) / 1000;
row(
  `export job (${entryCount.toLocaleString('en-US')} entries, ${(bytes / 1048576).toFixed(0)} MB; ` +
    `download ${downloadSeconds.toFixed(1)} s)`,
  exported.seconds,
  lineCount,
  'lines',
  rss,
);

// The baseline: keyset pages of entries, their lines, the same JSONL.
const b0 = performance.now();
const baselineFile = join(dir, 'baseline.jsonl');
writeFileSync(baselineFile, '');
const sink = createWriteStream(baselineFile);
let after = '';
let baselineEntries = 0;
for (;;) {
  const page = (await db.prisma.$queryRawUnsafe(
    `SELECT id, number, date, description FROM "JournalEntry" WHERE "organizationId" = '${o}' AND id > '${after}' ORDER BY id LIMIT 1000`,
  )) as { id: string; number: number | bigint; date: string; description: string }[];
  if (page.length === 0) break;
  const lines = (await db.prisma.$queryRawUnsafe(
    `SELECT l."entryId", l."lineNo", a.code, l.debit, l.credit FROM "JournalLine" l JOIN "Account" a ON a.id = l."accountId"
     WHERE l."entryId" IN (${page.map((e) => `'${e.id}'`).join(',')}) ORDER BY l."entryId", l."lineNo"`,
  )) as { entryId: string; lineNo: number | bigint; code: string; debit: number | bigint; credit: number | bigint }[];
  const byEntry = new Map<string, unknown[]>();
  for (const l of lines) {
    const line = { lineNo: Number(l.lineNo), account: { code: l.code }, debit: Number(l.debit) / 100, credit: Number(l.credit) / 100 };
    byEntry.set(l.entryId, [...(byEntry.get(l.entryId) ?? []), line]);
  }
  for (const e of page)
    sink.write(
      `${JSON.stringify({ id: e.id, number: Number(e.number), date: e.date, description: e.description, lines: byEntry.get(e.id) })}\n`,
    );
  baselineEntries += page.length;
  after = page[page.length - 1]!.id;
}
await new Promise((r) => sink.end(r));
row('the same entries by hand-written SQL (keyset pages of 1,000)', (performance.now() - b0) / 1000, lineCount, 'lines', '—');
if (baselineEntries !== entryCount) throw new Error(`baseline read ${baselineEntries} entries of ${entryCount}`);

await server.stop();
await db.close();
console.log(`\n${db.provider}: bulk import and export\n`);
console.log('| Work | rows | seconds | rows/s | server peak RSS |');
console.log('|---|---:|---:|---:|---:|');
for (const line of rows) console.log(line);
await dispose();
