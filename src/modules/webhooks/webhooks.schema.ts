import { builder } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { createMutation } from '../../graphql/mutations.ts';
import { eventCatalogue, eventWhere, registerWebhook, type WebhookInput, webhookWhere } from './webhooks.service.ts';

const WebhookEventTypeRef = builder.objectRef<{ type: string; description: string }>('WebhookEventType').implement({
  description: 'An event type one can subscribe to.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'The type name, e.g. invoice.paid.' }),
    description: t.exposeString('description', { description: 'When it is emitted.' }),
  }),
});

builder.queryField('webhookEventTypes', (t) =>
  t.field({ type: [WebhookEventTypeRef], description: 'Every event type the service emits.', resolve: () => eventCatalogue() }),
);

export const WebhookSubscriptionRef = builder.prismaNode('WebhookSubscription', {
  description: 'A URL that receives signed event deliveries (Standard Webhooks).',
  id: { field: 'id', description: 'The subscription id (`wh_…`).' },
  findUnique: (id, ctx) => ({ id, organizationId: ctx.organizationId }),
  nullable: true,
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where deliveries are POSTed.' }),
    eventTypes: t.stringList({ description: 'Subscribed event types; "*" means all.', resolve: (w) => w.eventTypes.split(',') }),
    description: t.exposeString('description', { nullable: true, description: 'What the endpoint is for.' }),
    status: t.string({ description: 'enabled or disabled.', resolve: (w) => w.status.toLowerCase() }),
    secret: t.exposeString('secret', { description: 'Signing secret (`whsec_…`); verify the webhook-signature header with it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was registered.' }),
  }),
});

export const EventRef = builder.prismaNode('Event', {
  description: 'Something that happened in the books, in order. Webhooks and subscriptions deliver these.',
  id: { field: 'id', description: 'The event id (`evt_…`).' },
  findUnique: (id, ctx) => ({ id, organizationId: ctx.organizationId }),
  nullable: true,
  fields: (t) => ({
    type: t.exposeString('type', { description: 'Event type, e.g. invoice.created.' }),
    sequence: t.exposeInt('seq', { description: 'Position in the event log; later events have larger numbers.' }),
    resourceType: t.exposeString('resourceType', { description: 'Type of the object concerned, e.g. invoice.' }),
    resourceId: t.exposeString('resourceId', { description: 'Id of the object concerned.' }),
    data: t.field({ type: 'JSON', description: 'The event data: `object` is the resource as it was after the change.', resolve: (e) => JSON.parse(e.payload) }),
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
  where: (ctx, filter) => ({ ...webhookWhere(ctx.organizationId), ...(filter.url ? { url: filter.url } : {}) }),
});

const EventFilter = builder.inputType('EventFilter', {
  description: 'Narrows the event log.',
  fields: (t) => ({ type: t.string({ description: 'Only this event type.' }), resourceId: t.id({ description: 'Only events about this object.' }) }),
});
listFields<{ type?: string | null; resourceId?: string | null }>({
  plural: 'events',
  model: 'Event',
  nodeRef: EventRef,
  description: 'events',
  filterInput: EventFilter,
  order: orderInput('Event', { SEQUENCE: { column: 'seq', description: 'In the order they happened.' } }, 'SEQUENCE'),
  where: (ctx, filter) => eventWhere(ctx.organizationId, filter),
});

const RegisterWebhookInput = builder.inputType('RegisterWebhookInput', {
  description: 'A webhook endpoint to deliver events to.',
  fields: (t) => ({
    url: t.string({ required: true, description: 'An http(s) URL that accepts POSTed JSON.' }),
    eventTypes: t.stringList({ required: true, description: 'Event types to deliver (see webhookEventTypes), or ["*"] for all.' }),
    description: t.string({ description: 'What the endpoint is for.' }),
  }),
});

createMutation<WebhookInput>({
  name: 'registerWebhook',
  model: 'WebhookSubscription',
  input: RegisterWebhookInput,
  description: 'Registers a webhook endpoint. Deliveries are signed per Standard Webhooks with the returned secret.',
  run: (scope, input) => registerWebhook(scope, input),
});
