// The shape every create mutation shares: an `input`, an optional `idempotencyKey`, and the created
// record returned with whatever the client selected (preloaded in one query).
import { idempotent } from '../modules/idempotency/idempotency.service.ts';
import { builder } from './builder.ts';
import { delegateOf } from './lists.ts';
import type { GraphQLContext } from './context.ts';

export interface CreateMutationOptions<Input> {
  /** Mutation name, also the idempotency operation name. */
  name: string;
  /** Prisma model returned, e.g. `Invoice`. */
  model: string;
  input: any;
  description: string;
  run: (ctx: GraphQLContext, input: Input) => Promise<{ id: string }>;
}

export const IDEMPOTENCY_KEY_DESCRIPTION =
  'Makes retries safe: repeating the mutation with the same key (within 24 hours) returns the first result without writing again; the same key with a different input is refused with IDEMPOTENCY_KEY_REUSED.';

export function createMutation<Input>(options: CreateMutationOptions<Input>) {
  builder.mutationField(options.name, (t: any) =>
    t.prismaField({
      type: options.model,
      description: options.description,
      args: {
        input: t.arg({ type: options.input, required: true }),
        idempotencyKey: t.arg.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
      },
      resolve: async (query: object, _parent: unknown, args: { input: Input; idempotencyKey?: string | null }, ctx: GraphQLContext) => {
        const { id } = await idempotent(ctx, args.idempotencyKey, options.name, args.input, () => options.run(ctx, args.input));
        return (ctx.prisma as any)[delegateOf(options.model)].findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  );
}

export interface RecordMutationOptions<Input> {
  name: string;
  model: string;
  /** How people call the record, for the id argument's description. */
  label: string;
  /** The input object type, if the mutation takes one. */
  input?: any;
  /** Updates require their input; actions (when and why) take it optionally. */
  inputRequired?: boolean;
  description: string;
  /** Returns the record to answer with (the updated record, the reversal entry, the voided invoice…). */
  run: (ctx: GraphQLContext, id: string, input: Input) => Promise<{ id: string }>;
}

/**
 * A mutation on one record: `name(id, input, idempotencyKey?)`. Used for master-data updates and for
 * actions (reverse, finalize, void); the record comes back with the client's selection.
 */
export function recordMutation<Input>(options: RecordMutationOptions<Input>) {
  builder.mutationField(options.name, (t: any) =>
    t.prismaField({
      type: options.model,
      description: options.description,
      args: {
        id: t.arg.id({ required: true, description: `The ${options.label} id.` }),
        ...(options.input
          ? { input: t.arg({ type: options.input, required: options.inputRequired ?? false, description: options.inputRequired ? 'The changes.' : 'When and why; all optional.' }) }
          : {}),
        idempotencyKey: t.arg.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
      },
      resolve: async (query: object, _parent: unknown, args: { id: string; input?: Input; idempotencyKey?: string | null }, ctx: GraphQLContext) => {
        const input = (args.input ?? {}) as Input;
        const { id } = await idempotent(ctx, args.idempotencyKey, options.name, { id: args.id, input }, () => options.run(ctx, args.id, input));
        return (ctx.prisma as any)[delegateOf(options.model)].findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  );
}

/** `update<Model>(id, input)`: a master-data change. */
export const updateMutation = <Input>(options: Omit<RecordMutationOptions<Input>, 'inputRequired'>) => recordMutation({ ...options, inputRequired: true });

/** An action on one record (reverse, finalize, void). */
export const actionMutation = <Input>(options: Omit<RecordMutationOptions<Input>, 'inputRequired'>) => recordMutation({ ...options, inputRequired: false });
