// `npm run bench:cluster`: two instances of the built server on one PostgreSQL and one Redis, behind
// HAProxy (Debian's package, installed when missing; configured by bench/cluster/haproxy.cfg), all on
// 127.0.0.1, measured from outside as one service:
//   1. Rate limits: instances limited to RATE_LIMIT requests a minute per key; two keys each send 1.5×
//      that through the balancer: exactly the limit passes per key, whichever instance answers.
//   2. Throughput (instances restarted with a limit nobody reaches): the REST invoice list and the
//      nested GraphQL page at full load (autocannon, CONNECTIONS) with one instance in rotation, then two,
//      with the instances' and PostgreSQL's CPU a request and each instance's peak RSS.
//   3. An instance dies: writers post journal entries (each with its Idempotency-Key, retried with the
//      same key when a request fails), readers read the list, SUBSCRIBERS graphql-ws clients follow the
//      organization's events and a webhook receiver takes every journal_entry.created; after KILL_AT s
//      instance b is killed with SIGKILL, after RESTART_AT s started again. Reported: requests failed,
//      retries and what they got, entries written per key (exactly one each), events each subscriber
//      missed or got twice (those on b resume on a with `after`), webhook deliveries per event.
// DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test) gets a schema of this run, dropped
// after; REDIS_URL (default redis://127.0.0.1:6379) keys under a prefix of this run.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { type PlannedInvoice, writeInvoices } from './bulk-seed.ts';
import { cpuMs, postgresCpuMs, start } from './processes.ts';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import { createUnitOfWork } from '../src/core/unit-of-work.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { PROJECT_ROOT } from '../src/db/schema-text.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { customers } from '../src/modules/contacts/contacts.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { representations } from '../src/registry.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const RATE_LIMIT = 100;
const SUBSCRIBERS = 6;
const WRITERS = 8;
const READERS = 4;
const KILL_SECONDS = 15;
const KILL_AT = 4;
const RESTART_AT = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- HAProxy from Debian's packages.
if (spawnSync('haproxy', ['-v']).status !== 0) {
  console.error('installing haproxy (Debian package)');
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

// --- Seed: one organization, its keys, 2,000 invoices.
const base = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
if (!/^postgres(ql)?:\/\//.test(base)) throw new Error('bench:cluster runs on PostgreSQL: DATABASE_URL=postgresql://…');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const schema = `bench_cluster_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return url.toString();
})();
const dir = mkdtempSync(join(tmpdir(), 'bench-cluster-'));
const db = openDatabase(databaseUrl, dir);
await migrate(db);
const organization = await createOrganization(db.prisma, { name: 'Cluster Co' });
const [loadKey, limitedA, limitedB] = await Promise.all(
  ['load', 'limited a', 'limited b'].map(async (name) => (await createApiKey(db.prisma, organization.id, name)).plaintext),
);
const unitOfWork = createUnitOfWork({ db, representations });
const customerIds: string[] = [];
for (let i = 0; i < 20; i++)
  customerIds.push(
    (
      await unitOfWork.write<{ id: string }>(organization.id, { operation: 'createCustomer', input: null }, (s) =>
        customers.create(s, { name: `Customer ${i}` }),
      )
    ).id,
  );
