// Customers and vendors as the public sees them: the REST v1 bodies, and `data.object` of their events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { moneyNumber } from '../../lib/money.ts';
import { addressOf } from './contacts.service.ts';

type ContactRow = PrismaTypes.CustomerGetPayload<object> & { balance?: bigint };

/** What a customer owes: the amount due on its open and partly paid invoices. */
async function balances(db: Parameters<Representation['load']>[0], organizationId: string, ids: string[]) {
  const sums = await db.invoice.groupBy({
    by: ['customerId'],
    where: { organizationId, customerId: { in: ids }, status: { in: ['OPEN', 'PARTIALLY_PAID'] } },
    _sum: { total: true, amountPaid: true },
  });
  return new Map(sums.map((s) => [s.customerId, (s._sum.total ?? 0n) - (s._sum.amountPaid ?? 0n)]));
}

export function contactRepresentation(kind: 'customer' | 'vendor'): Representation<ContactRow> {
  return {
    type: kind,
    async load(db, organizationId, ids) {
      const rows: ContactRow[] = await (db as any)[kind].findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } });
      if (kind === 'vendor') return rows;
      const due = await balances(db, organizationId, ids);
      return rows.map((row) => ({ ...row, balance: due.get(row.id) ?? 0n }));
    },
    render(c, organization) {
      return {
        id: c.id,
        name: c.name,
        email: c.email,
        phone: c.phone,
        taxNumber: c.taxNumber,
        address: addressOf(c),
        paymentTermsDays: c.paymentTermsDays,
        notes: c.notes,
        active: c.active,
        ...(kind === 'customer' ? { balance: moneyNumber(c.balance ?? 0n, decimalsOf({ organization })) } : {}),
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      };
    },
  };
}

export const customerRepresentation = contactRepresentation('customer');
export const vendorRepresentation = contactRepresentation('vendor');
