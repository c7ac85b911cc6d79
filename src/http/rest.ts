// The REST v1 compatibility layer: a table of routes, each running a stored GraphQL document through
// the same enveloped Yoga schema as /graphql, so validation, error mapping and N+1 protection are the
// ones GraphQL has. Routes only translate between HTTP and GraphQL.
import type { Yoga } from '../graphql/context.ts';
import {
  coerceInputValue,
  type DocumentNode,
  type ExecutionResult,
  getNullableType,
  getOperationAST,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputType,
  type NamedTypeNode,
  parse,
  typeFromAST,
  validate,
} from 'graphql';
import { resultShape } from './graphql-result.ts';
import { DATE_RANGE, isAcceptedDate, isAcceptedMoment } from '../lib/dates.ts';
import { type IdKind, idKindNamedBy, notAnIdOf } from '../lib/ids.ts';
import { DEFAULT_PAGE_LIMIT, pageErrors } from '../lib/pagination.ts';
import type { Schema } from '../lib/json-schema.ts';
import { AppError, type FieldError, validationError } from '../lib/errors.ts';
import { badTextIn, textProblem } from '../lib/text.ts';
import { enumValuesNamedIn, summarizeGraphQLErrors } from '../graphql/errors.ts';
import type { RequestContext } from '../core/request-context.ts';
import type { WriteOutcome } from '../core/unit-of-work.ts';
import { type DirectWrite, directWrites, writeReceipts } from '../graphql/mutations.ts';
import { requiredScopes } from '../graphql/scopes.ts';
import { observeOperation } from '../graphql/telemetry.ts';
import type { Metrics } from '../ops/metrics.ts';
import { allows, insufficientScope, type Scope } from '../core/scopes.ts';

export interface RestRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** A list route's page, limit and filter, parsed from the query (routes with `filter`). */
  list?: ListVariables;
}

export interface ListVariables {
  page?: number;
  limit?: number;
  filter: Record<string, unknown>;
}

/** Parses one query parameter's text into the value GraphQL takes, or throws with what is wrong. */
export type ParameterParser = (value: string) => unknown;

