// Beyond the contract: the organization's API keys, managed by its keys (Stripe's restricted keys).
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, idempotencyKeyOf, resourceRoutes, writeResult } from '../../http/rest-resource.ts';
import { S } from '../../lib/json-schema.ts';
import { API_KEY_PROPERTIES, apiKeyRepresentation } from './api-keys.public.ts';

const SECRET = { type: 'string', pattern: '^ak_[0-9a-z]{12}_[0-9A-Za-z]{32}$', description: 'The whole key: shown in this answer only (null on an idempotent replay). Store it now.' };
const WITH_SECRET_SCHEMA = S.object({ ...API_KEY_PROPERTIES, secret: S.nullable(SECRET as typeof S.string) }, 'An API key and, this once, its secret.');

export const apiKeyRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/api-keys',
    typename: 'ApiKey',
    label: 'API key',
    plural: 'apiKeys',
    representation: apiKeyRepresentation,
    filters: ['status'],
    list: 'List the organization\'s API keys (never their secrets)',
    retrieve: 'Retrieve an API key',
  }),
  {
    method: 'POST',
    path: '/api/v1/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key with the scopes given (at most those of the key asking)',
    bodyType: 'CreateApiKeyInput',
    responses: { 201: WITH_SECRET_SCHEMA },
    document: 'mutation createApiKey($input: CreateApiKeyInput!, $idempotencyKey: String) { createApiKey(input: $input, idempotencyKey: $idempotencyKey) { id secret } }',
    toVariables: (req) => ({ input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
    toResult: (data, _req, _context, write) => {
      const created = data.createApiKey as { id: string; secret: string | null };
      const result = writeResult(201, write, { location: `/api/v1/api-keys/${created.id}` });
      return { ...result, body: { ...(result.body as object), secret: created.secret } };
    },
  },
  actionRoute({ path: '/api/v1/api-keys/:id/revoke', mutation: 'revokeApiKey', summary: 'Revoke an API key at once', status: 200, schema: apiKeyRepresentation.schema }),
  actionRoute({
    path: '/api/v1/api-keys/:id/roll',
    mutation: 'rollApiKey',
    summary: 'Give an API key a new secret; the old one keeps working for expiresInHours (default 24)',
    inputType: 'RollApiKeyInput',
    status: 200,
    schema: WITH_SECRET_SCHEMA,
    extra: { selection: 'secret', add: (result) => ({ secret: result.secret }) },
  }),
];
