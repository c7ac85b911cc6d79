// The GraphQL parts every document shares: the fields of its lines (read in select mode, each from its
// own columns), totals, amounts due and voids, the input fields of a sale's and a purchase's line, and an
// owed or credit document's lists, made from its type and the words its module gives (its mutations and
// their inputs: schema-mutations.ts).
import type { EnumRef, InputFieldBuilder, InputObjectRef, ObjectFieldBuilder, ObjectRef } from '@pothos/core';
import { builder, type BuilderTypes } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { connectionMaxSize, listFields, type OrderColumn, orderInput } from '../../graphql/lists.ts';
import { money, moneyIn } from '../../graphql/money.ts';
import { readsColumns } from '../../fast-paths/column-fields.ts';
import type { IdPrefix } from '../../lib/ids.ts';
import { formatPercent } from '../../lib/money.ts';
import { formatQuantity } from './arithmetic.ts';
import { exchangeGainOf, VOID_DATE_DESCRIPTION, VOIDED_AT_DESCRIPTION } from './public.ts';
import type { DocumentFilter } from './lists.ts';
import { amountDueOf, isOverdue } from './settlement.ts';
import { type CreditDocumentFilter, creditDocumentWhere, remainingCreditOf } from './credits.ts';
import type { CreditDocumentType, OwedDocumentType, PartyNames } from './kinds.ts';
import { owedPaymentWhere } from './owed-payments.ts';
import { owedDocumentWhere } from './owed.ts';

type LineColumns = {
  id: string;
  lineNo: number;
  description: string;
  quantityMilli: bigint;
  unitPrice: bigint;
  discountPpm: number;
  taxRatePpm: number | null;
  amount: bigint;
  taxAmount: bigint;
  /** A foreign-currency document's line: its currency (null: home) and its amounts in home currency. */
  currency: string | null;
  homeAmount: bigint | null;
  homeTaxAmount: bigint | null;
};

/** The fields every document line (invoice, bill, sales receipt, credit note) has over its own columns. */
export const documentLineFields = (
  t: Pick<ObjectFieldBuilder<BuilderTypes, LineColumns>, 'id' | 'int' | 'string' | 'field'>,
  idPrefix: IdPrefix,
  document: string,
) => ({
  id: t.id({ description: `The line id (\`${idPrefix}_…\`).`, resolve: (l) => l.id }),
  lineNo: t.int({ description: `Position on the ${document}, from 1.`, ...readsColumns('lineNo'), resolve: (l) => l.lineNo }),
  description: t.string({ description: 'Line text.', ...readsColumns('description'), resolve: (l) => l.description }),
  quantity: t.string({
    description: 'Quantity as a decimal string (up to 3 decimals).',
    ...readsColumns('quantityMilli'),
    resolve: (l) => formatQuantity(l.quantityMilli),
  }),
  unitPrice: t.field({
    type: 'Money',
    description: 'Price per unit.',
    ...readsColumns('unitPrice', 'currency'),
    resolve: (l, _a, ctx) => moneyIn(ctx, l.currency, l.unitPrice),
  }),
  discountPercent: t.field({
    type: 'Percent',
    description: 'Discount in percent of quantity × unit price.',
    ...readsColumns('discountPpm'),
    resolve: (l) => formatPercent(l.discountPpm),
  }),
  taxRate: t.field({
    type: 'Percent',
    nullable: true,
    description:
      'Tax rate in percent (copied from appliedTaxRate when the line names one); null when the line has no tax (0 is a zero rate, ' +
      'which the tax summary reports).',
    ...readsColumns('taxRatePpm'),
    resolve: (l) => (l.taxRatePpm === null ? null : formatPercent(l.taxRatePpm)),
  }),
  amount: t.field({
    type: 'Money',
    description: 'Net amount: quantity × unit price less discount, rounded.',
    ...readsColumns('amount', 'currency'),
    resolve: (l, _a, ctx) => moneyIn(ctx, l.currency, l.amount),
  }),
  taxAmount: t.field({
    type: 'Money',
    description: 'Tax on the net amount, rounded.',
    ...readsColumns('taxAmount', 'currency'),
    resolve: (l, _a, ctx) => moneyIn(ctx, l.currency, l.taxAmount),
  }),
  homeAmount: t.field({
    type: 'Money',
    nullable: true,
    description: 'A foreign-currency document: amount in the home currency, as posted; null at home and on an unposted draft.',
    ...readsColumns('homeAmount'),
    resolve: (l, _a, ctx) => (l.homeAmount === null ? null : money(ctx, l.homeAmount)),
  }),
  homeTaxAmount: t.field({
    type: 'Money',
    nullable: true,
    description: 'A foreign-currency document: taxAmount in the home currency, as posted; null at home and on an unposted draft.',
    ...readsColumns('homeTaxAmount'),
    resolve: (l, _a, ctx) => (l.homeTaxAmount === null ? null : money(ctx, l.homeTaxAmount)),
  }),
});

