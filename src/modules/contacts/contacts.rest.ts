// Customers and vendors share their REST shape.
import type { Representation } from '../../core/representations.ts';
import { resourceRoutes } from '../../http/rest-resource.ts';
import { customerRepresentation, vendorRepresentation } from './contacts.public.ts';

export function contactRoutes(model: 'Customer' | 'Vendor', plural: string, representation: Representation) {
  return resourceRoutes({
    path: `/api/v1/${plural}`,
    typename: model,
    label: model.toLowerCase(),
    plural,
    representation,
    filters: ['search', 'email', 'active'],
    list: `List ${plural}`,
    retrieve: `Retrieve a ${model.toLowerCase()}`,
    create: { summary: `Create a ${model.toLowerCase()}` },
    update: { summary: `Update a ${model.toLowerCase()}` },
  });
}

export const customerRoutes = contactRoutes('Customer', 'customers', customerRepresentation);
export const vendorRoutes = contactRoutes('Vendor', 'vendors', vendorRepresentation);
