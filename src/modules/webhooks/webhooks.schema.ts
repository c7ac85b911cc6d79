import type { GraphQLContext } from '../../graphql/context.ts';
import { issuedSecret, rememberIssuedSecret } from '../../graphql/issued-secrets.ts';
import { requires } from '../../graphql/scopes.ts';
import { assertMayReceive, readableEventResources, type Scope } from '../../core/scopes.ts';
import { eventStream, positionAfter } from '../../events/stream.ts';
import { builder, tenantNode } from '../../graphql/builder.ts';
import { type EventActor, isEventType } from '../../events/catalogue.ts';
import { validationError } from '../../lib/errors.ts';
import { echo } from '../../lib/text.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { actionMutation, createMutation, updateMutation } from '../../graphql/mutations.ts';
import { connectionMaxSize } from '../../graphql/lists.ts';
import {
  disableWebhookSubscription,
  enableWebhookSubscription,
  eventCatalogue,
  type EventFilter,
  eventWhere,
  judgeWebhookTarget,
  readableDeliveries,
  readableEvents,
  redeliverWebhookEvent,
  registerWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  type TargetVerdict,
  updateWebhookSubscription,
  type WebhookInput,
  webhookWhere,
} from './webhooks.service.ts';

const WebhookEventTypeRef = builder.objectRef<{ type: string; description: string }>('WebhookEventType').implement({
  description: 'An event type one can subscribe to.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'The type name, e.g. invoice.paid.' }),
    description: t.exposeString('description', { description: 'When it is emitted.' }),
  }),
});

builder.queryField('webhookEventTypes', (t) =>
  t.field({
    type: [WebhookEventTypeRef],
    extensions: requires(null),
    description: 'Every event type the service emits.',
    resolve: () => eventCatalogue(),
  }),
);

export const WebhookSubscriptionRef = builder.prismaNode('WebhookSubscription', {
  description: 'A URL that receives signed event deliveries (Standard Webhooks).',
  ...tenantNode('The subscription id (`wh_…`).'),
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where deliveries are POSTed.' }),
    eventTypes: t.stringList({ description: 'Subscribed event types; "*" means all.', resolve: (w) => w.eventTypes.split(',') }),
    description: t.exposeString('description', { nullable: true, description: 'What the endpoint is for.' }),
    status: t.string({ description: 'enabled or disabled.', resolve: (w) => w.status.toLowerCase() }),
    // Shown once, like Stripe: only in the answer of the mutation that made it (never on its replay).
    secretLast4: t.string({
      description: 'The last four characters of the signing secret, to tell which one is in use.',
      resolve: (w) => w.secret.slice(-4),
    }),
    secret: t.string({
      nullable: true,
      description:
        'Signing secret (`whsec_…`) to verify the webhook-signature header with. Returned only by the registerWebhook or ' +
        'rotateWebhookSecret that made it; null everywhere else (an idempotent replay included).',
      resolve: (w, _args, ctx) => issuedSecret(ctx, w.id),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was registered.' }),
  }),
});

const EventActorRef = builder.objectRef<NonNullable<EventActor>>('EventActor').implement({
  description: 'Who made a change. Keys revoked or expired since keep their names here.',
  fields: (t) => ({
    type: t.string({
      description: '`api_key`, or `system` for what the service did by itself (e.g. disabling a failing webhook).',
      resolve: (a) => a.type,
    }),
    apiKeyId: t.id({ nullable: true, description: "The key's id (`key_…`).", resolve: (a) => (a.type === 'api_key' ? a.id : null) }),
    prefix: t.string({
      nullable: true,
      description: "The key's prefix, as its holder sees it in the key.",
      resolve: (a) => (a.type === 'api_key' ? a.prefix : null),
    }),
    name: t.string({
      nullable: true,
      description: "The key's name when it made the change.",
      resolve: (a) => (a.type === 'api_key' ? a.name : null),
    }),
  }),
});

