// An exchange rate as the public sees it: the REST v1 body, and `data.object` of exchange_rate.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';

export const EXCHANGE_RATE = 'exchange_rate';

const EXCHANGE_RATE_SCHEMA = S.object({
  id: S.id('xr'),
  currency: { ...S.string, description: 'ISO 4217 code of the foreign currency.' },
  date: { ...S.date, description: 'The date it is for; later dates without a rate of their own take it.' },
  rate: {
    ...S.string,
    pattern: '^\\d+(\\.\\d+)?$',
    description: 'Home-currency units per one unit of the currency, as exact decimal text (e.g. "1.1034").',
  },
  createdAt: S.dateTime,
  updatedAt: S.dateTime,
});

export const exchangeRateRepresentation: Representation<PrismaTypes.ExchangeRateGetPayload<object>, Infer<typeof EXCHANGE_RATE_SCHEMA>> = {
  type: EXCHANGE_RATE,
  schema: EXCHANGE_RATE_SCHEMA,
  load: (db, organizationId, ids) => db.exchangeRate.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (r) => ({
    id: r.id,
    currency: r.currency,
    date: r.date,
    rate: r.rate,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }),
};