/**
 * The fields of a line of every document that sells (invoice, sales receipt, credit note): one rule for
 * their lines, so one declaration; `accountText` says what the document does to the income account.
 */
export const saleLineInputFields = (t: InputFieldBuilder<BuilderTypes, 'InputObject'>, accountText: string) => ({
  productId: t.id({ description: 'A product of your organization (`prod_…`).' }),
  description: t.string({ description: 'Line text; required without a product.' }),
  quantity: t.string({ description: 'Quantity above 0, up to 3 decimals; default 1.' }),
  unitPrice: t.field({ type: 'Money', description: 'Price per unit; required without a product.' }),
  discountPercent: t.field({ type: 'Percent', description: 'Discount in percent; default 0.' }),
  taxRate: t.field({
    type: 'Percent',
    description:
      "A bare sales tax rate in percent, posted to the sales tax account; default the product's, else no tax. Not with taxRateId.",
  }),
  taxRateId: t.id({
    description:
      'A tax rate of your organization (`txr_…`): its percentage applies and its tax posts to its sales account. Not with taxRate.',
  }),
  accountId: t.id({ description: `Income account to ${accountText}; default the product's, else the sales account.` }),
});

/**
 * The fields of a line of every document that buys (bill, vendor credit); `accountText` says what the
 * document does to the expense or asset account.
 */
export const purchaseLineInputFields = (t: InputFieldBuilder<BuilderTypes, 'InputObject'>, accountText: string) => ({
  productId: t.id({ description: 'A product of your organization (`prod_…`).' }),
  description: t.string({ description: 'Line text; required without a product.' }),
  quantity: t.string({ description: 'Quantity above 0, up to 3 decimals; default 1.' }),
  unitPrice: t.field({ type: 'Money', required: true, description: 'Price per unit, as the vendor charged it.' }),
  discountPercent: t.field({ type: 'Percent', description: 'Discount in percent; default 0.' }),
  taxRateId: t.id({
    description:
      'A tax rate of your organization (`txr_…`): its percentage applies and its tax is ' +
      `${accountText === 'debit' ? 'debited to' : 'credited back to'} its purchase account (default the recoverable tax ` +
      `account). No tax without one.`,
  }),
  accountId: t.id({
    description:
      `Expense or asset account to ${accountText}; default the product's expense account, and required without one. ` +
      'Not receivables or payables.',
  }),
});

/** The line of an invoice (and of what makes invoices: estimates, recurring invoices). */
export const InvoiceLineInput = builder.inputType('InvoiceLineInput', {
  description: "One invoice line. With a product, description, unit price, tax and account default to the product's.",
  fields: (t) => saleLineInputFields(t, 'credit'),
});