export interface RestResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Express-style path, `:name` for a parameter. */
  path: string;
  operationId: string;
  summary: string;
  /**
   * A list route's filters: fields of the GraphQL filter input `type` that REST takes as query parameters,
   * named in REST's order. Each is parsed by its GraphQL type (enums in lower case, dates, booleans,
   * text), so a filter is declared once, in the schema; the parsed list reaches `toVariables` as `req.list`.
   */
  filter?: { type: string; names: string[] };
  /**
   * Query parameters that are variables of the document, each parsed by the type the document declares
   * for it (a `Date!` is a required calendar date); path parameters of the same name are variables too.
   * A route with `variables` needs no `toVariables`.
   */
  variables?: string[];
  /**
   * The answer is this root field of the document's data, as it stands, in REST's spelling (amounts as
   * numbers, enum values in lower case): its schema follows from the GraphQL type (http/graphql-result.ts),
   * and the route needs no `responses` or `toResult`. For reports.
   */
  result?: string;
  /** JSON Schema of the success body, by status (for the OpenAPI document; tests check responses against it). */
  responses?: Record<number, Schema>;
  /**
   * Refuses the request (throws) before anything of it runs: a heavy operation past its organization's
   * share is told so before the document it would draw is looked up.
   */
  admit?: (context: RequestContext) => void;
  /**
   * The media type of a success body that is not JSON (`application/pdf`): `toResult` then answers its
   * bytes (a Buffer) as the body. Errors are problem+json as everywhere.
   */
  produces?: string;
  document: string;
  /** For POST routes: the GraphQL input type the JSON body must fit (checked field by field). */
  bodyType?: string;
  /** Whether a body must be sent (default: yes, when there is a body type); optional for actions like void. */
  bodyRequired?: boolean;
  /** Adjusts the documented body schema to REST's spelling (fields the path supplies, numbers REST accepts). */
  documentBody?(schema: Schema): Schema;
  /** Maps REST spellings onto the GraphQL input (e.g. lower-case enum values) before the check. */
  bodyToInput?(body: Record<string, unknown>, req: RestRequest): Record<string, unknown>;
  /**
   * A route that also takes a table as `text/csv` (a file from a bank or a feed): turns its text into the
   * JSON body, or refuses it; `example` is the table the OpenAPI document shows.
   */
  csv?: { toBody(text: string): Record<string, unknown>; example: string };
  /**
   * A route that also takes a file as its raw body, sent with one of the media types `accepts` matches:
   * `toBody` turns the bytes and the query into the JSON body; or, for a file too large to hold in
   * memory, `store` takes the body as it streams in (stores it) and answers the JSON body. `maxBodyBytes`
   * raises the body limit for this route alone (`store` keeps its own). `mediaType` is what the OpenAPI
   * document names (default application/octet-stream).
   */
  rawBody?: {
    accepts: RegExp;
    mediaType?: string;
    /** What the OpenAPI document says of the file. */
    description?: string;
  } & (
    | { toBody(bytes: Buffer, query: URLSearchParams): Record<string, unknown>; store?: never }
    | {
        store(body: AsyncIterable<Uint8Array>, query: URLSearchParams, context: RequestContext): Promise<Record<string, unknown>>;
        toBody?: never;
      }
  );
  maxBodyBytes?: number;
  toVariables?(req: RestRequest): Record<string, unknown>;
  /**
   * The route's answer read without running its document, where the document adds nothing to the read
   * (a retrieve through the tenant-walled representation): a fast path, taken only with FAST_PATHS on,
   * and observed as the operation it stands for. The same answer as `toVariables`, the document and
   * `toResult`, which the fast-paths-off suite holds it to.
   */
  read?(req: RestRequest, context: RequestContext): Promise<RestResult>;
  /**
   * As `read`, for a read that needs the document's variables as GraphQL coerces them (a list's filter,
   * page and size): given them, it answers as the document and `toResult` would. A variable GraphQL
   * refuses leaves the request to the document, which answers that as always.
   */
  readCoerced?(variables: Record<string, unknown>, context: RequestContext): Promise<RestResult>;
  /** The response, from the GraphQL data, the request context and, for a write, what it committed. */
  toResult?(
    data: GraphQLData,
    req: RestRequest,
    context: RequestContext,
    write: WriteOutcome | undefined,
  ): RestResult | Promise<RestResult>;
}

/** A GraphQL result's data, as the route's document selected it. */
export type GraphQLData = Record<string, unknown>;

export interface CompiledRoute extends Omit<RestRoute, 'responses' | 'toVariables' | 'toResult'> {
  responses: Record<number, Schema>;
  toVariables(req: RestRequest): Record<string, unknown>;
  toResult(data: GraphQLData, req: RestRequest, context: RequestContext, write: WriteOutcome | undefined): RestResult | Promise<RestResult>;
  /** Parsers and GraphQL types of the query parameters that are variables (`variables`), and which of them are required. */
  variableParsers?: { parsers: Record<string, ParameterParser>; types: Record<string, GraphQLInputType>; required: string[] };
  /** The scopes its operation needs (graphql/scopes.ts). */
  scopes: Scope[];
  bodyInputType?: GraphQLInputType;
  filterParsers?: Record<string, ParameterParser>;
  pattern: RegExp;
  paramNames: string[];
  parsed: DocumentNode;
  /** What the document writes, when it can be written without running it (`directWriteOf`). */
  directWrite?: DirectWriteRoute;
  /** The document's operation, whose variable definitions coerce the variables of `readCoerced`. */
  operation?: OperationDefinitionNode;
}

