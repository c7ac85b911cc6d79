// The chart of accounts: reading rules. Knows nothing of GraphQL or HTTP.
import type { PrismaTypes } from '../../db/database.ts';
import { change } from '../../core/representations.ts';
import { rawSqlOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { selectModelRows } from '../../db/model-rows.ts';
import { changedColumns } from '../../lib/columns.ts';
import { ACCOUNT, accountRepresentation } from './accounts.public.ts';
import type { AccountType } from '../../db/generated/sqlite/enums.ts';
import { AppError, type FieldError, notFound, validationError } from '../../lib/errors.ts';
import { Checker } from '../../lib/validate.ts';
import { equalsGiven } from '../../lib/filters.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';
import { newId } from '../../lib/ids.ts';

export interface AccountFilter {
  type?: AccountType | null;
  active?: boolean | null;
  /** Matches the code prefix or any part of the name. */
  search?: string | null;
}

export function accountWhere(organizationId: string, filter: AccountFilter = {}, provider: SearchProvider): PrismaTypes.AccountWhereInput {
  const where: PrismaTypes.AccountWhereInput = { organizationId, ...equalsGiven(filter, ['type', 'active']) };
  if (filter.search?.trim()) {
    const text = filter.search.trim();
    where.OR = [{ code: textMatch(provider, 'startsWith', text) }, { name: textMatch(provider, 'contains', text) }];
  }
  return where;
}

export interface NewAccount {
  code: string;
  name: string;
  type: AccountType;
  subtype?: string | null;
  description?: string | null;
  parentId?: string | null;
  currency?: string | null;
}

/** A bank or cash account's currency, checked: an ISO 4217 code on an account of subtype bank or cash; the home one is stored as none. */
function checkAccountCurrency(
  tenant: Tenant,
  check: Checker,
  value: string | null | undefined,
  account: { type: AccountType; subtype: string | null | undefined; system?: boolean },
) {
  if (value === undefined || value === null) return value;
  const code = check.currency('currency', value);
  if (code === undefined) return undefined;
  if (code === tenant.organization.baseCurrency) return null;
  if (account.system) check.fail('currency', 'a system account is kept in the home currency');
  else if (account.type !== 'ASSET' || !CASH_ACCOUNT.subtypes.includes(account.subtype?.trim().toLowerCase() ?? ''))
    check.fail('currency', 'only a bank or cash account (an asset account with subtype bank or cash) may be in a foreign currency');
  else return code;
  return undefined;
}

/** Creates an account; one error lists every bad field, and nothing is written unless all are good. */
export async function createAccount(scope: WriteScope, input: NewAccount) {
  const { prisma, organizationId } = scope;
  const errors: FieldError[] = [];
  const code = input.code?.trim() ?? '';
  const name = input.name?.trim() ?? '';
  if (!/^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/.test(code))
    errors.push({ path: 'code', message: 'must be 1 to 20 letters, digits, dots or dashes' });
  if (!name || name.length > 200) errors.push({ path: 'name', message: 'must be 1 to 200 characters' });
  if (input.parentId) {
    const parent = await prisma.account.findFirst({ where: { id: input.parentId, organizationId }, select: { type: true } });
    if (!parent) errors.push({ path: 'parentId', message: `no account with id "${input.parentId}"` });
    else if (parent.type !== input.type)
      errors.push({
        path: 'parentId',
        message: `a ${input.type.toLowerCase()} account cannot sit under a ${parent.type.toLowerCase()} account`,
      });
  }
  if (code && (await prisma.account.findUnique({ where: { organizationId_code: { organizationId, code } }, select: { id: true } }))) {
    errors.push({ path: 'code', message: `account code "${code}" is already used` });
  }
  const currencyCheck = new Checker();
  const currency = checkAccountCurrency(scope, currencyCheck, input.currency, { type: input.type, subtype: input.subtype });
  errors.push(...currencyCheck.errors);
  if (errors.length) throw validationError(errors);
  const written = await prisma.account.create({
    data: {
      id: newId('Account'),
      organizationId,
      code,
      name,
      type: input.type,
      subtype: input.subtype?.trim() || null,
      description: input.description?.trim() || null,
      parentId: input.parentId || null,
      currency: currency ?? null,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  const account = { ...written, balance: 0n }; // nothing is posted to a new account yet
  return change(ACCOUNT, account, [{ type: 'account.created', resource: { type: ACCOUNT, id: account.id, row: account } }]);
}

export interface AccountChanges {
  name?: string | null;
  description?: string | null;
  subtype?: string | null;
  active?: boolean | null;
  currency?: string | null;
}

/** Renames, re-describes or (de)activates an account. Code and type stay: history is posted against them. */
export async function updateAccount(scope: WriteScope, id: string, input: AccountChanges) {
  const [before] = await accountRepresentation.load(scope.prisma, scope.organizationId, [id]);
  if (!before) throw notFound('account', id);
  const check = new Checker();
  const name = check.text('name', input.name, { max: 200, required: input.name !== undefined });
  const description = check.text('description', input.description, { max: 1000 });
  const subtype = check.text('subtype', input.subtype, { max: 100 });
  if (input.active === null) check.fail('active', 'must be true or false');
  if (input.active === false && before.system)
    check.fail('active', 'a system account is used by automatic postings and cannot be deactivated');
  const currency = checkAccountCurrency(scope, check, input.currency, { ...before, subtype: subtype ?? before.subtype });
  if (currency !== undefined && currency !== before.currency) {
    const posted = await scope.prisma.journalLine.findFirst({ where: { accountId: id }, select: { id: true } });
    if (posted)
      check.fail(
        'currency',
        `the account has postings in ${before.currency ?? scope.organization.baseCurrency}; its currency cannot change`,
      );
  }
  check.done();
  const changed = changedColumns(before, {
    ...(name ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(subtype !== undefined ? { subtype } : {}),
    ...(typeof input.active === 'boolean' ? { active: input.active } : {}),
    ...(currency !== undefined ? { currency } : {}),
  });
  if (Object.keys(changed).length === 0) return change(ACCOUNT, before);
  // Renaming does not move the balance.
  const account = {
    ...(await scope.prisma.account.update({ where: { id }, data: { ...changed, updatedAt: scope.now } })),
    balance: before.balance,
  };
  return change(ACCOUNT, account, [{ type: 'account.updated', resource: { type: ACCOUNT, id, row: account }, before }]);
}

export interface AccountRef {
  /** Where the id sits in the input, for the error. */
  path: string;
  id: string | null | undefined;
  /** The account types allowed there. */
  types: AccountType[];
  /** Narrower: the subtypes allowed (e.g. money is deposited only into a bank or cash account). */
  subtypes?: string[];
  /** The foreign currency of what is posted there, if any: an account in a foreign currency takes only that. */
  currency?: string;
}

/** Where money is received or paid from: an asset account of subtype bank or cash (as in QuickBooks and Xero). */
export const CASH_ACCOUNT = { types: ['ASSET' as AccountType], subtypes: ['bank', 'cash'] };

/**
 * Where a purchase is paid from: a bank or cash account, or a credit card (a liability of subtype
 * credit_card: paying a bill with it moves the debt from the vendor to the card, as QuickBooks does).
 */
export const PURCHASE_PAYMENT_ACCOUNT = { types: ['ASSET', 'LIABILITY'] as AccountType[], subtypes: ['bank', 'cash', 'credit_card'] };

type CheckedAccount = {
  id: string;
  type: AccountType;
  subtype: string | null;
  active: boolean;
  systemRole: string | null;
  currency: string | null;
};

function judgeAccountRefs(check: Checker, refs: AccountRef[], accounts: CheckedAccount[]) {
  for (const ref of refs) {
    if (!ref.id) continue;
    const account = accounts.find((a) => a.id === ref.id);
    if (!account) check.fail(ref.path, `no account with id "${ref.id}"`);
    else if (!account.active) check.fail(ref.path, 'is an inactive account');
    else if (!ref.types.includes(account.type))
      check.fail(ref.path, `must be an ${ref.types.map((t) => t.toLowerCase()).join(' or ')} account, not ${account.type.toLowerCase()}`);
    else if (ref.subtypes && !ref.subtypes.includes(account.subtype?.toLowerCase() ?? '')) {
      check.fail(
        ref.path,
        `must be a ${ref.subtypes.join(' or ')} account (an ${ref.types.map((t) => t.toLowerCase()).join(' or ')} account with ` +
          `subtype ${ref.subtypes.join(' or ')}); this one has ${account.subtype ? `subtype "${account.subtype}"` : 'no subtype'}`,
      );
    } else if (account.currency && account.currency !== ref.currency)
      check.fail(ref.path, `is a ${account.currency} account: only payments in ${account.currency} post to it`);
  }
}

function systemAccountIds<Role extends string>(accounts: { id: string; systemRole: string | null }[], roles: Role[]): Record<Role, string> {
  const out = {} as Record<Role, string>;
  for (const role of roles) {
    const account = accounts.find((a) => a.systemRole === role);
    if (!account)
      throw new AppError('INVALID_STATE', `The organization has no "${role}" system account; restore it in the chart of accounts`);
    out[role] = account.id;
  }
  return out;
}

const refIds = (refs: AccountRef[]) => [...new Set(refs.map((r) => r.id).filter((id): id is string => !!id))];
const CHECKED_FIELDS = ['id', 'type', 'subtype', 'active', 'systemRole', 'currency'] as const;

/**
 * The organization's accounts of `ids` and of the system `roles`, with what the checks read, in one raw
 * statement (a write's own reads run inside its transaction: src/db/model-rows.ts says why raw).
 */
async function checkedAccounts(tenant: Tenant, ids: string[], roles: string[]): Promise<CheckedAccount[]> {
  const named = [
    ...(ids.length ? [Prisma.sql`"id" IN (${Prisma.join(ids)})`] : []),
    ...(roles.length ? [Prisma.sql`"systemRole" IN (${Prisma.join(roles)})`] : []),
  ];
  if (named.length === 0) return [];
  return selectModelRows<CheckedAccount>(
    rawSqlOf(tenant),
    'Account',
    Prisma.sql`"organizationId" = ${tenant.organizationId} AND (${Prisma.join(named, ' OR ')})`,
    { fields: CHECKED_FIELDS },
  );
}

/** Checks, in one query, that each id names an active account of the organization of an allowed type. */
export async function checkAccountRefs(tenant: Tenant, check: Checker, refs: AccountRef[]) {
  const ids = refIds(refs);
  if (ids.length === 0) return;
  judgeAccountRefs(check, refs, await checkedAccounts(tenant, ids, []));
}

/** checkAccountRefs and systemAccounts in one query, for a document that needs both. */
export async function checkAccountRefsWithSystem<Role extends string>(
  tenant: Tenant,
  check: Checker,
  refs: AccountRef[],
  roles: Role[],
): Promise<Record<Role, string>> {
  const accounts = await checkedAccounts(tenant, refIds(refs), roles);
  judgeAccountRefs(check, refs, accounts);
  return systemAccountIds(accounts, roles);
}

/** The ids of the organization's system accounts for the given roles, in one query. */
export async function systemAccounts<Role extends string>(tenant: Tenant, roles: Role[]): Promise<Record<Role, string>> {
  return systemAccountIds(await checkedAccounts(tenant, [], roles), roles);
}

/**
 * The id of the organization's system account of `role`, made the first time one is needed (an
 * organization that never needs it never has it); its code is `code`, or `code-<suffix>` when taken.
 */
export async function systemAccountOnNeed(
  scope: WriteScope,
  account: { role: string; code: string; suffix: string; name: string; type: AccountType },
) {
  const found = await scope.prisma.account.findFirst({ where: { organizationId: scope.organizationId, systemRole: account.role } });
  if (found) return found.id;
  const taken = await scope.prisma.account.findFirst({ where: { organizationId: scope.organizationId, code: account.code } });
  const made = await scope.prisma.account.create({
    data: {
      id: newId('Account'),
      organizationId: scope.organizationId,
      code: taken ? `${account.code}-${account.suffix}` : account.code,
      name: account.name,
      type: account.type,
      subtype: account.role,
      system: true,
      systemRole: account.role,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  return made.id;
}
