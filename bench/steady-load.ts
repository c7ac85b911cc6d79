// A fixed arrival rate, for "p99 at 70 % of the maximum": requests start at even intervals whatever the
// server is doing (an open loop), and each latency is counted from the moment its request was due, so a
// server that falls behind shows its whole backlog (wrk2's correction for coordinated omission).
//
// Written by hand because autocannon has no such mode: its `overallRate` gives each connection a quota per
// second that the connection spends back to back from the top of the second and then idles, so the server
// sees full load in bursts, with all connections restarting together each second; its "70 %" latencies
// were full-load queueing (p99 at 70 % came out at or above the p99 at full load).
import { Agent, request } from 'node:http';
import { percentile } from './stats.ts';

export interface SteadyLoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: () => string;
  /** Requests per second, spread evenly. */
  rate: number;
  seconds: number;
  /** Keep-alive connections at most (requests beyond them wait for one, and that wait counts). */
  connections: number;
}

export interface SteadyLoadResult {
  /** Completed requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function steadyLoad({ url, method, headers, body, rate, seconds, connections }: SteadyLoadOptions): Promise<SteadyLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const total = Math.max(1, Math.round(rate * seconds));
  const intervalMs = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const text = body?.();
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method,
          agent,
          headers: { ...headers, ...(text === undefined ? {} : { 'content-length': Buffer.byteLength(text) }) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode! < 200 || res.statusCode! >= 300) errors++;
            latencies.push(performance.now() - dueAt);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(text);
    });

  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let next = 0;
  // Each wake-up starts every request that has come due, so a late timer delays requests (and their
  // latency shows it) but never drops one.
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && started + next * intervalMs <= now) inFlight.push(send(started + next++ * intervalMs));
      if (next < total) setTimeout(tick, Math.max(0, started + next * intervalMs - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsedSeconds,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
  };
}
