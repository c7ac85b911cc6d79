import type { InputFieldBuilder } from '@pothos/core';
import { ProductType } from '../../db/generated/sqlite/enums.ts';
import { builder, type BuilderTypes, describedEnum, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { money } from '../../graphql/money.ts';
import { createMutation, updateMutation } from '../../graphql/mutations.ts';
import { formatPercent } from '../../lib/money.ts';
import { createProduct, type ProductFilter, productWhere, updateProduct } from './products.service.ts';

export const ProductTypeEnum = describedEnum('ProductType', ProductType, 'What kind of thing a product is.', {
  SERVICE: 'Work or time, not goods.',
  INVENTORY: 'Goods kept in stock.',
  NON_INVENTORY: 'Goods not tracked in stock.',
});

export const ProductRef = builder.prismaNode('Product', {
  description: 'A product or service the organization sells, with its default price and tax rate.',
  ...tenantNode('The product id (`prod_…`).'),
  // Select mode, like invoices and contacts: only the columns the query's fields select are read.
  select: { id: true },
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Name shown on invoices.' }),
    sku: t.exposeString('sku', { nullable: true, description: 'Stock keeping unit, unique in the organization.' }),
    description: t.exposeString('description', { nullable: true, description: 'Default line description on invoices.' }),
    type: t.expose('type', { type: ProductTypeEnum, description: 'Service, inventory or non-inventory.' }),
    unitPrice: t.field({
      type: 'Money',
      description: 'Default unit price.',
      select: { unitPrice: true },
      resolve: (p, _a, ctx) => money(ctx, p.unitPrice),
    }),
    taxRate: t.field({
      type: 'Percent',
      nullable: true,
      description:
        'Default sales tax rate, in percent, for the lines that sell it without a rate of their own; null: sold without tax (0 is a ' +
        'zero rate).',
      select: { taxRatePpm: true },
      resolve: (p) => (p.taxRatePpm === null ? null : formatPercent(p.taxRatePpm)),
    }),
    incomeAccount: t.relation('incomeAccount', {
      nullable: true,
      description: "Income account its sales post to; the organization's sales account when null.",
    }),
    expenseAccount: t.relation('expenseAccount', { nullable: true, description: 'Expense (cost of sales) account for purchases of it.' }),
    active: t.exposeBoolean('active', { description: 'Inactive products are kept for history but cannot be put on new invoices.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last changed.' }),
  }),
});

const ProductFilterInput = builder.inputType('ProductFilter', {
  description: 'Narrows a list of products; all given conditions must hold.',
  fields: (t) => ({
    search: t.string({ description: 'Part of the name, or the start of the SKU.' }),
    type: t.field({ type: ProductTypeEnum, description: 'Only this type.' }),
    active: t.boolean({ description: 'Only active (true) or inactive (false).' }),
  }),
});

listFields<ProductFilter>({
  plural: 'products',
  model: 'Product',
  nodeRef: ProductRef,
  description: 'products and services',
  filterInput: ProductFilterInput,
  order: orderInput(
    'Product',
    {
      NAME: { column: 'name', description: 'Alphabetical by name.' },
      SKU: { column: 'sku', description: 'By SKU.' },
      UNIT_PRICE: { column: 'unitPrice', description: 'By unit price.' },
      CREATED_AT: { column: 'createdAt', description: 'By creation time.' },
    },
    'NAME',
  ),
  where: (ctx, filter) => productWhere(ctx.organizationId, filter, ctx.db.provider),
});

function productInputFields(t: InputFieldBuilder<BuilderTypes, 'InputObject'>, creating: boolean) {
  return {
    name: t.string({ required: creating, description: 'Name shown on invoices, up to 200 characters.' }),
    sku: t.string({ description: 'Stock keeping unit (letters, digits, . _ - /), unique in the organization.' }),
    description: t.string({ description: 'Default line description.' }),
    type: t.field({ type: ProductTypeEnum, description: 'Default SERVICE.' }),
    unitPrice: t.field({ type: 'Money', description: 'Default unit price; default 0.' }),
    taxRate: t.field({
      type: 'Percent',
      description: 'Default sales tax rate in percent; omitted or null: sold without tax (0 is a zero rate).',
    }),
    incomeAccountId: t.id({ description: 'An income account (`acct_…`) for its sales.' }),
    expenseAccountId: t.id({ description: 'An expense account (`acct_…`) for its cost.' }),
  };
}

const CreateProductInput = builder.inputType('CreateProductInput', {
  description: 'A new product or service.',
  fields: (t) => productInputFields(t, true),
});
const UpdateProductInput = builder.inputType('UpdateProductInput', {
  description: 'Changes to a product; only the fields given change. Prices on existing invoices never change.',
  fields: (t) => ({ ...productInputFields(t, false), active: t.boolean({ description: 'Deactivate (false) or reactivate (true).' }) }),
});

createMutation({
  name: 'createProduct',
  model: 'Product',
  input: CreateProductInput,
  description: 'Creates a product or service.',
  run: (scope, input) => createProduct(scope, input),
});

updateMutation({
  name: 'updateProduct',
  model: 'Product',
  label: 'product',
  input: UpdateProductInput,
  description: 'Changes a product of your organization.',
  run: (scope, id, input) => updateProduct(scope, id, input),
});
