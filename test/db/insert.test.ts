// insertRows (and writeAll of an insert returning columns): one raw multi-row INSERT (no per-call query plan), read back by Prisma
// exactly as written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertReturningStatement, insertRows, insertStatement } from '../../src/db/insert.ts';
import { modelRows } from '../../src/db/model-rows.ts';
import { transactionSql, writeAll } from '../../src/db/sql.ts';
import { Prisma } from '../../src/db/generated/sqlite/client.ts';
import { newId } from '../../src/lib/ids.ts';
import { createUnitOfWork } from '../../src/core/unit-of-work.ts';
import { customers, vendors } from '../../src/modules/contacts/contacts.service.ts';
import { representations } from '../../src/registry.ts';
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
  await t.db.prisma.journalEntry.create({
    data: {
      id: entryId,
      organizationId,
      number: 1,
      date: '2026-01-31',
      description: 'raw',
      sourceType: 'manual',
      totalAmount: 2n ** 62n,
      currency: 'USD',
    },
  });
  const account = await t.db.prisma.account.findFirstOrThrow({ where: { organizationId } });
  const rows = [
    {
      id: newId('JournalLine'),
      organizationId,
      entryId,
      lineNo: 1,
      accountId: account.id,
      description: 'élan — 日本',
      debit: 2n ** 62n,
      credit: 0n,
      date: '2026-01-31',
      customerId: null,
      vendorId: null,
      currency: null,
      foreignAmount: null,
    },
    {
      id: newId('JournalLine'),
      organizationId,
      entryId,
      lineNo: 2,
      accountId: account.id,
      description: null,
      debit: 0n,
      credit: 2n ** 62n,
      date: '2026-01-31',
      customerId: null,
      vendorId: null,
      currency: null,
      foreignAmount: null,
    },
  ];
  await insertRows(
    t.db.prisma,
    'JournalLine',
    [
      'id',
      'organizationId',
      'entryId',
      'lineNo',
      'accountId',
      'description',
      'debit',
      'credit',
      'date',
      'customerId',
      'vendorId',
      'currency',
      'foreignAmount',
    ],
    rows,
  );
  expect(await t.db.prisma.journalLine.findMany({ where: { entryId }, orderBy: { lineNo: 'asc' } })).toEqual(rows);
});

it('stores a Date exactly as a Prisma write stores it, so comparisons and ordering treat both alike', async () => {
  const createdAt = new Date('2026-11-23T10:11:12.345Z');
  const viaPrisma = newId('JournalEntry');
  const viaInsert = newId('JournalEntry');
  await t.db.prisma.journalEntry.create({
    data: {
      id: viaPrisma,
      organizationId,
      number: 10,
      date: '2026-01-31',
      description: 'prisma',
      sourceType: 'manual',
      totalAmount: 1n,
      currency: 'USD',
      createdAt,
    },
  });
  await insertRows(
    t.db.prisma,
    'JournalEntry',
    ['id', 'organizationId', 'number', 'date', 'description', 'sourceType', 'totalAmount', 'currency', 'createdAt'],
    [
      {
        id: viaInsert,
        organizationId,
        number: 11,
        date: '2026-01-31',
        description: 'raw',
        sourceType: 'manual',
        totalAmount: 1n,
        currency: 'USD',
        createdAt,
      },
    ],
  );
  const stored = await t.db.prisma.$queryRawUnsafe<{ id: string; text: string }[]>(
    `SELECT "id", CAST("createdAt" AS TEXT) AS "text" FROM "JournalEntry" WHERE "id" IN ` +
      `(${t.db.provider === 'sqlite' ? '?, ?' : '$1, $2'})`,
    viaPrisma,
    viaInsert,
  );
  expect(stored).toHaveLength(2);
  expect(stored[0]!.text).toBe(stored[1]!.text);
  expect(await t.db.prisma.journalEntry.count({ where: { id: { in: [viaPrisma, viaInsert] }, createdAt: createdAt } })).toBe(2);
  expect((await t.db.prisma.journalEntry.findUniqueOrThrow({ where: { id: viaInsert } })).createdAt).toEqual(createdAt);
});

