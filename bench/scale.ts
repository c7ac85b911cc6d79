// `npm run bench:scale`: what one request costs as the books grow. For each size (BENCH_SCALE_SIZES,
// default 10,000, 100,000 and 1,000,000 invoices) a fresh database gets one organization, 200 customers
// and 50 products through the write path, then the invoices of a business invoicing 100 a day for as many
// days as it takes, with their payments and voids (bench/bulk-seed.ts: paid after a few weeks, so what is
// open at any date is the last two months' business, however long the history), a bank statement line for each
// payment, and as many exchange rates, attachments and bulk operations as invoices (bench/resources-seed.ts). Then the built server
// starts as a user runs it and each request is sent one at a time (after a warm-up): the median latency
// and the server's CPU per request, per size, and the growth from the smallest size to the largest; and the server's
// peak RSS over each size's requests.
// With DATABASE_URL=postgresql://… the databases are PostgreSQL schemas of this run (dropped after).
// BENCH_SCALE_REQUESTS (default 40) requests are timed per line. BENCH_SCALE_KEEP=1 keeps each database
// (and prints where) to look into a plan afterwards; BENCH_SCALE_KEPT=<url>,<url>… measures such kept
// databases again (migrated first) with this build instead of seeding new ones. BENCH_SCALE_SEED=api
// writes the invoices as integrators do instead, through `POST /api/v1/invoices` on the started server
// by 8 concurrent writers (one customer, two lines each, dated by the service): slower, but such data shows costs a bulk seed
// does not (the order rows were written in, two events per invoice), measured on the server that wrote
// them, as it stands (its table statistics those of its start).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import type { Change } from '../src/core/representations.ts';
import type { WriteScope } from '../src/core/tenant.ts';
import { createUnitOfWork } from '../src/core/unit-of-work.ts';
import { type Database, openDatabase, tuneDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { addDays, today } from '../src/lib/dates.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { customers } from '../src/modules/contacts/contacts.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { createProduct } from '../src/modules/products/products.service.ts';
import { representations } from '../src/registry.ts';
import { createBankAccount } from '../src/modules/banking/bank-accounts.service.ts';
import { planInvoices, writeInvoices } from './bulk-seed.ts';
import { writeAttachments, writeBulkOperations, writeExchangeRates, writeStatementLines } from './resources-seed.ts';
import { benchServerEnv } from './fresh-server.ts';
import { cpuMs, start } from './processes.ts';
import { median } from './stats.ts';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 40);
const WARM_UP = 5;
const PER_DAY = 100;
const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : undefined;
const TODAY = today();

interface Probe {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}
const graphql = (query: string, variables: Record<string, unknown> = {}) => ({
  method: 'POST' as const,
  path: '/graphql',
  body: JSON.stringify({ query, variables }),
});
const NESTED =
  `query { invoices(first: 25) { edges { node { id number status total customer { id name email } lines { description ` +
  `quantity unitPrice amount product { id name } } } } } }`;
const RECONCILE_PAGE =
  'query($bankAccountId: ID!) { bankTransactionsPage(limit: 25, filter: { bankAccountId: $bankAccountId, status: "unmatched" }) ' +
  '{ total data { id date amount description suggestions { type id amount reasons } } } ' +
  'node(id: $bankAccountId) { ... on BankAccount { clearedBalance } } }';
const AGING =
  `query($asOf: Date) { agedReceivables(asOf: $asOf) { totals { current days1to30 days31to60 days61to90 over90 total } ` +
  `rows { customer { name } total } } }`;

