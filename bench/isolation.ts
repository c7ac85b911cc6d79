// `npm run bench:isolation`: what one organization's worst legal work does to another's. Organization B
// makes steady light requests (a list, a single GET, a small write, one at a time, BENCH_ISOLATION_RATE a
// second) while organization A does, one phase after another, the heaviest things the API lets it:
// 10,000-line OFX imports, a 100,000-line one zipped, a 1 MB OFX with blank lines between its
// transactions, a year of daily invoices caught up by six recurring schedules, 16 clients fetching a
// 50-line invoice's PDF, a 20,000-line bulk import cancelled mid-way, deep XML, a webhook receiver that
// trickles its answer, and sockets flooding frames before they say who they are. Each phase prints B's
// p50 / p99 and errors against B alone, the server's longest event-loop turn, what A's requests answered,
// and the heavy work's own throughput where it has one. Targets (the isolation
// issue): B's p99 at most 3x alone and under 250 ms, no error for B, the server never restarts, every one
// of A's requests finished or refused with a 4xx. With DATABASE_URL=postgresql://… on PostgreSQL.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { strToU8, zipSync } from 'fflate';
import WebSocket from 'ws';
import { addDays, today } from '../src/lib/dates.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { freshServer } from './fresh-server.ts';
import { percentile } from './stats.ts';

const RATE = Number(process.env.BENCH_ISOLATION_RATE ?? 20);
const ALONE_MS = Number(process.env.BENCH_ISOLATION_ALONE_MS ?? 10_000);
/** Only the phases whose names contain this text (B alone is always measured): one phase at a time while profiling. */
const ONLY = process.env.BENCH_ISOLATION_ONLY?.toLowerCase();

/** A free port on loopback, for the server's metrics listener. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const metricsPort = await freePort();

const env = {
  METRICS_PORT: String(metricsPort),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
  WEBHOOK_TIMEOUT_MS: '5000',
  PUBLIC_PAGES_PER_MINUTE: '100000',
  RECURRING_POLL_MS: '1000',
};
const bench = await freshServer('isolation', 'Quiet Co', env);
const { base } = bench;
const noisy = await createOrganization(bench.db.prisma, { name: 'Noisy Co' });
const keyA = (await createApiKey(bench.db.prisma, noisy.id, 'bench')).plaintext;
const keyB = bench.key;

async function call(key: string, path: string, body?: unknown, method?: string, type = 'application/json') {
  const response = await fetch(`${base}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': type }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

// B's fixtures: a customer to read, and the light requests it makes in turn.
const customerB = (await call(keyB, '/api/v1/customers', { name: 'Steady Customer' })).body.id as string;
/**
 * B's client runs on a thread of its own: the load A's clients generate in this process (16 PDF readers,
 * 8 MB frames) must not delay B's requests on this side and be counted as the server's.
 */
const steadyClient = new Worker(
  `const { parentPort, workerData: { base, key, customer, rate } } = require('node:worker_threads');
  const call = (path, body) => fetch(base + path, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: 'Bearer ' + key, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (r) => { await r.arrayBuffer(); return r.status; });
  const light = [
    () => call('/api/v1/customers?limit=10'),
    () => call('/api/v1/customers/' + customer),
    () => call('/api/v1/customers', { name: 'Steady ' + Math.random() }),
  ];
  let running = false;
  parentPort.on('message', async (message) => {
    if (message === 'stop') return void (running = false);
    running = true;
    const latencies = [];
    let errors = 0;
    for (let i = 0; running; i++) {
      const started = performance.now();
      try { if ((await light[i % light.length]()) >= 400) errors++; } catch { errors++; }
      const took = performance.now() - started;
      latencies.push(took);
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 / rate - took)));
    }
    parentPort.postMessage({ latencies, errors });
  });`,
  { eval: true, workerData: { base, key: keyB, customer: customerB, rate: RATE } },
);

/** Runs B's steady requests until `until` settles; answers B's latencies (ms, sorted) and errors. */
async function steadyB(until: Promise<unknown>) {
  const result = new Promise<{ latencies: number[]; errors: number }>((resolve) => steadyClient.once('message', resolve));
  steadyClient.postMessage('start');
  await until;
  steadyClient.postMessage('stop');
  const { latencies, errors } = await result;
  return { latencies: latencies.sort((x, y) => x - y), errors };
}

const rows: string[][] = [];
let aloneP99 = 0;
/**
 * The server's longest turn of its event loop since the last call, in ms: prom-client's event-loop delay
 * histogram, which each read of /metrics resets. The target: none over 50 ms.
 */
async function longestTurn() {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return 1000 * Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
}

