import { randomFillSync } from 'node:crypto';

/** Every id prefix, by the type it names. Prefixes make ids unique across types (Stripe style). */
export const ID_PREFIX = {
  Organization: 'org',
  ApiKey: 'key',
  Account: 'acct',
  JournalEntry: 'je',
  JournalLine: 'jl',
  Customer: 'cus',
  Vendor: 'ven',
  Product: 'prod',
  TaxRate: 'txr',
  Invoice: 'inv',
  InvoiceLine: 'il',
  Payment: 'pay',
  Bill: 'bill',
  BillLine: 'bl',
  BillPayment: 'bpay',
  SalesReceipt: 'sr',
  SalesReceiptLine: 'srl',
  CreditNote: 'cn',
  CreditNoteLine: 'cnl',
  CreditNoteAllocation: 'cna',
  CreditNoteRefund: 'cnr',
  Employee: 'emp',
  WebhookSubscription: 'wh',
  Event: 'evt',
  WebhookDelivery: 'whd',
  WebhookDeliveryAttempt: 'wha',
  IdempotencyKey: 'idk',
} as const;

export type IdType = keyof typeof ID_PREFIX;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

// Random bytes are drawn from the OS 4 KB at a time (one call per 256 ids, not one per id: a posting
// makes 4–6 ids, and the per-id call was most of newId's 5 µs). Ids are not secrets; API key secrets
// come from their own randomBytes call.
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolOffset = POOL_BYTES;

/**
 * `<prefix>_<10 chars of time><16 chars of randomness>`: time-ordered like a ULID, so ids created
 * later sort later, which keeps B-tree inserts local. Hand-written because it is twelve lines and the
 * prefix is ours; a ULID library would add a dependency for the same arithmetic.
 */
export function newId(type: IdType, now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  if (poolOffset + 16 > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let rand = '';
  for (let i = poolOffset; i < poolOffset + 16; i++) rand += ALPHABET[pool[i]! % 32];
  poolOffset += 16;
  return `${ID_PREFIX[type]}_${time}${rand}`;
}

/** What follows an id's prefix and underscore (`newId` writes 26 of ALPHABET's letters and digits). */
const ID_BODY = /^[0-9a-z]{26}$/;

const TYPE_BY_PREFIX = new Map<string, IdType>(Object.entries(ID_PREFIX).map(([type, prefix]) => [prefix, type as IdType]));

/**
 * The type of id a parameter or field named `<type>Id` takes, if it names one of ours: `customerId` →
 * Customer, `apiKeyId` → ApiKey, and by its last words `depositAccountId` → Account (`resourceId` names none).
 */
export function idTypeNamedBy(name: string): IdType | undefined {
  if (!name.endsWith('Id')) return undefined;
  const words = name.slice(0, -2).split(/(?=[A-Z])/);
  for (let first = 0; first < words.length; first++) {
    const type = words.slice(first).map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`).join('');
    if (type in ID_PREFIX) return type as IdType;
  }
  return undefined;
}

/** What an id of `type` is called in a message: "a customer id", "an invoice id", "a journal entry id". */
export function idWords(type: IdType): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words} id`;
}

/** Why `value` is not an id of `type` ("must be a customer id (cus_ and 26 letters and digits), got "5""), or undefined when it is one. */
export function notAnIdOf(type: IdType, value: string): string | undefined {
  return idType(value) === type ? undefined : `must be ${idWords(type)} (${ID_PREFIX[type]}_ and 26 letters and digits), got ${JSON.stringify(value)}`;
}

/** An id of `type`, as a regular expression's source (the OpenAPI document's `pattern`). */
export const idPattern = (type: IdType) => `^${ID_PREFIX[type]}_${ID_BODY.source.slice(1)}`;

/** The type an id names, or undefined for anything that is not one of our ids. */
export function idType(id: string): IdType | undefined {
  const underscore = id.indexOf('_');
  if (underscore <= 0) return undefined;
  const type = TYPE_BY_PREFIX.get(id.slice(0, underscore));
  if (!type) return undefined;
  return ID_BODY.test(id.slice(underscore + 1)) ? type : undefined;
}