/** The requests measured, for the data just seeded (pages and ids depend on it). */
function probes(seeded: Awaited<ReturnType<typeof describe>>): Probe[] {
  const pages = (rows: number) => Math.max(1, Math.ceil(rows / 25));
  const [invoicePages, entryPages, paymentPages] = [pages(seeded.invoices), pages(seeded.entries), pages(seeded.payments)];
  const rest = (name: string, path: string): Probe => ({ name, method: 'GET', path });
  return [
    { name: 'REST invoices, page 1', method: 'GET', path: '/api/v1/invoices?limit=25' },
    { name: 'REST invoices, middle page', method: 'GET', path: `/api/v1/invoices?limit=25&page=${Math.ceil(invoicePages / 2)}` },
    { name: 'REST invoices, last page', method: 'GET', path: `/api/v1/invoices?limit=25&page=${invoicePages}` },
    { name: 'REST invoices, open ones, page 1', method: 'GET', path: '/api/v1/invoices?limit=25&status=open' },
    { name: 'REST invoices, overdue ones, page 1', method: 'GET', path: '/api/v1/invoices?limit=25&overdue=true' },
    { name: 'REST journal entries, page 1', method: 'GET', path: '/api/v1/journal-entries?limit=25' },
    { name: 'REST journal entries, last page', method: 'GET', path: `/api/v1/journal-entries?limit=25&page=${entryPages}` },
    { name: 'REST payments, page 1', method: 'GET', path: '/api/v1/payments?limit=25' },
    { name: 'REST payments, last page', method: 'GET', path: `/api/v1/payments?limit=25&page=${paymentPages}` },
    { name: 'REST trial balance', method: 'GET', path: `/api/v1/reports/trial-balance?asOf=${TODAY}` },
    { name: 'REST one invoice (the oldest)', method: 'GET', path: `/api/v1/invoices/${seeded.oldInvoiceId}` },
    { name: 'REST a customer (with its balance)', method: 'GET', path: `/api/v1/customers/${seeded.customerId}` },
    { name: 'GraphQL nested invoices (first 25)', ...graphql(NESTED) },
    { name: 'GraphQL agedReceivables today', ...graphql(AGING, { asOf: TODAY }) },
    { name: 'GraphQL agedReceivables at the end of last month', ...graphql(AGING, { asOf: addDays(`${TODAY.slice(0, 7)}-01`, -1) }) },
    {
      name: 'GraphQL trialBalance',
      ...graphql(`query($asOf: Date) { trialBalance(asOf: $asOf) { totalDebit totalCredit rows { account { code } debit credit } } }`, {
        asOf: TODAY,
      }),
    },
    {
      name: 'GraphQL balanceSheet',
      ...graphql(
        `query($asOf: Date) { balanceSheet(asOf: $asOf) { assets { total } liabilities { total } equity { total } currentEarnings } }`,
        { asOf: TODAY },
      ),
    },
    {
      name: 'GraphQL profitAndLoss (this year)',
      ...graphql(
        `query($from: Date!, $to: Date!) { profitAndLoss(from: $from, to: $to) { netIncome income { total } expenses { total } } }`,
        { from: `${TODAY.slice(0, 4)}-01-01`, to: TODAY },
      ),
    },
    {
      name: 'GraphQL generalLedger (receivables, this month)',
      ...graphql(
        `query($id: ID!, $from: Date, $to: Date) { generalLedger(accountId: $id, from: $from, to: $to, limit: 25) { openingBalance ` +
          `closingBalance lines { total data { balance line { debit credit } } } } }`,
        { id: seeded.receivablesId, from: `${TODAY.slice(0, 7)}-01`, to: TODAY },
      ),
    },
    // The resources beside the books, each as many rows as there are invoices (bench/resources-seed.ts).
    rest('REST statement lines, page 1', '/api/v1/bank-transactions?limit=25'),
    rest('REST statement lines, last page', `/api/v1/bank-transactions?limit=25&page=${pages(seeded.statementLines)}`),
    rest(
      "REST statement lines, an account's unmatched ones",
      `/api/v1/bank-transactions?limit=25&bankAccountId=${seeded.bankAccountId}&status=unmatched`,
    ),
    ...(seeded.oldLineId ? [rest('REST one statement line (the oldest)', `/api/v1/bank-transactions/${seeded.oldLineId}`)] : []),
    ...(seeded.unmatchedLineId
      ? [rest("REST an unmatched line's suggestions", `/api/v1/bank-transactions/${seeded.unmatchedLineId}/suggestions`)]
      : []),
    { name: 'GraphQL the reconcile page', ...graphql(RECONCILE_PAGE, { bankAccountId: seeded.bankAccountId }) },
    rest('REST exchange rates, page 1', '/api/v1/exchange-rates?limit=25'),
    rest('REST exchange rates, last page', `/api/v1/exchange-rates?limit=25&page=${pages(seeded.exchangeRates)}`),
    rest("REST exchange rates, one currency's", `/api/v1/exchange-rates?limit=25&currency=${seeded.rate.currency}`),
    rest('REST the rate in force today', `/api/v1/exchange-rates/effective?currency=${seeded.rate.currency}&date=${TODAY}`),
    rest('REST one exchange rate (the oldest)', `/api/v1/exchange-rates/${seeded.rate.id}`),
    rest('REST attachments, page 1', '/api/v1/attachments?limit=25'),
    rest('REST attachments, last page', `/api/v1/attachments?limit=25&page=${pages(seeded.attachments)}`),
    rest("REST attachments, an invoice's", `/api/v1/attachments?recordId=${seeded.attachment.recordId}`),
    rest('REST one attachment (the oldest)', `/api/v1/attachments/${seeded.attachment.id}`),
    rest("REST one attachment's file", `/api/v1/attachments/${seeded.attachment.id}/content`),
    rest('REST bulk operations, page 1', '/api/v1/bulk-operations?limit=25'),
    rest('REST bulk operations, last page', `/api/v1/bulk-operations?limit=25&page=${pages(seeded.bulkOperations)}`),
    rest('REST bulk operations, failed ones', '/api/v1/bulk-operations?limit=25&status=failed'),
    rest('REST one bulk operation (the oldest)', `/api/v1/bulk-operations/${seeded.bulkOperationId}`),
  ];
}

