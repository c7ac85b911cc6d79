// `npm run bench:aging`: aged receivables as open invoices grow. For each size (BENCH_AGING_SIZES, default
// 10,000 and 100,000 open invoices) a fresh database gets one organization and 1,000 customers through the
// write path, then that many invoices (bench/bulk-seed.ts, which writes what the write path writes,
// aging steps included), none paid: half to one customer, half spread over the other 999, issued over
// the last BENCH_AGING_DAYS days (default 90) on 30-day terms, so every bucket has some. Measured, one
// request at a time after a warm-up: the aggregate in the database, from the kept sums and from the
// documents as the report read them before (the fair baseline: the same answer, checked equal), and the
// GraphQL report over HTTP on the built server, today and as at 30 days ago.
// With DATABASE_URL=postgresql://… the databases are PostgreSQL schemas of this run (dropped after).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import { createUnitOfWork } from '../src/core/unit-of-work.ts';
import { type Database, openDatabase, tuneDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { addDays, today } from '../src/lib/dates.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { customers } from '../src/modules/contacts/contacts.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { agingStatement } from '../src/modules/reports/reports.service.ts';
import { representations } from '../src/registry.ts';
import { type PlannedInvoice, writeInvoices } from './bulk-seed.ts';
import { benchServerEnv } from './fresh-server.ts';
import { cpuMs, start } from './processes.ts';
import { median } from './stats.ts';

const SIZES = (process.env.BENCH_AGING_SIZES ?? '10000,100000').split(',').map(Number);
const DAYS = Number(process.env.BENCH_AGING_DAYS ?? 90);
const REQUESTS = Number(process.env.BENCH_AGING_REQUESTS ?? 30);
const WARM_UP = 3;
const CUSTOMERS = 1_000;
const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL!.replace(/\?.*$/, '') : undefined;
const TODAY = today();
const DATES = { today: TODAY, '30 days ago': addDays(TODAY, -30) };

async function timed(run: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function seed(db: Database, size: number) {
  await migrate(db);
  await tuneDatabase(db);
  const organization = await createOrganization(db.prisma, { name: 'Aging Co' });
  const key = (await createApiKey(db.prisma, organization.id, 'bench')).plaintext;
  const unitOfWork = createUnitOfWork({ db, representations });
  const customerIds: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++)
    customerIds.push(
      (await unitOfWork.write(organization.id, { operation: 'createCustomer', input: null }, (s) => customers.create(s, { name: `C${i}` })))
        .id,
    );
  const plans: PlannedInvoice[] = Array.from({ length: size }, (_, i) => ({
    customerId: i % 2 === 0 ? customerIds[0] : customerIds[1 + (((i - 1) / 2) % (CUSTOMERS - 1))],
    issueDate: addDays(TODAY, -Math.floor((i * DAYS) / size)),
    lines: [{ description: 'Work', unitPrice: `${10 + (i % 90)}.00`, quantity: '1' }],
    payments: [],
  }));
  await writeInvoices(db, organization.id, plans);
  if (db.provider === 'postgresql') await db.prisma.$executeRawUnsafe('VACUUM ANALYZE');
  else await db.prisma.$executeRawUnsafe('ANALYZE');
  return { key, organizationId: organization.id };
}

const AGING =
  'query($asOf: Date) { agedReceivables(asOf: $asOf) { totals { current days1to30 days31to60 days61to90 over90 total } ' +
  'rows { total } } }';

await buildServer();
const rows: Record<string, Map<number, string>> = {};
const note = (name: string, size: number, text: string) => (rows[name] ??= new Map()).set(size, text);
for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-aging-'));
  const schema = `bench_aging_${process.pid}_${size}`;
  const url = postgres ? `${postgres}?schema=${schema}` : `file:${join(dir, 'aging.db')}`;
  const db = openDatabase(url, dir);
  const started = Date.now();
  const { key, organizationId } = await seed(db, size);
  console.error(`seeded ${size} open invoices in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const [when, asOf] of Object.entries(DATES)) {
    const run = (from: 'kept' | 'documents') => () =>
      db.prisma.$queryRaw(agingStatement(organizationId, asOf, 'receivables', undefined, from));
    const [kept, documents] = [await run('kept')(), await run('documents')()];
    // In party order (a GROUP BY promises none), amounts as text (SQLite answers integers, PostgreSQL numerics).
    const text = (r: unknown) =>
      JSON.stringify(
        [...(r as { partyId: string }[])].sort((a, b) => a.partyId.localeCompare(b.partyId)),
        (_, v) =>
          typeof v === 'bigint' || typeof v === 'number' || (typeof v === 'object' && v?.constructor?.name === 'Decimal') ? String(v) : v,
      );
    if (text(kept) !== text(documents)) throw new Error(`the kept sums and the documents differ as at ${asOf}`);
    note(`aggregate ${when}: kept sums`, size, (await timed(run('kept'))).toFixed(2));
    note(`aggregate ${when}: documents (before)`, size, (await timed(run('documents'))).toFixed(2));
  }
  await db.close();
  const server = start(SERVER_BUNDLE, [], benchServerEnv(url, dir), SERVER_NODE_FLAGS);
  process.once('exit', () => server.child.kill('SIGKILL'));
  const base = await server.url;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  for (const [when, asOf] of Object.entries(DATES)) {
    const send = async () => {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: AGING, variables: { asOf } }),
      });
      const text = await response.text();
      if (response.status !== 200 || text.includes('"errors"')) throw new Error(`${response.status} ${text.slice(0, 300)}`);
    };
    const cpuBefore = cpuMs(server.child.pid!);
    const ms = await timed(send);
    const cpu = (cpuMs(server.child.pid!) - cpuBefore) / (REQUESTS + WARM_UP);
    note(`GraphQL agedReceivables ${when} over HTTP`, size, `${ms.toFixed(2)} (${cpu.toFixed(2)})`);
  }
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  if (postgres) {
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
}

const labels = SIZES.map((s) => s.toLocaleString('en-US'));
console.log(`| median ms (server CPU ms) | ${labels.join(' | ')} | ${labels.at(-1)} / ${labels[0]} |`);
console.log(`|---|${SIZES.map(() => '---|').join('')}---|`);
for (const [name, bySize] of Object.entries(rows)) {
  const cells = SIZES.map((s) => bySize.get(s)!);
  const ratio = Number.parseFloat(cells.at(-1)!) / Number.parseFloat(cells[0]);
  console.log(`| ${name} | ${cells.join(' | ')} | ×${ratio.toFixed(2)} |`);
}
console.log(
  `\n${postgres ? 'PostgreSQL' : 'SQLite'}; open invoices issued over the last ${DAYS} days, half to one customer, half over ` +
    `${CUSTOMERS - 1}; median of ${REQUESTS} after ${WARM_UP} to warm up`,
);
process.exit(0);
