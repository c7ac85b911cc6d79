// Idempotent creates (Stripe's Idempotency-Key): the first request with a key runs and its result (the
// created resource's id) is kept for 24 hours; a repeat with the same key and the same input returns
// that result without writing again; the same key with another input is refused. Concurrent repeats
// wait for the first to finish, so the write happens once.
import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Tenant } from '../tenant.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 10_000;

/** JSON with object keys sorted, so the same input always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function checkIdempotencyKey(key: string) {
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'The idempotency key must be 1 to 255 printable ASCII characters', [{ path: 'idempotencyKey', message: 'must be 1 to 255 printable ASCII characters' }]);
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === 'P2002';

/** Runs `create` once per key; returns the id it produced (now, or the first time). */
export async function idempotent(tenant: Tenant, key: string | null | undefined, operation: string, input: unknown, create: () => Promise<{ id: string }>, now = () => new Date()): Promise<{ id: string; replayed: boolean }> {
  if (key === undefined || key === null) return { ...(await create()), replayed: false };
  checkIdempotencyKey(key);
  const requestHash = createHash('sha256').update(canonical(input)).digest('hex');
  const where = { organizationId_key: { organizationId: tenant.organizationId, key } };
  const started = Date.now();
  for (;;) {
    try {
      await tenant.prisma.idempotencyKey.create({
        data: { id: newId('IdempotencyKey'), organizationId: tenant.organizationId, key, operation, requestHash, expiresAt: new Date(now().getTime() + IDEMPOTENCY_TTL_MS) },
      });
      break; // this request owns the key
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await tenant.prisma.idempotencyKey.findUnique({ where });
    if (!existing) continue; // expired and removed meanwhile: try to own it again
    if (existing.expiresAt <= now()) {
      await tenant.prisma.idempotencyKey.deleteMany({ where: { id: existing.id } });
      continue;
    }
    if (existing.operation !== operation || existing.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', `The idempotency key "${key}" was already used with a different request (${existing.operation}); use a new key for a new request`, [
        { path: 'idempotencyKey', message: 'was used with a different request' },
      ]);
    }
    if (existing.response) return { id: JSON.parse(existing.response).id, replayed: true };
    if (Date.now() - started > WAIT_LIMIT_MS) throw new AppError('CONFLICT', `A request with idempotency key "${key}" is still in progress; retry later`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  try {
    const result = await create();
    await tenant.prisma.idempotencyKey.update({ where, data: { response: JSON.stringify({ id: result.id }) } });
    return { id: result.id, replayed: false };
  } catch (error) {
    // A failed request did not happen: the key may be used again (with a corrected request).
    await tenant.prisma.idempotencyKey.deleteMany({ where: { organizationId: tenant.organizationId, key } }).catch(() => {});
    throw error;
  }
}
