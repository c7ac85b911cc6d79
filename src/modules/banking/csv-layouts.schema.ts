// GraphQL: the organization's saved CSV layouts (csv-layouts.ts), read by name with `csv: { name }` on import.
import { builder } from '../../graphql/builder.ts';
import { requires } from '../../graphql/scopes.ts';
import { csvLayouts, type NamedCsvLayout } from './csv-layouts.ts';

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
