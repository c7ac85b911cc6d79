// Queries over the lists and the reports, executed from a plan made once per document.
//
// A page of 25 invoices with their customers, lines and products is about a thousand fields. graphql-js
// (and graphql-tools' executor, which Yoga runs) resolves each one through the same general machinery:
// argument coercion, a resolve-info object and a response path, the plugins' wrappers (plugin-prisma
// asks, for every relation of every row, whether the row was loaded with that relation's selection),
// completion by type, promise checks. That was half of the page's CPU, several times what its four SQL
// statements cost. What those fields do is known before anything runs: read a column of the row (a
// column field, fast-paths/column-fields.ts), take a relation the list's query already loaded into the row
// (plugin-prisma plans it from the same selection), or read a property of a connection or page. So a
// query whose every field is of those kinds is planned once per document: the list field's own resolver
// runs as always (with a real resolve info, so plugin-prisma plans the nested selection and the
// compiled reader reads it), then the plan builds the answer from the rows it returned, calling each
// field's own resolver (money, quantities, enums' serialization) with no wrapper around it.
//
// A report is planned the same way: its resolver computes its rows, and the plan completes them (a trial
// balance's rows and accounts). Its records' relations were not loaded with it, so a relation below a
// report is the executor's.
//
// Everything else is left to the executor: another root field, a field with arguments below the root,
// an interface or union, a directive, an introspection field. And at run time, anything the plan cannot
// answer exactly as the executor would (a row without a column the field reads, a relation not loaded,
// a null where the schema says non-null, a resolver that throws, a value a scalar refuses) abandons the
// plan and the executor runs the operation from the start: it answers with the errors, paths and nulls
// of the GraphQL specification, which the plan never has to produce. A query only reads, so running it
// again changes nothing. test/fast-paths/planned-queries.test.ts compares both executions' answers for
// generated selections over every list.
//
// No library plans Pothos and plugin-prisma fields this way: graphql-jit compiles the same per-field
// resolution (and breaks plugin-prisma's preloading, BENCHMARKS.md), and grafast needs its own schema.
import {
  defaultFieldResolver,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  getArgumentValues,
  getNullableType,
  getOperationAST,
  getVariableValues,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLLeafType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  GraphQLString,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { isThenable } from '@pothos/core';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { ownColumns } from './column-fields.ts';

/**
 * Field extensions that mark a root field as planned. Its resolver runs as always, with a real resolve info, and the
 * plan completes what it returns: a list loads its selection with plugin-prisma, so the relations below are in its
 * rows; a report computes its rows, and a relation below it is the executor's (plugin-prisma loads it row by row).
 */
export const PLANNED_LIST = { plannedRoot: 'list' } as const;
export const PLANNED_REPORT = { plannedRoot: 'report' } as const;

/** Thrown to abandon a plan at run time: the executor answers instead. */
const ABANDON = Symbol('abandon the plan');
const abandon = (): never => {
  throw ABANDON;
};

/** What a field is once its resolver has answered: a leaf, an object (its fields planned), or a list of either. */
type Completion =
  | { kind: 'leaf'; nonNull: boolean; type: GraphQLLeafType }
  | { kind: 'object'; nonNull: boolean; fields: FieldPlan[] }
  | { kind: 'list'; nonNull: boolean; item: Completion };

/** How a field's value is had from its parent (a row, a connection, an edge); the value may be a promise. */
type Resolution =
  | { kind: 'typename'; name: string }
  /** A relation the list's query loaded into the row, under this property. */
  | { kind: 'loaded'; property: string }
  /** The field's own resolver, called when the parent holds every one of `columns` (none: always). */
  | { kind: 'resolver'; resolve: GraphQLFieldResolver<unknown, unknown>; info: GraphQLResolveInfo; columns: readonly string[] };

interface FieldPlan {
  key: string;
  resolution: Resolution;
  completion: Completion;
}

interface RootPlan {
  key: string;
  field: GraphQLField<unknown, unknown>;
  nodes: FieldNode[];
  complete: Completer;
}

interface Plan {
  operation: OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
  roots: RootPlan[];
}

/** Pothos' record of a field: its kind, its own (unwrapped) resolver, the selection plugin-prisma reads for it. */
interface PothosExtensions {
  pothosConfig?: { kind?: string };
  pothosOriginalResolve?: GraphQLFieldResolver<unknown, unknown>;
  pothosPrismaSelect?: unknown;
  pothosPrismaRelationField?: { name: string };
  pothosPrismaFallback?: unknown;
  pothosOptions?: { onNull?: unknown };
  plannedRoot?: 'list' | 'report';
}

/** Extensions a field may carry and still be resolved by calling its resolver with a resolve info of the plan's. */
const PLAIN_EXTENSIONS = new Set([
  'pothosOriginalResolve',
  'pothosOriginalSubscribe',
  'pothosResolveWrapped',
  'pothosSubscribeWrapped',
  'pothosOptions',
  'pothosConfig',
  'pothosArgMappers',
  'pothosExposedField',
  'pothosPrismaTotalCount',
  'pothosPrismaVariant',
  'pothosPrismaSelect', // only when it selects nothing (checked before)
  'requiredScope',
]);

const NO_ARGUMENTS = Object.freeze({});

/**
 * The fields a selection set names for `type`, by response key, with every node of each (fragments flattened); undefined if any needs
 * the executor.
 */
export function collectFields(
  type: GraphQLObjectType,
  selectionSets: readonly SelectionSetNode[],
  fragments: Record<string, FragmentDefinitionNode>,
): Map<string, FieldNode[]> | undefined {
  const fields = new Map<string, FieldNode[]>();
  const visit = (selectionSet: SelectionSetNode): boolean => {
    for (const selection of selectionSet.selections) {
      if (selection.directives?.length) return false;
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const nodes = fields.get(key);
        if (nodes) nodes.push(selection);
        else fields.set(key, [selection]);
        continue;
      }
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      if (!fragment) return false;
      if (fragment.typeCondition && fragment.typeCondition.name.value !== type.name) return false;
      if (!visit(fragment.selectionSet)) return false;
    }
    return true;
  };
  for (const selectionSet of selectionSets) if (!visit(selectionSet)) return undefined;
  return fields;
}

