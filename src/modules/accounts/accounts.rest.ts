// GET /api/v1/accounts (contract); GET /api/v1/accounts/{id} and POST /api/v1/accounts (beyond it).
import { AccountType } from '../../db/generated/sqlite/enums.ts';
import { upperCaseFields } from '../../http/rest.ts';
import { S } from '../../http/json-schema.ts';
import { resourceRoutes } from '../../http/rest-resource.ts';
import { accountRepresentation } from './accounts.public.ts';

export const accountRoutes = resourceRoutes({
  path: '/api/v1/accounts',
  typename: 'Account',
  label: 'account',
  plural: 'accounts',
  representation: accountRepresentation,
  schema: S.object(
    {
      id: S.id('acct'),
      code: S.string,
      name: S.string,
      type: S.enum(Object.values(AccountType)),
      subtype: S.nullable(S.string),
      description: S.nullable(S.string),
      parentId: S.nullable(S.id('acct')),
      active: S.boolean,
      system: S.boolean,
      systemRole: S.nullable(S.string),
      balance: S.number,
      createdAt: S.dateTime,
      updatedAt: S.dateTime,
    },
    'An account of the chart of accounts; balance on its normal side.',
  ),
  filterType: 'AccountFilter',
  filters: ['type', 'active', 'search'],
  list: { operationId: 'listAccounts', summary: 'List the chart of accounts' },
  retrieve: { operationId: 'getAccount', summary: 'Retrieve an account' },
  update: { operationId: 'updateAccount', summary: 'Rename, describe or (de)activate an account', mutation: 'updateAccount', inputType: 'UpdateAccountInput' },
  create: { operationId: 'createAccount', summary: 'Add an account to the chart of accounts', mutation: 'createAccount', inputType: 'CreateAccountInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
});
