// GET /api/v1/webhooks: the catalogue of event types (contract: "the webhook events that are
// available"), paginated like every list. POST /api/v1/webhooks: register a subscription.
import { notFound } from '../../lib/errors.ts';
import { pageSchema, S } from '../../lib/json-schema.ts';
import { listVariables, type RestRoute } from '../../http/rest.ts';
import { actionRoute, createRoute, type IdPage, listResult, type NodeHit, resourceRoutes } from '../../http/rest-resource.ts';
import {
  SUBSCRIPTION_PROPERTIES,
  webhookDeliveryRepresentation,
  eventRepresentation,
  webhookSubscriptionRepresentation,
} from './webhooks.public.ts';
import { pageResult, pageWindow } from '../../lib/pagination.ts';

const REGISTERED_SCHEMA = S.object(
  {
    ...SUBSCRIPTION_PROPERTIES,
    secret: S.nullable({
      type: 'string',
      pattern: '^whsec_',
      description:
        'Signing secret for the Standard Webhooks signature: shown only in the answer that made it; null on an idempotent replay.',
    } as typeof S.string),
  },
  'The registered subscription, with its signing secret (shown this once; null when the answer is a replay).',
);

export const webhookRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/webhooks',
    operationId: 'listWebhookEventTypes',
    summary: 'List the event types a webhook can subscribe to',
    responses: { 200: pageSchema(S.object({ type: S.string, description: S.string })) },
    document: 'query listWebhookEventTypes { webhookEventTypes { type description } }',
    toVariables: (req) => {
      const { page, limit } = listVariables(req.query);
      pageWindow(page, limit); // refuses bad values before anything runs
      return {};
    },
    toResult: (data, req) => {
      const { page, limit } = listVariables(req.query);
      const window = pageWindow(page, limit);
      const all = data.webhookEventTypes as { type: string; description: string }[];
      return { status: 200, body: pageResult(all.slice(window.skip, window.skip + window.limit), all.length, window) };
    },
  },
  createRoute({
    path: '/api/v1/webhooks',
    mutation: 'registerWebhook',
    inputType: 'RegisterWebhookInput',
    summary: 'Register a webhook to receive events',
    schema: REGISTERED_SCHEMA,
    location: (id) => `/api/v1/webhooks/subscriptions/${id}`,
    extra: { selection: 'secret', add: (result) => ({ secret: result.secret }) },
  }),

  // Beyond the contract: the event log (the audit trail: who changed what), newest last.
  ...resourceRoutes({
    path: '/api/v1/events',
    typename: 'Event',
    label: 'event',
    plural: 'events',
    representation: eventRepresentation,
    filters: ['type', 'resourceType', 'resourceId', 'apiKeyId', 'from', 'to'],
    list: 'List events, oldest first: what changed, when, and which key changed it',
    retrieve: 'Retrieve an event',
    nodeNarrowed: true, // a key reads only events about what its scopes may read
  }),

  // Beyond the contract: the registered subscriptions themselves.
  ...resourceRoutes({
    path: '/api/v1/webhooks/subscriptions',
    typename: 'WebhookSubscription',
    label: 'webhook subscription',
    plural: 'webhookSubscriptions',
    representation: webhookSubscriptionRepresentation,
    filters: ['url'],
    list: 'List registered webhook subscriptions',
    retrieve: 'Retrieve a webhook subscription',
    update: { summary: "Change a subscription's url, event types or description" },
  }),
  ...(
    [
      ['disable', 'disableWebhookSubscription', 'Stop deliveries to a subscription'],
      ['enable', 'enableWebhookSubscription', 'Resume deliveries to a disabled subscription'],
      ['test', 'sendTestWebhook', 'Send a webhook_subscription.test event to this subscription only'],
    ] as const
  ).map(([action, mutation, summary]) =>
    actionRoute({
      path: `/api/v1/webhooks/subscriptions/:id/${action}`,
      mutation,
      summary,
      status: 200,
      schema: webhookSubscriptionRepresentation.schema,
    }),
  ),
  actionRoute({
    path: '/api/v1/webhooks/subscriptions/:id/rotate-secret',
    mutation: 'rotateWebhookSecret',
    summary: 'Give a subscription a new signing secret (shown once, here); the old one signs beside it for 24 hours',
    status: 200,
    schema: REGISTERED_SCHEMA,
    extra: { selection: 'secret', add: (result) => ({ secret: result.secret }) },
  }),
  actionRoute({
    path: '/api/v1/webhooks/subscriptions/:id/redeliver',
    mutation: 'redeliverWebhookEvent',
    summary: 'Send an event to the subscription again, now',
    inputType: 'RedeliverWebhookEventInput',
    inputRequired: true,
    status: 202,
    schema: webhookDeliveryRepresentation.schema,
  }),
  {
    method: 'GET',
    path: '/api/v1/webhooks/subscriptions/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: "List a subscription's deliveries with their attempts, newest first",
    filter: { type: 'WebhookDeliveryFilter', names: ['status', 'eventId'] },
    responses: { 200: pageSchema(webhookDeliveryRepresentation.schema) },
    document: `query listWebhookDeliveries($subscriptionId: ID!, $page: Int, $limit: Int, $filter: WebhookDeliveryFilter) {
      subscription: node(id: $subscriptionId) { __typename }
      webhookDeliveriesPage(page: $page, limit: $limit, filter: $filter, orderBy: { field: CREATED_AT, direction: DESC }) {
        data { id } total page limit pages }
    }`,
    toVariables: (req) => {
      const { filter, ...page } = req.list!;
      return { ...page, subscriptionId: req.params.id, filter: { ...filter, subscriptionId: req.params.id } };
    },
    toResult: (data, req, context) => {
      // The deliveries of a subscription that is not yours (or not there) are not an empty list: 404.
      if ((data.subscription as NodeHit)?.__typename !== 'WebhookSubscription') throw notFound('webhook subscription', req.params.id);
      return listResult(data.webhookDeliveriesPage as IdPage, context, webhookDeliveryRepresentation);
    },
  },
];
