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
  visit,
  type GraphQLCompositeType,
} from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { DEFAULT_PAGE_LIMIT } from '../lib/pagination.ts';
import { setBounded } from '../lib/bounded-map.ts';

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

/** The arguments whose values make a cost (pageSize reads them); any other argument changes nothing of it. */
const SIZE_ARGUMENTS = new Set(['first', 'last', 'limit', 'ids']);
/** How many costs of one document are kept (one per operation and page sizes asked). */
const COSTS_KEPT_PER_DOCUMENT = 64;

/** The variables a document's page sizes read: its cost changes with these only. */
function sizeVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Argument(node) {
      if (!SIZE_ARGUMENTS.has(node.name.value)) return false;
      visit(node.value, { Variable: (variable) => void names.add(variable.name.value) });
      return false;
    },
  });
  return [...names];
}

/**
 * estimateCost, kept per parsed document (Yoga hands back the same one for the same text) and the values of the
 * variables its page sizes read: a client sends the same operation over and over.
 */
function costMemo(schema: GraphQLSchema) {
  const known = new WeakMap<DocumentNode, { variables: string[]; costs: Map<string, number> }>();
  return (document: DocumentNode, variables: Record<string, unknown>, operationName?: string | null): number => {
    let entry = known.get(document);
    if (!entry) known.set(document, (entry = { variables: sizeVariables(document), costs: new Map() }));
    const key = entry.variables.length
      ? `${operationName ?? ''}\u0000${JSON.stringify(entry.variables.map((name) => variables[name] ?? null))}`
      : (operationName ?? '');
    const kept = entry.costs.get(key);
    if (kept !== undefined) return kept;
    const cost = estimateCost(schema, document, variables, operationName);
    setBounded(entry.costs, key, cost, COSTS_KEPT_PER_DOCUMENT);
    return cost;
  };
}

/** The envelop plugin: refuses an operation over the maximum, and reports the cost on every result. */
export function useQueryCost(maximum = MAX_QUERY_COST) {
  const costs = new WeakMap<GraphQLSchema, ReturnType<typeof costMemo>>();
  const measure = (args: {
    schema: GraphQLSchema;
    document: DocumentNode;
    variableValues?: Record<string, unknown> | null;
    operationName?: string | null;
  }): QueryCost => {
    let cost = costs.get(args.schema);
    if (!cost) costs.set(args.schema, (cost = costMemo(args.schema)));
    return { requestedQueryCost: cost(args.document, args.variableValues ?? {}, args.operationName), maximumAvailable: maximum };
  };
  // Assigned, not spread (`{ ...result, … }`): every query's answer passes here (docs/architecture.md).
  const withCost = (result: ExecutionResult, cost: QueryCost): ExecutionResult =>
    Object.assign({}, result, { extensions: Object.assign({}, result.extensions, { cost }) });
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
