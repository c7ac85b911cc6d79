// API keys (`ak_<prefix>_<secret>`; core/api-keys.ts verifies them). Through the API a key creates,
// revokes and rolls the organization's keys within its own scopes; an operator's CLI makes the first
// key of an organization. The secret is returned once and only its SHA-256 is kept.
import { randomBytes } from 'node:crypto';
import { hashSecret } from '../../core/api-keys.ts';
import { change } from '../../core/representations.ts';
import { assertCanGrant, checkScopes, formatScopes, insufficientScope, parseScopes, type Scope } from '../../core/scopes.ts';
import type { WriteScope } from '../../core/tenant.ts';
import type { Prisma } from '../../db/database.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { DATE_RANGE, isAcceptedMoment } from '../../lib/dates.ts';
import { Checker } from '../../lib/validate.ts';
import { API_KEY, apiKeyRepresentation, keyStatus } from './api-keys.public.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';

/** How long a rolled key's old secret keeps working unless the roll says otherwise (as Stripe's default). */
export const DEFAULT_ROLL_GRACE_HOURS = 24;
/** The longest grace a roll may give the old secret: a week. */
export const MAX_ROLL_GRACE_HOURS = 7 * 24;

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

const newSecret = () => randomString(BASE62, 32);
const plaintextOf = (prefix: string, secret: string) => `ak_${prefix}_${secret}`;
const hashHex = (secret: string) => hashSecret(secret).toString('hex');

/** What the key that asks may do, for the rules below. */
export interface KeyHolder {
  id: string;
  scopes: ReadonlySet<Scope>;
  /** A key it creates may not outlive it. */
  expiresAt: Date | null;
}

export interface CreateApiKeyInput {
  name: string;
  scopes: string[];
  /** ISO date-time; omitted or null: the key does not expire. */
  expiresAt?: Date | string | null;
}

function checkedExpiry(check: Checker, value: Date | string | null | undefined, now: Date): Date | null {
  if (value === undefined || value === null) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (!isAcceptedMoment(date)) check.fail('expiresAt', `must be a date-time such as 2027-01-31T00:00:00Z, on a day ${DATE_RANGE}`);
  else if (date <= now) check.fail('expiresAt', 'must be in the future');
  return date;
}

/** An operator's key (the CLI, the demo boot, tests): no creator, any scopes. */
export async function createApiKey(
  prisma: Prisma,
  organizationId: string,
  name: string,
  options: { scopes?: Scope[]; expiresAt?: Date | null } = {},
) {
  const prefix = randomString(BASE32, 12);
  const secret = newSecret();
  const record = await prisma.apiKey.create({
    data: {
      id: newId('ApiKey'),
      organizationId,
      name: name.trim() || 'API key',
      prefix,
      secretHash: hashHex(secret),
      scopes: formatScopes(options.scopes?.length ? options.scopes : ['*']),
      expiresAt: options.expiresAt ?? null,
    },
  });
  return { record, plaintext: plaintextOf(prefix, secret) };
}

/** A key made by another key, within the creator's own scopes; `secret` is the whole key, shown once. */
export async function issueApiKey(scope: WriteScope, input: CreateApiKeyInput, creator: KeyHolder) {
  const check = new Checker();
  const name = check.text('name', input.name, { required: true, max: 100 });
  const expiresAt = checkedExpiry(check, input.expiresAt, scope.now);
  // A key that expires would otherwise hand its powers on to one that does not.
  if (creator.expiresAt && (!expiresAt || expiresAt > creator.expiresAt)) {
    check.fail('expiresAt', `must be on or before ${creator.expiresAt.toISOString()}, when the key creating it expires`);
  }
  check.done();
  const scopes = checkScopes(input.scopes);
  assertCanGrant(creator.scopes, scopes);
  const prefix = randomString(BASE32, 12);
  const secret = newSecret();
  const id = newId('ApiKey');
  await scope.prisma.apiKey.create({
    data: {
      id,
      organizationId: scope.organizationId,
      name: name!,
      prefix,
      secretHash: hashHex(secret),
      scopes: formatScopes(scopes),
      expiresAt,
      createdByKeyId: creator.id,
      createdAt: scope.now,
    },
  });
  const [row] = await apiKeyRepresentation.load(scope.prisma, scope.organizationId, [id]);
  return {
    change: change(API_KEY, row, [{ type: 'api_key.created', resource: { type: API_KEY, id, row } }]),
    secret: plaintextOf(prefix, secret),
  };
}

