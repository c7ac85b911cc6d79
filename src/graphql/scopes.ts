// Which scope each part of the schema needs, and the check that enforces it for every surface (REST
// runs the same operations, graphql-ws the same envelop plugins).
//
// Two declarations: each object type that holds a resource's data reads with that resource's read scope
// (TYPE_RESOURCES), and each root field says what it needs in `extensions.requiredScope` (the list and
// mutation factories derive it from their model; a null says "any key": the caller's own organization,
// the event catalogue). A root field without the declaration stops the server at start.
//
// Written here rather than with @pothos/plugin-scope-auth, which checks field by field as results
// resolve: scopes here depend only on the fields a document selects, so the whole operation is judged
// before anything runs. A refused mutation writes nothing (scope-auth would let it commit, then refuse
// the record it answers with), the verdict is cached per document, and no resolver is wrapped.
import {
  type DocumentNode,
  type ExecutionArgs,
  type FragmentDefinitionNode,
  getNamedType,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { allows, insufficientScope, type Resource, type Scope } from '../core/scopes.ts';
import type { RequestContext } from '../core/request-context.ts';
import { errorHeaders } from '../lib/errors.ts';
import { declared } from '../declarations.ts';

/** The resource whose read scope guards each object type (its fields are that resource's data), as each module declares. */
export const TYPE_RESOURCES: Record<string, Resource> = declared('types');

/** The read scope of a type (by GraphQL or Prisma name), when it holds a resource's data. */
export const readScopeOf = (typename: string): Scope | undefined =>
  TYPE_RESOURCES[typename] ? `${TYPE_RESOURCES[typename]}:read` : undefined;

/** The write scope of the resource a model belongs to. */
export function writeScopeOf(model: string): Scope {
  const resource = TYPE_RESOURCES[model];
  if (!resource) throw new Error(`no resource is declared for ${model} (graphql/scopes.ts TYPE_RESOURCES)`);
  return `${resource}:write`;
}

/**
 * Field extensions that declare a root field's scope, and any further scopes it always needs (converting
 * an estimate writes an invoice and changes the estimate: invoices:write and estimates:write).
 */
export const requires = (requiredScope: Scope | null, ...alsoRequires: Scope[]) =>
  alsoRequires.length ? { requiredScope, alsoRequires } : { requiredScope };

const extraScopesBySchema = new WeakMap<GraphQLSchema, Map<string, Scope[]>>();

/** The further scopes root fields declare beside their own (`requires(scope, ...also)`). */
function rootFieldExtraScopes(schema: GraphQLSchema): Map<string, Scope[]> {
  const known = extraScopesBySchema.get(schema);
  if (known) return known;
  const extras = new Map<string, Scope[]>();
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const also = field.extensions?.alsoRequires as Scope[] | undefined;
      if (also?.length) extras.set(`${root!.name}.${field.name}`, also);
    }
  }
  extraScopesBySchema.set(schema, extras);
  return extras;
}

const typeScopesBySchema = new WeakMap<GraphQLSchema, Map<string, Scope>>();

/**
 * The read scope of every object type that holds a resource's data: the declared types, and the lists
 * of them (a connection, its edges and a page need the scope of their items: a count is data too).
 */
function typeScopes(schema: GraphQLSchema): Map<string, Scope> {
  const known = typeScopesBySchema.get(schema);
  if (known) return known;
  const scopes = new Map<string, Scope>();
  for (const [name, resource] of Object.entries(TYPE_RESOURCES)) scopes.set(name, `${resource}:read`);
  const itemOf = (type: GraphQLObjectType, field: string) => {
    const item = type.getFields()[field];
    return item ? getNamedType(item.type) : undefined;
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || scopes.has(type.name)) continue;
    const edge = itemOf(type, 'edges');
    const item = edge && isObjectType(edge) ? itemOf(edge, 'node') : (itemOf(type, 'node') ?? itemOf(type, 'data'));
    const scope = item && readScopeOf(item.name);
    if (scope) scopes.set(type.name, scope);
  }
  typeScopesBySchema.set(schema, scopes);
  return scopes;
}

const rootScopesBySchema = new WeakMap<GraphQLSchema, Map<string, Scope | null>>();

