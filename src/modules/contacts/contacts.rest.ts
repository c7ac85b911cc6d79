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
    filterType: `${model}Filter`,
    filters: ['search', 'email', 'active'],
    list: { operationId: `list${model}s`, summary: `List ${plural}` },
    retrieve: { operationId: `get${model}`, summary: `Retrieve a ${model.toLowerCase()}` },
    create: { operationId: `create${model}`, summary: `Create a ${model.toLowerCase()}`, mutation: `create${model}`, inputType: `Create${model}Input` },
    update: { operationId: `update${model}`, summary: `Update a ${model.toLowerCase()}`, mutation: `update${model}`, inputType: `Update${model}Input` },
  });
}

export const customerRoutes = contactRoutes('Customer', 'customers', customerRepresentation);
export const vendorRoutes = contactRoutes('Vendor', 'vendors', vendorRepresentation);
