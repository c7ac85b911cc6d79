// An API key as the public sees it: the REST v1 body, and `data.object` of its events. Never its secret:
// that is shown once, in the answer that creates or rolls the key, and only its hash is stored.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';

export const API_KEY = 'api_key';

const KEY_ID = S.id('key');
const DATE_TIME_OR_NULL = S.nullable(S.dateTime);

/** The key in the words of an audit trail: which key (the prefix is what the holder sees) and its name. */
export const KEY_REFERENCE = S.object({ id: KEY_ID, prefix: S.string, name: S.string }, 'An API key, named as its holder sees it.');

export const API_KEY_PROPERTIES = {
  id: KEY_ID,
  name: S.string,
  prefix: {
    type: 'string',
    pattern: '^[0-9a-z]{12}$',
    description: 'The 12 characters after `ak_` in the key: how to tell keys apart without their secret.',
  },
  scopes: S.array(S.string),
  status: { type: 'string', enum: ['active', 'expired', 'revoked'] },
  createdAt: S.dateTime,
  createdBy: {
    ...S.nullable(KEY_REFERENCE),
    description: 'The key that created this one; null for a key made by an operator (npm run apikey).',
  },
  lastUsedAt: DATE_TIME_OR_NULL,
  expiresAt: DATE_TIME_OR_NULL,
  revokedAt: DATE_TIME_OR_NULL,
  previousSecretExpiresAt: { ...DATE_TIME_OR_NULL, description: 'After a roll: until when the replaced secret still works.' },
};
const API_KEY_SCHEMA = S.object(API_KEY_PROPERTIES, 'An API key of the organization, without its secret.');

export type ApiKeyRow = PrismaTypes.ApiKeyGetPayload<{ include: { createdBy: { select: { id: true; prefix: true; name: true } } } }>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Until when a rolled key's replaced secret still works; null once it no longer does (or there is none). */
export const previousSecretExpiry = (key: { previousSecretExpiresAt: Date | null }, now = new Date()) =>
  key.previousSecretExpiresAt && key.previousSecretExpiresAt > now ? key.previousSecretExpiresAt : null;

/** Where a key stands at `now`. */
export function keyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): 'active' | 'expired' | 'revoked' {
  if (key.revokedAt) return 'revoked';
  return key.expiresAt && key.expiresAt <= now ? 'expired' : 'active';
}

const API_KEY_QUERY = {
  include: { createdBy: { select: { id: true, prefix: true, name: true } } },
} satisfies PrismaTypes.ApiKeyFindManyArgs;

export const apiKeyRepresentation: Representation<ApiKeyRow, Infer<typeof API_KEY_SCHEMA>> = {
  type: API_KEY,
  schema: API_KEY_SCHEMA,
  load: (db, organizationId, ids) =>
    db.apiKey.findMany({ where: { organizationId, id: { in: ids } }, ...API_KEY_QUERY, orderBy: { id: 'asc' } }),
  query: API_KEY_QUERY,
  render: (k) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes.split(' '),
    status: keyStatus(k),
    createdAt: k.createdAt.toISOString(),
    createdBy: k.createdBy ? { id: k.createdBy.id, prefix: k.createdBy.prefix, name: k.createdBy.name } : null,
    lastUsedAt: iso(k.lastUsedAt),
    expiresAt: iso(k.expiresAt),
    revokedAt: iso(k.revokedAt),
    previousSecretExpiresAt: iso(previousSecretExpiry(k)),
  }),
};
