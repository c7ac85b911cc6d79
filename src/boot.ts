// Start-up shared by `npm start` and the start-up tests: open, migrate, seed, listen.
import type { Config } from './config.ts';
import { createApp, type App } from './app.ts';
import { openDatabase, tuneDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import type { Logger } from './lib/logger.ts';
import { rebuildPendingAging } from './modules/documents/index.ts';
import { createApiKey } from './modules/api-keys/api-keys.service.ts';
import { countOrganizations, createOrganization } from './modules/organizations/organizations.service.ts';

export interface Booted {
  app: App;
  url: string;
  /** The demo key, when this start created the demo organization. */
  demoKey?: string;
}

export async function boot(config: Config, logger: Logger): Promise<Booted> {
  const db = openDatabase(config.databaseUrl, config.dataDir, {
    sqliteFastPaths: config.sqliteFastPaths,
    pgRandomPageCost: config.pgRandomPageCost,
  });
  try {
    const applied = await migrate(db, { log: (line) => logger.info(line) });
    logger.info('database ready', { database: db.description, migrationsApplied: applied.length });
    await tuneDatabase(db);
    await rebuildPendingAging(db, logger);
    let demoKey: string | undefined;
    if (config.seedDemo && (await countOrganizations(db.prisma)) === 0) {
      const organization = await createOrganization(db.prisma, { name: 'Demo Company' });
      demoKey = (await createApiKey(db.prisma, organization.id, 'Demo key')).plaintext;
    }
    const app = createApp({ config, db, logger });
    const address = await app.listen();
    return { app, url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`, demoKey };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
