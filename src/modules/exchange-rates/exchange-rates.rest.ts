// /api/v1/exchange-rates (beyond the contract, in its conventions): list, retrieve, create, update and
// delete a currency's rate on a date; POST /bulk sets many at once; GET /effective answers the rate in
// force on a date. GET /api/v1/currencies lists the ISO 4217 currencies.
import { renderAll } from '../../core/representations.ts';
import type { RestRoute } from '../../http/rest.ts';
import { idempotencyKeyOf, resourceRoutes } from '../../http/rest-resource.ts';
import { replaceProperty, S, type Schema } from '../../lib/json-schema.ts';
import { exchangeRateRepresentation } from './exchange-rates.public.ts';

/** REST takes a rate as a JSON number too; GraphQL as exact decimal text. */
const rateAsText = (rate: Record<string, unknown>) => (typeof rate.rate === 'number' ? { ...rate, rate: String(rate.rate) } : rate);
const rateAsNumber = (property: Schema): Schema => ({ ...property, type: ['number', 'string'] });

export const exchangeRateRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/exchange-rates/bulk',
    operationId: 'setExchangeRates',
    summary: 'Set many exchange rates at once (each created, or changed when it differs); nothing is written if any is wrong',
    bodyType: 'SetExchangeRatesInput',
    bodyToInput: (body) =>
      Array.isArray(body.rates) ? { ...body, rates: body.rates.map((r) => (r && typeof r === 'object' ? rateAsText(r) : r)) } : body,
    documentBody: (schema) => replaceProperty(schema, ['rates', '[]', 'rate'], rateAsNumber),
    responses: { 200: S.object({ data: S.array(exchangeRateRepresentation.schema) }) },
    document:
      'mutation setExchangeRates($input: SetExchangeRatesInput!, $idempotencyKey: String) { setExchangeRates(input: $input, ' +
      'idempotencyKey: $idempotencyKey) { id } }',
    toVariables: (req) => ({ input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
    toResult: async (data, _req, context, write) => {
      const ids = (data.setExchangeRates as { id: string }[]).map((r) => r.id);
      const rendered = await renderAll(context.prisma, context.organization, exchangeRateRepresentation, ids);
      const headers: Record<string, string> = write?.replayed ? { 'idempotent-replayed': 'true' } : {};
      return { status: 200, body: { data: rendered }, headers };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/exchange-rates/effective',
    operationId: 'getEffectiveExchangeRate',
    summary: 'The rate in force for a currency on a date: its own, else the latest earlier one (400 when there is none)',
    variables: ['currency', 'date'],
    responses: { 200: exchangeRateRepresentation.schema },
    document:
      'query getEffectiveExchangeRate($currency: String!, $date: Date!) { exchangeRateOn(currency: $currency, date: $date) { id } }',
    toResult: async (data, _req, context) => {
      const { id } = data.exchangeRateOn as { id: string };
      const [object] = await renderAll(context.prisma, context.organization, exchangeRateRepresentation, [id]);
      return { status: 200, body: object };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/currencies',
    operationId: 'listCurrencies',
    summary: 'The ISO 4217 currencies, with their minor-unit digits',
    responses: {
      200: S.object({ data: S.array(S.object({ code: S.string, name: S.string, decimals: S.integer })) }),
    },
    document: 'query listCurrencies { currencies { code name decimals } }',
    toVariables: () => ({}),
    toResult: (data) => ({ status: 200, body: { data: data.currencies } }),
  },
  ...resourceRoutes({
    path: '/api/v1/exchange-rates',
    typename: 'ExchangeRate',
    label: 'exchange rate',
    plural: 'exchangeRates',
    representation: exchangeRateRepresentation,
    filters: ['currency', 'from', 'to'],
    list: 'List exchange rates',
    retrieve: 'Retrieve an exchange rate',
    create: {
      summary: 'Set the rate of a currency on a date',
      bodyToInput: rateAsText,
      documentBody: (schema) => replaceProperty(schema, ['rate'], rateAsNumber),
    },
    update: {
      summary: 'Change an exchange rate',
      bodyToInput: rateAsText,
      documentBody: (schema) => replaceProperty(schema, ['rate'], rateAsNumber),
    },
    delete: { summary: 'Delete an exchange rate' },
  }),
];
