// GET /api/v1/accounts (contract); GET /api/v1/accounts/{id} and POST /api/v1/accounts (beyond it).
import { AccountType } from '../../db/generated/sqlite/enums.ts';
import { booleanParam, enumParam, upperCaseFields } from '../../http/rest.ts';
import { lower, num, resourceRoutes } from '../../http/rest-resource.ts';

export const accountRoutes = resourceRoutes({
  path: '/api/v1/accounts',
  typename: 'Account',
  label: 'account',
  plural: 'accounts',
  fields: 'id code name type subtype description active system systemRole parent { id } balance createdAt updatedAt',
  toRest: (a) => ({
    id: a.id,
    code: a.code,
    name: a.name,
    type: lower(a.type),
    subtype: a.subtype,
    description: a.description,
    parentId: a.parent?.id ?? null,
    active: a.active,
    system: a.system,
    systemRole: a.systemRole,
    balance: num(a.balance),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  }),
  filterType: 'AccountFilter',
  filters: { type: enumParam(Object.values(AccountType)), active: booleanParam, search: String },
  list: { operationId: 'listAccounts', summary: 'List the chart of accounts' },
  retrieve: { operationId: 'getAccount', summary: 'Retrieve an account' },
  create: { operationId: 'createAccount', summary: 'Add an account to the chart of accounts', mutation: 'createAccount', inputType: 'CreateAccountInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
});
