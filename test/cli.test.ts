import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/lib/logger.ts';
import { freshDatabase, http, startServerProcess } from './helpers.ts';

const run = promisify(execFile);
const TSX = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const CLI = new URL('../src/cli/apikey.ts', import.meta.url).pathname;
const d = freshDatabase();
const env = { ...process.env, DATABASE_URL: d.databaseUrl, DATA_DIR: d.dataDir };
const apikey = (...args: string[]) =>
  run(TSX, [CLI, ...args], { env }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
  );
afterAll(() => d.drop());

describe('npm run apikey', () => {
  it('creates the organization with its chart on first use, prints the key last, lists and revokes it', async () => {
    const created = await apikey('create', '--org', 'Cli Co', '--name', 'HR sync', '--currency', 'EUR');
    expect(created.code).toBe(0);
    const lines = created.stdout.trim().split('\n');
    const key = lines.at(-1)!;
    expect(key).toMatch(/^ak_[0-9a-z]{12}_[0-9A-Za-z]{32}$/);
    expect(created.stderr).toMatch(/created organization "Cli Co"/);

    const second = await apikey('create', '--org', 'Cli Co');
    expect(second.stderr).not.toMatch(/created organization/);
    // A currency that cannot apply to the existing organization is refused, and no key is made.
    const keysBefore = await d.db.prisma.apiKey.count();
    const otherCurrency = await apikey('create', '--org', 'Cli Co', '--currency', 'USD');
    expect(otherCurrency.code).not.toBe(0);
    expect(otherCurrency.stderr).toMatch(/--currency USD cannot apply: "Cli Co" exists already and keeps its books in EUR/);
    expect(otherCurrency.stdout).toBe('');
    expect(await d.db.prisma.apiKey.count()).toBe(keysBefore);
    expect((await apikey('create', '--org', 'Cli Co', '--currency', 'eur')).code).toBe(0);
    expect(await d.db.prisma.organization.count()).toBe(1);
    expect((await d.db.prisma.organization.findFirstOrThrow()).baseCurrency).toBe('EUR');

    // Two servers without Redis, remembering verified keys for a minute: on PostgreSQL the database itself
    // (LISTEN/NOTIFY) tells both of a revocation at once, whoever revoked the key.
    const config = { ...loadConfig({}), databaseUrl: d.databaseUrl, dataDir: d.dataDir, apiKeyCacheMs: 60_000 };
    const app = createApp({ config, db: d.db, logger: createLogger('silent') });
    const other = createApp({ config, db: d.db, logger: createLogger('silent') });
    const { port } = await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const otherBase = `http://127.0.0.1:${(await other.listen(0, '127.0.0.1')).port}`;
    /**
     * The status once the server has heard (the notice comes a moment after the revocation's commit); bounded, far below the minute the
     * server would otherwise remember the key.
     */
    const statusOnceHeard = async (url: string, token: string) => {
      const until = Date.now() + 10_000;
      let status = (await http(url, '/api/v1/api-keys', { key: token })).status;
      while (status === 200 && d.db.provider === 'postgresql' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await http(url, '/api/v1/api-keys', { key: token })).status;
      }
      return status;
    };
    try {
      expect((await http(base, '/api/v1/accounts', { key })).body.total).toBe(20);
      // Revoked through the API on one server: the other, which remembered the key, refuses it too (two
      // instances share a PostgreSQL database; two processes on one SQLite file are a test further down).
      if (d.db.provider === 'postgresql') {
        const second = (await apikey('create', '--org', 'Cli Co', '--name', 'second', '--scopes', 'api_keys:write')).stdout
          .trim()
          .split('\n')
          .at(-1)!;
        expect((await http(otherBase, '/api/v1/accounts', { key })).status).toBe(200);
        expect((await http(otherBase, '/api/v1/api-keys', { key: second })).status).toBe(200);
        const secondId = (await d.db.prisma.apiKey.findUniqueOrThrow({ where: { prefix: second.split('_')[1] } })).id;
        expect((await http(base, `/api/v1/api-keys/${secondId}/revoke`, { key: second, method: 'POST' })).status).toBe(200);
        expect(await statusOnceHeard(otherBase, second)).toBe(401);
      }

      const list = await apikey('list', '--org', 'Cli Co');
      expect(list.stdout).toMatch(/HR sync/);
      expect(list.stdout).not.toContain(key.split('_')[2]);
      const prefix = key.split('_')[1];
      const revoked = await apikey('revoke', prefix);
      expect(revoked.stdout).toMatch(/revoked/);
      expect(revoked.stderr).not.toMatch(/API_KEY_CACHE_MS/); // told at once, not "within"
      expect(await statusOnceHeard(base, key)).toBe(401);
      expect(await statusOnceHeard(otherBase, key)).toBe(401);
      expect((await apikey('list')).stdout).toMatch(new RegExp(`${prefix}\\s+revoked`));
    } finally {
      // The database stays open for the tests below: the servers and their listeners stop, not it.
      for (const server of [app, other]) {
        server.server.close();
        await server.bus.close();
      }
    }
  });

  it('creates a key with --scopes and --expires beside a running server, which enforces them', async () => {
    const server = await startServerProcess({ DATABASE_URL: d.databaseUrl, DATA_DIR: d.dataDir, SEED_DEMO: 'false' });
    try {
      const expires = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const created = await apikey(
        'create',
        '--org',
        'Scoped Cli Co',
        '--name',
        'Dashboard',
        '--scopes',
        'reports:read invoices:read',
        '--expires',
        expires,
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stderr).toMatch(/with scopes reports:read invoices:read, expires \d{4}-/);
      const key = created.stdout.trim().split('\n').at(-1)!;
      expect((await http(server.url, '/api/v1/invoices', { key })).status).toBe(200);
      expect((await http(server.url, '/api/v1/customers', { key, method: 'POST', body: { name: 'No' } })).body).toMatchObject({
        code: 'INSUFFICIENT_SCOPE',
        requiredScope: 'customers:write',
      });
      const viewer = await http(server.url, '/graphql', { key, body: { query: '{ viewer { apiKey { scopes } } }' } });
      expect(viewer.body.data.viewer.apiKey.scopes).toEqual(['reports:read', 'invoices:read']);
      expect((await apikey('list', '--org', 'Scoped Cli Co')).stdout).toMatch(/Dashboard\s+\[reports:read invoices:read\]/);

      const badScope = await apikey('create', '--org', 'Scoped Cli Co', '--scopes', 'invoices:delete');
      expect(badScope.code).toBe(1);
      expect(badScope.stderr).toMatch(/"invoices:delete" is not a scope/);
      const past = await apikey('create', '--org', 'Scoped Cli Co', '--expires', '2001-01-01');
      expect(past.code).toBe(1);
      expect(past.stderr).toMatch(/--expires must be a future date/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('explains a missing --org or an unknown prefix and exits non-zero', async () => {
    const noOrg = await apikey('create');
    expect(noOrg.code).not.toBe(0);
    expect(noOrg.stderr).toMatch(/--org/);
    const unknown = await apikey('revoke', 'nosuchprefix');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No API key with prefix "nosuchprefix"/);
    const bogus = await apikey('list', '--bogus');
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toMatch(/Unknown option '--bogus'/);
    expect(bogus.stderr).toMatch(/usage:/);
    expect(bogus.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('works beside a running server process that migrated the same database (SQLite file shared, no restart)', async () => {
    const beside = freshDatabase();
    const server = await startServerProcess({ DATABASE_URL: beside.databaseUrl, DATA_DIR: beside.dataDir, SEED_DEMO: 'false' });
    const cli = (...args: string[]) =>
      run(TSX, [CLI, ...args], { env: { ...process.env, DATABASE_URL: beside.databaseUrl, DATA_DIR: beside.dataDir } }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
      );
    try {
      const created = await cli('create', '--org', 'Beside Co');
      expect(created.code, created.stderr).toBe(0);
      const key = created.stdout.trim().split('\n').at(-1)!;
      expect((await http(server.url, '/api/v1/accounts', { key })).status).toBe(200);
      expect((await cli('list')).stdout).toMatch(/Beside Co/);
      expect((await cli('revoke', key.split('_')[1])).code).toBe(0);
      expect((await http(server.url, '/api/v1/accounts', { key })).status).toBe(401);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await beside.drop();
    }
  }, 60_000);
});