it('returns database-assigned columns of the rows it inserted', async () => {
  const now = new Date();
  const events = [1, 2, 3].map((i) => ({
    id: newId('Event'),
    organizationId,
    type: 'test.inserted',
    resourceType: 'test',
    resourceId: `r${i}`,
    payload: '{}',
    createdAt: now,
  }));
  const returned = await writeAll<{ id: string; seq: unknown }>(t.db.prisma, [
    insertReturningStatement('Event', ['id', 'organizationId', 'type', 'resourceType', 'resourceId', 'payload', 'createdAt'], events, [
      'id',
      'seq',
    ]),
  ]);
  const stored = await t.db.prisma.event.findMany({ where: { id: { in: events.map((e) => e.id) } }, select: { id: true, seq: true } });
  expect(new Map(returned.map((r) => [r.id, Number(r.seq)]))).toEqual(new Map(stored.map((e) => [e.id, e.seq])));
});

it(
  "inside a transaction, runs on the transaction's own connection: written with it, gone when it rolls back, Dates stored as Prisma " +
    'stores them',
  async () => {
    const createdAt = new Date('2026-11-23T10:11:12.345Z');
    const entry = (id: string, number: number) => ({
      id,
      organizationId,
      number,
      date: '2026-02-01',
      description: 'direct',
      sourceType: 'manual',
      totalAmount: 5n,
      currency: 'USD',
      createdAt,
    });
    const columns = [
      'id',
      'organizationId',
      'number',
      'date',
      'description',
      'sourceType',
      'totalAmount',
      'currency',
      'createdAt',
    ] as const;
    const kept = newId('JournalEntry');
    const seqs = await t.db.prisma.$transaction(async (tx) => {
      const sql = transactionSql(t.db, tx);
      await insertRows(sql, 'JournalEntry', columns, [entry(kept, 20)]);
      // Seen by the transaction's own reads before it commits.
      expect(await tx.journalEntry.count({ where: { id: kept } })).toBe(1);
      return writeAll<{ seq: unknown }>(sql, [
        insertReturningStatement(
          'Event',
          ['id', 'organizationId', 'type', 'resourceType', 'resourceId', 'payload', 'createdAt'],
          [{ id: newId('Event'), organizationId, type: 'test.direct', resourceType: 'test', resourceId: kept, payload: '{}', createdAt }],
          ['seq'],
        ),
      ]);
    });
    expect(Number(seqs[0]!.seq)).toBeGreaterThan(0);
    const stored = await t.db.prisma.journalEntry.findUniqueOrThrow({ where: { id: kept } });
    expect(stored).toMatchObject({ number: 20, totalAmount: 5n, createdAt });
    expect(await t.db.prisma.journalEntry.count({ where: { createdAt, number: { in: [10, 20] } } })).toBe(2);

    const dropped = newId('JournalEntry');
    await expect(
      t.db.prisma.$transaction(async (tx) => {
        await insertRows(transactionSql(t.db, tx), 'JournalEntry', columns, [entry(dropped, 21)]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await t.db.prisma.journalEntry.count({ where: { id: dropped } })).toBe(0);
  },
);

it('reads rows as objects, as Prisma does, even from a statement Prisma ran before (the two share prepared statements)', async () => {
  const query = Prisma.sql`SELECT "id", "code", "name" FROM "Account" WHERE "organizationId" = ${organizationId} ORDER BY "code" LIMIT 2`;
  const viaPrisma = await t.db.prisma.$queryRaw<{ id: string }[]>(query);
  expect(viaPrisma).toHaveLength(2);
  expect(await t.db.prisma.$transaction((tx) => transactionSql(t.db, tx).$queryRaw(query))).toEqual(viaPrisma);
});

it('writes a new customer or vendor in one INSERT that Prisma reads back as the row the write answered with', async () => {
  const unitOfWork = createUnitOfWork({ db: t.db, representations });
  const full = {
    name: 'Ørsted Ltd',
    email: 'ap@orsted.example',
    phone: '+45 1234',
    taxNumber: 'DK1',
    paymentTermsDays: 14,
    notes: 'note',
    address: { line1: '1 Road', city: 'Aarhus', country: 'dk' },
  };
  for (const [kind, service] of [
    ['customer', customers],
    ['vendor', vendors],
  ] as const) {
    for (const input of [{ name: 'Only a name' }, full]) {
      t.queries.length = 0;
      const outcome = await unitOfWork.write<any>(organizationId, { operation: `create ${kind}`, input }, (scope) =>
        service.create(scope, input),
      );
      expect(t.queries.filter((q) => /^\s*INSERT INTO .(Customer|Vendor)/i.test(q))).toHaveLength(1);
      expect(outcome.row.balance).toBe(0n); // the kept balance starts at 0
      const stored = await (t.db.prisma as any)[kind].findUniqueOrThrow({ where: { id: outcome.id } });
      expect(stored).toEqual(outcome.row);
      expect(stored).toMatchObject({
        active: true,
        ...(input === full ? { country: 'DK', addressLine2: null, paymentTermsDays: 14 } : { email: null, paymentTermsDays: null }),
      });
    }
  }
});

it('refuses a name that is not a plain identifier, writing nothing', async () => {
  const before = await t.db.prisma.journalLine.count();
  await expect(insertRows(t.db.prisma, 'JournalLine"; DROP TABLE "Event', ['id'], [{ id: 'x' }])).rejects.toThrow(/not a plain identifier/);
  expect(await t.db.prisma.journalLine.count()).toBe(before);
});

it("modelRows: a raw SELECT's and a raw INSERT … RETURNING's records made into the rows Prisma's client answers", async () => {
  // Every converted type: text, null, Int, BigInt beyond 2^53, Boolean, DateTime, an enum, a database default.
  const customer = await t.db.prisma.customer.create({
    data: { id: newId('Customer'), organizationId, name: 'Rows Ltd', paymentTermsDays: 14, balance: 2n ** 60n, active: false },
  });
  const account = await t.db.prisma.account.findFirstOrThrow({ where: { organizationId, systemRole: 'sales' } });
  const read = async (sql: { $queryRaw<T>(query: Prisma.Sql): Promise<T> }) => {
    const customers = modelRows('Customer');
    const accounts = modelRows('Account', ['id', 'type', 'active', 'systemRole']);
    const [customerRecord] = await sql.$queryRaw<Record<string, unknown>[]>(
      Prisma.sql`SELECT ${Prisma.raw(customers.columns)} FROM "Customer" WHERE "id" = ${customer.id}`,
    );
    const [accountRecord] = await sql.$queryRaw<Record<string, unknown>[]>(
      Prisma.sql`SELECT ${Prisma.raw(accounts.columns)} FROM "Account" WHERE "id" = ${account.id}`,
    );
    return { customer: customers.row(customerRecord!), account: accounts.row(accountRecord!) };
  };
  const expected = { customer, account: { id: account.id, type: account.type, active: account.active, systemRole: 'sales' } };
  expect(await read(t.db.prisma)).toEqual(expected);
  const { inserted, inTransaction } = await t.db.prisma.$transaction(async (tx) => {
    const sql = transactionSql(t.db, tx);
    const vendors = modelRows('Vendor');
    const id = newId('Vendor');
    const now = new Date('2026-11-29T08:09:10.123Z');
    // Columns left out (balance, active, the nullable ones) take the database's defaults.
    const [record] = await sql.$queryRaw<Record<string, unknown>[]>(
      Prisma.sql`${insertStatement(
        'Vendor',
        ['id', 'organizationId', 'name', 'createdAt', 'updatedAt'],
        [{ id, organizationId, name: 'Rows Supplies', createdAt: now, updatedAt: now }],
      )} RETURNING ${Prisma.raw(vendors.columns)}`,
    );
    return { inserted: { row: vendors.row(record!), id }, inTransaction: await read(sql) };
  });
  expect(inTransaction).toEqual(expected);
  expect(inserted.row).toEqual(await t.db.prisma.vendor.findUniqueOrThrow({ where: { id: inserted.id } }));
  expect(inserted.row).toMatchObject({ balance: 0n, active: true, email: null });
});