/** The line of a bill (and of what makes bills: purchase orders, recurring bills). */
export const BillLineInput = builder.inputType('BillLineInput', {
  description: "One bill line. With a product, the description and account default to the product's (its expense account).",
  fields: (t) => purchaseLineInputFields(t, 'debit'),
});

type TotalColumns = { currency: string; subtotal: bigint; discountTotal: bigint; taxTotal: bigint; total: bigint };

/**
 * The currency and totals every document has over its own columns; `texts` says what its tax and total
 * are. Typed over any parent: a select-mode type's builder knows only the columns it selected up front,
 * and these fields select their own (readsColumns), which TypeScript cannot follow across models.
 */
export const documentTotalFields = (
  // biome-ignore lint/suspicious/noExplicitAny: see above; the resolvers below say which columns they read.
  t: Pick<ObjectFieldBuilder<BuilderTypes, any>, 'string' | 'field'>,
  texts: { taxTotal?: string; total?: string } = {},
) => ({
  currency: t.string({ description: 'ISO 4217 currency.', ...readsColumns('currency'), resolve: (d: TotalColumns) => d.currency }),
  subtotal: t.field({
    type: 'Money',
    description: 'Sum of quantity × unit price over the lines.',
    ...readsColumns('subtotal', 'currency'),
    resolve: (d: TotalColumns, _a, ctx) => moneyIn(ctx, d.currency, d.subtotal),
  }),
  discountTotal: t.field({
    type: 'Money',
    description: 'Sum of the line discounts.',
    ...readsColumns('discountTotal', 'currency'),
    resolve: (d: TotalColumns, _a, ctx) => moneyIn(ctx, d.currency, d.discountTotal),
  }),
  taxTotal: t.field({
    type: 'Money',
    description: texts.taxTotal ?? 'Sum of the line taxes.',
    ...readsColumns('taxTotal', 'currency'),
    resolve: (d: TotalColumns, _a, ctx) => moneyIn(ctx, d.currency, d.taxTotal),
  }),
  total: t.field({
    type: 'Money',
    description: texts.total ?? 'subtotal − discountTotal + taxTotal.',
    ...readsColumns('total', 'currency'),
    resolve: (d: TotalColumns, _a, ctx) => moneyIn(ctx, d.currency, d.total),
  }),
});

type OwedColumns = {
  currency: string;
  status: string;
  total: bigint;
  amountPaid: bigint;
  amountCredited?: bigint;
  amountWrittenOff?: bigint;
  dueDate: string;
};

/** What is paid, due and overdue on an owed document (invoice, bill); `credited` when credit notes apply to it. */
export const owedDocumentFields = (
  // biome-ignore lint/suspicious/noExplicitAny: fields shared by models Pothos types one by one
  t: Pick<ObjectFieldBuilder<BuilderTypes, any>, 'boolean' | 'field'>,
  texts: { amountPaid: string; amountDue: string; credited?: boolean; writtenOff?: boolean },
) => ({
  amountPaid: t.field({
    type: 'Money',
    description: texts.amountPaid,
    ...readsColumns('amountPaid', 'currency'),
    resolve: (d: OwedColumns, _a, ctx) => moneyIn(ctx, d.currency, d.amountPaid),
  }),
  amountDue: t.field({
    type: 'Money',
    description: texts.amountDue,
    ...readsColumns(
      'status',
      'total',
      'amountPaid',
      ...(texts.credited ? ['amountCredited'] : []),
      ...(texts.writtenOff ? ['amountWrittenOff'] : []),
      'currency',
    ),
    resolve: (d: OwedColumns, _a, ctx) => moneyIn(ctx, d.currency, amountDueOf(d)),
  }),
  isOverdue: t.boolean({
    description: 'Open or partly paid, and past its due date (today, UTC).',
    ...readsColumns('status', 'dueDate'),
    resolve: (d: OwedColumns) => isOverdue(d),
  }),
});

/**
 * When a document was voided: the request's moment and the posting's date, which a document keeps in
 * `settledOn` (the date it stopped being owed, a void's date when void) or in its own `voidDate`.
 */
