import { ProductType } from '../../db/generated/sqlite/enums.ts';
import { booleanParam, enumParam, upperCaseFields } from '../../http/rest.ts';
import type { ListProductsQuery } from '../../graphql/generated/operations.ts';
import { S } from '../../http/json-schema.ts';
import { lower, num, resourceRoutes } from '../../http/rest-resource.ts';

export const productRoutes = resourceRoutes({
  path: '/api/v1/products',
  typename: 'Product',
  label: 'product',
  plural: 'products',
  fields: 'id name sku description type unitPrice taxRate incomeAccount { id } expenseAccount { id } active createdAt updatedAt',
  toRest: (p: ListProductsQuery['productsPage']['data'][number]) => ({
    id: p.id,
    name: p.name,
    sku: p.sku,
    description: p.description,
    type: lower(p.type),
    unitPrice: num(p.unitPrice),
    taxRate: num(p.taxRate),
    incomeAccountId: p.incomeAccount?.id ?? null,
    expenseAccountId: p.expenseAccount?.id ?? null,
    active: p.active,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }),
  schema: S.object({
    id: S.id('prod'),
    name: S.string,
    sku: S.nullable(S.string),
    description: S.nullable(S.string),
    type: S.enum(Object.values(ProductType)),
    unitPrice: S.number,
    taxRate: { type: 'number', description: 'Percent, e.g. 8.875.' },
    incomeAccountId: S.nullable(S.id('acct')),
    expenseAccountId: S.nullable(S.id('acct')),
    active: S.boolean,
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  }),
  filterType: 'ProductFilter',
  filters: { search: String, type: enumParam(Object.values(ProductType)), active: booleanParam },
  list: { operationId: 'listProducts', summary: 'List products and services' },
  retrieve: { operationId: 'getProduct', summary: 'Retrieve a product' },
  create: { operationId: 'createProduct', summary: 'Create a product or service', mutation: 'createProduct', inputType: 'CreateProductInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
  update: { operationId: 'updateProduct', summary: 'Update a product', mutation: 'updateProduct', inputType: 'UpdateProductInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
});
