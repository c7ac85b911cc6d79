// GraphQL mutations and their inputs for owed and credit documents, run by the kernel: each module names
// its mutations (`createBill`, `applyCreditNote`) and gives its words; the inputs' fields and order are the
// kernel's. The object types' fields and the lists are in schema.ts.
import type { InputFieldBuilder, InputObjectRef } from '@pothos/core';
import type { WriteScope } from '../../core/tenant.ts';
import { builder, type BuilderTypes } from '../../graphql/builder.ts';
import { actionMutation, createMutation, deleteMutation, recordMutation, updateMutation, voidInputType } from '../../graphql/mutations.ts';
import { ID_PREFIX } from '../../lib/ids.ts';
import { type ApplyCreditInput, type UndoCreditInput, applyCreditDocument, undoCreditApplication } from './credit-applications.ts';
import { type RefundCreditInput, refundCreditDocument, voidCreditRefund } from './credit-refunds.ts';
import { type CreditDocumentInput, createCreditDocument, voidCreditDocument } from './credits.ts';
import type { CreditDocumentType, OwedDocumentType } from './kinds.ts';
import { type OwedDraftChanges, deleteOwedDraft, updateOwedDraft } from './owed-drafts.ts';
import { type OwedPaymentInput, recordOwedPayment, voidOwedPayment } from './owed-payments.ts';
import { type OwedDocumentInput, createOwedDocument, finalizeOwedDocument, voidOwedDocument } from './owed.ts';

/** An owed document's mutations, by name: its own (`createBill`) and its payment's (`recordBillPayment`, `voidBillPayment`). */
export type OwedMutationName<Type extends string, Payment extends string> =
  | `create${Type}`
  | `update${Type}`
  | `delete${Type}`
  | `finalize${Type}`
  | `void${Type}`
  | `record${Payment}`
  | `void${Payment}`;

/**
 * An owed document's mutations, run by the kernel: `create<Type>` (posted unless a draft), `update<Type>`
 * and `delete<Type>` (drafts), `record<Payment>`, `finalize<Type>`, `void<Type>` (with its `Void<Type>Input`)
 * and `void<Payment>`. The module names each in `mutations`, with what it does (so a search for
 * `createBill` lands on the line that says so); the inputs are the document's own, since their words are.
 */
export function owedDocumentMutations<
  Type extends string,
  PaymentType extends string,
  Input extends OwedDocumentInput,
  Changes extends OwedDraftChanges,
  Payment extends OwedPaymentInput,
>(
  type: OwedDocumentType,
  m: {
    typename: Type;
    createInput: InputObjectRef<BuilderTypes, Input>;
    updateInput: InputObjectRef<BuilderTypes, Changes>;
    payment: { typename: PaymentType; input: InputObjectRef<BuilderTypes, Payment> };
    mutations: Record<OwedMutationName<Type, PaymentType>, string>;
  },
) {
  const says = (name: OwedMutationName<Type, PaymentType>) => ({ name, description: m.mutations[name] });
  const label = type.label.toLowerCase();
  createMutation({
    ...says(`create${m.typename}`),
    model: m.typename,
    input: m.createInput,
    run: (scope, input) => createOwedDocument(scope, type, input),
  });
  updateMutation<Changes>({
    ...says(`update${m.typename}`),
    model: m.typename,
    label: `draft ${label}`,
    input: m.updateInput,
    run: (scope, id, input) => updateOwedDraft(scope, type, id, input),
  });
  deleteMutation({
    ...says(`delete${m.typename}`),
    model: m.typename,
    label: `draft ${label}`,
    run: (scope, id) => deleteOwedDraft(scope, type, id),
  });
  createMutation({
    ...says(`record${m.payment.typename}`),
    model: m.payment.typename,
    input: m.payment.input,
    run: (scope, input) => recordOwedPayment(scope, type, input),
  });
  actionMutation<Record<string, never>>({
    ...says(`finalize${m.typename}`),
    model: m.typename,
    label: `draft ${label}`,
    run: (scope, id) => finalizeOwedDocument(scope, type, id),
  });
  actionMutation<{ date?: string | null; reason?: string | null }>({
    ...says(`void${m.typename}`),
    model: m.typename,
    label,
    input: voidInputType(`Void${m.typename}Input`, label),
    run: (scope, id, input) => voidOwedDocument(scope, type, id, input),
  });
  const paymentLabel = type.payment.label.toLowerCase();
  actionMutation<{ date?: string | null; reason?: string | null }>({
    ...says(`void${m.payment.typename}`),
    model: m.payment.typename,
    label: paymentLabel,
    input: voidInputType(`Void${m.payment.typename}Input`, paymentLabel),
    run: (scope, id, input) => voidOwedPayment(scope, type, id, input),
  });
}