/** Every root field's declared scope; throws naming the fields that declare none. */
export function rootFieldScopes(schema: GraphQLSchema): Map<string, Scope | null> {
  const known = rootScopesBySchema.get(schema);
  if (known) return known;
  const scopes = new Map<string, Scope | null>();
  const undeclared: string[] = [];
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const declared = field.extensions?.requiredScope as Scope | null | undefined;
      if (declared === undefined) undeclared.push(`${root!.name}.${field.name}`);
      else scopes.set(`${root!.name}.${field.name}`, declared);
    }
  }
  if (undeclared.length) throw new Error(`root fields without a declared scope (extensions.requiredScope): ${undeclared.join(', ')}`);
  rootScopesBySchema.set(schema, scopes);
  return scopes;
}

/** The scopes an operation needs, in the order its selections name them. */
export function requiredScopes(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): Scope[] {
  const rootScopes = rootFieldScopes(schema);
  const rootExtras = rootFieldExtraScopes(schema);
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    else if (definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName))
      operation ??= definition;
  }
  const needed = new Set<Scope>();
  if (!operation) return [];
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  const scopesOfTypes = typeScopes(schema);
  const typeScope = (type: GraphQLNamedType) => {
    const scope = scopesOfTypes.get(type.name);
    if (scope) needed.add(scope);
  };
  const seenFragments = new Set<string>();
  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name.startsWith('__') || !('getFields' in parent)) continue;
        const field = (parent as GraphQLObjectType).getFields()[name];
        if (!field) continue;
        if (parent === root) {
          const scope = rootScopes.get(`${root.name}.${name}`);
          if (scope) needed.add(scope);
          for (const extra of rootExtras.get(`${root.name}.${name}`) ?? []) needed.add(extra);
        }
        const type = getNamedType(field.type);
        if (isObjectType(type)) typeScope(type);
        if (selection.selectionSet) walk(selection.selectionSet, type);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (!type) continue;
        typeScope(type);
        walk(selection.selectionSet, type);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seenFragments.has(fragment.name.value)) continue;
        seenFragments.add(fragment.name.value);
        const type = schema.getType(fragment.typeCondition.name.value);
        if (!type) continue;
        typeScope(type);
        walk(fragment.selectionSet, type);
        seenFragments.delete(fragment.name.value);
      }
    }
  };
  if (root) walk(operation.selectionSet, root);
  return [...needed];
}

/** The refusal as GraphQL reports it: 403 with the scope named (REST turns it into its problem body and header). */
export function scopeRefusal(requiredScope: Scope, message?: string): GraphQLError {
  const error = insufficientScope(requiredScope, message);
  return new GraphQLError(error.message, {
    extensions: {
      code: error.code,
      status: error.status,
      requiredScope,
      http: { status: error.status, headers: errorHeaders(error.code, error.details) },
    },
  });
}

/** The envelop plugin: an operation runs only when the key holds every scope it needs. */
export function useScopes(schema: GraphQLSchema): Plugin {
  rootFieldScopes(schema); // a root field without a declared scope stops the server here
  const cache = new WeakMap<DocumentNode, Map<string, Scope[]>>();
  const scopesOf = (args: ExecutionArgs) => {
    let byOperation = cache.get(args.document);
    if (!byOperation) cache.set(args.document, (byOperation = new Map()));
    const key = args.operationName ?? '';
    let scopes = byOperation.get(key);
    if (!scopes) byOperation.set(key, (scopes = requiredScopes(args.schema, args.document, args.operationName)));
    return scopes;
  };
  const admit = (args: ExecutionArgs, stop: (result: { errors: GraphQLError[] }) => void) => {
    const granted = (args.contextValue as Partial<RequestContext>).apiKey?.scopes ?? new Set<Scope>();
    const missing = scopesOf(args).find((scope) => !allows(granted, scope));
    if (missing) stop({ errors: [scopeRefusal(missing)] });
  };
  return {
    onExecute: ({ args, setResultAndStopExecution }) => admit(args, setResultAndStopExecution),
    onSubscribe: ({ args, setResultAndStopExecution }) => admit(args, setResultAndStopExecution),
  };
}