export const EventRef = builder.prismaNode('Event', {
  description: 'Something that happened in the books, in order. Webhooks and subscriptions deliver these.',
  ...tenantNode('The event id (`evt_…`).'),
  // By id too, a key reads only events about resources it may read (as the list filters them).
  findUnique: (id, ctx) => ({ id, organizationId: ctx.organizationId, ...readableEvents(ctx.apiKey.scopes) }),
  fields: (t) => ({
    type: t.exposeString('type', { description: 'Event type, e.g. invoice.created.' }),
    sequence: t.exposeInt('seq', { description: 'Position in the event log; later events have larger numbers.' }),
    resourceType: t.exposeString('resourceType', { description: 'Type of the object concerned, e.g. invoice.' }),
    resourceId: t.exposeString('resourceId', { description: 'Id of the object concerned.' }),
    data: t.field({
      type: 'JSON',
      description:
        'The event data: `object` is the resource as it was after the change. Empty once pruned (EVENT_RETENTION_DAYS after it).',
      resolve: (e) => JSON.parse(e.payload),
    }),
    prunedAt: t.expose('prunedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When its data was pruned; the event itself (type, resource, time, actor) stays as the audit trail.',
    }),
    actor: t.field({
      type: EventActorRef,
      nullable: true,
      description: 'Who made the change: an API key, or the service itself; null for events recorded before actors were.',
      resolve: (e) => (e.actor ? (JSON.parse(e.actor) as NonNullable<EventActor>) : null),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it happened.' }),
  }),
});

const EmptyFilter = builder.inputType('WebhookSubscriptionFilter', {
  description: 'Reserved for future filters.',
  fields: (t) => ({ url: t.string({ description: 'Exact URL.' }) }),
});
listFields<{ url?: string | null }>({
  plural: 'webhookSubscriptions',
  model: 'WebhookSubscription',
  nodeRef: WebhookSubscriptionRef,
  description: 'webhook subscriptions',
  filterInput: EmptyFilter,
  order: orderInput('WebhookSubscription', { CREATED_AT: { column: 'createdAt', description: 'By registration time.' } }, 'CREATED_AT'),
  where: (ctx, filter) => ({ ...webhookWhere(ctx.organizationId), ...(filter?.url ? { url: filter.url } : {}) }),
});

const EventFilterInput = builder.inputType('EventFilter', {
  description: 'Narrows the event log (a key sees only events about resources it may read).',
  fields: (t) => ({
    type: t.string({ description: 'Only this event type.' }),
    resourceType: t.string({ description: 'Only events about this kind of resource, e.g. invoice.' }),
    resourceId: t.id({ description: 'Only events about this object: its history.' }),
    apiKeyId: t.id({ description: 'Only changes made by this API key (`key_…`).' }),
    from: t.field({ type: 'DateTime', description: 'At or after this time.' }),
    to: t.field({ type: 'DateTime', description: 'Before this time.' }),
  }),
});
listFields<EventFilter>({
  plural: 'events',
  model: 'Event',
  nodeRef: EventRef,
  description: 'events',
  filterInput: EventFilterInput,
  order: orderInput('Event', { SEQUENCE: { column: 'seq', unique: true, description: 'In the order they happened.' } }, 'SEQUENCE'),
  where: (ctx, filter) => eventWhere(ctx.organizationId, filter, readableEventResources(ctx.apiKey.scopes)),
});

const RegisterWebhookInput = builder.inputType('RegisterWebhookInput', {
  description: 'A webhook endpoint to deliver events to.',
  fields: (t) => ({
    url: t.string({ required: true, description: 'An http(s) URL that accepts POSTed JSON.' }),
    eventTypes: t.stringList({ required: true, description: 'Event types to deliver (see webhookEventTypes), or ["*"] for all.' }),
    description: t.string({ description: 'What the endpoint is for.' }),
  }),
});

createMutation<WebhookInput, TargetVerdict>({
  name: 'registerWebhook',
  model: 'WebhookSubscription',
  input: RegisterWebhookInput,
  description: 'Registers a webhook endpoint. Deliveries are signed per Standard Webhooks with the returned secret.',
  prepare: (input, ctx) => {
    assertMayReceive(ctx.apiKey.scopes, input.eventTypes ?? []); // before a slow lookup of the URL's host
    return judgeWebhookTarget(input.url, { allowPrivateTargets: ctx.settings.allowPrivateWebhookTargets });
  },
  run: async (scope, input, ctx, target) => {
    const change = await registerWebhook(scope, input, target, ctx.apiKey.scopes);
    rememberIssuedSecret(ctx, change.result.id, change.result.row.secret);
    return change;
  },
});

builder.subscriptionField('events', (t) =>
  t.field({
    type: EventRef,
    extensions: requires('events:read'),
    description:
      "Your organization's events as they commit, in order. With `after` (an event id), first every event after it from the log, " +
      'then live ones, with no gap and no duplicate: reconnect with the last id you saw.',
    args: {
      types: t.arg.stringList({ description: 'Only these event types (see webhookEventTypes); all when omitted.' }),
      after: t.arg.id({ description: 'Replay the log after this event first.' }),
    },
    subscribe: async (_root, args, ctx) => {
      const types = args.types ?? undefined;
      const bad = (types ?? []).map((type, i) => ({ type, i })).filter(({ type }) => !isEventType(type));
      if (bad.length)
        throw validationError(bad.map(({ type, i }) => ({ path: `types.${i}`, message: `${echo(type)} is not an event type` })));
      const readableTypes = readableEventResources(ctx.apiKey.scopes);
      const afterSeq = await positionAfter(ctx.prisma, ctx.organizationId, args.after, readableTypes);
      const readable = readableTypes && ((resourceType: string) => readableTypes.includes(resourceType));
      return eventStream({
        prisma: ctx.prisma,
        bus: ctx.liveEvents,
        organizationId: ctx.organizationId,
        types,
        readable,
        afterSeq,
        maxWaiting: ctx.settings.subscriptionBacklog,
      });
    },
    resolve: (event) => event as never,
  }),
);

const DeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where a delivery stands.',
  values: {
    PENDING: { description: 'Not delivered yet: due now or waiting for a retry.' },
    SUCCEEDED: { description: 'The receiver answered 2xx.' },
    FAILED: { description: 'Every attempt of the retry schedule failed.' },
  },
});

