// Bearer API keys: `ak_<prefix>_<secret>`. The prefix is stored in clear for lookup; the secret only as
// its SHA-256. Verification is one statement (the key joined with its organization); `keyVerifier`
// remembers what it verified for a few seconds where changes can be announced to every instance.
import { createHash, hash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';
import { readSql } from '../db/sql.ts';
import { parseScopes, type Scope } from './scopes.ts';
import { organizationInfo, type OrganizationInfo } from './tenant.ts';
import { setBounded } from '../lib/bounded-map.ts';

export const API_KEY_PATTERN = /^ak_([0-9a-z]{12})_([0-9A-Za-z]{32})$/;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

/**
 * What a token is remembered by (never the token in clear): its SHA-256, computed once a request (by
 * the one-shot `hash`, which makes no Hash object as `createHash` does).
 */
export const tokenDigest = (token: string) => hash('sha256', token, 'base64');

export interface AuthenticatedKey {
  id: string;
  prefix: string;
  name: string;
  organizationId: string;
  organization: OrganizationInfo;
  /** What the key may do (core/scopes.ts). */
  scopes: ReadonlySet<Scope>;
  /** When the key expires; null when it does not. */
  expiresAt: Date | null;
}

/** A key as verified, with what deciding how long it may be remembered takes. */
interface CheckedKey extends AuthenticatedKey {
  /** When this token stops authenticating by itself (the key's expiry, or the end of a rolled secret's grace), ms. */
  validUntil: number;
  /** When `lastUsedAt` was last stored, ms. */
  lastUsedAt: number;
}

/** Why a bearer token does not authenticate: unknown, malformed, revoked or a wrong secret; or past its expiry. */
export type KeyRefusal = 'invalid' | 'expired';

/** How stale `lastUsedAt` may get before a request refreshes it; saves a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value
      : new Date(typeof value === 'bigint' || typeof value === 'number' ? Number(value) : String(value));

const sameHash = (storedHex: string | null, actual: Buffer) => {
  if (!storedHex) return false;
  const expected = Buffer.from(storedHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

/** An ApiKey row with its organization's settings. */
type KeyRow = {
  id: string;
  prefix: string;
  organizationId: string;
  keyName: string;
  secretHash: string;
  previousSecretHash: string | null;
  previousSecretExpiresAt: unknown;
  scopes: string;
  expiresAt: unknown;
  lastUsedAt: unknown;
  revokedAt: unknown;
  name: string;
  baseCurrency: string;
  lockDate: string | null;
  defaultPaymentTermsDays: number | bigint;
  fiscalYearEnd: string;
  badDebtTaxRelief: string;
};

/** A key and its organization, found by `where` (a condition on the key `k`). */
async function keyRow(db: Database, where: Prisma.Sql): Promise<KeyRow | undefined> {
  const rows: KeyRow[] = await readSql(db).$queryRaw(Prisma.sql`
    SELECT k."id", k."organizationId", k."name" AS "keyName", k."secretHash", k."previousSecretHash", k."previousSecretExpiresAt",
           k."scopes", k."expiresAt", k."lastUsedAt", k."revokedAt", k."prefix",
           o."name", o."baseCurrency", o."lockDate", o."defaultPaymentTermsDays", o."fiscalYearEnd",
           o."badDebtTaxRelief"
    FROM "ApiKey" k JOIN "Organization" o ON o."id" = k."organizationId"
    WHERE ${where}`);
  return rows[0];
}

const authenticated = (key: KeyRow, expiresAt: Date | null): AuthenticatedKey => ({
  id: key.id,
  prefix: key.prefix,
  name: key.keyName,
  organizationId: key.organizationId,
  scopes: parseScopes(key.scopes),
  expiresAt,
  organization: organizationInfo({ ...key, id: key.organizationId }),
});

/**
 * The key and its organization for a bearer token, or why it is refused. A rolled key answers to its
 * new secret and, until the grace period ends, to the one it replaced.
 */
export async function checkApiKey(db: Database, token: string, now = new Date()): Promise<CheckedKey | KeyRefusal> {
  const match = API_KEY_PATTERN.exec(token);
  if (!match) return 'invalid';
  const [, prefix, secret] = match;
  const key = await keyRow(db, Prisma.sql`k."prefix" = ${prefix}`);
  if (!key || key.revokedAt !== null) return 'invalid';
  const actual = hashSecret(secret);
  const current = sameHash(key.secretHash, actual);
  const previousUntil = asDate(key.previousSecretExpiresAt)?.getTime() ?? 0;
  if (!current && !(previousUntil > now.getTime() && sameHash(key.previousSecretHash, actual))) return 'invalid';
  const expiresAt = asDate(key.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return 'expired';
  const lastUsedAt = asDate(key.lastUsedAt);
  const lastUsedStale = !lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS;
  if (lastUsedStale) {
    // In a batch transaction: on SQLite a bare write could otherwise join another request's open transaction.
    await db.prisma.$transaction([db.prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } })]);
  }
  return {
    ...authenticated(key, expiresAt),
    validUntil: Math.min(expiresAt?.getTime() ?? Infinity, current ? Infinity : previousUntil),
    lastUsedAt: lastUsedStale ? now.getTime() : lastUsedAt.getTime(),
  };
}

/**
 * A key by its id, as it is now (its scopes, its organization), or why it no longer works: what a job a
 * key started (a bulk operation) runs as, step by step, so a revoked key or a narrowed scope stops it.
 */