/** The words an owed document's inputs differ in; their fields and order are the kernel's. */
export interface OwedInputWords {
  /** The create input's description. */
  create: string;
  /** What its date is called (`Invoice date`). */
  dateName: string;
  /** What its memo is (`Note to the customer`). */
  memo: string;
  /** What its reference is (`The customer's reference`), and what a create adds to that. */
  reference: { name: string; more: string };
  lineInput: InputObjectRef<BuilderTypes, unknown>;
  /** Its payment input: what it says, how the money moved (`received`), its account's and reference's words. */
  payment: { description: string; moved: string; account: string; reference: string };
}

/**
 * `Create<Type>Input` and `Update<Type>Input` of an owed document (its party, dates, terms, memo, reference,
 * lines) and `Record<PaymentType>Input` of its payments.
 */
export function owedDocumentInputs(type: OwedDocumentType, words: OwedInputWords) {
  const { typename } = type;
  const party = type.party.model;
  const noun = type.label.toLowerCase();
  const partyId = type.party.key;
  const partyText = `An active ${party} of your organization (\`${ID_PREFIX[type.party.table]}_…\`).`;
  const createInput = builder.inputType(`Create${typename}Input`, {
    description: words.create,
    fields: (t) => ({
      [partyId]: t.id({ required: true, description: partyText }),
      issueDate: t.field({ type: 'Date', description: `${words.dateName}; today (UTC) when omitted. Not in a locked period.` }),
      dueDate: t.field({ type: 'Date', description: 'Due date; default issueDate + payment terms.' }),
      paymentTermsDays: t.int({ description: `Payment terms in days; default the ${party}'s, else the organization's.` }),
      memo: t.string({ description: `${words.memo}.` }),
      reference: t.string({ description: `${words.reference.name}${words.reference.more}` }),
      ...currencyInputFields(t, party),
      draft: t.boolean({ description: `Keep it as a draft (not posted) until finalize${typename}.` }),
      lines: t.field({ type: [words.lineInput], required: true, description: 'At least one line.' }),
    }),
  });
  const updateInput = builder.inputType(`Update${typename}Input`, {
    description: `Changes to a draft ${noun}; what is left out stays as it is. A posted ${noun} is not edited: void it instead.`,
    fields: (t) => ({
      [partyId]: t.id({ description: partyText }),
      issueDate: t.field({ type: 'Date', description: `${words.dateName}.` }),
      dueDate: t.field({ type: 'Date', description: 'Due date; kept unless given (or paymentTermsDays is).' }),
      paymentTermsDays: t.int({ description: 'Payment terms in days: the due date becomes issueDate + these days.' }),
      memo: t.string({ description: `${words.memo}; null clears it.` }),
      reference: t.string({ description: `${words.reference.name}; null clears it.` }),
      lines: t.field({ type: [words.lineInput], description: 'The whole new list of lines (at least one), replacing the old.' }),
      exchangeRate: currencyInputFields(t, party).exchangeRate,
    }),
  });
  const { moved } = words.payment;
  const paymentInput = builder.inputType(`Record${type.payment.typename}Input`, {
    description: words.payment.description,
    fields: (t) => ({
      [type.parentKey]: t.id({ required: true, description: `The ${noun} paid (\`${ID_PREFIX[type.idType]}_…\`).` }),
      amount: t.field({
        type: 'Money',
        required: true,
        description: `Amount ${moved}; at most the amount due, unless keepExcessAsCredit.`,
      }),
      ...keepExcessField(t, party),
      ...paymentRateInputField(t),
      date: t.field({
        type: 'Date',
        description: `Date ${moved}; today when omitted. Not before the ${noun} date, not in a locked period.`,
      }),
      [type.payment.accountKey]: t.id({ description: words.payment.account }),
      method: t.string({ description: 'How it was paid.' }),
      reference: t.string({ description: words.payment.reference }),
    }),
  });
  // The fields are the kernel's inputs', keyed by the document's own column names, which computed keys cannot type.
  return {
    createInput: createInput as unknown as InputObjectRef<BuilderTypes, OwedDocumentInput>,
    updateInput: updateInput as unknown as InputObjectRef<BuilderTypes, OwedDraftChanges>,
    paymentInput: paymentInput as unknown as InputObjectRef<BuilderTypes, OwedPaymentInput>,
  };
}

