// The cost of a page must not grow with the rows behind it: every order a list offers (its default
// and each orderBy field, both directions) is read from an index of the organization's rows in that
// order, never by sorting them all. Checked with the database's own plan, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDERS } from '../../src/graphql/lists.ts';
import '../../src/registry.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statement a page of the list runs (the shape Prisma sends: the organization, the order, a window). */
function pageSql(model: string, column: string, unique: boolean, direction: 'ASC' | 'DESC', placeholder: string) {
  const order = unique || column === 'id' ? `"${column}" ${direction}` : `"${column}" ${direction}, "id" ${direction}`;
  return `SELECT "id" FROM "${model}" WHERE "organizationId" = ${placeholder} ORDER BY ${order} LIMIT 25 OFFSET 50`;
}

async function plan(sql: string): Promise<string> {
  if (t.db.provider === 'sqlite') {
    const rows: { detail: string }[] = await t.db.prisma.$queryRawUnsafe(`EXPLAIN QUERY PLAN ${sql}`, 'org_x');
    return rows.map((r) => r.detail).join('\n');
  }
  // Tables this small would be scanned and sorted whatever the indexes; with scans priced out, the plan
  // shows whether an index can deliver the order (no Sort node) or not.
  return t.db.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    await tx.$executeRawUnsafe('SET LOCAL enable_bitmapscan = off');
    const rows: { 'QUERY PLAN': string }[] = await tx.$queryRawUnsafe(`EXPLAIN ${sql}`, 'org_x');
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('every list order', () => {
  it('is known: each list registers its orders', () => {
    expect(LIST_ORDERS.map((o) => o.model).sort()).toEqual(['Account', 'ApiKey', 'Customer', 'Employee', 'Event', 'Invoice', 'JournalEntry', 'Product', 'Vendor', 'WebhookDelivery', 'WebhookSubscription']);
  });

  it('reads a page from an index in that order, never sorting the organization\'s rows', async () => {
    const sorted: string[] = [];
    for (const { model, columns } of LIST_ORDERS) {
      for (const { column, unique } of columns) {
        for (const direction of ['ASC', 'DESC'] as const) {
          const text = await plan(pageSql(model, column, !!unique, direction, t.db.provider === 'sqlite' ? '?' : '$1'));
          const sorts = t.db.provider === 'sqlite' ? /USE TEMP B-TREE/.test(text) : /\bSort\b/.test(text);
          if (sorts) sorted.push(`${model}.${column} ${direction}:\n${text}`);
        }
      }
    }
    expect(sorted, sorted.join('\n\n')).toEqual([]);
  });
});
