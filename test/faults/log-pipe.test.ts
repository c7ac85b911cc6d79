// A log reader that stops reading (a full standard error pipe: a supervisor that hung, a shipper that
// stalled) does not stop the server: lines wait in a bounded buffer, then are dropped and counted, while
// requests are answered as before. The server is the built one, as `npm start` runs it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase, startServerProcess, type Started } from '../helpers.ts';

const d = freshDatabase();
let server: Started;

beforeAll(async () => {
  server = await startServerProcess({
    DATABASE_URL: d.databaseUrl,
    DATA_DIR: d.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    AUTH_FAILURES_PER_MINUTE: '1000000',
    // Its thousands of refused requests are counted in a namespace of its own, not the address's shared one.
    REDIS_KEY_PREFIX: `test-log-pipe-${process.pid}`,
  });
  // Nobody reads the server's standard error from here on: the pipe fills and stays full.
  server.child.stderr!.removeAllListeners('data');
  server.child.stderr!.pause();
});
afterAll(async () => {
  server.child.kill('SIGKILL');
  await server.exited.catch(() => {});
});

it('keeps answering with its standard error full: thousands of logged requests, none waits on the log', async () => {
  // Each refused request writes a warning line of some 400 bytes: a few megabytes in all, far past what a
  // pipe holds (64 KB to a few hundred with the socket's buffers).
  const answered: number[] = [];
  for (let round = 0; round < 100; round++) {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const response = await fetch(`${server.url}/api/v1/accounts?padding=${'p'.repeat(200)}`, {
          headers: { authorization: 'Bearer ak_000000000000_not-a-real-key-at-all-000000' },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    answered.push(...statuses);
  }
  expect(answered).toHaveLength(5000);
  expect(new Set(answered)).toEqual(new Set([401]));
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}, 120_000);
