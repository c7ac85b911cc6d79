// Reports are aggregates computed in the database (GROUP BY), never by loading every line.
import type { AccountType } from '../../db/generated/sqlite/enums.ts';
import type { Tenant } from '../tenant.ts';

/** Debit-normal account types; the others are credit-normal. */
export const DEBIT_NORMAL: readonly AccountType[] = ['ASSET', 'EXPENSE'];

/** Balance of each account on its normal side, from all posted lines (optionally up to a date). */
export async function accountBalances(tenant: Tenant, accountIds: string[], asOf?: string): Promise<Map<string, bigint>> {
  const [sums, accounts] = await Promise.all([
    tenant.prisma.journalLine.groupBy({
      by: ['accountId'],
      where: { organizationId: tenant.organizationId, accountId: { in: accountIds }, ...(asOf ? { date: { lte: asOf } } : {}) },
      _sum: { debit: true, credit: true },
    }),
    tenant.prisma.account.findMany({ where: { organizationId: tenant.organizationId, id: { in: accountIds } }, select: { id: true, type: true } }),
  ]);
  const typeOf = new Map(accounts.map((a) => [a.id, a.type]));
  const out = new Map<string, bigint>();
  for (const row of sums) {
    const net = (row._sum.debit ?? 0n) - (row._sum.credit ?? 0n);
    out.set(row.accountId, DEBIT_NORMAL.includes(typeOf.get(row.accountId)!) ? net : -net);
  }
  return out;
}
