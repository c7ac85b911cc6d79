// Verified keys remembered for a few seconds (core/api-keys.ts `keyVerifier`): no lookup while remembered,
// never past the key's own end, forgotten the moment the bus says the organization's keys or settings
// changed or the key was revoked.
import { afterAll, beforeAll, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { keyVerifier, pgKeyEpoch, RAISE_KEY_EPOCH, sqliteDataVersion } from '../../src/core/api-keys.ts';
import { migrate } from '../../src/db/migrate.ts';
import { inProcessBus } from '../../src/events/bus.ts';
import { CHANNEL, withPostgresKeyNotices } from '../../src/events/key-notices.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { createOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { freshDatabase, usingPostgres } from '../helpers.ts';

const database = freshDatabase();
const bus = inProcessBus();
let tokens: { a: string; b: string; other: string; expiring: string };
let ids: { a: string; organization: string; otherOrganization: string };

beforeAll(async () => {
  await migrate(database.db);
  const organization = await createOrganization(database.db.prisma, { name: 'Cached Co' });
  const other = await createOrganization(database.db.prisma, { name: 'Other Co' });
  const a = await createApiKey(database.db.prisma, organization.id, 'a');
  tokens = {
    a: a.plaintext,
    b: (await createApiKey(database.db.prisma, organization.id, 'b')).plaintext,
    other: (await createApiKey(database.db.prisma, other.id, 'other')).plaintext,
    expiring: (await createApiKey(database.db.prisma, organization.id, 'expiring', { expiresAt: new Date(Date.now() + 60_000) })).plaintext,
  };
  ids = { a: a.record.id, organization: organization.id, otherOrganization: other.id };
}, 60_000);
afterAll(() => database.drop());

/** Statements the database ran while `work` did. */
async function statements(work: () => Promise<unknown>) {
  const before = database.queries.length;
  await work();
  return database.queries.length - before;
}

it('answers a key it verified without looking it up again until the time to remember it has passed', async () => {
  const keys = keyVerifier(database.db, bus, 1_000);
  const now = new Date();
  expect(await statements(() => keys.check(tokens.a, now))).toBeGreaterThan(0);
  expect(await keys.check(tokens.a, now)).toMatchObject({ id: ids.a, organizationId: ids.organization });
  expect(await statements(() => keys.check(tokens.a, new Date(now.getTime() + 900)))).toBe(0);
  expect(await statements(() => keys.check(tokens.a, new Date(now.getTime() + 1_001)))).toBeGreaterThan(0);
  // A wrong secret for a remembered key's prefix is not the remembered token: looked up, and refused.
  const wrong = `${tokens.a.slice(0, -1)}${tokens.a.endsWith('x') ? 'y' : 'x'}`;
  expect(await keys.check(wrong, now)).toBe('invalid');
  keys.close();
});

it("forgets an organization's keys when the bus says they changed, and one key when it is revoked; not the others", async () => {
  const keys = keyVerifier(database.db, bus, 60_000);
  for (const token of [tokens.a, tokens.b, tokens.other]) await keys.check(token);
  await bus.announceRevocation(ids.a);
  expect(await statements(() => keys.check(tokens.a))).toBeGreaterThan(0);
  expect(await statements(() => keys.check(tokens.b))).toBe(0);
  await bus.announceKeysChanged(ids.organization);
  expect(await statements(() => keys.check(tokens.a))).toBeGreaterThan(0);
  expect(await statements(() => keys.check(tokens.b))).toBeGreaterThan(0);
  expect(await statements(() => keys.check(tokens.other))).toBe(0);
  keys.close();
  // Closed, it no longer listens (nothing left behind on the bus).
  await bus.announceKeysChanged(ids.otherOrganization);
});

it('never answers a key past its own expiry, however long it may be remembered', async () => {
  const keys = keyVerifier(database.db, bus, 60 * 60_000);
  expect(await keys.check(tokens.expiring)).toMatchObject({ name: 'expiring' });
  expect(await keys.check(tokens.expiring, new Date(Date.now() + 61_000))).toBe('expired');
  keys.close();
});

// SQLite: the apikey CLI beside a running server writes to the file on a connection of its own; the
// server forgets what it remembered at its next check (SQLite's data_version), and its own writes,
// which the bus announces, do not make it forget everything.
it.runIf(!usingPostgres)('forgets every key when another connection wrote to the SQLite file, and not for its own writes', async () => {
  const keys = keyVerifier(database.db, bus, 60 * 60_000, { epoch: sqliteDataVersion(database.db) });
  const lookups = async (work: () => Promise<unknown>) => {
    const before = database.queries.length;
    await work();
    return database.queries.slice(before).filter((q) => q.includes('"ApiKey"')).length;
  };
  expect(await keys.check(tokens.b)).toMatchObject({ name: 'b' });
  expect(await lookups(() => keys.check(tokens.b))).toBe(0);
  await database.db.prisma.organization.update({ where: { id: ids.otherOrganization }, data: { name: 'Other Co, renamed' } });
  expect(await lookups(() => keys.check(tokens.b))).toBe(0);
  // The CLI's revocation, on a connection of its own, before the turn of the event loop the next request is read in.
  const cli = new Database(database.db.description);
  cli.prepare('UPDATE "ApiKey" SET "revokedAt" = ? WHERE "name" = ? AND "organizationId" = ?').run(Date.now(), 'b', ids.organization);
  cli.close();
  await nextTurn();
  expect(await lookups(() => keys.check(tokens.b))).toBeGreaterThan(0);
  expect(await keys.check(tokens.b)).toBe('invalid');
  keys.close();
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// A turn of the event loop serves requests all received before it began: data_version is read once a
// turn, and a commit elsewhere during the turn (concurrent with those requests) is seen from the next.
it.runIf(!usingPostgres)("reads SQLite's data_version once a turn of the event loop, and sees another's commit the next", async () => {
  const version = sqliteDataVersion(database.db);
  const reads = () => database.queries.filter((q) => q === 'PRAGMA data_version').length;
  await nextTurn();
  const before = reads();
  const first = version();
  expect([version(), version()]).toEqual([first, first]);
  expect(reads() - before).toBe(1);
  const cli = new Database(database.db.description);
  cli.prepare('UPDATE "Organization" SET "name" = ? WHERE "id" = ?').run('Other Co, renamed elsewhere', ids.otherOrganization);
  cli.close();
  expect(version()).toBe(first);
  await nextTurn();
  const next = version();
  expect(next).not.toBe(first);
  expect(version()).toBe(next);
  expect(reads() - before).toBe(2);
});

// PostgreSQL: a revocation on one instance commits with a raised key epoch; another instance reads the
// epoch once a turn before trusting a key it remembers, so the first request after the commit is refused,
// whatever became of the announcements (none here: a bus of its own that hears nothing).
it.runIf(usingPostgres)('refuses a remembered key from the first turn after its revocation committed, unannounced', async () => {
  const deaf = inProcessBus();
  const keys = keyVerifier(database.db, deaf, 60 * 60_000, { epoch: pgKeyEpoch(database.db) });
  const token = (await createApiKey(database.db.prisma, ids.organization, 'revoked elsewhere')).plaintext;
  expect(await keys.check(token)).toMatchObject({ name: 'revoked elsewhere' });
  await nextTurn();
  expect(await keys.check(token)).toMatchObject({ name: 'revoked elsewhere' }); // remembered
  // Another instance's revocation: the key and the epoch in one transaction, and nothing announced here.
  await database.db.prisma.$transaction([
    database.db.prisma.apiKey.updateMany({ where: { name: 'revoked elsewhere' }, data: { revokedAt: new Date() } }),
    database.db.prisma.$executeRawUnsafe(RAISE_KEY_EPOCH),
  ]);
  await nextTurn();
  expect(await keys.check(token)).toBe('invalid');
  keys.close();
});

it.runIf(usingPostgres)("reads the PostgreSQL key epoch once a turn, the turn's checks sharing the read", async () => {
  const epoch = pgKeyEpoch(database.db);
  await nextTurn();
  const read = epoch();
  expect(epoch()).toBe(read); // one read, shared
  const first = await read;
  await database.db.prisma.$executeRawUnsafe(RAISE_KEY_EPOCH);
  await nextTurn();
  expect(await epoch()).toBe(first + 1);
});

// PostgreSQL: each instance hears key announcements on a connection of its own (LISTEN/NOTIFY). One the
// server ended (a restart, a failover) is made again, so announcements reach the instance again.
it.runIf(usingPostgres)(
  'hears key announcements through PostgreSQL again after its listening connection was ended',
  async () => {
    const logger = createLogger('silent');
    const speaker = withPostgresKeyNotices(inProcessBus(), database.db, logger);
    const listener = withPostgresKeyNotices(inProcessBus(), database.db, logger);
    await Promise.all([speaker.ready, listener.ready]);
    const heard: string[] = [];
    listener.onRevocation((id) => heard.push(id));
    /** Announces `id` until the listener has heard it (bounded): delivery is asynchronous, not a timing assertion. */
    const announceUntilHeard = async (id: string) => {
      for (const deadline = Date.now() + 20_000; !heard.includes(id); await new Promise((r) => setTimeout(r, 100))) {
        if (Date.now() > deadline) throw new Error(`never heard ${id}`);
        await speaker.announceRevocation(id);
      }
    };
    try {
      await announceUntilHeard('key_before');
      // This file's own listening connections: its database's application name (test/helpers.ts), listening.
      const application = new URL((database.db.direct as { connectionString: string }).connectionString).searchParams.get(
        'application_name',
      );
      const ended: { pid: number }[] = await database.db.prisma.$queryRawUnsafe(
        'SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE application_name = $1 AND query = $2',
        application,
        `LISTEN ${CHANNEL}`,
      );
      expect(ended.length).toBe(2); // both instances' listening connections
      await announceUntilHeard('key_after');
      expect(heard).toContain('key_after');
    } finally {
      await speaker.close();
      await listener.close();
    }
  },
  60_000,
);