const THROUGH_API = process.env.BENCH_SCALE_SEED === 'api';
const WRITERS = 8;

/** Writes `size` invoices through the REST API of a started server, `WRITERS` at a time; the seconds it took. */
async function writeThroughApi(base: string, key: string, customerId: string, size: number) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < size) {
        const n = next++;
        // As an online shop sends them: dated today by the service, two lines.
        const body = JSON.stringify({
          customerId,
          lines: [
            { description: `Work ${n}`, unitPrice: 100 + (n % 50), quantity: 2 },
            { description: 'Travel', unitPrice: 12.5 },
          ],
        });
        const response = await fetch(`${base}/api/v1/invoices`, { method: 'POST', headers, body });
        if (response.status !== 201) throw new Error(`writing invoice ${n}: ${response.status} ${(await response.text()).slice(0, 200)}`);
        await response.arrayBuffer();
        if (n % 10_000 === 0) console.error(`  ${n} invoices written through the API`);
      }
    }),
  );
  return (Date.now() - started) / 1000;
}

/** Settles what writing left (statistics, dead rows, the write-ahead log) before anything is measured. */
async function settle(db: Database) {
  if (db.provider === 'postgresql') await db.prisma.$executeRawUnsafe('VACUUM ANALYZE');
  else {
    await db.prisma.$executeRawUnsafe('ANALYZE');
    await db.prisma.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
  }
}

async function seed(db: Database, size: number) {
  await migrate(db);
  await tuneDatabase(db);
  const organization = await createOrganization(db.prisma, { name: 'Scale Co' });
  const apiKey = await createApiKey(db.prisma, organization.id, 'bench');
  const key = apiKey.plaintext;
  const unitOfWork = createUnitOfWork({ db, representations });
  const write = async <Row>(name: string, work: (scope: WriteScope) => Promise<Change<Row>>) =>
    (await unitOfWork.write(organization.id, { operation: name, input: null }, work)).id;
  const customerIds: string[] = [];
  for (let i = 0; i < 200; i++)
    customerIds.push(await write('createCustomer', (s) => customers.create(s, { name: `Customer ${i}`, email: `c${i}@example.com` })));
  const productIds: string[] = [];
  for (let i = 0; i < 50; i++)
    productIds.push(
      await write('createProduct', (s) =>
        createProduct(s, { name: `Product ${i}`, unitPrice: (5 + i).toFixed(2), ...(i % 5 === 0 ? { taxRate: '8' } : {}) }),
      ),
    );
  if (THROUGH_API)
    return {
      key,
      seconds: 0,
      seeded: undefined,
      throughApi: { customerId: customerIds[0], size, organizationId: organization.id, apiKeyId: apiKey.record.id },
    };
  const started = Date.now();
  await writeInvoices(db, organization.id, planInvoices(size, { customerIds, productIds, endDate: TODAY, perDay: PER_DAY }));
  const seconds = (Date.now() - started) / 1000;
  await writeResources(db, organization.id, apiKey.record.id, size);
  await db.prisma.$executeRawUnsafe('UPDATE "Event" SET "relayedAt" = "createdAt" WHERE "relayedAt" IS NULL');
  await settle(db);
  return { key, seconds, seeded: await describe(db) };
}

