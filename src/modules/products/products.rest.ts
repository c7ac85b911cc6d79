import { upperCaseFields } from '../../http/rest.ts';
import { resourceRoutes } from '../../http/rest-resource.ts';
import { productRepresentation } from './products.public.ts';

export const productRoutes = resourceRoutes({
  path: '/api/v1/products',
  typename: 'Product',
  label: 'product',
  plural: 'products',
  representation: productRepresentation,
  filters: ['search', 'type', 'active'],
  list: 'List products and services',
  retrieve: 'Retrieve a product',
  create: { summary: 'Create a product or service', bodyToInput: (b) => upperCaseFields(b, ['type']) },
  update: { summary: 'Update a product', bodyToInput: (b) => upperCaseFields(b, ['type']) },
});
