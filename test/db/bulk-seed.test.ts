// The benchmarks' bulk seeder (bench/bulk-seed.ts) must write the books the write path writes: the same
// plan of invoices, payments and voids, once through the services (one unit of work each) and once in
// bulk, leaves the same rows in every table the write path touches, ids and clock times aside. A column
// the write path starts keeping and the seeder does not fails here, not in a benchmark's figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlannedInvoice, planInvoices, writeInvoices } from '../../bench/bulk-seed.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { customers } from '../../src/modules/contacts/contacts.service.ts';
import { createInvoice, recordPayment, voidInvoice } from '../../src/modules/invoices/invoices.service.ts';
import { createProduct } from '../../src/modules/products/products.service.ts';
import { serviceFixture } from '../helpers.ts';

let f: Awaited<ReturnType<typeof serviceFixture>>;
beforeAll(async () => {
  f = await serviceFixture();
});
afterAll(() => f.drop());

type Tenant = Awaited<ReturnType<typeof f.tenant>>;

/** The same customers and products in a new organization; their ids, in the order made. */
async function contacts(t: Tenant) {
  const customerIds: string[] = [];
  for (let i = 0; i < 5; i++)
    customerIds.push((await f.run(t, customers.create, { name: `Customer ${i}`, ...(i === 2 ? { paymentTermsDays: 7 } : {}) })).id);
  const productIds: string[] = [];
  for (let i = 0; i < 4; i++)
    productIds.push(
      (await f.run(t, createProduct, { name: `Product ${i}`, unitPrice: `${3 + i}.35`, ...(i % 2 ? { taxRate: '8.25' } : {}) })).id,
    );
  return { customerIds, productIds };
}

/** Every row of the organization in the tables an invoice write touches, ids replaced by what they name, clock times by a mark. */
async function books(t: Tenant) {
  const where = { where: { organizationId: t.organizationId } };
  const tables = {
    Organization: await t.prisma.organization.findMany({ where: { id: t.organizationId } }),
    Account: await t.prisma.account.findMany(where),
    Customer: await t.prisma.customer.findMany(where),
    Product: await t.prisma.product.findMany(where),
    Invoice: await t.prisma.invoice.findMany(where),
    InvoiceLine: await t.prisma.invoiceLine.findMany(where),
    JournalEntry: await t.prisma.journalEntry.findMany(where),
    JournalLine: await t.prisma.journalLine.findMany(where),
    Payment: await t.prisma.payment.findMany(where),
    AccountDailyTotal: await t.prisma.accountDailyTotal.findMany(where),
    AccountMonthlyTotal: await t.prisma.accountMonthlyTotal.findMany(where),
    AgingStep: await t.prisma.agingStep.findMany({ ...where, orderBy: [{ documentId: 'asc' }, { date: 'asc' }] }),
    AgingBalance: await t.prisma.agingBalance.findMany(where),
    AgingDay: await t.prisma.agingDay.findMany(where),
    // Events are not seeded (bench/bulk-seed.ts says why), so neither is their count.
    ListCount: await t.prisma.listCount.findMany({ where: { organizationId: t.organizationId, model: { not: 'Event' } } }),
  };
  const names = new Map<string, string>([[t.organizationId, 'organization']]);
  for (const a of tables.Account) names.set(a.id, `account ${a.code}`);
  for (const c of tables.Customer) names.set(c.id, `customer ${c.name}`);
  for (const p of tables.Product) names.set(p.id, `product ${p.name}`);
  for (const i of tables.Invoice) names.set(i.id, `invoice ${i.number}`);
  for (const e of tables.JournalEntry) names.set(e.id, `entry ${e.number}`);
  for (const p of tables.Payment) names.set(p.id, `payment of ${names.get(p.journalEntryId)}`);
  for (const l of tables.InvoiceLine) names.set(l.id, `${names.get(l.invoiceId)} line ${l.lineNo}`);
  for (const l of tables.JournalLine) names.set(l.id, `${names.get(l.entryId)} line ${l.lineNo}`);
  const canonical = (row: object) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        v instanceof Date
          ? 'a time'
          : k === 'publicToken' && v
            ? 'a secret'
            : typeof v === 'string' && names.has(v)
              ? names.get(v)
              : typeof v === 'bigint'
                ? `${v}n`
                : v,
      ]),
    );
  return Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => [
      table,
      rows
        .map(canonical)
        .map((r) => JSON.stringify(r))
        .sort(),
    ]),
  );
}

/** A plan carried out through the services, as clients would: each invoice, then its payments in order, or its void. */
async function throughTheServices(t: Tenant, plans: PlannedInvoice[]) {
  for (const plan of plans) {
    const invoice = await f.run(t, createInvoice, { customerId: plan.customerId, issueDate: plan.issueDate, lines: plan.lines });
    let paid = 0n;
    for (const payment of plan.payments) {
      const due = invoice.total - paid;
      const amount = payment.portion === 'rest' ? due : due / 2n;
      await f.run(t, recordPayment, { invoiceId: invoice.id, amount: formatMoney(amount, 2), date: payment.date });
      paid += amount;
    }
    if (plan.voidOn) await f.run(t, voidInvoice, invoice.id, { date: plan.voidOn });
  }
}

describe('the bulk seeder', () => {
  it('writes row for row what the write path writes for the same plan', async () => {
    const [viaServices, inBulk] = [await f.tenant('Written one by one'), await f.tenant('Written in bulk')];
    const [a, b] = [await contacts(viaServices), await contacts(inBulk)];
    const plan = (ids: typeof a): PlannedInvoice[] => [
      ...planInvoices(70, { ...ids, endDate: '2026-11-20', perDay: 0.5 }),
      // What the random plan may not draw: a void, and two payments recorded out of date order.
      {
        customerId: ids.customerIds[1],
        issueDate: '2026-03-02',
        lines: [{ productId: ids.productIds[1], quantity: '2' }],
        payments: [],
        voidOn: '2026-03-12',
      },
      {
        customerId: ids.customerIds[2],
        issueDate: '2026-04-02',
        lines: [{ description: 'Job', unitPrice: '99.99', quantity: '1.5' }],
        payments: [
          { portion: 'half', date: '2026-05-01' },
          { portion: 'rest', date: '2026-04-20' },
        ],
      },
    ];
    const planned = plan(a);
    expect(
      planned.some((p) => p.payments.length === 0) &&
        planned.some((p) => p.payments.length === 2) &&
        planned.some((p) => p.payments[0]?.portion === 'half' && p.payments.length === 1),
    ).toBe(true);
    await throughTheServices(viaServices, planned);
    await writeInvoices(f.db, inBulk.organizationId, plan(b), { batch: 25 }); // several transactions
    const [expected, actual] = [await books(viaServices), await books(inBulk)];
    for (const table of Object.keys(expected))
      expect(actual[table], table).toEqual(expected[table].map((row) => row.replace('Written one by one', 'Written in bulk')));
  });
});