/** A route's document as a direct write: the mutation's write, and which variable gives each argument. */
interface DirectWriteRoute {
  write: DirectWrite;
  operation: OperationDefinitionNode;
  field: string;
  args: [argument: string, variable: string][];
}

export interface RestRouter {
  /** Every route, as served (what the OpenAPI document describes). */
  routes: CompiledRoute[];
  /** The route for a method and path; `methodMismatch` when the path exists under other methods. */
  match(method: string, path: string): { route: CompiledRoute; params: Record<string, string> } | { methodMismatch: string[] } | undefined;
  /**
   * Refuses a key without a scope the route's operation needs, before its body is read: the same verdict
   * the operation gets from graphql/scopes.ts (it runs there too), given first, as a 401 comes before a 400.
   */
  admit(route: CompiledRoute, context: RequestContext): void;
  execute(route: CompiledRoute, req: RestRequest, context: RequestContext): Promise<RestResult>;
}

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

/**
 * The document as a direct write, when it is one mutation field of a known write, selecting only `id`,
 * whose every argument is a variable: REST then has nothing to read from GraphQL's answer (the body is the
 * written record's representation), and runs the write with the variables coerced as GraphQL would.
 */
function directWriteOf(schema: GraphQLSchema, document: DocumentNode): DirectWriteRoute | undefined {
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

const API_V1 = '/api/v1/';

/** The segment of a path after `/api/v1/` (`invoices` of `/api/v1/invoices/inv_1`), if it has one there. */
function firstSegment(path: string): string | undefined {
  if (!path.startsWith(API_V1)) return undefined;
  const end = path.indexOf('/', API_V1.length);
  return path.slice(API_V1.length, end === -1 ? undefined : end);
}

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
          if (problems.length) throw validationError([...problems, ...(await ruleProblems(route, req, problems, context))]);
        } else {
          // An action without input takes an empty body or `{}`: a field sent to it is a mistake to report, not ignore.
          const fields = Object.keys(req.body);
          if (fields.length)
            throw validationError(fields.map((path) => ({ path, message: 'is not a known field (this action takes no body)' })));
        }
      }
      if (route.filterParsers) req = Object.assign({}, req, { list: listVariables(req.query, route.filterParsers) });
      if (route.read && fastPaths) {
        const read = route.read;
        return asOperation(fastPaths.metrics, route.operationId, 'query', context, () => read(req, context));
      }
      if (route.readCoerced && fastPaths) {
        const readCoerced = route.readCoerced;
        const variables = coercedVariables(route, req);
        if (variables) return asOperation(fastPaths.metrics, route.operationId, 'query', context, () => readCoerced(variables, context));
      }
      if (route.directWrite && fastPaths) {
        const written = await writeDirectly(route, route.directWrite, req, context, fastPaths.metrics);
        if (written) return written;
      }
      const receipts = writeReceipts();
      const { result, contextValue } = await run(route, req, context, receipts);
      if ('errors' in result && result.errors?.length) throw new RestGraphQLError(result.errors);
      return route.toResult(result.data ?? {}, req, contextValue as RequestContext, receipts.writes[0]);
    },
  };

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
  function coercedVariables(route: CompiledRoute, req: RestRequest): Record<string, unknown> | undefined {
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
  async function writeDirectly(
    route: CompiledRoute,
    direct: DirectWriteRoute,
    req: RestRequest,
    context: RequestContext,
    metrics: Metrics,
  ): Promise<RestResult | undefined> {
    const coerced = coercedVariables(route, req);
    if (!coerced) return undefined;
    const args: Record<string, unknown> = {};
    for (const [argument, variable] of direct.args) if (variable in coerced) args[argument] = coerced[variable];
    return asOperation(metrics, direct.operation.name?.value ?? direct.field, 'mutation', context, async () => {
      const outcome = await direct.write(args, context, schema);
      return route.toResult({ [direct.field]: { id: outcome.id } }, req, context, outcome);
    });
  }

  async function run(route: CompiledRoute, req: RestRequest, context: RequestContext, rootValue?: unknown) {
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
      const { result } = await run(route, Object.assign({}, req, { body }), tried);
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
}

export { summarizeGraphQLErrors };

/**
 * Checks a JSON body against the GraphQL input type the route feeds, with graphql-js's own coercion,
 * so REST refuses exactly what GraphQL refuses (unknown fields, wrong types, missing required fields,
 * bad Money or Date), but names every bad field at once, by its path in the body.
 */
function bodyProblems(body: unknown, type: GraphQLInputType, schema: GraphQLSchema): FieldError[] {
  const errors: FieldError[] = listsThatAreNotArrays(body, type);
  if (errors.length) return errors;
  coerceInputValue(body, type, (path, invalid, error) => {
    // graphql-js names an unknown or missing field in the message, not in the path: move it there.
    const unknownField = /^Field "([^"]+)" is not defined by type/.exec(error.message);
    const missingField = /^Field "([^"]+)" of required type "([^"]+)" was not provided/.exec(error.message);
    const field = unknownField?.[1] ?? missingField?.[1];
    const at = [...path, ...(field ? [field] : [])];
    const where = at.join('.');
    let message: string;
    if (unknownField) message = 'is not a known field';
    else if (missingField) message = 'is required';
    else {
      const expected = typeAt(type, at);
      message =
        (expected && restTypeMessage(expected, invalid)) ?? enumMessage(error.message, invalid, schema) ?? error.message.replace(/\.$/, '');
    }
    errors.push({ path: where || '(body)', message });
  });
  return errors;
}

