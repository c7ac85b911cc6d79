import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql ships both ESM (.mjs) and CommonJS; Node loads the CommonJS one for the CJS dependencies
    // (Pothos, Yoga) and Vite would pick the ESM one for our files. Two copies break instanceof checks.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    // Builds dist/main.js once: tests that start the server as a process run what `npm start` runs.
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database; files run in parallel worker processes.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
