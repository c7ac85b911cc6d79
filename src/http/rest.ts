// The REST v1 compatibility layer: a table of routes, each running a stored GraphQL document through
// the same enveloped Yoga schema as /graphql, so validation, error mapping and N+1 protection are the
// ones GraphQL has. Routes only translate between HTTP and GraphQL.
import type { Yoga } from '../graphql/context.ts';
import { coerceInputValue, type DocumentNode, getNullableType, isEnumType, isInputObjectType, isListType, isScalarType, type GraphQLError, type GraphQLInputType, type GraphQLSchema, isInputType, parse, validate } from 'graphql';
import { isCalendarDate } from '../lib/dates.ts';
import { DEFAULT_PAGE_LIMIT, pageErrors } from '../lib/pagination.ts';
import type { Schema } from '../lib/json-schema.ts';
import { AppError, type FieldError, validationError } from '../lib/errors.ts';
import { badTextIn, textProblem } from '../lib/text.ts';
import { enumValuesNamedIn, summarizeGraphQLErrors } from '../graphql/errors.ts';
import type { RequestContext } from '../core/request-context.ts';
import type { WriteOutcome } from '../core/unit-of-work.ts';
import { writeReceipts } from '../graphql/mutations.ts';
import { requiredScopes } from '../graphql/scopes.ts';
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
  method: 'GET' | 'POST' | 'PATCH';
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
  /** Other query parameters a GET route accepts besides page and limit (for the OpenAPI document). */
  queryParams?: string[];
  /** JSON Schema of the success body, by status (for the OpenAPI document; tests check responses against it). */
  responses: Record<number, Schema>;
  document: string;
  /** For POST routes: the GraphQL input type the JSON body must fit (checked field by field). */
  bodyType?: string;
  /** Whether a body must be sent (default: yes, when there is a body type); optional for actions like void. */
  bodyRequired?: boolean;
  /** Adjusts the documented body schema to REST's spelling (fields the path supplies, numbers REST accepts). */
  documentBody?(schema: Schema): Schema;
  /** Maps REST spellings onto the GraphQL input (e.g. lower-case enum values) before the check. */
  bodyToInput?(body: Record<string, unknown>, req: RestRequest): Record<string, unknown>;
  toVariables(req: RestRequest): Record<string, unknown>;
  /** The response, from the GraphQL data, the request context and, for a write, what it committed. */
  toResult(data: GraphQLData, req: RestRequest, context: RequestContext, write: WriteOutcome | undefined): RestResult | Promise<RestResult>;
}

/** A GraphQL result's data, as the route's document selected it. */
export type GraphQLData = Record<string, unknown>;

interface CompiledRoute extends RestRoute {
  /** The scopes its operation needs (graphql/scopes.ts). */
  scopes: Scope[];
  bodyInputType?: GraphQLInputType;
  filterParsers?: Record<string, ParameterParser>;
  pattern: RegExp;
  paramNames: string[];
  parsed: DocumentNode;
}

export interface RestRouter {
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

export function createRestRouter(routes: RestRoute[], schema: GraphQLSchema, yoga: Yoga): RestRouter {
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
    if (route.bodyType && !isInputType(bodyInputType)) throw new Error(`REST route ${route.method} ${route.path}: no input type ${route.bodyType}`);
    const filterParsers = route.filter && filterParsersOf(schema, route.filter.type, route.filter.names, `REST route ${route.method} ${route.path}`);
    return { ...route, pattern, paramNames, parsed, bodyInputType: bodyInputType as GraphQLInputType | undefined, filterParsers, scopes: requiredScopes(schema, parsed) };
  });

  return {
    match(method, path) {
      const allowed: string[] = [];
      for (const route of compiled) {
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
      if (route.method !== 'GET') {
        if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) throw new AppError('VALIDATION_FAILED', 'The body must be a JSON object');
        if (route.bodyInputType) {
          req = { ...req, body: route.bodyToInput ? route.bodyToInput(req.body as Record<string, unknown>, req) : req.body };
          checkBody(req.body, route.bodyInputType, schema);
        } else {
          // An action without input takes an empty body or `{}`: a field sent to it is a mistake to report, not ignore.
          const fields = Object.keys(req.body);
          if (fields.length) throw validationError(fields.map((path) => ({ path, message: 'is not a known field (this action takes no body)' })));
        }
      }
      if (route.filterParsers) req = { ...req, list: listVariables(req.query, route.filterParsers) };
      const variableValues = route.toVariables(req);
      const { contextFactory, execute } = yoga.getEnveloped(context);
      const contextValue = await contextFactory();
      const receipts = writeReceipts();
      const result = await execute({ schema, document: route.parsed, variableValues, contextValue, rootValue: receipts });
      if ('errors' in result && result.errors?.length) throw new RestGraphQLError(result.errors);
      return route.toResult(result.data ?? {}, req, contextValue as RequestContext, receipts.writes[0]);
    },
  };
}