/** A value of each scalar the service's rules read as harmless: empty text, zero, false. */
const PLACEHOLDERS: Record<string, unknown> = {
  String: '',
  ID: '',
  Int: 0,
  Float: 0,
  Boolean: false,
  Money: '0',
  Percent: '0',
  Date: '2000-01-01',
  DateTime: '2000-01-01T00:00:00Z',
};

/**
 * `body` with each field at fault left out, or replaced by a placeholder of its type where the type
 * requires a value (an enum's first value; an empty list); undefined when a fault cannot be set aside
 * (the body itself, or a required object).
 */
function withoutProblems(body: unknown, type: GraphQLInputType, problems: FieldError[]): Record<string, unknown> | undefined {
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const { path } of problems) {
    if (path === '(body)') return undefined;
    const steps = path.split('.').map((step) => (/^\d+$/.test(step) ? Number(step) : step));
    const parent = steps
      .slice(0, -1)
      .reduce<unknown>(
        (node, step) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[step] : undefined),
        copy,
      );
    if (!parent || typeof parent !== 'object') return undefined;
    const last = steps.at(-1)!;
    const fieldType = typeAt(type, steps);
    if (!fieldType || !isNonNullType(fieldType)) {
      if (Array.isArray(parent)) return undefined;
      delete (parent as Record<string | number, unknown>)[last];
      continue;
    }
    const named = getNullableType(fieldType);
    const placeholder = isListType(named)
      ? []
      : isEnumType(named)
        ? named.getValues()[0]?.name
        : isScalarType(named)
          ? PLACEHOLDERS[named.name]
          : undefined;
    if (placeholder === undefined) return undefined;
    (parent as Record<string | number, unknown>)[last] = placeholder; // the body is in GraphQL's spelling here (bodyToInput ran)
  }
  return copy;
}

/** The input type at a path of field names and list indices. */
function typeAt(type: GraphQLInputType, path: readonly (string | number)[]): GraphQLInputType | undefined {
  let current: GraphQLInputType | undefined = type;
  for (const step of path) {
    const bare: GraphQLInputType | undefined = current && (getNullableType(current) as GraphQLInputType);
    if (isListType(bare) && typeof step === 'number') current = bare.ofType as GraphQLInputType;
    else if (isInputObjectType(bare) && typeof step === 'string') current = bare.getFields()[step]?.type;
    else return undefined;
  }
  return current;
}

