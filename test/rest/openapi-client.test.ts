// The OpenAPI document as an integrator's tools take it: Redocly's linter finds nothing to warn about, and a
// client generated from it (openapi-typescript types + openapi-fetch) type-checks and talks to a started
// server: the document is proven usable, not only valid.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type Started, startServerProcess } from '../helpers.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const database = freshDatabase();
let server: Started;
let key: string;
let document: Record<string, unknown>;

beforeAll(async () => {
  server = await startServerProcess({ DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir, SEED_DEMO: 'true' });
  key = /^\s+(ak_\S+)$/m.exec(server.stdout())![1];
  document = JSON.parse(await fetchClosing(`${server.url}/api/v1/openapi.json`));
}, 30_000);

/**
 * A GET on a connection of its own, closed after the answer. The linting and type generation below block
 * this process's event loop for seconds; a connection left in fetch's pool would pass the server's
 * keep-alive timeout meanwhile, unnoticed, and be closed under the client's next request.
 */
const fetchClosing = (url: string) =>
  new Promise<string>((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`${response.statusCode} ${body}`))));
    }).on('error', reject);
  });
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await database.drop();
});

describe('the OpenAPI document, as tools read it', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  }, 30_000);

  it('names every request and response body as a component: resources, their pages, inputs', () => {
    const bodies = Object.values(document.paths as Record<string, Record<string, any>>).flatMap((methods) =>
      Object.values(methods).flatMap((operation) => [
        ...Object.values(operation.requestBody?.content ?? {}).map((c: any) => c.schema),
        ...Object.values(operation.responses ?? {}).flatMap((r: any) => Object.values(r.content ?? {}).map((c: any) => c.schema)),
      ]),
    );
    expect(bodies.length).toBeGreaterThan(100);
    for (const body of bodies) expect(body.$ref, JSON.stringify(body).slice(0, 200)).toMatch(/^#\/components\/schemas\/\w+$/);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    const names = Object.keys(schemas);
    for (const name of [
      'Invoice',
      'InvoicePage',
      'Customer',
      'CustomerPage',
      'Bill',
      'SalesReceipt',
      'CreditNote',
      'Event',
      'EventPage',
      'WebhookSubscription',
      'ApiKey',
      'CreateInvoiceRequest',
      'CreateJournalEntryInput',
      'JournalLineInput',
      'GetTrialBalanceResponse',
      'Problem',
    ]) {
      expect(names, name).toContain(name);
    }
    // A nested input is referenced, not repeated inside each input that holds it.
    expect(JSON.stringify(schemas.CreateJournalEntryInput)).toContain('#/components/schemas/JournalLineInput');
  });

  it('gives a generated client that type-checks and works against a started server', async () => {
    // Types from the served document, and a use of them the compiler must accept (and one it must refuse).
    const dir = join(ROOT, 'test-artifacts', 'openapi-client');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document as never)));
    writeFileSync(
      join(dir, 'use.ts'),
      `import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
export async function use() {
  const { data } = await client.GET('/api/v1/invoices', { params: { query: { status: 'open', limit: 5 } } });
  const total: number | undefined = data?.data[0]?.total;
  // Named types a client can use on their own: a resource, its page, an input.
  const first: components['schemas']['Invoice'] | undefined = data?.data[0];
  const page: components['schemas']['InvoicePage'] | undefined = data;
  const input: components['schemas']['CreateCustomerInput'] = { name: 'Named Ltd' };
  void [first, page, input];
  const created = await client.POST('/api/v1/customers', { body: { name: 'Typed Ltd' } });
  const id: string | undefined = created.data?.id;
  const report = await client.GET('/api/v1/reports/trial-balance', { params: { query: { asOf: '2026-12-31' } } });
  const debit: number | undefined = report.data?.rows[0]?.debit;
  // @ts-expect-error: "sideways" is not an invoice status the document allows.
  await client.GET('/api/v1/invoices', { params: { query: { status: 'sideways' } } });
  return { total, id, debit };
}
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          skipLibCheck: true,
          types: [],
        },
        files: ['use.ts'],
      }),
    );
    const checked = await run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(checked).toBe('');

    // The same calls at run time, against the server.
    type Paths = { [path: string]: any };
    const client = createClient<Paths>({ baseUrl: server.url, headers: { authorization: `Bearer ${key}` } });
    const created = await client.POST('/api/v1/customers', { body: { name: 'Typed Ltd' } });
    expect(created.response.status).toBe(201);
    expect(created.data.id).toMatch(/^cus_/);
    const invoice = await client.POST('/api/v1/invoices', {
      body: { customerId: created.data.id, lines: [{ description: 'Work', unitPrice: 12.5, quantity: 2 }] },
    });
    expect(invoice.data.total).toBe(25);
    const open = await client.GET('/api/v1/invoices', { params: { query: { status: 'open', limit: 5 } } });
    expect(open.data.data.map((i: { id: string }) => i.id)).toContain(invoice.data.id);
    const report = await client.GET('/api/v1/reports/trial-balance', { params: { query: { asOf: '2099-12-31' } } });
    expect(report.data.totalDebit).toBe(report.data.totalCredit);
    const refused = await client.GET('/api/v1/invoices', { params: { query: { status: 'sideways' } } });
    expect(refused.response.status).toBe(400);
    expect(refused.error.code).toBe('VALIDATION_FAILED');
  }, 60_000);
});
