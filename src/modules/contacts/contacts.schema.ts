import type { InputFieldBuilder } from '@pothos/core';
import { builder, type BuilderTypes, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { createMutation, updateMutation } from '../../graphql/mutations.ts';
import { addressOf } from './contacts.public.ts';
import {
  type AddressInput as AddressShape,
  type ContactFilter,
  type ContactInput,
  type contactService,
  customers,
  vendors,
} from './contacts.service.ts';

export const AddressRef = builder.objectRef<AddressShape>('Address').implement({
  description: 'A postal address.',
  fields: (t) => ({
    line1: t.exposeString('line1', { nullable: true, description: 'Street and number.' }),
    line2: t.exposeString('line2', { nullable: true, description: 'Apartment, suite, building.' }),
    city: t.exposeString('city', { nullable: true, description: 'City or town.' }),
    region: t.exposeString('region', { nullable: true, description: 'State, province or county.' }),
    postalCode: t.exposeString('postalCode', { nullable: true, description: 'ZIP or postal code.' }),
    country: t.exposeString('country', { nullable: true, description: 'ISO 3166-1 alpha-2 country code, e.g. US.' }),
  }),
});

export const AddressInputRef = builder.inputType('AddressInput', {
  description: 'A postal address; every part is optional.',
  fields: (t) => ({
    line1: t.string({ description: 'Street and number.' }),
    line2: t.string({ description: 'Apartment, suite, building.' }),
    city: t.string({ description: 'City or town.' }),
    region: t.string({ description: 'State, province or county.' }),
    postalCode: t.string({ description: 'ZIP or postal code.' }),
    country: t.string({ description: 'ISO 3166-1 alpha-2 country code, e.g. US.' }),
  }),
});

/** The input fields customers and vendors share; `requiredName` for creation. */
export function contactInputFields(t: InputFieldBuilder<BuilderTypes, 'InputObject'>, who: string, requiredName: boolean) {
  return {
    name: t.string({ required: requiredName, description: `The ${who}'s name (company or person), up to 200 characters.` }),
    email: t.string({ description: 'Email address for documents and reminders.' }),
    phone: t.string({ description: 'Phone number.' }),
    taxNumber: t.string({ description: 'VAT, GST or tax identification number.' }),
    address: t.field({ type: AddressInputRef, description: 'Postal address; null clears it.' }),
    paymentTermsDays: t.int({ description: 'Days until payment is due (0–365); the organization default when unset.' }),
    notes: t.string({ description: 'Internal notes, up to 2000 characters.' }),
    currency: t.string({
      description:
        'The currency its documents are in (ISO 4217, e.g. EUR); the home currency when left out. It cannot change once the ' +
        `${who} has documents.`,
    }),
  } satisfies Record<keyof ContactInput, unknown>;
}

/**
 * Registers a contact type (Customer or Vendor): the node type, its filter, both list fields, and the
 * create/update mutations, all on the shared contact service.
 * Long on purpose: one contact type's whole GraphQL (node, filter, lists, mutations) from one description, so
 * customers and vendors are one declaration.
 */
export function defineContactType<Model extends 'Customer' | 'Vendor'>(options: {
  model: Model;
  plural: string;
  service: ReturnType<typeof contactService>;
  description: string;
  /** Its mutations by name, with what each does. */
  mutations: Record<`create${Model}` | `update${Model}`, string>;
}) {
  const { plural, service } = options;
  // As a plain name for the types it names (Pothos reads a generic one as a type to look up).
  const model: 'Customer' | 'Vendor' = options.model;
  const says = (name: `create${Model}` | `update${Model}`) => ({ name, description: options.mutations[name] });
  const who = model.toLowerCase();
  // Typed as Customer for both: the two models have the same columns, which one declaration describes.
  const ref = builder.prismaNode(model as 'Customer', {
    description: options.description,
    ...tenantNode(`The ${who} id (\`${model === 'Customer' ? 'cus' : 'ven'}_…\`).`),
    // Select mode: a query reads the columns its fields select (a customer under each of 25 invoices needs
    // its name, not its address and notes).
    select: { id: true },
    fields: (t) => ({
      name: t.exposeString('name', { description: `The ${who}'s name.` }),
      email: t.exposeString('email', { nullable: true, description: 'Email address.' }),
      phone: t.exposeString('phone', { nullable: true, description: 'Phone number.' }),
      taxNumber: t.exposeString('taxNumber', { nullable: true, description: 'VAT, GST or tax identification number.' }),
      address: t.field({
        type: AddressRef,
        nullable: true,
        description: 'Postal address, or null when none is on file.',
        select: { addressLine1: true, addressLine2: true, city: true, region: true, postalCode: true, country: true },
        resolve: (row) => addressOf(row),
      }),
      paymentTermsDays: t.exposeInt('paymentTermsDays', {
        nullable: true,
        description: 'Days until payment is due; null means the organization default.',
      }),
      notes: t.exposeString('notes', { nullable: true, description: 'Internal notes.' }),
      currency: t.string({
        description: 'The currency its documents and balance are in (ISO 4217): its own, else the home currency.',
        select: { currency: true },
        resolve: (row, _a, ctx) => row.currency ?? ctx.organization.baseCurrency,
      }),
      active: t.exposeBoolean('active', { description: 'Inactive contacts are kept for history but hidden from pickers.' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last changed.' }),
    }),
  });

  const filter = builder.inputType(`${model}Filter`, {
    description: `Narrows a list of ${plural}; all given conditions must hold.`,
    fields: (t) => ({
      search: t.string({ description: 'Part of the name or email.' }),
      email: t.string({ description: 'Exact email address.' }),
      active: t.boolean({ description: 'Only active (true) or inactive (false).' }),
    }),
  });
  const order = orderInput(
    model,
    {
      NAME: { column: 'name', description: 'Alphabetical by name.' },
      CREATED_AT: { column: 'createdAt', description: 'By creation time.' },
    },
    'NAME',
  );
  listFields<ContactFilter>({
    plural,
    model,
    nodeRef: ref,
    description: plural,
    filterInput: filter,
    order,
    where: (ctx, f) => service.where(ctx.organizationId, f, ctx.db.provider),
  });

  const createInput = builder.inputType(`Create${model}Input`, {
    description: `A new ${who}.`,
    fields: (t) => contactInputFields(t, who, true),
  });
  const updateInput = builder.inputType(`Update${model}Input`, {
    description: `Changes to a ${who}; only the fields given change.`,
    fields: (t) => ({
      ...contactInputFields(t, who, false),
      active: t.boolean({ description: 'Deactivate (false) or reactivate (true).' }),
    }),
  });
  createMutation({
    ...says(`create${options.model}`),
    model,
    input: createInput,
    run: (scope, input) => service.create(scope, input),
  });
  updateMutation({
    ...says(`update${options.model}`),
    model,
    label: who,
    input: updateInput,
    run: (scope, id, input) => service.update(scope, id, input),
  });
  return ref;
}

export const CustomerRef = defineContactType({
  model: 'Customer',
  plural: 'customers',
  service: customers,
  description: 'Someone the organization sells to and invoices. `invoices` and `balance` come with the invoicing module.',
  mutations: { createCustomer: 'Creates a customer.', updateCustomer: 'Changes a customer of your organization.' },
});

export const VendorRef = defineContactType({
  model: 'Vendor',
  plural: 'vendors',
  service: vendors,
  description: 'Someone the organization buys from.',
  mutations: { createVendor: 'Creates a vendor.', updateVendor: 'Changes a vendor of your organization.' },
});
