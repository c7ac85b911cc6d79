// `npm run bench`: the service against a hand-written baseline (bench/baseline.ts), in one run, on one
// machine, over loopback HTTP, on the same data (SQLite: each server its own copy of the seeded file).
//   1. Seeds a realistic data set: one organization, 200 customers and 50 products through the service's
//      write path, then BENCH_INVOICES invoices (default 10,000) of 1–10 lines each, with their postings,
//      in bulk (bench/bulk-seed.ts: the write path's rows, many to a statement; a million take minutes).
//   2. Starts the service as a user runs it (the built dist/main.js, NODE_ENV=production, auth, rate
//      limiting with a huge quota, cost limits, production logging) and the baseline, each a process.
//   3. Checks that both answer each workload with the same JSON, then, per workload, measures both at
//      full load (autocannon, 10 connections) and the service again at a fixed 70 % of its maximum, lowered
//      until a short run keeps up with it (bench/steady-load.ts: requests at even intervals, latency counted
//      from when each was due), and the baseline at that same rate (the machine's own tail at that load, to
//      read the service's against).
// Prints one table (req/s, p50, p99, the ratio service/baseline) and the peak RSS of both processes.
// With DATABASE_URL=postgresql://… both run on PostgreSQL instead (a schema of their own, dropped after),
// the baseline through pg.
// BENCH_ONLY=<text> runs only the workloads whose name contains it; BENCH_PROFILE=<dir> starts the service
// with `--cpu-prof` and leaves its CPU profile in <dir>, the baseline's beside it as baseline.cpuprofile (summarize
// one with `npx tsx bench/profile.ts <file>`);
// BENCH_NODE_FLAGS="--flag …" starts the service with those node/V8 flags (to measure one before adopting it);
// BENCH_ROUNDS=<n> (default 2) alternates n full-load runs of baseline and service and reports the best of each.
// BENCH_COMPARE="<name>=<built main.js> …" also starts those builds (e.g. dist/main.js of another commit's worktree) on
// the same database, takes them into the alternating full-load runs, and prints every run of each: to measure a lever
// against the build without it, interleaved, rather than against a run from another hour; and the median, over the
// rounds, of this build's CPU a request over each other's in the same round (pairs share the minutes' machine speed).
// `<name>=<main.js>;VAR=value;…` starts that one with other settings (e.g. `quiet=dist/main.js;LOG_LEVEL=warn;METRICS_PORT=`
// for what logging costs), and a setting that starts with -- is a node/V8 flag of that one.
// The service runs as in production: LOG_LEVEL=info (its log goes to a file in the run's directory) and METRICS_PORT on.
// BENCH_KEEP_DIR=1 keeps that directory (the service's request log: each request's durationMs, to find a tail's cause).
// BENCH_PEERS=postgraphile (PostgreSQL only) also starts PostGraphile 5 on the same schema (bench/peers/postgraphile.ts)
// and measures it in the same alternating runs for the nested invoice page, after checking it answers the same data.
// The peers are a package of their own (bench/peers/package.json, installed here on first use): PostGraphile declares
// Node 22, and the project's own install stays free of engine warnings on the Node it declares.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import autocannon from 'autocannon';
import { type PlannedInvoice, writeInvoices } from './bulk-seed.ts';
import { comparedBuilds } from './processes.ts';
import { cpuMs, postgresCpuMs, start } from './processes.ts';
import { steadyLoad } from './steady-load.ts';
import pg from 'pg';
import { isDeepStrictEqual } from 'node:util';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import { createUnitOfWork } from '../src/core/unit-of-work.ts';
import { openDatabase, tuneDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { PROJECT_ROOT } from '../src/db/schema-text.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { customers } from '../src/modules/contacts/contacts.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { createProduct } from '../src/modules/products/products.service.ts';
import { representations } from '../src/registry.ts';
import { median } from './stats.ts';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
/** Alternating full-load runs of baseline and service per workload; the best of each is reported. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
/** Steady-rate runs per workload, service and baseline in turn; their tails are reported as a range. */
const STEADY_RUNS = Math.max(1, Number(process.env.BENCH_STEADY_RUNS ?? 3));
const ONLY = process.env.BENCH_ONLY;
const PROFILE_DIR = process.env.BENCH_PROFILE;
const PEERS = (process.env.BENCH_PEERS ?? '').split(/[\s,]+/).filter(Boolean);
for (const peer of PEERS) if (peer !== 'postgraphile') throw new Error(`BENCH_PEERS knows postgraphile only, got "${peer}"`);
const COMPARE = comparedBuilds();

// --- 1. Seed.
const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? new URL(process.env.DATABASE_URL!) : undefined;
if (PEERS.length && !postgresUrl) throw new Error('BENCH_PEERS needs DATABASE_URL=postgresql://… (PostGraphile serves PostgreSQL only)');
const benchSchema = `bench_${process.pid}`;
postgresUrl?.searchParams.set('schema', benchSchema);
/** Where both servers keep the books: a SQLite file, or a PostgreSQL schema of this run. */
const databaseUrl = postgresUrl ? postgresUrl.toString() : `file:${join(dir, 'bench.db')}`;
const db = openDatabase(databaseUrl, dir);
await migrate(db);
await tuneDatabase(db);
const organization = await createOrganization(db.prisma, { name: 'Bench Co' });
const key = (await createApiKey(db.prisma, organization.id, 'bench')).plaintext;
const unitOfWork = createUnitOfWork({ db, representations });
const write = <Row>(name: string, work: (scope: any) => Promise<any>) =>
  unitOfWork.write<Row>(organization.id, { operation: name, input: null }, work);
const random = (() => {
  let seed = 42; // the same data set every run
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
})();
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
const customerIds: string[] = [];
for (let i = 0; i < 200; i++)
  customerIds.push((await write('createCustomer', (s) => customers.create(s, { name: `Customer ${i}`, email: `c${i}@example.com` }))).id);
const productIds: string[] = [];
for (let i = 0; i < 50; i++)
  productIds.push((await write('createProduct', (s) => createProduct(s, { name: `Product ${i}`, unitPrice: (5 + i).toFixed(2) }))).id);
const seedStarted = Date.now();
const plans: PlannedInvoice[] = [];
for (let i = 0; i < INVOICES; i++) {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (((i / 28) % 12) | 0)).padStart(2, '0');
  const lines = Array.from({ length: 1 + Math.floor(random() * 10) }, (_, n) =>
    random() < 0.5
      ? { productId: pick(productIds), quantity: String(1 + (n % 3)) }
      : { description: `Service ${n}`, unitPrice: (10 + Math.floor(random() * 500)).toFixed(2), quantity: '1.5' },
  );
  plans.push({ customerId: pick(customerIds), issueDate: `2026-${month}-${day}`, lines, payments: [] });
}
await writeInvoices(db, organization.id, plans);
console.error(`seeded ${INVOICES} invoices in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s (bench/bulk-seed.ts)`);
// The seed's events (customers, products) are history: relayed already, so the service does not spend the measured runs catching up.
await db.prisma.$executeRawUnsafe('UPDATE "Event" SET "relayedAt" = "createdAt" WHERE "relayedAt" IS NULL');
// The seed leaves the database mid-housekeeping (tables never analyzed, dead row versions, a log full of
// pages not yet written back); settle that first, so the runs measure the servers and not a checkpoint
// or an autovacuum pass of the seed's own making.
if (postgresUrl) {
  const tables = await db.prisma.$queryRawUnsafe<{ name: string }[]>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = $1',
    benchSchema,
  );
  await db.prisma.$executeRawUnsafe(`VACUUM ANALYZE ${tables.map((t) => `"${benchSchema}"."${t.name}"`).join(', ')}`);
  await db.prisma.$executeRawUnsafe('CHECKPOINT');
} else {
  await db.prisma.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
}
const accounts = Object.fromEntries(
  (await db.prisma.account.findMany({ where: { organizationId: organization.id } })).map((a) => [a.code, a.id]),
);
// The single-record GET reads an invoice from the middle of the list.
const [{ id: oneInvoiceId }] = await db.prisma.invoice.findMany({
  where: { organizationId: organization.id },
  orderBy: [{ issueDate: 'asc' }, { id: 'asc' }],
  skip: Math.floor(INVOICES / 2),
  take: 1,
  select: { id: true },
});
await db.close();
async function dropBenchSchema() {
  if (!postgresUrl) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL!.replace(/\?.*$/, '') });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${benchSchema}" CASCADE`);
  await admin.end();
}