/** A credit document's mutations, by name (`createCreditNote`, `applyCreditNote`, … `voidCreditNoteRefund`). */
export type CreditMutationName<Type extends string> =
  | `create${Type}`
  | `apply${Type}`
  | `refund${Type}`
  | `void${Type}`
  | `unapply${Type}`
  | `void${Type}Refund`;

/**
 * A credit document's mutations, run by the kernel: `create<Type>` (posted at once), `apply<Type>`,
 * `refund<Type>`, `void<Type>` (with its `Void<Type>Input`), `unapply<Type>` and `void<Type>Refund`. The
 * module names each in `mutations`, with what it does; the inputs are the document's own.
 * Long on purpose: a credit document's six mutations from one description, each beside its input.
 */
export function creditDocumentMutations<
  Type extends string,
  Input extends object = CreditDocumentInput,
  Application extends ApplyCreditInput = ApplyCreditInput,
>(
  type: CreditDocumentType,
  m: {
    typename: Type;
    createInput: InputObjectRef<BuilderTypes, Input>;
    /** How one is created, when not from lines (a prepayment: createPrepayment). */
    create?: (scope: WriteScope, input: Input) => ReturnType<typeof createCreditDocument>;
    applyInput: InputObjectRef<BuilderTypes, Application>;
    /** What the apply mutation's input argument holds. */
    applyInputDescription: string;
    refundInput: InputObjectRef<BuilderTypes, RefundCreditInput>;
    /** What an application and a refund are called in the inputs' words (`invoice`: "an application to an invoice"). */
    applied: string;
    mutations: Record<CreditMutationName<Type>, string>;
  },
) {
  if (m.typename !== type.typename) throw new Error(`${m.typename}'s mutations are declared for ${type.typename}`);
  const says = (name: CreditMutationName<Type>) => ({ name, description: m.mutations[name] });
  const { typename } = type;
  const label = type.label.toLowerCase();
  createMutation({
    ...says(`create${m.typename}`),
    model: typename,
    input: m.createInput,
    run: (scope, input) => (m.create ? m.create(scope, input) : createCreditDocument(scope, type, input as CreditDocumentInput)),
  });
  recordMutation<Application>({
    ...says(`apply${m.typename}`),
    model: typename,
    label,
    input: m.applyInput,
    inputRequired: true,
    inputDescription: m.applyInputDescription,
    run: (scope, id, input) => applyCreditDocument(scope, type, id, input),
  });
  recordMutation<RefundCreditInput>({
    ...says(`refund${m.typename}`),
    model: typename,
    label,
    input: m.refundInput,
    inputRequired: true,
    inputDescription: 'The amount paid back, and how.',
    run: (scope, id, input) => refundCreditDocument(scope, type, id, input),
  });
  actionMutation<{ date?: string | null; reason?: string | null }>({
    ...says(`void${m.typename}`),
    model: typename,
    label,
    input: voidInputType(`Void${typename}Input`, label),
    run: (scope, id, input) => voidCreditDocument(scope, type, id, input),
  });
  const undoFields = (t: InputFieldBuilder<BuilderTypes, 'InputObject'>) => ({
    date: t.field({
      type: 'Date',
      description: 'From when; today (or the date it was made, if later) when omitted. Not in a locked period.',
    }),
    reason: t.string({ description: 'Why.' }),
  });
  recordMutation<UndoCreditInput & { allocationId?: string | null }>({
    ...says(`unapply${m.typename}`),
    model: typename,
    label,
    input: builder.inputType(`Unapply${typename}Input`, {
      description: `Which application of the ${label}'s credit to undo (the ${m.applied} owes the amount again), from when, and why.`,
      fields: (t) => ({ allocationId: t.id({ required: true, description: 'The application (`allocations[].id`).' }), ...undoFields(t) }),
    }),
    inputRequired: true,
    inputDescription: 'The application to undo.',
    run: (scope, id, input) => undoCreditApplication(scope, type, id, input),
  });
  recordMutation<UndoCreditInput & { refundId?: string | null }>({
    ...says(`void${m.typename}Refund`),
    model: typename,
    label,
    input: builder.inputType(`Void${typename}RefundInput`, {
      description: `Which refund of the ${label}'s credit to void, from when, and why.`,
      fields: (t) => ({ refundId: t.id({ required: true, description: 'The refund (`refunds[].id`).' }), ...undoFields(t) }),
    }),
    inputRequired: true,
    inputDescription: 'The refund to void.',
    run: (scope, id, input) => voidCreditRefund(scope, type, id, input),
  });
}