/** What REST expects of a field, in JSON's words (never a GraphQL type name). */
const REST_EXPECTATIONS: Record<string, string> = {
  String: 'a string',
  ID: 'an id (a string)',
  Int: 'a whole number',
  Float: 'a number',
  Boolean: 'true or false',
  Money: "a number with at most the currency's decimals, such as 12.5",
  Percent: 'a number from 0 to 100 with at most 4 decimals, such as 8.875',
  Date: `a calendar date as "YYYY-MM-DD" ${DATE_RANGE}`,
  DateTime: `an ISO 8601 date-time such as "2026-11-24T09:30:00Z", on a day ${DATE_RANGE}`,
};

/** How a JSON value is named in a refusal: its kind, and the value itself when it is short. */
function jsonValueText(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  return String(value);
}

/** `expected a string, got 5`: a refused value in REST's words, or undefined when the type has none. */
function restTypeMessage(expected: GraphQLInputType, invalid: unknown): string | undefined {
  const bare = getNullableType(expected);
  if (invalid === null && isNonNullType(expected))
    return `must not be null${isScalarType(bare) && REST_EXPECTATIONS[bare.name] ? ` (expected ${REST_EXPECTATIONS[bare.name]})` : ''}`;
  if (isEnumType(bare))
    return `must be one of ${bare
      .getValues()
      .map((v) => v.name.toLowerCase())
      .join(', ')}, got ${jsonValueText(typeof invalid === 'string' ? invalid.toLowerCase() : invalid)}`;
  if (isInputObjectType(bare)) return `expected a JSON object, got ${jsonValueText(invalid)}`;
  if (isListType(bare)) return `expected a JSON array, got ${jsonValueText(invalid)}`;
  const expectation = isScalarType(bare) ? REST_EXPECTATIONS[bare.name] : undefined;
  if (!expectation) return undefined;
  // A whole number too large for 32 bits is a number, but not one this field takes.
  if (bare.name === 'Int' && typeof invalid === 'number' && Number.isInteger(invalid))
    return `expected a whole number from -2147483648 to 2147483647, got ${invalid}`;
  return `expected ${expectation}, got ${jsonValueText(invalid)}`;
}

/** REST spells enum values in lower case: `must be one of asset, liability, …, got "planet"`. */
function enumMessage(message: string, invalid: unknown, schema: GraphQLSchema): string | undefined {
  const values = enumValuesNamedIn(message, schema);
  return (
    values &&
    `must be one of ${values.map((v) => v.toLowerCase()).join(', ')}, got ` +
      `${JSON.stringify(typeof invalid === 'string' ? invalid.toLowerCase() : invalid)}`
  );
}

/**
 * GraphQL coerces a single value where a list is expected ("input coercion" for lists); JSON has
 * arrays, and the REST contract's list fields are arrays, so a REST body must send one.
 */
function listsThatAreNotArrays(value: unknown, type: GraphQLInputType, path: string[] = [], found: FieldError[] = []): FieldError[] {
  const bare = getNullableType(type);
  if (value === null || value === undefined) return found;
  if (isListType(bare)) {
    if (!Array.isArray(value))
      found.push({ path: path.join('.') || '(body)', message: `expected a JSON array, got ${jsonValueText(value)}` });
    else value.forEach((item, i) => listsThatAreNotArrays(item, bare.ofType, [...path, String(i)], found));
  } else if (isInputObjectType(bare) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = bare.getFields();
    for (const [name, item] of Object.entries(value))
      if (fields[name]) listsThatAreNotArrays(item, fields[name].type, [...path, name], found);
  }
  return found;
}

// --- Helpers routes share to read query parameters the way the v1 contract defines them.

/**
 * Path ids and query parameters, before any route reads them: each must be acceptable text, and a query
 * parameter may be given once (a repeated one is refused rather than silently "last wins").
 */
