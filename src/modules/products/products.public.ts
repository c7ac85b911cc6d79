// A product as the public sees it: the REST v1 body, and `data.object` of product.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { formatPercent, moneyNumber } from '../../lib/money.ts';

export const PRODUCT = 'product';

export const productRepresentation: Representation<PrismaTypes.ProductGetPayload<object>> = {
  type: PRODUCT,
  load: (db, organizationId, ids) => db.product.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  render: (p, organization) => ({
    id: p.id,
    name: p.name,
    sku: p.sku,
    description: p.description,
    type: p.type.toLowerCase(),
    unitPrice: moneyNumber(p.unitPrice, decimalsOf({ organization })),
    taxRate: Number(formatPercent(p.taxRatePpm)),
    incomeAccountId: p.incomeAccountId,
    expenseAccountId: p.expenseAccountId,
    active: p.active,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }),
};
