// Prisma's query compiler (the client) and schema engine (migrations at start) are WebAssembly modules
// of 3–5 MB. V8 compiles them first with Liftoff, its baseline compiler, then recompiles hot functions
// with TurboFan on background threads; that optimizing pass leaves ~85 MB of RSS behind (glibc keeps
// the threads' freed malloc arenas), for code that runs only when Prisma meets a query shape it has no
// plan for yet. Liftoff alone: idle RSS 256 → 170 MB, no measurable change in throughput (BENCHMARKS.md).
// Imported first by the entry point: the flag must be set before any module is compiled.
import { setFlagsFromString } from 'node:v8';

if (process.env.WASM_OPTIMIZE !== '1') setFlagsFromString('--liftoff-only');
