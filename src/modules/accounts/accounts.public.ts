// An account as the public sees it: the REST v1 body, and `data.object` of account.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { moneyNumber } from '../../lib/money.ts';
import { accountBalances } from '../reports/reports.service.ts';

export const ACCOUNT = 'account';

export type AccountRow = PrismaTypes.AccountGetPayload<object> & { balance: bigint };

export const accountRepresentation: Representation<AccountRow> = {
  type: ACCOUNT,
  async load(db, organizationId, ids) {
    const [rows, balances] = await Promise.all([db.account.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }), accountBalances({ prisma: db, organizationId }, ids)]);
    return rows.map((row) => ({ ...row, balance: balances.get(row.id) ?? 0n }));
  },
  render: (a, organization) => ({
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
  }),
};
