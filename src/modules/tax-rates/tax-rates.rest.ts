// /api/v1/tax-rates (beyond the contract, in its conventions): list, retrieve, create, update.
import { resourceRoutes } from '../../http/rest-resource.ts';
import { taxRateRepresentation } from './tax-rates.public.ts';

export const taxRateRoutes = resourceRoutes({
  path: '/api/v1/tax-rates',
  typename: 'TaxRate',
  label: 'tax rate',
  plural: 'taxRates',
  representation: taxRateRepresentation,
  filters: ['search', 'active'],
  list: 'List tax rates',
  retrieve: 'Retrieve a tax rate',
  create: { summary: 'Create a tax rate' },
  update: { summary: 'Update a tax rate' },
});