// --- 2. Start both.
await buildServer();
const baselineBundle = join(PROJECT_ROOT, 'dist/baseline.js');
await build({
  entryPoints: [join(PROJECT_ROOT, 'bench/baseline.ts')],
  outfile: baselineBundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

const serviceFlags = [
  ...SERVER_NODE_FLAGS,
  ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
  ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
];
const serviceEnv = {
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'info',
  METRICS_PORT: '0',
  RATE_LIMIT_PER_MINUTE: '1000000',
};
const logTo = (name: string) => openSync(join(dir, `${name}.log`), 'a');
const service = start(SERVER_BUNDLE, [], serviceEnv, serviceFlags, logTo('service'));
// On SQLite every server writes its own copy of the seeded file: one server's log and its checkpoints
// (the service copies its log back in a thread) must not land on another's writes or take the machine in
// another's run. The comparisons below write the same bodies to each, so the copies stay alike.
const copyFor = (name: string) => {
  if (postgresUrl) return databaseUrl;
  copyFileSync(join(dir, 'bench.db'), join(dir, `${name}.db`));
  return `file:${join(dir, `${name}.db`)}`;
};
const compared = COMPARE.map(({ name, bundle, env, nodeFlags }) => ({
  name,
  server: start(bundle, [], { ...serviceEnv, DATABASE_URL: copyFor(name), ...env }, [...serviceFlags, ...nodeFlags], logTo(name)),
}));
// The same node/V8 flags for every server measured: a ratio must not be a heap setting.
const baseline = start(
  baselineBundle,
  [copyFor('baseline').replace(/^file:/, '')],
  { RATE_LIMIT_PER_MINUTE: serviceEnv.RATE_LIMIT_PER_MINUTE },
  [...SERVER_NODE_FLAGS, ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, '--cpu-prof-name=baseline.cpuprofile'] : [])],
);
const peersDir = join(PROJECT_ROOT, 'bench/peers');
// Bundled beside the peers' own node_modules, which its imports resolve from.
const peerBundle = join(peersDir, 'dist/postgraphile.js');
if (PEERS.length) {
  if (!existsSync(join(peersDir, 'node_modules/postgraphile'))) {
    console.log('Installing the benchmark peers (bench/peers/package.json; PostGraphile declares Node 22 and runs here with a polyfill)…');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: peersDir, stdio: 'inherit' });
  }
  await build({
    entryPoints: [join(peersDir, 'postgraphile.ts')],
    outfile: peerBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}
const peers = PEERS.map((name) => ({ name, server: start(peerBundle, [databaseUrl], {}, SERVER_NODE_FLAGS) }));
const peerUrls = await Promise.all(peers.map((p) => p.server.url));
const urls = { service: await service.url, baseline: await baseline.url };
const comparedUrls = await Promise.all(compared.map((c) => c.server.url));
process.on('exit', () => {
  service.child.kill('SIGKILL');
  for (const c of compared) c.server.child.kill('SIGKILL');
  for (const p of peers) p.server.child.kill('SIGKILL');
  baseline.child.kill('SIGKILL');
});

// --- 3. Workloads.
const NESTED =
  `query($first: Int) { invoices(first: $first) { edges { node { id number status total customer { id name email } ` +
  `lines { description quantity unitPrice amount product { id name } } } } } }`;
const TRIAL_BALANCE =
  'query($asOf: Date!) { trialBalance(asOf: $asOf) { totalDebit totalCredit rows { account { code name } debit credit } } }';
let entryNo = 0;
const entryBody = () => {
  const n = 2 + (entryNo++ % 3);
  const amounts = Array.from({ length: n - 1 }, (_, i) => 10 + i);
  const total = amounts.reduce((t, a) => t + a, 0);
  return JSON.stringify({
    date: '2026-06-15',
    description: `Bench entry ${entryNo}`,
    lines: [
      ...amounts.map((a) => ({ accountId: accounts['6100'], debit: a, credit: 0 })),
      { accountId: accounts['1010'], debit: 0, credit: total },
    ],
  });
};
let invoiceNo = 0;
const invoiceBody = () => {
  const n = 1 + (invoiceNo++ % 3);
  return JSON.stringify({
    customerId: customerIds[invoiceNo % customerIds.length],
    issueDate: '2026-06-15',
    lines: Array.from({ length: n }, (_, i) => ({
      description: `Bench work ${invoiceNo}.${i}`,
      quantity: 1 + (i % 2),
      unitPrice: 12.5 + i,
    })),
  });
};
interface Workload {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => string;
  /** Compared between the two before measuring (POST: the shape only; ids and numbers differ). */
  compare: 'exact' | 'shape';
}
const graphql = (query: string, variables: Record<string, unknown>) => () => JSON.stringify({ query, variables });
const workloads: Workload[] = [
  { name: 'REST GET /api/v1/invoices?limit=25', method: 'GET', path: '/api/v1/invoices?limit=25', compare: 'exact' },
  { name: 'REST GET /api/v1/invoices/{id}', method: 'GET', path: `/api/v1/invoices/${oneInvoiceId}`, compare: 'exact' },
  {
    name: 'REST POST /api/v1/journal-entries (2-4 lines)',
    method: 'POST',
    path: '/api/v1/journal-entries',
    body: entryBody,
    compare: 'shape',
  },
  {
    name: 'GraphQL nested invoices (first 25)',
    method: 'POST',
    path: '/graphql',
    body: graphql(NESTED, { first: 25, kind: 'nested' }),
    compare: 'exact',
  },
  {
    name: 'GraphQL trialBalance',
    method: 'POST',
    path: '/graphql',
    body: graphql(TRIAL_BALANCE, { asOf: '2026-12-31', kind: 'trialBalance' }),
    compare: 'exact',
  },
  // Last: the invoices it writes would otherwise change the pages and the trial balance the others compare.
  { name: 'REST POST /api/v1/invoices (1-3 lines)', method: 'POST', path: '/api/v1/invoices', body: invoiceBody, compare: 'shape' },
];

const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

// PostGraphile's own schema for the same page: its names for the tables, relations and orders (`id` is its global
// node id, the column is `rowId`), money in minor units.
const PEER_NESTED = `query($org: String!, $first: Int) { allInvoices(first: $first, condition: { organizationId: $org }, orderBy:
  [ISSUE_DATE_ASC, PRIMARY_KEY_ASC]) { nodes {
  rowId number status total customerByCustomerId { rowId name email }
  invoiceLinesByInvoiceId(orderBy: LINE_NO_ASC) { nodes { description quantityMilli unitPrice amount productByProductId { rowId
    name } } } } } }`;
const peerNestedBody = () => JSON.stringify({ query: PEER_NESTED, variables: { org: organization.id, first: 25 } });
const minor = (decimal: string) => {
  const [whole, fraction = ''] = decimal.split('.');
  return String(BigInt(whole + fraction.padEnd(2, '0')));
};
const milli = (decimal: string) => {
  const [whole, fraction = ''] = decimal.split('.');
  return String(BigInt(whole + fraction.padEnd(3, '0')));
};
/** The nested page's data in one shape for both schemas, to compare the peer's answer with the service's. */
const servicePage = (json: any) =>
  json.data.invoices.edges.map(({ node }: any) => ({
    ...node,
    total: minor(node.total),
    lines: node.lines.map((l: any) => ({ ...l, quantity: milli(l.quantity), unitPrice: minor(l.unitPrice), amount: minor(l.amount) })),
  }));
const peerPage = (json: any) =>
  json.data.allInvoices.nodes.map((n: any) => ({
    id: n.rowId,
    number: n.number,
    status: n.status,
    total: String(n.total),
    customer: { id: n.customerByCustomerId.rowId, name: n.customerByCustomerId.name, email: n.customerByCustomerId.email },
    lines: n.invoiceLinesByInvoiceId.nodes.map((l: any) => ({
      description: l.description,
      quantity: String(l.quantityMilli),
      unitPrice: String(l.unitPrice),
      amount: String(l.amount),
      product: l.productByProductId && { id: l.productByProductId.rowId, name: l.productByProductId.name },
    })),
  }));
async function once(base: string, w: Workload, body?: string) {
  const response = await fetch(`${base}${w.path}`, { method: w.method, headers, body });
  return { status: response.status, json: await response.json(), headerNames: [...response.headers.keys()].sort().join(', ') };
}
const shape = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.slice(0, 1).map(shape)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
      : typeof value;

// The cost the service reports is part of its answer; the baseline is told it to answer the same bytes.
for (const w of workloads.filter((w) => w.path === '/graphql')) {
  const variables = JSON.parse(w.body!()).variables;
  const { json } = await once(urls.service, w, w.body!());
  const cost = json.extensions.cost.requestedQueryCost;
  w.body = graphql(w.name.includes('nested') ? NESTED : TRIAL_BALANCE, { ...variables, cost });
}
for (const w of workloads) {
  // One body for every server: each writes the same rows (the SQLite copies stay alike).
  const body = w.body?.();
  const a = await once(urls.service, w, body);
  for (const [i, url] of comparedUrls.entries()) {
    const b = await once(url, w, body);
    if (w.compare === 'exact' && !isDeepStrictEqual(a.json, b.json))
      console.error(`${w.name}: ${compared[i].name} answers differently from this build (measured anyway)`);
  }
  if (w.name.includes('nested')) {
    for (const [i, url] of peerUrls.entries()) {
      const [a, b] = [await once(urls.service, w, w.body?.()), await once(url, w, peerNestedBody())];
      if (!b.json.data || !isDeepStrictEqual(servicePage(a.json), peerPage(b.json))) {
        console.error(
          `${w.name}: ${peers[i].name} answers different data\nservice: ` +
            `${JSON.stringify(servicePage(a.json)).slice(0, 400)}\n${peers[i].name}: ${JSON.stringify(b.json).slice(0, 400)}`,
        );
        await dropBenchSchema();
        process.exit(1);
      }
    }
  }
  const b = await once(urls.baseline, w, body);
  const same =
    a.status === b.status && (w.compare === 'exact' ? isDeepStrictEqual(a.json, b.json) : isDeepStrictEqual(shape(a.json), shape(b.json)));
  if (!same) {
    const [x, y] = [JSON.stringify(a.json), JSON.stringify(b.json)];
    let at = 0;
    while (at < x.length && x[at] === y[at]) at++;
    const from = Math.max(0, at - 200);
    console.error(
      `${w.name}: the two answers differ (status ${a.status} / ${b.status}; from character ${at})\nservice:  ` +
        `…${x.slice(from, at + 400)}\nbaseline: …${y.slice(from, at + 400)}`,
    );
    await dropBenchSchema();
    process.exit(1);
  }
  // The same headers too (their values differ: request ids, the quota left): writing them is work.
  if (a.headerNames !== b.headerNames) {
    console.error(`${w.name}: the two answers' headers differ\nservice:  ${a.headerNames}\nbaseline: ${b.headerNames}`);
    await dropBenchSchema();
    process.exit(1);
  }
}

/**
 * Full load: 10 connections, each sending its next request as soon as the last one is answered. Also the
 * server's CPU per request: steadier than req/s on this shared VM, whose load generator takes the same cores.
 */
async function load(base: string, w: Workload, pid: number) {
  const cpuBefore = cpuMs(pid);
  const databaseCpuBefore = postgresUrl ? postgresCpuMs() : 0;
  const result = await autocannon({
    url: `${base}${w.path}`,
    method: w.method,
    headers,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(w.body ? { requests: [{ setupRequest: (request: any) => ({ ...request, body: w.body!() }) }] } : {}),
  });
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: (cpuMs(pid) - cpuBefore) / requests,
    /** PostgreSQL's CPU per request (all its processes; the bench is the machine's only client). */
    databaseCpuPerRequest: postgresUrl ? (postgresCpuMs() - databaseCpuBefore) / requests : undefined,
  };
}