const plans: PlannedInvoice[] = Array.from({ length: 2000 }, (_, i) => ({
  customerId: customerIds[i % customerIds.length],
  issueDate: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
  lines: [{ description: `Work ${i}`, unitPrice: `${10 + (i % 90)}.00`, quantity: '1' }],
  payments: [],
}));
await writeInvoices(db, organization.id, plans);
await db.prisma.$executeRawUnsafe('UPDATE "Event" SET "relayedAt" = "createdAt" WHERE "relayedAt" IS NULL');
const accounts = Object.fromEntries(
  (await db.prisma.account.findMany({ where: { organizationId: organization.id } })).map((a) => [a.code, a.id]),
);
await db.prisma.$executeRawUnsafe(`ANALYZE`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// --- Instances and the balancer.
await buildServer();
const ports = { a: await freePort(), b: await freePort(), balancer: await freePort() };
const socket = join(dir, 'haproxy.sock');
let rateLimit = String(RATE_LIMIT);
const instanceEnv = (port: number) => ({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: schema,
  DATA_DIR: dir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: rateLimit,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
});
type Instance = ReturnType<typeof start>;
const instances: Record<'a' | 'b', Instance | undefined> = { a: undefined, b: undefined };
async function startInstance(name: 'a' | 'b') {
  const instance = start(SERVER_BUNDLE, [], instanceEnv(ports[name]), SERVER_NODE_FLAGS);
  instances[name] = instance;
  await instance.url;
}
const balancer = spawn('haproxy', ['-db', '-f', join(PROJECT_ROOT, 'bench/cluster/haproxy.cfg')], {
  env: {
    ...process.env,
    HAPROXY_SOCKET: socket,
    HAPROXY_PORT: String(ports.balancer),
    INSTANCE_A_PORT: String(ports.a),
    INSTANCE_B_PORT: String(ports.b),
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
balancer.stderr!.on('data', () => {}); // its notices of servers going down and up are the bench's own doing
const url = `http://127.0.0.1:${ports.balancer}`;
process.on('exit', () => {
  balancer.kill('SIGKILL');
  for (const instance of Object.values(instances)) instance?.child.kill('SIGKILL');
});

/** A command on HAProxy's admin socket; its answer. */
function admin(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket, () => client.end(`${command}\n`));
    let answer = '';
    client.on('data', (chunk) => (answer += chunk));
    client.on('end', () => resolve(answer));
    client.on('error', reject);
  });
}
/** Waits until HAProxy's health checks see exactly `up` of the instances up. */
async function until(up: ('a' | 'b')[]) {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(100)) {
    const stat = await admin('show stat').catch(() => '');
    const servers = stat.split('\n').filter((line) => line.startsWith('instances,') && !line.startsWith('instances,BACKEND'));
    const upNow = servers.filter((line) => line.split(',')[17] === 'UP').map((line) => line.split(',')[1]);
    if (upNow.length === up.length && up.every((name) => upNow.includes(name))) return;
  }
  throw new Error(`HAProxy never saw exactly ${up.join(', ')} up`);
}

const headers = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

// --- 1. Rate limits across instances.
await Promise.all([startInstance('a'), startInstance('b')]);
await until(['a', 'b']);
async function sendMany(key: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 10) {
    statuses.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - i) }, () =>
          fetch(`${url}/api/v1/invoices?limit=1`, { headers: headers(key) }).then((r) => (void r.arrayBuffer(), r.status)),
        ),
      )),
    );
  }
  return {
    passed: statuses.filter((s) => s === 200).length,
    limited: statuses.filter((s) => s === 429).length,
    other: statuses.filter((s) => s !== 200 && s !== 429).length,
  };
}
const limits = { a: await sendMany(limitedA, RATE_LIMIT * 1.5), b: await sendMany(limitedB, RATE_LIMIT * 1.5) };
console.error(`rate limits: key a ${JSON.stringify(limits.a)}, key b ${JSON.stringify(limits.b)}`);

// --- 2. Throughput with one instance and with two (restarted with a limit nobody reaches).
rateLimit = '1000000';
await Promise.all([instances.a!.stop(), instances.b!.stop()]);
await Promise.all([startInstance('a'), startInstance('b')]);
await until(['a', 'b']);
const NESTED =
  'query { invoices(first: 25) { edges { node { id number status total customer { id name } lines { description amount } } } } }';
