import type { InputFieldBuilder } from '@pothos/core';
import { builder, type BuilderTypes, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { createMutation, updateMutation } from '../../graphql/mutations.ts';
import { formatPercent } from '../../lib/money.ts';
import { createTaxRate, type TaxRateFilter, taxRateWhere, updateTaxRate } from './tax-rates.service.ts';

export const TaxRateRef = builder.prismaNode('TaxRate', {
  description: 'A sales tax rate: its percentage and the accounts its tax posts to. Invoice lines refer to one by id.',
  ...tenantNode('The tax rate id (`txr_…`).'),
  select: { id: true },
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Name shown on documents and reports, unique in the organization.' }),
    rate: t.field({
      type: 'Percent',
      description: 'The rate, in percent. Fixed once a document uses it.',
      select: { ratePpm: true },
      resolve: (r) => formatPercent(r.ratePpm),
    }),
    salesAccount: t.relation('salesAccount', {
      nullable: true,
      description: "Liability account the tax charged on sales is credited to; the organization's sales tax account when null.",
    }),
    purchaseAccount: t.relation('purchaseAccount', {
      nullable: true,
      description: "Account the tax paid on bills is debited to; null: the organization's recoverable tax account (1400).",
    }),
    active: t.exposeBoolean('active', { description: 'Inactive rates are kept for history but cannot be put on new documents.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last changed.' }),
  }),
});

const TaxRateFilterInput = builder.inputType('TaxRateFilter', {
  description: 'Narrows a list of tax rates; all given conditions must hold.',
  fields: (t) => ({
    search: t.string({ description: 'Part of the name.' }),
    active: t.boolean({ description: 'Only active (true) or inactive (false).' }),
  }),
});

listFields<TaxRateFilter>({
  plural: 'taxRates',
  model: 'TaxRate',
  nodeRef: TaxRateRef,
  description: 'tax rates',
  filterInput: TaxRateFilterInput,
  order: orderInput(
    'TaxRate',
    {
      NAME: { column: 'name', unique: true, description: 'Alphabetical by name (names are unique).' },
      RATE: { column: 'ratePpm', description: 'By percentage.' },
      CREATED_AT: { column: 'createdAt', description: 'By creation time.' },
    },
    'NAME',
  ),
  where: (ctx, filter) => taxRateWhere(ctx.organizationId, filter, ctx.db.provider),
});

function taxRateInputFields(t: InputFieldBuilder<BuilderTypes, 'InputObject'>, creating: boolean) {
  return {
    name: t.string({ required: creating, description: 'Name, up to 100 characters, unique in the organization (e.g. "NY State 8.875%").' }),
    rate: t.field({
      type: 'Percent',
      required: creating,
      description: 'The rate in percent, 0 to 100 with at most 4 decimals; 0 for zero-rated sales.',
    }),
    salesAccountId: t.id({ description: 'A liability account (`acct_…`) for the tax charged on sales; default: the sales tax account.' }),
    purchaseAccountId: t.id({
      description:
        'An asset (recoverable tax) or liability account (`acct_…`) the tax paid on bills is debited to; default the recoverable ' +
        'tax account.',
    }),
  };
}

const CreateTaxRateInput = builder.inputType('CreateTaxRateInput', {
  description: 'A new tax rate.',
  fields: (t) => taxRateInputFields(t, true),
});
const UpdateTaxRateInput = builder.inputType('UpdateTaxRateInput', {
  description: 'Changes to a tax rate; only the fields given change. Documents already written keep the percentage they copied.',
  fields: (t) => ({ ...taxRateInputFields(t, false), active: t.boolean({ description: 'Deactivate (false) or reactivate (true).' }) }),
});

createMutation({
  name: 'createTaxRate',
  model: 'TaxRate',
  input: CreateTaxRateInput,
  description: 'Creates a tax rate.',
  run: (scope, input) => createTaxRate(scope, input),
});

updateMutation({
  name: 'updateTaxRate',
  model: 'TaxRate',
  label: 'tax rate',
  input: UpdateTaxRateInput,
  description: 'Changes a tax rate of your organization.',
  run: (scope, id, input) => updateTaxRate(scope, id, input),
});
