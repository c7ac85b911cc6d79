// Every event type the service emits, with the change that causes it: one event per state change, and
// only when something really changed (an update that changes nothing emits nothing). Each event's
// `data.object` is the resource after the change, in the same shape as `GET /api/v1/<resource>/{id}`;
// `*.updated` events also carry `data.previousAttributes` (the old values of the fields that changed).
// Derived figures (balances, amount due after a payment on another document) are not state changes of
// their own resource and emit nothing. GET /api/v1/webhooks lists this catalogue.
export const EVENT_TYPES = {
  'organization.updated': "The organization's settings changed (name, lock date, default payment terms).",
  'account.created': 'An account was added to the chart of accounts.',
  'account.updated': 'An account was renamed, re-described, or (de)activated.',
  'customer.created': 'A customer was created.',
  'customer.updated': "A customer's details changed.",
  'vendor.created': 'A vendor was created.',
  'vendor.updated': "A vendor's details changed.",
  'product.created': 'A product or service was created.',
  'product.updated': 'A product or service changed.',
  'tax_rate.created': 'A tax rate was created.',
  'tax_rate.updated':
    'A tax rate was renamed, re-pointed to other accounts, or (de)activated (its percentage only while no document uses it).',
  'employee.created': 'An employee was created.',
  'employee.updated': "An employee's details changed.",
  'journal_entry.created':
    'A journal entry was posted: manually, or by an invoice, a bill, a receipt, a payment, a void or a reversal (see sourceType).',
  'journal_entry.reversed': 'A journal entry was cancelled by a reversal; the object is the original entry, now status reversed.',
  'invoice.created': 'An invoice was created: status open (posted, with its journal_entry.created) or draft (not posted).',
  'invoice.finalized': 'A draft invoice was finalized: now open, and its journal entry posted.',
  'invoice.payment_recorded': 'A payment was recorded against an invoice; the object is the invoice after it.',
  'invoice.paid': 'An invoice was paid in full (follows the invoice.payment_recorded that paid it).',
  'invoice.voided': 'An invoice was voided; if it was posted, the reversal was posted too.',
  'bill.created': 'A bill was entered: status open (posted, with its journal_entry.created) or draft (not posted).',
  'bill.finalized': 'A draft bill was finalized: now open, and its journal entry posted.',
  'bill.payment_recorded': 'A payment of a bill was recorded; the object is the bill after it.',
  'bill.paid': 'A bill was paid in full (follows the bill.payment_recorded that paid it).',
  'bill.voided': 'A bill was voided; if it was posted, the reversal was posted too.',
  'invoice.credit_applied':
    'Credit from a credit note was applied to an invoice; the object is the invoice after it (invoice.paid follows when nothing is left due).',
  'credit_note.created': 'A credit note was issued and posted (with its journal_entry.created).',
  'credit_note.applied':
    'Credit from a credit note was applied to invoices (each with its invoice.credit_applied); the object is the credit note after it.',
  'credit_note.refunded': 'Credit from a credit note was paid back to the customer (with its journal_entry.created).',
  'credit_note.voided': 'A credit note none of whose credit was used was voided, and the reversal of its posting posted.',
  'sales_receipt.created': 'A sales receipt (a sale paid at once) or a refund receipt was recorded and posted (see kind).',
  'sales_receipt.voided': 'A sales or refund receipt was voided, and the reversal of its posting posted.',
  'webhook_subscription.created': 'A webhook subscription was registered (its signing secret is never part of an event).',
  'webhook_subscription.updated': "A webhook subscription's url, event types or description changed.",
  'webhook_subscription.disabled':
    'A webhook subscription was disabled: by request, or because every delivery failed for a whole retry schedule (data.reason).',
  'webhook_subscription.enabled': 'A disabled webhook subscription was enabled again.',
  'webhook_subscription.secret_rotated': 'A webhook subscription got a new signing secret; the old one signs beside it for 24 hours.',
  'webhook_subscription.test': 'A test event, sent on request to that one subscription only.',
  'api_key.created': 'An API key was created through the API (the object never holds its secret).',
  'api_key.revoked': 'An API key was revoked; it no longer authenticates.',
  'api_key.rolled': 'An API key got a new secret; the old one works until previousSecretExpiresAt.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

/** Events delivered only to the subscription they are about, never to others subscribed to them or to `*`. */
export const PRIVATE_TO_SUBSCRIPTION: readonly string[] = ['webhook_subscription.test'];

export const isEventType = (value: string): value is EventType => Object.hasOwn(EVENT_TYPES, value);

/** Who made a change, as an event tells it (null for events recorded before actors were). */
export type EventActor = { type: 'api_key'; id: string; prefix: string; name: string } | { type: 'system' } | null;

/** An event as webhooks, the REST event log and replays carry it: the same bytes for the same event. */
export function eventBody(event: { id: string; type: string; createdAt: Date; actor: string | null; payload: string }) {
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    actor: (event.actor ? JSON.parse(event.actor) : null) as EventActor,
    data: JSON.parse(event.payload) as Record<string, unknown>,
  };
}
