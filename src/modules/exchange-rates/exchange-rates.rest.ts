// /api/v1/exchange-rates (beyond the contract, in its conventions): list, retrieve, create, update and
// delete a currency's rate on a date; POST /bulk sets many at once; GET /effective answers the rate in
// force on a date. (The ISO 4217 list is GraphQL's `currencies`.)
import { parse } from 'csv-parse/sync';
import { renderAll } from '../../core/representations.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { RestRoute } from '../../http/rest.ts';
import { idempotencyKeyOf, resourceRoutes } from '../../http/rest-resource.ts';
import { replaceProperty, S, type Schema } from '../../lib/json-schema.ts';
import { exchangeRateRepresentation } from './exchange-rates.public.ts';

/** REST takes a rate as a JSON number too; GraphQL as exact decimal text. */
const rateAsText = (rate: Record<string, unknown>) => (typeof rate.rate === 'number' ? { ...rate, rate: String(rate.rate) } : rate);
const rateAsNumber = (property: Schema): Schema => ({ ...property, type: ['number', 'string'] });

const TABLE_COLUMNS = ['currency', 'date', 'rate'];

/**
 * A table of rates as CSV (what a bank or a rates feed exports): a header row naming currency, date and
 * rate, in any order, then one rate per row. Read by csv-parse (quotes, a BOM and CRLF as spreadsheets
 * write them); its refusals name the line, never quote the text.
 */
export function ratesFromCsv(text: string): Record<string, unknown> {
  const columns = (header: string[]) => {
    const names = header.map((name) => name.trim().toLowerCase());
    const missing = TABLE_COLUMNS.filter((name) => !names.includes(name));
    const unknown = names.filter((name) => !TABLE_COLUMNS.includes(name));
    if (missing.length || unknown.length)
      throw validationError([
        {
          path: '(body)',
          message:
            `the CSV header must name the columns ${TABLE_COLUMNS.join(', ')}` +
            (missing.length ? `; missing ${missing.join(', ')}` : '') +
            (unknown.length ? `; unknown ${unknown.map((n) => JSON.stringify(n)).join(', ')}` : ''),
        },
      ]);
    return names;
  };
  try {
    const rows = parse(text, { columns, bom: true, trim: true, skip_empty_lines: true }) as Record<string, string>[];
    return { rates: rows.map((row) => ({ currency: row.currency, date: row.date, rate: row.rate })) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const line = (error as { lines?: number }).lines;
    throw validationError([
      { path: '(body)', message: `the CSV table cannot be read${line ? ` at line ${line}` : ''}: each row needs one value per column` },
    ]);
  }
}

export const exchangeRateRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/exchange-rates/bulk',
    operationId: 'setExchangeRates',
    summary:
      'Set many exchange rates at once, as JSON or as a CSV table (each created, or changed when it differs); nothing is written ' +
      'if any is wrong',
    csv: { toBody: ratesFromCsv, example: 'currency,date,rate\nEUR,2026-06-01,1.0842\nGBP,2026-06-01,1.2655\n' },
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
