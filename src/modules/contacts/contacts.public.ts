// Customers and vendors as the public sees them: the REST v1 bodies, and `data.object` of their events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { currencyDecimals, moneyNumber } from '../../lib/money.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import type { IdPrefix } from '../../lib/ids.ts';

/** A contact's postal address as the public sees it: null when no part of it is on file. */
export function addressOf(row: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
}) {
  const address = {
    line1: row.addressLine1,
    line2: row.addressLine2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
  };
  return Object.values(address).some((v) => v !== null) ? address : null;
}

/** A customer's or a vendor's row: the same columns, with the kept balance (what it owes, or what we owe it). */
type ContactRow = Omit<PrismaTypes.CustomerGetPayload<object>, 'balance'> & { balance?: bigint };

const ADDRESS = S.nullable({
  ...S.object({
    line1: S.nullable(S.string),
    line2: S.nullable(S.string),
    city: S.nullable(S.string),
    region: S.nullable(S.string),
    postalCode: S.nullable(S.string),
    country: S.nullable(S.string),
  }),
  type: 'object',
});

/** What customers and vendors share, in the order REST shows it. */
const contactProperties = (prefix: IdPrefix) => ({
  id: S.id(prefix),
  name: S.string,
  email: S.nullable(S.string),
  phone: S.nullable(S.string),
  taxNumber: S.nullable(S.string),
  address: ADDRESS,
  paymentTermsDays: S.nullable(S.integer),
  notes: S.nullable(S.string),
  active: S.boolean,
});
/** Present only on a contact that deals in a foreign currency, so home-currency answers stay as they were. */
const CONTACT_CURRENCY = {
  currency: {
    ...S.string,
    description: 'The currency its documents and balance are in (ISO 4217), when not the home currency; absent for home.',
  },
};
const CUSTOMER_SCHEMA = S.objectWithOptional(
  {
    ...contactProperties('cus'),
    balance: { ...S.number, description: 'Amount due on open invoices, in its currency.' },
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  CONTACT_CURRENCY,
);
const VENDOR_SCHEMA = S.objectWithOptional(
  {
    ...contactProperties('ven'),
    balance: { ...S.number, description: 'Amount due on open bills: what we owe the vendor, in its currency.' },
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  CONTACT_CURRENCY,
);

const common = (c: ContactRow) => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  taxNumber: c.taxNumber,
  address: addressOf(c),
  paymentTermsDays: c.paymentTermsDays,
  notes: c.notes,
  active: c.active,
});
const timestamps = (c: ContactRow) => ({ createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() });

/** A contact's body: its balance in its currency, which is named only when foreign. */
function renderContact(c: ContactRow, organization: { baseCurrency: string }) {
  const decimals = c.currency ? currencyDecimals(c.currency) : decimalsOf({ organization });
  // Assigned to, not spread from (docs/architecture.md: Node 20's V8 builds `{ ...a, b }` slowly).
  const body = Object.assign(common(c), { balance: moneyNumber(c.balance ?? 0n, decimals) }, timestamps(c));
  return c.currency ? Object.assign(body, { currency: c.currency }) : body;
}

export const customerRepresentation: Representation<ContactRow, Infer<typeof CUSTOMER_SCHEMA>> = {
  type: 'customer',
  schema: CUSTOMER_SCHEMA,
  load: (db, organizationId, ids) => db.customer.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (c, organization) => renderContact(c, organization),
};

export const vendorRepresentation: Representation<ContactRow, Infer<typeof VENDOR_SCHEMA>> = {
  type: 'vendor',
  schema: VENDOR_SCHEMA,
  load: (db, organizationId, ids) => db.vendor.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (c, organization) => renderContact(c, organization),
};
