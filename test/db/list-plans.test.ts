// The cost of a page must not grow with the rows behind it: every order a list offers (its default
// and each orderBy field, both directions) is read from an index of the organization's rows in that
// order, never by sorting them all. Checked with the database's own plan, on SQLite and PostgreSQL.
import { type GraphQLObjectType, getNamedType, isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDERS } from '../../src/graphql/lists.ts';
import { agingStatement, periodSumsStatement } from '../../src/modules/reports/reports.service.ts';
import { restRoutes, schema } from '../../src/registry.ts';
import { createTestApp, http, type TestApp, usingPostgres } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000 } });
});
afterAll(() => t.close());

/** The statement a page of the list runs (the shape Prisma sends: the organization, the order, a window). */
function pageSql(model: string, column: string, unique: boolean, direction: 'ASC' | 'DESC', placeholder: string) {
  const order = unique || column === 'id' ? `"${column}" ${direction}` : `"${column}" ${direction}, "id" ${direction}`;
  return `SELECT "id" FROM "${model}" WHERE "organizationId" = ${placeholder} ORDER BY ${order} LIMIT 25 OFFSET 50`;
}

async function plan(sql: string, values: unknown[] = ['org_x']): Promise<string> {
  if (t.db.provider === 'sqlite') {
    const rows: { detail: string }[] = await t.db.prisma.$queryRawUnsafe(`EXPLAIN QUERY PLAN ${sql}`, ...values);
    return rows.map((r) => r.detail).join('\n');
  }
  // Tables this small would be scanned and sorted whatever the indexes; with scans priced out, the plan
  // shows whether an index can deliver the order (no Sort node) or not.
  return t.db.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    await tx.$executeRawUnsafe('SET LOCAL enable_bitmapscan = off');
    const rows: { 'QUERY PLAN': string }[] = await tx.$queryRawUnsafe(`EXPLAIN ${sql}`, ...values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('every list order', () => {
  it('is known: each list registers its orders', () => {
    // Every model the API lists in pages (a `<Model>Page` whose data are that model), found in the schema,
    // so a list a module adds is planned here without a line of this test.
    const listed = Object.values(schema.getTypeMap())
      .filter((type) => isObjectType(type) && type.name.endsWith('Page'))
      .map((type) => [type.name.slice(0, -'Page'.length), (type as GraphQLObjectType).getFields().data] as const)
      .filter(([model, data]) => data && getNamedType(data.type).name === model)
      .map(([model]) => model);
    expect(listed.length).toBeGreaterThan(25);
    expect(LIST_ORDERS.map((o) => o.model).sort()).toEqual(listed.sort());
  });

  it("reads a page from an index in that order, never sorting the organization's rows", async () => {
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

/** Whether a plan reads every row of a table (of the organization, or of all of them) instead of searching an index. */
const scansWhole = (text: string, table: string) =>
  t.db.provider === 'sqlite'
    ? new RegExp(`^SCAN ${table}\\b|SCAN ${table}$`, 'm').test(text)
    : new RegExp(`Seq Scan on "?${table}"?`).test(text);

describe('filtered counts and aged receivables', () => {
  it('count a filtered invoice list from an index of what it filters by', async () => {
    const placeholder = (n: number) => (t.db.provider === 'sqlite' ? '?' : `$${n}`);
    const counts = {
      status: [
        `SELECT COUNT(*) FROM "Invoice" WHERE "organizationId" = ${placeholder(1)} AND "status" = ${placeholder(2)}`,
        ['org_x', 'OPEN'],
      ],
      customer: [
        `SELECT COUNT(*) FROM "Invoice" WHERE "organizationId" = ${placeholder(1)} AND "customerId" = ${placeholder(2)}`,
        ['org_x', 'cus_x'],
      ],
      'issue dates': [
        `SELECT COUNT(*) FROM "Invoice" WHERE "organizationId" = ${placeholder(1)} AND "issueDate" >= ${placeholder(2)} AND ` +
          `"issueDate" <= ${placeholder(3)}`,
        ['org_x', '2026-01-01', '2026-01-31'],
      ],
    } as const;
    for (const [name, [sql, values]] of Object.entries(counts)) {
      const text = await plan(sql.replace('"status" = $2', '"status" = $2::"InvoiceStatus"'), [...values]);
      expect(scansWhole(text, 'Invoice'), `${name}:\n${text}`).toBe(false);
    }
  });

  it('read the open invoices of a status-filtered list in its default order from one index, never sorting', async () => {
    const sql =
      `SELECT "id" FROM "Invoice" WHERE "organizationId" = ${t.db.provider === 'sqlite' ? '?' : '$1'} AND "status" = ` +
      `'OPEN' ORDER BY "issueDate" ASC, "id" ASC LIMIT 25`;
    const text = await plan(sql);
    // On PostgreSQL the open invoices' partial index serves it as well (status = 'OPEN' implies its predicate).
    expect(text).toMatch(/Invoice_organizationId_status_issueDate_id_idx|Invoice_open_issueDate_id_idx/);
    expect(t.db.provider === 'sqlite' ? /USE TEMP B-TREE/.test(text) : /\bSort\b/.test(text), text).toBe(false);
  });

  it.each([
    ['receivables', 'Invoice', 'Payment'],
    ['payables', 'Bill', 'BillPayment'],
  ] as const)(
    'reads only the documents open at the date (%s): the open ones by status, those settled after it by settledOn',
    async (side, documents, payments) => {
      const statement = agingStatement('org_x', '2026-06-30', side, undefined, 'documents');
      const text = await plan(t.db.provider === 'sqlite' ? statement.sql : statement.text, statement.values);
      expect(scansWhole(text, 'i') || scansWhole(text, documents) || scansWhole(text, 'p') || scansWhole(text, payments), text).toBe(false);
      // Which index: SQLite's choice does not hang on statistics here (PostgreSQL's does, and its empty
      // test tables have none to go on: `npm run bench:scale` shows its plan's cost at a million invoices).
      if (t.db.provider === 'sqlite') {
        expect(text).toMatch(new RegExp(`${documents}_organizationId_status_issueDate_id_idx`));
        expect(text).toMatch(new RegExp(`${documents}_organizationId_settledOn_idx`));
        expect(text, 'never the issue-date index, which walks the whole history').not.toMatch(
          new RegExp(`${documents}_organizationId_issueDate_id_idx`),
        );
      }
    },
  );
});

describe('aged reports from the kept sums', () => {
  it.each(['receivables', 'payables'] as const)(
    "read each party's running balances at the buckets' edges by key, and the days after the date (%s), and no document",
    async (side) => {
      for (const currency of [undefined, 'EUR']) {
        const statement = agingStatement('org_x', '2026-06-30', side, currency);
        const text = await plan(t.db.provider === 'sqlite' ? statement.sql : statement.text, statement.values);
        expect(text).not.toMatch(/Invoice|Bill|Payment|Credit/);
        // SQLite's choice (PostgreSQL's hangs on statistics its empty test tables lack: `npm run bench:scale`).
        if (t.db.provider === 'sqlite') {
          expect(text).toMatch(/SEARCH p USING PRIMARY KEY \(organizationId=\? AND side=\?/);
          // At most a lookup of one row at each of the four edges (the total is the party's), never a walk of its due dates.
          const lookups = text.match(
            /SEARCH b USING PRIMARY KEY \(organizationId=\? AND side=\? AND partyId=\? AND currency=\? AND dueDate<\?\)/g,
          );
          expect(lookups, text).toHaveLength(4);
          expect(text).not.toMatch(/SCAN (b|p|AgingBalance|AgingParty)\b/);
          expect(text).toMatch(/SEARCH AgingDay USING PRIMARY KEY \(organizationId=\? AND side=\? AND date>\?\)/);
        }
      }
    },
  );
});

describe('balances from the kept totals', () => {
  it("read the months and days of each range from the totals' indexes, never every total of the organization", async () => {
    // The trial balance's ranges: the closed years (whole months), and this year up to a date mid-month (months and days).
    const statement = periodSumsStatement('org_x', [{ to: '2025-12-31' }, { from: '2026-01-01', to: '2026-06-15' }], undefined)!;
    const text = await plan(t.db.provider === 'sqlite' ? statement.sql : statement.text, statement.values);
    expect(scansWhole(text, 'AccountMonthlyTotal') || scansWhole(text, 'AccountDailyTotal'), text).toBe(false);
    const general = periodSumsStatement('org_x', [{ from: '2026-03-10', to: '2026-03-20' }], ['acct_x'])!;
    const ledger = await plan(t.db.provider === 'sqlite' ? general.sql : general.text, general.values);
    expect(scansWhole(ledger, 'AccountDailyTotal'), ledger).toBe(false);
  });
});

describe('the overdue filter', () => {
  it('reads its page from the open invoices alone, in the list order, never walking the paid history', async () => {
    const { key } = await t.tenant();
    t.queries.length = 0;
    const response = await fetch(`${t.url}/api/v1/invoices?overdue=true&limit=25`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const page = t.queries.find((q) => q.startsWith('SELECT') && q.includes('FROM "Invoice"') && q.includes('ORDER BY'));
    // The open statuses are written into the statement, so PostgreSQL can prove its partial index serves it.
    expect(page).toContain(`"status" IN ('OPEN','PARTIALLY_PAID')`);
    // PostgreSQL's choice: SQLite's hangs on statistics an empty table lacks (test/db/statistics.test.ts
    // checks it on thousands of invoices).
    if (t.db.provider === 'postgresql') {
      let n = 0;
      const text = await plan(
        page!.replace(/\?/g, () => `$${++n}`),
        ['org_x', '2026-11-25', 25, 0],
      );
      expect(text).toMatch(/Invoice_open_issueDate_id_idx/);
      expect(/\bSort\b/.test(text), text).toBe(false);
    }
  });
});

describe('a REST page over books written through the API', () => {
  // SQLite's planner chose an index on organizationId (every row of a one-company file) for a page's load
  // of its rows by id, once the books held thousands of documents written as integrators write them; the
  // page's cost then grew with the books. PostgreSQL's planner takes the key by itself.
  it.runIf(!usingPostgres)(
    "loads every list's rows by their primary key, whatever else the statement names",
    async () => {
      const { key } = await t.tenant('Written Co');
      const send = (path: string, body?: unknown) =>
        fetch(`${t.url}${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        });
      const customerId = ((await (await send('/api/v1/customers', { name: 'Buyer' })).json()) as { id: string }).id;
      const accounts = ((await (await send('/api/v1/accounts?limit=100')).json()) as { data: { id: string; code: string }[] }).data;
      const account = (code: string) => accounts.find((a) => a.code === code)!.id;
      for (let i = 0; i < 100; i++) {
        await send('/api/v1/invoices', { customerId, lines: [{ description: 'Work', unitPrice: 10 + i }] });
        if (i % 10 === 0)
          await send('/api/v1/journal-entries', {
            date: '2026-03-01',
            description: 'Rent',
            lines: [
              { accountId: account('6100'), debit: 5, credit: 0 },
              { accountId: account('1010'), debit: 0, credit: 5 },
            ],
          });
      }
      // No new statistics: a server's are those of its start (refreshed hourly), here an empty database's,
      // with which SQLite guessed that the organization's index narrows best.
      const byIds = /"id"` IN \(|"id" IN \(/;
      const searchedOtherwise: string[] = [];
      for (const route of restRoutes.filter((r) => r.method === 'GET' && r.operationId.startsWith('list') && !r.path.includes(':'))) {
        t.queries.length = 0;
        expect((await send(`${route.path}?limit=25`)).status, route.path).toBe(200);
        for (const sql of t.queries.filter((q) => q.startsWith('SELECT') && byIds.test(q))) {
          const values = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 'x');
          const text = await plan(sql, values);
          if (!/\((id=\?)\)|PRIMARY KEY|autoindex_\w+_1 \(id=\?\)/.test(text))
            searchedOtherwise.push(`${route.path}: ${sql.slice(0, 120)}\n${text}`);
        }
      }
      expect(searchedOtherwise, searchedOtherwise.join('\n\n')).toEqual([]);
    },
    120_000,
  );
});

describe("a statement line's suggestions", () => {
  // Matching asks whether each candidate movement was voided, by the source that posted it: without an
  // index on the source, that read walked every journal entry of the books for each line shown.
  it('find the voids of their candidates from an index on the source, never walking the journal', async () => {
    const { key } = await t.tenant();
    const send = (path: string, body?: unknown) => http(t.url, path, { key, ...(body === undefined ? {} : { body }) });
    const bank = await send('/api/v1/bank-accounts', { name: 'Operating', kind: 'bank', openingDate: '2026-01-01' });
    expect(bank.status).toBe(201);
    const customer = await send('/api/v1/customers', { name: 'Paying Ltd' });
    const invoice = await send('/api/v1/invoices', {
      customerId: customer.body.id,
      issueDate: '2026-03-01',
      lines: [{ description: 'Work', unitPrice: 120 }],
    });
    const payment = await send(`/api/v1/invoices/${invoice.body.id}/payments`, {
      amount: 120,
      date: '2026-03-02',
      depositAccountId: bank.body.accountId,
    });
    expect(payment.status).toBe(201);
    const imported = await send(`/api/v1/bank-accounts/${bank.body.id}/statements`, {
      format: 'csv',
      file: 'Date,Amount,Description\n2026-03-03,120.00,Card sales',
      csv: { dateColumn: 'Date', amountColumn: 'Amount', descriptionColumn: 'Description' },
    });
    expect(imported.status).toBe(201);
    const lines = await send(`/api/v1/bank-transactions?bankAccountId=${bank.body.id}`);
    t.queries.length = 0;
    const suggested = await send(`/api/v1/bank-transactions/${lines.body.data[0].id}/suggestions`);
    expect(suggested.status).toBe(200);
    expect(suggested.body.data.map((s: { id: string }) => s.id)).toContain(payment.body.id);
    const voids = t.queries.find((q) => /FROM [^ ]*JournalEntry[`"]( AS "t0")? WHERE/.test(q) && /[`"]sourceId[`"] IN \(/.test(q));
    expect(voids).toBeDefined();
    const values = Array.from({ length: (voids!.match(/\?|\$\d+/g) ?? []).length }, () => 'x');
    expect(await plan(voids!, values)).toMatch(/JournalEntry_sourceId_idx/);
  });
});
