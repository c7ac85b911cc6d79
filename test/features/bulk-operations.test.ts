// Bulk operations as an integrator uses them: an export's file has one line per record and matches the
// list; an import of a file of invoices gives one result line per line (the bad one with its error), the
// books balance, and importing the same file again creates nothing; bad queries and files are refused
// with a code, storing nothing; a job is canceled, stopped by a revoked key, and its link is signed and
// expires.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKeyByPrefix } from '../../src/modules/api-keys/api-keys.service.ts';
import { resultLink } from '../../src/modules/bulk-operations/bulk-operations.files.ts';
import { IMPORTABLE, importRoute } from '../../src/modules/bulk-operations/bulk-operations.service.ts';
import { exportPageSize, exportQuery } from '../../src/modules/bulk-operations/bulk-operations.query.ts';
import { EXPORT_PAGE, LARGEST_EXPORT_PAGE } from '../../src/modules/bulk-operations/bulk-operations.runner.ts';
import { schema } from '../../src/registry.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let customerId: string;
let revenueId: string;
const post = (path: string, body: unknown, k = key) => http(t.url, path, { key: k, body });
const get = (path: string, k = key) => http(t.url, path, { key: k });
const upload = (resource: string, text: string | Buffer, k = key, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/api/v1/bulk-operations/imports?resource=${resource}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${k}`, 'content-type': 'application/jsonl', ...headers },
    body: typeof text === 'string' ? text : new Uint8Array(text),
  });
/** Runs the bulk runner until nothing is left, as an instance's timer would. */
const drain = () => t.app.workers['bulk-operations']!.drain();
/** The result file by its signed link, with no key. */
const download = async (url: string) => {
  const response = await fetch(`${t.url}${new URL(url).pathname}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};
const linesOf = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** Commits still to fail as a busy database fails them (a conflict the unit of work retries, then answers 409). */
let busyCommits = 0;
/** How far the app's clock is ahead of the wall clock. */
let clockShift = 0;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      clock: () => new Date(Date.now() + clockShift),
      beforeCommit: () => {
        if (busyCommits === 0) return;
        busyCommits--;
        throw Object.assign(new Error('injected: database busy'), { code: 'P2034' });
      },
    },
  );
  ({ key, organizationId } = await t.tenant('Bulk Co'));
  customerId = (await post('/api/v1/customers', { name: 'Shop customer' })).body.id;
  revenueId = (await get('/api/v1/accounts?type=income&limit=1')).body.data[0].id;
  const operations = Array.from({ length: 100 }, (_, i) => ({
    method: 'POST',
    path: '/api/v1/customers',
    body: { name: `Customer ${i}` },
  }));
  for (let i = 0; i < 2; i++) expect((await post('/api/v1/batch', { operations })).status).toBe(200);
});
afterAll(() => t.close());

