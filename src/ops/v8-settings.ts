// V8 settings of the server process, both about memory.
//
// 1. WebAssembly on Liftoff only. Prisma's query compiler (the client) and schema engine (migrations at
//    start) are WebAssembly modules of 3–5 MB. V8 compiles them first with Liftoff, its baseline
//    compiler, then recompiles hot functions with TurboFan on background threads; that optimizing pass
//    leaves much of RSS behind (glibc keeps the threads' freed malloc arenas), for code that runs only
//    when Prisma meets a query shape it has no plan for yet. Liftoff alone gives it back at no measurable
//    cost in throughput (docs/performance.md). Set when this module is imported, which the entry
//    point does first: the flag must be set before any module is compiled. `WASM_OPTIMIZE=1` turns it off.
//
// 2. How far the heap grows between full collections (`limitHeapGrowth`). After each full collection
//    V8 lets the old generation grow to up to 4× what survived before collecting again; under load that
//    was mostly garbage. A factor of 1.5 keeps the heap near what is live, throughput unchanged
//    (docs/performance.md has the figures). Unlike
//    --max-old-space-size it sets no ceiling, so a large report still gets the memory it needs. V8 reads
//    the flag at every collection, so it can be set once the configuration is known.
//
// 3. The young generation given back when idle (`returnIdleYoungGeneration`). Start-up (and any burst of
//    load) grows the young generation to its maximum, two 16 MB semi-spaces, and V8 shrinks it again only
//    at a scavenge that finds allocation slow over the last few seconds; an idle server allocates so little
//    that the next scavenge may be minutes away, so it kept 30 MB it did not use. A scavenge asked for when
//    the event loop was idle lets V8 make that call (V8 decides; under load nothing is asked).
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { performance } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';

if (process.env.WASM_OPTIMIZE !== '1') setFlagsFromString('--liftoff-only');

/** Heap growing factor 1 + percent/100 after each full collection; 0 leaves it to V8's heuristics. */
export function limitHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** Above this the young generation has grown past V8's starting size (a 1 MB semi-space, 2 MB in all). */
const GROWN_YOUNG_GENERATION_BYTES = 4 * 1024 * 1024;
/** Under this share of the interval busy, the process counts as idle. */
const IDLE_UTILIZATION = 0.05;

/**
 * Every `everyMs`, when the event loop was idle since the last look and the young generation has grown,
 * asks V8 for a scavenge (V8 shrinks the young generation at one when allocation has been slow for 5 s).
 * Node exposes no scavenge to programs: the `gc` function --expose-gc installs is taken from a context
 * made while the flag is on, and the flag is turned off again, so no other context sees it.
 */
export function returnIdleYoungGeneration(everyMs = 1_000): () => void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as (options: { type: 'minor' }) => void;
  setFlagsFromString('--no-expose-gc');
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const idle = performance.eventLoopUtilization(now, last).utilization < IDLE_UTILIZATION;
    last = now;
    if (!idle) return;
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    if (young && young.space_size > GROWN_YOUNG_GENERATION_BYTES) collect({ type: 'minor' });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