/** The words a credit document's apply input differs in; its fields and order are the kernel's. */
export interface CreditApplyWords {
  /** The allocation input's name (`CreditAllocationInput`) and description. */
  allocation: { name: string; description: string };
  /** What the applied document's id names (`An open invoice of the credit note's customer (\`inv_…\`).`). */
  appliedId: string;
  /** `Apply<Type>Input`'s description. */
  apply: string;
  /** What an application's date may not precede: either `document`'s or either `record`'s date. */
  dates: 'document' | 'record';
}

/** `Apply<Type>Input` of a credit document: allocations to open documents of its party, and a date. */
export function creditApplyInput(type: Pick<CreditDocumentType, 'typename' | 'appliesTo' | 'appliedKey'>, words: CreditApplyWords) {
  const applied = type.appliesTo.replaceAll('_', ' ');
  const allocation = builder.inputType(words.allocation.name, {
    description: words.allocation.description,
    fields: (t) => ({
      [type.appliedKey]: t.id({ required: true, description: words.appliedId }),
      amount: t.field({ type: 'Money', required: true, description: 'At most its amount due.' }),
    }),
  });
  const input = builder.inputType(`Apply${type.typename}Input`, {
    description: words.apply,
    fields: (t) => ({
      allocations: t.field({
        type: [allocation],
        required: true,
        description: `At least one ${applied} and amount; each ${applied} once.`,
      }),
      date: t.field({
        type: 'Date',
        description: `When it is applied; today when omitted. Not before either ${words.dates}'s date, not in a locked period.`,
      }),
    }),
  });
  // Keyed by the applied document's column, which a computed key cannot type.
  return input as unknown as InputObjectRef<BuilderTypes, ApplyCreditInput>;
}

/** A payment input's choice to keep what it pays beyond the amount due as the party's credit. */
export const keepExcessField = (t: InputFieldBuilder<BuilderTypes, 'InputObject'>, party: string) => ({
  keepExcessAsCredit: t.boolean({
    description:
      `Pay more than the amount due and keep the excess as the ${party}'s credit (a prepayment of kind OVERPAYMENT, ` +
      'applied to other documents or refunded later). Without it, an amount above the amount due is refused.',
  }),
});

/** A document input's currency (its party's) and its own exchange rate. */
export const currencyInputFields = (t: InputFieldBuilder<BuilderTypes, 'InputObject'>, party: string) => ({
  currency: t.string({
    description: `ISO 4217 currency; it is the ${party}'s currency (its own, else the home currency), so it may be left out.`,
  }),
  exchangeRate: t.string({
    description:
      'A foreign-currency document: home-currency units per one unit of its currency, exact decimal text (e.g. "1.1034"), used ' +
      "instead of the exchange-rate table's rate on its date.",
  }),
});

/** A payment input's own exchange rate. */
export const paymentRateInputField = (t: InputFieldBuilder<BuilderTypes, 'InputObject'>) => ({
  exchangeRate: t.string({
    description:
      "A payment of a foreign-currency document: the rate it was paid at (home units per unit); default the table's rate on its date.",
  }),
});
