import { AccountType } from '../../db/generated/sqlite/enums.ts';
import { builder, describedEnum, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { createMutation, updateMutation } from '../../graphql/mutations.ts';
import { type AccountFilter, accountWhere, createAccount, updateAccount } from './accounts.service.ts';

export const AccountTypeEnum = describedEnum(
  'AccountType',
  AccountType,
  'The five classes of the chart of accounts; they decide the side an account normally sits on.',
  {
    ASSET: 'What the organization owns or is owed (debit normal).',
    LIABILITY: 'What the organization owes (credit normal).',
    EQUITY: "The owners' stake (credit normal).",
    INCOME: 'Revenue (credit normal).',
    EXPENSE: 'Costs (debit normal).',
  },
);

export const AccountRef = builder.prismaNode('Account', {
  description: 'An account of the chart of accounts. Journal lines post to accounts; balances come from those lines.',
  ...tenantNode('The account id (`acct_…`), used as `accountId` in journal lines.'),
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The account number, unique in the organization, e.g. "1200".' }),
    name: t.exposeString('name', { description: 'The account name, e.g. "Accounts Receivable".' }),
    type: t.expose('type', { type: AccountTypeEnum, description: 'Asset, liability, equity, income or expense.' }),
    subtype: t.exposeString('subtype', { nullable: true, description: 'A finer class, e.g. "bank" or "accounts_receivable".' }),
    description: t.exposeString('description', { nullable: true, description: 'Free text about what the account is for.' }),
    currency: t.string({
      description: 'The currency it holds (ISO 4217): a bank or cash account may be in a foreign currency; every other is in the home one.',
      select: { currency: true },
      resolve: (a, _x, ctx) => a.currency ?? ctx.organization.baseCurrency,
    }),
    active: t.exposeBoolean('active', { description: 'Inactive accounts keep their history but accept no new postings.' }),
    system: t.exposeBoolean('system', { description: 'Used by automatic postings (invoices, payments); cannot be deactivated.' }),
    systemRole: t.exposeString('systemRole', {
      nullable: true,
      description: 'The automatic-posting role of a system account, e.g. "accounts_receivable".',
    }),
    parent: t.relation('parent', { nullable: true, description: 'The parent account, for sub-accounts.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the account was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the account was last changed.' }),
  }),
});

export const AccountFilterInput = builder.inputType('AccountFilter', {
  description: 'Narrows a list of accounts; all given conditions must hold.',
  fields: (t) => ({
    type: t.field({ type: AccountTypeEnum, description: 'Only accounts of this type.' }),
    active: t.boolean({ description: 'Only active (true) or inactive (false) accounts.' }),
    search: t.string({ description: 'Code prefix or part of the name.' }),
  }),
});

listFields<AccountFilter>({
  plural: 'accounts',
  model: 'Account',
  nodeRef: AccountRef,
  description: 'the chart of accounts',
  filterInput: AccountFilterInput,
  order: orderInput(
    'Account',
    {
      CODE: { column: 'code', unique: true, description: 'By account number.' },
      NAME: { column: 'name', description: 'Alphabetical by name.' },
      CREATED_AT: { column: 'createdAt', description: 'By creation time.' },
    },
    'CODE',
  ),
  where: (ctx, filter) => accountWhere(ctx.organizationId, filter, ctx.db.provider),
});

const CreateAccountInput = builder.inputType('CreateAccountInput', {
  description: 'A new account of the chart of accounts.',
  fields: (t) => ({
    code: t.string({
      required: true,
      description: 'Account number, unique in the organization (letters, digits, dots, dashes; up to 20).',
    }),
    name: t.string({ required: true, description: 'Account name, up to 200 characters.' }),
    type: t.field({ type: AccountTypeEnum, required: true, description: 'Asset, liability, equity, income or expense.' }),
    subtype: t.string({ description: 'A finer class, free text such as "bank".' }),
    currency: t.string({
      description:
        'A bank or cash account (subtype bank or cash) in a foreign currency (ISO 4217): only payments in it post to it. Fixed once ' +
        'anything is posted to the account.',
    }),
    description: t.string({ description: 'What the account is for.' }),
    parentId: t.id({ description: 'Parent account id (`acct_…`) of the same type, to make this a sub-account.' }),
  }),
});

createMutation({
  name: 'createAccount',
  model: 'Account',
  input: CreateAccountInput,
  description: 'Adds an account to the chart of accounts.',
  run: (scope, input) => createAccount(scope, input),
});

const UpdateAccountInput = builder.inputType('UpdateAccountInput', {
  description: 'Changes to an account; code and type never change once lines may be posted to it.',
  fields: (t) => ({
    name: t.string({ description: 'New name.' }),
    description: t.string({ description: 'What the account is for.' }),
    subtype: t.string({ description: 'A finer class, free text.' }),
    currency: t.string({
      description:
        'A bank or cash account (subtype bank or cash) in a foreign currency (ISO 4217): only payments in it post to it. Fixed once ' +
        'anything is posted to the account.',
    }),
    active: t.boolean({ description: 'Deactivate (false) or reactivate (true); system accounts stay active.' }),
  }),
});

updateMutation({
  name: 'updateAccount',
  model: 'Account',
  label: 'account',
  input: UpdateAccountInput,
  description: 'Renames, describes or (de)activates an account.',
  run: (scope, id, input) => updateAccount(scope, id, input),
});
