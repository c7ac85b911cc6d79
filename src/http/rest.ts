// The REST v1 compatibility layer: a table of routes, each running a stored GraphQL document through
// the same enveloped Yoga schema as /graphql, so validation, error mapping and N+1 protection are the
// ones GraphQL has. Routes only translate between HTTP and GraphQL.
import type { Yoga } from '../graphql/context.ts';
import {
  type ExecutionResult,
  getOperationAST,
  type GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputType,
  parse,
  validate,
} from 'graphql';
import { resultShape } from './graphql-result.ts';
import { AppError, type FieldError, validationError } from '../lib/errors.ts';
import { summarizeGraphQLErrors } from '../graphql/errors.ts';
import type { RequestContext } from '../core/request-context.ts';
import { writeReceipts } from '../graphql/mutations.ts';
import { requiredScopes } from '../graphql/scopes.ts';
import type { Metrics } from '../ops/metrics.ts';
import { directWriteOf, shortcut } from '../fast-paths/rest-shortcuts.ts';
import { allows, insufficientScope } from '../core/scopes.ts';
import { bodyProblems, withoutProblems } from './rest-bodies.ts';
import { documentVariables, filterParsersOf, listVariables, variableParsersOf } from './rest-parameters.ts';
import type { CompiledRoute, GraphQLData, RestRequest, RestRoute, RestRouter } from './rest-types.ts';

export class RestGraphQLError extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super(errors[0]?.message ?? 'GraphQL error');
  }
}

export interface RestRouterOptions {
  /**
   * Routes with a `read` answer through it, and routes whose document is a mutation selecting only the id
   * call its write (FAST_PATHS), each counted in `metrics` as GraphQL's operations are; absent, every route
   * runs its document.
   */
  fastPaths?: { metrics: Metrics };
}

const API_V1 = '/api/v1/';

/** The segment of a path after `/api/v1/` (`invoices` of `/api/v1/invoices/inv_1`), if it has one there. */
function firstSegment(path: string): string | undefined {
  if (!path.startsWith(API_V1)) return undefined;
  const end = path.indexOf('/', API_V1.length);
  return path.slice(API_V1.length, end === -1 ? undefined : end);
}

// Long on purpose: compiles every route once at start-up (documents validated, patterns, parsers, scopes) and answers
// with the router over them.
export function createRestRouter(
  routes: RestRoute[],
  schema: GraphQLSchema,
  yoga: Yoga,
  { fastPaths }: RestRouterOptions = {},
): RestRouter {
  const compiled: CompiledRoute[] = routes.map((route) => {
    const parsed = parse(route.document);
    // Stored documents are checked once at start-up: a broken route fails the boot, not a request.
    const errors = validate(schema, parsed);
    if (errors.length) throw new Error(`REST route ${route.method} ${route.path}: ${errors.map((e) => e.message).join('; ')}`);
    const paramNames: string[] = [];
    const pattern = new RegExp(
      `^${route.path.replace(/:([a-zA-Z]+)/g, (_m, name) => {
        paramNames.push(name);
        return '([^/]+)';
      })}/?$`,
    );
    const bodyInputType = route.bodyType ? schema.getType(route.bodyType) : undefined;
    if (route.bodyType && !isInputType(bodyInputType))
      throw new Error(`REST route ${route.method} ${route.path}: no input type ${route.bodyType}`);
    const where = `REST route ${route.method} ${route.path}`;
    const filterParsers = route.filter && filterParsersOf(schema, route.filter.type, route.filter.names, where);
    const variableParsers = route.variables && variableParsersOf(schema, parsed, route.variables, where);
    const shape = route.result === undefined ? undefined : resultShape(schema, parsed, route.result);
    const responses = route.responses ?? (shape && { 200: shape.schema });
    const toVariables =
      route.toVariables ?? (variableParsers && ((req: RestRequest) => documentVariables(req, variableParsers, paramNames)));
    const toResult = route.toResult ?? (shape && ((data: GraphQLData) => ({ status: 200, body: shape.toRest(data[route.result!]) })));
    if (!responses || !toVariables || !toResult)
      throw new Error(`${where}: give responses, toVariables and toResult, or variables and result`);
    return Object.assign({}, route, {
      responses,
      toVariables,
      toResult,
      variableParsers,
      pattern,
      paramNames,
      parsed,
      bodyInputType: bodyInputType as GraphQLInputType | undefined,
      filterParsers,
      scopes: requiredScopes(schema, parsed),
      directWrite: directWriteOf(schema, parsed),
      operation: getOperationAST(parsed) ?? undefined,
    });
  });

  // Routes by the first segment of their path under /api/v1/ (every one is a word, the resource's name): a
  // request's path is tried against the few routes of its resource, not all of them, so a route's place in
  // the registry does not make it slower to reach.
  const bySegment = new Map<string, CompiledRoute[]>();
  for (const route of compiled) {
    const segment = firstSegment(route.path);
    if (!segment || segment.startsWith(':'))
      throw new Error(`REST route ${route.method} ${route.path}: its path must begin /api/v1/<name>`);
    const routes = bySegment.get(segment);
    if (routes) routes.push(route);
    else bySegment.set(segment, [route]);
  }

  return {
    routes: compiled,
    match(method, path) {
      const allowed: string[] = [];
      for (const route of bySegment.get(firstSegment(path) ?? '') ?? []) {
        const m = route.pattern.exec(path);
        if (!m) continue;
        if (route.method !== method) {
          allowed.push(route.method);
          continue;
        }
        const params: Record<string, string> = {};
        try {
          route.paramNames.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
        } catch {
          return undefined; // not a valid percent-encoding: no record can have that id
        }
        return { route, params };
      }
      return allowed.length ? { methodMismatch: allowed } : undefined;
    },

    admit(route, context) {
      const missing = route.scopes.find((scope) => !allows(context.apiKey.scopes, scope));
      if (missing) throw insufficientScope(missing);
    },

    async execute(route, req, context) {
      route.admit?.(context);
      if (route.method !== 'GET') {
        if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))
          throw new AppError('VALIDATION_FAILED', 'The body must be a JSON object');
        if (route.bodyInputType) {
          req = Object.assign({}, req, {
            body: route.bodyToInput ? route.bodyToInput(req.body as Record<string, unknown>, req) : req.body,
          });
          const problems = bodyProblems(req.body, route.bodyInputType, schema);
          if (problems.length) throw validationError([...problems, ...(await ruleProblems(schema, yoga, route, req, problems, context))]);
        } else {
          // An action without input takes an empty body or `{}`: a field sent to it is a mistake to report, not ignore.
          const fields = Object.keys(req.body);
          if (fields.length)
            throw validationError(fields.map((path) => ({ path, message: 'is not a known field (this action takes no body)' })));
        }
      }
      if (route.filterParsers) req = Object.assign({}, req, { list: listVariables(req.query, route.filterParsers) });
      const answered = fastPaths && shortcut(schema, route, req, context, fastPaths.metrics);
      if (answered) return answered;
      const receipts = writeReceipts();
      const { result, contextValue } = await run(schema, yoga, route, req, context, receipts);
      if ('errors' in result && result.errors?.length) throw new RestGraphQLError(result.errors);
      return route.toResult(result.data ?? {}, req, contextValue as RequestContext, receipts.writes[0]);
    },
  };
}