export async function loadApiKey(db: Database, id: string, now = new Date()): Promise<AuthenticatedKey | KeyRefusal> {
  const key = await keyRow(db, Prisma.sql`k."id" = ${id}`);
  if (!key || key.revokedAt !== null) return 'invalid';
  const expiresAt = asDate(key.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return 'expired';
  return authenticated(key, expiresAt);
}

/** The key for a bearer token, or null when it does not authenticate (for whatever reason). */
export async function verifyApiKey(db: Database, token: string, now = new Date()): Promise<AuthenticatedKey | null> {
  const checked = await checkApiKey(db, token, now);
  return typeof checked === 'string' ? null : checked;
}

/**
 * `checkApiKey` that remembers each token it verified for up to `ttlMs` (never past the token's own end),
 * and forgets an organization's tokens the moment the bus says its keys or settings changed (a key
 * revoked or rolled, the lock date moved: relay.ts announces it, on every instance through Redis and
 * PostgreSQL's NOTIFY) and a key's when it is revoked from outside (the apikey CLI).
 *
 * Announcements arrive a little after the change commits, so they alone leave a moment in which another
 * instance still accepts a revoked key. `epoch` closes it: a number the database changes in the same
 * commit as any such change (SQLite's `data_version`, PostgreSQL's KeyEpoch row), read at most once a turn
 * of the event loop (sqliteDataVersion, pgKeyEpoch). When it moved, everything remembered is forgotten,
 * so the first request sent after a revocation's answer is checked against the database. `ttlMs` is the
 * net for anything else. Tokens are remembered by their SHA-256, never in clear.
 */
export function keyVerifier(
  db: Database,
  bus: Pick<EventBus, 'onKeysChanged' | 'onRevocation'>,
  ttlMs: number,
  { max = 10_000, epoch }: { max?: number; epoch?: () => number | Promise<number> } = {},
) {
  const remembered = new Map<string, { key: CheckedKey; until: number }>();
  // Raised whenever something is forgotten: a lookup that began before is not remembered (it may have
  // read the key as it was before the change).
  let generation = 0;
  let seenEpoch: number | undefined;
  const forget = (matches: (key: CheckedKey) => boolean) => {
    generation++;
    for (const [digest, entry] of remembered) if (matches(entry.key)) remembered.delete(digest);
  };
  const unsubscribe = [
    bus.onKeysChanged((organizationId) => forget((key) => key.organizationId === organizationId)),
    bus.onRevocation((id) => forget((key) => key.id === id)),
  ];
  return {
    async check(token: string, now = new Date(), digest = tokenDigest(token)): Promise<AuthenticatedKey | KeyRefusal> {
      if (epoch) {
        const value = await epoch();
        if (value !== seenEpoch) {
          seenEpoch = value;
          forget(() => true);
        }
      }
      const entry = remembered.get(digest);
      const at = now.getTime();
      if (entry && entry.until > at) {
        if (at - entry.key.lastUsedAt <= LAST_USED_RESOLUTION_MS) return entry.key;
        remembered.delete(digest); // looked up again below, which stores lastUsedAt
      }
      const began = generation;
      const checked = await checkApiKey(db, token, now);
      if (typeof checked === 'string') return checked;
      if (generation === began) setBounded(remembered, digest, { key: checked, until: Math.min(at + ttlMs, checked.validUntil) }, max);
      return checked;
    },
    close: () => unsubscribe.forEach((stop) => stop()),
  };
}

/**
 * A value read at most once a turn of the event loop, the same for the rest of it: every request whose
 * key is checked in a turn was received before the turn began, so a commit elsewhere during the turn is
 * concurrent with those requests, and a request sent after it is checked in a later turn. Under load a
 * turn serves several requests, which share the one read.
 */
function oncePerTurn<T>(read: () => T): () => T {
  let value: T;
  let readThisTurn = false;
  const turnEnded = () => {
    readThisTurn = false;
  };
  return () => {
    if (readThisTurn) return value;
    value = read();
    readThisTurn = true;
    setImmediate(turnEnded).unref();
    return value;
  };
}

/**
 * The key epoch on SQLite: `data_version`, which moves whenever another connection commits to the file
 * (the apikey CLI revoking a key beside a running server; the server's own writes forget through the bus
 * before they answer). When it cannot be read (the fast paths off), a new value every turn.
 */
export function sqliteDataVersion(db: Database): () => number {
  let unknown = 0;
  return oncePerTurn(() => {
    const statement = db.sqliteStatement?.('PRAGMA data_version');
    if (!statement) return --unknown;
    db.onQuery?.('PRAGMA data_version');
    const [version] = statement.raw(true).get() as [number | bigint];
    return Number(version);
  });
}

/** The statement that raises the key epoch, in the transaction of the change it announces (PostgreSQL). */
export const RAISE_KEY_EPOCH = 'UPDATE "KeyEpoch" SET "value" = "value" + 1 WHERE "id" = 1';

/**
 * The key epoch on PostgreSQL: the KeyEpoch row, which every change to a key or its organization's settings
 * raises in its own transaction (RAISE_KEY_EPOCH), so it moves on every instance the moment the change
 * commits, with or without Redis. When it cannot be read (the database away), a new value: nothing
 * remembered is trusted, and the key's own lookup says what is wrong.
 */
export function pgKeyEpoch(db: Database): () => Promise<number> {
  let unknown = 0;
  const pool = db.pgPool;
  if (!pool) throw new Error('the PostgreSQL key epoch needs a PostgreSQL database');
  return oncePerTurn(() =>
    pool.query<{ value: number }>('SELECT "value" FROM "KeyEpoch" WHERE "id" = 1').then(
      (result) => result.rows[0]?.value ?? 0,
      () => --unknown,
    ),
  );
}
