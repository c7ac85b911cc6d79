// Compiles the server once into dist/main.js (esbuild: one ESM file, packages left to node_modules),
// so `npm start` runs plain JavaScript: no TypeScript transform at start-up or in memory (tsx costs
// about 100 MB of RSS and a slower start). Tests start child servers from the same build.
import { build } from 'esbuild';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../db/schema-text.ts';

export const SERVER_BUNDLE = join(PROJECT_ROOT, 'dist/main.js');

export async function buildServer(): Promise<void> {
  await build({
    entryPoints: [join(PROJECT_ROOT, 'src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}
