// A webhook subscription as the public sees it: the REST v1 body, and `data.object` of its events. The
// signing secret is not part of it: it is shown once, in the response that registers the subscription,
// and never travels in an event.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';

export const WEBHOOK_SUBSCRIPTION = 'webhook_subscription';

export const webhookSubscriptionRepresentation: Representation<PrismaTypes.WebhookSubscriptionGetPayload<object>> = {
  type: WEBHOOK_SUBSCRIPTION,
  load: (db, organizationId, ids) => db.webhookSubscription.findMany({ where: { organizationId, id: { in: ids } } }),
  render: (w) => ({
    id: w.id,
    url: w.url,
    eventTypes: w.eventTypes.split(','),
    description: w.description,
    status: w.status.toLowerCase(),
    createdAt: w.createdAt.toISOString(),
  }),
};
