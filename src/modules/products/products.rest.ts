import { upperCaseFields } from '../../http/rest.ts';
import { resourceRoutes } from '../../http/rest-resource.ts';
import { productRepresentation } from './products.public.ts';

export const productRoutes = resourceRoutes({
  path: '/api/v1/products',
  typename: 'Product',
  label: 'product',
  plural: 'products',
  representation: productRepresentation,
  filterType: 'ProductFilter',
  filters: ['search', 'type', 'active'],
  list: { operationId: 'listProducts', summary: 'List products and services' },
  retrieve: { operationId: 'getProduct', summary: 'Retrieve a product' },
  create: { operationId: 'createProduct', summary: 'Create a product or service', mutation: 'createProduct', inputType: 'CreateProductInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
  update: { operationId: 'updateProduct', summary: 'Update a product', mutation: 'updateProduct', inputType: 'UpdateProductInput', bodyToInput: (b) => upperCaseFields(b, ['type']) },
});
