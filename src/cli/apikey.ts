// `npm run apikey -- create --org "<name>" [--name "<key name>"] [--currency USD] [--scopes "invoices:write customers:read"] [--expires
// 2027-06-30]`
// `npm run apikey -- list [--org "<name>"]`
// `npm run apikey -- revoke <prefix>`
// Runs pending migrations first, so it works on a fresh clone before the server ever started.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { announceRevocationVia } from '../events/bus.ts';
import { notifyRevocation } from '../events/key-notices.ts';
import { AppError } from '../lib/errors.ts';
import { isAcceptedMoment, LATEST_DATE } from '../lib/dates.ts';
import { checkScopes } from '../core/scopes.ts';
import { createApiKey, listApiKeys, revokeApiKeyByPrefix } from '../modules/api-keys/api-keys.service.ts';
import { createOrganization, findOrganizationByName } from '../modules/organizations/organizations.service.ts';

const USAGE = `usage:
  npm run apikey -- create --org "<organization name>" [--name "<key name>"] [--currency USD]
                          [--scopes "<scope> <scope> …"  (default *: everything)] [--expires <date or date-time>]
  npm run apikey -- list [--org "<organization name>"]
  npm run apikey -- revoke <prefix>`;

function args() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        org: { type: 'string' },
        name: { type: 'string' },
        currency: { type: 'string' },
        scopes: { type: 'string' },
        expires: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    // node:util names the bad option in its message; the stack trace would say nothing more.
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const { values, positionals } = args();
const [command, ...rest] = positionals;
if (values.help || !command) {
  console.log(USAGE);
  process.exit(command ? 0 : 2);
}

const config = loadConfig();
const db = openDatabase(config.databaseUrl, config.dataDir);
try {
  await migrate(db, { log: (line) => console.error(line) });
  if (command === 'create') {
    if (!values.org?.trim()) throw new AppError('VALIDATION_FAILED', 'create needs --org "<organization name>"');
    const scopes = values.scopes === undefined ? undefined : checkScopes(values.scopes.split(/[\s,]+/).filter(Boolean), '--scopes');
    const expiresAt = values.expires === undefined ? null : new Date(values.expires);
    if (expiresAt && (!isAcceptedMoment(expiresAt) || expiresAt <= new Date())) {
      throw new AppError(
        'VALIDATION_FAILED',
        `--expires must be a future date or date-time up to ${LATEST_DATE}, e.g. ` +
          `${new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)}`,
      );
    }
    let organization = await findOrganizationByName(db.prisma, values.org);
    // --currency sets up a new organization; it cannot be what the caller believes of an existing one.
    if (organization && values.currency !== undefined && values.currency.trim().toUpperCase() !== organization.baseCurrency) {
      throw new AppError(
        'VALIDATION_FAILED',
        `--currency ${values.currency} cannot apply: "${organization.name}" exists already and keeps its books in ` +
          `${organization.baseCurrency} (a base currency is set when an organization is created). Leave out --currency to add a ` +
          `key to it, or name a new organization.`,
      );
    }
    if (!organization) {
      organization = await createOrganization(db.prisma, { name: values.org, baseCurrency: values.currency });
      console.error(
        `created organization "${organization.name}" (${organization.id}, ${organization.baseCurrency}) with the standard chart ` +
          `of accounts`,
      );
    }
    const { record, plaintext } = await createApiKey(db.prisma, organization.id, values.name ?? 'API key', { scopes, expiresAt });
    const expiry = record.expiresAt ? `, expires ${record.expiresAt.toISOString()}` : '';
    console.error(
      `created key ${record.prefix} "${record.name}" for "${organization.name}" with scopes ${record.scopes}${expiry}; the key ` +
        `is shown once, store it now:`,
    );
    console.log(plaintext);
  } else if (command === 'list') {
    let organizationId: string | undefined;
    if (values.org) {
      const organization = await findOrganizationByName(db.prisma, values.org);
      if (!organization) throw new AppError('NOT_FOUND', `No organization named "${values.org}"`);
      organizationId = organization.id;
    }
    const keys = await listApiKeys(db.prisma, organizationId);
    if (keys.length === 0) console.log('no API keys');
    for (const key of keys) {
      const state = key.revokedAt
        ? `revoked ${key.revokedAt.toISOString()}`
        : key.expiresAt && key.expiresAt <= new Date()
          ? `expired ${key.expiresAt.toISOString()}`
          : 'active';
      const used = key.lastUsedAt ? `last used ${key.lastUsedAt.toISOString()}` : 'never used';
      console.log(`${key.prefix}  ${state.padEnd(33)} ${used.padEnd(35)} ${key.organization.name} / ${key.name}  [${key.scopes}]`);
    }
  } else if (command === 'revoke') {
    if (!rest[0]) throw new AppError('VALIDATION_FAILED', 'revoke needs the key prefix (the 12 characters after "ak_"; see apikey list)');
    const key = await revokeApiKeyByPrefix(db.prisma, rest[0].replace(/^ak_/, '').split('_')[0]);
    // Running servers drop the key's open sockets now if they hear it through Redis, else at their next re-check.
    // On PostgreSQL the database itself tells every server at once (LISTEN/NOTIFY), Redis or not.
    const notified =
      db.provider === 'postgresql'
        ? await notifyRevocation(db, key.id).then(
            () => true,
            () => false,
          )
        : false;
    const announced = config.redisUrl ? await announceRevocationVia(config.redisUrl, config.redisKeyPrefix, key.id) : false;
    console.log(`revoked ${key.prefix} "${key.name}"`);
    if (config.redisUrl && !announced && !notified)
      console.error(`Redis could not be reached: open connections with this key close at the servers' next key check (SOCKET_RECHECK_MS)`);
    // PostgreSQL servers remember verified keys briefly; without the announcement they forget this one when that time runs out.
    if (db.provider === 'postgresql' && !announced && !notified)
      console.error(`servers on this database stop accepting it within API_KEY_CACHE_MS (${config.apiKeyCacheMs} ms)`);
  } else {
    throw new AppError('VALIDATION_FAILED', `unknown command "${command}"\n${USAGE}`);
  }
} catch (error) {
  console.error(error instanceof AppError || (error as Error).name === 'MigrationError' ? `error: ${(error as Error).message}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
  // The WASM schema engine leaves a 10-second lock timer running after a PostgreSQL migration check;
  // a one-shot command has nothing left to do, so it does not wait for it.
  process.exit(process.exitCode ?? 0);
}
