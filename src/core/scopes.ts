// What an API key may do: a set of scopes, `<resource>:read` and `<resource>:write` per resource, or
// `*` for everything (the scope of every key made before scopes existed). Write implies read. The
// GraphQL schema declares which scope each field needs (graphql/scopes.ts enforces it, for REST too);
// this module only knows the names and how they combine.
import { AppError, type FieldError } from '../lib/errors.ts';
import { declared } from '../declarations.ts';

/** What each resource's scopes cover, for the README table, the OpenAPI document and the settings page (each module declares its own). */
export const RESOURCE_DESCRIPTIONS = declared('resources');

export const RESOURCES = Object.keys(RESOURCE_DESCRIPTIONS) as (keyof typeof RESOURCE_DESCRIPTIONS)[];

export type Resource = (typeof RESOURCES)[number];
export type Scope = `${Resource}:read` | `${Resource}:write` | '*';

export const ALL_SCOPES: readonly Scope[] = ['*', ...RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`] as Scope[])];

/** What the service itself may do when it acts on its own (disabling a failing webhook). */
export const SERVICE_SCOPES: ReadonlySet<Scope> = new Set<Scope>(['*']);

/** Ready-made sets for common integrations (the settings page offers them; the README lists them). */
export const SCOPE_PRESETS: Record<string, { name: string; description: string; scopes: Scope[] }> = {
  read_only: {
    name: 'Read-only',
    description: 'Reads everything except API keys; writes nothing',
    scopes: RESOURCES.filter((r) => r !== 'api_keys').map((r) => `${r}:read` as Scope),
  },
  dashboard: {
    name: 'Dashboard',
    description: 'What the dashboard reads',
    // With what its panels read: bills and estimates due or waiting, emails that failed.
    scopes: [
      'reports:read',
      'invoices:read',
      'customers:read',
      'journal_entries:read',
      'accounts:read',
      'events:read',
      'bills:read',
      'vendors:read',
      'estimates:read',
      'emails:read',
    ],
  },
  hr: { name: 'HR', description: 'An HR system: employees only', scopes: ['employees:write'] },
  point_of_sale: {
    name: 'Point of sale',
    description: 'A till: customers, products, sales and refund receipts, invoices and payments',
    scopes: ['customers:write', 'products:read', 'tax_rates:read', 'sales_receipts:write', 'invoices:write'],
  },
  payables: {
    name: 'Accounts payable',
    description: 'A bill-capture or payables tool: vendors, bills and their payments, and the accounts and tax rates bills name',
    scopes: ['vendors:write', 'bills:write', 'tax_rates:read', 'accounts:read'],
  },
  online_shop: {
    name: 'Online shop',
    description:
      'An online shop: customers, products, sales and refund receipts, invoices and payments, with webhooks for what happens to them',
    scopes: [
      'customers:write',
      'products:write',
      'tax_rates:read',
      'sales_receipts:write',
      'invoices:write',
      'webhooks:write',
      'events:read',
    ],
  },
};

const isScope = (text: string): text is Scope => (ALL_SCOPES as readonly string[]).includes(text);

/** The scopes a key holds, as stored (space-separated). */
export function parseScopes(text: string): ReadonlySet<Scope> {
  return new Set(text.split(/\s+/).filter(isScope));
}

export const formatScopes = (scopes: Iterable<Scope>) => [...scopes].join(' ');

/** True when `granted` allows `required`: `*`, the scope itself, or the write scope of a read. */
export function allows(granted: ReadonlySet<Scope>, required: Scope): boolean {
  if (granted.has('*') || granted.has(required)) return true;
  return required.endsWith(':read') && granted.has(required.replace(/:read$/, ':write') as Scope);
}

/** The scopes a key asks for, checked: known names, no duplicates, at least one; `*` stands alone. */
export function checkScopes(requested: readonly string[], path = 'scopes'): Scope[] {
  const errors: FieldError[] = [];
  if (!requested.length) errors.push({ path, message: 'must name at least one scope' });
  requested.forEach((scope, i) => {
    if (!isScope(scope))
      errors.push({
        path: `${path}.${i}`,
        message: `"${scope}" is not a scope; scopes are <resource>:read or <resource>:write for ${RESOURCES.join(', ')}, or *`,
      });
  });
  if (requested.includes('*') && requested.length > 1) errors.push({ path, message: '* already means every scope; give it alone' });
  if (errors.length)
    throw new AppError(
      'VALIDATION_FAILED',
      errors.length === 1 ? `${errors[0].path}: ${errors[0].message}` : `${errors.length} scopes are invalid`,
      errors,
    );
  return [...new Set(requested as Scope[])];
}

/** Refuses a key granting what it does not hold itself (naming the first scope it lacks). */
export function assertCanGrant(granted: ReadonlySet<Scope>, requested: readonly Scope[]) {
  for (const scope of requested) {
    if (!allows(granted, scope)) throw insufficientScope(scope, `This API key cannot grant ${scope}, which it does not hold itself`);
  }
}

export function insufficientScope(requiredScope: Scope, message = `This API key lacks the ${requiredScope} scope this needs`) {
  return new AppError('INSUFFICIENT_SCOPE', message, [], { requiredScope });
}

/**
 * Refuses a webhook for events the key could not read itself (`*`: every event); `doing` words what was
 * asked (registering, or changing a subscription that receives them).
 */
export function assertMayReceive(granted: ReadonlySet<Scope>, eventTypes: readonly string[], doing = 'subscribe a webhook to') {
  for (const type of eventTypes) {
    // A type naming no resource of ours is not an event type: the webhook's own check refuses it with 400.
    const resources = type === '*' ? Object.keys(EVENT_RESOURCES) : [type.split('.')[0]].filter((resource) => resource in EVENT_RESOURCES);
    for (const resource of resources) {
      const scope = eventReadScopes(resource).find((needed) => !allows(granted, needed));
      if (scope)
        throw insufficientScope(
          scope,
          `This API key lacks ${scope}, so it cannot ${doing} ${type === '*' ? 'every event' : `${type} events`}`,
        );
    }
  }
}

/** The event resource types a key may read, or undefined when it may read them all. */
export function readableEventResources(granted: ReadonlySet<Scope>): string[] | undefined {
  const readable = Object.keys(EVENT_RESOURCES).filter((type) => mayReadEvents(granted, type));
  return readable.length === Object.keys(EVENT_RESOURCES).length ? undefined : readable;
}

/**
 * The read scopes events about a resource type (`invoice`, `payment`, `journal_entry`, …) need: its resource's,
 * and those its module declares beside it (an attachment's: those of every record a file may be on).
 */
export function eventReadScopes(resourceType: string): Scope[] {
  const also = (EVENTS_ALSO_READ as Record<string, readonly string[] | undefined>)[resourceType] ?? [];
  return [`${EVENT_RESOURCES[resourceType] ?? 'events'}:read`, ...also.map((resource) => `${resource}:read` as Scope)];
}

/** Whether a key may read the events about a resource type. */
export const mayReadEvents = (granted: ReadonlySet<Scope>, resourceType: string) =>
  eventReadScopes(resourceType).every((scope) => allows(granted, scope));

/** The resource whose read scope guards each public resource type, and so the events about it (each module declares its own). */
const EVENT_RESOURCES: Record<string, Resource> = declared('representations');

/** The scope resource of a public resource type (`invoice` → `invoices`): its read and write scopes guard it. */
export const scopeResourceOf = (resourceType: string): Resource | undefined => EVENT_RESOURCES[resourceType];
const EVENTS_ALSO_READ = declared('eventsAlsoRead');
