// A page past the middle of a list is read from its far end, and a page deep in a list reads its ids
// first and then only its rows (src/lib/pagination.ts): both must answer exactly the rows a plain offset
// would, in the same order, ties included, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from '../../src/db/insert.ts';
import { DEEP_OFFSET, findPage, pageWindow } from '../../src/lib/pagination.ts';
import { newId } from '../../src/lib/ids.ts';
import { serviceFixture } from '../helpers.ts';

const ROWS = 2 * DEEP_OFFSET + 100;
let f: Awaited<ReturnType<typeof serviceFixture>>;
let organizationId: string;
beforeAll(async () => {
  f = await serviceFixture();
  ({ organizationId } = await f.tenant('Deep Co'));
  const start = Date.parse('2026-01-01T00:00:00Z');
  // 40 names, so most rows tie on the name and only the id orders them; creation times tie in pairs.
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    id: newId('Customer'),
    organizationId,
    name: `Customer ${i % 40}`,
    createdAt: new Date(start + Math.floor(i / 2) * 1000),
    updatedAt: new Date(start),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await insertRows(f.db.prisma, 'Customer', ['id', 'organizationId', 'name', 'createdAt', 'updatedAt'], rows.slice(i, i + 500));
});
afterAll(() => f.drop());

describe('pages deep in a long list', () => {
  const orders: Record<string, Record<string, 'asc' | 'desc'>[]> = {
    'name, then id': [{ name: 'asc' }, { id: 'asc' }],
    'newest first': [{ createdAt: 'desc' }, { id: 'desc' }],
  };
  const queries = { 'ids only': { select: { id: true } }, 'some columns': { select: { name: true, createdAt: true } }, 'whole rows': {} };

  for (const [orderName, orderBy] of Object.entries(orders)) {
    for (const [queryName, query] of Object.entries(queries)) {
      it(`answer what a plain offset answers (${orderName}, ${queryName})`, async () => {
        const where = { organizationId };
        const all = await f.db.prisma.customer.findMany({ ...query, where, orderBy });
        expect(all).toHaveLength(ROWS);
        // Page 1; shallow; deep from the start; deep from the end; the last full page; a last page
        // that is not full; past the end.
        const windows = [
          [1, 20],
          [2, 20],
          [DEEP_OFFSET / 20 + 1, 20],
          [(ROWS / 2 + 30) / 20 + 1, 20],
          [ROWS / 20, 20],
          [Math.ceil(ROWS / 40), 40],
          [ROWS / 20 + 3, 20],
        ];
        for (const [page, limit] of windows) {
          const window = pageWindow(page, limit);
          const result = await findPage(f.db.prisma.customer, where, orderBy, window, query);
          expect(result.total).toBe(ROWS);
          expect(result.data, `page ${page} of ${limit}`).toEqual(all.slice(window.skip, window.skip + limit));
        }
      });
    }
  }
});
