// Compiles the server once into dist/main.js (esbuild: one ESM file, packages left to node_modules),
// so `npm start` runs plain JavaScript: no TypeScript transform at start-up or in memory (tsx costs
// memory and a slower start). Tests start child servers from the same build.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../db/schema-text.ts';

export const SERVER_BUNDLE = join(PROJECT_ROOT, 'dist/main.js');

/**
 * Node flags the server runs with (`npm start` passes the same; test/unit/readme.test.ts checks): none.
 * V8's own young generation (16 MB semi-spaces) keeps the peak RSS under load within the memory target,
 * where 64 MB semi-spaces went well past it; what the larger one bought (fewer full collections, a tighter
 * p99 on PostgreSQL's nested page) an operator can buy back with `NODE_OPTIONS=--max-semi-space-size=64`
 * (docs/configuration.md; docs/performance.md has the figures). A flag given here would override
 * NODE_OPTIONS, so none is.
 * Flags V8 reads only when the process starts go here or in NODE_OPTIONS (ops/v8-settings.ts sets the rest).
 */
export const SERVER_NODE_FLAGS: string[] = [];

/**
 * Environment the server runs with (`npm start` sets the same; test/unit/readme.test.ts checks).
 * glibc gives each thread that allocates its own malloc arena (up to eight a core): node's worker threads
 * (V8's compiler and garbage collector, libuv's pool) each kept one, with its freed memory, for the life
 * of the process. Two arenas hold the same work in less memory (docs/performance.md has the figures).
 * glibc reads it only when the process starts.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

export async function buildServer(): Promise<void> {
  await build({
    // The server, and the heavy-work pool's threads (src/core/heavy-work.ts finds dist/heavy-tasks.js beside it).
    entryPoints: { main: join(PROJECT_ROOT, 'src/main.ts'), 'heavy-tasks': join(PROJECT_ROOT, 'src/heavy/tasks.ts') },
    outdir: dirname(SERVER_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}
