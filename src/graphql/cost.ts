// Query cost a client can see and plan with (Shopify's model): before an operation runs, its cost is
// estimated from what it asks for, refused above the maximum, and reported on every response as
// `extensions.cost { requestedQueryCost, maximumAvailable }`. One estimate serves both, so a client can
// tune a query until it fits before it is ever refused.
//   - a scalar or enum field costs 0, an object field 1 plus its selection;
//   - a paginated field (first/last on connections, limit on pages) costs 2 plus its page size times
//     its selection; `nodes(ids:)` costs the number of ids times its selection, whether the ids are
//     literals or a variable;
//   - a plain list of objects (an invoice's lines) counts as LIST_ESTIMATE items.
// Written here rather than taken from graphql-armor's cost limit, which counts fields by depth and
// cannot see page sizes or list variables.
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  GraphQLError,
  type GraphQLField,
  type GraphQLSchema,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromAST,
  type GraphQLCompositeType,
} from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { DEFAULT_PAGE_LIMIT } from '../lib/pagination.ts';

export const MAX_QUERY_COST = 5000;
/** How many items a list without a page size is assumed to hold. */
export const LIST_ESTIMATE = 10;

export interface QueryCost {
  requestedQueryCost: number;
  maximumAvailable: number;
}

export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string | null,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
  }
  const operation = operations.find((o) => !operationName || o.name?.value === operationName);
  if (!operation) return 0;
  const root = schema.getRootType(operation.operation);
  return root ? selectionCost(operation.selectionSet, root) : 0;

  /** `inPage`: this is the selection of a paginated field, whose lists (edges, data) are the page itself. */
  function selectionCost(selectionSet: SelectionSetNode, parent: GraphQLCompositeType, inPage = false, seen = new Set<string>()): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[selection.name.value] : undefined;
        if (field) total += fieldCost(field, selection.arguments ?? [], selection.selectionSet, inPage);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (type && isCompositeType(type)) total += selectionCost(selection.selectionSet, type, inPage, seen);
      } else {
        const fragment = fragments.get(selection.name.value);
        const type = fragment && schema.getType(fragment.typeCondition.name.value);
        // A fragment spread twice in one selection costs once; a cycle is refused by validation anyway.
        if (fragment && type && isCompositeType(type) && !seen.has(fragment.name.value))
          total += selectionCost(fragment.selectionSet, type, inPage, new Set([...seen, fragment.name.value]));
      }
    }
    return total;
  }

  function fieldCost(
    field: GraphQLField<unknown, unknown>,
    argumentNodes: readonly import('graphql').ArgumentNode[],
    selectionSet: SelectionSetNode | undefined,
    inPage: boolean,
  ): number {
    const type = getNamedType(field.type);
    if (!selectionSet || !isCompositeType(type)) return 0;
    const args: Record<string, unknown> = {};
    for (const node of argumentNodes) {
      const definition = field.args.find((a) => a.name === node.name.value);
      if (definition) args[definition.name] = valueFromAST(node.value, definition.type, variables);
    }
    const size = pageSize(field, args);
    if (size !== undefined) return 2 + size * selectionCost(selectionSet, type, true);
    const children = selectionCost(selectionSet, type);
    if (isListType(getNullableType(field.type)) && !inPage) return LIST_ESTIMATE * (1 + children);
    return 1 + children;
  }
}

/** How many items a paginated field returns at most, or undefined when it is not paginated. */
function pageSize(field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): number | undefined {
  const names = new Set(field.args.map((a) => a.name));
  if (Array.isArray(args.ids)) return args.ids.length;
  if (names.has('first') || names.has('last')) {
    const asked = [args.first, args.last].filter((n): n is number => typeof n === 'number');
    return asked.length ? Math.max(...asked) : DEFAULT_PAGE_LIMIT;
  }
  if (names.has('limit')) return typeof args.limit === 'number' ? args.limit : DEFAULT_PAGE_LIMIT;
  return undefined;
}

/** The envelop plugin: refuses an operation over the maximum, and reports the cost on every result. */
export function useQueryCost(maximum = MAX_QUERY_COST) {
  const measure = (args: {
    schema: GraphQLSchema;
    document: DocumentNode;
    variableValues?: Record<string, unknown> | null;
    operationName?: string | null;
  }): QueryCost => ({
    requestedQueryCost: estimateCost(args.schema, args.document, args.variableValues ?? {}, args.operationName),
    maximumAvailable: maximum,
  });
  const withCost = (result: ExecutionResult, cost: QueryCost): ExecutionResult => ({
    ...result,
    extensions: { ...result.extensions, cost },
  });
  /** Refuses an operation over the maximum; returns its cost otherwise. */
  const admit = (args: ExecutionArgs, setResultAndStopExecution: (result: ExecutionResult) => void): QueryCost | undefined => {
    const cost = measure(args);
    if (cost.requestedQueryCost > maximum) {
      setResultAndStopExecution({
        errors: [
          new GraphQLError(
            `This query would cost ${cost.requestedQueryCost}, more than the maximum of ${maximum}; ask for smaller pages ` +
              `(first/last/limit) or fewer nested lists`,
            {
              extensions: { code: 'VALIDATION_FAILED', status: 400, cost },
            },
          ),
        ],
        extensions: { cost },
      });
      return undefined;
    }
    return cost;
  };
  const plugin: Plugin = {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const cost = admit(args, setResultAndStopExecution);
      if (!cost) return undefined;
      return {
        onExecuteDone: ({ result, setResult }) => {
          if (!isAsyncIterable(result)) setResult(withCost(result, cost));
        },
      };
    },
    // A subscription is admitted or refused once, when it starts.
    onSubscribe: ({ args, setResultAndStopExecution }) => void admit(args, setResultAndStopExecution),
  };
  return plugin;
}
