// The shapes every mutation shares: an `input` (and an `id` for a record), an optional `idempotencyKey`,
// the write run through the request's unit of work, and the record returned with whatever the client
// selected, loaded once after commit (not at all when the selection needs nothing beyond the row written).
import { type GraphQLResolveInfo, type GraphQLSchema, Kind } from 'graphql';
import type { Change } from '../core/representations.ts';
import type { Scope } from '../core/scopes.ts';
import type { WriteScope } from '../core/tenant.ts';
import type { WriteOutcome } from '../core/unit-of-work.ts';
import type { InputObjectRef } from '@pothos/core';
import { builder, type BuilderTypes } from './builder.ts';
import type { GraphQLContext } from './context.ts';
import { modelDelegate } from '../db/database.ts';
import { requires, writeScopeOf } from './scopes.ts';
import { AppError } from '../lib/errors.ts';
import { toAppError } from './errors.ts';

/**
 * Every mutation field can be null. Mutations in one document run one after another, each its own
 * commit: if one fails, its field is null with its error beside it, and the fields of the mutations that
 * committed still carry what they wrote (a non-null field's error would null the whole `data` and hide
 * writes that happened). GitHub's and Shopify's mutation fields are nullable for the same reason.
 */
export const MUTATION_FIELD_NULLABLE = true;

export const IDEMPOTENCY_KEY_DESCRIPTION =
  'Makes retries safe: repeating the mutation with the same key (within 24 hours) returns the first result without writing again; ' +
  'the same key with a different input is refused with IDEMPOTENCY_KEY_REUSED.';

/** True when the client selected nothing but the id (as the REST routes do): no row is needed to answer. */
function selectsOnlyId(info: GraphQLResolveInfo) {
  return info.fieldNodes.every((node) =>
    node.selectionSet?.selections.every((s) => s.kind === Kind.FIELD && (s.name.value === 'id' || s.name.value === '__typename')),
  );
}

/**
 * The mutation's result for the client's selection: the written row itself when the selection needs no
 * relation, else one load of the selection after commit (a replay has no row at hand, so it loads too).
 */
async function resultFor(ctx: GraphQLContext, model: string, query: object, outcome: WriteOutcome, info: GraphQLResolveInfo) {
  if (selectsOnlyId(info)) return outcome.row ?? { id: outcome.id };
  if (!outcome.replayed && outcome.row && Object.keys(query).length === 0) return outcome.row;
  try {
    return await modelDelegate(ctx.prisma, model).findUniqueOrThrow(Object.assign({}, query, { where: { id: outcome.id } }));
  } catch (error) {
    // The write committed but its answer could not be read (the database went away in between): the
    // error still says what was written, so the client does not write it again.
    const cause = toAppError(error) ?? new AppError('SERVICE_UNAVAILABLE', 'The record was written but could not be read back');
    throw new AppError(cause.code, `${cause.message} (the write itself was committed: ${outcome.id})`, cause.fieldErrors, {
      ...cause.details,
      writtenId: outcome.id,
    });
  }
}

export interface CreateMutationOptions<Input, Prepared = undefined> {
  /** Mutation name, also the idempotency operation name. */
  name: string;
  /** Prisma model returned, e.g. `Invoice`. */
  model: string;
  /** The input type; its shape must be what `run` takes (checked by the compiler). */
  input: InputObjectRef<BuilderTypes, Input>;
  description: string;
  /**
   * Work that must not hold the write's transaction open (a network lookup), run before it opens; its
   * result goes to `run`, which decides inside the transaction what it means.
   */
  prepare?: (input: Input, ctx: GraphQLContext, schema: GraphQLSchema) => Promise<Prepared>;
  /** The write, on the unit of work's scope; the request context for the settings a rule may depend on. */
  run: (scope: WriteScope, input: Input, ctx: GraphQLContext, prepared: Prepared) => Promise<Change<unknown>>;
  /** Scopes it needs beside its model's write scope (what else it writes or reads). */
  alsoRequires?: Scope[];
}

/**
 * What the writes of one operation committed, in order: handed to the execution as its root value by a
 * caller that needs more than the GraphQL answer (REST answers with each write's public object and says
 * whether it was an idempotent replay). GraphQL over HTTP passes no root value, and nothing is kept.
 */
export interface WriteReceipts {
  writes: WriteOutcome[];
}

export const writeReceipts = (): WriteReceipts => ({ writes: [] });

