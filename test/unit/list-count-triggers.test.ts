// `npm run db:migration` writes a new listed table's kept-count triggers as a person did by hand before:
// the same statements the sales receipts' migration holds, for both databases.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredList } from '../../src/declarations.ts';
import { createdTables, listCountTriggers } from '../../src/db/list-counts.ts';
import { LIST_ORDERS } from '../../src/graphql/lists.ts';
import '../../src/registry.ts';

const migration = (provider: string) =>
  readFileSync(new URL(`../../migrations/${provider}/20261125035349_sales_receipts/migration.sql`, import.meta.url), 'utf8');
const statements = (sql: string) =>
  sql
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n');

describe('kept-count triggers of a new listed table', () => {
  it.each(['sqlite', 'postgresql'] as const)('are the statements written by hand before (%s)', (provider) => {
    const written = statements(listCountTriggers('SalesReceipt', provider)).trim();
    expect(written).toContain('"SalesReceipt_count');
    expect(migration(provider)).toContain(written);
  });

  it('are written for the listed tables a migration creates, and no other', () => {
    const sql = 'CREATE TABLE "DebitNote" (\n  "id" TEXT\n);\nCREATE TABLE "DebitNoteLine" (\n  "id" TEXT\n);\n';
    expect(createdTables(sql, ['DebitNote', 'Invoice'])).toEqual(['DebitNote']);
  });

  it('are for exactly the models the API lists in pages: each module declares its lists', () => {
    expect([...declaredList('lists')].sort()).toEqual(LIST_ORDERS.map((o) => o.model).sort());
  });
});
