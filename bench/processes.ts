// The benchmarks' server processes: started as a user runs them, found by the address they print, and
// measured from /proc (CPU time, peak memory).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SERVER_ENV } from '../src/build/server.ts';

/**
 * Starts `node [flags] script args` with `npm start`'s environment (every server, service and baseline
 * alike; the bench's own environment may override it, `MALLOC_ARENA_MAX=8 npm run bench` to measure
 * another value) and extra environment; `url` resolves when it says where it listens. Its stderr (the
 * log) goes to `stderr` (a file descriptor) or to this process's.
 */
export function start(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
  stderr: number | 'inherit' = 'inherit',
) {
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], {
    env: { ...SERVER_ENV, ...process.env, ...env },
    stdio: ['ignore', 'pipe', stderr],
  });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    child,
    url,
    peakRssMb: () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    /** Starts a new peak: Linux resets VmHWM to the current RSS when 5 is written to clear_refs. */
    resetPeakRss: () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
    /** Stops it gracefully and waits until it has exited. */
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The other builds a bench starts beside this one (BENCH_COMPARE="<name>=<built main.js>[;VAR=value…] …"): e.g.
 * dist/main.js of another commit's worktree, or this build with another setting.
 */
export function comparedBuilds() {
  return (process.env.BENCH_COMPARE ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((spec) => {
      const [build, ...settings] = spec.split(';');
      const [name, bundle] = build.split('=');
      if (!name || !bundle) throw new Error(`BENCH_COMPARE takes name=path/to/main.js[;VAR=value…] items, got "${spec}"`);
      // A setting that starts with -- is a flag for node (a V8 flag NODE_OPTIONS would refuse), the rest environment.
      const env = settings.filter((setting) => !setting.startsWith('--'));
      return {
        name,
        bundle,
        nodeFlags: settings.filter((setting) => setting.startsWith('--')),
        env: Object.fromEntries(env.map((setting) => [setting.slice(0, setting.indexOf('=')), setting.slice(setting.indexOf('=') + 1)])),
      };
    });
}

/** CPU time (user + system) a process has used, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time this machine's PostgreSQL has used, in ms: every postgres process (postmaster, backends,
 * background workers) and the children each has reaped. A backend that ends (a pool closing an idle
 * connection) leaves its time in its parent's children's count, so the sum never drops.
 */
export function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // ended while being read
    }
  }
  return total;
}
