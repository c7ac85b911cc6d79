// The HTTP front door: request ids, health, authentication and rate limiting shared by both surfaces,
// then /graphql (Yoga) or /api/v1 (the REST route table). Plain node:http: nothing here needs a framework.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { YogaServerInstance } from 'graphql-yoga';
import { isReachable, type Database } from '../db/database.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { toAppError } from '../graphql/errors.ts';
import { AppError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { authenticate } from './auth.ts';
import { DOCS_HTML } from './openapi.ts';
import { parseJsonBody, readBody } from './body.ts';
import { problem, sendJson, sendProblem } from './respond.ts';
import { RestGraphQLError, summarizeGraphQLErrors, type RestRouter } from './rest.ts';
import { type RateLimiter, rateLimitHeaders } from './rate-limit.ts';

export interface HandlerDeps {
  db: Database;
  yoga: YogaServerInstance<any, any>;
  rest: RestRouter;
  limiter: RateLimiter;
  logger: Logger;
  maxBodyBytes: number;
  openApi: object;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function createRequestHandler(deps: HandlerDeps) {
  const { db, yoga, rest, limiter, logger, maxBodyBytes } = deps;
  // The API description is public, like a published reference; everything else needs a key.
  const openApiText = JSON.stringify(deps.openApi);
  const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, Buffer>();
  // Read on first request, then served from memory.
  const asset = (file: string) => assets.get(file) ?? assets.set(file, readFileSync(join(swaggerDir, file))).get(file)!;
  const docs = (path: string): { type: string; body: string | Buffer } | undefined => {
    if (path === '/api/v1/openapi.json') return { type: 'application/json; charset=utf-8', body: openApiText };
    if (path === '/api/v1/docs' || path === '/api/v1/docs/') return { type: 'text/html; charset=utf-8', body: DOCS_HTML };
    if (path === '/api/v1/docs/swagger-ui.css') return { type: 'text/css', body: asset('swagger-ui.css') };
    if (path === '/api/v1/docs/swagger-ui-bundle.js') return { type: 'text/javascript', body: asset('swagger-ui-bundle.js') };
    return undefined;
  };

  async function handleGraphQL(req: IncomingMessage, res: ServerResponse, url: URL, context: GraphQLContext, headers: Record<string, string>) {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req, maxBodyBytes);
    const response = await yoga.fetch(
      url.toString(),
      { method: req.method, headers: req.headers as Record<string, string>, body: body && body.length ? body : undefined },
      context,
    );
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (!response.body) return res.end();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
    res.end();
  }

  async function handleRest(req: IncomingMessage, res: ServerResponse, url: URL, context: GraphQLContext, headers: Record<string, string>) {
    const found = rest.match(req.method ?? 'GET', url.pathname);
    if (!found) return sendProblem(res, problem('NOT_FOUND', `No endpoint ${req.method} ${url.pathname}`, context.requestId), headers);
    if ('methodMismatch' in found) {
      return sendProblem(res, problem('METHOD_NOT_ALLOWED', `${url.pathname} accepts ${found.methodMismatch.join(', ')}`, context.requestId), {
        ...headers,
        allow: found.methodMismatch.join(', '),
      });
    }
    let body: unknown;
    if (found.route.method !== 'GET') body = parseJsonBody(await readBody(req, maxBodyBytes), req.headers['content-type']);
    const result = await rest.execute(found.route, { params: found.params, query: url.searchParams, body, headers: req.headers }, context);
    sendJson(res, result.status, result.body, { ...headers, ...result.headers });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    const started = performance.now();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return sendProblem(res, problem('VALIDATION_FAILED', 'The request target is not a valid URL', requestId));
    }
    const isRest = url.pathname.startsWith('/api/');
    const headers: Record<string, string> = {};
    try {
      if (url.pathname === '/healthz') {
        const reachable = await isReachable(db);
        return sendJson(res, reachable ? 200 : 503, { status: reachable ? 'ok' : 'unavailable', database: reachable ? 'reachable' : 'unreachable' });
      }
      const publicDoc = docs(url.pathname);
      if (publicDoc) return res.writeHead(200, { 'content-type': publicDoc.type, 'cache-control': 'public, max-age=300' }).end(publicDoc.body);
      const isGraphQL = url.pathname === '/graphql';
      if (!isGraphQL && !isRest) return sendProblem(res, problem('NOT_FOUND', `Nothing at ${url.pathname}; the APIs are at /graphql and /api/v1/`, requestId));
      // GraphiQL itself is a static page; the queries it sends carry the key like any other request.
      if (isGraphQL && req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !url.searchParams.has('query')) {
        return await handleGraphQL(req, res, url, {} as GraphQLContext, headers);
      }
      const apiKey = await authenticate(req, db.prisma);
      const decision = await limiter.consume(apiKey.id);
      Object.assign(headers, rateLimitHeaders(decision));
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', `This API key made more than ${decision.limit} requests this minute; retry in ${decision.resetSeconds} s`);
      }
      const context: GraphQLContext = {
        requestId,
        db,
        prisma: db.prisma,
        apiKey,
        organization: apiKey.organization,
        organizationId: apiKey.organizationId,
      };
      if (isGraphQL) await handleGraphQL(req, res, url, context, headers);
      else await handleRest(req, res, url, context, headers);
    } catch (error) {
      if (res.headersSent) {
        logger.error('error after the response started', { requestId, error });
        return res.destroy();
      }
      if (error instanceof RestGraphQLError) {
        const summary = summarizeGraphQLErrors(error.errors);
        if (summary.code === 'INTERNAL') logger.error('REST request failed', { requestId, errors: error.errors.map((e) => e.message) });
        if (summary.code === 'SERVICE_UNAVAILABLE') headers['retry-after'] = '5';
        return sendProblem(res, problem(summary.code, summary.message, requestId, summary.fieldErrors, summary.details), headers);
      }
      const appError = toAppError(error);
      if (appError) {
        if (appError.code === 'SERVICE_UNAVAILABLE') headers['retry-after'] = '5';
        if (!isRest) {
          // GraphQL clients read errors[].extensions.code; the HTTP status still says what happened.
          const extensions = { code: appError.code, status: appError.status, ...(appError.fieldErrors.length ? { fieldErrors: appError.fieldErrors } : {}) };
          return sendJson(res, appError.status, { errors: [{ message: appError.message, extensions }] }, headers);
        }
        return sendProblem(res, problem(appError.code, appError.message, requestId, appError.fieldErrors, appError.details), headers);
      }
      logger.error('unexpected error', { requestId, method: req.method, path: url.pathname, error });
      return sendProblem(res, problem('INTERNAL', 'Unexpected error. The failure was logged; retry later or quote the request id to support.', requestId), headers);
    } finally {
      logger.debug('request', { requestId, method: req.method, path: url.pathname, status: res.statusCode, ms: Math.round(performance.now() - started) });
    }
  };
}
