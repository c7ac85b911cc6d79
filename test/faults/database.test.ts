// PostgreSQL dropping the server's connections (a failover, a restart, an idle-connection reaper): the
// server's own connections are terminated with pg_terminate_backend while writes and reads are in
// flight. Every answer is a success or 503 SERVICE_UNAVAILABLE with Retry-After on both surfaces (never
// a 500), the server recovers by itself, retries with the same Idempotency-Key write each entry once,
// and the books balance. PostgreSQL only (`npm run test:services`): SQLite has no connection to lose.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { Prisma } from '../../src/db/generated/sqlite/client.ts';
import { readSql } from '../../src/db/sql.ts';
import { createTestApp, http, type JsonResponse, type TestApp, usingPostgres } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let accounts: Record<string, string>;
let admin: pg.Client;

beforeAll(async () => {
  if (!usingPostgres) return;
  t = await createTestApp({ rateLimit: { points: 1_000_000 } });
  ({ key, organizationId } = await t.tenant('Failover Co'));
  accounts = Object.fromEntries((await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data.map((a: any) => [a.code, a.id]));
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL!.replace(/\?.*$/, '') });
  await admin.connect();
});
afterAll(async () => {
  if (!usingPostgres) return;
  await admin.end();
  await t.close();
});

/** Terminates every connection of this test's server; returns how many there were. */
async function terminateOwnConnections(): Promise<number> {
  const r = await admin.query(
    'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE application_name = $1',
    [t.applicationName],
  );
  return Number(r.rows[0].n);
}

function expectSuccessOr503(response: JsonResponse, what: string) {
  const detail = `${what} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
  if (response.status < 300) return;
  expect(response.status, detail).toBe(503);
  expect(response.headers.get('retry-after'), detail).toMatch(/^\d+$/);
  const code = response.body?.code ?? response.body?.errors?.[0]?.extensions?.code;
  expect(code, detail).toBe('SERVICE_UNAVAILABLE');
}

describe.runIf(usingPostgres)('PostgreSQL connections terminated under load', () => {
  it('answers every request in flight with success or 503 + Retry-After, recovers, and retries write each entry once', async () => {
    const entry = () => ({
      date: '2026-04-01',
      description: 'failover',
      lines: [
        { accountId: accounts['1010'], debit: 10, credit: 0 },
        { accountId: accounts['3000'], debit: 0, credit: 10 },
      ],
    });
    const idempotencyKeys: string[] = [];
    const refused: string[] = [];
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const deadline = Date.now() + 4_000;
    let terminated = 0;
    const killer = (async () => {
      while (Date.now() < deadline - 500) {
        await new Promise((r) => setTimeout(r, 250));
        terminated += await terminateOwnConnections();
      }
    })();
    const writer = async () => {
      while (Date.now() < deadline) {
        const idempotencyKey = randomUUID();
        idempotencyKeys.push(idempotencyKey);
        const r = await http(t.url, '/api/v1/journal-entries', { key, body: entry(), headers: { 'idempotency-key': idempotencyKey } });
        count(r.status);
        expectSuccessOr503(r, 'POST /journal-entries');
        if (r.status !== 201) refused.push(idempotencyKey);
      }
    };
    const reader = async () => {
      while (Date.now() < deadline) {
        const list = await http(t.url, '/api/v1/journal-entries?limit=5', { key });
        count(list.status);
        expectSuccessOr503(list, 'GET /journal-entries');
        const graph = await http(t.url, '/graphql', {
          key,
          body: { query: 'mutation { createCustomer(input: { name: "failover" }) { id } }' },
        });
        count(graph.status);
        if (graph.body?.errors) {
          expect(graph.status, JSON.stringify(graph.body)).toBe(503);
          expect(graph.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
          expect(graph.headers.get('retry-after')).toMatch(/^\d+$/);
        }
      }
    };
    await Promise.all([killer, ...Array.from({ length: 6 }, writer), reader(), reader()]);
    expect(terminated, 'the test terminated connections').toBeGreaterThan(0);

    // Recovered by itself: the next requests succeed.
    const after = await http(t.url, '/api/v1/journal-entries?limit=1', { key });
    expect(after.status).toBe(200);
    // Every refused write, retried with its key, is written once.
    for (const idempotencyKey of refused) {
      const r = await http(t.url, '/api/v1/journal-entries', { key, body: entry(), headers: { 'idempotency-key': idempotencyKey } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const written = await t.db.prisma.journalEntry.count({ where: { organizationId, description: 'failover' } });
    expect(written).toBe(idempotencyKeys.length);
    const trial = await http(t.url, '/api/v1/reports/trial-balance', { key });
    expect(trial.body.totalDebits).toBe(trial.body.totalCredits);
    // The load did meet the outage (not every request happened to fall between terminations).
    expect(statuses.get(503) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(0);
  }, 60_000);

  // The direct reads (the key check, the compiled reader) use the pool before Prisma connects and after
  // it disconnects, when Prisma's adapter is not listening to the pool. An idle connection ended then
  // is an 'error' event on the pool: unheard, it would end the process (Vitest reports it as an
  // unhandled error and fails the run).
  it('keeps running when the server ends a connection checked out of the pool with no statement running', async () => {
    const beside = openDatabase(t.databaseUrl, t.dataDir);
    try {
      const connection = await beside.pgPool!.connect();
      await connection.query('SELECT 1');
      expect(await terminateOwnConnections()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(connection.query('SELECT 1')).rejects.toThrow();
      connection.release(true);
      expect(await readSql(beside).$queryRaw<unknown[]>(Prisma.sql`SELECT 1 AS one`)).toHaveLength(1);
    } finally {
      await beside.close();
    }
  });

  it('keeps running when the server ends an idle pool connection while Prisma is not connected', async () => {
    const beside = openDatabase(t.databaseUrl, t.dataDir);
    try {
      expect(await readSql(beside).$queryRaw<unknown[]>(Prisma.sql`SELECT 1 AS one`)).toHaveLength(1);
      expect(await terminateOwnConnections()).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await readSql(beside).$queryRaw<unknown[]>(Prisma.sql`SELECT 1 AS one`)).toHaveLength(1);
    } finally {
      await beside.close();
    }
  });
});
