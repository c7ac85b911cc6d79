// A benchmark's own database and server: a fresh SQLite file (or, with DATABASE_URL=postgresql://…, a
// PostgreSQL schema of this run), one organization with a key, and the built server started on it as
// `npm start` runs it. `dispose` removes the database (the file, or the schema).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import { openDatabase, tuneDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { start } from './processes.ts';

/** How the benchmarks start the built server on a database: as in production, quiet, with a quota no run reaches. */
export const benchServerEnv = (databaseUrl: string, dataDir: string): Record<string, string> => ({
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
});

export async function freshServer(name: string, organizationName: string, env: Record<string, string> = {}) {
  const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL!.replace(/\?.*$/, '') : undefined;
  await buildServer();
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const schema = `bench_${name}_${process.pid}`;
  const file = join(dir, `${name}.db`);
  const url = postgres ? `${postgres}?schema=${schema}` : `file:${file}`;
  const db = openDatabase(url, dir);
  await migrate(db);
  await tuneDatabase(db);
  const organization = await createOrganization(db.prisma, { name: organizationName });
  const key = (await createApiKey(db.prisma, organization.id, 'bench')).plaintext;
  // BENCH_SERVER_NODE_FLAGS: more flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it
  // (written when the bench stops it; NODE_OPTIONS does not take --cpu-prof).
  const extraFlags = process.env.BENCH_SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const server = start(SERVER_BUNDLE, [], { ...benchServerEnv(url, dir), ...env }, [...SERVER_NODE_FLAGS, ...extraFlags]);
  process.once('exit', () => server.child.kill('SIGKILL'));
  const base = await server.url;
  return {
    db,
    /** The database URL the server was started with. */
    url,
    dir,
    /** The SQLite file (unused on PostgreSQL). */
    file,
    /** The PostgreSQL schema (unused on SQLite). */
    schema,
    organization,
    key,
    server,
    base,
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
      if (!postgres) return;
      const admin = new pg.Client({ connectionString: postgres });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

/**
 * A request as a client sends it: a 503 (the server shedding load) is retried when it says, and a request
 * on a kept-alive connection the server had just closed is sent again (idempotency keys make both safe).
 */
export async function fetchRetrying(url: string, init: RequestInit = {}): Promise<Response> {
  const send = async (): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(url, init);
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  };
  let response = await send();
  while (response.status === 503) {
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
    response = await send();
  }
  return response;
}
