// A key revoked through one PostgreSQL instance is refused by another with no Redis, from the first
// request after the revocation's answer: the revoking transaction raises the key epoch, which every
// instance reads (once a turn of its event loop) before trusting a key it remembers. The other instance
// remembered the key as verified (for a minute here), and its NOTIFY may not have arrived yet.
import { afterAll, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, tuneDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, http } from '../helpers.ts';

const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const database = freshDatabase();
const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => {});
  await database.drop();
});

it.skipIf(!postgres)('a key revoked on instance B is refused by instance A from the next request, without Redis', async () => {
  await migrate(database.db);
  await tuneDatabase(database.db);
  const organization = await createOrganization(database.db.prisma, { name: `No Redis ${Date.now()}` });
  const admin = (await createApiKey(database.db.prisma, organization.id, 'admin')).plaintext;
  const config = { ...loadConfig({}), databaseUrl: database.databaseUrl, dataDir: database.dataDir, apiKeyCacheMs: 60_000 };
  expect(config.redisUrl).toBeUndefined();
  const logger = createLogger('warn');
  const a = createApp({ config, db: openDatabase(database.databaseUrl, database.dataDir), logger });
  const b = createApp({ config, db: openDatabase(database.databaseUrl, database.dataDir), logger });
  apps.push(a, b);
  const urlA = `http://127.0.0.1:${(await a.listen(0, '127.0.0.1')).port}`;
  const urlB = `http://127.0.0.1:${(await b.listen(0, '127.0.0.1')).port}`;
  for (let i = 0; i < 10; i++) {
    const doomed = await createApiKey(database.db.prisma, organization.id, `doomed ${i}`);
    expect((await http(urlA, '/api/v1/accounts?limit=1', { key: doomed.plaintext })).status).toBe(200); // A remembers it
    expect((await http(urlB, `/api/v1/api-keys/${doomed.record.id}/revoke`, { key: admin, body: {} })).status).toBe(200);
    // At once: the very next request, over REST and over GraphQL.
    expect((await http(urlA, '/api/v1/accounts?limit=1', { key: doomed.plaintext })).status, `key ${i}`).toBe(401);
    expect((await http(urlA, '/graphql', { key: doomed.plaintext, body: { query: '{ viewer { organization { name } } }' } })).status).toBe(
      401,
    );
  }
});
