import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json: found by walking up, so it holds from src/ (tsx) and from the built dist/. */
export const PROJECT_ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
export const SQLITE_SCHEMA_PATH = join(PROJECT_ROOT, 'schema.prisma');
export const POSTGRES_SCHEMA_PATH = join(PROJECT_ROOT, 'src/db/generated/postgresql.prisma');

/**
 * schema.prisma declares SQLite. Prisma binds a generated client and a migration script to one
 * provider, and the models are the same for both, so the PostgreSQL schema is this text with the
 * provider swapped (and without the Pothos generator, which runs once).
 */
export function postgresSchemaText(sqliteSchema: string): string {
  const text = sqliteSchema
    .replace(/generator pothos \{[^}]*\}\n*/, '')
    // relationJoins (PostgreSQL only; SQLite has no such strategy): nested reads become one statement
    // with the relations aggregated as JSON by the database (LATERAL joins) instead of one round trip
    // per relation. The nested invoice list: more requests a second and a lower peak RSS (docs/performance.md); BigInt
    // money comes back exact.
    .replace('output       = "src/db/generated/sqlite"', 'output       = "postgresql"\n  previewFeatures = ["relationJoins"]')
    .replace('provider = "sqlite"', 'provider = "postgresql"');
  if (!text.includes('provider = "postgresql"') || !text.includes('output       = "postgresql"')) {
    throw new Error('schema.prisma no longer has the generator/datasource lines postgresSchemaText() rewrites');
  }
  return text;
}

export function schemaFor(provider: 'sqlite' | 'postgresql'): { path: string; text: string } {
  const text = readFileSync(SQLITE_SCHEMA_PATH, 'utf8');
  return provider === 'sqlite' ? { path: SQLITE_SCHEMA_PATH, text } : { path: POSTGRES_SCHEMA_PATH, text: postgresSchemaText(text) };
}
