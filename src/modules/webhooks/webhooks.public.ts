// A webhook subscription as the public sees it: the REST v1 body, and `data.object` of its events. The
// signing secret is not part of it (as at Stripe): it is shown once, in the response that registers or
// rotates it, and afterwards only its last four characters, to tell which one is in use.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S, type Schema } from '../../lib/json-schema.ts';
import { type EventActor, eventBody } from '../../events/catalogue.ts';

export const WEBHOOK_SUBSCRIPTION = 'webhook_subscription';

/** What a subscription shows (REST's registration answer adds the secret to these). */
export const SUBSCRIPTION_PROPERTIES = {
  id: S.id('wh'),
  url: S.string,
  eventTypes: S.array(S.string),
  description: S.nullable(S.string),
  status: { type: 'string', enum: ['enabled', 'disabled'] },
  secretLast4: {
    type: 'string',
    minLength: 4,
    maxLength: 4,
    description: 'The last four characters of the signing secret, to tell which one is in use.',
  },
  createdAt: S.dateTime,
};
const SUBSCRIPTION_SCHEMA = S.object(
  SUBSCRIPTION_PROPERTIES,
  'A webhook subscription. Its signing secret is shown once, when it is registered or rotated; afterwards only its last four characters.',
);

export const webhookSubscriptionRepresentation: Representation<
  PrismaTypes.WebhookSubscriptionGetPayload<object>,
  Infer<typeof SUBSCRIPTION_SCHEMA>
> = {
  type: WEBHOOK_SUBSCRIPTION,
  schema: SUBSCRIPTION_SCHEMA,
  load: (db, organizationId, ids) =>
    db.webhookSubscription.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (w) => ({
    id: w.id,
    url: w.url,
    eventTypes: w.eventTypes.split(','),
    description: w.description,
    status: w.status.toLowerCase(),
    secretLast4: w.secret.slice(-4),
    createdAt: w.createdAt.toISOString(),
  }),
};

export const WEBHOOK_DELIVERY = 'webhook_delivery';

type DeliveryRow = PrismaTypes.WebhookDeliveryGetPayload<{ include: { event: { select: { type: true } }; attemptLog: true } }>;

const DATE_TIME_OR_NULL = S.nullable(S.dateTime);
const DELIVERY_SCHEMA = S.object(
  {
    id: S.id('whd'),
    subscriptionId: S.id('wh'),
    eventId: S.id('evt'),
    eventType: S.string,
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    attemptCount: S.integer,
    nextAttemptAt: DATE_TIME_OR_NULL,
    lastAttemptAt: DATE_TIME_OR_NULL,
    attempts: S.array(
      S.object({
        attemptedAt: S.dateTime,
        durationMs: S.integer,
        responseStatus: S.nullable(S.integer),
        responseBody: S.nullable(S.string),
        error: S.nullable(S.string),
      }),
    ),
    createdAt: S.dateTime,
  },
  'The delivery of one event to one subscription, with every attempt (oldest first).',
);

/** A delivery of one event to one subscription, with every attempt (most recent last). */
export const webhookDeliveryRepresentation: Representation<DeliveryRow, Infer<typeof DELIVERY_SCHEMA>> = {
  type: WEBHOOK_DELIVERY,
  schema: DELIVERY_SCHEMA,
  load: (db, organizationId, ids) =>
    db.webhookDelivery.findMany({
      where: { organizationId, id: { in: ids } },
      include: { event: { select: { type: true } }, attemptLog: { orderBy: { attemptedAt: 'asc' } } },
    }),
  render: (d) => ({
    id: d.id,
    subscriptionId: d.subscriptionId,
    eventId: d.eventId,
    eventType: d.event.type,
    status: d.status.toLowerCase(),
    attemptCount: d.attempts,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    attempts: d.attemptLog.map((a) => ({
      attemptedAt: a.attemptedAt.toISOString(),
      durationMs: a.durationMs,
      responseStatus: a.responseStatus,
      responseBody: a.responseBody,
      error: a.error,
    })),
    createdAt: d.createdAt.toISOString(),
  }),
};

export const EVENT = 'event';

const EVENT_SCHEMA = S.objectWithOptional(
  {
    id: S.id('evt'),
    type: S.string,
    createdAt: S.dateTime,
    actor: {
      type: ['object', 'null'],
      description:
        'Who made the change: `{ type: "api_key", id, prefix, name }` or `{ type: "system" }`; null for events recorded before ' +
        'actors were.',
      properties: { type: { type: 'string', enum: ['api_key', 'system'] }, id: S.id('key'), prefix: S.string, name: S.string },
      required: ['type'],
      additionalProperties: false,
    } as Schema<EventActor>,
    data: {
      type: 'object',
      description:
        '`object`: the resource after the change; `previousAttributes` on updates; `reason` when the service acted by itself. ' +
        'Empty once the event is pruned.',
    } as Schema<Record<string, unknown>>,
  },
  {
    prunedAt: {
      ...S.dateTime,
      description: 'Present once its data was pruned (EVENT_RETENTION_DAYS after it, default 30): the event stays as the audit trail.',
    },
  },
  'An event of the log, exactly as webhooks deliver it.',
);

/** An event: the same body webhooks deliver, the REST event log lists and replays repeat. */
export const eventRepresentation: Representation<PrismaTypes.EventGetPayload<object>, Infer<typeof EVENT_SCHEMA>> = {
  type: EVENT,
  schema: EVENT_SCHEMA,
  load: (db, organizationId, ids) => db.event.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  // The row alone: the REST list reads its page's rows at once (narrowed to the key's readable resources, as the list is).
  query: {},
  render: (event) => eventBody(event),
};
