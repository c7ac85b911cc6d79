// OpenTelemetry traces, with an in-memory exporter: a server span per HTTP request (its route, status and
// request id, under the caller's trace when it sent traceparent), a span per GraphQL operation under it, and
// a span per database statement under those. Tracing is started before the app opens its database, as
// main.ts does when OTEL_EXPORTER_OTLP_ENDPOINT is set.
import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../../src/ops/tracing.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, freshDatabase, gql, http, startServerProcess, type TestApp } from '../helpers.ts';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let t: TestApp;
let key: string;

beforeAll(async () => {
  tracing = await startTracing({ serviceName: 'accounting-api-test', serviceVersion: 'test', exporter });
  t = await createTestApp();
  ({ key } = await t.tenant('Traced Co'));
});
afterAll(async () => {
  await t.close();
  await tracing.shutdown();
});

const spans = () => exporter.getFinishedSpans();
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const childrenOf = (span: ReadableSpan) =>
  spans().filter((s) => parentOf(s) === span.spanContext().spanId && s.spanContext().traceId === span.spanContext().traceId);

describe('traces', () => {
  it('give a REST request a server span with its route and request id, its GraphQL operation and its statements under it', async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await http(t.url, '/api/v1/accounts?limit=2', {
      key,
      headers: { 'x-request-id': 'traced-1', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.status).toBe(200);
    const serverSpan = () => spans().find((s) => s.attributes['request.id'] === 'traced-1' && s.attributes['http.route'] !== undefined);
    await expect.poll(serverSpan).toBeDefined();
    const server = serverSpan()!;
    expect(server.name).toBe('GET /api/v1/accounts');
    expect(server.spanContext().traceId).toBe(traceId); // continues the caller's trace
    expect(server.attributes).toMatchObject({
      'http.route': '/api/v1/accounts',
      'http.response.status_code': 200,
      'graphql.operation.name': 'listAccounts',
      'organization.id': expect.stringMatching(/^org_/),
    });
    const [operation] = childrenOf(server).filter((s) => s.name === 'query listAccounts');
    expect(
      operation,
      spans()
        .map((s) => s.name)
        .join(', '),
    ).toBeDefined();
    expect(operation.attributes['request.id']).toBe('traced-1');
    const statements = spans().filter((s) => s.spanContext().traceId === traceId && /^(sqlite|postgresql) /.test(s.name));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => parentOf(s) === operation.spanContext().spanId)).toBe(true);
    // Each with its text: the page's SELECT among them (on SQLite the key check may ask `PRAGMA data_version` first).
    expect(statements.map((s) => String(s.attributes['db.query.text']))).toContainEqual(expect.stringMatching(/^\s*SELECT .*"Account"/is));
  });

  it("give a GraphQL request its operation's name, and mark a failed one", async () => {
    exporter.reset();
    const answered = await gql(t.url, key, 'query TracedViewer { viewer { organization { name } } }');
    expect(answered.body.errors).toBeUndefined();
    await expect.poll(() => spans().some((s) => s.name === 'POST /graphql')).toBe(true);
    const server = spans().find((s) => s.name === 'POST /graphql')!;
    expect(childrenOf(server).map((s) => s.name)).toContain('query TracedViewer');

    exporter.reset();
    const broken = await gql(t.url, key, `query Broken { generalLedger(accountId: "acct_${'0'.repeat(26)}") { closingBalance } }`);
    expect(broken.body.errors[0].extensions.code).toBe('NOT_FOUND');
    await expect.poll(() => spans().some((s) => s.name === 'query Broken')).toBe(true);
    expect(spans().find((s) => s.name === 'query Broken')!.status.code).toBe(SpanStatusCode.ERROR);
  });
});

describe('the server as npm start runs it, with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('exports its spans over OTLP/HTTP to the collector it names, and flushes them when stopped', async () => {
    const bodies: { path: string; body: string }[] = [];
    const collector = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req
        .on('data', (chunk) => (body += chunk))
        .on('end', () => {
          bodies.push({ path: req.url ?? '', body });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const database = freshDatabase();
    try {
      const server = await startServerProcess({
        DATABASE_URL: database.databaseUrl,
        DATA_DIR: database.dataDir,
        SEED_DEMO: 'true',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_SERVICE_NAME: 'books-api',
      });
      const key = /^\s+(ak_\S+)$/m.exec(server.stdout())![1];
      expect((await http(server.url, '/api/v1/accounts?limit=1', { key, headers: { 'x-request-id': 'exported-1' } })).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const traces = bodies
        .filter((b) => b.path === '/v1/traces')
        .map((b) => b.body)
        .join('\n');
      expect(traces).toContain('exported-1');
      expect(traces).toContain('books-api');
      expect(traces).toContain('GET /api/v1/accounts');
      expect(traces).toMatch(/(sqlite|postgresql) SELECT/);
    } finally {
      collector.close();
      await database.drop();
    }
  }, 30_000);
});