/** A fixed arrival rate (see bench/steady-load.ts for why not autocannon's `overallRate`). */
const steady = (base: string, w: Workload, rate: number, seconds = SECONDS) =>
  steadyLoad({ url: `${base}${w.path}`, method: w.method, headers, body: w.body, rate, seconds, connections: CONNECTIONS });

/** How long a probe of a steady rate runs, and how many times the rate is lowered at most. */
const PROBE_SECONDS = 3;
const MAX_RATE_STEPS = 4;

/**
 * Whether a steady run kept up with its rate: it completed (nearly) as many requests a second as were sent,
 * and its median request did not wait in a queue (a server behind its rate answers the median request
 * hundreds of milliseconds late, for the rest of the run).
 */
const keepsUp = (run: { rps: number; p50: number }, rate: number) => run.rps >= rate * 0.95 && run.p50 < 50;

/** p50 and p99 over several steady runs, each as a range (or one figure when the runs agree). */
const tails = (list: { p50: number; p99: number }[]) => {
  const range = (values: number[]) => {
    const [low, high] = [Math.min(...values), Math.max(...values)];
    return low === high ? `${low}` : `${low}–${high}`;
  };
  return `${range(list.map((r) => r.p50))}/${range(list.map((r) => r.p99))}`;
};
const errors = (list: { errors: number }[]) => list.reduce((sum, r) => sum + r.errors, 0);

