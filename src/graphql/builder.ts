// The one Pothos builder. Domain modules add their types to it; src/registry.ts imports them all and builds the schema.
import SchemaBuilder, { type EnumRef, isThenable, RootFieldBuilder } from '@pothos/core';

export type BuilderTypes = PothosSchemaTypes.ExtendDefaultTypes<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: false;
  Scalars: ScalarTypes;
}>;

type ScalarTypes = {
  Money: { Input: string; Output: string };
  Percent: { Input: string; Output: string };
  JSON: { Input: unknown; Output: unknown };
  Date: { Input: string; Output: string };
  DateTime: { Input: Date; Output: Date | string };
  ID: { Input: string; Output: string };
};
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ColumnFieldsPlugin from '../fast-paths/column-fields.ts';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import type PrismaTypes from '../db/generated/pothos-types.ts';
import { getDatamodel } from '../db/generated/pothos-types.ts';
import { idType } from '../lib/ids.ts';
import { declaredList } from '../declarations.ts';
import { AppError } from '../lib/errors.ts';
import { allows, insufficientScope } from '../core/scopes.ts';
import { readScopeOf, requires } from './scopes.ts';
import type { GraphQLContext } from './context.ts';

/** The most ids one `nodes(ids:)` call resolves (GitHub's limit for the same field). */
export const MAX_NODE_IDS = 100;

const UNKNOWN_TYPE = '__UnknownType';

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: false;
  Scalars: ScalarTypes;
}>({
  // Column fields first: its wrapper is the outermost (see graphql/column-fields.ts).
  plugins: [ColumnFieldsPlugin, PrismaPlugin, RelayPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Our ids are already globally unique (the prefix names the type), so the global id is the id
    // itself: one string for REST and GraphQL, no base64 wrapping.
    encodeGlobalID: (_typename, id) => String(id),
    decodeGlobalID: (globalID) => ({ typename: idTypeName(globalID), id: globalID }),
    // An id that names no type of ours resolves to null, exactly like one that does not exist.
    // Any key may ask; an id of a type the key may not read is refused with that type's scope (the
    // selection may name no type-specific field for graphql/scopes.ts to see).
    nodeQueryOptions: {
      description: 'Fetches any object of your organization by its id; null when it does not exist or belongs to another organization.',
      extensions: requires(null),
      resolve: (_root, { id }, ctx, _info, resolveNode) => {
        if (id.typename === UNKNOWN_TYPE) return null;
        assertMayRead(ctx, id.typename);
        return resolveNode(id);
      },
    },
    nodesQueryOptions: {
      description:
        `Fetches objects of your organization by id (at most ${MAX_NODE_IDS}), in the order given; null for each id ` +
        `that does not resolve.`,
      extensions: requires(null),
      resolve: async (_root, args, ctx, _info, resolveNodes) => {
        const ids = args.ids;
        if (ids.length > MAX_NODE_IDS) {
          throw new AppError('VALIDATION_FAILED', `nodes() takes at most ${MAX_NODE_IDS} ids; ${ids.length} were given`, [
            { path: 'ids', message: `must hold at most ${MAX_NODE_IDS} ids` },
          ]);
        }
        const known = ids.filter((id) => id.typename !== UNKNOWN_TYPE);
        for (const id of known) assertMayRead(ctx, id.typename);
        // plugin-relay 4.8's resolveNodes reads args.ids rather than the list it is given.
        args.ids = known;
        const resolved = await resolveNodes(known);
        args.ids = ids;
        return ids.map((id) => (id.typename === UNKNOWN_TYPE ? null : resolved[known.indexOf(id)]));
      },
    },
    nodeTypeOptions: { description: 'An object with a globally unique, prefixed id such as `cus_…` or `inv_…`.' },
    pageInfoTypeOptions: { description: 'Where a page of a cursor connection sits in the whole list.' },
    idFieldOptions: { description: "The object's id: its type prefix and 26 characters, e.g. `inv_01m80…`." },
    defaultConnectionTypeOptions: { description: 'A page of a cursor connection: its edges, where it sits (pageInfo) and the total.' },
    defaultEdgeTypeOptions: { description: 'One result of a connection and the cursor to continue after it.' },
  },
});

