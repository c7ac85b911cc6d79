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
  filterType: 'AccountFilter',
  filters: ['type', 'active', 'search'],
  list: { operationId: 'listAccounts', summary: 'List the chart of accounts' },
  retrieve: { operationId: 'getAccount', summary: 'Retrieve an account' },
  update: { operationId: 'updateAccount', summary: 'Rename, describe or (de)activate an account', mutation: 'updateAccount', inputType: 'UpdateAccountInput' },
  create: { operationId: 'createAccount', summary: 'Add an account to the chart of accounts', mutation: 'createAccount', inputType: 'CreateAccountInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
});
