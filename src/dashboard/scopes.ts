// The scopes the dashboard's operations need (a read-only key is enough); test/http/scopes.test.ts
// holds this list to what the server's check asks of operations.graphql.
export const DASHBOARD_SCOPES = [
  'accounts:read',
  'customers:read',
  'events:read',
  'invoices:read',
  'journal_entries:read',
  'reports:read',
] as const;

/** The scopes of `needed` a key holding `held` lacks (`*` holds all; `x:write` holds `x:read`). */
export function missingScopes(held: readonly string[], needed: readonly string[] = DASHBOARD_SCOPES): string[] {
  if (held.includes('*')) return [];
  return needed.filter((scope) => !held.includes(scope) && !held.includes(scope.replace(/:read$/, ':write')));
}

/** What the settings page needs: to manage keys and webhooks, and to read the event log. */
export const SETTINGS_SCOPES = ['api_keys:write', 'webhooks:write', 'events:read'] as const;

/** What the reconcile page needs: to match, explain and reconcile, and to list the accounts a line is explained to. */
export const RECONCILE_SCOPES = ['banking:write', 'accounts:read'] as const;
