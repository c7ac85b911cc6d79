import { builder, tenantNode } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { connectionMaxSize, listFields, orderInput } from '../../graphql/lists.ts';
import { money, moneyIn } from '../../graphql/money.ts';
import { actionMutation, createMutation } from '../../graphql/mutations.ts';
import { AccountRef } from '../accounts/accounts.schema.ts';
import { accountBalances } from '../reports/balances.ts';
import { createJournalEntry, type JournalFilter, journalEntryWhere, reverseJournalEntry } from './journal.service.ts';

export const JournalLineRef = builder.prismaObject('JournalLine', {
  description: 'One posting line of a journal entry: an amount on the debit or the credit side of one account.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The line id (`jl_…`).' }),
    lineNo: t.exposeInt('lineNo', { description: 'Position in the entry, from 1.' }),
    account: t.relation('account', { description: 'The account posted to.' }),
    debit: t.field({ type: 'Money', description: 'Debit amount; 0 on a credit line.', resolve: (l, _a, ctx) => money(ctx, l.debit) }),
    credit: t.field({ type: 'Money', description: 'Credit amount; 0 on a debit line.', resolve: (l, _a, ctx) => money(ctx, l.credit) }),
    currency: t.exposeString('currency', {
      nullable: true,
      description: 'A line converted from a foreign currency (a document in it): that currency; null on a home-currency line.',
    }),
    foreignAmount: t.field({
      type: 'Money',
      nullable: true,
      description: 'A line converted from a foreign currency: the amount in it, on the same side as debit or credit.',
      resolve: (l, _a, ctx) => (l.currency && l.foreignAmount !== null ? moneyIn(ctx, l.currency, l.foreignAmount) : null),
    }),
    description: t.exposeString('description', { nullable: true, description: 'Line memo.' }),
    date: t.expose('date', { type: 'Date', description: 'The entry date (repeated on each line).' }),
    customer: t.relation('customer', { nullable: true, description: 'The customer this line concerns, e.g. on receivables.' }),
    vendor: t.relation('vendor', { nullable: true, description: 'The vendor this line concerns.' }),
    entry: t.relation('entry', { description: 'The journal entry the line belongs to.' }),
  }),
});

const JournalEntryStatusEnum = builder.enumType('JournalEntryStatus', {
  description: 'Whether an entry still counts on its own or is cancelled by a reversal.',
  values: {
    POSTED: { description: 'Posted and not reversed.' },
    REVERSED: { description: 'Cancelled by a reversal entry (see reversedBy).' },
  },
});

