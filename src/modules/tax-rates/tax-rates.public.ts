// A tax rate as the public sees it: the REST v1 body, and `data.object` of tax_rate.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { formatPercent } from '../../lib/money.ts';

export const TAX_RATE = 'tax_rate';

const TAX_RATE_SCHEMA = S.object({
  id: S.id('txr'),
  name: S.string,
  rate: { type: 'number', description: 'Percent, e.g. 8.875.' },
  salesAccountId: {
    ...S.nullable(S.id('acct')),
    description: "Liability account the tax charged on sales is credited to; null: the organization's sales tax account (2200).",
  },
  purchaseAccountId: {
    ...S.nullable(S.id('acct')),
    description: "Account the tax paid on bills is debited to; null: the organization's recoverable tax account (1400).",
  },
  active: S.boolean,
  createdAt: S.dateTime,
  updatedAt: S.dateTime,
});

export const taxRateRepresentation: Representation<PrismaTypes.TaxRateGetPayload<object>, Infer<typeof TAX_RATE_SCHEMA>> = {
  type: TAX_RATE,
  schema: TAX_RATE_SCHEMA,
  load: (db, organizationId, ids) => db.taxRate.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (r) => ({
    id: r.id,
    name: r.name,
    rate: Number(formatPercent(r.ratePpm)),
    salesAccountId: r.salesAccountId,
    purchaseAccountId: r.purchaseAccountId,
    active: r.active,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }),
};
