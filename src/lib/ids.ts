import { randomBytes, randomFillSync } from 'node:crypto';
import { declared } from '../declarations.ts';

/**
 * Every id prefix, by the type it names: each module's (its declaration.ts) and the event log's and
 * idempotency keys' own. Prefixes make ids unique across types (Stripe style).
 */
export const ID_PREFIX = { ...declared('ids'), Event: 'evt', IdempotencyKey: 'idk' } as const;

export type IdType = keyof typeof ID_PREFIX;

/** An id prefix some type declares (`inv`, `bill`): a prefix no declaration names does not compile. */
export type IdPrefix = (typeof ID_PREFIX)[IdType];

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

// Random bytes are drawn from the OS 4 KB at a time (one call per 256 ids, not one per id: a posting
// makes several ids, and the per-id call was most of newId's cost). Ids are not secrets; API key secrets
// come from their own randomBytes call.
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** The last id's time and random part: ids made in the same millisecond count up from it. */
let lastTime = -1;
let lastRandom: number[] = [];

/**
 * `<prefix>_<10 chars of time><16 chars of randomness>`: time-ordered like a ULID, so ids created
 * later sort later, which keeps B-tree inserts local. Monotonic as ULID's monotonic mode: an id made in
 * the same millisecond as the one before takes that one's random part plus one, so the rows a write makes (allocations, lines) sort in
 * the order it made them.
 * Hand-written because it is twenty lines and the prefix is ours; a ULID library would add a
 * dependency for the same arithmetic.
 */
export function newId(type: IdType, now = Date.now()): string {
  let random: number[];
  if (now === lastTime) {
    random = [...lastRandom];
    let i = random.length - 1;
    while (i >= 0 && random[i] === 31) random[i--] = 0;
    if (i >= 0) random[i]!++;
  } else {
    if (poolOffset + 16 > POOL_BYTES) {
      randomFillSync(pool);
      poolOffset = 0;
    }
    random = [];
    // Top bit of the first digit left clear: 2^79 increments of room before a carry could reach the time.
    random.push(pool[poolOffset]! % 16);
    for (let i = poolOffset + 1; i < poolOffset + 16; i++) random.push(pool[i]! % 32);
    poolOffset += 16;
  }
  lastTime = now;
  lastRandom = random;
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let rand = '';
  for (const digit of random) rand += ALPHABET[digit];
  return `${ID_PREFIX[type]}_${time}${rand}`;
}

/** What follows an id's prefix and underscore (`newId` writes 26 of ALPHABET's letters and digits). */
const ID_BODY = /^[0-9a-z]{26}$/;

const TYPE_BY_PREFIX = new Map<string, IdType>(Object.entries(ID_PREFIX).map(([type, prefix]) => [prefix, type as IdType]));

/** What ids a parameter or filter field takes: one type's, or any of ours (`ANY_ID`). */
export type IdKind = IdType | typeof ANY_ID;
export const ANY_ID = 'any';

/** Parameters that name an object of any type: an event's `resourceId`. */
const ANY_ID_NAMES = new Set(['resourceId']);

const ID_TYPES = Object.keys(ID_PREFIX) as IdType[];

/**
 * The ids a parameter or field named `<type>Id` takes, if its name says: `customerId` → Customer,
 * `apiKeyId` → ApiKey, by its last words `depositAccountId` → Account, by the one type whose name ends
 * with them `subscriptionId` → WebhookSubscription, and any of ours for `resourceId`. A name that
 * could mean several types (`lineId`) or none says nothing.
 */
export function idKindNamedBy(name: string): IdKind | undefined {
  // A list's filter asks this of each field it is given, on every request: the answer is the name's.
  if (!kindsByName.has(name)) kindsByName.set(name, kindNamedBy(name));
  return kindsByName.get(name);
}

const kindsByName = new Map<string, IdKind | undefined>();

function kindNamedBy(name: string): IdKind | undefined {
  if (ANY_ID_NAMES.has(name)) return ANY_ID;
  if (!name.endsWith('Id')) return undefined;
  const words = name.slice(0, -2).split(/(?=[A-Z])/);
  for (let first = 0; first < words.length; first++) {
    const type = words
      .slice(first)
      .map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`)
      .join('');
    if (type in ID_PREFIX) return type as IdType;
    const endingWith = ID_TYPES.filter((t) => t.endsWith(type));
    if (endingWith.length === 1) return endingWith[0];
  }
  return undefined;
}

/** What an id of `kind` is called in a message: "a customer id", "an invoice id", "a journal entry id", "an id". */
export function idWords(kind: IdKind): string {
  if (kind === ANY_ID) return 'an id';
  const words = kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words} id`;
}

/** Why `value` is not an id of `kind` ("must be a customer id (cus_ and 26 letters and digits), got "5""), or undefined when it is one. */
export function notAnIdOf(kind: IdKind, value: string): string | undefined {
  const type = idType(value);
  if (kind === ANY_ID)
    return type
      ? undefined
      : `must be ${idWords(kind)} (a type prefix such as inv_ and 26 letters and digits), got ${JSON.stringify(value)}`;
  return type === kind
    ? undefined
    : `must be ${idWords(kind)} (${ID_PREFIX[kind]}_ and 26 letters and digits), got ${JSON.stringify(value)}`;
}

/** An id of `kind`, as a regular expression's source (the OpenAPI document's `pattern`). */
export const idPattern = (kind: IdKind) =>
  `^${kind === ANY_ID ? `(${Object.values(ID_PREFIX).join('|')})` : ID_PREFIX[kind]}_${ID_BODY.source.slice(1)}`;

/** The type an id names, or undefined for anything that is not one of our ids. */
export function idType(id: string): IdType | undefined {
  const underscore = id.indexOf('_');
  if (underscore <= 0) return undefined;
  const type = TYPE_BY_PREFIX.get(id.slice(0, underscore));
  if (!type) return undefined;
  return ID_BODY.test(id.slice(underscore + 1)) ? type : undefined;
}

/** The secret of a public page (an invoice's `/i/<token>`): 128 random bits, URL-safe; never an id. */
export const newPublicToken = () => randomBytes(16).toString('hex');
