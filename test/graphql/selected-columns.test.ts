// The reports over the chart read only the account columns their query shows (src/graphql/selected-columns.ts):
// each account field alone answers what it answers when every column is read, and a selection that may
// need more (a relation, a directive, a fragment on another type) still reads every column.
import { getNamedType, type GraphQLObjectType, isLeafType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/registry.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000 } });
  ({ key } = await t.tenant('Columns Co'));
  const accounts: Record<string, string> = {};
  for (const a of (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data) accounts[a.code] = a.id;
  // Last year's sales (closed into retained earnings) and this year's: rows in every section.
  for (const [date, amount] of [
    ['2025-03-01', 300],
    ['2026-04-01', 120],
  ] as const) {
    const entry = {
      date,
      description: 'Sale',
      lines: [
        { accountId: accounts['1000'], debit: amount, credit: 0 },
        { accountId: accounts['4000'], debit: 0, credit: amount },
      ],
    };
    expect((await http(t.url, '/api/v1/journal-entries', { key, body: entry })).status).toBe(201);
  }
});
afterAll(() => t.close());

/** The answer to `query`, and the columns its statements read from "Account". */
async function run(query: string) {
  const from = t.queries.length;
  const response = await gql(t.url, key, query);
  expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
  // The chart's read (a parent account is read by its id).
  const reads = t.queries.slice(from).filter((q) => /FROM "Account"/.test(q) && /ORDER BY [^;]*"code"/.test(q));
  expect(reads, 'one read of the chart').toHaveLength(1);
  return { data: response.body.data, reads: reads[0]! };
}

const readsEveryColumn = (statement: string) => /"createdAt"/.test(statement) && /"parentId"/.test(statement);

const accountType = schema.getType('Account') as GraphQLObjectType;
/** The account's leaf fields that read columns of its row (not its balance, which sums its lines). */
const plainFields = Object.values(accountType.getFields())
  .filter((field) => isLeafType(getNamedType(field.type)) && field.args.length === 0 && field.name !== 'balance')
  .map((field) => field.name);

const reports = {
  trialBalance: (account: string) => `{ trialBalance(asOf: "2026-12-31") { rows { debit account { ${account} } } } }`,
  balanceSheet: (account: string) =>
    `{ balanceSheet(asOf: "2026-12-31") { assets { rows { account { ${account} } } } liabilities { rows { account { ${account} } } } ` +
    `equity { rows { account { ${account} } } } } }`,
  profitAndLoss: (account: string) =>
    `{ profitAndLoss(from: "2026-01-01", to: "2026-12-31") { income { rows { account { ${account} } } } expenses { rows { account { ${account} } } } } }`,
};

describe('reports read the account columns their query shows', () => {
  it('every plain account field alone answers as with every column read', async () => {
    expect(plainFields).toEqual(expect.arrayContaining(['id', 'code', 'name', 'currency', 'createdAt', 'systemRole']));
    for (const [report, query] of Object.entries(reports)) {
      for (const field of plainFields) {
        const narrow = await run(query(field));
        // A relation beside it reads every column.
        const whole = await run(query(`${field} parent { id }`));
        expect(readsEveryColumn(narrow.reads), `${report} { ${field} }: ${narrow.reads}`).toBe(false);
        expect(readsEveryColumn(whole.reads), `${report} { ${field} parent }`).toBe(true);
        const stripped = JSON.parse(JSON.stringify(whole.data, (k, v) => (k === 'parent' ? undefined : v)));
        expect(narrow.data, `${report} { ${field} }`).toEqual(stripped);
      }
    }
    // The trial balance shows rows at all (the comparison is not of empty lists).
    expect((await run(reports.trialBalance('code'))).data.trialBalance.rows.length).toBeGreaterThan(1);
  });

  it("shows each account as the accounts list shows it (the report's rows are read by its own statement)", async () => {
    const fields = plainFields.join(' ');
    const list = await gql(t.url, key, `{ accounts(first: 100) { edges { node { ${fields} } } } }`);
    const byId = new Map(list.body.data.accounts.edges.map((e: { node: { id: string } }) => [e.node.id, e.node]));
    for (const [report, query] of Object.entries(reports)) {
      const { data } = await run(query(fields));
      const accounts = JSON.stringify(data).match(/"account":\{[^{}]*\}/g) ?? [];
      expect(accounts.length, report).toBeGreaterThan(0);
      for (const text of accounts) {
        const account = JSON.parse(text.slice('"account":'.length));
        expect(account, report).toEqual(byId.get(account.id));
      }
    }
  });

  it('reads the chart and its sums in one statement', async () => {
    for (const query of Object.values(reports)) {
      const from = t.queries.length;
      await run(query('code name'));
      const statements = t.queries.slice(from).filter((q) => /"Account"|Account(Monthly|Daily)Total/.test(q));
      expect(statements, query('code name')).toHaveLength(1);
      expect(statements[0]).toMatch(/FROM "Account" a LEFT JOIN/);
    }
  });

  it('narrows through fragments and aliases on the account type', async () => {
    const { data, reads } = await run(
      '{ trialBalance(asOf: "2026-12-31") { rows { account { ...A number: code ... on Account { name } } } } } fragment A on Account { id }',
    );
    expect(readsEveryColumn(reads)).toBe(false);
    expect(reads).not.toMatch(/"createdAt"/);
    expect(data.trialBalance.rows[0].account).toEqual({ id: expect.stringMatching(/^acct_/), number: '1000', name: expect.any(String) });
  });

  it('reads what every occurrence of the report asks, whichever the variables include', async () => {
    const query =
      'query($more: Boolean!) { trialBalance(asOf: "2026-12-31") { rows { account { code } } } ' +
      '... @include(if: $more) { trialBalance(asOf: "2026-12-31") { rows { account { createdAt } } } } }';
    for (const more of [false, true, false, true]) {
      const response = await http(t.url, '/graphql', { key, body: { query, variables: { more } } });
      expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
      const account = response.body.data.trialBalance.rows[0].account;
      expect(Object.keys(account).sort()).toEqual(more ? ['code', 'createdAt'] : ['code']);
      if (more) expect(account.createdAt).toMatch(/^\d{4}-/);
    }
  });

  it('reads every column for a selection it does not follow', async () => {
    for (const account of [
      'code @include(if: true)', // a directive: its condition may change per request
      'code balance', // a computed field
      'code ... on Node { id }', // a fragment on an interface
    ]) {
      const { reads } = await run(reports.trialBalance(account));
      expect(readsEveryColumn(reads), account).toBe(true);
    }
    // One section asking for more makes the whole report read every column.
    const { reads } = await run(
      '{ balanceSheet(asOf: "2026-12-31") { assets { rows { account { code } } } equity { rows { account { parent { id } } } } } }',
    );
    expect(readsEveryColumn(reads)).toBe(true);
  });
});
