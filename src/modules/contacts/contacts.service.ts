// What customers and vendors share: contact details and an address, validated the same way.
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import type { PrismaTypes } from '../../db/database.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { selectModelRows, selectOrganizationRow, updateModelRow } from '../../db/model-rows.ts';
import { quoted } from '../../db/insert.ts';
import { insertRows } from '../../db/insert.ts';
import { changedColumns } from '../../lib/columns.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { equalsGiven } from '../../lib/filters.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';

export interface AddressInput {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

export interface ContactInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  taxNumber?: string | null;
  address?: AddressInput | null;
  paymentTermsDays?: number | null;
  notes?: string | null;
  /** The currency its documents are in (ISO 4217); the home currency when left out. */
  currency?: string | null;
}

/** Checks contact fields and maps them onto the columns; absent fields stay absent (for updates). */
export function contactColumns(check: Checker, input: ContactInput, options: { creating: boolean; homeCurrency: string }) {
  const columns: Record<string, unknown> = {
    name: check.text('name', input.name, { required: options.creating || input.name !== undefined, max: 200 }),
    email: check.email('email', input.email),
    phone: check.text('phone', input.phone, {
      max: 40,
      pattern: /^[0-9+().\-\s]+$/,
      patternHint: 'may contain only digits, spaces and + ( ) . -',
    }),
    taxNumber: check.text('taxNumber', input.taxNumber, { max: 40 }),
    paymentTermsDays: check.integer('paymentTermsDays', input.paymentTermsDays, 0, 365),
    notes: check.text('notes', input.notes, { max: 2000 }),
    currency: currencyColumn(check, input.currency, options.homeCurrency),
  };
  if (input.address === null) {
    Object.assign(columns, { addressLine1: null, addressLine2: null, city: null, region: null, postalCode: null, country: null });
  } else if (input.address) {
    const a = input.address;
    Object.assign(columns, {
      addressLine1: check.text('address.line1', a.line1, { max: 200 }),
      addressLine2: check.text('address.line2', a.line2, { max: 200 }),
      city: check.text('address.city', a.city, { max: 100 }),
      region: check.text('address.region', a.region, { max: 100 }),
      postalCode: check.text('address.postalCode', a.postalCode, { max: 20 }),
      country: check.text('address.country', a.country?.toUpperCase(), {
        max: 2,
        pattern: /^[A-Z]{2}$/,
        patternHint: 'must be an ISO 3166-1 alpha-2 code such as US',
      }),
    });
  }
  for (const key of Object.keys(columns)) if (columns[key] === undefined) delete columns[key];
  return columns;
}

/** A contact's currency as stored: an ISO 4217 code, null for home (given as null or as the home code); undefined when not given. */
function currencyColumn(check: Checker, value: string | null | undefined, home: string) {
  if (value === undefined || value === null) return value;
  const code = check.currency('currency', value);
  return code === home ? null : code;
}

/** A contact row as stored: the columns customers and vendors share (each also keeps its balance, written by invoices or bills). */
type ContactRow = Omit<PrismaTypes.CustomerGetPayload<object>, 'balance'>;
const CONTACT_ROW_COLUMNS = [
  'id',
  'organizationId',
  'name',
  'email',
  'phone',
  'taxNumber',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'paymentTermsDays',
  'notes',
  'active',
  'createdAt',
  'updatedAt',
  'currency',
] as const satisfies readonly (keyof ContactRow)[];

export interface ContactFilter {
  search?: string | null;
  active?: boolean | null;
  email?: string | null;
}

/**
 * Customers and vendors follow the same rules (create, update, filter); one implementation serves
 * both, parameterized by the model.
 */
