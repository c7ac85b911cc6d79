// An unfiltered list's `total` is the count the database keeps (ListCount, maintained by triggers), not a
// count of every row on every request. The kept counts must equal the rows, whichever way rows are written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDERS } from '../../src/graphql/lists.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { restRoutes } from '../../src/registry.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp({ webhooks: { allowPrivateTargets: true, retryScheduleMs: [], timeoutMs: 500 } });
  ({ key, organizationId } = await t.tenant('Counted Co'));
});
afterAll(() => t.close());

const post = (path: string, body: unknown) => http(t.url, path, { key, method: 'POST', body });

async function expectCountsMatchRows() {
  for (const { model } of LIST_ORDERS) {
    const rows: { organizationId: string; n: number | bigint }[] = await t.db.prisma.$queryRawUnsafe(
      `SELECT "organizationId", COUNT(*) AS n FROM "${model}" GROUP BY "organizationId"`,
    );
    const kept = await t.db.prisma.listCount.findMany({ where: { model } });
    const keptByOrg = new Map(kept.map((k) => [k.organizationId, k.count]));
    for (const row of rows) expect(keptByOrg.get(row.organizationId), `${model} of ${row.organizationId}`).toBe(Number(row.n));
  }
}

describe('kept list counts', () => {
  it(
    'are kept for every listed model, and monthly totals for the accounts: each has its triggers (a SQLite table redefined by a ' +
      'migration loses them)',
    async () => {
      const names: { name: string }[] =
        t.db.provider === 'sqlite'
          ? await t.db.prisma.$queryRawUnsafe(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)
          : await t.db.prisma.$queryRawUnsafe(
              `SELECT DISTINCT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = current_schema()`,
            );
      const have = new Set(names.map((n) => n.name));
      const expected = [
        ...LIST_ORDERS.flatMap(({ model }) =>
          t.db.provider === 'sqlite' ? [`${model}_count_insert`, `${model}_count_delete`] : [`${model}_count`],
        ),
        // The accounts' monthly totals are kept the same way, from the daily totals.
        ...(t.db.provider === 'sqlite'
          ? ['AccountDailyTotal_month_insert', 'AccountDailyTotal_month_update', 'AccountDailyTotal_month_delete']
          : ['AccountDailyTotal_month']),
      ];
      expect(expected.filter((name) => !have.has(name))).toEqual([]);
    },
  );

  it("equal the rows after writes through the API, the operator's tools and the relay", async () => {
    const customer = (await post('/api/v1/customers', { name: 'Counted Ltd' })).body;
    await post('/api/v1/vendors', { name: 'Supplier' });
    await post('/api/v1/products', { name: 'Thing', unitPrice: 3 });
    await post('/api/v1/employees', { firstName: 'Ada', lastName: 'Byron' });
    await post('/api/v1/accounts', { code: '6999', name: 'Sundry', type: 'expense' });
    for (let i = 0; i < 3; i++)
      await post('/api/v1/invoices', { customerId: customer.id, lines: [{ description: 'Work', unitPrice: 10 + i }] });
    await post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/counted', eventTypes: ['*'] });
    await post('/api/v1/api-keys', { name: 'Second', scopes: ['reports:read'] });
    await post('/api/v1/customers', { name: 'Another' });
    // Outside the API: an operator's organization (its standard chart) and key.
    const other = await createOrganization(t.db.prisma, { name: 'Operator Co' });
    await createApiKey(t.db.prisma, other.id, 'operator key');
    await expectCountsMatchRows();
  });

  it("give an unfiltered list its total without counting the organization's rows; a filtered list counts", async () => {
    const unfiltered = await http(t.url, '/api/v1/invoices?limit=2', { key });
    expect(unfiltered.body.total).toBe(await t.db.prisma.invoice.count({ where: { organizationId } }));
    t.queries.length = 0;
    await http(t.url, '/api/v1/invoices?limit=2', { key });
    expect(t.queries.filter((q) => /COUNT\(/i.test(q) && q.includes('Invoice'))).toEqual([]);

    t.queries.length = 0;
    const filtered = await http(t.url, '/api/v1/invoices?limit=2&status=open', { key });
    expect(filtered.body.total).toBe(await t.db.prisma.invoice.count({ where: { organizationId, status: 'OPEN' } }));
    expect(t.queries.some((q) => /COUNT\(/i.test(q) && q.includes('Invoice'))).toBe(true);

    const connection = await gql(t.url, key, '{ customers(first: 1) { totalCount } accounts(first: 1) { totalCount } }');
    expect(connection.body.data.customers.totalCount).toBe(await t.db.prisma.customer.count({ where: { organizationId } }));
    expect(connection.body.data.accounts.totalCount).toBe(await t.db.prisma.account.count({ where: { organizationId } }));
  });

  it('give every unfiltered REST list of a key with every scope its total without counting rows', async () => {
    const counted: string[] = [];
    for (const route of restRoutes.filter((r) => r.method === 'GET' && r.operationId.startsWith('list') && !r.path.includes(':'))) {
      t.queries.length = 0;
      expect((await http(t.url, `${route.path}?limit=2`, { key })).status, route.path).toBe(200);
      for (const q of t.queries.filter((q) => /COUNT\(/i.test(q))) counted.push(`${route.path}: ${q.slice(0, 160)}`);
    }
    expect(counted, counted.join('\n')).toEqual([]);
  });
});