export function checkParameters(params: Record<string, string>, query: URLSearchParams): void {
  const errors: FieldError[] = badTextIn(params);
  const seen = new Set<string>();
  for (const [name, value] of query) {
    const nameProblem = textProblem(name);
    const problem = nameProblem ?? textProblem(value);
    if (problem) errors.push({ path: nameProblem ? '(query)' : name, message: problem });
    else if (seen.has(name)) errors.push({ path: name, message: 'is given more than once; give each parameter once' });
    seen.add(name);
  }
  if (errors.length) throw validationError(errors);
}

/** Parses `page` and `limit` (whole numbers) and any allowed filters; unknown parameters are refused. */
export function listVariables(query: URLSearchParams, filters: Record<string, ParameterParser> = {}): ListVariables {
  const errors: FieldError[] = [];
  const out: ListVariables = { filter: {} };
  for (const [name, value] of query) {
    if (name === 'page' || name === 'limit') {
      if (!/^-?\d+$/.test(value)) errors.push({ path: name, message: `must be a whole number, got "${value}"` });
      else out[name] = Number(value);
    } else if (name in filters) {
      try {
        out.filter[name] = filters[name](value);
      } catch (error) {
        errors.push({ path: name, message: (error as Error).message });
      }
    } else {
      const known = ['page', 'limit', ...Object.keys(filters)].join(', ');
      errors.push({ path: name, message: `is not a parameter of this endpoint (known: ${known})` });
    }
  }
  // Checked here too, not only by the GraphQL field: a page beyond 32 bits would fail GraphQL's Int first, in its wording.
  errors.push(...pageErrors(out.page ?? 1, out.limit ?? DEFAULT_PAGE_LIMIT).filter((e) => !errors.some((f) => f.path === e.path)));
  if (errors.length) throw validationError(errors);
  return out;
}

export const booleanParam = (value: string) => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`must be true or false, got "${value}"`);
};

export const dateParam = (value: string) => {
  if (!isAcceptedDate(value)) throw new Error(`must be a calendar date as YYYY-MM-DD ${DATE_RANGE}, got "${value}"`);
  return value;
};

export const enumParam = (allowed: readonly string[]) => (value: string) => {
  const upper = value.toUpperCase();
  if (!allowed.includes(upper)) throw new Error(`must be one of ${allowed.map((a) => a.toLowerCase()).join(', ')}, got "${value}"`);
  return upper;
};

/**
 * The parser of each named field of a GraphQL filter input type, by the field's type: an enum takes its
 * values in REST's lower case, `Date` a calendar date, `Boolean` true or false, `Int` a whole number, text
 * and ids as they are. Checked at start-up: a name the type lacks, or a type with no REST spelling, fails the boot.
 */
export function filterParsersOf(schema: GraphQLSchema, typeName: string, names: string[], where: string): Record<string, ParameterParser> {
  const type = schema.getType(typeName);
  if (!isInputObjectType(type)) throw new Error(`${where}: no input type ${typeName}`);
  const fields = type.getFields();
  return Object.fromEntries(
    names.map((name) => {
      const field = fields[name];
      if (!field) throw new Error(`${where}: ${typeName} has no field ${name}`);
      return [name, parameterParserFor(field.type, `${where}: ${typeName}.${name}`, name)];
    }),
  );
}

/**
 * How a query parameter of this GraphQL type is read: an enum in lower case, or its scalar's spelling;
 * one named `<type>Id` must be an id of that type (`customerId=5` is a mistake to report, not a filter
 * that matches nothing).
 */
function parameterParserFor(type: GraphQLInputType, where: string, name: string): ParameterParser {
  const bare = getNullableType(type);
  const idOf = idKindNamedBy(name);
  if (idOf && isScalarType(bare) && (bare.name === 'ID' || bare.name === 'String')) return idParam(idOf);
  if (isEnumType(bare)) return enumParam(bare.getValues().map((v) => v.name));
  const parser = isScalarType(bare) ? SCALAR_PARAMETERS[bare.name] : undefined;
  if (!parser) throw new Error(`${where}: no query-parameter spelling for ${String(bare)}`);
  return parser;
}

