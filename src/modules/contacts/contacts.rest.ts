// Customers and vendors share their REST shape.
import { booleanParam } from '../../http/rest.ts';
import type { ListCustomersQuery, ListVendorsQuery } from '../../graphql/generated/operations.ts';
import { S, type Schema } from '../../http/json-schema.ts';
import { num, resourceRoutes } from '../../http/rest-resource.ts';

const ADDRESS = S.nullable({ ...S.object({ line1: S.nullable(S.string), line2: S.nullable(S.string), city: S.nullable(S.string), region: S.nullable(S.string), postalCode: S.nullable(S.string), country: S.nullable(S.string) }), type: 'object' });

export function contactRoutes(model: 'Customer' | 'Vendor', plural: string, extraFields: string, extra: (node: any) => object, extraSchema: Record<string, Schema>) {
  return resourceRoutes({
    path: `/api/v1/${plural}`,
    typename: model,
    label: model.toLowerCase(),
    plural,
    fields: `id name email phone taxNumber address { line1 line2 city region postalCode country } paymentTermsDays notes active createdAt updatedAt ${extraFields}`,
    toRest: (c: ListCustomersQuery['customersPage']['data'][number] | ListVendorsQuery['vendorsPage']['data'][number]) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      taxNumber: c.taxNumber,
      address: c.address,
      paymentTermsDays: c.paymentTermsDays,
      notes: c.notes,
      active: c.active,
      ...extra(c),
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    }),
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
    filters: { search: String, email: String, active: booleanParam },
    list: { operationId: `list${model}s`, summary: `List ${plural}` },
    retrieve: { operationId: `get${model}`, summary: `Retrieve a ${model.toLowerCase()}` },
    create: { operationId: `create${model}`, summary: `Create a ${model.toLowerCase()}`, mutation: `create${model}`, inputType: `Create${model}Input` },
    update: { operationId: `update${model}`, summary: `Update a ${model.toLowerCase()}`, mutation: `update${model}`, inputType: `Update${model}Input` },
  });
}

export const customerRoutes = contactRoutes('Customer', 'customers', 'balance', (c) => ({ balance: num(c.balance) }), { balance: { ...S.number, description: 'Amount due on open invoices.' } });
export const vendorRoutes = contactRoutes('Vendor', 'vendors', '', () => ({}), {});
