// An account as the public sees it: the REST v1 body, and `data.object` of account.* events.
import type { Prisma, PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { decimalsOf, type Tx } from '../../core/tenant.ts';
import { moneyNumber } from '../../lib/money.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { AccountType } from '../../db/generated/sqlite/enums.ts';
import { balancesOf } from '../reports/balances.ts';

export const ACCOUNT = 'account';

export type AccountRow = PrismaTypes.AccountGetPayload<object> & { balance: bigint };

const ACCOUNT_SCHEMA = S.objectWithOptional(
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
  {
    currency: {
      ...S.string,
      description: 'Only on a bank or cash account in a foreign currency: that currency (its balance is in home currency).',
    },
  },
  'An account of the chart of accounts; balance on its normal side.',
);

/** Accounts' rows with their balances (kept totals) added. */
async function withBalances(db: Prisma | Tx, organizationId: string, rows: PrismaTypes.AccountGetPayload<object>[]): Promise<AccountRow[]> {
  const balances = await balancesOf({ prisma: db, organizationId }, rows);
  return rows.map((row) => Object.assign({}, row, { balance: balances.get(row.id) ?? 0n }));
}

export const accountRepresentation: Representation<AccountRow, Infer<typeof ACCOUNT_SCHEMA>> = {
  type: ACCOUNT,
  schema: ACCOUNT_SCHEMA,
  load: async (db, organizationId, ids) =>
    withBalances(db, organizationId, await db.account.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } })),
  query: {},
  complete: withBalances,
  render: (a, organization) => {
    const body = {
      id: a.id,
      code: a.code,
      name: a.name,
      type: a.type.toLowerCase(),
      subtype: a.subtype,
      description: a.description,
      parentId: a.parentId,
      active: a.active,
      system: a.system,
      systemRole: a.systemRole,
      balance: moneyNumber(a.balance, decimalsOf({ organization })),
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    };
    return a.currency ? Object.assign(body, { currency: a.currency }) : body;
  },
};