export { summarizeGraphQLErrors };

/**
 * Checks a JSON body against the GraphQL input type the route feeds, with graphql-js's own coercion,
 * so REST refuses exactly what GraphQL refuses (unknown fields, wrong types, missing required fields,
 * bad Money or Date), but names every bad field at once, by its path in the body.
 */
function checkBody(body: unknown, type: GraphQLInputType, schema: GraphQLSchema) {
  const errors: FieldError[] = listsThatAreNotArrays(body, type);
  if (errors.length) throw validationError(errors);
  coerceInputValue(body, type, (path, invalid, error) => {
    // graphql-js names an unknown or missing field in the message, not in the path: move it there.
    const unknownField = /^Field "([^"]+)" is not defined by type/.exec(error.message);
    const missingField = /^Field "([^"]+)" of required type "([^"]+)" was not provided/.exec(error.message);
    const field = unknownField?.[1] ?? missingField?.[1];
    const where = [...path, ...(field ? [field] : [])].join('.');
    const message = unknownField
      ? 'is not a known field'
      : missingField
        ? `is required (${missingField[2].replace(/!$/, '')})`
        : enumMessage(error.message, invalid, schema) ?? error.message.replace(/\.$/, '');
    errors.push({ path: where || '(body)', message });
  });
  if (errors.length) throw validationError(errors);
}

/** REST spells enum values in lower case: `must be one of asset, liability, …, got "planet"`. */
function enumMessage(message: string, invalid: unknown, schema: GraphQLSchema): string | undefined {
  const values = enumValuesNamedIn(message, schema);
  return values && `must be one of ${values.map((v) => v.toLowerCase()).join(', ')}, got ${JSON.stringify(typeof invalid === 'string' ? invalid.toLowerCase() : invalid)}`;
}

/**
 * GraphQL coerces a single value where a list is expected ("input coercion" for lists); JSON has
 * arrays, and the REST contract's list fields are arrays, so a REST body must send one.
 */
function listsThatAreNotArrays(value: unknown, type: GraphQLInputType, path: string[] = [], found: FieldError[] = []): FieldError[] {
  const bare = getNullableType(type);
  if (value === null || value === undefined) return found;
  if (isListType(bare)) {
    if (!Array.isArray(value)) found.push({ path: path.join('.') || '(body)', message: 'must be a JSON array' });
    else value.forEach((item, i) => listsThatAreNotArrays(item, bare.ofType, [...path, String(i)], found));
  } else if (isInputObjectType(bare) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = bare.getFields();
    for (const [name, item] of Object.entries(value)) if (fields[name]) listsThatAreNotArrays(item, fields[name].type, [...path, name], found);
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
  if (!isCalendarDate(value)) throw new Error(`must be a calendar date as YYYY-MM-DD, got "${value}"`);
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
      const fieldType = getNullableType(field.type);
      if (isEnumType(fieldType)) return [name, enumParam(fieldType.getValues().map((v) => v.name))];
      if (!isScalarType(fieldType)) throw new Error(`${where}: ${typeName}.${name} is not a scalar or enum`);
      const parser = SCALAR_PARAMETERS[fieldType.name];
      if (!parser) throw new Error(`${where}: no query-parameter spelling for ${fieldType.name} (${typeName}.${name})`);
      return [name, parser];
    }),
  );
}

const wholeNumberParam = (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new Error(`must be a whole number, got "${value}"`);
  return Number(value);
};

/** A moment: an ISO 8601 date-time (`2026-11-24T09:30:00Z`) or a calendar date (its midnight UTC). */
export const dateTimeParam = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || Number.isNaN(new Date(value).getTime())) {
    throw new Error(`must be an ISO 8601 date-time such as 2026-11-24T09:30:00Z, got "${value}"`);
  }
  return value;
};

const SCALAR_PARAMETERS: Record<string, ParameterParser> = { String, ID: String, Boolean: booleanParam, Date: dateParam, DateTime: dateTimeParam, Int: wholeNumberParam };

/** REST spells enum values in lower case; GraphQL in upper case. */
export function upperCaseFields(body: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out = { ...body };
  for (const field of fields) if (typeof out[field] === 'string') out[field] = (out[field] as string).toUpperCase();
  return out;
}