const idParam = (kind: IdKind) => (value: string) => {
  const problem = notAnIdOf(kind, value);
  if (problem) throw new Error(problem);
  return value;
};

const wholeNumberParam = (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new Error(`must be a whole number, got "${value}"`);
  return Number(value);
};

/** A moment: an ISO 8601 date-time (`2026-11-24T09:30:00Z`) or a calendar date (its midnight UTC). */
export const dateTimeParam = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || !isAcceptedMoment(new Date(value))) {
    throw new Error(`must be an ISO 8601 date-time such as 2026-11-24T09:30:00Z, on a day ${DATE_RANGE}, got "${value}"`);
  }
  return value;
};

const SCALAR_PARAMETERS: Record<string, ParameterParser> = {
  String,
  ID: String,
  Boolean: booleanParam,
  Date: dateParam,
  DateTime: dateTimeParam,
  Int: wholeNumberParam,
};

/** REST spells enum values in lower case; GraphQL in upper case. */
export function upperCaseFields(body: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out = { ...body };
  for (const field of fields) if (typeof out[field] === 'string') out[field] = (out[field] as string).toUpperCase();
  return out;
}

/**
 * Parsers for query parameters that are variables of a stored document, by the type the document
 * declares for each (`$asOf: Date` is a calendar date, `$page: Int` a whole number, an enum in lower case).
 */
function variableParsersOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  names: string[],
  where: string,
): NonNullable<CompiledRoute['variableParsers']> {
  const operation = getOperationAST(document);
  const definitions = new Map(operation?.variableDefinitions?.map((d) => [d.variable.name.value, d]) ?? []);
  const parsers: Record<string, ParameterParser> = {};
  const types: Record<string, GraphQLInputType> = {};
  const required: string[] = [];
  for (const name of names) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`${where}: the document has no variable $${name}`);
    const type = typeFromAST(schema, definition.type as NamedTypeNode) as GraphQLInputType | undefined;
    if (!type) throw new Error(`${where}: unknown type of $${name}`);
    if (isNonNullType(type) && !definition.defaultValue) required.push(name);
    types[name] = type;
    parsers[name] = parameterParserFor(type, `${where}: $${name}`, name);
  }
  return { parsers, types, required };
}

/** The variables of a route with `variables`: its path parameters and its query parameters, parsed; unknown ones refused. */
function documentVariables(
  req: RestRequest,
  { parsers, required }: NonNullable<CompiledRoute['variableParsers']>,
  paramNames: string[],
): Record<string, unknown> {
  const errors: FieldError[] = [];
  const variables: Record<string, unknown> = {};
  for (const name of paramNames) variables[name] = req.params[name];
  for (const [name, value] of req.query) {
    const parse = parsers[name];
    if (!parse) {
      errors.push({
        path: name,
        message: Object.keys(parsers).length
          ? `is not a parameter of this endpoint (known: ${Object.keys(parsers).join(', ')})`
          : 'is not a parameter of this endpoint (it takes none)',
      });
      continue;
    }
    try {
      variables[name] = parse(value);
    } catch (error) {
      errors.push({ path: name, message: (error as Error).message });
    }
  }
  for (const name of required) if (!req.query.has(name)) errors.push({ path: name, message: 'is required' });
  if ('page' in variables || 'limit' in variables)
    errors.push(
      ...pageErrors((variables.page as number) ?? 1, (variables.limit as number) ?? DEFAULT_PAGE_LIMIT).filter(
        (e) => !errors.some((f) => f.path === e.path),
      ),
    );
  if (errors.length) throw validationError(errors);
  return variables;
}
