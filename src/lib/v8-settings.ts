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
import { setFlagsFromString } from 'node:v8';

if (process.env.WASM_OPTIMIZE !== '1') setFlagsFromString('--liftoff-only');

/** Heap growing factor 1 + percent/100 after each full collection; 0 leaves it to V8's heuristics. */
export function limitHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
