// Webhook subscriptions: where to deliver which events, and the deliveries each event makes. Sending them is the events module's job.
import { randomBytes } from 'node:crypto';
import type { PrismaTypes } from '../../db/database.ts';
import { EVENT_TYPES, isEventType, PRIVATE_TO_SUBSCRIPTION } from '../../events/catalogue.ts';
import type { LoggedEvent } from '../../events/bus.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { insertRows } from '../../db/insert.ts';
import type { RawSql } from '../../db/sql.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { refusedTarget } from '../../lib/targets.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { echo } from '../../lib/text.ts';
import { changedColumns } from '../../lib/columns.ts';
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { assertMayReceive, mayReadEvents, readableEventResources, type Scope } from '../../core/scopes.ts';
import { WEBHOOK_DELIVERY, WEBHOOK_SUBSCRIPTION, webhookDeliveryRepresentation } from './webhooks.public.ts';

export interface WebhookInput {
  url?: string | null;
  eventTypes?: string[] | null;
  description?: string | null;
}

export const eventCatalogue = () => Object.entries(EVENT_TYPES).map(([type, description]) => ({ type, description }));

export function webhookWhere(organizationId: string): PrismaTypes.WebhookSubscriptionWhereInput {
  return { organizationId };
}

export interface EventFilter {
  type?: string | null;
  resourceType?: string | null;
  resourceId?: string | null;
  apiKeyId?: string | null;
  /** On or after this time. */
  from?: Date | null;
  /** Before this time. */
  to?: Date | null;
}

/**
 * The organization's events that match the filter, among those whose resources `readable` names (the
 * resource types the key may read; all when undefined).
 */
export function eventWhere(organizationId: string, filter: EventFilter = {}, readable?: string[]): PrismaTypes.EventWhereInput {
  if (filter.type && !isEventType(filter.type))
    throw validationError([
      { path: 'type', message: `${echo(filter.type)} is not an event type (the list: GET /api/v1/webhooks or webhookEventTypes)` },
    ]);
  const resourceTypes = filter.resourceType ? (readable && !readable.includes(filter.resourceType) ? [] : [filter.resourceType]) : readable;
  return {
    organizationId,
    ...(filter.type ? { type: filter.type } : {}),
    ...(resourceTypes ? { resourceType: { in: resourceTypes } } : {}),
    ...(filter.resourceId ? { resourceId: filter.resourceId } : {}),
    ...(filter.apiKeyId ? { actorKeyId: filter.apiKeyId } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } }
      : {}),
  };
}

/** Where a webhook URL points, judged before its write: the reason it may not receive webhooks, if any. */
export interface TargetVerdict {
  refusal?: string;
}

/**
 * Judges the target of `url` (the address rules of lib/targets.ts) BEFORE the write's transaction opens:
 * resolving a host name can take seconds, and a transaction must not wait on the network (on SQLite every
 * other write waits for it; on PostgreSQL it holds a connection and the organization's lock). The write
 * refuses with the verdict after its idempotency check, so a replayed request still answers as it did.
 * A URL that does not parse gets no verdict: the write refuses its form.
 */
export async function judgeWebhookTarget(url: string | null | undefined, policy: { allowPrivateTargets: boolean }): Promise<TargetVerdict> {
  if (typeof url !== 'string') return {};
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return {};
  }
  return { refusal: await refusedTarget(parsed, policy.allowPrivateTargets) };
}

/** Checks the subscription fields given; absent fields stay absent (for updates). */
function subscriptionColumns(input: WebhookInput, target: TargetVerdict, creating: boolean) {
  const check = new Checker();
  let url = check.text('url', input.url, { required: creating || input.url !== undefined, max: 2000 });
  if (url) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      check.fail('url', 'must be an absolute http:// or https:// URL');
    }
    if (parsed && target.refusal) check.fail('url', target.refusal);
    // Kept and shown as it is parsed, the address deliveries go to (`http://a\@b/` is host a, path /@b/).
    if (parsed) url = parsed.href;
  }
  let eventTypes: string | undefined;
  if (creating || input.eventTypes !== undefined) {
    const types = input.eventTypes ?? [];
    if (types.length === 0) check.fail('eventTypes', 'list at least one event type, or "*" for all');
    types.forEach((type, i) => {
      if (type !== '*' && !isEventType(type))
        check.fail(`eventTypes.${i}`, `${echo(type)} is not an event type; GET /api/v1/webhooks lists them`);
    });
    eventTypes = [...new Set(types)].join(',');
  }
  const description = check.text('description', input.description, { max: 500 });
  check.done();
  return { url, eventTypes, description };
}