// biome-ignore lint/suspicious/noExplicitAny: fields shared by models Pothos types one by one
export const documentVoidFields = (t: Pick<ObjectFieldBuilder<BuilderTypes, any>, 'field'>, dateColumn: 'settledOn' | 'voidDate') => ({
  voidedAt: t.field({
    type: 'DateTime',
    nullable: true,
    description: VOIDED_AT_DESCRIPTION,
    ...readsColumns('voidedAt'),
    resolve: (d: { voidedAt: Date | null }) => d.voidedAt,
  }),
  voidDate: t.field({
    type: 'Date',
    nullable: true,
    description: VOID_DATE_DESCRIPTION,
    ...readsColumns('status', dateColumn),
    resolve: (d: { status: string; settledOn?: string | null; voidDate?: string | null }) =>
      dateColumn === 'voidDate' ? (d.voidDate ?? null) : d.status === 'VOID' ? (d.settledOn ?? null) : null,
  }),
});

/** When a payment was voided and the reversal it posted: null while it stands. */
export const paymentVoidObjectFields = (t: ModelFieldBuilder) => ({
  voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true, description: 'When the void was requested; null unless void.' }),
  voidDate: t.expose('voidDate', {
    type: 'Date',
    nullable: true,
    description: "The date the payment's reversal was posted; null unless void. A void payment pays nothing from that date.",
  }),
  voidJournalEntry: t.relation('voidJournalEntry', { nullable: true, description: 'The reversal posted when it was voided.' }),
});

/**
 * The field builder of one of several models (a credit document's, its refund's, a payment's). Pothos
 * types a Prisma object's builder per model, and relations by the model's own names, which one helper
 * over several models cannot name; the resolvers below say which columns they read.
 */
// biome-ignore lint/suspicious/noExplicitAny: see the comment above
type ModelFieldBuilder = any;

/**
 * What every posted document ends with: the posting it made and the reversal of a void, when it was voided,
 * created and last changed. `texts.posting` names the posting; `draft` when a draft has none yet.
 */
export const postedDocumentFields = (
  t: ModelFieldBuilder,
  voidDateColumn: 'settledOn' | 'voidDate',
  texts: { posting: string; draft?: boolean; created: string; updated: string },
) => ({
  journalEntry: t.relation('journalEntry', { ...(texts.draft ? { nullable: true } : {}), description: texts.posting }),
  voidJournalEntry: t.relation('voidJournalEntry', { nullable: true, description: 'The reversal posted when it was voided.' }),
  ...documentVoidFields(t, voidDateColumn),
  createdAt: t.expose('createdAt', { type: 'DateTime', description: texts.created }),
  updatedAt: t.expose('updatedAt', { type: 'DateTime', description: texts.updated }),
});

/** What a credit document's credit did: applied, refunded, remaining, and where it went. */
export const creditDocumentFields = (
  t: ModelFieldBuilder,
  texts: { amountApplied: string; amountRefunded: string; allocations: string; refunds: string },
) => ({
  amountApplied: t.field({
    type: 'Money',
    description: texts.amountApplied,
    resolve: (c: { currency: string; amountApplied: bigint }, _a: unknown, ctx: GraphQLContext) =>
      moneyIn(ctx, c.currency, c.amountApplied),
  }),
  amountRefunded: t.field({
    type: 'Money',
    description: texts.amountRefunded,
    resolve: (c: { currency: string; amountRefunded: bigint }, _a: unknown, ctx: GraphQLContext) =>
      moneyIn(ctx, c.currency, c.amountRefunded),
  }),
  remainingCredit: t.field({
    type: 'Money',
    description: 'total − amountApplied − amountRefunded (0 when void).',
    resolve: (
      c: { currency: string; status: string; total: bigint; amountApplied: bigint; amountRefunded: bigint },
      _a: unknown,
      ctx: GraphQLContext,
    ) => moneyIn(ctx, c.currency, remainingCreditOf(c)),
  }),
  ...foreignDocumentFields(t),
  allocations: t.relation('allocations', { description: texts.allocations, query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] } }),
  refunds: t.relation('refunds', { description: texts.refunds, query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] } }),
});

