// Products and services the organization sells: default price, tax rate and the accounts sales post to.
import type { PrismaTypes } from '../../db/database.ts';
import type { ProductType } from '../../db/generated/sqlite/enums.ts';
import { checkAccountRefs } from '../accounts/accounts.service.ts';
import { change } from '../../core/representations.ts';
import { decimalsOf, rawSqlOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { insertModelRow, selectModelRows, selectOrganizationRow, updateModelRow } from '../../db/model-rows.ts';
import { changedColumns } from '../../lib/columns.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { equalsGiven } from '../../lib/filters.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';
import { PRODUCT } from './products.public.ts';

type ProductRow = PrismaTypes.ProductGetPayload<object>;

export interface ProductFilter {
  search?: string | null;
  type?: ProductType | null;
  active?: boolean | null;
}

export interface ProductInput {
  name?: string | null;
  sku?: string | null;
  description?: string | null;
  type?: ProductType | null;
  unitPrice?: string | null;
  taxRate?: string | null;
  incomeAccountId?: string | null;
  expenseAccountId?: string | null;
  active?: boolean | null;
}

export function productWhere(organizationId: string, filter: ProductFilter = {}, provider: SearchProvider): PrismaTypes.ProductWhereInput {
  const where: PrismaTypes.ProductWhereInput = { organizationId, ...equalsGiven(filter, ['type', 'active']) };
  if (filter.search?.trim())
    where.OR = [
      { name: textMatch(provider, 'contains', filter.search.trim()) },
      { sku: textMatch(provider, 'startsWith', filter.search.trim()) },
    ];
  return where;
}

async function productColumns(tenant: Tenant, input: ProductInput, creating: boolean, existingId?: string) {
  const check = new Checker();
  const columns: Record<string, unknown> = {
    name: check.text('name', input.name, { required: creating || input.name !== undefined, max: 200 }),
    sku: check.text('sku', input.sku, {
      max: 64,
      pattern: /^[A-Za-z0-9._\-/]+$/,
      patternHint: 'may contain only letters, digits and . _ - /',
    }),
    description: check.text('description', input.description, { max: 2000 }),
    unitPrice: check.money('unitPrice', input.unitPrice, decimalsOf(tenant)),
    taxRatePpm: check.percent('taxRate', input.taxRate),
    incomeAccountId: input.incomeAccountId,
    expenseAccountId: input.expenseAccountId,
  };
  if (input.type === null) check.fail('type', 'must not be null');
  else if (input.type) columns.type = input.type;
  if (input.active === null) check.fail('active', 'must be true or false');
  else if (input.active !== undefined) columns.active = input.active;
  if (input.unitPrice === null) check.fail('unitPrice', 'must not be null; use 0');
  await checkAccountRefs(tenant, check, [
    { path: 'incomeAccountId', id: input.incomeAccountId, types: ['INCOME'] },
    { path: 'expenseAccountId', id: input.expenseAccountId, types: ['EXPENSE'] },
  ]);
  if (typeof columns.sku === 'string') {
    const [clash] = await selectModelRows<{ id: string }>(
      rawSqlOf(tenant),
      'Product',
      Prisma.sql`"organizationId" = ${tenant.organizationId} AND "sku" = ${columns.sku}${
        existingId ? Prisma.sql` AND "id" <> ${existingId}` : Prisma.empty
      }`,
      { fields: ['id'], limit: 1 },
    );
    if (clash) check.fail('sku', `SKU "${columns.sku}" is already used by ${clash.id}`);
  }
  check.done();
  for (const key of Object.keys(columns)) if (columns[key] === undefined) delete columns[key];
  return columns;
}

export async function createProduct(scope: WriteScope, input: ProductInput) {
  const columns = await productColumns(scope, input, true);
  // Raw reads and writes (src/db/model-rows.ts), so a catalog sync stays off Prisma's transaction.
  const product = await insertModelRow<ProductRow>(scope.sql, 'Product', {
    id: newId('Product'),
    organizationId: scope.organizationId,
    ...columns,
    createdAt: scope.now,
    updatedAt: scope.now,
  });
  return change(PRODUCT, product, [{ type: 'product.created', resource: { type: PRODUCT, id: product.id, row: product } }]);
}

export async function updateProduct(scope: WriteScope, id: string, input: ProductInput) {
  const before = await selectOrganizationRow<ProductRow>(scope.sql, 'Product', scope.organizationId, id);
  if (!before) throw notFound('product', id);
  const changed = changedColumns(before, await productColumns(scope, input, false, id));
  if (Object.keys(changed).length === 0) return change(PRODUCT, before);
  const product = await updateModelRow<ProductRow>(scope.sql, 'Product', id, { ...changed, updatedAt: scope.now });
  return change(PRODUCT, product, [{ type: 'product.updated', resource: { type: PRODUCT, id, row: product }, before }]);
}
