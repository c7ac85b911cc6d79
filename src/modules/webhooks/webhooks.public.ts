// A webhook subscription as the public sees it: the REST v1 body, and `data.object` of its events. The
// signing secret is not part of it (as at Stripe): it is shown once, in the response that registers or
// rotates it, and afterwards only its last four characters, to tell which one is in use.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';

export const WEBHOOK_SUBSCRIPTION = 'webhook_subscription';

export const webhookSubscriptionRepresentation: Representation<PrismaTypes.WebhookSubscriptionGetPayload<object>> = {
  type: WEBHOOK_SUBSCRIPTION,
  load: (db, organizationId, ids) => db.webhookSubscription.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
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

/** A delivery of one event to one subscription, with every attempt (most recent last). */
export const webhookDeliveryRepresentation: Representation<DeliveryRow> = {
  type: WEBHOOK_DELIVERY,
  load: (db, organizationId, ids) =>
    db.webhookDelivery.findMany({ where: { organizationId, id: { in: ids } }, include: { event: { select: { type: true } }, attemptLog: { orderBy: { attemptedAt: 'asc' } } } }),
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