const WebhookAttemptRef = builder.prismaObject('WebhookDeliveryAttempt', {
  description: 'One try at delivering a webhook.',
  fields: (t) => ({
    attemptedAt: t.expose('attemptedAt', { type: 'DateTime', description: 'When it was sent.' }),
    durationMs: t.exposeInt('durationMs', { description: 'How long until the answer (or the failure), in milliseconds.' }),
    responseStatus: t.exposeInt('responseStatus', { nullable: true, description: "The receiver's HTTP status; null when no answer came." }),
    responseBody: t.exposeString('responseBody', { nullable: true, description: "The first 1 KB of the receiver's answer." }),
    error: t.exposeString('error', { nullable: true, description: 'Why it failed, if it did.' }),
  }),
});

export const WebhookDeliveryRef = builder.prismaObject('WebhookDelivery', {
  description: 'The delivery of one event to one webhook subscription, with its attempts.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The delivery id (`whd_…`).' }),
    event: t.relation('event', { description: 'The event delivered.' }),
    subscription: t.relation('subscription', { description: 'Where it goes.' }),
    status: t.expose('status', { type: DeliveryStatusEnum, description: 'Pending, succeeded or failed.' }),
    attemptCount: t.exposeInt('attempts', { description: 'Attempts so far.' }),
    nextAttemptAt: t.expose('nextAttemptAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the next attempt is due, while pending.',
    }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true, description: 'When it was last tried.' }),
    attempts: t.relation('attemptLog', { description: 'Every attempt, oldest first.', query: { orderBy: { attemptedAt: 'asc' } } }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the event was handed to this subscription.' }),
  }),
});
void WebhookAttemptRef;

builder.prismaObjectField('WebhookSubscription', 'deliveries', (t) =>
  t.relatedConnection('deliveries', {
    cursor: 'id',
    maxSize: connectionMaxSize,
    totalCount: true,
    description: 'Deliveries to this subscription, newest first (of events about resources the key may read).',
    query: (_args, ctx) => ({ where: readableDeliveries(ctx.apiKey.scopes), orderBy: [{ eventSeq: 'desc' }, { id: 'desc' }] }),
  }),
);

