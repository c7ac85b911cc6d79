// Tax rates: a named percentage and the accounts its tax posts to. Invoice lines refer to one by id and
// copy its percentage, so a document never changes after it is written; for the same reason a rate's
// percentage is fixed once a document uses it (as in QuickBooks: make a new rate, deactivate the old).
import type { PrismaTypes } from '../../db/database.ts';
import { change } from '../../core/representations.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { changedColumns } from '../../lib/columns.ts';
import { notFound } from '../../lib/errors.ts';
import { equalsGiven } from '../../lib/filters.ts';
import { newId } from '../../lib/ids.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';
import { Checker } from '../../lib/validate.ts';
import { checkAccountRefs } from '../accounts/accounts.service.ts';
import { TAX_RATE } from './tax-rates.public.ts';

export interface TaxRateFilter {
  search?: string | null;
  active?: boolean | null;
}

export interface TaxRateInput {
  name?: string | null;
  rate?: string | number | null;
  salesAccountId?: string | null;
  purchaseAccountId?: string | null;
  active?: boolean | null;
}

export function taxRateWhere(organizationId: string, filter: TaxRateFilter = {}, provider: SearchProvider): PrismaTypes.TaxRateWhereInput {
  const where: PrismaTypes.TaxRateWhereInput = { organizationId, ...equalsGiven(filter, ['active']) };
  if (filter.search?.trim()) where.name = textMatch(provider, 'contains', filter.search.trim());
  return where;
}

/** The organization's tax rates among `ids`, as documents use them (one query; none when no id is given). */
export function taxRatesFor(tenant: Tenant, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return Promise.resolve([]);
  return tenant.prisma.taxRate.findMany({
    where: { organizationId: tenant.organizationId, id: { in: wanted } },
    select: { id: true, ratePpm: true, salesAccountId: true, purchaseAccountId: true, active: true },
  });
}

async function taxRateColumns(tenant: Tenant, input: TaxRateInput, existing?: { id: string; ratePpm: number }) {
  const check = new Checker();
  const creating = !existing;
  const columns: Record<string, unknown> = {
    name: check.text('name', input.name, { required: creating || input.name !== undefined, max: 100 }),
    ratePpm: check.percent('rate', input.rate),
    salesAccountId: input.salesAccountId,
    purchaseAccountId: input.purchaseAccountId,
  };
  if (creating && (input.rate === undefined || input.rate === null))
    check.fail('rate', 'is required (a percentage such as 8.875; 0 for zero-rated)');
  else if (input.rate === null) check.fail('rate', 'must not be null');
  if (input.active === null) check.fail('active', 'must be true or false');
  else if (input.active !== undefined) columns.active = input.active;
  await checkAccountRefs(tenant, check, [
    { path: 'salesAccountId', id: input.salesAccountId, types: ['LIABILITY'] },
    { path: 'purchaseAccountId', id: input.purchaseAccountId, types: ['ASSET', 'LIABILITY'] },
  ]);
  const [clash, used] = await Promise.all([
    typeof columns.name === 'string'
      ? tenant.prisma.taxRate.findFirst({
          where: { organizationId: tenant.organizationId, name: columns.name, NOT: existing ? { id: existing.id } : undefined },
          select: { id: true },
        })
      : null,
    existing && typeof columns.ratePpm === 'number' && columns.ratePpm !== existing.ratePpm ? rateInUse(tenant, existing.id) : null,
  ]);
  if (clash) check.fail('name', `"${columns.name}" is already the name of tax rate ${clash.id}`);
  if (used) check.fail('rate', 'cannot change once a document uses this tax rate; create a new tax rate and deactivate this one');
  check.done();
  for (const key of Object.keys(columns)) if (columns[key] === undefined) delete columns[key];
  return columns;
}

/** Whether any invoice or bill line names the rate (one statement). */
async function rateInUse(tenant: Tenant, id: string): Promise<boolean> {
  const [invoiceLine, billLine] = await Promise.all([
    tenant.prisma.invoiceLine.findFirst({ where: { taxRateId: id }, select: { id: true } }),
    tenant.prisma.billLine.findFirst({ where: { taxRateId: id }, select: { id: true } }),
  ]);
  return !!(invoiceLine || billLine);
}

export async function createTaxRate(scope: WriteScope, input: TaxRateInput) {
  const columns = await taxRateColumns(scope, input);
  const rate = await scope.prisma.taxRate.create({
    data: {
      id: newId('TaxRate'),
      organizationId: scope.organizationId,
      ...(columns as { name: string; ratePpm: number }),
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  return change(TAX_RATE, rate, [{ type: 'tax_rate.created', resource: { type: TAX_RATE, id: rate.id, row: rate } }]);
}

export async function updateTaxRate(scope: WriteScope, id: string, input: TaxRateInput) {
  const before = await scope.prisma.taxRate.findFirst({ where: { id, organizationId: scope.organizationId } });
  if (!before) throw notFound('tax rate', id);
  const changed = changedColumns(before, await taxRateColumns(scope, input, before));
  if (Object.keys(changed).length === 0) return change(TAX_RATE, before);
  const rate = await scope.prisma.taxRate.update({ where: { id }, data: { ...changed, updatedAt: scope.now } });
  return change(TAX_RATE, rate, [{ type: 'tax_rate.updated', resource: { type: TAX_RATE, id, row: rate }, before }]);
}