describe('an export', () => {
  it('writes one line per record of the list, matching what the list answers', async () => {
    const queued = await post('/api/v1/bulk-operations/exports', { query: '{ customers { edges { node { id name } } } }' });
    expect(queued.status).toBe(202);
    expect(queued.headers.get('location')).toBe(`/api/v1/bulk-operations/${queued.body.id}`);
    expect(queued.body).toMatchObject({ type: 'export', status: 'created', objectCount: 0, url: null });
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${queued.body.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', objectCount: 201, errorCode: null });
    expect(Date.parse(done.urlExpiresAt) - Date.parse(done.completedAt)).toBe(7 * 86_400_000);
    const file = await download(done.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/jsonl; charset=utf-8');
    expect(done.fileSize).toBe(Buffer.byteLength(file.text));
    const listed: { id: string; name: string }[] = [];
    for (let page = 1; page <= 3; page++) listed.push(...(await get(`/api/v1/customers?limit=100&page=${page}`)).body.data);
    expect(
      linesOf(file.text)
        .map((c) => [c.id, c.name])
        .sort(),
    ).toEqual(listed.map((c) => [c.id, c.name]).sort());
    expect(new Set(linesOf(file.text).map((c) => c.id)).size).toBe(201);
  });

  it('keeps nested fields inside each line, and takes filters', async () => {
    const invoice = await post('/api/v1/invoices', { customerId, lines: [{ description: 'Tea', unitPrice: 10, accountId: revenueId }] });
    expect(invoice.status).toBe(201);
    const query = `{ invoices(filter: { customerId: "${customerId}" }) { edges { node { id customer { name } lines { description } } } } }`;
    const queued = await post('/api/v1/bulk-operations/exports', { query });
    expect(queued.status).toBe(202);
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${queued.body.id}`)).body;
    expect(linesOf((await download(done.url)).text)).toEqual([
      { id: invoice.body.id, customer: { name: 'Shop customer' }, lines: [{ description: 'Tea' }] },
    ]);
  });

  it('reads as many records a step as the query cost allows: every record once, whatever the page size', async () => {
    const size = (text: string) => exportPageSize(schema, exportQuery(schema, text), EXPORT_PAGE, LARGEST_EXPORT_PAGE);
    expect(size('{ customers { edges { node { id name } } } }')).toBe(LARGEST_EXPORT_PAGE);
    const withLines = size('{ invoices { edges { node { id customer { name } lines { description } } } } }');
    expect(withLines).toBeGreaterThan(EXPORT_PAGE);
    expect(withLines).toBeLessThan(LARGEST_EXPORT_PAGE);
    expect(size('{ customers { edges { node { id invoices(first: 100) { edges { node { id lines { amount } } } } } } } }')).toBe(
      EXPORT_PAGE,
    );
    // 201 customers in one page of up to 1,000, and an order by name: each once, in the list's order.
    const queued = await post('/api/v1/bulk-operations/exports', {
      query: '{ customers(orderBy: { field: NAME, direction: DESC }) { edges { node { id name } } } }',
    });
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${queued.body.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', objectCount: 201 });
    const names = linesOf((await download(done.url)).text).map((c) => c.name);
    expect(names).toHaveLength(201);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('refuses a query that is not one list of the schema, naming the query', async () => {
    for (const [query, says] of [
      ['{ customers { edges { node { nope } } } }', /nope/],
      ['mutation { cancelBulkOperation(id: "x") { id } }', /must be a query/],
      ['{ customers { edges { node { id } } } vendors { edges { node { id } } } }', /exactly one list/],
      ['{ customers(first: 5) { edges { node { id } } } }', /leave out first/],
      ['{ viewer { organization { name } } }', /not a list that pages/],
      ['{ customers { totalCount } }', /edges \{ node/],
      ['{ customers { edges', /does not parse/],
    ] as const) {
      const refused = await post('/api/v1/bulk-operations/exports', { query });
      expect(refused.status, query).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.errors[0].path).toBe('query');
      expect(refused.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(says);
    }
  });

  it('needs read access to what the query lists, checked when it is queued', async () => {
    const narrow = (
      await createApiKey(t.db.prisma, organizationId, 'bulk only', { scopes: ['bulk_operations:read', 'bulk_operations:write'] })
    ).plaintext;
    const refused = await post('/api/v1/bulk-operations/exports', { query: '{ customers { edges { node { id } } } }' }, narrow);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('INSUFFICIENT_SCOPE');
    expect(refused.body.detail).toMatch(/customers:read/);
  });

  it('fails, saying why, when the key that started it is revoked before it runs', async () => {
    const { record, plaintext } = await createApiKey(t.db.prisma, organizationId, 'soon revoked');
    const queued = await post('/api/v1/bulk-operations/exports', { query: '{ customers { edges { node { id } } } }' }, plaintext);
    await revokeApiKeyByPrefix(t.db.prisma, record.prefix);
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${queued.body.id}`)).body;
    expect(done).toMatchObject({ status: 'failed', errorCode: 'UNAUTHENTICATED', url: null, objectCount: 0 });
    expect(done.errorMessage).toMatch(/revoked/);
  });
});

