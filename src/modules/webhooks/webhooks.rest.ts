// GET /api/v1/webhooks: the catalogue of event types (contract: "the webhook events that are
// available"), paginated like every list. POST /api/v1/webhooks: register a subscription.
import { pageSchema, S } from '../../http/json-schema.ts';
import { listVariables, type RestRoute } from '../../http/rest.ts';
import { idempotencyKeyOf, resourceRoutes, writeResult } from '../../http/rest-resource.ts';
import { webhookSubscriptionRepresentation } from './webhooks.public.ts';
import { pageResult, pageWindow } from '../../lib/pagination.ts';

const SUBSCRIPTION_PROPERTIES = {
  id: S.id('wh'),
  url: S.string,
  eventTypes: S.array(S.string),
  description: S.nullable(S.string),
  status: { type: 'string', enum: ['enabled', 'disabled'] },
  createdAt: S.dateTime,
};
const SUBSCRIPTION_SCHEMA = S.object(SUBSCRIPTION_PROPERTIES, 'A webhook subscription. Its signing secret is shown once, when it is registered.');
const REGISTERED_SCHEMA = S.object(
  { ...SUBSCRIPTION_PROPERTIES, secret: { type: 'string', pattern: '^whsec_', description: 'Signing secret for the Standard Webhooks signature; shown only here.' } },
  'The registered subscription, with its signing secret (shown this once).',
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
  {
    method: 'POST',
    path: '/api/v1/webhooks',
    operationId: 'registerWebhook',
    summary: 'Register a webhook to receive events',
    bodyType: 'RegisterWebhookInput',
    responses: { 201: REGISTERED_SCHEMA },
    document: 'mutation registerWebhook($input: RegisterWebhookInput!, $idempotencyKey: String) { registerWebhook(input: $input, idempotencyKey: $idempotencyKey) { id secret } }',
    toVariables: (req) => ({ input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
    toResult: (data, _req, context) => {
      const result = writeResult(201, context, { location: `/api/v1/webhooks/subscriptions/${data.registerWebhook.id}` });
      return { ...result, body: { ...(result.body as object), secret: data.registerWebhook.secret } };
    },
  },

  // Beyond the contract: the registered subscriptions themselves.
  ...resourceRoutes({
    path: '/api/v1/webhooks/subscriptions',
    typename: 'WebhookSubscription',
    label: 'webhook subscription',
    plural: 'webhookSubscriptions',
    representation: webhookSubscriptionRepresentation,
    schema: SUBSCRIPTION_SCHEMA,
    filterType: 'WebhookSubscriptionFilter',
    filters: { url: String },
    list: { operationId: 'listWebhookSubscriptions', summary: 'List registered webhook subscriptions' },
    retrieve: { operationId: 'getWebhookSubscription', summary: 'Retrieve a webhook subscription' },
  }),
];