const workloads = [
  { name: 'REST GET /api/v1/invoices?limit=25', method: 'GET' as const, path: '/api/v1/invoices?limit=25' },
  { name: 'GraphQL nested invoices (first 25)', method: 'POST' as const, path: '/graphql', body: JSON.stringify({ query: NESTED }) },
];
/** A run at full load through the balancer, with the instances' CPU and PostgreSQL's a request and each instance's peak RSS. */
async function load(w: (typeof workloads)[number]) {
  const running = [instances.a!, instances.b!];
  for (const instance of running) instance.resetPeakRss();
  const cpuBefore = running.map((instance) => cpuMs(instance.child.pid!));
  const databaseCpuBefore = postgresCpuMs();
  const result = await autocannon({
    url: `${url}${w.path}`,
    method: w.method,
    headers: headers(loadKey),
    body: w.body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const requests = Math.max(1, result.requests.total);
  const instancesCpu = running.reduce((sum, instance, i) => sum + cpuMs(instance.child.pid!) - cpuBefore[i], 0);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpu: `${(instancesCpu / requests).toFixed(2)} / ${((postgresCpuMs() - databaseCpuBefore) / requests).toFixed(2)}`,
    peakRss: running.map((instance) => instance.peakRssMb().toFixed(0)).join(' / '),
  };
}
for (const w of workloads) await load({ ...w }); // warm both instances
const throughput: string[][] = [];
for (const w of workloads) {
  await admin('disable server instances/b');
  await until(['a']).catch(() => {}); // a disabled server reports MAINT, not UP
  const one = await load(w);
  await admin('enable server instances/b');
  await until(['a', 'b']);
  const two = await load(w);
  throughput.push([
    w.name,
    one.rps.toFixed(0),
    `${one.p99}`,
    two.rps.toFixed(0),
    `${two.p99}`,
    (two.rps / one.rps).toFixed(2),
    `${one.cpu}; ${two.cpu}`,
    `${one.peakRss}; ${two.peakRss}`,
    String(one.errors + two.errors),
  ]);
  console.error(`${w.name}: one instance ${one.rps.toFixed(0)} req/s, two ${two.rps.toFixed(0)} req/s`);
}

// --- 3. An instance dies mid-load.
const deliveries = new Map<string, number>();
const receiver: Server = createServer((req, res) => {
  const id = String(req.headers['webhook-id'] ?? '');
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const type = JSON.parse(body).type;
    if (type === 'journal_entry.created') deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hook = await fetch(`${url}/api/v1/webhooks`, {
  method: 'POST',
  headers: headers(loadKey),
  body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, eventTypes: ['journal_entry.created'] }),
});
if (hook.status !== 201) throw new Error(`webhook subscription: ${hook.status} ${await hook.text()}`);

/** A subscriber that, when its socket goes, subscribes again through the balancer with `after` its last event. */
function subscriber(after: string | undefined) {
  const state = { seen: [] as string[], resumed: 0, last: after, stop: () => {} };
  let client: ReturnType<typeof createClient>;
  const subscribe = () => {
    client = createClient({
      url: `${url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${loadKey}` },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => {},
    });
    client.subscribe(
      {
        query: 'subscription($after: ID) { events(after: $after, types: ["journal_entry.created"]) { id } }',
        variables: { after: state.last ?? null },
      },
      {
        next: ({ data }: any) => {
          state.seen.push(data.events.id);
          state.last = data.events.id;
        },
        error: () => {
          state.resumed++;
          void client.dispose();
          setTimeout(subscribe, 200);
        },
        complete: () => {},
      },
    );
  };
  subscribe();
  state.stop = () => void client.dispose();
  return state;
}
// The subscribers start from the latest event, so "missed" means missed since they subscribed.
const latest = await db.prisma.event.findFirst({
  where: { organizationId: organization.id },
  orderBy: { seq: 'desc' },
  select: { id: true, seq: true },
});
const subscribers = Array.from({ length: SUBSCRIBERS }, () => subscriber(latest?.id));
await sleep(1500);

const outcome = { writes: 0, writeFailures: 0, retried: 0, replayed: 0, gaveUp: 0, reads: 0, readFailures: 0 };
const keys: string[] = [];
let running = true;
async function writer(w: number) {
  for (let n = 0; running; n++) {
    const key = `cluster-${w}-${n}`;
    keys.push(key);
    const body = JSON.stringify({
      date: '2026-06-15',
      description: `Cluster ${key}`,
      lines: [
        { accountId: accounts['6100'], debit: 10, credit: 0 },
        { accountId: accounts['1010'], debit: 0, credit: 10 },
      ],
    });
    for (let attempt = 0; ; attempt++) {
      if (attempt === 30) {
        outcome.gaveUp++;
        break;
      }
      const response = await fetch(`${url}/api/v1/journal-entries`, {
        method: 'POST',
        headers: { ...headers(loadKey), 'idempotency-key': key },
        body,
      }).catch(() => undefined);
      await response?.arrayBuffer();
      if (response?.status === 201) {
        outcome.writes++;
        if (attempt > 0) outcome.retried++;
        if (response.headers.get('idempotent-replayed') === 'true') outcome.replayed++;
        break;
      }
      outcome.writeFailures++;
      await sleep(100);
    }
  }
}
async function reader() {
  while (running) {
    const response = await fetch(`${url}/api/v1/invoices?limit=25`, { headers: headers(loadKey) }).catch(() => undefined);
    await response?.arrayBuffer();
    outcome.reads++;
    if (response?.status !== 200) outcome.readFailures++;
  }
}
/** The balancer's count of requests it sent again (retries, and retries to another instance), for the backend. */
async function balancerRetries() {
  const line = (await admin('show stat'))
    .split('\n')
    .find((l) => l.startsWith('instances,BACKEND,'))!
    .split(',');
  return {
    retried: Number(line[15]),
    redispatched: Number(line[16]),
    connectionErrors: Number(line[13]),
    responseErrors: Number(line[14]),
  };
}
const retriesBefore = await balancerRetries();
const phase = [...Array.from({ length: WRITERS }, (_, w) => writer(w)), ...Array.from({ length: READERS }, () => reader())];
await sleep(KILL_AT * 1000);
instances.b!.child.kill('SIGKILL');
console.error('killed instance b');
await sleep((RESTART_AT - KILL_AT) * 1000);
await startInstance('b');
await until(['a', 'b']);
console.error('instance b is back');
await sleep(Math.max(0, (KILL_SECONDS - RESTART_AT) * 1000));
running = false;
await Promise.all(phase);
const retriesAfter = await balancerRetries();
const atBalancer = Object.fromEntries(
  Object.entries(retriesAfter).map(([k, v]) => [k, v - retriesBefore[k as keyof typeof retriesBefore]]),
);