/** A resolve info for a field below the root: the same for every row (resolvers planned here read none of it per row). */
function staticInfo(
  schema: GraphQLSchema,
  plan: Pick<Plan, 'operation' | 'fragments'>,
  parentType: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  nodes: FieldNode[],
  key: string,
): GraphQLResolveInfo {
  return Object.freeze({
    fieldName: field.name,
    fieldNodes: nodes,
    returnType: field.type,
    parentType,
    path: { prev: undefined, key, typename: parentType.name },
    schema,
    fragments: plan.fragments,
    rootValue: undefined,
    operation: plan.operation,
    variableValues: NO_ARGUMENTS,
  });
}

class Planner {
  /** Whether the root being planned loaded the relations of its selection into its rows. */
  relationsLoaded = false;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly plan: Pick<Plan, 'operation' | 'fragments'>,
  ) {}

  /** How a field's value completes, given its type and sub-selections; undefined if the executor must. */
  completion(type: GraphQLOutputType, nodes: FieldNode[]): Completion | undefined {
    const nonNull = isNonNullType(type);
    const nullable = getNullableType(type);
    if (isListType(nullable)) {
      const item = this.completion(nullable.ofType, nodes);
      return item && { kind: 'list', nonNull, item };
    }
    if (isLeafType(nullable)) return { kind: 'leaf', nonNull, type: nullable };
    // Interfaces and unions (the executor resolves the type), and types that check their values.
    if (!isObjectType(nullable) || nullable.isTypeOf) return undefined;
    const selectionSets = nodes.map((node) => node.selectionSet).filter((set) => set !== undefined);
    const fields = this.fields(nullable, selectionSets);
    return fields && { kind: 'object', nonNull, fields };
  }

  fields(type: GraphQLObjectType, selectionSets: SelectionSetNode[]): FieldPlan[] | undefined {
    const collected = collectFields(type, selectionSets, this.plan.fragments);
    if (!collected) return undefined;
    const plans: FieldPlan[] = [];
    const relationsSeen = new Set<string>();
    for (const [key, nodes] of collected) {
      if (!plainKey(key)) return undefined;
      const name = nodes[0].name.value;
      if (name === '__typename') {
        const completion = { kind: 'leaf', nonNull: true, type: GraphQLString } as const;
        plans.push({ key, resolution: { kind: 'typename', name: type.name }, completion });
        continue;
      }
      const field = type.getFields()[name];
      if (!field || field.args.length > 0) return undefined;
      const resolution = this.resolution(type, field, nodes, key, relationsSeen);
      const completion = resolution && this.completion(field.type, nodes);
      if (!resolution || !completion) return undefined;
      plans.push({ key, resolution, completion });
    }
    return plans;
  }

  /** How a field below the root is resolved from its parent, if it is a column, a loaded relation or a plain property. */
  resolution(
    type: GraphQLObjectType,
    field: GraphQLField<unknown, unknown>,
    nodes: FieldNode[],
    key: string,
    relationsSeen: Set<string>,
  ): Resolution | undefined {
    const extensions = field.extensions as PothosExtensions;
    const relation = extensions.pothosPrismaRelationField;
    if (relation) {
      // The relation as the list's query loaded it into the row; a relation with its own resolver or
      // null handler, or asked twice (two aliases: two selections, one property), is the executor's.
      if (!this.relationsLoaded) return undefined;
      if (extensions.pothosPrismaFallback || extensions.pothosOptions?.onNull || relationsSeen.has(relation.name)) return undefined;
      relationsSeen.add(relation.name);
      return { kind: 'loaded', property: relation.name };
    }
    const info = staticInfo(this.schema, this.plan, type, field, nodes, key);
    if (extensions.pothosPrismaSelect) {
      // A field plugin-prisma checks row by row: planned when it reads columns of its own row only, and
      // answered, as fast-paths/column-fields.ts answers it, by its own resolver from a row that holds them.
      const columns = ownColumns(extensions.pothosPrismaSelect);
      if (!columns) return undefined;
      return { kind: 'resolver', resolve: extensions.pothosOriginalResolve ?? defaultFieldResolver, info, columns };
    }
    // Any other field: its resolver as built, when nothing but Pothos' own bookkeeping is recorded on it
    // (no plugin that keys its work on the response path wraps it; plugin-prisma leaves a field that
    // selects nothing, such as an exposed column of a type that loads every column, unwrapped).
    if (!Object.keys(extensions).every((name) => PLAIN_EXTENSIONS.has(name))) return undefined;
    return { kind: 'resolver', resolve: field.resolve ?? defaultFieldResolver, info, columns: [] };
  }
}

