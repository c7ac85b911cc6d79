// Summarizes a V8 CPU profile (`node --cpu-prof`, or `BENCH_PROFILE=<dir> npm run bench`): self time by
// package (node_modules/<name>), by our own files, GC, idle, and the heaviest functions. Time is
// attributed to the frame that was running (self time), so the groups add up to the whole run.
//   npx tsx bench/profile.ts <file.cpuprofile> [top N functions, default 25] [--inclusive]
// --inclusive adds the heaviest functions by inclusive time (samples with the function anywhere on the
// stack). A stack ends at an await, so an async function counts only what ran before its first await
// and in each continuation.
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
const [file, topArg] = args.filter((a) => a !== '--inclusive');
if (!file) {
  console.error('usage: npx tsx bench/profile.ts <file.cpuprofile> [top] [--inclusive]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const groupOf = (node: ProfileNode) => {
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(gc)';
  if (functionName === '(program)') return '(program)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:') || url === '') return '(node internals)';
  return `ours: ${url.replace(/^.*\/(src|dist)\//, '$1/')}`;
};

const groups = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
for (const [id, time] of self) {
  const node = byId.get(id)!;
  total += time;
  const group = groupOf(node);
  groups.set(group, (groups.get(group) ?? 0) + time);
  const name =
    `${node.callFrame.functionName || '(anonymous)'} ` +
    `${node.callFrame.url.replace(/^.*node_modules\//, '')}:${node.callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + time);
}
const busy = total - (groups.get('(idle)') ?? 0);
const pct = (t: number, of: number) => `${((100 * t) / of).toFixed(1)}%`.padStart(6);
console.log(`total ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s; shares below are of busy time`);
for (const [group, time] of [...groups]
  .sort((a, b) => b[1] - a[1])
  .filter(([g]) => g !== '(idle)')
  .slice(0, 30))
  console.log(`${pct(time, busy)}  ${group}`);
console.log('\nheaviest functions (self time):');
for (const [name, time] of [...functions]
  .sort((a, b) => b[1] - a[1])
  .filter(([n]) => !n.startsWith('(idle)'))
  .slice(0, Number(topArg ?? 25)))
  console.log(`${pct(time, busy)}  ${name}`);

if (inclusive) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ` +
    `${node.callFrame.url.replace(/^.*node_modules\//, '')}:${node.callFrame.lineNumber + 1}`;
  const inclusiveTime = new Map<string, number>();
  for (const [id, time] of self) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(byId.get(at)!);
      if (seen.has(name) || name.startsWith('(root)')) continue;
      seen.add(name);
      inclusiveTime.set(name, (inclusiveTime.get(name) ?? 0) + time);
    }
  }
  console.log('\nheaviest functions (inclusive time):');
  for (const [name, time] of [...inclusiveTime].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 25)))
    console.log(`${pct(time, busy)}  ${name}`);
}
