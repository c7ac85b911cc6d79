// Beyond the contract: the organization's API keys, managed by its keys (Stripe's restricted keys).
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, createRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { S } from '../../lib/json-schema.ts';
import { API_KEY_PROPERTIES, apiKeyRepresentation } from './api-keys.public.ts';

const SECRET = {
  type: 'string',
  pattern: '^ak_[0-9a-z]{12}_[0-9A-Za-z]{32}$',
  description: 'The whole key: shown in this answer only (null on an idempotent replay). Store it now.',
};
const WITH_SECRET_SCHEMA = S.object(
  { ...API_KEY_PROPERTIES, secret: S.nullable(SECRET as typeof S.string) },
  'An API key and, this once, its secret.',
);

/** The key's secret joins the body of the answers that make one. */
const SHOWS_SECRET = { selection: 'secret', add: (result: Record<string, unknown>) => ({ secret: result.secret }) };

export const apiKeyRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/api-keys',
    typename: 'ApiKey',
    label: 'API key',
    plural: 'apiKeys',
    representation: apiKeyRepresentation,
    filters: ['status'],
    list: "List the organization's API keys (never their secrets)",
    retrieve: 'Retrieve an API key',
  }),
  createRoute({
    path: '/api/v1/api-keys',
    mutation: 'createApiKey',
    inputType: 'CreateApiKeyInput',
    summary: 'Create an API key with the scopes given (at most those of the key asking)',
    schema: WITH_SECRET_SCHEMA,
    location: (id) => `/api/v1/api-keys/${id}`,
    extra: SHOWS_SECRET,
  }),
  actionRoute({
    path: '/api/v1/api-keys/:id/revoke',
    mutation: 'revokeApiKey',
    summary: 'Revoke an API key at once',
    status: 200,
    schema: apiKeyRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/api-keys/:id/roll',
    mutation: 'rollApiKey',
    summary: 'Give an API key a new secret; the old one keeps working for expiresInHours (default 24)',
    inputType: 'RollApiKeyInput',
    status: 200,
    schema: WITH_SECRET_SCHEMA,
    extra: SHOWS_SECRET,
  }),
];
