// The compiled reader (src/db/compiled-reads.ts) answers a findMany exactly as Prisma does, for
// generated arguments over the accounting models, or leaves it to Prisma; on SQLite and on PostgreSQL
// (whose text order, timestamps and 64-bit integers come back through pg, not Prisma's adapter).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnitOfWork } from '../../src/core/unit-of-work.ts';
import {
  compiledCount,
  compiledFindMany,
  compiledFindUnique,
  compiledGroupBy,
  compiledReadCounts,
  readingClient,
} from '../../src/fast-paths/compiled-reads.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { delegateOf, openDatabase } from '../../src/db/database.ts';
import { getDatamodel } from '../../src/db/generated/pothos-types.ts';
import { customers } from '../../src/modules/contacts/contacts.service.ts';
import { createInvoice, finalizeInvoice, recordPayment, voidInvoice } from '../../src/modules/invoices/invoices.service.ts';
import { createJournalEntry } from '../../src/modules/journal/journal.service.ts';
import { createProduct } from '../../src/modules/products/products.service.ts';
import { representations } from '../../src/registry.ts';
import { createTestApp, freshDatabase, gql, http, startServerProcess, type TestApp, usingPostgres } from '../helpers.ts';

let t: TestApp;
let tenants: { organizationId: string; key: string }[];

/** The models the generated reads cover, and samples of their rows to draw filter values from. */
const MODELS = ['Invoice', 'InvoiceLine', 'Customer', 'Product', 'JournalEntry', 'JournalLine', 'Account', 'Payment'] as const;
type ModelName = (typeof MODELS)[number];
const datamodel = getDatamodel().datamodel.models as unknown as Record<
  string,
  { fields: { name: string; kind: string; type: string; isList: boolean; isRequired: boolean }[] }
>;
const scalarsOf = (model: string) => datamodel[model].fields.filter((f) => f.kind !== 'object');
const relationsOf = (model: string) =>
  datamodel[model].fields.filter((f) => f.kind === 'object' && (MODELS as readonly string[]).includes(f.type));
const delegate = (model: string) => (t.db.prisma as any)[delegateOf(model)];
const samples = new Map<string, Record<string, unknown>[]>();

beforeAll(async () => {
  t = await createTestApp();
  tenants = [await t.tenant('Compiled A'), await t.tenant('Compiled B')];
  const unitOfWork = createUnitOfWork({ db: t.db, representations });
  for (const [n, { organizationId }] of tenants.entries()) {
    const write = (work: (scope: any) => Promise<any>) => unitOfWork.write<any>(organizationId, { operation: 'seed', input: null }, work);
    const contacts: string[] = [];
    for (let i = 0; i < 4; i++)
      contacts.push(
        (
          await write((s) =>
            customers.create(s, {
              name: `Customer ${n}.${i}`,
              email: i % 2 ? `c${i}@example.com` : null,
              paymentTermsDays: i === 3 ? 10 : null,
            }),
          )
        ).id,
      );
    const products: string[] = [];
    for (let i = 0; i < 3; i++)
      products.push(
        (
          await write((s) =>
            createProduct(s, { name: `Product ${i}`, sku: i ? `SKU-${i}` : null, unitPrice: `${5 + i}.25`, active: i !== 2 }),
          )
        ).id,
      );
    const invoices: string[] = [];
    for (let i = 0; i < 9; i++) {
      const lines = Array.from({ length: 1 + (i % 4) }, (_, l) =>
        l % 2
          ? { description: `Work ${l}`, unitPrice: `${10 + l}.50`, quantity: '1.5' }
          : { productId: products[(i + l) % 2], quantity: String(1 + l) },
      );
      const draft = i % 3 === 2;
      invoices.push(
        (await write((s) => createInvoice(s, { customerId: contacts[i % 3], issueDate: `2026-0${1 + (i % 6)}-1${i % 9}`, lines, draft })))
          .id,
      );
    }
    await write((s) => recordPayment(s, { invoiceId: invoices[0], amount: '5.00', date: '2026-07-01', method: 'card' }));
    await write((s) => voidInvoice(s, invoices[1], { reason: 'mistake' }));
    if (n === 0) await write((s) => finalizeInvoice(s, invoices[2])).catch(() => {});
    const [cash, revenue] = await t.db.prisma.account.findMany({
      where: { organizationId, code: { in: ['1000', '4000'] } },
      orderBy: { code: 'asc' },
    });
    await write((s) =>
      createJournalEntry(s, {
        date: '2026-03-03',
        description: 'Manual',
        lines: [
          { accountId: cash.id, debit: '7.00' },
          { accountId: revenue.id, credit: '7.00' },
        ],
      }),
    );
  }
  for (const model of MODELS) samples.set(model, await delegate(model).findMany());
}, 60_000);
afterAll(() => t.close());

