// Issuing and revoking API keys (`ak_<prefix>_<secret>`, see core/api-keys.ts for the format and how
// requests verify them). The plaintext is returned once, at creation.
import { randomBytes } from 'node:crypto';
import { hashSecret } from '../../core/api-keys.ts';
import type { Prisma } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

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

export async function createApiKey(prisma: Prisma, organizationId: string, name: string) {
  const prefix = randomString(BASE32, 12);
  const secret = randomString(BASE62, 32);
  const record = await prisma.apiKey.create({
    data: { id: newId('ApiKey'), organizationId, name: name.trim() || 'API key', prefix, secretHash: hashSecret(secret).toString('hex') },
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