const isReceipts = (root: unknown): root is WriteReceipts =>
  typeof root === 'object' && root !== null && Array.isArray((root as WriteReceipts).writes);

/** Keeps a write's outcome in the root value's receipts, when the caller handed some (REST does). */
export function keepReceipt(root: unknown, outcome: WriteOutcome) {
  if (isReceipts(root)) root.writes.push(outcome);
}

/**
 * A mutation's write without GraphQL around it: its arguments as GraphQL coerces them, the request's
 * context, and the schema (a write that checks a query of its input against it).
 */
export type DirectWrite = (args: Record<string, unknown>, ctx: GraphQLContext, schema: GraphQLSchema) => Promise<WriteOutcome>;

/**
 * Each writing mutation's write, by its name. A REST route whose document is that mutation selecting
 * only the id calls it straight (http/rest.ts): the answer is the representation, not GraphQL's data.
 */
export const directWrites = new Map<string, DirectWrite>();

/**
 * A mutation field that writes through the request's unit of work and answers with the written record
 * in the client's selection (its outcome also goes to the root value's receipts, when there are any);
 * every mutation takes an optional `idempotencyKey`.
 */
function writingMutationField<Args extends { idempotencyKey?: string | null }>(
  name: string,
  model: string,
  description: string,
  // biome-ignore lint/suspicious/noExplicitAny: the model is a run-time name, so Pothos cannot type its field builder
  args: (t: any) => Record<string, unknown>,
  write: (args: Args, ctx: GraphQLContext, schema: GraphQLSchema) => Promise<WriteOutcome>,
  alsoRequires: Scope[] = [],
) {
  directWrites.set(name, write as DirectWrite);
  // As in lists.ts: the model is a run-time name, so Pothos' field builder is untyped here; the
  // arguments and the write are typed by the callers.
  // biome-ignore lint/suspicious/noExplicitAny: the model is a run-time name (see above)
  builder.mutationField(name, (t: any) =>
    t.prismaField({
      type: model,
      nullable: MUTATION_FIELD_NULLABLE,
      extensions: requires(writeScopeOf(model), ...alsoRequires),
      description,
      args: { ...args(t), idempotencyKey: t.arg.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }) },
      resolve: async (query: object, root: unknown, given: Args, ctx: GraphQLContext, info: GraphQLResolveInfo) => {
        const outcome = await write(given, ctx, info.schema);
        keepReceipt(root, outcome);
        return resultFor(ctx, model, query, outcome, info);
      },
    }),
  );
}

export function createMutation<Input, Prepared = undefined>(options: CreateMutationOptions<Input, Prepared>) {
  writingMutationField<{ input: Input; idempotencyKey?: string | null }>(
    options.name,
    options.model,
    options.description,
    (t) => ({ input: t.arg({ type: options.input, required: true }) }),
    async ({ input, idempotencyKey }, ctx, schema) => {
      const prepared = (await options.prepare?.(input, ctx, schema)) as Prepared;
      return ctx.write({ operation: options.name, idempotencyKey, input }, (scope) => options.run(scope, input, ctx, prepared));
    },
    options.alsoRequires,
  );
}

export interface RecordMutationOptions<Input, Prepared = undefined> {
  name: string;
  model: string;
  /** How people call the record, for the id argument's description. */
  label: string;
  /** The input object type, if the mutation takes one; its shape must be what `run` takes. */
  input?: InputObjectRef<BuilderTypes, Input>;
  /** Updates require their input; actions (when and why) take it optionally, unless it says what to do. */
  inputRequired?: boolean;
  /** The input argument's description, when neither "the changes" nor "when and why" says it. */
  inputDescription?: string;
  description: string;
  /** As `CreateMutationOptions.prepare`: run before the write's transaction opens (with the record's id). */
  prepare?: (input: Input, ctx: GraphQLContext, id: string) => Promise<Prepared>;
  /** Returns the record to answer with (the updated record, the reversal entry, the voided invoice…). */
  run: (scope: WriteScope, id: string, input: Input, ctx: GraphQLContext, prepared: Prepared) => Promise<Change<unknown>>;
  /**
   * After the write, whether it committed, failed or was answered from an earlier request with the same
   * idempotency key: lets go of what `prepare` set aside and the write did not take (staged rows).
   */
  release?: (ctx: GraphQLContext, prepared: Prepared) => Promise<void>;
  /** Scopes it needs beside its model's write scope (what else it writes or reads). */
  alsoRequires?: Scope[];
}