// Everything committed reaches every subscriber and the receiver (retries of webhooks included).
const events = await db.prisma.event.findMany({
  where: { organizationId: organization.id, type: 'journal_entry.created', seq: { gt: latest?.seq ?? 0 } },
  select: { id: true },
  orderBy: { seq: 'asc' },
});
const eventIds = new Set(events.map((e) => e.id));
for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(200)) {
  if (subscribers.every((s) => new Set(s.seen).size >= eventIds.size) && [...eventIds].every((id) => deliveries.has(id))) break;
}
for (const s of subscribers) s.stop();
const entries = await db.prisma.journalEntry.findMany({
  where: { organizationId: organization.id, description: { startsWith: 'Cluster cluster-' } },
  select: { description: true },
});
const perKey = new Map<string, number>();
for (const e of entries) perKey.set(e.description!, (perKey.get(e.description!) ?? 0) + 1);
const duplicatedKeys = [...perKey.values()].filter((n) => n > 1).length;
const missingKeys = keys.filter((k) => !perKey.has(`Cluster ${k}`)).length;
const missed = subscribers.map((s) => [...eventIds].filter((id) => !s.seen.includes(id)).length);
const twice = subscribers.map((s) => s.seen.length - new Set(s.seen).size);
const undelivered = [...eventIds].filter((id) => !deliveries.has(id)).length;
const deliveredTwice = [...deliveries.values()].filter((n) => n > 1).length;

console.log(
  `\nRate limits (${RATE_LIMIT}/minute per key, ${RATE_LIMIT * 1.5} requests per key through the balancer, round robin over two ` +
    `instances):\n`,
);
console.log('| key | passed | refused (429) | other |\n|---|---|---|---|');
for (const [name, r] of Object.entries(limits)) console.log(`| ${name} | ${r.passed} | ${r.limited} | ${r.other} |`);
console.log(`\nThroughput (${CONNECTIONS} connections, ${SECONDS} s per run, 2,000 invoices):\n`);
console.log(
  '| workload | one instance req/s | p99 ms | two instances req/s | p99 ms | two / one | CPU ms/request, instances / PostgreSQL: one; two | ' +
    'peak RSS MB, a / b: one; two | errors |\n|---|---|---|---|---|---|---|---|---|',
);
for (const row of throughput) console.log(`| ${row.join(' | ')} |`);
console.log(
  `\nInstance b killed (SIGKILL) after ${KILL_AT} s of ${KILL_SECONDS} s, restarted at ${RESTART_AT} s; ${WRITERS} writers, ` +
    `${READERS} readers, ${SUBSCRIBERS} subscribers, one webhook:\n`,
);
console.log(
  [
    ['journal entries posted (one Idempotency-Key each)', keys.length],
    ['  failed attempts (retried with the same key)', outcome.writeFailures],
    ['  keys that needed a retry / answered as a replay', `${outcome.retried} / ${outcome.replayed}`],
    ['  keys given up after 30 attempts', outcome.gaveUp],
    ['  entries written per key: missing / more than one', `${missingKeys} / ${duplicatedKeys}`],
    ['list reads / failed', `${outcome.reads} / ${outcome.readFailures}`],
    [
      'balancer: connection errors / response errors / retried / sent to the other instance',
      `${atBalancer.connectionErrors} / ${atBalancer.responseErrors} / ${atBalancer.retried} / ${atBalancer.redispatched}`,
    ],
    ['journal_entry.created events committed', eventIds.size],
    ['subscribers that resumed with `after`', subscribers.filter((s) => s.resumed > 0).length],
    ['events missed per subscriber', missed.join(', ')],
    ['events received twice per subscriber', twice.join(', ')],
    ['webhook: events not delivered / delivered more than once', `${undelivered} / ${deliveredTwice}`],
  ]
    .map(([k, v]) => `| ${k} | ${v} |`)
    .join('\n'),
);

// --- Clean up.
receiver.close();
balancer.kill('SIGTERM');
await Promise.all(Object.values(instances).map((instance) => instance?.stop()));
await db.close();
const adminClient = new pg.Client({ connectionString: base.replace(/\?.*$/, '') });
await adminClient.connect();
await adminClient.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
await adminClient.end();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