/**
 * False for a response key an answer's plain object cannot hold as its own property: assigning `__proto__`
 * sets the object's prototype instead (the executor builds its answers without one).
 */
const plainKey = (key: string) => key !== '__proto__';

/** The plan for an operation, or undefined when any of it is the executor's. */
function makePlan(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): Plan | undefined {
  const operation = getOperationAST(document, operationName);
  const queryType = schema.getQueryType();
  if (operation?.operation !== 'query' || !queryType) return undefined;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  const planner = new Planner(schema, { operation, fragments });
  const collected = collectFields(queryType, [operation.selectionSet], fragments);
  if (!collected) return undefined;
  const roots: RootPlan[] = [];
  for (const [key, nodes] of collected) {
    if (!plainKey(key)) return undefined;
    const field = queryType.getFields()[nodes[0].name.value];
    const kind = field && (field.extensions as PothosExtensions).plannedRoot;
    if (!kind) return undefined;
    planner.relationsLoaded = kind === 'list';
    const completion = planner.completion(field.type, nodes);
    if (!completion) return undefined;
    roots.push({ key, field, nodes, complete: compileCompletion(completion) });
  }
  return { operation, fragments, roots };
}

/** Completes a value as its plan says, pushing each promise met onto `pending` (settled later, in place). */
type Completer = (value: unknown, context: unknown, pending: Promise<void>[]) => unknown;

/**
 * `completion` as code generated once per plan: a function for each object and list and for each field's
 * value, so that every call in it (a field's resolver, a scalar's `serialize`, the next level's function)
 * always meets the same function and V8 can inline it, where one closure shared by every field met all of
 * them. Each object of the answer is one literal of fixed shape, which V8 builds (and serializes) faster
 * than an object grown key by key; a page builds a few hundred. The code holds no value of the request:
 * response keys and property names (checked by the GraphQL parser and the schema; never `__proto__`, see
 * `plainKey`) are written as JSON string literals, and the resolvers, resolve infos and types are passed in.
 */
