import { builder, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import {
  createMutation,
  deleteMutation,
  IDEMPOTENCY_KEY_DESCRIPTION,
  keepReceipt,
  MUTATION_FIELD_NULLABLE,
  updateMutation,
} from '../../graphql/mutations.ts';
import { requires } from '../../graphql/scopes.ts';
import { currencyDecimals } from '../../lib/money.ts';
import {
  createExchangeRate,
  deleteExchangeRate,
  effectiveRate,
  type ExchangeRateFilter,
  type ExchangeRateInput,
  exchangeRateWhere,
  MAX_BULK_RATES,
  ratesNamed,
  setExchangeRates,
  updateExchangeRate,
} from './exchange-rates.service.ts';

const RATE_DESCRIPTION =
  'Home-currency units per one unit of the currency, as exact decimal text (e.g. "1.1034"; at most 12 decimals, 18 digits).';

export const ExchangeRateRef = builder.prismaNode('ExchangeRate', {
  description:
    "The rate of a foreign currency on a date: how many units of the organization's home currency one unit of it is worth. A " +
    'date without a rate of its own takes the latest earlier one.',
  ...tenantNode('The exchange rate id (`xr_…`).'),
  fields: (t) => ({
    currency: t.exposeString('currency', { description: 'ISO 4217 code of the foreign currency.' }),
    date: t.expose('date', { type: 'Date', description: 'The date it is for.' }),
    rate: t.exposeString('rate', { description: RATE_DESCRIPTION }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was set.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

const ExchangeRateFilterInput = builder.inputType('ExchangeRateFilter', {
  description: 'Narrows a list of exchange rates; all given conditions must hold.',
  fields: (t) => ({
    currency: t.string({ description: 'Only this currency (ISO 4217 code).' }),
    from: t.field({ type: 'Date', description: 'Dated on or after.' }),
    to: t.field({ type: 'Date', description: 'Dated on or before.' }),
  }),
});

listFields<ExchangeRateFilter>({
  plural: 'exchangeRates',
  model: 'ExchangeRate',
  nodeRef: ExchangeRateRef,
  description: 'exchange rates',
  filterInput: ExchangeRateFilterInput,
  order: orderInput(
    'ExchangeRate',
    {
      DATE: { column: 'date', description: 'By date.' },
      CREATED_AT: { column: 'createdAt', description: 'By the time it was set.' },
    },
    'DATE',
  ),
  where: (ctx, filter) => exchangeRateWhere(ctx.organizationId, filter),
});

builder.queryField('exchangeRateOn', (t) =>
  t.prismaField({
    type: ExchangeRateRef,
    extensions: requires('exchange_rates:read'),
    description:
      'The rate in force for a currency on a date: its own, else the latest earlier one. No rate on or before the date is ' +
      'refused (VALIDATION_FAILED), naming the currency and the date.',
    args: {
      currency: t.arg.string({ required: true, description: 'ISO 4217 code.' }),
      date: t.arg({ type: 'Date', required: true, description: 'The date.' }),
    },
    resolve: (query, _root, args, ctx) =>
      effectiveRate(ctx, args).then((rate) => ctx.prisma.exchangeRate.findUniqueOrThrow({ ...query, where: { id: rate.id } })),
  }),
);

const Currency = builder.objectRef<{ code: string; name: string; decimals: number }>('Currency').implement({
  description: 'An ISO 4217 currency: its code, English name and minor-unit digits (USD 2, JPY 0, KWD 3).',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'ISO 4217 code.' }),
    name: t.exposeString('name', { description: 'English name.' }),
    decimals: t.exposeInt('decimals', { description: 'Digits after the point of its minor unit.' }),
  }),
});

/** Every ISO 4217 currency Node's ICU data knows, with its minor-unit digits (the digits amounts are kept in). */
export function currencies() {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ code, name: names.of(code) ?? code, decimals: currencyDecimals(code) }));
}

builder.queryField('currencies', (t) =>
  t.field({
    type: [Currency],
    extensions: requires(null),
    description: 'Every ISO 4217 currency, by code: what exchange rates and (later) documents may be in.',
    resolve: () => currencies(),
  }),
);

const CreateExchangeRateInput = builder.inputType('CreateExchangeRateInput', {
  description: 'The rate of a currency on a date.',
  fields: (t) => ({
    currency: t.string({ required: true, description: 'ISO 4217 code of a foreign currency (not the home currency).' }),
    date: t.field({ type: 'Date', required: true, description: 'The date it is for; one rate per currency and date.' }),
    rate: t.string({ required: true, description: RATE_DESCRIPTION }),
  }),
}) satisfies { $inferInput: ExchangeRateInput };

createMutation({
  name: 'createExchangeRate',
  model: 'ExchangeRate',
  input: CreateExchangeRateInput,
  description: 'Sets the rate of a currency on a date; a date that has one already is refused (update that one).',
  run: (scope, input) => createExchangeRate(scope, input),
});

updateMutation({
  name: 'updateExchangeRate',
  model: 'ExchangeRate',
  label: 'exchange rate',
  input: builder.inputType('UpdateExchangeRateInput', {
    description: 'A new rate; the currency and date stay.',
    fields: (t) => ({ rate: t.string({ required: true, description: RATE_DESCRIPTION }) }),
  }),
  description: 'Changes an exchange rate.',
  run: (scope, id, input) => updateExchangeRate(scope, id, input),
});

deleteMutation({
  name: 'deleteExchangeRate',
  model: 'ExchangeRate',
  label: 'exchange rate',
  description: 'Deletes an exchange rate; dates after it then take the rate before it.',
  run: (scope, id) => deleteExchangeRate(scope, id),
});

const SetExchangeRatesInput = builder.inputType('SetExchangeRatesInput', {
  description: `Rates to set at once, at most ${MAX_BULK_RATES}: each currency and date once.`,
  fields: (t) => ({
    rates: t.field({ type: [CreateExchangeRateInput], required: true, description: 'The rates; each created or changed.' }),
  }),
});

builder.mutationField('setExchangeRates', (t) =>
  t.prismaField({
    type: [ExchangeRateRef],
    nullable: MUTATION_FIELD_NULLABLE,
    extensions: requires('exchange_rates:write'),
    description:
      'Sets many rates at once (a table from a bank or a rates feed): every row is checked first and nothing is written if any is ' +
      "wrong (every fault in one answer); then each currency and date's rate is created, or changed when it differs. Answers the " +
      'rates in the order given.',
    args: {
      input: t.arg({ type: SetExchangeRatesInput, required: true }),
      idempotencyKey: t.arg.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
    },
    resolve: async (_query, root, { input, idempotencyKey }, ctx) => {
      keepReceipt(
        root,
        await ctx.write({ operation: 'setExchangeRates', idempotencyKey, input }, (scope) => setExchangeRates(scope, input)),
      );
      return ratesNamed(ctx, input.rates);
    },
  }),
);
