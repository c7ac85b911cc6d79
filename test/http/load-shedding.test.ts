// A server whose event loop has fallen behind answers API requests at once with 503 and Retry-After
// (both surfaces, with the catalogue's code), rather than letting them queue until they time out; the
// health check and the docs still answer; once the loop has kept up for a second, requests are served.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ shedLoadLagMs: 100 });
  ({ key } = await t.tenant('Busy Co'));
});
afterAll(() => t.close());

/** Holds this process's event loop (the server's) for `ms`, as a burst of work would. */
function block(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Creates a customer once the server takes requests (a test machine starting up lags by itself). */
async function createWhenServed(name: string) {
  for (let tries = 0; ; tries++) {
    const response = await http(t.url, '/api/v1/customers', { key, body: { name } });
    if (response.status !== 503 || tries >= 30) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('after the loop lagged past SHED_LOAD_LAG_MS, answers 503 + Retry-After on REST and GraphQL, not on the health check', async () => {
  expect((await createWhenServed('Before')).status).toBe(201);
  block(400);
  const [rest, graphql, health, docs] = await Promise.all([
    http(t.url, '/api/v1/customers', { key, body: { name: 'During' } }),
    gql(t.url, key, '{ viewer { organization { name } } }'),
    http(t.url, '/healthz'),
    http(t.url, '/api/v1/openapi.json'),
  ]);
  expect(rest.status).toBe(503);
  expect(rest.headers.get('retry-after')).toBe('1');
  expect(rest.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: expect.stringContaining('too busy') });
  expect(graphql.status).toBe(503);
  expect(graphql.headers.get('retry-after')).toBe('1');
  expect(health.status).toBe(200);
  expect(docs.status).toBe(200);
  // Nothing refused was written.
  const names = (await t.db.prisma.customer.findMany({ select: { name: true } })).map((c) => c.name);
  expect(names).toContain('Before');
  expect(names).not.toContain('During');

  // Retry after the second it was told: served.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect((await createWhenServed('After')).status).toBe(201);
});

it('sheds the organization that causes the load, and serves a quiet one meanwhile', async () => {
  const { key: quietKey } = await t.tenant('Quiet Co');
  expect((await createWhenServed('Busy before')).status).toBe(201);
  // Busy Co has been making requests; Quiet Co has made none.
  for (let i = 0; i < 20; i++) expect((await http(t.url, '/api/v1/customers?limit=1', { key })).status).toBe(200);
  block(400);
  const [busy, quiet] = await Promise.all([
    http(t.url, '/api/v1/customers', { key, body: { name: 'Busy during' } }),
    http(t.url, '/api/v1/customers', { key: quietKey, body: { name: 'Quiet during' } }),
  ]);
  expect(busy.status).toBe(503);
  expect(busy.headers.get('retry-after')).toBe('1');
  expect(quiet.status).toBe(201);
});
