// Generates both Prisma clients (SQLite from schema.prisma, PostgreSQL from its derived twin) and the
// Pothos types. Runs on `npm install` (postinstall); run `npm run db:generate` after editing schema.prisma.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
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

mkdirSync(dirname(POSTGRES_SCHEMA_PATH), { recursive: true });
writeFileSync(POSTGRES_SCHEMA_PATH, schemaFor('postgresql').text);
prismaGenerate(SQLITE_SCHEMA_PATH);
prismaGenerate(POSTGRES_SCHEMA_PATH);
