import { ProductType } from '../../db/generated/sqlite/enums.ts';
import { upperCaseFields } from '../../http/rest.ts';
import { S } from '../../http/json-schema.ts';
import { resourceRoutes } from '../../http/rest-resource.ts';
import { productRepresentation } from './products.public.ts';

export const productRoutes = resourceRoutes({
  path: '/api/v1/products',
  typename: 'Product',
  label: 'product',
  plural: 'products',
  representation: productRepresentation,
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
  filters: ['search', 'type', 'active'],
  list: { operationId: 'listProducts', summary: 'List products and services' },
  retrieve: { operationId: 'getProduct', summary: 'Retrieve a product' },
  create: { operationId: 'createProduct', summary: 'Create a product or service', mutation: 'createProduct', inputType: 'CreateProductInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
  update: { operationId: 'updateProduct', summary: 'Update a product', mutation: 'updateProduct', inputType: 'UpdateProductInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
});