async function phase(name: string, work: () => Promise<string>) {
  if (ONLY && name !== 'B alone' && !name.toLowerCase().includes(ONLY)) return;
  await longestTurn();
  const started = performance.now();
  const a = work();
  const b = await steadyB(a.catch(() => {}));
  let outcome: string;
  try {
    outcome = await a;
  } catch (error) {
    outcome = `FAILED: ${(error as Error).message}`;
  }
  const turn = await longestTurn();
  const p50 = percentile(b.latencies, 50);
  const p99 = percentile(b.latencies, 99);
  if (name === 'B alone') aloneP99 = p99;
  const ok = p99 <= Math.max(3 * aloneP99, 1) && p99 < 250 && b.errors === 0 && bench.server.child.exitCode === null;
  rows.push([
    name,
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
    String(b.latencies.length),
    p50.toFixed(1),
    p99.toFixed(1),
    String(b.errors),
    turn.toFixed(0),
    ok ? 'yes' : 'NO',
    outcome,
  ]);
  console.log(rows.at(-1)!.join(' | '));
}

/** Runs `once` again and again for `ms` (at least once): a short piece of work repeated, so B is measured through it. */
async function repeatFor<T>(ms: number, once: () => Promise<T>) {
  const until = performance.now() + ms;
  const answered: T[] = [];
  do answered.push(await once());
  while (performance.now() < until);
  return answered;
}

/** The server process's peak resident memory so far, in MB (Linux: VmHWM). */
const peakRss = () => {
  const status = readFileSync(`/proc/${bench.server.child.pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

const statuses = (list: number[]) => {
  const counts = new Map<number, number>();
  for (const s of list) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n}x${s}`).join(' ');
};

const ofx = (lines: number, separator: string) => {
  const day = (i: number) => addDays(today(), -(i % 300)).replaceAll('-', '');
  const body = Array.from(
    { length: lines },
    (_, i) =>
      `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${day(i)}<TRNAMT>${(1 + (i % 997) / 100).toFixed(2)}<FITID>F${i}<NAME>Payer ${i % 50}</STMTTRN>`,
  ).join(separator);
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD<BANKTRANLIST>\n${body}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
};

const bankA = async (name: string) =>
  (await call(keyA, '/api/v1/bank-accounts', { name, kind: 'bank', openingDate: addDays(today(), -400) })).body.id as string;

await phase('B alone', () => new Promise((r) => setTimeout(() => r('-'), ALONE_MS)));

await phase('A: 10,000-line OFX imports, 8 s', async () => {
  const file = ofx(10_000, '\n');
  const took: number[] = [];
  const answered = await repeatFor(8_000, async () => {
    const bank = await bankA(`Big Statement ${took.length}`);
    const started = performance.now();
    const r = await call(keyA, `/api/v1/bank-accounts/${bank}/statements`, { format: 'ofx', file });
    took.push(performance.now() - started);
    return r.status;
  });
  return `${statuses(answered)}; ${(took.reduce((x, y) => x + y, 0) / took.length / 1000).toFixed(2)} s an import`;
});

await phase('A: a 100,000-line OFX, zipped, once', async () => {
  const bank = await bankA('Year of Lines');
  const file = Buffer.from(zipSync({ 'year.ofx': strToU8(ofx(100_000, '\n')) })).toString('base64');
  const rssBefore = peakRss();
  const started = performance.now();
  const r = await call(keyA, `/api/v1/bank-accounts/${bank}/statements`, { format: 'ofx', file, encoding: 'base64' });
  const took = (performance.now() - started) / 1000;
  const lines = r.status === 201 ? `${r.body.newCount} lines` : JSON.stringify(r.body).slice(0, 200);
  const body = `${(file.length / 1e6).toFixed(1)} MB body`;
  return `${r.status}, ${lines} in ${took.toFixed(1)} s (${body}); server peak RSS ${rssBefore} -> ${peakRss()} MB`;
});

await phase('A: 1 MB OFX with blank lines, 8 s', async () => {
  const file = ofx(4_000, '\n'.repeat(120));
  let n = 0;
  const answered = await repeatFor(8_000, async () => {
    const bank = await bankA(`Blank Lines ${n++}`);
    return (await call(keyA, `/api/v1/bank-accounts/${bank}/statements`, { format: 'ofx', file })).status;
  });
  return `${statuses(answered)} (${(file.length / 1e6).toFixed(2)} MB each)`;
});

