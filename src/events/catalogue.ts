// Every event type the service emits, with the change that causes it: one event per state change, and
// only when something really changed (an update that changes nothing emits nothing). Each event's
// `data.object` is the resource after the change, in the same shape as `GET /api/v1/<resource>/{id}`;
// `*.updated` events also carry `data.previousAttributes` (the old values of the fields that changed).
// Derived figures (balances, amount due after a payment on another document) are not state changes of
// their own resource and emit nothing. GET /api/v1/webhooks lists this catalogue, which each module's
// declaration.ts fills with its own events.
import { declared } from '../declarations.ts';

export const EVENT_TYPES = declared('events');

export type EventType = keyof typeof EVENT_TYPES;

/** Events delivered only to the subscription they are about, never to others subscribed to them or to `*`. */
export const PRIVATE_TO_SUBSCRIPTION: readonly string[] = ['webhook_subscription.test'];

export const isEventType = (value: string): value is EventType => Object.hasOwn(EVENT_TYPES, value);

/** Who made a change, as an event tells it (null for events recorded before actors were). */
export type EventActor = { type: 'api_key'; id: string; prefix: string; name: string } | { type: 'system' } | null;

/**
 * An event as webhooks, the REST event log and replays carry it: the same bytes for the same event. A
 * pruned event (events/retention.ts) has empty data and says when it was pruned.
 */
export function eventBody(event: {
  id: string;
  type: string;
  createdAt: Date;
  actor: string | null;
  payload: string;
  prunedAt?: Date | null;
}) {
  const body = {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    actor: (event.actor ? JSON.parse(event.actor) : null) as EventActor,
    data: JSON.parse(event.payload) as Record<string, unknown>,
  };
  return event.prunedAt ? { ...body, prunedAt: event.prunedAt.toISOString() } : body;
}