/** The organization's key `id`, which the asking key may manage: one whose every scope it could grant. */
async function manageableKey(scope: WriteScope, id: string, holder: KeyHolder) {
  const [key] = await apiKeyRepresentation.load(scope.prisma, scope.organizationId, [id]);
  if (!key) throw notFound('API key', id);
  assertCanGrant(holder.scopes, [...parseScopes(key.scopes)]);
  return key;
}

/** Revokes a key at once (it answers 401 from now on, and its live connections close); revoking twice changes nothing. */
export async function revokeApiKey(scope: WriteScope, id: string, holder: KeyHolder) {
  const key = await manageableKey(scope, id, holder);
  if (key.revokedAt) return change(API_KEY, key);
  await scope.prisma.apiKey.update({ where: { id }, data: { revokedAt: scope.now } });
  const row = { ...key, revokedAt: scope.now };
  return change(API_KEY, row, [{ type: 'api_key.revoked', resource: { type: API_KEY, id, row } }]);
}

/**
 * Gives a key a new secret; the old one keeps working for `expiresInHours` (default 24, 0 to stop it at
 * once). The key keeps its id, prefix, scopes and quota: the two secrets are one key.
 */
export async function rollApiKey(scope: WriteScope, id: string, input: { expiresInHours?: number | null }, holder: KeyHolder) {
  const hours = input.expiresInHours ?? DEFAULT_ROLL_GRACE_HOURS;
  if (!Number.isFinite(hours) || hours < 0 || hours > MAX_ROLL_GRACE_HOURS) {
    throw validationError([{ path: 'expiresInHours', message: `must be from 0 to ${MAX_ROLL_GRACE_HOURS} (a week)` }]);
  }
  const key = await manageableKey(scope, id, holder);
  // Rolling hands over the key's new secret, and with it the key's name in the audit trail: a key may
  // roll itself; only the owner's (`*`) may roll another.
  if (id !== holder.id && !holder.scopes.has('*'))
    throw insufficientScope(
      '*',
      'Only a key with the * scope may roll another key (the new secret acts as that key); a key may roll itself',
    );
  const status = keyStatus(key, scope.now);
  if (status !== 'active') throw new AppError('INVALID_STATE', `The API key is ${status}; only an active key can be rolled`);
  const secret = newSecret();
  const rolled = {
    secretHash: hashHex(secret),
    previousSecretHash: key.secretHash,
    previousSecretExpiresAt: new Date(scope.now.getTime() + hours * 3_600_000),
  };
  await scope.prisma.apiKey.update({ where: { id }, data: rolled });
  const row = { ...key, ...rolled };
  return {
    change: change(API_KEY, row, [{ type: 'api_key.rolled', resource: { type: API_KEY, id, row } }]),
    secret: plaintextOf(key.prefix, secret),
  };
}

/** Every key, for operators (the CLI). */
export function listApiKeys(prisma: Prisma, organizationId?: string) {
  return prisma.apiKey.findMany({
    where: organizationId ? { organizationId } : {},
    include: { organization: { select: { name: true } } },
    orderBy: { createdAt: 'asc' },
  });
}

/** An operator's revocation by prefix (the CLI): no holder to check, no request to attribute it to. */
export async function revokeApiKeyByPrefix(prisma: Prisma, prefix: string, now = new Date()) {
  const key = await prisma.apiKey.findUnique({ where: { prefix } });
  if (!key) throw new AppError('NOT_FOUND', `No API key with prefix "${prefix}"`);
  if (key.revokedAt) return key;
  return prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: now } });
}
