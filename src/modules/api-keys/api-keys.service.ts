// API keys: `ak_<prefix>_<secret>`. The prefix is stored in clear for lookup and listing; the secret
// only as its SHA-256. The plaintext is returned once, at creation.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Prisma } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

const KEY_PATTERN = /^ak_([0-9a-z]{12})_([0-9A-Za-z]{32})$/;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';

function randomString(alphabet: string, length: number): string {
  // 256 is a multiple of 32 but not of 62: reject the top bytes so every character is equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export async function createApiKey(prisma: Prisma, organizationId: string, name: string) {
  const prefix = randomString(BASE32, 12);
  const secret = randomString(BASE62, 32);
  const record = await prisma.apiKey.create({
    data: { id: newId('ApiKey'), organizationId, name: name.trim() || 'API key', prefix, secretHash: sha256(secret).toString('hex') },
  });
  return { record, plaintext: `ak_${prefix}_${secret}` };
}

export function listApiKeys(prisma: Prisma, organizationId?: string) {
  return prisma.apiKey.findMany({
    where: organizationId ? { organizationId } : {},
    include: { organization: { select: { name: true } } },
    orderBy: { createdAt: 'asc' },
  });
}

export async function revokeApiKey(prisma: Prisma, prefix: string, now = new Date()) {
  const key = await prisma.apiKey.findUnique({ where: { prefix } });
  if (!key) throw new AppError('NOT_FOUND', `No API key with prefix "${prefix}"`);
  if (key.revokedAt) return key;
  return prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: now } });
}

/** How stale `lastUsedAt` may get before a request refreshes it; saves a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The key and its organization for a bearer token, or null for a malformed, unknown or revoked key. */
export async function verifyApiKey(prisma: Prisma, token: string, now = new Date()) {
  const match = KEY_PATTERN.exec(token);
  if (!match) return null;
  const [, prefix, secret] = match;
  const key = await prisma.apiKey.findUnique({ where: { prefix }, include: { organization: true } });
  if (!key || key.revokedAt) return null;
  const expected = Buffer.from(key.secretHash, 'hex');
  const actual = sha256(secret);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Not awaited by the caller's critical path in spirit, but awaited here so tests see it and errors surface.
    await prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  }
  return key;
}

export type VerifiedKey = NonNullable<Awaited<ReturnType<typeof verifyApiKey>>>;
