// The organization as the public sees it: `data.object` of organization.updated events (the same
// fields GraphQL's viewer.organization has).
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';

export const ORGANIZATION = 'organization';

const ORGANIZATION_SCHEMA = S.objectWithOptional(
  {
    id: S.id('org'),
    name: S.string,
    baseCurrency: S.string,
    lockDate: S.nullable(S.date),
    defaultPaymentTermsDays: S.integer,
    fiscalYearEnd: { ...S.string, pattern: '^\\d{2}-\\d{2}$', description: 'The last day of the fiscal year, MM-DD.' },
    badDebtTaxRelief: {
      ...S.enum(['none', 'on_write_off']),
      description: 'none: a write-off leaves the tax as charged; on_write_off: it takes back the tax in what it writes off.',
    },
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  {
    address: { ...S.string, description: 'Its postal address, as lines, on the documents it sends (only when set).' },
    taxId: { ...S.string, description: 'Its tax id (VAT, GST, EIN number) on its documents (only when set).' },
    paymentDetails: {
      ...S.string,
      description: "How to pay it (bank details, as lines), on its invoices with the invoice's number to quote (only when set).",
    },
    email: { ...S.string, description: 'Its email address on its documents (only when set).' },
    locale: { ...S.string, description: 'The BCP 47 locale its documents write numbers and dates in (only when set; else en-US).' },
    hasLogo: { ...S.boolean, description: 'Present (true) when it has a logo for its documents.' },
  },
  'The organization: its name, currency, lock date, default payment terms, fiscal year end, bad-debt tax rule, and what its ' +
    'documents show of it.',
);

export const organizationRepresentation: Representation<PrismaTypes.OrganizationGetPayload<object>, Infer<typeof ORGANIZATION_SCHEMA>> = {
  type: ORGANIZATION,
  schema: ORGANIZATION_SCHEMA,
  load: (db, organizationId, ids) => db.organization.findMany({ where: { id: { in: ids.filter((id) => id === organizationId) } } }),
  render: (o) => ({
    id: o.id,
    name: o.name,
    baseCurrency: o.baseCurrency,
    lockDate: o.lockDate,
    defaultPaymentTermsDays: o.defaultPaymentTermsDays,
    fiscalYearEnd: o.fiscalYearEnd,
    badDebtTaxRelief: o.badDebtTaxRelief.toLowerCase(),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    ...(o.address ? { address: o.address } : {}),
    ...(o.taxId ? { taxId: o.taxId } : {}),
    ...(o.paymentDetails ? { paymentDetails: o.paymentDetails } : {}),
    ...(o.email ? { email: o.email } : {}),
    ...(o.locale ? { locale: o.locale } : {}),
    ...(o.logo ? { hasLogo: true } : {}),
  }),
};
