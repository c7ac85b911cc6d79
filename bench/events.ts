// `npm run bench:events`: live events at scale, measured from outside as users meet it. The server runs
// as a user runs it (the built bundle, NODE_ENV=production); the subscribers run in a process of their
// own (bench/event-clients.ts); the writer runs here, apart from both. Everything on 127.0.0.1.
//
//   1. Writes with nobody subscribed: REST invoices (two events each) at RATE a second for SECONDS.
//   2. The same writes with SUBSCRIBERS graphql-ws clients subscribed to `events`, all in ONE organization
//      (over KEYS keys, under the per-key cap): every write's answer and latency, commit-to-receipt
//      latency, and every client's stream checked against the event log (gaps, duplicates, order).
//   3. Webhook deliveries a second: HOOKS subscriptions to a local receiver, a burst of BURST events.
//
// BENCH_DATABASE_URL=postgresql://… runs two instances on PostgreSQL and Redis (REDIS_URL, default
// redis://127.0.0.1:6379), half the subscribers on each, the writer alternating between them; the
// database gets a schema of this run, dropped after. Default: one instance on embedded SQLite.
// Targets (issue "live at scale"): every write answered within a second (201, or 503 with Retry-After);
// the 201s' p99 within 3× of the same writes without subscribers, or under 100 ms.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cpuMs, start } from './processes.ts';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import { openDatabase, tuneDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { PROJECT_ROOT } from '../src/db/schema-text.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { percentile } from './stats.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const KEYS = Number(process.env.BENCH_KEYS ?? 24);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const HOOKS = Number(process.env.BENCH_HOOKS ?? 10);
const BURST = Number(process.env.BENCH_BURST ?? 500);
/** Seconds of writes before each measured run, not counted: a server just started is still compiling its hot code. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const QUERY = 'subscription { events { id type createdAt } }';
const postgresBase = process.env.BENCH_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The books: one organization, its keys, a customer.
const dir = mkdtempSync(join(tmpdir(), 'bench-events-'));
const schema = `bench_events_${process.pid}`;
const databaseUrl = postgresBase
  ? (() => {
      const url = new URL(postgresBase);
      url.searchParams.set('schema', schema);
      return url.toString();
    })()
  : `file:${join(dir, 'bench.db')}`;
const db = openDatabase(databaseUrl, dir);
await migrate(db);
await tuneDatabase(db);
const organization = await createOrganization(db.prisma, { name: 'Live Co' });
const keys: string[] = [];
for (let i = 0; i < KEYS; i++) keys.push((await createApiKey(db.prisma, organization.id, `subscriber ${i}`)).plaintext);
const writerKey = (await createApiKey(db.prisma, organization.id, 'writer')).plaintext;

// --- The server(s).
await buildServer();
const env = {
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
  ...(postgresBase ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: schema } : {}),
};
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
// BENCH_NODE_FLAGS replaces the server's V8 flags (npm start's), to measure another heap size.
const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? SERVER_NODE_FLAGS;
const servers = Array.from({ length: postgresBase ? 2 : 1 }, () => start(SERVER_BUNDLE, [], env, [...nodeFlags, ...profile]));
const urls = await Promise.all(servers.map((s) => s.url));
process.on('exit', () => {
  for (const s of servers) s.child.kill('SIGKILL');
});

const customerId = await fetch(`${urls[0]}/api/v1/customers`, {
  method: 'POST',
  headers: { authorization: `Bearer ${writerKey}`, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Subscribed Ltd' }),
})
  .then((r) => r.json())
  .then((body: any) => body.id as string);

// --- The writer: invoices at RATE, each answer and its latency kept.
interface WriteRun {
  latencies: number[];
  statuses: Map<string, number>;
  /** Answers that took longer than a second, or never came. */
  slow: number;
  lateMs: number;
}
async function writeAtRate(seconds: number): Promise<WriteRun> {
  const run: WriteRun = { latencies: [], statuses: new Map(), slow: 0, lateMs: 0 };
  const count = Math.round(RATE * seconds);
  const started = performance.now();
  const writes: Promise<void>[] = [];
  for (let n = 0; n < count; n++) {
    const due = started + (n * 1000) / RATE;
    if (due > performance.now()) await sleep(due - performance.now());
    run.lateMs = Math.max(run.lateMs, performance.now() - due);
    const sent = performance.now();
    const url = urls[n % urls.length];
    writes.push(
      fetch(`${url}/api/v1/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writerKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId, lines: [{ description: `Live ${n}`, unitPrice: 10 + (n % 90) }] }),
        signal: AbortSignal.timeout(30_000),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          const ms = performance.now() - sent;
          const status = response.status === 503 && response.headers.get('retry-after') ? '503+Retry-After' : String(response.status);
          run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
          if (response.status === 201) run.latencies.push(ms);
          if (ms > 1000) run.slow++;
        },
        (error) => {
          const status = `failed (${error.name})`;
          run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
          run.slow++;
        },
      ),
    );
  }
  await Promise.all(writes);
  run.latencies.sort((a, b) => a - b);
  return run;
}
const serverCpu = () => servers.reduce((sum, s) => sum + cpuMs(s.child.pid!), 0);
async function measured(seconds: number) {
  const cpuBefore = serverCpu();
  const wallBefore = performance.now();
  const run = await writeAtRate(seconds);
  return { run, serverCores: (serverCpu() - cpuBefore) / (performance.now() - wallBefore) };
}

// 1. Nobody subscribed.
console.error(`writing invoices at ${RATE}/s with nobody subscribed (${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured)`);
await writeAtRate(WARMUP_SECONDS);
for (const s of servers) s.resetPeakRss();
const alone = await measured(SECONDS);
const aloneRss = servers.map((s) => s.peakRssMb());

// 2. SUBSCRIBERS in the one organization.
const clients = fork(join(PROJECT_ROOT, 'bench/event-clients.ts'), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
process.on('exit', () => clients.kill('SIGKILL'));
const ask = <T>(message: unknown, answer: string) =>
  new Promise<T>((resolve) => {
    const listener = (reply: any) => {
      if (answer in reply) {
        clients.off('message', listener);
        resolve(reply[answer]);
      }
    };
    clients.on('message', listener);
    clients.send(message as never);
  });
const connected = await ask<number>({ connect: { urls, keys, count: SUBSCRIBERS, query: QUERY } }, 'connected');
console.error(`${connected} subscribed; warming up for ${WARMUP_SECONDS} s`);
await writeAtRate(WARMUP_SECONDS);
await sleep(2000);
const { seq: startSeq } = await db.prisma.event.findFirstOrThrow({
  where: { organizationId: organization.id },
  orderBy: { seq: 'desc' },
  select: { seq: true },
});
await ask({ reset: true }, 'reset');
for (const s of servers) s.resetPeakRss();
console.error(`writing invoices at ${RATE}/s for ${SECONDS} s with ${connected} subscribers`);
const fannedOut = await measured(SECONDS);
// Let delivery finish (bounded), then check every client against the log.
const logIds = async () =>
  (
    await db.prisma.event.findMany({
      where: { organizationId: organization.id, seq: { gt: startSeq } },
      orderBy: { seq: 'asc' },
      select: { id: true },
    })
  ).map((e) => e.id);
const expectedIds = await logIds();
let report: any;
for (const deadline = Date.now() + 60_000; ; await sleep(1000)) {
  report = await ask<any>({ check: { logIds: expectedIds } }, 'report');
  if (report.messages >= expectedIds.length * (report.clients - report.ended - report.closed) || Date.now() > deadline) break;
}
const fannedRss = servers.map((s) => s.peakRssMb());
clients.send({ close: true });

// 3. Webhooks.
let hooksReceived = 0;
let lastAt = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    hooksReceived++;
    lastAt = Date.now();
    res.writeHead(204).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
const post = (path: string, body: unknown) =>
  fetch(`${urls[0]}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writerKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());
for (let i = 0; i < HOOKS; i++) await post('/api/v1/webhooks', { url: hookUrl, eventTypes: ['vendor.created'] });
const burstStarted = Date.now();
await Promise.all(Array.from({ length: BURST }, (_, n) => post('/api/v1/vendors', { name: `Hooked ${n}` })));
for (const deadline = Date.now() + 60_000; hooksReceived < BURST * HOOKS && Date.now() < deadline; ) await sleep(50);
const deliveriesPerSecond = hooksReceived / ((lastAt - burstStarted) / 1000);
receiver.close();

await Promise.all(servers.map((s) => s.stop()));
await db.close();
if (postgresBase) {
  const client = new pg.Client({ connectionString: postgresBase });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
rmSync(dir, { recursive: true, force: true });

const statuses = (run: WriteRun) => [...run.statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
const ms = (n: number) => n.toFixed(1);
const rows: [string, string, string][] = [
  ['', 'no subscribers', `${connected} subscribers`],
  ['writes offered', `${RATE}/s × ${SECONDS} s`, `${RATE}/s × ${SECONDS} s`],
  ['answers', statuses(alone.run), statuses(fannedOut.run)],
  ['answered after > 1 s or never', String(alone.run.slow), String(fannedOut.run.slow)],
  [
    '201 latency p50 / p99 ms',
    `${ms(percentile(alone.run.latencies, 50))} / ${ms(percentile(alone.run.latencies, 99))}`,
    `${ms(percentile(fannedOut.run.latencies, 50))} / ${ms(percentile(fannedOut.run.latencies, 99))}`,
  ],
  ['writer fell behind its schedule by ms', ms(alone.run.lateMs), ms(fannedOut.run.lateMs)],
  ['server CPU (cores)', alone.serverCores.toFixed(2), fannedOut.serverCores.toFixed(2)],
  ['server peak RSS MB', aloneRss.map((m) => m.toFixed(0)).join(' / '), fannedRss.map((m) => m.toFixed(0)).join(' / ')],
  ['events committed', '', String(expectedIds.length)],
  ['clients with every event, once, in order', '', `${report.complete} of ${report.clients}`],
  ['clients told they fell behind (resumeAfter)', '', String(report.ended)],
  ['clients closed otherwise', '', String(report.closed)],
  ['gaps / duplicates / out of order', '', `${report.gaps} / ${report.duplicates} / ${report.outOfOrder}`],
  ['messages received', '', `${report.messages} of ${expectedIds.length * report.clients}`],
  ['event created → received p50 / p99 ms', '', `${report.latencyP50} / ${report.latencyP99}`],
  ['webhook deliveries a second', '', `${deliveriesPerSecond.toFixed(0)} (${hooksReceived} of ${BURST * HOOKS})`],
];
console.log(
  `${postgresBase ? 'PostgreSQL + Redis, 2 instances' : 'SQLite, 1 instance'}; ${connected} subscribers in one organization over ` +
    `${KEYS} keys`,
);
for (const [label, a, b] of rows) console.log(`| ${label.padEnd(44)} | ${a.padEnd(24)} | ${b} |`);
for (const example of report.examples) console.log(`  ${example}`);
process.exit(0);