/** A credit's refund: the money paid back and the posting it made; `texts` says which way the money went. */
export const creditRefundFields = (t: ModelFieldBuilder, idPrefix: IdPrefix, texts: { amount: string; paymentAccount: string }) => ({
  id: t.exposeID('id', { description: `The refund id (\`${idPrefix}_…\`).` }),
  amount: t.field({
    type: 'Money',
    description: texts.amount,
    resolve: (r: { currency: string | null; amount: bigint }, _x: unknown, ctx: GraphQLContext) => moneyIn(ctx, r.currency, r.amount),
  }),
  date: t.expose('date', { type: 'Date', description: 'Date paid.' }),
  paymentAccount: t.relation('paymentAccount', { description: texts.paymentAccount }),
  method: t.exposeString('method', { nullable: true, description: 'How it was paid.' }),
  reference: t.exposeString('reference', { nullable: true, description: 'External reference.' }),
  journalEntry: t.relation('journalEntry', { description: 'The posting it made.' }),
  ...paymentVoidObjectFields(t),
});

/** An application of credit: where it went (the document's own field), how much, when, and whether it was undone. */
export const creditAllocationFields = (t: ModelFieldBuilder, idPrefix: IdPrefix) => ({
  id: t.exposeID('id', { description: `The application id (\`${idPrefix}_…\`).` }),
  amount: t.field({
    type: 'Money',
    description: 'Credit applied.',
    resolve: (a: { currency: string | null; amount: bigint }, _x: unknown, ctx: GraphQLContext) => moneyIn(ctx, a.currency, a.amount),
  }),
  date: t.expose('date', { type: 'Date', description: 'When it was applied.' }),
  voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true, description: 'When it was undone; null while it stands.' }),
  voidDate: t.expose('voidDate', {
    type: 'Date',
    nullable: true,
    description: 'The date from which it no longer counts (the document owes the amount again); null while it stands.',
  }),
});

type ForeignColumns = { currency: string; exchangeRate: string | null; total: bigint; homeTotal: bigint | null };

/** What a document in a foreign currency adds: the rate it was posted at and its total in home currency. */
// biome-ignore lint/suspicious/noExplicitAny: fields shared by models Pothos types one by one
export const foreignDocumentFields = (t: Pick<ObjectFieldBuilder<BuilderTypes, any>, 'string' | 'field'>) => ({
  exchangeRate: t.string({
    nullable: true,
    description: 'Home-currency units per one unit of its currency, as posted; null for a home-currency document and an unposted draft.',
    ...readsColumns('exchangeRate'),
    resolve: (d: ForeignColumns) => d.exchangeRate,
  }),
  homeTotal: t.field({
    type: 'Money',
    nullable: true,
    description: 'Its total in the home currency, as posted (the sum of its converted lines); null for an unposted foreign draft.',
    ...readsColumns('currency', 'total', 'homeTotal', 'exchangeRate'),
    resolve: (d: ForeignColumns, _a, ctx) =>
      d.currency === ctx.organization.baseCurrency ? money(ctx, d.total) : d.homeTotal === null ? null : money(ctx, d.homeTotal),
  }),
});

type PaymentCurrencyColumns = {
  currency: string | null;
  exchangeRate: string | null;
  amount: bigint;
  homeAmount: bigint | null;
  homeSettled: bigint | null;
};