export function contactService(kind: 'customer' | 'vendor') {
  const idType = kind === 'customer' ? 'Customer' : 'Vendor';

  return {
    where(organizationId: string, filter: ContactFilter = {}, provider: SearchProvider) {
      const where: Record<string, unknown> = { organizationId, ...equalsGiven(filter, ['active']) };
      if (filter.email?.trim()) where.email = filter.email.trim();
      if (filter.search?.trim())
        where.OR = [
          { name: textMatch(provider, 'contains', filter.search.trim()) },
          { email: textMatch(provider, 'contains', filter.search.trim()) },
        ];
      return where;
    },

    async create(scope: WriteScope, input: ContactInput) {
      const check = new Checker();
      const columns = contactColumns(check, input, { creating: true, homeCurrency: scope.organization.baseCurrency });
      check.done();
      // Every column written, with the schema's defaults, in one raw INSERT (src/db/insert.ts says why not
      // Prisma's create): the row is known without reading it back. Typed as the model's row, so a column
      // added to the schema fails the type check here until it is given a value.
      const row: ContactRow = {
        id: newId(idType),
        organizationId: scope.organizationId,
        name: columns.name as string, // required: the check above made sure of it
        email: null,
        phone: null,
        taxNumber: null,
        addressLine1: null,
        addressLine2: null,
        city: null,
        region: null,
        postalCode: null,
        country: null,
        paymentTermsDays: null,
        notes: null,
        currency: null,
        active: true,
        ...columns,
        createdAt: scope.now,
        updatedAt: scope.now,
      };
      await insertRows(scope.sql, idType, CONTACT_ROW_COLUMNS, [row]);
      // A new contact owes, and is owed, nothing yet.
      const created = { ...row, balance: 0n };
      return change(kind, created, [{ type: `${kind}.created`, resource: { type: kind, id: row.id, row: created } }]);
    },

    async update(scope: WriteScope, id: string, input: ContactInput & { active?: boolean | null }) {
      const check = new Checker();
      const columns = contactColumns(check, input, { creating: false, homeCurrency: scope.organization.baseCurrency });
      if (input.active === null) check.fail('active', 'must be true or false');
      check.done();
      if (input.active !== undefined && input.active !== null) columns.active = input.active;
      // Raw reads and update (src/db/model-rows.ts), so the write stays off Prisma's transaction.
      const before = await selectOrganizationRow<PrismaTypes.CustomerGetPayload<object>>(scope.sql, idType, scope.organizationId, id);
      if (!before) throw notFound(kind, id);
      const changed = changedColumns(before, columns);
      if (Object.keys(changed).length === 0) return change(kind, before);
      // Its documents are in its currency: once it has any, the currency stays (QuickBooks and Xero do the same).
      if ('currency' in changed && (await hasDocuments(scope, kind, id)))
        throw validationError([
          {
            path: 'currency',
            message: `the ${kind} has documents in ${before.currency ?? scope.organization.baseCurrency}; its currency cannot change`,
          },
        ]);
      const after = await updateModelRow<PrismaTypes.CustomerGetPayload<object>>(scope.sql, idType, id, {
        ...changed,
        updatedAt: scope.now,
      });
      return change(kind, after, [{ type: `${kind}.updated`, resource: { type: kind, id, row: after }, before }]);
    },
  };
}

/** Whether any document names the contact: a posting, or a draft. */
async function hasDocuments(scope: WriteScope, kind: 'customer' | 'vendor', id: string) {
  const named = (model: string) =>
    selectModelRows(
      scope.sql,
      model,
      Prisma.sql`"organizationId" = ${scope.organizationId} AND ${Prisma.raw(quoted(`${kind}Id`))} = ${id}`,
      {
        fields: ['id'],
        limit: 1,
      },
    );
  const [line, draft] = await Promise.all([named('JournalLine'), named(kind === 'customer' ? 'Invoice' : 'Bill')]);
  return line.length > 0 || draft.length > 0;
}

/** Customers: who the organization sells to and invoices. */
export const customers = contactService('customer');
/** Vendors: who the organization buys from. */
export const vendors = contactService('vendor');
