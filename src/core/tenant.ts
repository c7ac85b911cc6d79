// What a service works on: the organization it acts for, and the database handle to use. Inside a
// unit of work the handle is the transaction and the organization row is the one read under its lock.
import type { Prisma, Provider } from '../db/database.ts';
import { Prisma as PrismaSql } from '../db/generated/sqlite/client.ts';
import type { RawSql } from '../db/sql.ts';
import { currencyDecimals } from '../lib/money.ts';
import type { declared } from '../declarations.ts';

export interface OrganizationInfo {
  id: string;
  name: string;
  baseCurrency: string;
  lockDate: string | null;
  defaultPaymentTermsDays: number;
  /** The last day of the fiscal year, MM-DD. */
  fiscalYearEnd: string;
  /** How a write-off treats the tax in what it writes off (NONE, ON_WRITE_OFF). */
  badDebtTaxRelief: string;
}

/** An organization's row as a database answers it (integers as bigint or number, no lock date as null or absent). */
export type OrganizationRow = Omit<OrganizationInfo, 'lockDate' | 'defaultPaymentTermsDays'> & {
  lockDate?: string | null;
  defaultPaymentTermsDays: number | bigint;
};

/** The settings the rules read, from an organization's row (the unit of work's lock, a key's lookup, a worker's read). */
export const organizationInfo = (row: OrganizationRow): OrganizationInfo => ({
  id: row.id,
  name: row.name,
  baseCurrency: row.baseCurrency,
  lockDate: row.lockDate ?? null,
  defaultPaymentTermsDays: Number(row.defaultPaymentTermsDays),
  fiscalYearEnd: row.fiscalYearEnd,
  badDebtTaxRelief: row.badDebtTaxRelief,
});

/** A Prisma interactive transaction client: what services pass around inside one transaction. */
export type Tx = Parameters<Parameters<Prisma['$transaction']>[0]>[0];

/** Reads outside a write (reports, checks in tests): the client and the organization. */
export interface Tenant {
  prisma: Prisma | Tx;
  organizationId: string;
  organization: OrganizationInfo;
}

/** Sequences numbered under the organization lock, so numbers are gapless and never reused. */
/** The organization's number series, as the modules declare them (src/declarations.ts). */
export type SequenceName = keyof ReturnType<typeof declared<'sequences'>>;

/**
 * What a service receives inside a unit of work: the transaction, the organization as read under its
 * lock, the time of the write, and the organization's sequences.
 */
export interface WriteScope extends Tenant {
  prisma: Tx;
  /** Raw statements of the transaction, at the driver's cost (src/db/sql.ts). */
  sql: RawSql;
  now: Date;
  nextNumber(sequence: SequenceName): number;
}

/** Raw statements for a tenant: a write's own (direct) ones, or its client's. */
export const rawSqlOf = (tenant: Tenant): RawSql => ('sql' in tenant ? (tenant as WriteScope).sql : tenant.prisma);

export const decimalsOf = (tenant: { organization: { baseCurrency: string } }) => currencyDecimals(tenant.organization.baseCurrency);

/**
 * The statement that takes an organization's write lock, the first of every write, returning `columns` of its
 * row. PostgreSQL: a row lock. SQLite: an UPDATE takes the database's write lock at once (waiting for it under
 * the busy timeout), rather than reading first and failing to upgrade later. It sets a plain column to itself:
 * "setting" the primary key would make SQLite check every child row that references the organization (foreign
 * keys), a cost that grew with the books.
 */
export const organizationLockStatement = (provider: Provider, organizationId: string, columns = PrismaSql.raw('"id"')) =>
  provider === 'postgresql'
    ? PrismaSql.sql`SELECT ${columns} FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`
    : PrismaSql.sql`UPDATE "Organization" SET "nextEntryNumber" = "nextEntryNumber" WHERE "id" = ${organizationId} RETURNING ${columns}`;
