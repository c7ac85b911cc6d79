// Webhook subscriptions: where to deliver which events. Delivery itself is the events module's job.
import { randomBytes } from 'node:crypto';
import type { PrismaTypes } from '../../db/database.ts';
import { EVENT_TYPES, isEventType } from '../../events/catalogue.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { refusedTarget } from '../../lib/targets.ts';
import { notFound } from '../../lib/errors.ts';
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { WEBHOOK_SUBSCRIPTION } from './webhooks.public.ts';

export interface WebhookInput {
  url?: string | null;
  eventTypes?: string[] | null;
  description?: string | null;
}

export const eventCatalogue = () => Object.entries(EVENT_TYPES).map(([type, description]) => ({ type, description }));

export function webhookWhere(organizationId: string): PrismaTypes.WebhookSubscriptionWhereInput {
  return { organizationId };
}

export function eventWhere(organizationId: string, filter: { type?: string | null; resourceId?: string | null } = {}): PrismaTypes.EventWhereInput {
  return { organizationId, ...(filter.type ? { type: filter.type } : {}), ...(filter.resourceId ? { resourceId: filter.resourceId } : {}) };
}

export async function registerWebhook(scope: WriteScope, input: WebhookInput, policy: { allowPrivateTargets: boolean }) {
  const check = new Checker();
  const url = check.text('url', input.url, { required: true, max: 2000 });
  if (url) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      check.fail('url', 'must be an absolute http:// or https:// URL');
    }
    const refused = parsed && (await refusedTarget(parsed, policy.allowPrivateTargets));
    if (refused) check.fail('url', refused);
  }
  const types = input.eventTypes ?? [];
  if (types.length === 0) check.fail('eventTypes', 'list at least one event type, or "*" for all');
  types.forEach((type, i) => {
    if (type !== '*' && !isEventType(type)) check.fail(`eventTypes.${i}`, `"${type}" is not an event type; GET /api/v1/webhooks lists them`);
  });
  const description = check.text('description', input.description, { max: 500 });
  check.done();
  const subscription = await scope.prisma.webhookSubscription.create({
    data: {
      id: newId('WebhookSubscription'),
      organizationId: scope.organizationId,
      createdAt: scope.now,
      updatedAt: scope.now,
      url: url!,
      eventTypes: [...new Set(types)].join(','),
      description: description ?? null,
      // Standard Webhooks secret format: whsec_ + base64 of 24 random bytes.
      secret: `whsec_${randomBytes(24).toString('base64')}`,
    },
  });
  return change(WEBHOOK_SUBSCRIPTION, subscription, [{ type: 'webhook_subscription.created', resource: { type: WEBHOOK_SUBSCRIPTION, id: subscription.id, row: subscription } }]);
}

/** Disables a subscription that could not be delivered to (the dispatcher's verdict), with its event. */
export async function disableWebhookSubscription(scope: WriteScope, id: string, reason: string) {
  const before = await scope.prisma.webhookSubscription.findFirst({ where: { id, organizationId: scope.organizationId } });
  if (!before) throw notFound('webhook subscription', id);
  if (before.status === 'DISABLED') return change(WEBHOOK_SUBSCRIPTION, before);
  const subscription = await scope.prisma.webhookSubscription.update({ where: { id }, data: { status: 'DISABLED', updatedAt: scope.now } });
  return change(WEBHOOK_SUBSCRIPTION, subscription, [{ type: 'webhook_subscription.disabled', resource: { type: WEBHOOK_SUBSCRIPTION, id, row: subscription }, before, reason }]);
}
