// Summarizes a V8 CPU profile (`node --cpu-prof`, or `BENCH_PROFILE=<dir> npm run bench`): self time by
// package (node_modules/<name>), by our own files, GC, idle, and the heaviest functions. Time is
// attributed to the frame that was running (self time), so the groups add up to the whole run.
//   npx tsx bench/profile.ts <file.cpuprofile> [top N functions, default 25] [--inclusive]
//   npx tsx bench/profile.ts <service.cpuprofile> [top N] --against=<baseline.cpuprofile> --cpu=<service ms>,<baseline ms>
// --inclusive adds the heaviest functions by inclusive time (samples with the function anywhere on the
// stack). A stack ends at an await, so an async function counts only what ran before its first await
// and in each continuation.
// --against compares two servers' profiles of the same workload (the bench writes the baseline's as
// baseline.cpuprofile beside the service's): each group's and function's self time as microseconds a
// request, its share of the busy time scaled by the CPU a request the bench's table gave each server
// (--cpu), the largest differences first. Profiles over different numbers of requests compare this way.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const inclusive = args.includes('--inclusive');
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const [file, topArg] = args.filter((a) => !a.startsWith('--'));
const against = option('against');
const cpu = option('cpu')?.split(',').map(Number);
if (!file || (against && (cpu?.length !== 2 || cpu.some((ms) => !(ms > 0))))) {
  console.error('usage: npx tsx bench/profile.ts <file.cpuprofile> [top] [--inclusive]');
  console.error('       npx tsx bench/profile.ts <service.cpuprofile> [top] --against=<baseline.cpuprofile> --cpu=<ms>,<ms>');
  process.exit(2);
}
const top = Number(topArg ?? 25);
// A reader that stops early (`| head`) is no error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const groupOf = (node: ProfileNode) => {
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(gc)';
  if (functionName === '(program)') return '(program)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:') || url === '') return '(node internals)';
  // Compared, the service's bundle and the baseline's are both "ours".
  return against ? 'ours' : `ours: ${url.replace(/^.*\/(src|dist)\//, '$1/')}`;
};

/**
 * A function's name and place. Compared, our own code is named without its bundle and line (the service's
 * and the baseline's bundles hold the same source at other lines), so a function both call matches.
 */
const nameOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const ours = /\/(src|dist)\//.test(url) && !url.includes('node_modules/');
  if (against && ours) return `${functionName || '(anonymous)'} (ours)`;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|dist)\//, '$1/')}:${lineNumber + 1}`;
};

/** Self time (µs) by group and by function, and the busy time (all but idle). */
function summarize(path: string) {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, time] of self) {
    const node = byId.get(id)!;
    total += time;
    const group = groupOf(node);
    groups.set(group, (groups.get(group) ?? 0) + time);
    if (group !== '(idle)') functions.set(nameOf(node), (functions.get(nameOf(node)) ?? 0) + time);
  }
  const busy = total - (groups.get('(idle)') ?? 0);
  groups.delete('(idle)');
  return { profile, byId, self, groups, functions, total, busy };
}

const run = summarize(file);
const pct = (t: number, of: number) => `${((100 * t) / of).toFixed(1)}%`.padStart(6);

if (against && cpu) {
  const base = summarize(against);
  /** Microseconds a request of each entry: its share of the busy time times the CPU a request. */
  const perRequest = (times: Map<string, number>, busy: number, ms: number) =>
    new Map([...times].map(([name, time]) => [name, (time / busy) * ms * 1000]));
  const compare = (title: string, a: Map<string, number>, b: Map<string, number>, rows: number) => {
    const names = [...new Set([...a.keys(), ...b.keys()])];
    const diff = (name: string) => (a.get(name) ?? 0) - (b.get(name) ?? 0);
    console.log(`\n${title} (µs a request: service, baseline, difference)`);
    for (const name of names.sort((x, y) => Math.abs(diff(y)) - Math.abs(diff(x))).slice(0, rows)) {
      const [s, t] = [a.get(name) ?? 0, b.get(name) ?? 0];
      console.log(`${s.toFixed(1).padStart(8)} ${t.toFixed(1).padStart(8)} ${(s - t).toFixed(1).padStart(8)}  ${name}`);
    }
  };
  console.log(`service ${cpu[0]} ms a request, baseline ${cpu[1]} ms: ${((cpu[0] - cpu[1]) * 1000).toFixed(0)} µs apart`);
  compare('by group', perRequest(run.groups, run.busy, cpu[0]), perRequest(base.groups, base.busy, cpu[1]), 30);
  compare('by function', perRequest(run.functions, run.busy, cpu[0]), perRequest(base.functions, base.busy, cpu[1]), top);
  process.exit(0);
}

console.log(`total ${(run.total / 1e6).toFixed(1)} s, busy ${(run.busy / 1e6).toFixed(1)} s; shares below are of busy time`);
for (const [group, time] of [...run.groups].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${pct(time, run.busy)}  ${group}`);
console.log('\nheaviest functions (self time):');
for (const [name, time] of [...run.functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(time, run.busy)}  ${name}`);

if (inclusive) {
  const parent = new Map<number, number>();
  for (const node of run.profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusiveTime = new Map<string, number>();
  for (const [id, time] of run.self) {
    if (run.byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(run.byId.get(at)!);
      if (seen.has(name) || name.startsWith('(root)')) continue;
      seen.add(name);
      inclusiveTime.set(name, (inclusiveTime.get(name) ?? 0) + time);
    }
  }
  console.log('\nheaviest functions (inclusive time):');
  for (const [name, time] of [...inclusiveTime].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(time, run.busy)}  ${name}`);
}