const DeliveryFilter = builder.inputType('WebhookDeliveryFilter', {
  description: 'Narrows the deliveries list.',
  fields: (t) => ({
    subscriptionId: t.id({ description: 'Only deliveries to this subscription.' }),
    eventId: t.id({ description: 'Only deliveries of this event.' }),
    status: t.field({ type: DeliveryStatusEnum, description: 'Only deliveries in this state.' }),
  }),
});
listFields<{ subscriptionId?: string | null; eventId?: string | null; status?: 'PENDING' | 'SUCCEEDED' | 'FAILED' | null }>({
  plural: 'webhookDeliveries',
  model: 'WebhookDelivery',
  nodeRef: WebhookDeliveryRef,
  description: 'webhook deliveries',
  filterInput: DeliveryFilter,
  order: orderInput(
    'WebhookDelivery',
    { CREATED_AT: { column: 'createdAt', description: 'By when the event was handed over.' } },
    'CREATED_AT',
  ),
  where: (ctx, f = {}) => ({
    organizationId: ctx.organizationId,
    ...readableDeliveries(ctx.apiKey.scopes),
    ...(f.subscriptionId ? { subscriptionId: f.subscriptionId } : {}),
    ...(f.eventId ? { eventId: f.eventId } : {}),
    ...(f.status ? { status: f.status } : {}),
  }),
});

const UpdateWebhookInput = builder.inputType('UpdateWebhookSubscriptionInput', {
  description: 'Changes to a webhook subscription; only the fields given change.',
  fields: (t) => ({
    url: t.string({ description: 'A new http(s) URL.' }),
    eventTypes: t.stringList({ description: 'The event types to deliver, or ["*"].' }),
    description: t.string({ description: 'What the endpoint is for.' }),
  }),
});

updateMutation<WebhookInput, TargetVerdict>({
  name: 'updateWebhookSubscription',
  model: 'WebhookSubscription',
  label: 'webhook subscription',
  input: UpdateWebhookInput,
  description: "Changes a webhook subscription's url, event types or description.",
  prepare: (input, ctx) => {
    assertMayReceive(ctx.apiKey.scopes, input.eventTypes ?? []);
    return judgeWebhookTarget(input.url, { allowPrivateTargets: ctx.settings.allowPrivateWebhookTargets });
  },
  run: (scope, id, input, ctx, target) => updateWebhookSubscription(scope, id, input, target, ctx.apiKey.scopes),
});

for (const [name, description, run] of [
  [
    'disableWebhookSubscription',
    'Stops deliveries to a subscription.',
    (scope: WriteScope, id: string, granted: ReadonlySet<Scope>) => disableWebhookSubscription(scope, id, granted),
  ],
  ['enableWebhookSubscription', 'Resumes deliveries to a disabled subscription (events from now on).', enableWebhookSubscription],
  [
    'rotateWebhookSecret',
    'Gives the subscription a new signing secret (returned in `secret`, this once); the old one signs beside it for 24 hours.',
    async (scope: WriteScope, id: string, granted: ReadonlySet<Scope>, ctx: GraphQLContext) => {
      const change = await rotateWebhookSecret(scope, id, granted);
      rememberIssuedSecret(ctx, id, change.result.row.secret);
      return change;
    },
  ],
  ['sendTestWebhook', 'Sends a webhook_subscription.test event to this subscription only.', sendTestWebhook],
] as const) {
  actionMutation<Record<string, never>>({
    name,
    model: 'WebhookSubscription',
    label: 'webhook subscription',
    description,
    run: (scope, id, _input, ctx) => run(scope, id, ctx.apiKey.scopes, ctx),
  });
}

const RedeliverInput = builder.inputType('RedeliverWebhookEventInput', {
  description: 'The event to send again.',
  fields: (t) => ({ eventId: t.id({ required: true, description: 'An event of your organization (`evt_…`).' }) }),
});

updateMutation<{ eventId: string }>({
  name: 'redeliverWebhookEvent',
  model: 'WebhookDelivery',
  label: 'webhook subscription',
  input: RedeliverInput,
  description: 'Sends an event to the subscription again, now, with a fresh retry schedule.',
  run: (scope, id, input, ctx) => redeliverWebhookEvent(scope, id, input.eventId, ctx.apiKey.scopes),
});