/** Standard Webhooks secret format: whsec_ + base64 of 24 random bytes. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;

export async function registerWebhook(scope: WriteScope, input: WebhookInput, target: TargetVerdict, granted: ReadonlySet<Scope>) {
  assertMayReceive(granted, input.eventTypes ?? []);
  const { url, eventTypes, description } = subscriptionColumns(input, target, true);
  const subscription = await scope.prisma.webhookSubscription.create({
    data: {
      id: newId('WebhookSubscription'),
      organizationId: scope.organizationId,
      createdAt: scope.now,
      updatedAt: scope.now,
      url: url!,
      eventTypes: eventTypes!,
      description: description ?? null,
      secret: newSecret(),
    },
  });
  return change(WEBHOOK_SUBSCRIPTION, subscription, [
    { type: 'webhook_subscription.created', resource: { type: WEBHOOK_SUBSCRIPTION, id: subscription.id, row: subscription } },
  ]);
}

/**
 * The organization's subscription `id`, which the asking key may manage: one whose event types its own
 * scopes could have subscribed to (the rule of registration). A narrower key could otherwise point a
 * subscription to every event at a URL of its choosing, or take its secret.
 */
async function manageableSubscription(scope: WriteScope, id: string, granted: ReadonlySet<Scope>) {
  const subscription = await scope.prisma.webhookSubscription.findFirst({ where: { id, organizationId: scope.organizationId } });
  if (!subscription) throw notFound('webhook subscription', id);
  assertMayReceive(granted, subscription.eventTypes.split(','), 'change this subscription, which receives');
  return subscription;
}

const subscriptionRef = (row: { id: string }) => ({ type: WEBHOOK_SUBSCRIPTION, id: row.id, row });

/** Changes url, event types or description; a change that changes nothing writes nothing. */
export async function updateWebhookSubscription(
  scope: WriteScope,
  id: string,
  input: WebhookInput,
  target: TargetVerdict,
  granted: ReadonlySet<Scope>,
) {
  const before = await manageableSubscription(scope, id, granted);
  assertMayReceive(granted, input.eventTypes ?? []);
  const changed = changedColumns(before, subscriptionColumns(input, target, false));
  if (Object.keys(changed).length === 0) return change(WEBHOOK_SUBSCRIPTION, before);
  const subscription = await scope.prisma.webhookSubscription.update({ where: { id }, data: { ...changed, updatedAt: scope.now } });
  return change(WEBHOOK_SUBSCRIPTION, subscription, [
    { type: 'webhook_subscription.updated', resource: subscriptionRef(subscription), before },
  ]);
}

/**
 * Stops deliveries: by a person, or by the dispatcher when nothing got through for a whole retry
 * schedule (`reason` says so in the event).
 */
export async function disableWebhookSubscription(scope: WriteScope, id: string, granted: ReadonlySet<Scope>, reason?: string) {
  const before = await manageableSubscription(scope, id, granted);
  if (before.status === 'DISABLED') return change(WEBHOOK_SUBSCRIPTION, before);
  const subscription = await scope.prisma.webhookSubscription.update({ where: { id }, data: { status: 'DISABLED', updatedAt: scope.now } });
  return change(WEBHOOK_SUBSCRIPTION, subscription, [
    { type: 'webhook_subscription.disabled', resource: subscriptionRef(subscription), before, reason },
  ]);
}

/** Resumes deliveries (of events relayed from now on) with a clean failure record. */
export async function enableWebhookSubscription(scope: WriteScope, id: string, granted: ReadonlySet<Scope>) {
  const before = await manageableSubscription(scope, id, granted);
  if (before.status === 'ENABLED') return change(WEBHOOK_SUBSCRIPTION, before);
  const subscription = await scope.prisma.webhookSubscription.update({
    where: { id },
    data: { status: 'ENABLED', failingSince: null, updatedAt: scope.now },
  });
  return change(WEBHOOK_SUBSCRIPTION, subscription, [
    { type: 'webhook_subscription.enabled', resource: subscriptionRef(subscription), before },
  ]);
}

/** A new signing secret; the old one keeps signing beside it for 24 hours, so receivers can switch over. */
export async function rotateWebhookSecret(scope: WriteScope, id: string, granted: ReadonlySet<Scope>) {
  const before = await manageableSubscription(scope, id, granted);
  const subscription = await scope.prisma.webhookSubscription.update({
    where: { id },
    data: {
      secret: newSecret(),
      previousSecret: before.secret,
      previousSecretExpiresAt: new Date(scope.now.getTime() + PREVIOUS_SECRET_TTL_MS),
      updatedAt: scope.now,
    },
  });
  return change(WEBHOOK_SUBSCRIPTION, subscription, [
    { type: 'webhook_subscription.secret_rotated', resource: subscriptionRef(subscription) },
  ]);
}

/** Sends a `webhook_subscription.test` event to this subscription only (whatever its event types). */
export async function sendTestWebhook(scope: WriteScope, id: string, granted: ReadonlySet<Scope>) {
  const subscription = await manageableSubscription(scope, id, granted);
  if (subscription.status !== 'ENABLED') throw new AppError('INVALID_STATE', `Webhook subscription ${id} is disabled; enable it first`);
  return change(WEBHOOK_SUBSCRIPTION, subscription, [{ type: 'webhook_subscription.test', resource: subscriptionRef(subscription) }]);
}