function compileCompletion(completion: Completion): Completer {
  const constants: unknown[] = [];
  const declarations: string[] = [];
  const constant = (value: unknown) => `k${constants.push(value) - 1}`;
  const declare = (params: string, body: string[]) => {
    const name = `f${declarations.length}`;
    declarations.push(`function ${name}(${params}) {\n${body.join('\n')}\n}`);
    return name;
  };
  /** The function that completes a value of `completion`: `(v, c, p)`. */
  const valueFunction = (completion: Completion): string => {
    const ifNull = completion.nonNull ? 'return abandon();' : 'return null;';
    const body = [`if (v === null || v === undefined) ${ifNull}`];
    switch (completion.kind) {
      case 'leaf':
        body.push(`const x = ${constant(completion.type)}.serialize(v);`, 'return x === null || x === undefined ? abandon() : x;');
        break;
      case 'list': {
        const item = valueFunction(completion.item);
        body.push(
          'if (!Array.isArray(v)) return abandon();',
          'const n = v.length;',
          'const items = new Array(n);',
          `for (let i = 0; i < n; i++) items[i] = ${item}(v[i], c, p);`,
          'return items;',
        );
        break;
      }
      case 'object':
        body.push(`return ${objectFunction(completion.fields)}(v, c, p);`);
    }
    return declare('v, c, p', body);
  };
  /** The function that builds an object's answer from its parent `s`. */
  const objectFunction = (fields: FieldPlan[]): string => {
    const complete = fields.map((field) => valueFunction(field.completion));
    const body = ["if (typeof s !== 'object' || isThenable(s)) return abandon();"];
    fields.forEach(({ resolution }, i) => {
      if (resolution.kind === 'typename') body.push(`const v${i} = ${JSON.stringify(resolution.name)};`);
      else if (resolution.kind === 'loaded')
        body.push(`const v${i} = s[${JSON.stringify(resolution.property)}];`, `if (v${i} === undefined) return abandon();`);
      else {
        if (resolution.columns.length)
          body.push(
            `if (${resolution.columns.map((column) => `s[${JSON.stringify(column)}] === undefined`).join(' || ')}) return abandon();`,
          );
        body.push(`const v${i} = ${constant(resolution.resolve)}(s, NO_ARGUMENTS, c, ${constant(resolution.info)});`);
      }
    });
    const entries = fields.map(({ key }, i) => `${JSON.stringify(key)}: isThenable(v${i}) ? null : ${complete[i]}(v${i}, c, p)`);
    body.push(`const o = { ${entries.join(', ')} };`);
    // A promise's place in the answer's order is kept (null above), filled when it settles.
    fields.forEach(({ key }, i) => body.push(`if (isThenable(v${i})) later(o, ${JSON.stringify(key)}, ${complete[i]}, v${i}, c, p);`));
    body.push('return o;');
    return declare('s, c, p', body);
  };
  const root = valueFunction(completion);
  const names = constants.map((_, i) => `k${i}`);
  return new Function('isThenable', 'abandon', 'later', 'NO_ARGUMENTS', ...names, `${declarations.join('\n')}\nreturn ${root};`)(
    isThenable,
    abandon,
    later,
    NO_ARGUMENTS,
    ...constants,
  ) as Completer;
}

function later(
  into: Record<string, unknown>,
  key: string,
  complete: Completer,
  value: unknown,
  context: unknown,
  pending: Promise<void>[],
) {
  pending.push(Promise.resolve(value).then((settled) => void (into[key] = complete(settled, context, pending))));
}

async function runPlan(plan: Plan, args: ExecutionArgs): Promise<ExecutionResult | undefined> {
  const variables = getVariableValues(args.schema, plan.operation.variableDefinitions ?? [], args.variableValues ?? {});
  if (variables.errors) return undefined;
  const queryType = args.schema.getQueryType()!;
  const data: Record<string, unknown> = {};
  const pending: Promise<void>[] = [];
  for (const root of plan.roots) {
    const info: GraphQLResolveInfo = {
      fieldName: root.field.name,
      fieldNodes: root.nodes,
      returnType: root.field.type,
      parentType: queryType,
      path: { prev: undefined, key: root.key, typename: queryType.name },
      schema: args.schema,
      fragments: plan.fragments,
      rootValue: args.rootValue,
      operation: plan.operation,
      variableValues: variables.coerced,
    };
    const value = await root.field.resolve!(
      args.rootValue,
      getArgumentValues(root.field, root.nodes[0], variables.coerced),
      args.contextValue,
      info,
    );
    data[root.key] = root.complete(value, args.contextValue, pending);
  }
  while (pending.length) await Promise.all(pending.splice(0));
  return { data };
}

/**
 * The envelop plugin: an operation with a plan runs from it, and from the executor when the plan is
 * abandoned. Listed before any plugin that wraps the execute function (telemetry's span), so those
 * wrap this one.
 */
export function usePlannedQueries(metrics: Pick<Metrics, 'plannedQuery' | 'fastPathFallback'>, logger?: Logger): Plugin {
  const plans = new WeakMap<DocumentNode, Map<string, Plan | undefined>>();
  const planFor = (schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined) => {
    let byName = plans.get(document);
    if (!byName) plans.set(document, (byName = new Map()));
    const name = operationName ?? '';
    if (!byName.has(name)) byName.set(name, makePlan(schema, document, operationName));
    return byName.get(name);
  };
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const plan = planFor(args.schema, args.document, args.operationName);
      if (!plan) return;
      setExecuteFn(async (executionArgs) => {
        let reason = 'data the plan cannot answer exactly';
        try {
          const result = await runPlan(plan, executionArgs);
          if (result) {
            metrics.plannedQuery('planned');
            return result;
          }
        } catch (error) {
          // A resolver threw: the executor answers (with the error, as it reports one).
          reason = 'a resolver threw';
          logger?.debug('planned query left to the executor', { reason, error });
        }
        metrics.plannedQuery('abandoned');
        metrics.fastPathFallback('planned_query', reason);
        return executeFn(executionArgs);
      });
    },
  };
}
