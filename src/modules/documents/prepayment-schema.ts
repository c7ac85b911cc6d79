// The GraphQL of a prepayment (a customer's, a vendor's): its object, its applications and refunds, its
// list, where it shows on its party, its journal entry, the payment whose excess it holds, and its
// mutations. One declaration for both sides; each module passes its own words.
import type { IdPrefix } from '../../lib/ids.ts';
import { CreditNoteStatus, PrepaymentKind } from '../../db/generated/sqlite/enums.ts';
import type { ObjectRef } from '@pothos/core';
import { builder, type BuilderTypes, describedEnum, tenantNode } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { connectionMaxSize, listFields, orderInput } from '../../graphql/lists.ts';
import { money } from '../../graphql/money.ts';
import { type CreditDocumentFilter, creditDocumentWhere } from './credits.ts';
import { type CreditDocumentType, owedDocumentType } from './kinds.ts';
import { type PrepaymentInput, createPrepayment } from './prepayments.ts';
import { creditAllocationFields, creditDocumentFields, creditRefundFields, documentVoidFields } from './schema.ts';
import { creditApplyInput, type CreditMutationName, creditDocumentMutations, paymentRateInputField } from './schema-mutations.ts';

const PrepaymentStatusEnum = describedEnum(
  'PrepaymentStatus',
  CreditNoteStatus,
  'Where a prepayment is: OPEN while credit remains, CLOSED once all of it is applied or refunded, or VOID.',
  {
    OPEN: 'Posted, with credit remaining.',
    CLOSED: 'All of its credit applied or refunded.',
    VOID: 'Cancelled; its posting was reversed (an overpayment: with its payment).',
  },
);

const PrepaymentKindEnum = describedEnum('PrepaymentKind', PrepaymentKind, 'Where a prepayment came from.', {
  PREPAYMENT: 'Money paid ahead of any document.',
  OVERPAYMENT: 'What a payment paid beyond the amount due of its document.',
});

/** Untyped Prisma field builder: Pothos types one per model literal, and these models are named at run time. */
// biome-ignore lint/suspicious/noExplicitAny: see the line above
type AnyBuilder = any;

export interface PrepaymentSchemaTexts<Type extends string> {
  /** Its GraphQL type (`CustomerPrepayment`), which its mutations are named after. */
  typename: Type;
  /** Its id's prefix and its applications' and refunds' (`cpp`, `cppa`, `cppr`). */
  prefixes: { id: IdPrefix; allocation: IdPrefix; refund: IdPrefix };
  /** What it is, for its object's description. */
  description: string;
  /** Its bank or cash account relation (`depositAccount`), and what it is. */
  account: { relation: string; description: string };
  /** Which way a refund's money goes: its description, and its account's. */
  refund: { description: string; amount: string; paymentAccount: string };
  /** Its mutations by name, with what each does. */
  mutations: Record<CreditMutationName<Type>, string>;
}

/**
 * Registers a prepayment type's GraphQL: object, list, party and journal fields, inputs and mutations.
 * Long on purpose: one description makes both sides' whole GraphQL, so they are one declaration.
 */
