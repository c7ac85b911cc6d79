// Domain events go into the Event table (the outbox) inside the transaction that caused them, so an
// event exists exactly when its change committed. Webhooks and subscriptions read from this log.
import { newId } from '../lib/ids.ts';
import { formatMoney } from '../lib/money.ts';
import type { Tx } from '../modules/tenant.ts';
import type { EventType } from './catalogue.ts';

export async function recordEvent(tx: Tx, organizationId: string, type: EventType, resourceType: string, resourceId: string, object: Record<string, unknown>) {
  return tx.event.create({
    data: { id: newId('Event'), organizationId, type, resourceType, resourceId, payload: JSON.stringify({ object }) },
  });
}

/** A row as event data: money columns as decimal strings, dates as ISO text, other bigints as numbers. */
export function snapshot(row: Record<string, unknown>, moneyFields: readonly string[], decimals: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'organizationId') continue;
    if (typeof value === 'bigint') out[key] = moneyFields.includes(key) ? formatMoney(value, decimals) : Number(value);
    else if (value instanceof Date) out[key] = value.toISOString();
    else if (Array.isArray(value)) out[key] = value.map((v) => (v && typeof v === 'object' ? snapshot(v as Record<string, unknown>, moneyFields, decimals) : v));
    else if (value && typeof value === 'object') out[key] = snapshot(value as Record<string, unknown>, moneyFields, decimals);
    else out[key] = value;
  }
  return out;
}
