// A product as the public sees it: the REST v1 body, and `data.object` of product.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { ProductType } from '../../db/generated/sqlite/enums.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { formatPercent, moneyNumber } from '../../lib/money.ts';

export const PRODUCT = 'product';

const PRODUCT_SCHEMA = S.object({
  id: S.id('prod'),
  name: S.string,
  sku: S.nullable(S.string),
  description: S.nullable(S.string),
  type: S.enum(Object.values(ProductType)),
  unitPrice: S.number,
  taxRate: S.nullable(S.percent('Default sales tax in percent, e.g. 8.875; null: sold without tax (0 is a zero rate).')),
  incomeAccountId: S.nullable(S.id('acct')),
  expenseAccountId: S.nullable(S.id('acct')),
  active: S.boolean,
  createdAt: S.dateTime,
  updatedAt: S.dateTime,
});

export const productRepresentation: Representation<PrismaTypes.ProductGetPayload<object>, Infer<typeof PRODUCT_SCHEMA>> = {
  type: PRODUCT,
  schema: PRODUCT_SCHEMA,
  load: (db, organizationId, ids) => db.product.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (p, organization) => ({
    id: p.id,
    name: p.name,
    sku: p.sku,
    description: p.description,
    type: p.type.toLowerCase(),
    unitPrice: moneyNumber(p.unitPrice, decimalsOf({ organization })),
    taxRate: p.taxRatePpm === null ? null : Number(formatPercent(p.taxRatePpm)),
    incomeAccountId: p.incomeAccountId,
    expenseAccountId: p.expenseAccountId,
    active: p.active,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }),
};
