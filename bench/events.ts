// `npm run bench:events`: live events and webhooks under load, against the server started as a user
// runs it (a child process, NODE_ENV=production, embedded SQLite), everything on 127.0.0.1.
//   1. SUBSCRIBERS graphql-ws subscribers across ORGS organizations while events are committed through
//      REST at RATE per second for SECONDS (after WARMUP_SECONDS at that rate, not counted): commit-to-receipt latency (event createdAt, stamped in the
//      committing transaction, to arrival at the subscriber) p50/p99, and the server's peak RSS.
//   2. Webhook deliveries per second: HOOKS subscriptions to a local receiver, a burst of events.
// Targets: p99 under 250 ms at 200 events/s with 1,000 subscribers; RSS under 300 MB.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { openDatabase, tuneDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const ORGS = Number(process.env.BENCH_ORGS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HOOKS = Number(process.env.BENCH_HOOKS ?? 10);
const BURST = Number(process.env.BENCH_BURST ?? 500);
/**
 * Seconds of events at RATE before the measured ones, not counted. Like `npm run bench`'s warm-up: a server
 * just started is still compiling its hot code (V8's optimizing compiler runs on other threads, here taking
 * the cores the measured run needs: ~0.8 ms of CPU per write in the first thousand writes, ~0.2 after).
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

const dir = mkdtempSync(join(tmpdir(), 'bench-events-'));
const databaseUrl = `file:${join(dir, 'bench.db')}`;
const db = openDatabase(databaseUrl, dir);
await migrate(db);
await tuneDatabase(db);
const tenants: { key: string }[] = [];
for (let i = 0; i < ORGS; i++) {
  const organization = await createOrganization(db.prisma, { name: `Bench Org ${i}` });
  tenants.push({ key: (await createApiKey(db.prisma, organization.id, 'bench')).plaintext });
}
await db.close();

await buildServer();
// BENCH_PROFILE=<dir> writes the server's CPU profile there (node --cpu-prof) when it exits.
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, '--enable-source-maps', SERVER_BUNDLE], {
  env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', MAX_SUBSCRIPTIONS_PER_KEY: '100000', WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
    const m = /listening on (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1]);
  });
  child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
/** CPU seconds the server process has used (user + system), from /proc. */
const serverCpuSeconds = () => {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
};
const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
let failedWrites = 0;
const post = (key: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
    (r) => r.json(),
    () => void failedWrites++, // an overloaded server is a result to report, not a reason to stop
  );
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// 1. Subscribers.
const latencies: number[] = [];
let received = 0;
const clients = Array.from({ length: SUBSCRIBERS }, (_, i) => {
  const client = createClient({ url: `${url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${tenants[i % ORGS].key}` }, retryAttempts: 0 });
  client.subscribe(
    { query: 'subscription { events { id createdAt } }' },
    {
      next: ({ data }: any) => {
        received++;
        latencies.push(Date.now() - Date.parse(data.events.createdAt));
      },
      error: (e) => console.error('subscription error', e),
      complete: () => {},
    },
  );
  return client;
});
await new Promise((r) => setTimeout(r, 3000)); // every subscription is live
/**
 * `count` customer writes at RATE, spread over the organizations; resolves when all have answered, with
 * how late the last write was sent (this process also runs the subscribers' clients: when it is busy, it
 * falls behind its own schedule, and fewer events per second are offered than RATE).
 */
async function commitAtRate(count: number) {
  const started = Date.now();
  const writes: Promise<unknown>[] = [];
  let lateMs = 0;
  for (let n = 0; n < count; n++) {
    const due = started + (n * 1000) / RATE;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    lateMs = Date.now() - due;
    writes.push(post(tenants[n % ORGS].key, '/api/v1/customers', { name: `Bench ${n}` }));
  }
  await Promise.all(writes);
  return { lateMs };
}
console.error(`subscribed: ${SUBSCRIBERS}; warming up for ${WARMUP_SECONDS} s`);
await commitAtRate(RATE * WARMUP_SECONDS);
const warmupExpected = (RATE * WARMUP_SECONDS - failedWrites) * (SUBSCRIBERS / ORGS);
for (const until = Date.now() + 10_000; received < warmupExpected && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));
received = 0;
latencies.length = 0;
failedWrites = 0;
const total = RATE * SECONDS;
console.error(`committing ${total} events`);
const started = Date.now();
const serverCpuBefore = serverCpuSeconds();
const benchCpuBefore = process.cpuUsage();
const { lateMs } = await commitAtRate(total);
console.error(`committed; received ${received} so far`);
const elapsedSeconds = (Date.now() - started) / 1000;
const achieved = total / elapsedSeconds;
const serverCpuShare = (serverCpuSeconds() - serverCpuBefore) / elapsedSeconds;
const benchCpu = process.cpuUsage(benchCpuBefore);
const benchCpuShare = (benchCpu.user + benchCpu.system) / 1e6 / elapsedSeconds;
const expected = (total - failedWrites) * (SUBSCRIBERS / ORGS);
const waitUntil = Date.now() + 10_000;
while (received < expected && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 100));
latencies.sort((a, b) => a - b);
const rssAfterSubscribers = peakRssMb();
for (const c of clients) await c.dispose();

console.error(`received ${received}; webhooks next`);
// 2. Webhooks.
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
for (let i = 0; i < HOOKS; i++) await post(tenants[0].key, '/api/v1/webhooks', { url: hookUrl, eventTypes: ['vendor.created'] });
const burstStarted = Date.now();
await Promise.all(Array.from({ length: BURST }, (_, n) => post(tenants[0].key, '/api/v1/vendors', { name: `Hooked ${n}` })));
const hookDeadline = Date.now() + 60_000;
while (hooksReceived < BURST * HOOKS && Date.now() < hookDeadline) await new Promise((r) => setTimeout(r, 50));
const deliveriesPerSecond = hooksReceived / ((lastAt - burstStarted) / 1000);

child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
receiver.close();
rmSync(dir, { recursive: true, force: true });

const table = [
  ['subscribers', SUBSCRIBERS, 'organizations', ORGS],
  ['events sent', total, 'at events/s', achieved.toFixed(0)],
  ['last write late ms', lateMs, 'offered events/s', RATE],
  ['writes failed', failedWrites, '', ''],
  ['server CPU (cores)', serverCpuShare.toFixed(2), 'bench CPU', benchCpuShare.toFixed(2)],
  // Per event, so runs at different speeds of this VM compare: what the target rate needs is rate × this.
  ['server CPU/event ms', ((serverCpuShare * 1000) / achieved).toFixed(2), 'bench CPU/event ms', ((benchCpuShare * 1000) / achieved).toFixed(2)],
  ['messages received', received, 'of expected', expected],
  ['latency p50 ms', percentile(latencies, 50), 'p99 ms', percentile(latencies, 99)],
  ["server peak RSS MB", rssAfterSubscribers.toFixed(0), "", ""],
  ['webhook deliveries', hooksReceived, 'per second', deliveriesPerSecond.toFixed(0)],
];
process.on('exit', () => child.kill('SIGKILL'));
for (const row of table) console.log(row.map(String).map((c, i) => (i % 2 ? c.padStart(10) : c.padEnd(20))).join(' '));
process.exit(0);