/** A payment's currency and, for a foreign one, its rate, home amount and the exchange difference it posted. */
// biome-ignore lint/suspicious/noExplicitAny: fields shared by models Pothos types one by one
export const paymentCurrencyFields = (t: Pick<ObjectFieldBuilder<BuilderTypes, any>, 'string' | 'field'>, side: 'sale' | 'purchase') => ({
  currency: t.string({
    description: "ISO 4217 currency of its amount: its document's.",
    ...readsColumns('currency'),
    resolve: (p: PaymentCurrencyColumns, _a, ctx) => p.currency ?? ctx.organization.baseCurrency,
  }),
  exchangeRate: t.string({
    nullable: true,
    description: 'The rate it was paid at (home units per unit); null in the home currency.',
    ...readsColumns('exchangeRate'),
    resolve: (p: PaymentCurrencyColumns) => p.exchangeRate,
  }),
  homeAmount: t.field({
    type: 'Money',
    description: 'Its amount in the home currency, at the rate it was paid at.',
    ...readsColumns('amount', 'homeAmount'),
    resolve: (p: PaymentCurrencyColumns, _a, ctx) => money(ctx, p.homeAmount ?? p.amount),
  }),
  exchangeGain: t.field({
    type: 'Money',
    description:
      'The realized exchange gain it posted (negative: a loss), in the home currency: the difference between its home amount and ' +
      "what it cleared at the document's rate. 0 in the home currency.",
    ...readsColumns('homeAmount', 'homeSettled'),
    resolve: (p: PaymentCurrencyColumns, _a, ctx) => money(ctx, exchangeGainOf(p, side)),
  }),
});

/** `pdfUrl`: where the document's PDF is (`GET` it with an API key that may read the document). */
// biome-ignore lint/suspicious/noExplicitAny: fields shared by models Pothos types one by one
export const pdfUrlField = (t: Pick<ObjectFieldBuilder<BuilderTypes, any>, 'string'>, path: string) => ({
  pdfUrl: t.string({
    description: `The path of its PDF (\`${path}/{id}/pdf\`, application/pdf), fetched with an API key that may read it.`,
    resolve: (d: { id: string }) => `${path}/${d.id}/pdf`,
  }),
});

/** What a document type's top-level list says: its filter's words, its orders, its party's connection to it. */
export interface DocumentListWords {
  /** The connection's name (`invoices`; the page list is `invoicesPage`), also its party's connection to it. */
  plural: string;
  /** What the list holds, in words (`credit notes`). */
  noun: string;
  status: EnumRef<BuilderTypes, string>;
  /** What its filter's fields say: `from` and `to` default to `Dated on or after.` and `Dated on or before.` */
  filter: { party: string; from?: string; to?: string; search: string };
  /** The orders it offers, ISSUE_DATE the default. */
  orders: Record<string, OrderColumn>;
  /** What the party's connection to its documents says (`Customer.invoices`). */
  partyConnection: string;
}

/**
 * A document type's list (`<plural>` and `<plural>Page`) with its `<Typename>Filter` and `<Typename>Order`, the
 * party's connection to its documents, newest first, and the journal entry's link to the document that posted it.
 */
