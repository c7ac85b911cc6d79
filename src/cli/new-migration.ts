// `npm run db:migration -- <name>`: writes the next migration for both providers from the change
// between migrations/schema.snapshot.prisma (the schema the last migration produced) and schema.prisma.
// Diffing two datamodels needs no database, so neither a dev database nor a shadow database is involved.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { declaredList } from '../declarations.ts';
import { createdTables, listCountTriggers } from '../db/list-counts.ts';
import { MIGRATIONS_ROOT } from '../db/migrate.ts';
import { diffDatamodels } from '../db/schema-engine.ts';
import { postgresSchemaText, schemaFor } from '../db/schema-text.ts';
import { addColumnsInsteadOfRedefining } from '../db/sqlite-add-columns.ts';

const EMPTY = '-- This is an empty migration.';
export const SNAPSHOT_PATH = join(MIGRATIONS_ROOT, 'schema.snapshot.prisma');

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:migration -- <name_in_snake_case>');
  process.exit(2);
}
// Any reachable PostgreSQL server will do; nothing is written to it.
const pgUrl = process.env.MIGRATION_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const snapshot = existsSync(SNAPSHOT_PATH) ? readFileSync(SNAPSHOT_PATH, 'utf8') : undefined;
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const diffs = {} as Record<'sqlite' | 'postgresql', string>;
for (const provider of ['sqlite', 'postgresql'] as const) {
  const target = schemaFor(provider);
  const from = snapshot === undefined ? undefined : provider === 'sqlite' ? snapshot : postgresSchemaText(snapshot);
  // The engine wants a connection of the right provider, though a datamodel diff reads no table.
  const adapter = provider === 'sqlite' ? new PrismaBetterSqlite3({ url: ':memory:' }) : new PrismaPg({ connectionString: pgUrl });
  diffs[provider] = await diffDatamodels(target.path, from, target.text, adapter);
}
// A column added to a table is added in place on SQLite too, as on PostgreSQL (the table keeps its triggers).
diffs.sqlite = addColumnsInsteadOfRedefining(diffs.sqlite, diffs.postgresql);
// A new table its module lists in pages (its declaration's `lists`) gets its kept count's triggers.
for (const provider of ['sqlite', 'postgresql'] as const)
  for (const table of createdTables(diffs[provider], declaredList('lists')))
    diffs[provider] = `${diffs[provider].trimEnd()}\n\n${listCountTriggers(table, provider)}`;
let wrote = false;
for (const provider of ['sqlite', 'postgresql'] as const) {
  const sql = diffs[provider];
  if (sql.trim() === EMPTY || sql.trim() === '') continue;
  const dir = join(MIGRATIONS_ROOT, provider, `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'migration.sql'), sql);
  writeFileSync(
    join(MIGRATIONS_ROOT, provider, 'migration_lock.toml'),
    `# Written by npm run db:migration; do not edit.\nprovider = "${provider}"\n`,
  );
  console.log(`wrote ${dir}/migration.sql`);
  wrote = true;
}
if (wrote) writeFileSync(SNAPSHOT_PATH, readFileSync(schemaFor('sqlite').path, 'utf8'));
else console.log('schema.prisma has not changed since the last migration; nothing written');
