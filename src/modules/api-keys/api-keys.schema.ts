import { builder, tenantNode } from '../../graphql/builder.ts';
import { issuedSecret, rememberIssuedSecret } from '../../graphql/issued-secrets.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { actionMutation, createMutation } from '../../graphql/mutations.ts';
import { ALL_SCOPES, RESOURCE_DESCRIPTIONS, RESOURCES, type Resource, SCOPE_PRESETS } from '../../core/scopes.ts';
import { requires } from '../../graphql/scopes.ts';
import {
  type CreateApiKeyInput,
  DEFAULT_ROLL_GRACE_HOURS,
  issueApiKey,
  MAX_ROLL_GRACE_HOURS,
  revokeApiKey,
  rollApiKey,
} from './api-keys.service.ts';
import { keyStatus, previousSecretExpiry } from './api-keys.public.ts';

const ApiKeyStatusEnum = builder.enumType('ApiKeyStatus', {
  description: 'Whether a key authenticates.',
  values: {
    ACTIVE: { value: 'active', description: 'It authenticates.' },
    EXPIRED: { value: 'expired', description: 'Past its expiresAt: refused with 401 saying so.' },
    REVOKED: { value: 'revoked', description: 'Revoked: refused with 401.' },
  },
});

export const ApiKeyRef = builder.prismaNode('ApiKey', {
  description: 'An API key of your organization. Its secret is shown once, by createApiKey or rollApiKey.',
  ...tenantNode('The key id (`key_…`); the key itself starts with `ak_` and its prefix.'),
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What the key is for, e.g. "HR sync".' }),
    prefix: t.exposeString('prefix', { description: 'The 12 characters after `ak_`: how to tell keys apart without their secret.' }),
    scopes: t.stringList({
      description: `What the key may do: ${ALL_SCOPES.filter((s) => s !== '*')
        .slice(0, 2)
        .join(', ')}, … or * for everything.`,
      resolve: (k) => k.scopes.split(' '),
    }),
    status: t.field({ type: ApiKeyStatusEnum, description: 'Active, expired or revoked.', resolve: (k) => keyStatus(k) }),
    secret: t.string({
      nullable: true,
      description:
        'The whole key (`ak_…`): only in the answer of createApiKey or rollApiKey that made it, null everywhere else (an ' +
        'idempotent replay included). Store it then; it cannot be shown again.',
      resolve: (k, _args, ctx) => issuedSecret(ctx, k.id),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    createdBy: t.relation('createdBy', { nullable: true, description: 'The key that created it; null for a key made by an operator.' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it last authenticated a request (to the minute).',
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'When it stops working; null: never.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When it was revoked.' }),
    previousSecretExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'After a roll: until when the replaced secret still works; null when it no longer does.',
      resolve: (k) => previousSecretExpiry(k),
    }),
  }),
});

const ApiKeyFilterInput = builder.inputType('ApiKeyFilter', {
  description: 'Narrows the list of API keys.',
  fields: (t) => ({ status: t.field({ type: ApiKeyStatusEnum, description: 'Only keys in this state (now).' }) }),
});

listFields<{ status?: 'active' | 'expired' | 'revoked' | null }>({
  plural: 'apiKeys',
  model: 'ApiKey',
  nodeRef: ApiKeyRef,
  description: 'API keys',
  filterInput: ApiKeyFilterInput,
  order: orderInput(
    'ApiKey',
    { CREATED_AT: { column: 'createdAt', description: 'By creation time.' }, NAME: { column: 'name', description: 'By name.' } },
    'CREATED_AT',
  ),
  where: (ctx, filter) => {
    const now = new Date();
    const where = { organizationId: ctx.organizationId };
    if (filter?.status === 'revoked') return { ...where, revokedAt: { not: null } };
    if (filter?.status === 'expired') return { ...where, revokedAt: null, expiresAt: { lte: now } };
    if (filter?.status === 'active') return { ...where, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
    return where;
  },
});

const CreateApiKeyInputRef = builder.inputType('CreateApiKeyInput', {
  description: 'A new API key. It may hold only scopes the key creating it holds.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'What the key is for, up to 100 characters.' }),
    scopes: t.stringList({
      required: true,
      description: 'What it may do: `<resource>:read` or `<resource>:write` (write implies read), or `*`.',
    }),
    expiresAt: t.field({ type: 'DateTime', description: 'When it stops working; omitted: never.' }),
  }),
});