await phase('A: a year of daily invoices x6 caught up', async () => {
  const customer = (await call(keyA, '/api/v1/customers', { name: 'Daily Buyer' })).body.id;
  const answered: number[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await call(keyA, '/api/v1/recurring-schedules', {
      invoice: { customerId: customer, lines: [{ description: 'Daily', unitPrice: 1 }] },
      frequency: 'day',
      startDate: addDays(today(), -365),
      documentStatus: 'posted',
    });
    answered.push(r.status);
  }
  // The runner polls once a minute by default; the bench's server is started with the default, so wait for the invoices.
  const started = performance.now();
  for (;;) {
    const total = (await call(keyA, `/api/v1/invoices?customerId=${customer}&limit=1`)).body.total as number;
    if (total >= 6 * 366 || performance.now() - started > 180_000) return `${statuses(answered)}; ${total} invoices made`;
    await new Promise((r) => setTimeout(r, 1000));
  }
});

await phase('A: 16 clients on a 50-line PDF, 10 s', async () => {
  const customer = (await call(keyA, '/api/v1/customers', { name: 'PDF Reader' })).body.id;
  const lines = Array.from({ length: 50 }, (_, i) => ({ description: `Line ${i + 1}`, quantity: 1 + (i % 3), unitPrice: 10 + i }));
  const invoice = (await call(keyA, '/api/v1/invoices', { customerId: customer, lines })).body;
  const until = performance.now() + 10_000;
  const answered: number[] = [];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < until) {
        const r = await fetch(`${base}/api/v1/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${keyA}` } });
        await r.arrayBuffer();
        answered.push(r.status);
      }
    }),
  );
  return `${statuses(answered)}; ${(answered.filter((s) => s === 200).length / 10).toFixed(1)} PDFs a second`;
});

await phase('A: 20,000-line bulk import, cancelled after 2 s', async () => {
  const started = performance.now();
  const file = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ idempotencyKey: `c${i}`, body: { name: `Imported ${i}` } })).join(
    '\n',
  );
  const queued = await call(keyA, '/api/v1/bulk-operations/imports?resource=customers', file, 'POST', 'application/jsonl');
  await new Promise((r) => setTimeout(r, 2000));
  const cancelled = await call(keyA, `/api/v1/bulk-operations/${queued.body.id}/cancel`, {});
  for (;;) {
    const op = (await call(keyA, `/api/v1/bulk-operations/${queued.body.id}`)).body;
    if (!['created', 'running', 'canceling'].includes(op.status)) {
      const customers = (await call(keyA, '/api/v1/customers?limit=1&search=Imported')).body.total;
      const rate = Math.round(op.objectCount / ((performance.now() - started) / 1000));
      return `queued ${queued.status}, cancel ${cancelled.status}: ${op.status}, ${op.objectCount} created by its count, ${customers} found (~${rate} rows/s)`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
});

await phase('A: CAMT files nested 20,000 deep, 5 s', async () => {
  const bank = await bankA('Deep XML');
  const deep = `<?xml version="1.0"?><Document>${'<A>'.repeat(20_000)}x${'</A>'.repeat(20_000)}</Document>`;
  const upload = async () => (await call(keyA, `/api/v1/bank-accounts/${bank}/statements`, { format: 'camt053', file: deep })).status;
  return statuses(await repeatFor(5_000, upload));
});

await phase('A: a webhook receiver that trickles, 20 events', async () => {
  const open = new Set<ServerResponse>();
  const receiver = createServer((req, res) => {
    req.resume();
    open.add(res);
    res.writeHead(200);
    const timer = setInterval(() => res.write('.'), 500);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  for (let i = 0; i < 8; i++) await call(keyA, '/api/v1/webhooks', { url, eventTypes: ['customer.created'] });
  for (let i = 0; i < 20; i++) await call(keyA, '/api/v1/customers', { name: `Hooked ${i}` });
  await new Promise((r) => setTimeout(r, 12_000));
  for (const res of open) res.destroy();
  receiver.close();
  return `${open.size} sends reached the receiver`;
});

await phase('A: sockets sending 8 MB frames before connection_init, 5 s', async () => {
  const codes = await repeatFor(5_000, async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    socket.on('error', () => {});
    await new Promise((r) => socket.once('open', r));
    const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)));
    socket.send(Buffer.alloc(8 * 1024 * 1024, 'x'));
    return closed;
  });
  return `closed with ${statuses(codes)}`;
});

console.log(
  `\nB's steady requests (${RATE} a second) while A works; server ${bench.server.child.exitCode === null ? 'up' : 'DOWN'} at the end`,
);
console.log('| phase | took | B requests | B p50 ms | B p99 ms | B errors | longest turn ms | on target | A |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
await steadyClient.terminate();
await bench.server.stop();
await bench.db.close();
await bench.dispose();
process.exit(0);
