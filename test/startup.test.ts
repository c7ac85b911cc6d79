import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, freshDatabase, http, startServerProcess as start, usingPostgres } from './helpers.ts';

const databases: ReturnType<typeof freshDatabase>[] = [];
afterAll(async () => {
  for (const d of databases) await d.drop();
});

describe('npm start', () => {
  it('creates and migrates the database, seeds a demo organization once, serves, and stops cleanly on SIGTERM', async () => {
    const d = freshDatabase();
    databases.push(d);
    const env = { DATABASE_URL: d.databaseUrl, DATA_DIR: d.dataDir };
    const first = await start(env);
    try {
      const key = /(ak_[0-9a-z]{12}_[0-9A-Za-z]{32})/.exec(first.stdout())?.[1];
      expect(key, first.stdout()).toBeDefined();
      const health = await http(first.url, '/healthz');
      expect(health.body).toEqual({ status: 'ok', database: 'reachable' });
      const accounts = await http(first.url, '/api/v1/accounts', { key });
      expect(accounts.status).toBe(200);
      expect(accounts.body).toMatchObject({ page: 1, limit: 20, total: 20, pages: 1 });
      expect(accounts.body.data.map((a: any) => a.name)).toEqual(
        expect.arrayContaining([
          'Cash',
          'Bank',
          'Accounts Receivable',
          'Inventory',
          'Accounts Payable',
          'Sales Tax Payable',
          "Owner's Equity",
          'Retained Earnings',
          'Sales Revenue',
          'Cost of Goods Sold',
          'Operating Expenses',
        ]),
      );
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);

    // A second start finds the organization and the migrations in place: no new key, same data.
    const second = await start(env);
    try {
      expect(second.stdout()).not.toMatch(/ak_[0-9a-z]{12}_/);
      expect(await d.db.prisma.organization.count()).toBe(1);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exited).toBe(0);
  });

  it('refuses to start, with a clear message, when the database history does not match the migrations', async () => {
    const d = freshDatabase();
    databases.push(d);
    const { migrate } = await import('../src/db/migrate.ts');
    await migrate(d.db);
    await d.db.prisma.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET checksum = 'tampered'`);
    const failure = await start({ DATABASE_URL: d.databaseUrl, DATA_DIR: d.dataDir }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/cannot start: migrations were edited after being applied/);
  });

  it('says so plainly when the port is taken', async () => {
    const blocker = (await import('node:net')).createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    const port = String((blocker.address() as { port: number }).port);
    const d = freshDatabase();
    databases.push(d);
    try {
      const failure = await start({ DATABASE_URL: d.databaseUrl, DATA_DIR: d.dataDir, PORT: port }).catch((e) => e);
      expect(failure.code).toBe(1);
      expect(failure.stderr).toMatch(new RegExp(`127\\.0\\.0\\.1:${port} is already in use; set PORT`));
    } finally {
      blocker.close();
    }
  });

  it('refuses a bad configuration value by name', async () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    // The heap's growth policy (ops/v8-settings.ts): 1.5× what is live by default, 0 hands it back to V8.
    expect(loadConfig({}).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: 'half' })).toThrow(/HEAP_GROWING_PERCENT must be a whole number/);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '5000' })).toThrow(/HEAP_GROWING_PERCENT must be between 0 and 1000/);
    // PostgreSQL's page cost (db/pg-session.ts): the service's default, a number, or the database's own.
    expect(loadConfig({}).pgRandomPageCost).toBeUndefined();
    expect(loadConfig({ PG_RANDOM_PAGE_COST: '2' }).pgRandomPageCost).toBe(2);
    expect(loadConfig({ PG_RANDOM_PAGE_COST: 'server' }).pgRandomPageCost).toBeNull();
    for (const bad of ['fast', '0', '-1', '1e3', '; DROP'])
      expect(() => loadConfig({ PG_RANDOM_PAGE_COST: bad })).toThrow(/PG_RANDOM_PAGE_COST must be a number above 0/);
    // SQLite's checkpoints (db/checkpoint.ts): off the event loop unless told.
    expect(loadConfig({}).sqliteBackgroundCheckpoints).toBe(true);
    expect(loadConfig({ SQLITE_CHECKPOINTS: 'inline' }).sqliteBackgroundCheckpoints).toBe(false);
    expect(() => loadConfig({ SQLITE_CHECKPOINTS: 'worker' })).toThrow(/SQLITE_CHECKPOINTS must be one of background, inline/);
    const failure = await start({ PORT: 'eighty' }).catch((e) => e);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toMatch(/configuration error: PORT must be a whole number/);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request already in flight and refuses new connections meanwhile', async () => {
    const t = await createTestApp();
    const { key } = await t.tenant();
    const port = Number(new URL(t.url).port);
    // Send the headers and half the body, so the request is in flight while close() begins.
    const body = JSON.stringify({ query: '{ accountsPage(limit: 1) { total } }' });
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: ` +
        `application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A new connection is refused while the old request is still waiting for its body.
    const refused = await fetch(`${t.url}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    socket.write(body.slice(10));
    await closing;
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('"total":20');
    expect(t.app.server.listening).toBe(false);
    await t.drop();
  });
});

it.runIf(!usingPostgres)('the default database is an SQLite file under DATA_DIR', () => {
  expect(loadConfig({}).databaseUrl).toBeUndefined();
  expect(loadConfig({}).dataDir).toBe('data');
});
