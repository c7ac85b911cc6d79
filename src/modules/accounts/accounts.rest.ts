// GET /api/v1/accounts (contract); GET /api/v1/accounts/{id} and POST /api/v1/accounts (beyond it).
import { upperCaseFields } from '../../http/rest.ts';
import { resourceRoutes } from '../../http/rest-resource.ts';
import { accountRepresentation } from './accounts.public.ts';

export const accountRoutes = resourceRoutes({
  path: '/api/v1/accounts',
  typename: 'Account',
  label: 'account',
  plural: 'accounts',
  representation: accountRepresentation,
  filters: ['type', 'active', 'search'],
  list: 'List the chart of accounts',
  retrieve: 'Retrieve an account',
  update: { summary: 'Rename, describe or (de)activate an account' },
  create: { summary: 'Add an account to the chart of accounts', bodyToInput: (b) => upperCaseFields(b, ['type']) },
});
