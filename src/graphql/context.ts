// What every resolver receives: the one request context that REST, GraphQL over HTTP and graphql-ws share,
// and how Yoga builds it for a GraphQL request over HTTP.
import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { type CreateRequestContext, type HttpExchange, RateLimitedError } from '../core/request-context.ts';
import { errorHeaders } from '../lib/errors.ts';
import { toAppError } from './errors.ts';

import type { RequestContext } from '../core/request-context.ts';
import type { YogaServerInstance } from 'graphql-yoga';

export type { RequestContext as GraphQLContext } from '../core/request-context.ts';

/**
 * What the HTTP server hands Yoga with a request: the exchange (request id, rate-limit headers) for
 * GraphQL over HTTP, or the whole request context on the REST path, which has built it already.
 */
export type YogaServerContext = { exchange?: HttpExchange; apiKey?: undefined } | RequestContext;

/** The Yoga server the app builds; every resolver sees the request context. */
export type Yoga = YogaServerInstance<YogaServerContext, RequestContext>;

/**
 * Yoga's context factory: the one request context, built from the request's Authorization header.
 * A refusal (bad key, quota spent, database down) goes through Yoga's own error path with the HTTP
 * status and headers of the catalogue. On the REST path the context is built already and passes through.
 */
export function yogaContextFactory(createContext: CreateRequestContext) {
  return async (initial: YogaServerContext & { request: Request }): Promise<RequestContext> => {
    if (initial.apiKey) return initial;
    const exchange = initial.exchange ?? { requestId: randomUUID() };
    try {
      const context = await createContext({ authorization: initial.request.headers.get('authorization'), address: exchange.address }, exchange.requestId);
      exchange.rateLimit = context.rateLimit;
      exchange.caller = { keyPrefix: context.apiKey.prefix, organizationId: context.organizationId };
      return context;
    } catch (error) {
      if (error instanceof RateLimitedError) exchange.rateLimit = error.decision;
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