function documentLists(
  type: { typename: string; label: string; model: string; party: PartyNames },
  nodeRef: ObjectRef<BuilderTypes, unknown>,
  words: DocumentListWords,
  owed: boolean,
  where: (ctx: GraphQLContext, filter: DocumentFilter) => object,
) {
  const filterInput = builder.inputType(`${type.typename}Filter`, {
    description: `Narrows a list of ${words.noun}; all given conditions must hold.`,
    fields: (t) => ({
      status: t.field({ type: words.status, description: 'Only this status.' }),
      [type.party.key]: t.id({ description: words.filter.party }),
      from: t.field({ type: 'Date', description: words.filter.from ?? 'Dated on or after.' }),
      to: t.field({ type: 'Date', description: words.filter.to ?? 'Dated on or before.' }),
      ...(owed
        ? {
            dueBefore: t.field({ type: 'Date', description: 'Due before this date.' }),
            overdue: t.boolean({ description: 'Only overdue (true) or only not overdue (false).' }),
          }
        : {}),
      search: t.string({ description: words.filter.search }),
    }),
  }) as InputObjectRef<BuilderTypes, DocumentFilter>;
  listFields<DocumentFilter>({
    plural: words.plural,
    model: type.typename,
    nodeRef,
    description: words.noun,
    filterInput,
    order: orderInput(type.typename, words.orders, 'ISSUE_DATE'),
    where: (ctx, filter) => where(ctx, filter ?? {}),
  });
  (builder.prismaObjectField as ModelFieldBuilder)(type.party.table, words.plural, (t: ModelFieldBuilder) =>
    t.relatedConnection(words.plural, {
      cursor: 'id',
      maxSize: connectionMaxSize,
      totalCount: true,
      description: words.partyConnection,
      query: { orderBy: [{ issueDate: 'desc' }, { id: 'desc' }] },
    }),
  );
  (builder.prismaObjectField as ModelFieldBuilder)('JournalEntry', type.model, (t: ModelFieldBuilder) =>
    t.relation(type.model, { nullable: true, description: `The ${type.label.toLowerCase()} that posted this entry, if any.` }),
  );
}

/** An owed document type's lists: `documentLists` with what is due before a date and what is overdue. */
export const owedDocumentLists = (type: OwedDocumentType, nodeRef: ObjectRef<BuilderTypes, unknown>, words: DocumentListWords) =>
  documentLists(type, nodeRef, words, true, (ctx, filter) => owedDocumentWhere(type, ctx.organizationId, filter, ctx.db.provider));

/** A credit document type's lists (`documentLists`). */
export const creditDocumentLists = (type: CreditDocumentType, nodeRef: ObjectRef<BuilderTypes, unknown>, words: DocumentListWords) =>
  documentLists(type, nodeRef, words, false, (ctx, filter) =>
    creditDocumentWhere(type, ctx.organizationId, filter as CreditDocumentFilter, ctx.db.provider),
  );

/**
 * An owed document type's payments list (`<plural>`, `<Typename>Filter`, `<Typename>Order`): by the document,
 * its party, the bank or cash account, and the date paid.
 */
export function owedPaymentLists(
  type: OwedDocumentType,
  nodeRef: ObjectRef<BuilderTypes, unknown>,
  words: {
    plural: string;
    /** What the list holds (`payments received against invoices`) and a payment in words (`bill payment`). */
    noun: string;
    one: string;
    /** How the money moved, in the filter's and orders' words (`received`, `paid`), and the account it moved through. */
    moved: string;
    account: string;
  },
) {
  const typename = type.payment.typename;
  const documents = `${type.label.toLowerCase()}s`;
  const moved = `${words.moved.charAt(0).toUpperCase()}${words.moved.slice(1)}`;
  const filterInput = builder.inputType(`${typename}Filter`, {
    description: `Narrows a ${words.one} list; all given conditions apply.`,
    fields: (t) => ({
      [type.parentKey]: t.id({ description: `Payments of this ${type.label.toLowerCase()}.` }),
      [type.party.key]: t.id({ description: `Payments of this ${type.party.model}'s ${documents}.` }),
      [type.payment.accountKey]: t.id({ description: words.account }),
      from: t.field({ type: 'Date', description: `${moved} on or after this date.` }),
      to: t.field({ type: 'Date', description: `${moved} on or before this date.` }),
    }),
  }) as InputObjectRef<BuilderTypes, Record<string, string | null | undefined>>;
  listFields({
    plural: words.plural,
    model: typename,
    nodeRef,
    description: words.noun,
    filterInput,
    order: orderInput(
      typename,
      {
        DATE: { column: 'date', description: `By the date ${words.moved}.` },
        CREATED_AT: { column: 'createdAt', description: 'By when it was recorded.' },
      },
      'DATE',
    ),
    where: (ctx, filter) => owedPaymentWhere(type, ctx.organizationId, filter ?? {}),
  });
}