describe('an import', () => {
  const invoiceLine = (i: number) => ({
    idempotencyKey: `order-${i}`,
    body: {
      customerId,
      issueDate: '2026-11-02',
      lines: [{ description: `Order ${i}`, unitPrice: 12.5, quantity: 2, accountId: revenueId }],
    },
  });
  // Built once the customer exists (the describe block runs before beforeAll).
  const fileOf = () =>
    Array.from({ length: 30 }, (_, i) =>
      JSON.stringify(i === 6 ? { idempotencyKey: 'order-bad', body: { customerId, lines: [] } } : invoiceLine(i)),
    ).join('\n');

  it('creates each line, lists each outcome by line, and leaves the books balanced', async () => {
    const before = (await get('/api/v1/invoices?limit=1')).body.total;
    const queued = await upload('invoices', `${fileOf()}\n`);
    expect(queued.status).toBe(202);
    const operation = await queued.json();
    expect(operation).toMatchObject({ type: 'import', status: 'created', resource: 'invoices', totalCount: 30 });
    expect(operation.inputFileId).toMatch(/^bfl_/);
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${operation.id}`)).body;
    const results = linesOf((await download(done.url)).text);
    expect(done).toMatchObject({ status: 'completed', objectCount: 30, errorCount: 1 });
    expect(results.map((r) => r.line)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(results[6]).toMatchObject({ line: 7, idempotencyKey: 'order-bad', status: 400, error: { code: 'VALIDATION_FAILED' } });
    expect(results[6].error.errors.map((e: { path: string }) => e.path)).toContain('lines');
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(29);
    expect((await get('/api/v1/invoices?limit=1')).body.total).toBe(before + 29);
    const one = (await get(`/api/v1/invoices/${created[0].id}`)).body;
    expect(one).toMatchObject({ customerId, total: 25 });
    const trial = (await get('/api/v1/reports/trial-balance')).body;
    expect(trial.totalDebit).toBe(trial.totalCredit);
  });

  it('the same file again replays every line: nothing new is created', async () => {
    const before = (await get('/api/v1/invoices?limit=1')).body.total;
    const queued = await (await upload('invoices', fileOf())).json();
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${queued.id}`)).body;
    const results = linesOf((await download(done.url)).text);
    expect(results.filter((r) => r.status === 201).every((r) => r.replayed === true)).toBe(true);
    expect((await get('/api/v1/invoices?limit=1')).body.total).toBe(before);
  });

  it('numbers every line of a file of many steps, each once, in order', async () => {
    const lines = Array.from({ length: 250 }, (_, i) => JSON.stringify({ body: { name: `Many ${i}` } }));
    const queued = await (await upload('customers', lines.join('\r\n'))).json();
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${queued.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', totalCount: 250, objectCount: 250, errorCount: 0 });
    const results = linesOf((await download(done.url)).text);
    expect(results.map((r) => r.line)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    const names = await t.db.prisma.customer.findMany({
      where: { id: { in: results.map((r) => r.id) } },
      select: { id: true, name: true },
    });
    const byId = new Map(names.map((c) => [c.id, c.name]));
    expect(results.map((r) => byId.get(r.id))).toEqual(Array.from({ length: 250 }, (_, i) => `Many ${i}`));
  });

  it('waits out a busy database and carries on, never recording a line as failed for it', async () => {
    const lines = Array.from({ length: 5 }, (_, i) => JSON.stringify({ idempotencyKey: `busy-${i}`, body: { name: `Busy ${i}` } }));
    const queued = await (await upload('customers', lines.join('\n'))).json();
    busyCommits = 6; // every attempt of the first line's write
    await drain();
    expect(busyCommits).toBe(0);
    const waiting = (await get(`/api/v1/bulk-operations/${queued.id}`)).body;
    expect(waiting).toMatchObject({ status: 'running', objectCount: 0, errorCount: 0 });
    expect(await t.db.prisma.customer.count({ where: { name: { startsWith: 'Busy ' } } })).toBe(0);
    clockShift += 10_000; // past the pause
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${queued.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', objectCount: 5, errorCount: 0 });
    expect(linesOf((await download(done.url)).text).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
  });

  it('an upload retried with its idempotency key answers the same operation', async () => {
    const text = JSON.stringify({ body: { name: 'Retried upload' } });
    const first = await (await upload('customers', text, key, { 'idempotency-key': 'upload-1' })).json();
    const again = await upload('customers', text, key, { 'idempotency-key': 'upload-1' });
    expect(again.status).toBe(202);
    expect((await again.json()).id).toBe(first.id);
    await drain();
  });

  it('refuses a file whose lines are not import lines, naming every one and storing nothing', async () => {
    const bad = ['{"body": {"name": "fine"}}', 'not json', '[1]', '{"name": "no body"}', '', '{"body": {}, "extra": 1}'].join('\n');
    const notUtf8 = Buffer.concat([Buffer.from(`${bad}\n{"body": {"name": "`), Buffer.from([0xc3, 0x28]), Buffer.from('"}}')]);
    const refused = await upload('customers', notUtf8);
    expect(refused.status).toBe(400);
    const problem = await refused.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['lines.2', 'lines.3', 'lines.4', 'lines.5', 'lines.6', 'lines.7']);
    expect(problem.errors[5].message).toBe('line 7 is not UTF-8 text');
    expect(problem.errors[0].message).toMatch(/line 2 is not valid JSON/);
    const orphans = await t.db.prisma.bulkFileChunk.count({ where: { fileId: { startsWith: 'bfl_' } } });
    const files = await t.db.prisma.bulkFile.count();
    expect(orphans).toBe(await countChunksOfFiles());
    expect(files).toBeGreaterThan(0);
  });

  it('refuses an unknown resource, an empty file, and a key that may not create the resource, before reading it', async () => {
    const unknown = await upload('planets', '{"body": {}}');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors[0].path).toBe('resource');
    const empty = await upload('customers', '');
    expect(empty.status).toBe(400);
    const narrow = (await createApiKey(t.db.prisma, organizationId, 'no invoices', { scopes: ['bulk_operations:write', 'customers:read'] }))
      .plaintext;
    const refused = await upload('invoices', fileOf(), narrow);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toMatch(/invoices:write/);
    const viaJson = await post('/api/v1/bulk-operations/imports', { resource: 'invoices', fileId: 'bfl_00000000000000000000000000' });
    expect(viaJson.status).toBe(400);
    expect(viaJson.body.errors[0].path).toBe('fileId');
  });

  it('each importable resource needs the write scope its own create route needs', async () => {
    const openApi = (await get('/api/v1/openapi.json')).body;
    for (const [resource, scope] of Object.entries(IMPORTABLE)) {
      const create = openApi.paths[importRoute(resource).replace(':id', '{id}')]?.post;
      expect(create, resource).toBeDefined();
      expect(create.security[0].bearerAuth, resource).toContain(scope);
    }
  });
});