/**
 * Sends an event to the subscription again (now, with a fresh retry schedule), delivered before or not:
 * only an event the subscription receives (its types, or one private to it) and the key may read.
 */
export async function redeliverWebhookEvent(scope: WriteScope, id: string, eventId: string, granted: ReadonlySet<Scope>) {
  const subscription = await manageableSubscription(scope, id, granted);
  const event = await scope.prisma.event.findFirst({
    where: { id: eventId, organizationId: scope.organizationId },
    select: { id: true, seq: true, type: true, resourceType: true, resourceId: true, prunedAt: true },
  });
  // An event the key may not read is answered as one that is not there: its existence is not the key's to learn.
  if (!event || !mayReadEvents(granted, event.resourceType))
    throw validationError([{ path: 'eventId', message: `no event with id "${eventId}"` }]);
  if (event.prunedAt)
    throw validationError([
      {
        path: 'eventId',
        message: `${eventId}'s data was pruned on ${event.prunedAt.toISOString().slice(0, 10)}: there is nothing to send`,
      },
    ]);
  if (!receives({ id, types: new Set(subscription.eventTypes.split(',')) }, event)) {
    throw validationError([
      {
        path: 'eventId',
        message:
          `${eventId} is a ${event.type} event, which this subscription does not receive (it receives ` +
          `${subscription.eventTypes.split(',').join(', ')})`,
      },
    ]);
  }
  const again = { status: 'PENDING' as const, attempts: 0, nextAttemptAt: scope.now, leaseUntil: null, updatedAt: scope.now };
  const delivery = await scope.prisma.webhookDelivery.upsert({
    where: { subscriptionId_eventId: { subscriptionId: id, eventId } },
    update: again,
    create: {
      id: newId('WebhookDelivery'),
      organizationId: scope.organizationId,
      subscriptionId: id,
      eventId,
      eventSeq: event.seq,
      createdAt: scope.now,
      ...again,
    },
  });
  const [row] = await webhookDeliveryRepresentation.load(scope.prisma, scope.organizationId, [delivery.id]);
  return change(WEBHOOK_DELIVERY, row);
}

/** Whether a subscription receives an event: one of its types (`*`: all), or an event private to it (its test, its disabling). */
function receives(subscription: { id: string; types: ReadonlySet<string> }, event: { type: string; resourceId: string }) {
  if (PRIVATE_TO_SUBSCRIPTION.includes(event.type)) return subscription.id === event.resourceId;
  return subscription.types.has('*') || subscription.types.has(event.type);
}

/** The events a key may read, as a condition on the event (none when it may read them all). */
export function readableEvents(granted: ReadonlySet<Scope>): { resourceType?: { in: string[] } } {
  const readable = readableEventResources(granted);
  return readable ? { resourceType: { in: readable } } : {};
}

/** The deliveries a key may see: those of events it may read (a delivery names its event's id and type). */
export function readableDeliveries(granted: ReadonlySet<Scope>): PrismaTypes.WebhookDeliveryWhereInput {
  const events = readableEvents(granted);
  return events.resourceType ? { event: events } : {};
}

const DELIVERY_COLUMNS = [
  'id',
  'organizationId',
  'subscriptionId',
  'eventId',
  'eventSeq',
  'nextAttemptAt',
  'createdAt',
  'updatedAt',
] as const;

/**
 * Records one webhook delivery per (event, matching enabled subscription), in the transaction that relays
 * the events (the relay calls it through the registry); returns how many. A subscription matches its
 * organization's events of the types it names (`*`: all); an event private to one subscription (its test
 * event, its disabling) goes to that subscription only.
 */
export async function recordWebhookDeliveries(sql: RawSql, events: LoggedEvent[], now: Date): Promise<number> {
  const organizations = [...new Set(events.map((e) => e.organizationId))];
  // Raw statements: every write runs this (src/db/sql.ts says why). The status is a literal, which
  // PostgreSQL reads as its enum type (a bound text parameter would not compare with an enum).
  const rows = await sql.$queryRaw<{ id: string; organizationId: string; eventTypes: string }[]>(
    Prisma.sql`SELECT "id", "organizationId", "eventTypes" FROM "WebhookSubscription" WHERE "organizationId" IN
      (${Prisma.join(organizations)}) AND "status" = 'ENABLED'`,
  );
  if (rows.length === 0) return 0;
  const subscriptions = rows.map((s) => ({ ...s, types: new Set(s.eventTypes.split(',')) }));
  const deliveries = events.flatMap((event) =>
    subscriptions
      .filter((s) => s.organizationId === event.organizationId && receives(s, event))
      .map((s) => ({
        id: newId('WebhookDelivery'),
        organizationId: event.organizationId,
        subscriptionId: s.id,
        eventId: event.id,
        eventSeq: event.seq,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
  );
  // status and attempts take their column defaults (PENDING, 0).
  await insertRows(sql, 'WebhookDelivery', DELIVERY_COLUMNS, deliveries);
  return deliveries.length;
}