export const JournalEntryRef = builder.prismaNode('JournalEntry', {
  description: 'A posted double-entry journal entry. Immutable: corrections are reversals (a mirror entry) and new entries.',
  ...tenantNode('The entry id (`je_…`).'),
  fields: (t) => ({
    number: t.exposeInt('number', { description: 'Sequential number in the organization, from 1.' }),
    date: t.expose('date', { type: 'Date', description: 'Posting date.' }),
    description: t.exposeString('description', { description: 'What the entry records.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'External reference, e.g. a receipt number.' }),
    sourceType: t.exposeString('sourceType', {
      description:
        'What posted it: manual, invoice, invoice_void, payment, bill, bill_void, bill_payment, sales_receipt, refund_receipt, ' +
        'sales_receipt_void, credit_note, credit_note_refund, credit_note_void or reversal.',
    }),
    sourceId: t.exposeString('sourceId', { nullable: true, description: 'The id of the invoice, payment or entry that posted it.' }),
    totalAmount: t.field({
      type: 'Money',
      description: 'Sum of the debits, which equals the sum of the credits.',
      resolve: (e, _a, ctx) => money(ctx, e.totalAmount),
    }),
    currency: t.exposeString('currency', { description: 'ISO 4217 currency of the amounts.' }),
    lines: t.relation('lines', { description: 'The posting lines, in order.', query: { orderBy: { lineNo: 'asc' } } }),
    reversalOf: t.relation('reversalOf', { nullable: true, description: 'The entry this one reverses.' }),
    reversedBy: t.relation('reversedBy', { nullable: true, description: 'The entry that reverses this one, if any.' }),
    isReversed: t.boolean({
      description: 'Whether a reversal entry cancels this one.',
      select: { reversedBy: { select: { id: true } } },
      resolve: (e) => e.reversedBy !== null,
    }),
    // Derived, not stored: a posted entry is never updated, not even to mark it reversed.
    status: t.field({
      type: JournalEntryStatusEnum,
      description: 'POSTED, or REVERSED once a reversal entry cancels it.',
      select: { reversedBy: { select: { id: true } } },
      resolve: (e) => (e.reversedBy ? 'REVERSED' : 'POSTED'),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was posted.' }),
  }),
});

const JournalFilterInput = builder.inputType('JournalEntryFilter', {
  description: 'Narrows a list of journal entries; all given conditions must hold.',
  fields: (t) => ({
    from: t.field({ type: 'Date', description: 'Dated on or after.' }),
    to: t.field({ type: 'Date', description: 'Dated on or before.' }),
    accountId: t.id({ description: 'Only entries with a line on this account.' }),
    sourceType: t.string({
      description:
        'manual, invoice, invoice_void, payment, bill, bill_void, bill_payment, sales_receipt, refund_receipt, sales_receipt_void, ' +
        'credit_note, credit_note_refund, credit_note_void or reversal.',
    }),
    search: t.string({ description: 'Part of the description or reference, or the entry number.' }),
  }),
});

listFields<JournalFilter>({
  plural: 'journalEntries',
  model: 'JournalEntry',
  nodeRef: JournalEntryRef,
  description: 'journal entries',
  filterInput: JournalFilterInput,
  order: orderInput(
    'JournalEntry',
    {
      DATE: { column: 'date', description: 'By posting date.' },
      NUMBER: { column: 'number', unique: true, description: 'By entry number.' },
      TOTAL: { column: 'totalAmount', description: 'By total amount.' },
    },
    'DATE',
  ),
  where: (ctx, filter) => journalEntryWhere(ctx.organizationId, filter, ctx.db.provider),
});

const JournalLineInput = builder.inputType('JournalLineInput', {
  description: 'One posting line: an account and an amount on exactly one side (the other side 0 or omitted).',
  fields: (t) => ({
    accountId: t.id({ required: true, description: 'An active account of your organization (`acct_…`).' }),
    debit: t.field({ type: 'Money', description: 'Debit amount; 0 or omitted on a credit line.' }),
    credit: t.field({ type: 'Money', description: 'Credit amount; 0 or omitted on a debit line.' }),
    description: t.string({ description: 'Line memo.' }),
    customerId: t.id({ description: 'A customer the line concerns.' }),
    vendorId: t.id({ description: 'A vendor the line concerns.' }),
  }),
});

const CreateJournalEntryInput = builder.inputType('CreateJournalEntryInput', {
  description: 'A journal entry to post: at least two lines, total debit equal to total credit, dated after the lock date.',
  fields: (t) => ({
    date: t.field({ type: 'Date', required: true, description: 'Posting date.' }),
    description: t.string({ description: 'What the entry records.' }),
    reference: t.string({ description: 'External reference.' }),
    lines: t.field({ type: [JournalLineInput], required: true, description: 'The posting lines.' }),
  }),
});

const ReverseJournalEntryInput = builder.inputType('ReverseJournalEntryInput', {
  description: 'When and why an entry is reversed.',
  fields: (t) => ({
    date: t.field({
      type: 'Date',
      description: 'Date of the reversal; today when omitted. Not before the original, not in a locked period.',
    }),
    reason: t.string({ description: "Why; added to the reversal's description." }),
  }),
});

createMutation({
  name: 'createJournalEntry',
  model: 'JournalEntry',
  input: CreateJournalEntryInput,
  description: 'Posts a balanced journal entry. Unbalanced entries are refused with UNBALANCED_ENTRY and both totals.',
  run: (scope, input) => createJournalEntry(scope, input),
});

actionMutation<{ date?: string | null; reason?: string | null }>({
  name: 'reverseJournalEntry',
  model: 'JournalEntry',
  label: 'journal entry',
  input: ReverseJournalEntryInput,
  description:
    'Posts the mirror of a manual entry, linked both ways, and returns the new (reversing) entry. An entry is reversed at most once.',
  run: (scope, id, input) => reverseJournalEntry(scope, id, input),
});

// Account fields that need journal lines.
builder.prismaObjectFields('Account', (t) => ({
  balance: t.loadable({
    type: 'Money',
    description:
      "Balance from every posted line, on the account's normal side: debits minus credits for assets and expenses, credits minus " +
      'debits otherwise.',
    load: (ids: string[], ctx: GraphQLContext) => accountBalances(ctx, ids).then((map) => ids.map((id) => money(ctx, map.get(id) ?? 0n))),
    resolve: (account) => account.id,
  }),
  lines: t.relatedConnection('lines', {
    cursor: 'id',
    maxSize: connectionMaxSize,
    totalCount: true,
    description: 'Lines posted to this account, oldest first.',
    query: { orderBy: [{ date: 'asc' }, { id: 'asc' }] },
  }),
}));

void AccountRef;