describe('a job', () => {
  it('is canceled at once while queued, and at its next checkpoint while running, keeping what it did', async () => {
    const queued = (await post('/api/v1/bulk-operations/exports', { query: '{ customers { edges { node { id } } } }' })).body;
    const canceled = await post(`/api/v1/bulk-operations/${queued.id}/cancel`, {});
    expect(canceled.body).toMatchObject({ status: 'canceled', url: null });
    expect((await post(`/api/v1/bulk-operations/${queued.id}/cancel`, {})).body.code).toBe('INVALID_STATE');

    // A query whose cost keeps a step to fewer records than the 201 customers.
    const query = '{ customers { edges { node { id invoices(first: 22) { edges { node { id } } } } } } }';
    const step = exportPageSize(schema, exportQuery(schema, query), EXPORT_PAGE, LARGEST_EXPORT_PAGE);
    expect(step).toBeLessThan(201);
    const running = (await post('/api/v1/bulk-operations/exports', { query })).body;
    // One step, then the runner gives its lease back, as a closing instance does.
    const runner = t.app.workers['bulk-operations']!;
    const draining = runner.drain();
    await runner.stop();
    await draining;
    runner.start();
    const midway = (await get(`/api/v1/bulk-operations/${running.id}`)).body;
    expect(midway).toMatchObject({ status: 'running', objectCount: step });
    expect((await post(`/api/v1/bulk-operations/${running.id}/cancel`, {})).body.status).toBe('canceling');
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${running.id}`)).body;
    expect(done).toMatchObject({ status: 'canceled', objectCount: step });
    expect(linesOf((await download(done.url)).text)).toHaveLength(step);
    const events = await t.db.prisma.event.findMany({ where: { organizationId, type: 'bulk_operation.finished', resourceId: running.id } });
    expect(events).toHaveLength(1);
  });

  it('hands its file only to a link this server signed, and not after it expires', async () => {
    const queued = (await post('/api/v1/bulk-operations/exports', { query: '{ customers { edges { node { id } } } }' })).body;
    await drain();
    const done = (await get(`/api/v1/bulk-operations/${queued.id}`)).body;
    const path = new URL(done.url).pathname;
    expect((await download(done.url)).status).toBe(200);
    const tampered = path.replace(/\/([A-Za-z0-9_-]{43})\//, (_m, s: string) => `/${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}/`);
    expect((await fetch(`${t.url}${tampered}`)).status).toBe(404);
    const row = await t.db.prisma.bulkOperation.findUniqueOrThrow({ where: { id: queued.id } });
    const lapsed = resultLink(t.url, row, new Date(Date.now() - 1000));
    expect((await fetch(lapsed)).status).toBe(410);
    expect((await fetch(`${t.url}/bulk/${queued.id}/1/${randomBytes(32).toString('base64url')}/result.jsonl`)).status).toBe(404);
  });

  it('is walled to its organization', async () => {
    const other = await t.tenant('Other Bulk Co');
    const mine = (await get('/api/v1/bulk-operations?limit=1')).body.data[0];
    expect((await get(`/api/v1/bulk-operations/${mine.id}`, other.key)).status).toBe(404);
    expect((await post(`/api/v1/bulk-operations/${mine.id}/cancel`, {}, other.key)).status).toBe(404);
    const theirs = await post('/api/v1/bulk-operations/imports', { resource: 'customers', fileId: mine.inputFileId ?? 'bfl_x' }, other.key);
    expect(theirs.status).toBe(400);
  });
});

describe('files', () => {
  it('are deleted once their links expire, and uploads no job reads with them; the operations stay', async () => {
    const finished = await t.db.prisma.bulkOperation.findMany({ where: { organizationId, resultChunks: { gt: 0 } } });
    expect(finished.length).toBeGreaterThan(3);
    clockShift += 8 * 86_400_000;
    await drain();
    const ids = finished.map((o) => o.id);
    expect(await t.db.prisma.bulkFileChunk.count({ where: { fileId: { in: ids } } })).toBe(0);
    expect(await t.db.prisma.bulkFile.count()).toBe(0);
    expect(await t.db.prisma.bulkFileChunk.count()).toBe(0);
    const kept = (await get(`/api/v1/bulk-operations/${ids[0]}`)).body;
    expect(kept.status).toBe('completed');
    expect(Date.parse(kept.urlExpiresAt)).toBeLessThan(Date.now() + clockShift);
  });
});

async function countChunksOfFiles() {
  const files = await t.db.prisma.bulkFile.findMany({ select: { id: true } });
  return t.db.prisma.bulkFileChunk.count({ where: { fileId: { in: files.map((f) => f.id) } } });
}