export function prepaymentSchema<Type extends string>(
  type: CreditDocumentType,
  texts: PrepaymentSchemaTexts<Type>,
): ObjectRef<BuilderTypes, object> {
  const { typename } = type;
  const owed = owedDocumentType(type.appliesTo);
  const label = type.label.toLowerCase();
  const party = type.party.model;
  const partyType = type.party.table;
  const applied = owed.label.toLowerCase();
  const objects = builder as AnyBuilder;
  const ordered = { orderBy: [{ date: 'asc' }, { id: 'asc' }] };

  objects.prismaObject(`${typename}Allocation`, {
    description: `Prepaid credit applied to ${/^[aeiou]/.test(applied) ? 'an' : 'a'} ${applied}.`,
    fields: (t: AnyBuilder) => ({
      [owed.model]: t.relation(owed.model, { description: `The ${applied} credited.` }),
      [type.model]: t.relation(type.model, { description: `The ${label} the credit came from.` }),
      ...creditAllocationFields(t, texts.prefixes.allocation),
    }),
  });
  objects.prismaObject(`${typename}Refund`, {
    description: texts.refund.description,
    fields: (t: AnyBuilder) =>
      creditRefundFields(t, texts.prefixes.refund, { amount: texts.refund.amount, paymentAccount: texts.refund.paymentAccount }),
  });
  const ref = objects.prismaNode(typename, {
    description: texts.description,
    ...tenantNode(`The ${label} id (\`${texts.prefixes.id}_…\`).`),
    fields: (t: AnyBuilder) => ({
      number: t.exposeString('number', { description: `${type.number.prefix}-0001, sequential in the organization.` }),
      kind: t.field({ type: PrepaymentKindEnum, description: 'Where it came from.', resolve: (c: { kind: PrepaymentKind }) => c.kind }),
      status: t.field({ type: PrepaymentStatusEnum, description: 'Where it is.', resolve: (c: { status: CreditNoteStatus }) => c.status }),
      [party]: t.relation(party, { description: 'Whose money it is.' }),
      date: t.expose('issueDate', { type: 'Date', description: 'When the money moved; the posting date.' }),
      total: t.field({
        type: 'Money',
        description: 'The money received or paid: the credit.',
        select: { total: true },
        resolve: (c: { total: bigint }, _a: unknown, ctx: GraphQLContext) => money(ctx, c.total),
      }),
      [texts.account.relation]: t.relation(texts.account.relation, { description: texts.account.description }),
      method: t.exposeString('method', { nullable: true, description: 'How it was paid.' }),
      reference: t.exposeString('reference', { nullable: true, description: 'External reference.' }),
      memo: t.exposeString('memo', { nullable: true, description: 'Internal note.' }),
      payment: t.relation('payment', {
        nullable: true,
        description: 'The payment whose excess it holds (an overpayment); null otherwise.',
      }),
      ...creditDocumentFields(t, {
        amountApplied: `Applied to ${applied}s.`,
        amountRefunded: 'Paid back.',
        allocations: 'Where its credit was applied, oldest first.',
        refunds: 'Its credit paid back, oldest first.',
      }),
      journalEntry: t.relation('journalEntry', { description: "Its posting (an overpayment's is its payment's)." }),
      voidJournalEntry: t.relation('voidJournalEntry', { nullable: true, description: 'The reversal posted when it was voided.' }),
      ...documentVoidFields(t, 'settledOn'),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was recorded.' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    }),
  });

  const filterInput = builder.inputType(`${typename}Filter`, {
    description: `Narrows a list of ${label}s; all given conditions must hold.`,
    fields: (t) => ({
      status: t.field({ type: PrepaymentStatusEnum, description: 'Only this status.' }),
      [type.party.key]: t.id({ description: `Only this ${party}'s.` }),
      from: t.field({ type: 'Date', description: 'Dated on or after.' }),
      to: t.field({ type: 'Date', description: 'Dated on or before.' }),
      search: t.string({ description: `Part of the number, the reference or the ${party}'s name.` }),
    }),
  });
  listFields<CreditDocumentFilter>({
    plural: `${type.model}s`,
    model: typename,
    nodeRef: ref,
    description: `${label}s`,
    filterInput,
    order: orderInput(
      typename,
      {
        DATE: { column: 'issueDate', description: 'By date.' },
        TOTAL: { column: 'total', description: 'By amount.' },
        CREATED_AT: { column: 'createdAt', description: 'By entry time.' },
      },
      'DATE',
    ),
    where: (ctx, filter) => creditDocumentWhere(type, ctx.organizationId, filter ?? {}, ctx.db.provider),
  });

  objects.prismaObjectField(partyType, 'prepayments', (t: AnyBuilder) =>
    t.relatedConnection('prepayments', {
      cursor: 'id',
      maxSize: connectionMaxSize,
      totalCount: true,
      description: `This ${party}'s prepayments and overpayments, newest first.`,
      query: { orderBy: [{ issueDate: 'desc' }, { id: 'desc' }] },
    }),
  );
  objects.prismaObjectField(owed.typename, 'prepaymentAllocations', (t: AnyBuilder) =>
    t.relation('prepaymentAllocations', { description: 'Prepaid credit applied to it, oldest first.', query: ordered }),
  );
  objects.prismaObjectField(owed.payment.typename, 'excessCredit', (t: AnyBuilder) =>
    t.relation('excessCredit', {
      nullable: true,
      description: `The ${label} holding what it paid beyond the amount due (keepExcessAsCredit); null when none.`,
    }),
  );
  objects.prismaObjectField('JournalEntry', type.model, (t: AnyBuilder) =>
    t.relation(type.model, { nullable: true, description: `The ${label} that posted this entry, if any.` }),
  );

  const accountKey = type.accountKey!;
  const moved = type.side === 'sale' ? 'received from a customer' : 'paid to a vendor';
  const createInput = builder.inputType(`Create${typename}Input`, {
    description: `Money ${moved} ahead of its ${applied}s, posted at once.`,
    fields: (t) => ({
      [type.party.key]: t.id({ required: true, description: `The ${party}.` }),
      amount: t.field({ type: 'Money', required: true, description: 'The money; above 0.' }),
      date: t.field({ type: 'Date', description: 'When it moved; today (UTC) when omitted. Not in a locked period.' }),
      [accountKey]: t.id({ description: `${texts.account.description} Default the bank account.` }),
      method: t.string({ description: 'How it was paid.' }),
      reference: t.string({ description: 'External reference.' }),
      memo: t.string({ description: 'Internal note.' }),
      ...paymentRateInputField(t),
    }),
  });
  const applyInput = creditApplyInput(type, {
    allocation: { name: `${typename}AllocationInput`, description: `Prepaid credit to apply to one ${applied}.` },
    appliedId: `An open ${applied} of the ${party}.`,
    apply: `Where to apply the credit: one or more open ${applied}s of its ${party}, in all at most the credit remaining.`,
    dates: 'record',
  });
  const refundInput = builder.inputType(`Refund${typename}Input`, {
    description: 'Credit paid back.',
    fields: (t) => ({
      amount: t.field({ type: 'Money', required: true, description: 'At most the credit remaining.' }),
      date: t.field({ type: 'Date', description: `Date paid; today when omitted. Not before the ${label}, not in a locked period.` }),
      paymentAccountId: t.id({ description: `${texts.refund.paymentAccount} Default the bank account.` }),
      method: t.string({ description: 'How it was paid.' }),
      reference: t.string({ description: 'External reference.' }),
      ...paymentRateInputField(t),
    }),
  });
  creditDocumentMutations<Type, PrepaymentInput>(type, {
    typename: texts.typename,
    createInput: createInput as never,
    create: (scope, input) => createPrepayment(scope, type, input) as never,
    applyInput: applyInput as never,
    refundInput,
    applied,
    applyInputDescription: `The ${applied}s and amounts.`,
    mutations: texts.mutations,
  });
  return ref as ObjectRef<BuilderTypes, object>;
}
