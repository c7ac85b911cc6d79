// GET /api/v1/accounts (contract) and GET /api/v1/accounts/{id} (beyond the contract).
import { AccountType } from '../../db/generated/sqlite/enums.ts';
import { booleanParam, enumParam, listVariables, type RestRoute, upperCaseFields } from '../../http/rest.ts';
import { AppError } from '../../lib/errors.ts';

const ACCOUNT_FIELDS = 'id code name type subtype description active system systemRole parent { id } createdAt updatedAt';

/** The REST shape of an account: camelCase, enums in lower case as v1 clients expect. */
export function restAccount(a: any) {
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    type: a.type.toLowerCase(),
    subtype: a.subtype,
    description: a.description,
    parentId: a.parent?.id ?? null,
    active: a.active,
    system: a.system,
    systemRole: a.systemRole,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export const accountRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/accounts',
    operationId: 'listAccounts',
    summary: 'List the chart of accounts',
    document: `query ListAccounts($page: Int, $limit: Int, $filter: AccountFilter) {
      accountsPage(page: $page, limit: $limit, filter: $filter) { data { ${ACCOUNT_FIELDS} } total page limit pages }
    }`,
    toVariables: (req) => {
      const { page, limit, filter } = listVariables(req.query, { type: enumParam(Object.values(AccountType)), active: booleanParam, search: String });
      return { page, limit, filter };
    },
    toResult: (data) => ({ status: 200, body: { ...data.accountsPage, data: data.accountsPage.data.map(restAccount) } }),
  },
  {
    method: 'POST',
    path: '/api/v1/accounts',
    operationId: 'createAccount',
    summary: 'Add an account to the chart of accounts',
    bodyType: 'CreateAccountInput',
    document: `mutation CreateAccount($input: CreateAccountInput!) { createAccount(input: $input) { ${ACCOUNT_FIELDS} } }`,
    bodyToInput: (body) => upperCaseFields(body, ['type']),
    toVariables: (req) => ({ input: req.body }),
    toResult: (data) => {
      const account = restAccount(data.createAccount);
      return { status: 201, body: account, headers: { location: `/api/v1/accounts/${account.id}` } };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/accounts/:id',
    operationId: 'getAccount',
    summary: 'Retrieve one account',
    document: `query GetAccount($id: ID!) { node(id: $id) { __typename ... on Account { ${ACCOUNT_FIELDS} } } }`,
    toVariables: (req) => ({ id: req.params.id }),
    toResult: (data, req) => {
      if (data.node?.__typename !== 'Account') throw new AppError('NOT_FOUND', `No account with id "${req.params.id}"`);
      return { status: 200, body: restAccount(data.node) };
    },
  },
];
