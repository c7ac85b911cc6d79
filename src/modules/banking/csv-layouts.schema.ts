// GraphQL: CSV layouts: the input an import reads a CSV by, and the organization's saved layouts (csv-layouts.ts),
// used by name with `csv: { name }`.
import { builder } from '../../graphql/builder.ts';
import { requires } from '../../graphql/scopes.ts';
import { csvLayouts, type NamedCsvLayout } from './csv-layouts.ts';
import { CSV_DATE_FORMATS, CSV_DIRECTIONS } from './statement-files.ts';

const text = (description: string, read: (l: NamedCsvLayout['layout']) => string | null | undefined) => ({ description, read });
const COLUMNS = {
  dateColumn: text('The date column.', (l) => l.dateColumn),
  amountColumn: text('The signed (or, with directionColumn, unsigned) amount column.', (l) => l.amountColumn),
  directionColumn: text('The column saying which way the money went.', (l) => l.directionColumn),
  debitColumn: text('The money-out column.', (l) => l.debitColumn),
  creditColumn: text('The money-in column.', (l) => l.creditColumn),
  descriptionColumn: text('The description column.', (l) => l.descriptionColumn),
  counterpartyColumn: text('The payee or payer column.', (l) => l.counterpartyColumn),
  referenceColumn: text("The bank's transaction id column.", (l) => l.referenceColumn),
  balanceColumn: text('The running balance column.', (l) => l.balanceColumn),
  currencyColumn: text('The currency column.', (l) => l.currencyColumn),
  dateFormat: text('The date format.', (l) => l.dateFormat),
  decimalSeparator: text('The decimal separator.', (l) => l.decimalSeparator),
  delimiter: text('The delimiter.', (l) => l.delimiter),
};

const BankCsvLayoutRef = builder.objectRef<NamedCsvLayout>('BankCsvLayout').implement({
  description: "A bank's CSV layout saved under a name: any bank account's import may use it with `csv: { name }`.",
  fields: (t) => ({
    name: t.string({ description: 'Its name, unique in the organization.', resolve: (l) => l.name }),
    ...Object.fromEntries(
      Object.entries(COLUMNS).map(([field, c]) => [
        field,
        t.string({ nullable: true, description: c.description, resolve: (l) => c.read(l.layout) ?? null }),
      ]),
    ),
    skipLines: t.int({ description: 'Lines of preamble before the header.', resolve: (l) => l.layout.skipLines }),
    footerLines: t.int({ description: 'Lines after the last transaction that are none.', resolve: (l) => l.layout.footerLines ?? 0 }),
    hasHeader: t.boolean({ description: 'Whether the first line names the columns.', resolve: (l) => l.layout.hasHeader !== false }),
    invertSign: t.boolean({ description: 'Whether money out is written positive.', resolve: (l) => l.layout.invertSign === true }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it was last saved.', resolve: (l) => l.updatedAt }),
  }),
});

// A list in an object (as the suggestions are), so REST answers `{ "data": [...] }` as its lists do.
const BankCsvLayoutsRef = builder.objectRef<{ data: NamedCsvLayout[] }>('BankCsvLayouts').implement({
  description: "The organization's saved CSV layouts.",
  fields: (t) => ({ data: t.field({ type: [BankCsvLayoutRef], description: 'By name.', resolve: (r) => r.data }) }),
});

builder.queryField('bankCsvLayouts', (t) =>
  t.field({
    type: BankCsvLayoutsRef,
    extensions: requires('banking:read'),
    description: "The organization's saved CSV layouts, by name.",
    resolve: async (_p, _a, ctx) => ({ data: await csvLayouts(ctx) }),
  }),
);

/** How a bank's CSV is laid out, as an import gives it (and saves it, named). */
export const CsvLayoutInput = builder.inputType('BankCsvLayoutInput', {
  description: "How a bank's CSV is laid out; remembered for the account's next CSV import.",
  fields: (t) => ({
    name: t.string({
      description: 'Saves the layout under this name for every bank account (replacing one of that name); alone, uses the one saved so.',
    }),
    dateColumn: t.string({
      description: 'The header of the date column (without a header, its number: 1 is the first); required unless name alone.',
    }),
    amountColumn: t.string({ description: 'The header of a signed amount column (or give debitColumn and creditColumn).' }),
    directionColumn: t.string({
      description:
        `With amountColumn: the column saying which way the money went (${CSV_DIRECTIONS.in.join('/')} in, ` +
        `${CSV_DIRECTIONS.out.join('/')} out).`,
    }),
    debitColumn: t.string({ description: 'The header of the money-out column (the other empty or zero on each row).' }),
    creditColumn: t.string({ description: 'The header of the money-in column.' }),
    descriptionColumn: t.string({ description: 'The header of the description column; required unless name alone.' }),
    counterpartyColumn: t.string({ description: 'The header of the payee or payer column.' }),
    referenceColumn: t.string({ description: "The header of the bank's own transaction id column." }),
    balanceColumn: t.string({
      description: "The header of the running balance column: the latest row's is the statement's closing balance.",
    }),
    currencyColumn: t.string({ description: "The header of a currency column: every row's must be the account's." }),
    dateFormat: t.string({ description: `One of ${CSV_DATE_FORMATS.join(', ')}; default YYYY-MM-DD.` }),
    decimalSeparator: t.string({ description: '"." (default) or ","; the other is read as a thousands separator.' }),
    delimiter: t.string({ description: '",", ";", "|" or a tab; default ",".' }),
    skipLines: t.int({ description: 'Lines of preamble before the header; default 0.' }),
    footerLines: t.int({ description: 'Lines after the last transaction that are not transactions (totals, a balance line); default 0.' }),
    hasHeader: t.boolean({ description: 'Whether the first line (after skipLines) names the columns; default true.' }),
    invertSign: t.boolean({ description: "The file writes money out as positive (a credit card's purchases); default false." }),
  }),
});