/** Arguments for findMany on `model`: a selection (nested to `depth`), filters from real values, order, a window. */
function argsFor(model: string, depth: number, top: boolean): fc.Arbitrary<Record<string, unknown>> {
  const scalars = scalarsOf(model).map((f) => f.name);
  const relations = depth > 0 ? relationsOf(model) : [];
  const relationArgs = relations.map((r) =>
    fc.oneof(fc.constant(true as unknown), argsFor(r.type, depth - 1, false)).map((args) => {
      if (!r.isList) return args === true ? true : { select: (args as any).select, include: (args as any).include };
      // A list's order is stated (the reader refuses a list without one, as its order would be the database plan's whim).
      const base = args === true ? {} : (args as Record<string, unknown>);
      return { ...base, orderBy: [{ [scalarsOf(r.type).find((f) => f.name !== 'id')!.name]: 'desc' }, { id: 'asc' }] };
    }),
  );
  const relationPicks = fc
    .subarray(relations.map((_, i) => i))
    .chain((picked) =>
      picked.length
        ? fc
            .tuple(...picked.map((i) => relationArgs[i]))
            .map((values) => Object.fromEntries(picked.map((i, k) => [relations[i].name, values[k]])))
        : fc.constant({}),
    );
  const selection = fc.oneof(
    fc.constant({}),
    relationPicks.map((include) => (Object.keys(include).length ? { include } : {})),
    fc
      .tuple(fc.subarray(scalars, { minLength: 1 }), relationPicks)
      .map(([fields, nested]) => ({ select: { ...Object.fromEntries(fields.map((f) => [f, true])), ...nested } })),
  );
  const rows = samples.get(model) ?? [];
  const field = fc.constantFrom(...scalarsOf(model));
  const condition = fc
    .tuple(field, fc.nat(Math.max(0, rows.length - 1)), fc.constantFrom('eq', 'in', 'lt', 'gte', 'not', 'null'))
    .map(([f, index, operator]) => {
      const value = rows[index]?.[f.name] ?? null;
      if (operator === 'null' || value === null) return f.isRequired ? { [f.name]: { not: rows[0]?.[f.name] ?? '' } } : { [f.name]: null };
      // Prisma filters booleans by equality only
      if (operator === 'eq' || (f.type === 'Boolean' && operator !== 'not')) return { [f.name]: value };
      if (operator === 'in')
        return {
          [f.name]: {
            in: [
              value,
              ...rows
                .slice(0, 3)
                .map((r) => r[f.name])
                .filter((v) => v !== null),
            ],
          },
        };
      if (operator === 'not') return { [f.name]: { not: value } };
      if (f.kind === 'enum') return { [f.name]: value }; // and enums by equality and lists
      return { [f.name]: { [operator]: value } };
    });
  const where = fc
    .tuple(fc.constantFrom(...tenants.map((x) => x.organizationId)), fc.array(condition, { maxLength: 2 }))
    .map(([organizationId, conditions]) => {
      const base = scalarsOf(model).some((f) => f.name === 'organizationId') ? { organizationId } : {};
      return conditions.length ? { ...base, AND: conditions } : base;
    });
  const orderBy = fc
    .subarray(
      scalars.filter((s) => s !== 'id'),
      { maxLength: 2 },
    )
    .chain((fields) =>
      fc
        .tuple(...fields.map(() => fc.constantFrom('asc', 'desc')))
        .map((directions) => [...fields.map((f, i) => ({ [f]: directions[i] })), { id: 'asc' }]),
    );
  if (!top) return selection;
  return fc
    .record({ selection, where, orderBy, take: fc.option(fc.nat(12), { nil: undefined }), skip: fc.option(fc.nat(5), { nil: undefined }) })
    .map(({ selection, ...rest }) => {
      const args: Record<string, unknown> = { ...selection, where: rest.where, orderBy: rest.orderBy };
      if (rest.take !== undefined) args.take = rest.take;
      if (rest.skip !== undefined) args.skip = rest.skip;
      return args;
    });
}

