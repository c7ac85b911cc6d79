// Customers and vendors share their REST shape.
import { booleanParam } from '../../http/rest.ts';
import { num, resourceRoutes } from '../../http/rest-resource.ts';

export function contactRoutes(model: 'Customer' | 'Vendor', plural: string, extraFields: string, extra: (node: any) => object) {
  return resourceRoutes({
    path: `/api/v1/${plural}`,
    typename: model,
    label: model.toLowerCase(),
    plural,
    fields: `id name email phone taxNumber address { line1 line2 city region postalCode country } paymentTermsDays notes active createdAt updatedAt ${extraFields}`,
    toRest: (c) => ({
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
    filterType: `${model}Filter`,
    filters: { search: String, email: String, active: booleanParam },
    list: { operationId: `list${model}s`, summary: `List ${plural}` },
    retrieve: { operationId: `get${model}`, summary: `Retrieve a ${model.toLowerCase()}` },
    create: { operationId: `create${model}`, summary: `Create a ${model.toLowerCase()}`, mutation: `create${model}`, inputType: `Create${model}Input` },
    update: { operationId: `update${model}`, summary: `Update a ${model.toLowerCase()}`, mutation: `update${model}`, inputType: `Update${model}Input` },
  });
}

export const customerRoutes = contactRoutes('Customer', 'customers', 'balance', (c) => ({ balance: num(c.balance) }));
export const vendorRoutes = contactRoutes('Vendor', 'vendors', '', () => ({}));
