// Generates both Prisma clients (SQLite from schema.prisma, PostgreSQL from its derived twin) and the
// Pothos types. Runs on `npm install` (postinstall); run `npm run db:generate` after editing schema.prisma.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { POSTGRES_SCHEMA_PATH, PROJECT_ROOT, SQLITE_SCHEMA_PATH, schemaFor } from './schema-text.ts';

function prismaGenerate(schemaPath: string) {
  execFileSync(process.execPath, [join(PROJECT_ROOT, 'node_modules/prisma/build/index.js'), 'generate', '--schema', schemaPath], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    // The CLI looks for the native schema engine before generating and tries to download it, which
    // fails offline. Generation does not use it, so any existing file satisfies the check.
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
}

/**
 * The generated client imports its query compiler's WebAssembly as a module exporting it as base64 text,
 * and the module's source and that string both stay in the heap for the life of the process (a large share
 * of the heap at rest: docs/performance.md). Read the same file's text instead and decode it: nothing of it
 * is kept once the module is compiled. Throws when a Prisma upgrade changed the generated code, so
 * `npm install` says so.
 */
function compilerWasmReadOnce(provider: 'sqlite' | 'postgresql') {
  const file = join(PROJECT_ROOT, `src/db/generated/${provider}/internal/class.ts`);
  const generated = readFileSync(file, 'utf8');
  const module = `@prisma/client/runtime/query_compiler_fast_bg.${provider}.wasm-base64`;
  const imported = `    const { wasm } = await import("${module}.mjs")\n    return await decodeBase64AsWasm(wasm)\n`;
  if (!generated.includes(imported)) throw new Error(`${file}: the query compiler's import is not as src/db/generate.ts expects`);
  const readOnce = [
    '    // Read as text and decoded, so nothing of it stays in the heap (src/db/generate.ts).',
    "    const [{ readFile }, { createRequire }] = await Promise.all([import('node:fs/promises'), import('node:module')])",
    `    const text = await readFile(createRequire(import.meta.url).resolve("${module}.js"), 'latin1')`,
    "    return await decodeBase64AsWasm(text.slice(text.indexOf('\"') + 1, text.lastIndexOf('\"')))",
    '',
  ].join('\n');
  writeFileSync(file, generated.replace(imported, readOnce));
}

mkdirSync(dirname(POSTGRES_SCHEMA_PATH), { recursive: true });
writeFileSync(POSTGRES_SCHEMA_PATH, schemaFor('postgresql').text);
prismaGenerate(SQLITE_SCHEMA_PATH);
prismaGenerate(POSTGRES_SCHEMA_PATH);
compilerWasmReadOnce('sqlite');
compilerWasmReadOnce('postgresql');
