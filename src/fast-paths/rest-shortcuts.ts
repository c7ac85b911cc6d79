// REST's shortcuts past GraphQL (FAST_PATHS): a route with its own `read` answers through it; one whose
// document is a single mutation selecting only the id calls the write straight, with its variables
// coerced as GraphQL would. Each is observed as the GraphQL operation it stands for, and falls back to
// the document wherever GraphQL would refuse the variables, so the answers are the document's own
// (tests hold both paths to the same bytes).
import { type DocumentNode, getNullableType, getOperationAST, getVariableValues, isListType, Kind, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '../core/request-context.ts';
import { directWrites } from '../graphql/mutations.ts';
import { observeOperation } from '../graphql/telemetry.ts';
import type { CompiledRoute, DirectWriteRoute, RestRequest, RestResult } from '../http/rest-types.ts';
import { badTextIn } from '../lib/text.ts';
import type { Metrics } from '../ops/metrics.ts';

/**
 * The document as a direct write, when it is one mutation field of a known write, selecting only `id`,
 * whose every argument is a variable: REST then has nothing to read from GraphQL's answer (the body is the
 * written record's representation), and runs the write with the variables coerced as GraphQL would.
 */
export function directWriteOf(schema: GraphQLSchema, document: DocumentNode): DirectWriteRoute | undefined {
  const operation = getOperationAST(document);
  const [field, ...others] = operation?.operation === 'mutation' ? operation.selectionSet.selections : [];
  if (!operation || !field || others.length || field.kind !== Kind.FIELD || field.alias || field.directives?.length) return undefined;
  const type = schema.getMutationType()?.getFields()[field.name.value]?.type;
  const write = type && !isListType(getNullableType(type)) ? directWrites.get(field.name.value) : undefined;
  const [selected, ...more] = field.selectionSet?.selections ?? [];
  const selectsId = selected?.kind === Kind.FIELD && selected.name.value === 'id' && !selected.alias && !more.length;
  const args = (field.arguments ?? []).map((a) =>
    a.value.kind === Kind.VARIABLE ? ([a.name.value, a.value.name.value] as [string, string]) : undefined,
  );
  if (!write || !selectsId || args.some((a) => a === undefined)) return undefined;
  return { write, operation, field: field.name.value, args: args as [string, string][] };
}

/**
 * The route answered by a shortcut, or undefined (at once, when the route has none or GraphQL would refuse
 * its variables): the document then runs.
 */
export function shortcut(
  schema: GraphQLSchema,
  route: CompiledRoute,
  req: RestRequest,
  context: RequestContext,
  metrics: Metrics,
): Promise<RestResult> | undefined {
  if (route.read) {
    const read = route.read;
    return asOperation(metrics, route.operationId, 'query', context, () => read(req, context));
  }
  if (route.readCoerced) {
    const readCoerced = route.readCoerced;
    const variables = coercedVariables(schema, route, req);
    if (variables) return asOperation(metrics, route.operationId, 'query', context, () => readCoerced(variables, context));
  }
  if (route.directWrite) return writeDirectly(schema, route, route.directWrite, req, context, metrics);
  return undefined;
}

/** `work`, observed (metrics, a span) as the GraphQL operation it stands for. */
async function asOperation<T>(metrics: Metrics, name: string, type: string, context: RequestContext, work: () => Promise<T>) {
  const observed = observeOperation(metrics, name, type, context);
  let ok = false;
  try {
    const result = await observed.run(work);
    ok = true;
    return result;
  } finally {
    observed.done(ok);
  }
}

/** The route's variables as GraphQL coerces them for its document; undefined when it would refuse them. */
function coercedVariables(schema: GraphQLSchema, route: CompiledRoute, req: RestRequest): Record<string, unknown> | undefined {
  const variables = route.toVariables(req);
  const { coerced, errors } = getVariableValues(schema, route.operation?.variableDefinitions ?? [], variables);
  return errors?.length || !coerced || badTextIn(variables).length ? undefined : coerced;
}

/**
 * The route's write called straight, observed as its operation; undefined when GraphQL would refuse the
 * variables before running anything (a wrong type, text it refuses), so that the document answers that
 * as it always does. Errors of the write itself are the service's own (AppError), answered as GraphQL's
 * would be.
 */
function writeDirectly(
  schema: GraphQLSchema,
  route: CompiledRoute,
  direct: DirectWriteRoute,
  req: RestRequest,
  context: RequestContext,
  metrics: Metrics,
): Promise<RestResult> | undefined {
  const coerced = coercedVariables(schema, route, req);
  if (!coerced) return undefined;
  const args: Record<string, unknown> = {};
  for (const [argument, variable] of direct.args) if (variable in coerced) args[argument] = coerced[variable];
  return asOperation(metrics, direct.operation.name?.value ?? direct.field, 'mutation', context, async () => {
    const outcome = await direct.write(args, context, schema);
    return route.toResult({ [direct.field]: { id: outcome.id } }, req, context, outcome);
  });
}