/*
 * SYNCHRONOUS IDS. plugin-relay 4.8's `t.globalID`, behind the `id` of every Node type, is an `async`
 * resolver: each invoice, customer and product in a list answered its id with a promise, which turned
 * graphql-js's completion of every such object (and of every list holding one) into promise handling
 * (promiseForObject, microtasks, garbage): a large share of a nested invoice page's execution. This is the same
 * field, encoding the same way, but it returns a promise only when the id itself is one. It replaces the
 * plugin's method on the field builders' prototype here, before any domain module defines a type. The
 * plugin is pinned; test/graphql/graphql.test.ts checks every Node's id comes back at once, so an upgrade
 * that stops using this method fails there rather than silently.
 */
(RootFieldBuilder.prototype as unknown as { globalID: unknown }).globalID = function globalID(
  this: { field: (options: object) => unknown; builder: { configStore: { getTypeConfig: (ref: unknown) => { name: string } } } },
  { resolve, ...options }: { resolve: (...args: unknown[]) => unknown },
) {
  // A field answers ids of one type (or of the few a Node interface's field meets): each type's name is looked up once.
  const typeNames = new Map<unknown, string>();
  const typeName = (type: unknown) => {
    let name = typeNames.get(type);
    if (name === undefined) typeNames.set(type, (name = this.builder.configStore.getTypeConfig(type).name));
    return name;
  };
  const encode = (result: unknown, context: GraphQLContext) => {
    if (!result || typeof result !== 'object') return result;
    const item = result as { type: unknown; id: unknown };
    return builder.options.relay!.encodeGlobalID!(typeName(item.type), String(item.id), context);
  };
  return this.field({
    ...options,
    type: 'ID',
    resolve: (parent: unknown, args: unknown, context: GraphQLContext, info: unknown) => {
      const result = resolve(parent, args, context, info);
      return isThenable(result) ? result.then((settled) => encode(settled, context)) : encode(result, context);
    },
  });
};

function assertMayRead(ctx: GraphQLContext, typename: string) {
  const scope = readScopeOf(typename);
  if (scope && !allows(ctx.apiKey.scopes, scope))
    throw insufficientScope(scope, `This API key lacks ${scope}, which reading a ${typename} by id needs`);
}

/** The GraphQL type an id names, or a name no type has (so node() resolves it to null). */
function idTypeName(globalID: string): string {
  const type = idType(globalID);
  return type && NODE_TYPES.has(type) ? type : UNKNOWN_TYPE;
}

/** The types `node(id:)` can return; other ids (lines, keys) are not addressable on their own. */
const NODE_TYPES = new Set<string>(declaredList('nodes'));

builder.queryType({ description: 'Everything your API key can read. Every list and lookup is limited to your organization.' });
builder.mutationType({ description: 'Everything your API key can write, in your organization.' });
builder.subscriptionType({
  description: 'Live updates over graphql-ws on /graphql (authenticate in connectionParams: { authorization: "Bearer <key>" }).',
});

/**
 * The node options every resource type shares: its id, and `node(id:)` finding it only within the
 * caller's organization (the tenant wall, declared once). Null when it is not there.
 */
export const tenantNode = (idDescription: string) => ({
  id: { field: 'id' as const, description: idDescription },
  findUnique: (id: string, ctx: GraphQLContext) => ({ id, organizationId: ctx.organizationId }),
  nullable: true as const,
});

/** A GraphQL enum over a Prisma enum, with a description for every value. */
export function describedEnum<T extends Record<string, string>>(
  name: string,
  values: T,
  description: string,
  valueDescriptions: Record<keyof T, string>,
) {
  const described = Object.fromEntries(
    Object.keys(values).map((key) => [key, { value: values[key], description: valueDescriptions[key as keyof T] }]),
  );
  return builder.enumType(
    name as never,
    { description, values: described as Record<keyof T & string, { value: T[keyof T]; description: string }> } as never,
  ) as EnumRef<BuilderTypes, T[keyof T], T[keyof T]>;
}

/*
 * SELECT MODE. The list types (documents and their lines, contacts, products, tax rates) are Prisma
 * objects in select mode: a type's own `select` is its id, and every field names the columns it reads
 * (`t.exposeString('name')`, or `select: { total: true }` beside its resolver), so a query reads those
 * columns and no others (a page of invoices with their customers' names reads no addresses, notes or
 * tax numbers). A field over its own row's columns answers straight from a row that holds them
 * (graphql/column-fields.ts); only a row that lacks one goes through plugin-prisma's per-row check and
 * loads it.
 */
