// Memory at rest: the built server started as `npm start` starts it, on a database that already holds an
// organization's books (200 invoices written through the API by a first start; this is the second, as after a
// deploy), sampled from /proc while it serves nothing. Its background passes (outbox relay, webhook dispatcher,
// bulk, mail and recurring runners) keep running, and the garbage they leave between collections is part of what
// an operator sees, so the report gives the whole range over the run, not one reading.
//
// BENCH_COMPARE="<name>=<built main.js>[;VAR=value…][;--v8-flag…] …" starts those builds too, at the same time, each on its
// own copy of the file: builds idle side by side see the same machine. BENCH_IDLE_SECONDS (180) and
// BENCH_IDLE_EVERY (5) set the run and the sampling.
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import { benchServerEnv, fetchRetrying, freshServer } from './fresh-server.ts';
import { comparedBuilds, start } from './processes.ts';
import { median } from './stats.ts';

const SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 180);
const EVERY = Number(process.env.BENCH_IDLE_EVERY ?? 5);
const COMPARE = comparedBuilds();

/** Resident memory of a process in MB, whole and split: anonymous (heaps, WebAssembly) and file-backed (the binary). */
function memoryMb(pid: number) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  return { rss: kb('Rss') / 1024, anonymous: kb('Anonymous') / 1024 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const first = await freshServer('idle', 'Idle Co');
const post = async (path: string, body: unknown) => {
  const response = await fetchRetrying(`${first.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${first.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
};
const customers: string[] = [];
for (let i = 0; i < 20; i++) customers.push(await post('/api/v1/customers', { name: `Customer ${i}` }));
for (let i = 0; i < 200; i++)
  await post('/api/v1/invoices', {
    customerId: customers[i % customers.length],
    lines: [{ description: `Service ${i}`, unitPrice: 10 + (i % 50), quantity: 1 + (i % 3) }],
  });
await first.server.stop(); // the books written; what follows is a restart on them
// Other builds run on copies of the SQLite file; PostgreSQL's schema is not copied.
const sqlite = first.db.provider === 'sqlite';
if (COMPARE.length && !sqlite) throw new Error('BENCH_COMPARE runs on SQLite only');

const servers = [
  { name: 'this build', bundle: SERVER_BUNDLE, url: first.url, env: {}, nodeFlags: [] as string[] },
  ...COMPARE.map(({ name, bundle, env, nodeFlags }) => {
    const copy = join(first.dir, `${name}.db`);
    copyFileSync(first.file, copy);
    return { name, bundle, url: `file:${copy}`, env, nodeFlags };
  }),
].map((s) => ({
  ...s,
  process: start(s.bundle, [], { ...benchServerEnv(s.url, first.dir), ...s.env }, [...SERVER_NODE_FLAGS, ...s.nodeFlags]),
}));
await Promise.all(servers.map((s) => s.process.url));

const samples = new Map(servers.map((s) => [s.name, [] as { at: number; rss: number; anonymous: number }[]]));
for (let at = EVERY; at <= SECONDS; at += EVERY) {
  await sleep(EVERY * 1000);
  for (const s of servers) samples.get(s.name)!.push({ at, ...memoryMb(s.process.child.pid!) });
}
await Promise.all(servers.map((s) => s.process.stop()));
await first.db.prisma.$disconnect();
await first.dispose();

const round = (n: number) => Math.round(n);
console.log(`Idle RSS after a second start (${first.db.provider}, 200 invoices, no request), every ${EVERY} s for ${SECONDS} s, MB:\n`);
console.log('| server | at 15 s | at 60 s | at 120 s | at the end | min–max | median | anonymous, median |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [name, list] of samples) {
  const at = (s: number) => round(list.find((x) => x.at >= s)?.rss ?? Number.NaN);
  const rss = list.map((x) => x.rss);
  console.log(
    `| ${name} | ${at(15)} | ${at(60)} | ${at(120)} | ${round(rss.at(-1)!)} | ${round(Math.min(...rss))}–${round(Math.max(...rss))} | ` +
      `${round(median(rss))} | ${round(median(list.map((x) => x.anonymous)))} |`,
  );
}
console.log(`\nEvery ${EVERY} s, MB:`);
for (const [name, list] of samples) console.log(`- ${name}: ${list.map((x) => round(x.rss)).join(' ')}`);
process.exit(0);
