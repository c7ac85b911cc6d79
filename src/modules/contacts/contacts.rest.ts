// Customers and vendors share their REST shape.
import { S, type Schema } from '../../http/json-schema.ts';
import type { Representation } from '../../core/representations.ts';
import { resourceRoutes } from '../../http/rest-resource.ts';
import { customerRepresentation, vendorRepresentation } from './contacts.public.ts';

const ADDRESS = S.nullable({ ...S.object({ line1: S.nullable(S.string), line2: S.nullable(S.string), city: S.nullable(S.string), region: S.nullable(S.string), postalCode: S.nullable(S.string), country: S.nullable(S.string) }), type: 'object' });

export function contactRoutes(model: 'Customer' | 'Vendor', plural: string, representation: Representation, extraSchema: Record<string, Schema>) {
  return resourceRoutes({
    path: `/api/v1/${plural}`,
    typename: model,
    label: model.toLowerCase(),
    plural,
    representation,
    schema: S.object({
      id: S.id(model === 'Customer' ? 'cus' : 'ven'),
      name: S.string,
      email: S.nullable(S.string),
      phone: S.nullable(S.string),
      taxNumber: S.nullable(S.string),
      address: ADDRESS,
      paymentTermsDays: S.nullable(S.integer),
      notes: S.nullable(S.string),
      active: S.boolean,
      ...extraSchema,
      createdAt: S.dateTime,
      updatedAt: S.dateTime,
    }),
    filterType: `${model}Filter`,
    filters: ['search', 'email', 'active'],
    list: { operationId: `list${model}s`, summary: `List ${plural}` },
    retrieve: { operationId: `get${model}`, summary: `Retrieve a ${model.toLowerCase()}` },
    create: { operationId: `create${model}`, summary: `Create a ${model.toLowerCase()}`, mutation: `create${model}`, inputType: `Create${model}Input` },
    update: { operationId: `update${model}`, summary: `Update a ${model.toLowerCase()}`, mutation: `update${model}`, inputType: `Update${model}Input` },
  });
}

export const customerRoutes = contactRoutes('Customer', 'customers', customerRepresentation, { balance: { ...S.number, description: 'Amount due on open invoices.' } });
export const vendorRoutes = contactRoutes('Vendor', 'vendors', vendorRepresentation, {});
