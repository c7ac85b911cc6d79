// Organizations are tenants. Creating one also creates its standard chart of accounts, in one transaction.
import type { Prisma } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isCurrencyCode } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { STANDARD_CHART } from '../accounts/standard-chart.ts';

export interface NewOrganization {
  name: string;
  baseCurrency?: string;
}

export async function createOrganization(prisma: Prisma, input: NewOrganization) {
  const name = input.name.trim();
  if (!name || name.length > 200) throw new AppError('VALIDATION_FAILED', 'organization name must be 1 to 200 characters', [{ path: 'name', message: 'must be 1 to 200 characters' }]);
  const baseCurrency = (input.baseCurrency ?? 'USD').toUpperCase();
  if (!isCurrencyCode(baseCurrency)) {
    throw new AppError('VALIDATION_FAILED', `unknown currency "${input.baseCurrency}"`, [{ path: 'baseCurrency', message: 'must be an ISO 4217 code such as USD' }]);
  }
  const id = newId('Organization');
  return prisma.$transaction(async (tx) => {
    const organization = await tx.organization.create({ data: { id, name, baseCurrency } });
    await tx.account.createMany({
      data: STANDARD_CHART.map((account) => ({
        id: newId('Account'),
        organizationId: id,
        code: account.code,
        name: account.name,
        type: account.type,
        subtype: account.subtype,
        system: account.systemRole !== undefined,
        systemRole: account.systemRole ?? null,
      })),
    });
    return organization;
  });
}

export function findOrganizationByName(prisma: Prisma, name: string) {
  return prisma.organization.findUnique({ where: { name: name.trim() } });
}

export async function countOrganizations(prisma: Prisma): Promise<number> {
  return prisma.organization.count();
}

export interface OrganizationSettings {
  name?: string | null;
  lockDate?: string | null;
  defaultPaymentTermsDays?: number | null;
}

/** Changes settings. `lockDate: null` unlocks; moving the lock date never touches posted entries. */
export async function updateOrganization(prisma: Prisma, organizationId: string, input: OrganizationSettings) {
  const check = new Checker();
  const name = check.text('name', input.name, { max: 200, required: input.name !== undefined });
  const lockDate = check.date('lockDate', input.lockDate);
  const terms = check.integer('defaultPaymentTermsDays', input.defaultPaymentTermsDays, 0, 365);
  if (input.defaultPaymentTermsDays === null) check.fail('defaultPaymentTermsDays', 'must not be null');
  check.done();
  return prisma.organization.update({
    where: { id: organizationId },
    data: {
      ...(name ? { name } : {}),
      ...(input.lockDate !== undefined ? { lockDate: lockDate ?? null } : {}),
      ...(typeof terms === 'number' ? { defaultPaymentTermsDays: terms } : {}),
    },
  });
}