const rows: string[][] = [];
/** Every full-load run of the service and the compared builds, per workload (BENCH_COMPARE). */
const comparison: string[][] = [];
let servicePeakRssMb = service.peakRssMb(); // before the runs; then the highest of each workload's peak
for (const w of workloads.filter((w) => !ONLY || w.name.includes(ONLY))) {
  // Baseline and service alternate ROUNDS times and the best run of each counts: this VM's speed
  // drifts within minutes (the same baseline measured 709 and 1,462 req/s in one hour), and a
  // slowdown during one side's only run made a ratio.
  service.resetPeakRss();
  const racing = w.name.includes('nested') ? peers : [];
  const runs = new Map<string, Awaited<ReturnType<typeof load>>[]>([
    ['this build', []],
    ...compared.map((c) => [c.name, []] as [string, []]),
    ...racing.map((p) => [p.name, []] as [string, []]),
  ]);
  let base: Awaited<ReturnType<typeof load>> | undefined;
  let full: Awaited<ReturnType<typeof load>> | undefined;
  const baseRuns: Awaited<ReturnType<typeof load>>[] = [];
  // Every server's run of a round, in an order that turns by one each round: the machine's speed drifts
  // within a round too, and a fixed order gave the server always run second a bias of its own (a build
  // compared with a copy of itself read well off 1).
  const turns: (() => Promise<void>)[] = [
    async () => void baseRuns.push(await load(urls.baseline, w, baseline.child.pid!)),
    async () => void runs.get('this build')!.push(await load(urls.service, w, service.child.pid!)),
    ...compared.map((c, i) => async () => void runs.get(c.name)!.push(await load(comparedUrls[i], w, c.server.child.pid!))),
    ...racing.map(
      (p) => async () =>
        void runs.get(p.name)!.push(await load(peerUrls[peers.indexOf(p)], { ...w, body: peerNestedBody }, p.server.child.pid!)),
    ),
  ];
  for (let round = 0; round < ROUNDS; round++) {
    for (let t = 0; t < turns.length; t++) await turns[(round + t) % turns.length]();
    const [b, f] = [baseRuns[round], runs.get('this build')![round]];
    if (!base || b.rps > base.rps) base = b;
    if (!full || f.rps > full.rps) full = f;
  }
  if (!base || !full) throw new Error('BENCH_ROUNDS must be at least 1');
  if (compared.length || racing.length) {
    const databaseCpu = (list: Awaited<ReturnType<typeof load>>[]) =>
      postgresUrl ? [list.map((r) => r.databaseCpuPerRequest!.toFixed(2)).join(', ')] : [];
    // This build's CPU a request over another server's, round by round (both ran in the same minutes), the
    // median of the rounds: steadier than best runs when the machine's speed swings within a run.
    const thisBuild = runs.get('this build')!;
    const paired = (list: Awaited<ReturnType<typeof load>>[]) =>
      median(list.map((r, i) => thisBuild[i].cpuPerRequest / r.cpuPerRequest)).toFixed(3);
    comparison.push([w.name, 'baseline', '', base.cpuPerRequest.toFixed(2), ...databaseCpu([base]), `${base.p99}`, '1', paired(baseRuns)]);
    for (const [name, list] of runs) {
      const best = list.reduce((a, b) => (b.rps > a.rps ? b : a));
      comparison.push([
        w.name,
        name,
        list.map((r) => r.rps.toFixed(0)).join(', '),
        list.map((r) => r.cpuPerRequest.toFixed(2)).join(', '),
        ...databaseCpu(list),
        `${best.p99}`,
        (best.rps / base.rps).toFixed(3),
        paired(list),
      ]);
    }
  }
  // A rate the machine holds: 70 % of the service's slowest full-load run, not its best (this VM's speed drifts
  // within minutes, and a rate set by a lucky run left the service behind it, its tail growing with the queue),
  // lowered by a sixth at a time until a short steady run keeps up with it. Full load is the cheapest per
  // request: a request arriving alone costs the server (and the open-loop generator, which shares the cores)
  // more CPU than one of a burst, so for a cheap request 70 % of the full-load rate can be more than the
  // machine has (BENCHMARKS.md, "The steady runs that stall").
  const slowest = Math.min(...runs.get('this build')!.map((r) => r.rps));
  const fullRate = Math.max(1, Math.floor(slowest * 0.7));
  let rate = fullRate;
  for (let step = 0; step < MAX_RATE_STEPS && !keepsUp(await steady(urls.service, w, rate, PROBE_SECONDS), rate); step++)
    rate = Math.max(1, Math.floor((rate * 5) / 6));
  // The baseline at the very same arrival rate, in turn with the service: the tail this machine gives a server
  // that is nowhere near its limit (scheduling, the database's own processes on the shared cores).
  const atRate: Awaited<ReturnType<typeof steady>>[] = [];
  const baseAtRate: Awaited<ReturnType<typeof steady>>[] = [];
  for (let run = 0; run < STEADY_RUNS; run++) {
    atRate.push(await steady(urls.service, w, rate));
    baseAtRate.push(await steady(urls.baseline, w, rate));
  }
  const peak = service.peakRssMb();
  servicePeakRssMb = Math.max(servicePeakRssMb, peak);
  rows.push([
    w.name,
    base.rps.toFixed(0),
    full.rps.toFixed(0),
    `${full.p50}/${full.p99}`,
    (full.rps / base.rps).toFixed(3),
    `${full.cpuPerRequest.toFixed(2)} / ${base.cpuPerRequest.toFixed(2)}`,
    ...(postgresUrl ? [`${full.databaseCpuPerRequest!.toFixed(2)} / ${base.databaseCpuPerRequest!.toFixed(2)}`] : []),
    `${rate}${rate < fullRate ? ` (70 %: ${fullRate})` : ''}: ${tails(atRate)}`,
    tails(baseAtRate),
    peak.toFixed(0),
    `${full.errors + errors(atRate)} / ${base.errors + errors(baseAtRate)}`,
  ]);
  console.error(`${w.name}: done`);
}
const table = [
  [
    'workload',
    'baseline req/s',
    'service req/s',
    'service p50/p99 ms',
    'ratio',
    'CPU ms/request: service / baseline',
    ...(postgresUrl ? ['PostgreSQL CPU ms/request: service / baseline'] : []),
    `service at 70 % of its slowest run (lower when a probe fell behind it), ${STEADY_RUNS} runs: req/s: p50/p99 ms`,
    'baseline at that rate: p50/p99 ms',
    'service peak RSS MB',
    'errors: service / baseline',
  ],
  ...rows,
];
console.log(table.map((r) => `| ${r.join(' | ')} |`).join('\n'));
if (comparison.length) {
  console.log(
    "\nCompared builds and peers, every full-load run in the order run (interleaved with the baseline; the baseline's best run):\n",
  );
  console.log(
    [
      [
        'workload',
        'server',
        'req/s',
        'CPU ms/request',
        ...(postgresUrl ? ['PostgreSQL CPU ms/request'] : []),
        'p99 ms (best run)',
        'best ratio',
        "this build's CPU a request over its, median of the rounds",
      ],
      ...comparison,
    ]
      .map((r) => `| ${r.join(' | ')} |`)
      .join('\n'),
  );
}
console.log(
  `\npeak RSS: service ${servicePeakRssMb.toFixed(0)} MB, baseline ${baseline.peakRssMb().toFixed(0)} MB; ` +
    `${postgresUrl ? 'PostgreSQL' : 'SQLite'}; ${INVOICES} invoices; ${CONNECTIONS} connections, ${SECONDS} s per run`,
);
service.child.kill('SIGTERM');
baseline.child.kill('SIGTERM');
await new Promise((resolve) => (baseline.child.exitCode === null ? baseline.child.once('exit', resolve) : resolve(null)));
for (const c of compared) c.server.child.kill('SIGTERM');
for (const p of peers) p.server.child.kill('SIGTERM');
// The service closes gracefully (and writes its CPU profile, if asked) before its database goes.
await new Promise((resolve) => service.child.once('exit', resolve));
if (process.env.BENCH_KEEP_DIR) console.error(`kept ${dir}`);
else rmSync(dir, { recursive: true, force: true });
await dropBenchSchema();
process.exit(0);
