import type { Prisma } from '../db/database.ts';
import { currencyDecimals } from '../lib/money.ts';

/** What every service call needs: the database and the organization it acts for. The GraphQL context is one. */
export interface Tenant {
  prisma: Prisma;
  organizationId: string;
  organization: { id: string; baseCurrency: string; lockDate: string | null; defaultPaymentTermsDays: number };
}

export const decimalsOf = (tenant: Tenant) => currencyDecimals(tenant.organization.baseCurrency);

/** A Prisma interactive transaction client: what services pass around inside one transaction. */
export type Tx = Parameters<Parameters<Prisma['$transaction']>[0]>[0];
