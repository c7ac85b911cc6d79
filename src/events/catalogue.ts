// Every event type the service emits, with what causes it. GET /api/v1/webhooks lists this catalogue,
// and webhook subscriptions may only name these types (or `*`).
export const EVENT_TYPES = {
  'account.created': 'An account was added to the chart of accounts.',
  'customer.created': 'A customer was created.',
  'customer.updated': 'A customer was changed.',
  'vendor.created': 'A vendor was created.',
  'vendor.updated': 'A vendor was changed.',
  'product.created': 'A product or service was created.',
  'product.updated': 'A product or service was changed.',
  'employee.created': 'An employee was created.',
  'employee.updated': 'An employee was changed.',
  'journal_entry.created': 'A journal entry was posted (manually or by an invoice, payment or reversal).',
  'journal_entry.reversed': 'A journal entry was reversed by a mirror entry.',
  'invoice.created': 'An invoice was created and its journal entry posted.',
  'invoice.payment_recorded': 'A payment was recorded against an invoice.',
  'invoice.paid': 'An invoice was paid in full.',
  'invoice.voided': 'An invoice was voided and its posting reversed.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export const isEventType = (value: string): value is EventType => Object.hasOwn(EVENT_TYPES, value);
