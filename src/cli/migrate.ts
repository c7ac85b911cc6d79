// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

const config = loadConfig();
const db = openDatabase(config.databaseUrl, config.dataDir);
try {
  const applied = await migrate(db, { log: (line) => console.log(line) });
  console.log(applied.length ? `${applied.length} migration(s) applied to ${db.description}` : `${db.description} is up to date`);
} catch (error) {
  console.error(`migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
  // The WASM schema engine leaves a 10-second lock timer running after a PostgreSQL migration check;
  // a one-shot command has nothing left to do, so it does not wait for it.
  process.exit(process.exitCode ?? 0);
}