createMutation<CreateApiKeyInput>({
  name: 'createApiKey',
  model: 'ApiKey',
  input: CreateApiKeyInputRef,
  description: 'Creates an API key with the scopes given (at most those of the key asking). Select `secret`: it is shown this once.',
  run: async (scope, input, ctx) => {
    const { change, secret } = await issueApiKey(scope, input, ctx.apiKey);
    rememberIssuedSecret(ctx, change.result.id, secret);
    return change;
  },
});

actionMutation({
  name: 'revokeApiKey',
  model: 'ApiKey',
  label: 'API key',
  description: 'Revokes a key at once: it answers 401 from now on and its open subscriptions close.',
  // Its api_key.revoked event, once committed, makes the relay announce the revocation to every instance.
  run: (scope, id, _input, ctx) => revokeApiKey(scope, id, ctx.apiKey),
});

const RollApiKeyInputRef = builder.inputType('RollApiKeyInput', {
  description: 'How long the replaced secret keeps working.',
  fields: (t) => ({
    expiresInHours: t.int({
      description:
        `Hours the old secret keeps working (0 to ${MAX_ROLL_GRACE_HOURS}; default ${DEFAULT_ROLL_GRACE_HOURS}). 0 ` + `stops it at once.`,
    }),
  }),
});

actionMutation<{ expiresInHours?: number | null }>({
  name: 'rollApiKey',
  model: 'ApiKey',
  label: 'API key',
  input: RollApiKeyInputRef,
  description:
    'Gives a key a new secret (select `secret`: shown this once); the old one keeps working for the hours given. Same key, same ' +
    'scopes, same quota.',
  run: async (scope, id, input, ctx) => {
    const { change, secret } = await rollApiKey(scope, id, input, ctx.apiKey);
    rememberIssuedSecret(ctx, id, secret);
    return change;
  },
});

const ScopeRef = builder.objectRef<{ resource: Resource; description: string }>('ScopeResource').implement({
  description: 'A resource a key may be given scopes on.',
  fields: (t) => ({
    resource: t.string({
      description: 'e.g. `invoices`: its scopes are `invoices:read` and `invoices:write`.',
      resolve: (r) => r.resource,
    }),
    description: t.string({ description: 'What its scopes cover.', resolve: (r) => r.description }),
    readOnly: t.boolean({
      description: 'True when only `:read` means anything for it (reports, events).',
      resolve: (r) => r.resource === 'reports' || r.resource === 'events',
    }),
  }),
});

const PresetRef = builder.objectRef<{ id: string; name: string; description: string; scopes: readonly string[] }>('ScopePreset').implement({
  description: 'A ready-made set of scopes for a common integration.',
  fields: (t) => ({
    id: t.string({ description: 'e.g. `read_only`.', resolve: (p) => p.id }),
    name: t.string({ description: 'e.g. "Read-only".', resolve: (p) => p.name }),
    description: t.string({ description: 'Who it suits.', resolve: (p) => p.description }),
    scopes: t.stringList({ description: 'Its scopes.', resolve: (p) => [...p.scopes] }),
  }),
});

builder.queryFields((t) => ({
  scopeResources: t.field({
    type: [ScopeRef],
    extensions: requires(null),
    description:
      'Every resource a key may hold scopes on (`<resource>:read`, `<resource>:write`), with what they cover; `*` holds them all.',
    resolve: () => RESOURCES.map((resource) => ({ resource, description: RESOURCE_DESCRIPTIONS[resource] })),
  }),
  scopePresets: t.field({
    type: [PresetRef],
    extensions: requires(null),
    description: 'Ready-made scope sets: read-only, dashboard, HR, point of sale, online shop.',
    resolve: () => Object.entries(SCOPE_PRESETS).map(([id, preset]) => ({ id, ...preset })),
  }),
}));
