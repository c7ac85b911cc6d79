// The REST v1 compatibility layer: a table of routes, each running a stored GraphQL document through
// the same enveloped Yoga schema as /graphql, so validation, error mapping and N+1 protection are the
// ones GraphQL has. Routes only translate between HTTP and GraphQL.
import { type DocumentNode, type GraphQLError, type GraphQLSchema, parse, validate } from 'graphql';
import type { YogaServerInstance } from 'graphql-yoga';
import { AppError, type FieldError, validationError } from '../lib/errors.ts';
import { summarizeGraphQLErrors } from '../graphql/errors.ts';
import type { GraphQLContext } from '../graphql/context.ts';

export interface RestRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface RestResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RestRoute {
  method: 'GET' | 'POST';
  /** Express-style path, `:name` for a parameter. */
  path: string;
  operationId: string;
  summary: string;
  document: string;
  toVariables(req: RestRequest): Record<string, unknown>;
  toResult(data: any, req: RestRequest): RestResult;
}

interface CompiledRoute extends RestRoute {
  pattern: RegExp;
  paramNames: string[];
  parsed: DocumentNode;
}

export interface RestRouter {
  /** The route for a method and path; `methodMismatch` when the path exists under other methods. */
  match(method: string, path: string): { route: CompiledRoute; params: Record<string, string> } | { methodMismatch: string[] } | undefined;
  execute(route: CompiledRoute, req: RestRequest, context: Omit<GraphQLContext, never>): Promise<RestResult>;
}

export class RestGraphQLError extends Error {
  constructor(readonly errors: readonly GraphQLError[]) {
    super(errors[0]?.message ?? 'GraphQL error');
  }
}

export function createRestRouter(routes: RestRoute[], schema: GraphQLSchema, yoga: YogaServerInstance<any, any>): RestRouter {
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
    return { ...route, pattern, paramNames, parsed };
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
        route.paramNames.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
        return { route, params };
      }
      return allowed.length ? { methodMismatch: allowed } : undefined;
    },

    async execute(route, req, context) {
      const variableValues = route.toVariables(req);
      const { contextFactory, execute } = yoga.getEnveloped(context);
      const contextValue = await contextFactory();
      const result = await execute({ schema, document: route.parsed, variableValues, contextValue });
      if ('errors' in result && result.errors?.length) throw new RestGraphQLError(result.errors);
      return route.toResult((result as any).data, req);
    },
  };
}

export { summarizeGraphQLErrors };

// --- Helpers routes share to read query parameters the way the v1 contract defines them.

/** Parses `page` and `limit` (whole numbers) and any allowed filters; unknown parameters are refused. */
export function listVariables(query: URLSearchParams, filters: Record<string, (value: string) => unknown> = {}): { page?: number; limit?: number; filter: Record<string, unknown> } {
  const errors: FieldError[] = [];
  const out: { page?: number; limit?: number; filter: Record<string, unknown> } = { filter: {} };
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
  if (errors.length) throw validationError(errors);
  return out;
}

export const booleanParam = (value: string) => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`must be true or false, got "${value}"`);
};

export const enumParam = (allowed: readonly string[]) => (value: string) => {
  const upper = value.toUpperCase();
  if (!allowed.includes(upper)) throw new Error(`must be one of ${allowed.map((a) => a.toLowerCase()).join(', ')}, got "${value}"`);
  return upper;
};

export function requireObjectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('VALIDATION_FAILED', 'The body must be a JSON object');
  return body as Record<string, unknown>;
}
