// `npm run bench:throughput`: what a batch buys an integrator and what event retention gives back.
// On a started server (the built bundle, as `npm start` runs it) with a fresh database:
//   1. BENCH_RECEIPTS sales receipts (default 2,000) written one request each by 8 clients at once, then
//      as many written in batches of 100 (2 clients), then in atomic batches of 100: seconds, receipts a
//      second, the server's CPU per receipt, and the quota each way spends (a batch: one point per ten);
//   2. BENCH_INVOICES invoices (default 2,000) written one request each (8 clients); the database's size
//      per invoice (SQLite: the file after VACUUM; PostgreSQL: its tables after VACUUM FULL), then again
//      after retention pruned the events' data (the clock moved past EVENT_RETENTION_DAYS).
// With DATABASE_URL=postgresql://… the database is a PostgreSQL schema of this run (dropped after).
import { statSync } from 'node:fs';
import { createRetention } from '../src/events/retention.ts';
import { createLogger } from '../src/lib/logger.ts';
import { fetchRetrying, freshServer } from './fresh-server.ts';
import { cpuMs } from './processes.ts';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 2000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 2000);
const BATCH = 100;
const { db, file, schema, key, server, base, dispose } = await freshServer('throughput', 'Throughput Co');
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

async function post(path: string, body: unknown) {
  const response = await fetchRetrying(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Runs `count` jobs by `clients` workers at once; answers seconds and the server's CPU ms per job. */
async function timed(count: number, clients: number, job: (i: number) => Promise<unknown>) {
  let next = 0;
  const cpu0 = cpuMs(server.child.pid!);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) await job(next++);
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, cpuMs: cpuMs(server.child.pid!) - cpu0 };
}

const receipt = (run: string, i: number) => ({
  date: '2026-11-26',
  reference: `${run}-${i}`,
  lines: [{ description: `Sale ${i}`, unitPrice: 10 + (i % 90), quantity: 1 + (i % 3) }],
});
const rows: string[] = [];
const report = (name: string, r: { seconds: number; cpuMs: number }, points: number) =>
  rows.push(
    `| ${name} | ${r.seconds.toFixed(1)} | ${(RECEIPTS / r.seconds).toFixed(0)} | ${(r.cpuMs / RECEIPTS).toFixed(2)} | ${points} |`,
  );

// Warm-up: the first requests compile what every later one reuses.
for (let i = 0; i < 50; i++) await post('/api/v1/sales-receipts', receipt('warm', i));
report('one request each (8 clients)', await timed(RECEIPTS, 8, (i) => post('/api/v1/sales-receipts', receipt('single', i))), RECEIPTS);
const batches = Math.ceil(RECEIPTS / BATCH);
const batchOf = (run: string, b: number, atomic: boolean) => ({
  atomic,
  operations: Array.from({ length: Math.min(BATCH, RECEIPTS - b * BATCH) }, (_, j) => ({
    method: 'POST',
    path: '/api/v1/sales-receipts',
    idempotencyKey: `${run}-${b}-${j}`,
    body: receipt(run, b * BATCH + j),
  })),
});
report(
  `batches of ${BATCH} (2 clients)`,
  await timed(batches, 2, (b) => post('/api/v1/batch', batchOf('batch', b, false))),
  batches * (BATCH / 10),
);
report(
  `atomic batches of ${BATCH} (2 clients)`,
  await timed(batches, 2, (b) => post('/api/v1/batch', batchOf('atomic', b, true))),
  batches * (BATCH / 10),
);

// The database per invoice, before and after retention.
const customer = await post('/api/v1/customers', { name: 'Size Ltd' });
await timed(INVOICES, 8, (i) =>
  post('/api/v1/invoices', { customerId: customer.id, lines: [{ description: `Invoice line ${i}`, unitPrice: 100 + i, quantity: 2 }] }),
);
await server.stop();
async function size(): Promise<number> {
  if (db.provider === 'postgresql') {
    await db.prisma.$executeRawUnsafe('VACUUM FULL');
    const [row] = (await db.prisma.$queryRawUnsafe(
      `SELECT sum(pg_total_relation_size(quote_ident(schemaname) || '.' || quote_ident(tablename)))::bigint AS bytes
         FROM pg_tables WHERE schemaname = '${schema}'`,
    )) as { bytes: bigint }[];
    return Number(row!.bytes);
  }
  await db.prisma.$executeRawUnsafe('VACUUM');
  return statSync(file).size;
}
const invoicesWritten = await db.prisma.invoice.count();
const documents = invoicesWritten + (await db.prisma.salesReceipt.count());
const before = await size();
const events = await db.prisma.event.count();
const later = new Date(Date.now() + 31 * 86_400_000);
await createRetention({ db, logger: createLogger('silent'), clock: () => later, retentionDays: 30 }).drain();
const after = await size();
await db.close();

const kb = (bytes: number) => (bytes / 1024).toFixed(2);
console.log(`\n${db.provider}: ${RECEIPTS.toLocaleString('en-US')} sales receipts each way\n`);
console.log('| Writing | seconds | receipts/s | server CPU ms/receipt | quota points |');
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
console.log(`\nDatabase: ${documents} documents (${invoicesWritten} invoices, the rest receipts), ${events} events`);
console.log(`| | KB | KB per document |`);
console.log('|---|---:|---:|');
console.log(`| before retention | ${kb(before)} | ${kb(before / documents)} |`);
console.log(`| after retention (event data pruned) | ${kb(after)} | ${kb(after / documents)} |`);
await dispose();
