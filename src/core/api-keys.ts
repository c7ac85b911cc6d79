// Bearer API keys: `ak_<prefix>_<secret>`. The prefix is stored in clear for lookup; the secret only as
// its SHA-256. Verification is one statement (the key joined with its organization).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';
import { readSql } from '../db/sql.ts';
import type { OrganizationInfo } from './tenant.ts';

export const API_KEY_PATTERN = /^ak_([0-9a-z]{12})_([0-9A-Za-z]{32})$/;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

export interface AuthenticatedKey {
  id: string;
  prefix: string;
  organizationId: string;
  organization: OrganizationInfo;
}

/** How stale `lastUsedAt` may get before a request refreshes it; saves a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(typeof value === 'bigint' || typeof value === 'number' ? Number(value) : String(value));

/** The key and its organization for a bearer token, or null for a malformed, unknown or revoked key. */
export async function verifyApiKey(db: Database, token: string, now = new Date()): Promise<AuthenticatedKey | null> {
  const match = API_KEY_PATTERN.exec(token);
  if (!match) return null;
  const [, prefix, secret] = match;
  const rows: { id: string; organizationId: string; secretHash: string; lastUsedAt: unknown; revokedAt: unknown; name: string; baseCurrency: string; lockDate: string | null; defaultPaymentTermsDays: number | bigint }[] = await readSql(db).$queryRaw(Prisma.sql`
    SELECT k."id", k."organizationId", k."secretHash", k."lastUsedAt", k."revokedAt",
           o."name", o."baseCurrency", o."lockDate", o."defaultPaymentTermsDays"
    FROM "ApiKey" k JOIN "Organization" o ON o."id" = k."organizationId"
    WHERE k."prefix" = ${prefix}`);
  const key = rows[0];
  if (!key || key.revokedAt !== null) return null;
  const expected = Buffer.from(key.secretHash, 'hex');
  const actual = hashSecret(secret);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const lastUsedAt = asDate(key.lastUsedAt);
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // In a batch transaction: on SQLite a bare write could otherwise join another request's open transaction.
    await db.prisma.$transaction([db.prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } })]);
  }
  return {
    id: key.id,
    prefix,
    organizationId: key.organizationId,
    organization: {
      id: key.organizationId,
      name: key.name,
      baseCurrency: key.baseCurrency,
      lockDate: key.lockDate ?? null,
      defaultPaymentTermsDays: Number(key.defaultPaymentTermsDays),
    },
  };
}