/** The route's stored document run through Yoga's envelop (scopes, validation, cost), as /graphql runs one. */
async function run(
  schema: GraphQLSchema,
  yoga: Yoga,
  route: CompiledRoute,
  req: RestRequest,
  context: RequestContext,
  rootValue?: unknown,
) {
  const variableValues = route.toVariables(req);
  const { contextFactory, execute } = yoga.getEnveloped(context);
  const contextValue = await contextFactory();
  const result = (await execute({ schema, document: route.parsed, variableValues, contextValue, rootValue })) as ExecutionResult;
  return { result, contextValue };
}

/**
 * What the service's own rules say of a body that also has fields of the wrong shape, so one answer
 * names every field at fault (Stripe and QuickBooks name them all at once): the write runs on the body
 * with each bad field replaced by a harmless value of its type (or left out), and its transaction is
 * always rolled back. Only the rules' field errors elsewhere than the fields already named are kept;
 * anything else (a body still unusable, a refusal that is not about fields) adds nothing.
 */
async function ruleProblems(
  schema: GraphQLSchema,
  yoga: Yoga,
  route: CompiledRoute,
  req: RestRequest,
  problems: FieldError[],
  context: RequestContext,
): Promise<FieldError[]> {
  const body = withoutProblems(req.body, route.bodyInputType!, problems);
  if (!body || bodyProblems(body, route.bodyInputType!, schema).length) return [];
  const tried: RequestContext = Object.assign({}, context, {
    // Never replayed (nothing is answered from it) and never committed: the work runs, then rolls back.
    write: ((request, work) =>
      context.write(Object.assign({}, request, { idempotencyKey: undefined }), async (scope) => {
        await work(scope);
        throw new AppError('VALIDATION_FAILED', 'nothing more is wrong');
      })) satisfies RequestContext['write'],
  });
  let found: FieldError[];
  try {
    const { result } = await run(schema, yoga, route, Object.assign({}, req, { body }), tried);
    found = (result.errors ?? [])
      .filter((error) => error.extensions?.code === 'VALIDATION_FAILED')
      .flatMap((error) => (error.extensions?.errors as FieldError[] | undefined) ?? []);
  } catch (error) {
    // A route's own check of its variables (an id in the body against the one in the path).
    found = error instanceof AppError && error.code === 'VALIDATION_FAILED' ? error.fieldErrors : [];
  }
  // A rule about a field already named, or about what holds it (a line whose amount was set aside), is
  // about the placeholder, not the client's value.
  const named = problems.map((p) => p.path);
  const related = (path: string) => named.some((p) => path === p || path.startsWith(`${p}.`) || p.startsWith(`${path}.`));
  return found.filter((problem) => !related(problem.path));
}

export { summarizeGraphQLErrors };
// What routes and their callers use besides the router: its types and its parameter parsers.
export * from './rest-types.ts';
export * from './rest-parameters.ts';