/**
 * A mutation on one record: `name(id, input, idempotencyKey?)`. Used for master-data updates and for
 * actions (reverse, finalize, void); the record comes back with the client's selection.
 */
export function recordMutation<Input, Prepared = undefined>(options: RecordMutationOptions<Input, Prepared>) {
  writingMutationField<{ id: string; input?: Input; idempotencyKey?: string | null }>(
    options.name,
    options.model,
    options.description,
    (t) => ({
      id: t.arg.id({ required: true, description: `The ${options.label} id.` }),
      ...(options.input
        ? {
            input: t.arg({
              type: options.input,
              required: options.inputRequired ?? false,
              description: options.inputDescription ?? (options.inputRequired ? 'The changes.' : 'When and why; all optional.'),
            }),
          }
        : {}),
    }),
    async ({ id, input: given, idempotencyKey }, ctx) => {
      const input = (given ?? {}) as Input;
      const prepared = (await options.prepare?.(input, ctx, id)) as Prepared;
      try {
        return await ctx.write({ operation: options.name, idempotencyKey, input: { id, input } }, (scope) =>
          options.run(scope, id, input, ctx, prepared),
        );
      } finally {
        // A release that fails (the database gone) must not hide the write's own answer; what it leaves is
        // for its owner to clear later (staged statement lines: the account's next import, once abandoned).
        await options.release?.(ctx, prepared).catch(() => undefined);
      }
    },
    options.alsoRequires,
  );
}

/** `update<Model>(id, input)`: a master-data change. */
export const updateMutation = <Input, Prepared = undefined>(options: Omit<RecordMutationOptions<Input, Prepared>, 'inputRequired'>) =>
  recordMutation({ ...options, inputRequired: true });

/** An action on one record (reverse, finalize, void). */
export const actionMutation = <Input, Prepared = undefined>(options: Omit<RecordMutationOptions<Input, Prepared>, 'inputRequired'>) =>
  recordMutation({ ...options, inputRequired: false });

/** The input of a void action (`Void<Document>Input`): when the reversal is dated, and why. Each document names its own type. */
export function voidInputType(name: string, document: string) {
  return builder.inputType(name, {
    description: `When and why ${/^[aeiou]/.test(document) ? 'an' : 'a'} ${document} is voided.`,
    fields: (t) => ({
      date: t.field({ type: 'Date', description: `Date of the reversal; today (or the ${document} date if later) when omitted.` }),
      reason: t.string({ description: "Why; added to the reversal's description." }),
    }),
  });
}

/** What a delete answers: the id of the record that no longer exists. */
const DeletedRef = builder.objectRef<{ id: string }>('Deleted').implement({
  description: 'A record that was deleted; reading it by id now finds nothing.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The id the record had.' }),
    deleted: t.boolean({ description: 'Always true.', resolve: () => true }),
  }),
});

export interface DeleteMutationOptions {
  name: string;
  /** The Prisma model deleted (its write scope is required). */
  model: string;
  label: string;
  description: string;
  /** The delete, on the unit of work's scope; its change's row is the record as it was (its event's object). */
  run: (scope: WriteScope, id: string, ctx: GraphQLContext) => Promise<Change<unknown>>;
}

/** `delete<Model>(id, idempotencyKey?)`: answers `Deleted` (the record is gone, so nothing else can be selected of it). */
export function deleteMutation(options: DeleteMutationOptions) {
  builder.mutationField(options.name, (t) =>
    t.field({
      type: DeletedRef,
      nullable: MUTATION_FIELD_NULLABLE,
      extensions: requires(writeScopeOf(options.model)),
      description: options.description,
      args: {
        id: t.arg.id({ required: true, description: `The ${options.label} id.` }),
        idempotencyKey: t.arg.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
      },
      resolve: async (root, args, ctx, info) => {
        const outcome = await write(args, ctx, info.schema);
        keepReceipt(root, outcome);
        return { id: outcome.id };
      },
    }),
  );
  const write: DirectWrite = (args, ctx) => {
    const id = String(args.id);
    const idempotencyKey = args.idempotencyKey as string | null | undefined;
    return ctx.write({ operation: options.name, idempotencyKey, input: { id } }, (scope) => options.run(scope, id, ctx));
  };
  directWrites.set(options.name, write);
}
