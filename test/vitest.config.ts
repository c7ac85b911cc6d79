import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The slow tier: real browsers, fuzzing, tests that start the built server as a process (start-up, the
 * CLI, crashes, other processes on one database), outages, several instances, seeding at scale, and the
 * independent ledger (hledger). `npm test` runs the rest (the fast tier);
 * `npm run test:all` runs both tiers, on SQLite and then on PostgreSQL and Redis, as CI does.
 */
const SLOW = [
  'test/dashboard/**/*.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/startup.test.ts',
  'test/cli.test.ts',
  'test/core/crash.test.ts',
  'test/events/webhook-crash.test.ts',
  'test/events/webhook-instances.test.ts',
  'test/rest/openapi-client.test.ts',
  'test/http/tracing.test.ts',
  'test/http/observability.test.ts',
  'test/fast-paths/compiled-reads.test.ts',
  // Outages and several instances: own Redis servers, terminated connections, two apps on one database.
  'test/faults/**/*.test.ts',
  'test/events/instances.test.ts',
  // Planner statistics over thousands of seeded rows; a migration's ten thousand invoices through a bulk import.
  'test/db/statistics.test.ts',
  'test/features/bulk-operations-scale.test.ts',
  // An independent ledger (hledger, a process per report) over eighteen months of books.
  'test/ledger/**/*.test.ts',
];

/**
 * Files that replace a module (vi.mock) run isolated: the fast and slow tiers share one module graph per
 * worker (importing the app once per worker instead of once per file), where a replaced module would leak
 * into, or miss, the files that share it.
 */
const MOCKING = ['test/events/webhook-targets.test.ts'];

export default defineConfig({
  resolve: {
    // graphql ships both ESM (.mjs) and CommonJS; Node loads the CommonJS one for the CJS dependencies
    // (Pothos, Yoga) and Vite would pick the ESM one for our files. Two copies break instanceof checks.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    root: new URL('..', import.meta.url).pathname,
    // Builds dist/main.js and dist/dashboard once: tests that start the server as a process run what
    // `npm start` runs, and the server serves the dashboard from dist/dashboard.
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database; the fast tier's files run in parallel worker processes, one a core
    // (vitest's default leaves a core to itself, which on a two-core machine runs every file in turn).
    pool: 'forks',
    maxWorkers: availableParallelism(),
    // Timeouts only catch a hang: two files side by side on PostgreSQL take twice as long as one alone.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state that must come (a page live, a row shown), and its one-second default
    // made those waits a speed test on a loaded machine. Promised latencies set their own timeout.
    expect: { poll: { timeout: 15_000 } },
    env: { NODE_ENV: 'test' },
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...SLOW, ...MOCKING], isolate: false } },
      { extends: true, test: { name: 'fast-isolated', include: MOCKING } },
      // After the fast tier, one file at a time, as they were written to run: each starts whole processes
      // (servers, browsers, Redis servers) or seeds at scale, and two side by side would share two cores.
      // Timeouts only catch a hang: a busy machine seeding thousands of rows or starting processes must not
      // fail a test that would pass given the time.
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          isolate: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
