// insertRows: one raw multi-row INSERT (no per-call query plan), read back by Prisma exactly as written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertRows } from '../../src/db/insert.ts';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ organizationId } = await t.tenant('Insert Co'));
});
afterAll(() => t.close());

it('writes text, integers, nulls and BigInt money that Prisma reads back as written', async () => {
  const entryId = newId('JournalEntry');
  await t.db.prisma.journalEntry.create({ data: { id: entryId, organizationId, number: 1, date: '2026-01-31', description: 'raw', sourceType: 'manual', totalAmount: 2n ** 62n, currency: 'USD' } });
  const account = await t.db.prisma.account.findFirstOrThrow({ where: { organizationId } });
  const rows = [
    { id: newId('JournalLine'), organizationId, entryId, lineNo: 1, accountId: account.id, description: 'élan — 日本', debit: 2n ** 62n, credit: 0n, date: '2026-01-31', customerId: null, vendorId: null },
    { id: newId('JournalLine'), organizationId, entryId, lineNo: 2, accountId: account.id, description: null, debit: 0n, credit: 2n ** 62n, date: '2026-01-31', customerId: null, vendorId: null },
  ];
  await insertRows(t.db.prisma, 'JournalLine', ['id', 'organizationId', 'entryId', 'lineNo', 'accountId', 'description', 'debit', 'credit', 'date', 'customerId', 'vendorId'], rows);
  expect(await t.db.prisma.journalLine.findMany({ where: { entryId }, orderBy: { lineNo: 'asc' } })).toEqual(rows);
});

it('refuses a Date (stored differently from Prisma on SQLite) and a name that is not a plain identifier, writing nothing', async () => {
  const before = await t.db.prisma.journalLine.count();
  await expect(insertRows(t.db.prisma, 'Event', ['createdAt'], [{ createdAt: new Date() }])).rejects.toThrow(/cannot write the Date/);
  await expect(insertRows(t.db.prisma, 'JournalLine"; DROP TABLE "Event', ['id'], [{ id: 'x' }])).rejects.toThrow(/not a plain identifier/);
  expect(await t.db.prisma.journalLine.count()).toBe(before);
});
