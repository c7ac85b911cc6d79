// What every resolver receives: the one request context that REST, GraphQL over HTTP and graphql-ws share,
// and how Yoga builds it for a GraphQL request over HTTP.
import { randomUUID } from 'node:crypto';
import { type DocumentNode, GraphQLError, Kind, parse } from 'graphql';
import { BEARER, type CreateRequestContext, type HttpExchange, RateLimitedError } from '../core/request-context.ts';
import { errorHeaders } from '../lib/errors.ts';
import { toAppError } from './errors.ts';

import type { RequestContext } from '../core/request-context.ts';
import type { YogaServerInstance } from 'graphql-yoga';

export type { RequestContext as GraphQLContext } from '../core/request-context.ts';

/**
 * What the HTTP server hands Yoga with a request: the exchange (request id, rate-limit headers) for
 * GraphQL over HTTP, or the whole request context on the REST path, which has built it already.
 */
export type YogaServerContext = { exchange?: HttpExchange; apiKey?: undefined; refusal?: unknown } | RequestContext;

/** The Yoga server the app builds; every resolver sees the request context. */
export type Yoga = YogaServerInstance<YogaServerContext, RequestContext>;

/**
 * Whether a GraphQL document asks for nothing but the schema (`__schema`, `__type`, `__typename` at its
 * root, every operation a query): what GraphiQL and code generators send before anything else.
 */
export function isIntrospectionOnly(query: unknown): boolean {
  if (typeof query !== 'string' || !query.includes('__')) return false;
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: 5_000 });
  } catch {
    return false;
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  return (
    operations.length > 0 &&
    operations.every(
      (o) => o.operation === 'query' && o.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__')),
    )
  );
}

/**
 * The request context for a GraphQL request over HTTP. Its exchange notes the rate-limit decision (for
 * the response's headers), refused or not, and whose key it was (for the request log).
 */
export async function contextOnExchange(
  createContext: CreateRequestContext,
  credentials: Parameters<CreateRequestContext>[0],
  exchange: HttpExchange,
): Promise<RequestContext> {
  try {
    const context = await createContext(credentials, exchange.requestId);
    exchange.rateLimit = context.rateLimit;
    if (!credentials.schemaOnly) exchange.caller = { keyPrefix: context.apiKey.prefix, organizationId: context.organizationId };
    return context;
  } catch (error) {
    if (error instanceof RateLimitedError) exchange.rateLimit = error.decision;
    throw error;
  }
}

/**
 * Yoga's context factory: the one request context, built from the request's Authorization header.
 * A refusal (bad key, quota spent, database down) goes through Yoga's own error path with the HTTP
 * status and headers of the catalogue. On the REST path the context is built already and passes through,
 * and so does a refusal the front door met building it.
 */
export function yogaContextFactory(createContext: CreateRequestContext) {
  return async (initial: YogaServerContext & { request: Request }): Promise<RequestContext> => {
    if (initial.apiKey) return initial;
    const exchange = initial.exchange ?? { requestId: randomUUID() };
    try {
      // The front door tried the key already (fast-paths/direct-queries.ts) and it was refused: answer that.
      if ('refusal' in initial && initial.refusal) throw initial.refusal;
      const authorization = initial.request.headers.get('authorization');
      // Without a key (GraphiQL's placeholder is none), a request for the schema alone is answered.
      const schemaOnly =
        !BEARER.test(authorization ?? '') && isIntrospectionOnly((initial as { params?: { query?: unknown } }).params?.query);
      return await contextOnExchange(createContext, { authorization, address: exchange.address, schemaOnly }, exchange);
    } catch (error) {
      const appError = toAppError(error);
      if (!appError) throw error;
      throw new GraphQLError(appError.message, {
        extensions: {
          code: appError.code,
          status: appError.status,
          ...appError.details,
          http: { status: appError.status, headers: errorHeaders(appError.code, appError.details) },
        },
      });
    }
  };
}
