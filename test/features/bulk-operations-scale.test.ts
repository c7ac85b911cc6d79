// A migration's size through the bulk jobs, as a shop brings its history: 10,000 invoices imported from
// one file give a result file of 10,000 lines, each created once; the books balance and receivables are
// the invoices' total; an export of the invoices then lists exactly the records the import made.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, http, type TestApp } from '../helpers.ts';

const INVOICES = 10_000;
let t: TestApp;
let key: string;
const get = (path: string) => http(t.url, path, { key });
const drain = () => t.app.workers['bulk-operations']!.drain();
const linesOf = async (url: string) =>
  (await (await fetch(`${t.url}${new URL(url).pathname}`)).text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Migrating Co'));
});
afterAll(() => t.close());

it(`imports ${INVOICES.toLocaleString('en-US')} invoices from one file, each once, and the books balance`, async () => {
  const customers = await Promise.all(
    ['North', 'South', 'East'].map(async (name) => (await http(t.url, '/api/v1/customers', { key, body: { name } })).body.id as string),
  );
  const file = Array.from({ length: INVOICES }, (_, i) =>
    JSON.stringify({
      idempotencyKey: `legacy-${i}`,
      body: {
        customerId: customers[i % 3],
        issueDate: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        lines: [
          { description: `Goods ${i}`, unitPrice: (i % 997) + 0.99, quantity: 1 + (i % 4) },
          ...(i % 5 === 0 ? [{ description: 'Delivery', unitPrice: 7.5, quantity: 1 }] : []),
        ],
      },
    }),
  ).join('\n');
  const upload = await fetch(`${t.url}/api/v1/bulk-operations/imports?resource=invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/jsonl' },
    body: file,
  });
  expect(upload.status).toBe(202);
  const { id } = await upload.json();
  await drain();
  const done = (await get(`/api/v1/bulk-operations/${id}`)).body;
  // On failure, what the server logged as an error says why (an unexpected error's cause is only logged).
  const errors = () => t.logs.filter((line) => /"level":"(error|warn)"/.test(line)).join('\n');
  expect(done, errors()).toMatchObject({ status: 'completed', totalCount: INVOICES, objectCount: INVOICES, errorCount: 0 });
  const results = await linesOf(done.url);
  expect(results).toHaveLength(INVOICES);
  expect(results.map((r) => r.line)).toEqual(Array.from({ length: INVOICES }, (_, i) => i + 1));
  expect(results.every((r) => r.status === 201)).toBe(true);
  expect(new Set(results.map((r) => r.id)).size).toBe(INVOICES);

  const invoices = await t.db.prisma.invoice.findMany({ select: { id: true, total: true } });
  expect(invoices).toHaveLength(INVOICES);
  const trial = (await get('/api/v1/reports/trial-balance?asOf=2025-12-31')).body;
  expect(trial.totalDebit).toBe(trial.totalCredit);
  const receivable = trial.rows.find((row: { account: { code: string } }) => row.account.code === '1200');
  const owed = invoices.reduce((sum, invoice) => sum + Number(invoice.total), 0);
  expect(Math.round(receivable.debit * 100)).toBe(owed);

  // The export of the invoices lists exactly what the import made.
  const exported = await http(t.url, '/api/v1/bulk-operations/exports', { key, body: { query: '{ invoices { edges { node { id } } } }' } });
  expect(exported.status).toBe(202);
  await drain();
  const exportDone = (await get(`/api/v1/bulk-operations/${exported.body.id}`)).body;
  expect(exportDone).toMatchObject({ status: 'completed', objectCount: INVOICES });
  expect(new Set((await linesOf(exportDone.url)).map((r) => r.id))).toEqual(new Set(results.map((r) => r.id)));
}, 600_000);