/** Beside the books: the bank's statements of the payments, exchange rates, attachments, bulk operations. */
async function writeResources(db: Database, organizationId: string, apiKeyId: string, size: number) {
  const started = Date.now();
  const bankLedger = await db.prisma.account.findFirstOrThrow({ where: { organizationId, systemRole: 'bank' } });
  const organization = await db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } });
  const unitOfWork = createUnitOfWork({ db, representations });
  const firstDay = addDays(TODAY, -Math.ceil(size / PER_DAY) - 1);
  const bankId = (
    await unitOfWork.write(organizationId, { operation: 'createBankAccount', input: null }, (s) =>
      createBankAccount(s, { accountId: bankLedger.id, openingDate: firstDay }),
    )
  ).id;
  const bank = await db.prisma.bankAccount.findUniqueOrThrow({ where: { id: bankId } });
  await writeStatementLines(db, organizationId, bank, TODAY);
  await writeExchangeRates(db, organizationId, organization.baseCurrency, size, TODAY);
  await writeAttachments(db, organizationId, size);
  await writeBulkOperations(db, organizationId, apiKeyId, size, TODAY);
  console.error(`seeded the other resources for ${size} invoices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** What the requests need to know of a seeded database: its sizes and a few ids. */
async function describe(db: Database) {
  const organization = await db.prisma.organization.findUniqueOrThrow({ where: { name: 'Scale Co' } });
  const where = { organizationId: organization.id };
  const oldest = await db.prisma.invoice.findFirstOrThrow({ where, orderBy: { issueDate: 'asc' }, select: { id: true } });
  const receivables = await db.prisma.account.findFirstOrThrow({
    where: { ...where, systemRole: 'accounts_receivable' },
    select: { id: true },
  });
  const customer = await db.prisma.customer.findFirstOrThrow({ where: { ...where, name: 'Customer 0' }, select: { id: true } });
  const bank = await db.prisma.bankAccount.findFirstOrThrow({ where, select: { id: true } });
  // None when the invoices were written through the API (nothing paid, so nothing in the bank).
  const [oldestLine, newestUnmatched] = await Promise.all([
    db.prisma.bankTransaction.findFirst({ where, orderBy: [{ date: 'asc' }, { id: 'asc' }], select: { id: true } }),
    db.prisma.bankTransaction.findFirst({
      where: { ...where, status: 'UNMATCHED' },
      orderBy: [{ date: 'desc' }, { id: 'desc' }],
      select: { id: true },
    }),
  ]);
  const rate = await db.prisma.exchangeRate.findFirstOrThrow({ where, orderBy: [{ date: 'asc' }, { id: 'asc' }] });
  const attachment = await db.prisma.attachment.findFirstOrThrow({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const bulkOperation = await db.prisma.bulkOperation.findFirstOrThrow({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return {
    invoices: await db.prisma.invoice.count({ where }),
    entries: await db.prisma.journalEntry.count({ where }),
    payments: await db.prisma.payment.count({ where }),
    statementLines: await db.prisma.bankTransaction.count({ where }),
    exchangeRates: await db.prisma.exchangeRate.count({ where }),
    attachments: await db.prisma.attachment.count({ where }),
    bulkOperations: await db.prisma.bulkOperation.count({ where }),
    oldInvoiceId: oldest.id,
    customerId: customer.id,
    receivablesId: receivables.id,
    bankAccountId: bank.id,
    oldLineId: oldestLine?.id,
    unmatchedLineId: newestUnmatched?.id,
    rate: { id: rate.id, currency: rate.currency },
    attachment: { id: attachment.id, recordId: attachment.recordId },
    bulkOperationId: bulkOperation.id,
  };
}

/** A database kept by an earlier run (BENCH_SCALE_KEPT), measured again with this build: a new key, nothing seeded. */
async function reuse(db: Database) {
  await migrate(db);
  const organization = await db.prisma.organization.findUniqueOrThrow({ where: { name: 'Scale Co' } });
  return { key: (await createApiKey(db.prisma, organization.id, 'bench again')).plaintext, seconds: 0, seeded: await describe(db) };
}
const KEPT = (process.env.BENCH_SCALE_KEPT ?? '').split(',').filter(Boolean);

await buildServer();
const results = new Map<string, Map<number, { ms: number; cpu: number }>>();
/** The server's peak RSS over each size's requests, MB. */
const peakRss = new Map<number, number>();
/** 503s answered per request line, over every size (retried after their Retry-After). */
const shed = new Map<string, number>();
const seedTimes: string[] = [];
if (KEPT.length) SIZES.length = KEPT.length;
for (let n = 0; n < SIZES.length; n++) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const schema = `bench_scale_${process.pid}_${SIZES[n]}`;
  const url = KEPT[n] ?? (postgres ? `${postgres.replace(/\?.*$/, '')}?schema=${schema}` : `file:${join(dir, 'scale.db')}`);
  let db = openDatabase(url, dir);
  let {
    key,
    seconds,
    seeded,
    throughApi,
  }: {
    key: string;
    seconds: number;
    seeded?: Awaited<ReturnType<typeof describe>>;
    throughApi?: { customerId: string; size: number; organizationId: string; apiKeyId: string };
  } = KEPT.length ? await reuse(db) : await seed(db, SIZES[n]);
  await db.close();
  const env = benchServerEnv(url, dir);
  // Written as integrators write, on a server that keeps running: it is measured as it stands after
  // writing them (its statistics those of the day it started, as a server's are within the hour), not
  // settled and restarted as the bulk seed's is.
  const writer = throughApi ? start(SERVER_BUNDLE, [], env, SERVER_NODE_FLAGS) : undefined;
  if (writer && throughApi) {
    seconds = await writeThroughApi(await writer.url, key, throughApi.customerId, throughApi.size);
    db = openDatabase(url, dir);
    await writeResources(db, throughApi.organizationId, throughApi.apiKeyId, throughApi.size);
    seeded = await describe(db);
    await db.close();
  }
  if (!seeded) throw new Error('nothing was seeded');
  const size = (SIZES[n] = seeded.invoices);
  if (!KEPT.length) {
    seedTimes.push(
      `${size.toLocaleString('en-US')} invoices in ${seconds.toFixed(0)} s${throughApi ? ` through the API (${WRITERS} writers)` : ''}`,
    );
    console.error(`seeded ${size} invoices in ${seconds.toFixed(1)} s`);
  }
  const server = writer ?? start(SERVER_BUNDLE, [], env, SERVER_NODE_FLAGS);
  process.once('exit', () => server.child.kill('SIGKILL')); // if a request fails, the server goes with the run
  const base = await server.url;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  for (const probe of probes(seeded)) {
    const send = async (): Promise<void> => {
      const response = await fetch(`${base}${probe.path}`, { method: probe.method, headers, body: probe.body });
      const text = await response.text();
      // As a client does: a 503 (the server shedding load after its loop was held up, such as by a first read
      // of a cold file) is retried when it says, and counted; a measured request's time includes the wait.
      if (response.status === 503 && shed.set(probe.name, (shed.get(probe.name) ?? 0) + 1).get(probe.name)! <= 5) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
        return send();
      }
      if (response.status !== 200 || text.includes('"errors"')) throw new Error(`${probe.name}: ${response.status} ${text.slice(0, 300)}`);
    };
    for (let i = 0; i < WARM_UP; i++) await send();
    const times: number[] = [];
    const cpuBefore = cpuMs(server.child.pid!);
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await send();
      times.push(performance.now() - t0);
    }
    const cpu = (cpuMs(server.child.pid!) - cpuBefore) / REQUESTS;
    const row = results.get(probe.name) ?? results.set(probe.name, new Map()).get(probe.name)!;
    row.set(size, { ms: median(times), cpu });
  }
  peakRss.set(size, server.peakRssMb());
  await server.stop();
  if (process.env.BENCH_SCALE_KEEP || KEPT.length) {
    console.error(`kept the ${size}-invoice database: ${url}`);
    continue;
  }
  rmSync(dir, { recursive: true, force: true });
  if (postgres) {
    const admin = new pg.Client({ connectionString: postgres.replace(/\?.*$/, '') });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
}

const sizes = SIZES.map((s) => s.toLocaleString('en-US'));
const [first, last] = [SIZES[0], SIZES[SIZES.length - 1]];
console.log(`| request | ${sizes.map((s) => `${s}: ms (CPU ms)`).join(' | ')} | ${sizes[sizes.length - 1]} / ${sizes[0]} |`);
console.log(`|---|${SIZES.map(() => '---|').join('')}---|`);
for (const [name, bySize] of results) {
  const cells = SIZES.map((s) => `${bySize.get(s)!.ms.toFixed(2)} (${bySize.get(s)!.cpu.toFixed(2)})`);
  console.log(`| ${name} | ${cells.join(' | ')} | ×${(bySize.get(last)!.ms / bySize.get(first)!.ms).toFixed(2)} |`);
}
const rss = SIZES.map((s) => peakRss.get(s)!);
console.log(
  `| the server's peak RSS, MB | ${rss.map((mb) => mb.toFixed(0)).join(' | ')} | ×${(rss[rss.length - 1] / rss[0]).toFixed(2)} |`,
);
console.log(
  `\n${postgres || KEPT[0]?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}; median of ${REQUESTS} requests one at a time after ` +
    `${WARM_UP} to warm up; ${KEPT.length ? 'databases kept from an earlier run' : `seeded ${seedTimes.join(', ')}`}`,
);
if (shed.size) console.log(`503s retried: ${[...shed].map(([name, n]) => `${name} ${n}`).join(', ')}`);
process.exit(0);
