// With the database unreachable the service says so: 503 on /healthz and on API calls, never a 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { expectProblem, http } from '../helpers.ts';

let app: App;
let url: string;
beforeAll(async () => {
  // Port 1 on loopback: nothing listens there, so every connection is refused at once.
  const db = openDatabase('postgresql://postgres@127.0.0.1:1/none', '/tmp');
  app = createApp({ config: loadConfig({}), db, logger: createLogger('silent') });
  url = `http://127.0.0.1:${(await app.listen(0, '127.0.0.1')).port}`;
});
afterAll(() => app.close());

it('reports the database as unreachable on /healthz with 503', async () => {
  const r = await http(url, '/healthz');
  expect(r.status).toBe(503);
  expect(r.body).toEqual({ status: 'unavailable', database: 'unreachable' });
});

it('answers API calls with 503 SERVICE_UNAVAILABLE and Retry-After', async () => {
  const r = await http(url, '/api/v1/accounts', { key: 'ak_000000000000_00000000000000000000000000000000' });
  expectProblem(r, 503, 'SERVICE_UNAVAILABLE');
  expect(r.headers.get('retry-after')).toBe('5');
});

it('answers GraphQL requests with 503 and the code in extensions', async () => {
  const r = await http(url, '/graphql', {
    key: 'ak_000000000000_00000000000000000000000000000000',
    body: { query: '{ viewer { organization { name } } }' },
  });
  expect(r.status).toBe(503);
  expect(r.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
});