describe('compiled reads', () => {
  it('answer generated findMany arguments exactly as Prisma does (rows, fields, types, order, nested relations)', async () => {
    let compiled = 0;
    let runs = 0;
    const reads = fc.constantFrom(...MODELS).chain((model: ModelName) => argsFor(model, 2, true).map((args) => ({ model, args })));
    await fc.assert(
      fc.asyncProperty(reads, async ({ model, args }) => {
        runs++;
        const expected = await delegate(model).findMany(args);
        const answer = compiledFindMany(t.db, model, args);
        if (!answer) return;
        compiled++;
        expect(await answer).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    // The generator stays within what the reader does, so most runs compare: a reader that refused
    // everything would pass the property above without proving anything.
    expect(compiled).toBeGreaterThan(runs * 0.9);
  });

  it('count rows for generated filters exactly as Prisma does, and leave any other argument to Prisma', async () => {
    let compared = 0;
    const counts = fc
      .constantFrom(...MODELS)
      .chain((model: ModelName) => argsFor(model, 0, true).map((args) => ({ model, where: args.where })));
    await fc.assert(
      fc.asyncProperty(counts, async ({ model, where }) => {
        const expected = await delegate(model).count({ where });
        const answer = compiledCount(t.db, model, { where });
        if (!answer) return;
        compared++;
        expect(
          await answer,
          JSON.stringify(where, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
        ).toBe(expected);
      }),
      { numRuns: 200 },
    );
    expect(compared).toBeGreaterThan(180);
    // A request's reading client counts through it, with Prisma's answer.
    const organizationId = tenants[0].organizationId;
    const reading = (readingClient(t.db) as any)[delegateOf('Invoice')];
    expect(await reading.count({ where: { organizationId } })).toBe(await delegate('Invoice').count({ where: { organizationId } }));
    for (const args of [
      { where: { organizationId }, take: 2 },
      { select: { _all: true } },
      { where: { organizationId }, cursor: { id: 'x' } },
    ]) {
      expect(compiledCount(t.db, 'Invoice', args), JSON.stringify(args)).toBeUndefined();
    }
  });

  it('answer findUnique by id (found, of another organization, missing; selections) exactly as Prisma does', async () => {
    let compiled = 0;
    const ids = MODELS.flatMap((model) => (samples.get(model) ?? []).slice(0, 4).map((row) => ({ model, id: row.id as string })));
    const reads = fc
      .constantFrom(...ids)
      .chain(({ model, id }) =>
        fc.tuple(
          fc.constant(model),
          fc.constantFrom(id, `${id.slice(0, -1)}x`),
          fc.constantFrom(...tenants.map((x) => x.organizationId)),
          argsFor(model, 1, false),
        ),
      );
    await fc.assert(
      fc.asyncProperty(reads, async ([model, id, organizationId, selection]) => {
        const args = { ...selection, where: { id, ...(model === 'Invoice' || model === 'Customer' ? { organizationId } : {}) } };
        const expected = await delegate(model).findUnique(args);
        const answer = compiledFindUnique(t.db, model, args);
        if (!answer) return;
        compiled++;
        expect(await answer).toEqual(expected);
        // The reading client answers findUniqueOrThrow the same, and a miss with Prisma's own error.
        const reading = (readingClient(t.db) as any)[delegateOf(model)];
        if (expected) expect(await reading.findUniqueOrThrow(args)).toEqual(expected);
        else await expect(reading.findUniqueOrThrow(args)).rejects.toMatchObject({ code: 'P2025' });
      }),
      { numRuns: 100 },
    );
    expect(compiled).toBeGreaterThan(80);
  });

  it('read a row by id and its one list of children in one statement on PostgreSQL (two on SQLite), as Prisma answers', async () => {
    const invoices = samples.get('Invoice')!.filter((invoice) => invoice.organizationId === tenants[0].organizationId);
    const lines = samples.get('InvoiceLine')!;
    const withLines = invoices.find((invoice) => lines.filter((line) => line.invoiceId === invoice.id).length > 1)!;
    expect(withLines).toBeDefined();
    const selections = [
      { include: { lines: { orderBy: [{ lineNo: 'desc' }] } } },
      { select: { number: true, lines: { select: { amount: true }, orderBy: [{ amount: 'asc' }, { id: 'desc' }] } } },
      { select: { id: true, lines: { where: { lineNo: { gt: 1 } }, orderBy: { lineNo: 'asc' } } } },
    ];
    const reads = [
      ...selections.map((selection) => ({ ...selection, where: { id: withLines.id, organizationId: tenants[0].organizationId } })),
      ...selections.map((selection) => ({
        ...selection,
        where: { organizationId: tenants[0].organizationId, id: { in: [withLines.id] } },
      })),
      // Another organization's invoice: nothing, and none of its lines.
      { ...selections[0], where: { id: withLines.id, organizationId: tenants[1].organizationId } },
    ];
    for (const args of reads) {
      const expected = await t.db.prisma.invoice.findMany({ ...args, orderBy: { id: 'asc' } } as any);
      const from = t.queries.length;
      const answer = await compiledFindMany(t.db, 'Invoice', { ...args, orderBy: { id: 'asc' } });
      // The reader's statements only: the app's event relay runs its own on a timer.
      const statements = t.queries.slice(from).filter((q) => q.includes('"Invoice'));
      expect(answer, JSON.stringify(args)).toEqual(expected);
      expect(statements, JSON.stringify(args)).toHaveLength(usingPostgres ? 1 : expected.length ? 2 : 1);
      // The lines' branch reads only lines of an invoice that meets the invoice's own conditions (its organization).
      if (usingPostgres)
        expect(statements[0]).toMatch(/UNION ALL SELECT 1, .* JOIN "InvoiceLine" t0 ON .* WHERE .*p0\."organizationId" = \?/);
    }
    expect(((await compiledFindUnique(t.db, 'Invoice', reads[0])) as { lines: unknown[] }).lines.length).toBeGreaterThan(1);
  });

  it('answer generated groupBy arguments (by, where, _sum) exactly as Prisma does', async () => {
    const GROUPED = ['JournalLine', 'InvoiceLine', 'Invoice', 'Payment', 'AccountDailyTotal', 'AccountMonthlyTotal'];
    const rowsOf = new Map<string, Record<string, unknown>[]>();
    for (const model of GROUPED) rowsOf.set(model, await delegate(model).findMany());
    const summable = (model: string) =>
      scalarsOf(model)
        .filter((f) => ['Int', 'BigInt', 'Float'].includes(f.type))
        .map((f) => f.name);
    const groupable = (model: string) =>
      scalarsOf(model)
        .filter((f) => !['id', 'createdAt', 'updatedAt'].includes(f.name) && f.type !== 'Json' && f.type !== 'Decimal')
        .map((f) => f.name);
    const key = (row: Record<string, unknown>, by: string[]) =>
      JSON.stringify(by.map((f) => (typeof row[f] === 'bigint' ? String(row[f]) : row[f])));
    const reads = fc.constantFrom(...GROUPED).chain((model) =>
      fc.record({
        model: fc.constant(model),
        by: fc.subarray(groupable(model), { minLength: 1, maxLength: 2 }),
        sums: fc.subarray(summable(model), { minLength: 1 }),
        organizationId: fc.constantFrom(...tenants.map((x) => x.organizationId)),
        pick: fc.option(fc.nat(Math.max(0, (rowsOf.get(model)?.length ?? 1) - 1)), { nil: undefined }),
      }),
    );
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(reads, async ({ model, by, sums, organizationId, pick }) => {
        const sample = pick === undefined ? undefined : rowsOf.get(model)![pick];
        const where: Record<string, unknown> = {
          organizationId,
          ...(sample && sample[by[0]] !== null ? { [by[0]]: { in: [sample[by[0]]] } } : {}),
        };
        const args = { by, where, _sum: Object.fromEntries(sums.map((f) => [f, true])) };
        const expected = (await delegate(model).groupBy(args)) as Record<string, unknown>[];
        const answer = compiledGroupBy<Record<string, unknown>>(t.db, model, args);
        expect(
          answer,
          JSON.stringify(args, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
        ).toBeDefined();
        compared++;
        const sorted = (rows: Record<string, unknown>[]) =>
          [...rows].sort((a, b) => (key(a, by) < key(b, by) ? -1 : key(a, by) > key(b, by) ? 1 : 0));
        expect(sorted(await answer!)).toEqual(sorted(expected));
      }),
      { numRuns: 150 },
    );
    expect(compared).toBe(150);
    // What it does not do goes to Prisma: counts, orders, havings, sums of text.
    const organizationId = tenants[0].organizationId;
    for (const args of [
      { by: ['accountId'], where: { organizationId }, _count: true },
      { by: ['accountId'], where: { organizationId }, _sum: { debit: true }, orderBy: { accountId: 'asc' } },
      { by: ['accountId'], _sum: { memo: true } },
    ]) {
      expect(compiledGroupBy(t.db, 'JournalLine', args), JSON.stringify(args)).toBeUndefined();
    }
  });

  it("plans each shape of arguments once and binds each read's own values: ids, organizations, amounts, enum values, directions", async () => {
    const invoices = samples.get('Invoice')!;
    const pick = (organizationId: string) => invoices.filter((i) => i.organizationId === organizationId);
    const [a, b] = tenants.map((x) => pick(x.organizationId));
    const read = (organizationId: string, id: string, amount: bigint) => ({
      where: { organizationId, id },
      select: { id: true, number: true, lines: { where: { amount: { gte: amount } }, orderBy: [{ amount: 'desc' }, { id: 'asc' }] } },
      orderBy: [{ id: 'asc' }],
    });
    const shapes = [
      // The same shape with other values: one plan for all three.
      [read(a[0].organizationId as string, a[0].id as string, 0n), read(b[3].organizationId as string, b[3].id as string, 1500n)],
      [read(a[0].organizationId as string, b[3].id as string, 0n)], // another organization's id: nothing
      // Values written into the SQL or deciding it make shapes of their own.
      [{ where: { organizationId: a[0].organizationId, status: 'OPEN' }, orderBy: [{ issueDate: 'asc' }, { id: 'asc' }] }],
      [{ where: { organizationId: a[0].organizationId, status: 'VOID' }, orderBy: [{ issueDate: 'asc' }, { id: 'asc' }] }],
      [{ where: { organizationId: b[0].organizationId, status: 'VOID' }, orderBy: [{ issueDate: 'desc' }, { id: 'asc' }], take: 2 }],
      [{ where: { organizationId: b[0].organizationId, status: 'OPEN' }, orderBy: [{ issueDate: 'desc' }, { id: 'asc' }], take: 1 }],
    ];
    const planned = compiledReadCounts.planned;
    const answers: unknown[] = [];
    for (const group of shapes)
      for (const args of group) {
        const answer = compiledFindMany(t.db, 'Invoice', args);
        expect(
          answer,
          JSON.stringify(args, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
        ).toBeDefined();
        const rows = await answer;
        expect(rows).toEqual(await delegate('Invoice').findMany(args));
        answers.push(rows);
      }
    // Every read answered its own arguments (no answer carried over from the plan's first arguments)...
    expect(new Set(answers.map((rows) => JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))).size).toBe(7);
    // ...and the shapes seen before this test (the generated reads above) planned nothing new but these.
    expect(compiledReadCounts.planned - planned).toBeLessThanOrEqual(5);
    const again = compiledReadCounts.planned;
    for (const group of shapes) for (const args of group) await compiledFindMany(t.db, 'Invoice', args);
    expect(compiledReadCounts.planned, 'a shape read before is not planned again').toBe(again);
  });

  it("keeps a statement's text per number of keys and window: one shape read with each answers as Prisma does", async () => {
    const organizationId = tenants[0].organizationId;
    const ids = samples
      .get('Invoice')!
      .filter((i) => i.organizationId === organizationId)
      .map((i) => i.id as string);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const withLines = (some: string[], window: { take?: number; skip?: number } = {}) => ({
      where: { organizationId, id: { in: some } },
      select: { id: true, lines: { select: { id: true, amount: true }, orderBy: [{ id: 'asc' }] } },
      orderBy: [{ id: 'asc' }],
      ...window,
    });
    // One shape, its lines read for 1, 3, 1 and 4 invoices' keys, with and without a window: each its own text.
    for (const some of [ids.slice(0, 1), ids.slice(0, 3), ids.slice(1, 2), ids.slice(0, 4)])
      for (const window of [undefined, { take: 2 }, { skip: 1 }]) {
        const args = withLines(some, window);
        expect(await compiledFindMany(t.db, 'Invoice', args), JSON.stringify(args)).toEqual(await delegate('Invoice').findMany(args));
      }
  });

  it(
    'leaves to Prisma what it does not do: cursors, text search, OR, relation filters, counts, lists without an order, huge lists of ' +
      'values',
    () => {
      const organizationId = tenants[0].organizationId;
      const base = { where: { organizationId }, orderBy: [{ id: 'asc' }] };
      for (const args of [
        { ...base, cursor: { id: 'inv_x' }, skip: 1 },
        { ...base, where: { organizationId, number: { contains: 'INV' } } },
        { ...base, where: { OR: [{ organizationId }, { status: 'OPEN' }] } },
        { ...base, where: { organizationId, customer: { name: 'x' } } },
        { ...base, select: { id: true, _count: { select: { lines: true } } } },
        { ...base, include: { lines: true } },
        { where: { organizationId } },
        { ...base, take: -2 },
        { ...base, distinct: ['status'] },
        { ...base, where: { organizationId, id: { in: Array.from({ length: 10_001 }, (_, i) => `inv_${i}`) } } },
      ]) {
        const fallbacks = compiledReadCounts.fallbacks;
        expect(compiledFindMany(t.db, 'Invoice', args), JSON.stringify(args)).toBeUndefined();
        expect(compiledReadCounts.fallbacks, 'each read left to Prisma is counted').toBe(fallbacks + 1);
      }
    },
  );

  it("tells the database's fallback listener which read it left to Prisma, and why", () => {
    const told: [string, string][] = [];
    const db = { ...t.db, onCompiledReadFallback: (model: string, reason: string) => told.push([model, reason]) };
    const organizationId = tenants[0].organizationId;
    expect(compiledFindMany(db, 'Invoice', { where: { OR: [{ organizationId }] }, orderBy: [{ id: 'asc' }] })).toBeUndefined();
    expect(compiledFindMany(db, 'Customer', { where: { organizationId }, orderBy: [{ id: 'asc' }] })).toBeDefined();
    expect(told).toEqual([['Invoice', 'where OR']]);
  });

  it('reads a joined row (PostgreSQL) without its key on the referring row and with its id once', async () => {
    const organizationId = tenants[0].organizationId;
    const args = {
      where: { organizationId },
      orderBy: [{ id: 'asc' as const }],
      select: {
        id: true,
        customer: { select: { id: true, name: true } },
        lines: { orderBy: [{ lineNo: 'asc' as const }], select: { description: true, product: { select: { name: true } } } },
      },
    };
    const from = t.queries.length;
    const rows = await compiledFindMany(t.db, 'Invoice', args);
    // The reader's statements only: the app's event relay runs its own on a timer.
    const [invoices, lines] = t.queries.slice(from).filter((q) => q.includes('"Invoice'));
    expect(rows).toEqual(await t.db.prisma.invoice.findMany(args));
    expect((rows as any[]).some((r) => r.lines.some((l: any) => l.product === null))).toBe(true);
    if (!usingPostgres) return; // SQLite reads a to-one relation in a statement of its own
    expect(invoices).toMatch(/^SELECT t0\."id", t1\."id", t1\."name" FROM "Invoice" t0 LEFT JOIN "Customer" t1 /);
    // The product's id is not asked for: read once, after its name, to tell a line without a product.
    expect(lines).toMatch(/^SELECT t0\."description", t0\."invoiceId", t1\."name", t1\."id" FROM "InvoiceLine" t0 LEFT JOIN "Product" t1 /);
  });

  it('serves the nested invoice page of GraphQL and the REST list with the answers Prisma gave (same bytes)', async () => {
    const { key } = tenants[0];
    const nested =
      'query($first: Int, $after: String) { invoices(first: $first, after: $after) { edges { cursor node { id number status total ' +
      'customer { id name email } lines { description quantity unitPrice amount product { id name } } } } pageInfo { hasNextPage ' +
      'endCursor } } }';
    const first = await gql(t.url, key, nested, { first: 4 });
    expect(first.body.errors).toBeUndefined();
    // The second page has a cursor: Prisma reads it. Both pages together are the whole list, in order.
    const second = await gql(t.url, key, nested, { first: 20, after: first.body.data.invoices.pageInfo.endCursor });
    const ids = [...first.body.data.invoices.edges, ...second.body.data.invoices.edges].map((e: any) => e.node.id);
    const all = await t.db.prisma.invoice.findMany({
      where: { organizationId: tenants[0].organizationId },
      orderBy: [{ issueDate: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    expect(ids).toEqual(all.map((i) => i.id));
    const lines = first.body.data.invoices.edges.flatMap((e: any) => e.node.lines);
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.some((l: any) => l.product === null) && lines.some((l: any) => l.product !== null)).toBe(true);
  });
});

describe('the reading client of a request (RequestContext.prisma)', () => {
  it("answers findMany through the compiled reader and everything else as Prisma's client does", async () => {
    const reading = readingClient(t.db);
    expect(readingClient(t.db)).toBe(reading); // one per client, not one per request
    const { organizationId } = tenants[0];
    const args = {
      where: { organizationId },
      include: { lines: { orderBy: [{ invoiceId: 'asc' as const }, { lineNo: 'asc' as const }] } },
      orderBy: { id: 'asc' as const },
    };
    t.queries.length = 0;
    const rows = await reading.invoice.findMany(args);
    // The compiled statements (qualified by their own aliases), not Prisma's: the lever is in use.
    expect(t.queries.some((q) => q.startsWith('SELECT t0."id"') && q.includes('FROM "Invoice" t0'))).toBe(true);
    expect(rows).toEqual(await t.db.prisma.invoice.findMany(args));
    expect(rows.length).toBe(9);
    // The rest is the client's own, called on the client.
    expect(await reading.invoice.count({ where: { organizationId } })).toBe(9);
    expect((await reading.invoice.findUniqueOrThrow({ where: { id: rows[0].id } })).id).toBe(rows[0].id);
    expect(await reading.$queryRawUnsafe<{ n: bigint | number }[]>('SELECT 1 AS n')).toEqual([{ n: usingPostgres ? 1 : 1n }]);
    expect(await reading.customer.findMany({ where: { organizationId, name: { contains: 'Customer 0.' } } })).toHaveLength(4);
  });

  it(
    "answers a relation into a model keyed by something other than its id as Prisma does (a delivery's event: Event.id is unique, its " +
      '@id is seq)',
    async () => {
      const { organizationId } = tenants[1];
      // Rows written directly (disabled, the deliveries already failed): nothing is sent anywhere.
      const subscription = await t.db.prisma.webhookSubscription.create({
        data: {
          id: 'wh_01m87c0000000000000000test',
          organizationId,
          url: 'http://127.0.0.1:9/compiled',
          eventTypes: 'customer.created',
          secret: 'whsec_test',
          status: 'DISABLED',
        },
      });
      const events = await t.db.prisma.event.findMany({ where: { organizationId }, orderBy: { seq: 'desc' }, take: 2 });
      for (const [i, event] of events.entries()) {
        await t.db.prisma.webhookDelivery.create({
          data: {
            id: `whd_01m87c00000000000000test${i}`,
            organizationId,
            subscriptionId: subscription.id,
            eventId: event.id,
            eventSeq: event.seq,
            status: 'FAILED',
          },
        });
      }
      const args = {
        where: { organizationId, subscriptionId: subscription.id },
        include: { event: true },
        orderBy: { id: 'asc' as const },
      };
      const rows = await readingClient(t.db).webhookDelivery.findMany(args);
      expect(rows.map((row) => row.event.id)).toEqual(events.map((e) => e.id));
      expect(rows).toEqual(await t.db.prisma.webhookDelivery.findMany(args));
    },
  );
});

describe.skipIf(usingPostgres)('SQLITE_FAST_PATHS=false', () => {
  it('serves reads and writes through Prisma alone: no compiled read, no statement run on the connection', async () => {
    const fresh = freshDatabase();
    const server = await startServerProcess({
      DATABASE_URL: fresh.databaseUrl,
      DATA_DIR: fresh.dataDir,
      SQLITE_FAST_PATHS: 'false',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
    });
    try {
      const key = /ak_[0-9a-z]{12}_[0-9A-Za-z]{32}/.exec(server.stdout())![0];
      const customer = await http(server.url, '/api/v1/customers', { key, body: { name: 'Slow path' } });
      expect(customer.status).toBe(201);
      const invoice = await http(server.url, '/api/v1/invoices', {
        key,
        body: { customerId: customer.body.id, lines: [{ description: 'x', unitPrice: 12.5 }] },
      });
      expect(invoice.status).toBe(201);
      expect((await http(server.url, '/api/v1/invoices', { key })).body.data.map((i: any) => i.id)).toEqual([invoice.body.id]);
      const nested = await gql(server.url, key, '{ invoices(first: 5) { edges { node { number customer { name } lines { amount } } } } }');
      expect(nested.body.data.invoices.edges[0].node).toEqual({
        number: invoice.body.number,
        customer: { name: 'Slow path' },
        lines: [{ amount: '12.50' }],
      });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await fresh.drop();
    }
    // In process: without the fast paths the database offers no connection statements, so nothing compiles.
    const db = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), 'slow-')), 'x.db')}`, tmpdir(), { sqliteFastPaths: false });
    await db.prisma.$queryRawUnsafe('SELECT 1');
    expect(db.sqliteStatement?.('SELECT 1')).toBeUndefined();
    expect(compiledFindMany(db, 'Customer', { where: {}, orderBy: [{ id: 'asc' }] })).toBeUndefined();
    await db.close();
  }, 30_000);
});
