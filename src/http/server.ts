// The HTTP front door: request ids, health and public documents, then /graphql (Yoga, which builds the
// request context itself) or /api/v1 (the REST route table, on the same request context). Plain
// node:http: nothing here needs a framework.
import type { Yoga } from '../graphql/context.ts';
import { directQuery } from '../fast-paths/direct-queries.ts';
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNodeResponse } from '@whatwg-node/server';
import { isReachable, type Database } from '../db/database.ts';
import { rateLimitHeaders } from '../core/rate-limit.ts';
import { type CreateRequestContext, type HttpExchange, RateLimitedError, type RequestContext } from '../core/request-context.ts';
import { toAppError } from '../graphql/errors.ts';
import { loadGraphiQL, wantsGraphiQL } from '../graphql/graphiql.ts';
import type { RateLimiter } from '../core/rate-limit.ts';
import { AppError, errorHeaders } from '../lib/errors.ts';
import { SHED_FOR_MS } from './load-shedding.ts';
import { containsSecret, type Logger, redactSecrets } from '../lib/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { endSpan, incomingContext, inSpan, SpanKind, tracer, tracing } from '../ops/tracing.ts';
import type { Span } from '@opentelemetry/api';
import { DOCS_HTML } from './openapi.ts';
import { allowDashboard, allowPageScripts, corsPolicy, PUBLIC_PAGE_CSP, setStandardHeaders } from './headers.ts';
import type { PublicPage } from '../module.ts';
import { dashboardFiles } from './dashboard.ts';
import { assertJsonContentType, assertParsesAsJson, assertUtf8, mediaType, parseRequestBody, readBody } from './body.ts';
import { type Problem, problem, sendJson, sendProblem } from './respond.ts';
import { BATCH_PATH, createBatchRunner } from './batch.ts';
import { checkParameters, RestGraphQLError, summarizeGraphQLErrors, type RestRouter } from './rest.ts';

/** How much of a refused body's remainder is read and dropped before the refusal is sent. */
const UNREAD_BODY_DISCARDED = 8 * 1024 * 1024;

/** Reads and drops what is left of a request's body, up to `limit` bytes; resolves at its end, or past the limit. */
function discardBody(req: IncomingMessage, limit: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const stop = () => {
      req.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) stop();
    };
    req.on('data', onData);
    req.once('end', stop);
    req.once('close', stop);
    req.once('error', stop);
    req.resume();
  });
}

export interface HandlerDeps {
  db: Database;
  yoga: Yoga;
  rest: RestRouter;
  createContext: CreateRequestContext;
  logger: Logger;
  metrics: Metrics;
  maxBodyBytes: number;
  openApi: object;
  corsOrigins: readonly string[];
  /** Where the built dashboard is; default dist/dashboard. */
  dashboardDir?: string;
  /** Plain JSON queries answered on Yoga's envelop directly (fast-paths/direct-queries.ts); default true. */
  directQueries?: boolean;
  /** True while the event loop is too far behind to take API requests (http/load-shedding.ts). */
  overloaded?: () => boolean;
  /** Counts a finished request against its organization's recent share (http/load-shedding.ts). */
  recordCost?: (organizationId: string, seconds: number) => void;
  /** Pages anyone opens without a key, found by a secret in the path (src/module.ts). */
  publicPages?: PublicPage[];
  /** The public pages' quota, spent per client address and per page (a hash of its path, which holds its secret). */
  publicPageLimiter?: RateLimiter;
}

/** The URL a request is logged under until its own target has parsed. */
const ROOT_URL = new URL('http://localhost/');

/** A request id the client may choose: a safe shape, and never a secret (it is logged and echoed). */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * What the request log line and the metrics say of a request besides its method and status: the route
 * (a REST template such as /api/v1/invoices/:id, /graphql, or a group: never a raw path, which would
 * grow the metrics without bound), the operation it ran, and whose key it was.
 */
interface Observed extends Pick<HttpExchange, 'caller' | 'operation'> {
  route: string;
  /** A GraphQL request's exchange: Yoga fills in the caller and the operation there. */
  exchange?: HttpExchange;
}

export function createRequestHandler(deps: HandlerDeps) {
  const { db, yoga, rest, createContext, logger, metrics, maxBodyBytes } = deps;
  const cors = corsPolicy(deps.corsOrigins);
  // The API's paths are looked up without the public pages (publicPageAt).
  for (const page of deps.publicPages ?? [])
    if (page.route.startsWith('/api/') || page.route.startsWith('/graphql'))
      throw new Error(`public page ${page.route} is on the API's paths`);
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

  // The dashboard is a public page like the docs: it asks for a key and then calls the APIs with it.
  const dashboard = dashboardFiles(deps.dashboardDir);
  function serveDashboard(req: IncomingMessage, res: ServerResponse, path: string, requestId: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return sendProblem(res, problem('METHOD_NOT_ALLOWED', `${path} accepts GET, HEAD`, requestId), { allow: 'GET, HEAD' });
    const file = dashboard.find(path);
    if (!file) {
      const message = dashboard.built ? `Nothing at ${path}` : 'The dashboard has not been built: run `npm run build` (npm start does it)';
      return sendProblem(res, problem('NOT_FOUND', message, requestId));
    }
    if (file.type.startsWith('text/html')) allowDashboard(res);
    res
      .writeHead(200, { 'content-type': file.type, 'cache-control': file.cacheControl, 'content-length': file.body.length })
      .end(file.body);
  }

  async function handleGraphQL(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string, observed: Observed) {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req, maxBodyBytes);
    if (req.method === 'POST') assertJsonContentType(req.headers['content-type'], 'a GraphQL request ({"query": …, "variables": …})');
    if (body) assertUtf8(body);
    const exchange: HttpExchange = { requestId, address: req.socket.remoteAddress };
    observed.exchange = exchange;
    if (wantsGraphiQL(req.method, req.headers.accept)) {
      await loadGraphiQL();
      allowPageScripts(res);
    }
    // A plain JSON query is answered on Yoga's envelop directly (fast-paths/direct-queries.ts); the rest by Yoga.
    const direct =
      req.method === 'POST' && body && deps.directQueries !== false
        ? await directQuery(
            yoga,
            createContext,
            { body, accept: req.headers.accept, authorization: req.headers.authorization },
            exchange,
            (reason, error) => {
              metrics.fastPathFallback('direct_query', reason);
              logger.debug('GraphQL request left to Yoga', { requestId, reason, error });
            },
          )
        : undefined;
    metrics.graphqlHandled(direct?.answer ? 'direct' : 'yoga');
    // Yoga would answer a body that does not parse with a code of its own and the parser's message,
    // which quotes the body: refused here as REST refuses it.
    if (!direct?.answer && req.method === 'POST' && body) assertParsesAsJson(body);
    const answer = direct?.answer ?? {
      response: await yoga.fetch(
        url.toString(),
        {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: body?.length ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : undefined,
        },
        direct?.serverContext ?? { exchange },
      ),
    };
    const limits = exchange.rateLimit ? rateLimitHeaders(exchange.rateLimit) : undefined;
    if ('body' in answer) {
      res
        .writeHead(
          answer.status,
          Object.assign(limits ?? {}, {
            'content-type': `${answer.mediaType}; charset=utf-8`,
            'content-length': Buffer.byteLength(answer.body),
          }),
        )
        .end(answer.body);
      return;
    }
    for (const name in limits) res.setHeader(name, limits[name]);
    // whatwg-node's own writer: a single result (a string body) is written as it is, a stream (SSE,
    // multipart) piped; iterating `response.body` turned even a string into a stream per request.
    await sendNodeResponse(answer.response, res, req, false);
  }

  async function handleRest(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    found: ReturnType<RestRouter['match']>,
    context: RequestContext,
    headers: Record<string, string>,
  ) {
    if (!found) return sendProblem(res, problem('NOT_FOUND', `No endpoint ${req.method} ${url.pathname}`, context.requestId), headers);
    if ('methodMismatch' in found) {
      const allowed = found.methodMismatch.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
      return sendProblem(
        res,
        problem('METHOD_NOT_ALLOWED', `${url.pathname} accepts ${allowed.join(', ')}`, context.requestId),
        Object.assign(headers, { allow: allowed.join(', ') }),
      );
    }
    rest.admit(found.route, context);
    checkParameters(found.params, url.searchParams);
    let body: unknown;
    const rawBody = found.route.rawBody?.accepts.test(mediaType(req.headers['content-type'])) ? found.route.rawBody : undefined;
    // The stream is not destroyed when the store stops reading (a line past its limit): the refusal is
    // answered on the same connection, which handleRequest then closes.
    if (rawBody?.store) body = await rawBody.store(req.iterator({ destroyOnReturn: false }), url.searchParams, context);
    else if (found.route.method !== 'GET') {
      const bytes = await readBody(req, found.route.maxBodyBytes ?? maxBodyBytes);
      // No body at all is an empty object (what openapi-fetch and curl -X POST send for an action).
      body =
        rawBody?.toBody && bytes.length > 0
          ? rawBody.toBody(bytes, url.searchParams)
          : bytes.length === 0
            ? {}
            : parseRequestBody(bytes, req.headers['content-type'], found.route.csv);
    }
    const result = await rest.execute(found.route, { params: found.params, query: url.searchParams, body, headers: req.headers }, context);
    if (found.route.produces && Buffer.isBuffer(result.body)) {
      res.writeHead(
        result.status,
        Object.assign({}, headers, { 'content-type': found.route.produces }, result.headers, { 'content-length': result.body.length }),
      );
      return void res.end(result.body);
    }
    sendJson(res, result.status, result.body, Object.assign({}, headers, result.headers));
  }

  const { runBatch } = createBatchRunner(rest, logger);

  /** The public page at `path` (none is under /api/), with its pattern's match. */
  function publicPageAt(path: string): { p: PublicPage; m: RegExpExecArray } | undefined {
    for (const p of deps.publicPages ?? []) {
      const m = p.pattern.exec(path);
      if (m) return { p, m };
    }
    return undefined;
  }

  /**
   * A public page spends its cost from its client address's quota and from the page's own (a link passed
   * around, or fetched by many addresses, is held to the same): past either, 429 with Retry-After.
   */
  async function admitPublicPage(page: PublicPage, path: string, address: string) {
    const limiter = deps.publicPageLimiter;
    if (!limiter) return;
    const cost = page.cost ?? 1;
    for (const decision of await Promise.all([
      limiter.consume(`address:${address}`, cost),
      limiter.consume(`page:${createHash('sha256').update(path).digest('base64url')}`, cost),
    ])) {
      if (!decision.allowed)
        throw new AppError('RATE_LIMITED', `Too many requests for public pages; retry in ${decision.resetSeconds} s`, [], {
          retryAfterSeconds: decision.resetSeconds,
        });
    }
  }

  /** POST /api/v1/batch: its operations through the same routes (http/batch.ts). */
  async function handleBatch(req: IncomingMessage, res: ServerResponse, context: RequestContext, headers: Record<string, string>) {
    if (req.method !== 'POST')
      return sendProblem(
        res,
        problem('METHOD_NOT_ALLOWED', `${BATCH_PATH} accepts POST`, context.requestId),
        Object.assign(headers, { allow: 'POST' }),
      );
    const bytes = await readBody(req, maxBodyBytes);
    const result = await runBatch(bytes.length === 0 ? {} : parseRequestBody(bytes, req.headers['content-type']), context);
    Object.assign(headers, rateLimitHeaders(context.rateLimit));
    if (result.status >= 400) return sendProblem(res, result.body as Problem, headers);
    sendJson(res, result.status, result.body, headers);
  }

  return function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!tracing()) return answer(req, res);
    // A server span per request, under the caller's trace when it sent `traceparent`; named by its route once known.
    const span = tracer.startSpan(
      `${req.method}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? 'GET' } },
      incomingContext(req.headers),
    );
    return inSpan(span, () => answer(req, res, span)).then<void>(
      () => endSpan(span, res.statusCode >= 500 ? `status ${res.statusCode}` : undefined),
      (error) => {
        endSpan(span, error);
        throw error;
      },
    );
  };

  async function answer(req: IncomingMessage, res: ServerResponse, span?: Span): Promise<void> {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) && !containsSecret(incoming) ? incoming : randomUUID();
    setStandardHeaders(res, requestId);
    const started = performance.now();
    const observed: Observed = { route: 'unmatched' };
    let url = ROOT_URL;
    const headers: Record<string, string> = {};
    try {
      if (cors.handle(req, res)) return void (observed.route = 'preflight');
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        return sendProblem(res, problem('VALIDATION_FAILED', 'The request target is not a valid URL', requestId));
      }
      if (url.pathname === '/healthz') {
        observed.route = '/healthz';
        const reachable = await isReachable(db);
        return sendJson(res, reachable ? 200 : 503, {
          status: reachable ? 'ok' : 'unavailable',
          database: reachable ? 'reachable' : 'unreachable',
        });
      }
      const publicDoc = docs(url.pathname);
      if (publicDoc?.type.startsWith('text/html')) allowPageScripts(res);
      if (publicDoc) {
        observed.route = '/api/v1/docs';
        res.writeHead(200, { 'content-type': publicDoc.type, 'cache-control': 'public, max-age=300' }).end(publicDoc.body);
        return;
      }
      // Behind, a request with no key is shed here; one with a key once its organization is known (the
      // request context sheds only the organizations causing the load).
      if ((url.pathname === '/graphql' || url.pathname.startsWith('/api/')) && !req.headers.authorization && deps.overloaded?.()) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The server is too busy to take this request now; retry in a second', [], {
          retryAfterSeconds: SHED_FOR_MS / 1000,
        });
      }
      if (url.pathname === '/graphql') {
        observed.route = '/graphql';
        return await handleGraphQL(req, res, url, requestId, observed);
      }
      const page = url.pathname.startsWith('/api/') ? undefined : publicPageAt(url.pathname);
      if (page && (req.method === 'GET' || req.method === 'HEAD')) {
        observed.route = page.p.route;
        await admitPublicPage(page.p, url.pathname, req.socket.remoteAddress ?? 'unknown');
        const answer = await page.p.answer(db.prisma, page.m!);
        // A page of its own: no scripts, its own styles, images inline; never framed, never cached by others.
        res.setHeader('content-security-policy', PUBLIC_PAGE_CSP);
        res.writeHead(answer.status, {
          'content-type': answer.type,
          'cache-control': 'private, no-store',
          'referrer-policy': 'no-referrer',
          ...answer.headers,
        });
        if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) return void res.end(answer.body);
        return await pipeline(Readable.from(answer.body), res);
      }
      if (dashboard.owns(url.pathname)) {
        observed.route = '/dashboard';
        return serveDashboard(req, res, url.pathname, requestId);
      }
      if (!url.pathname.startsWith('/api/'))
        return sendProblem(
          res,
          problem('NOT_FOUND', `Nothing at ${url.pathname}; the APIs are at /graphql and /api/v1/, the dashboard at /dashboard`, requestId),
        );
      // Matched before the key is checked only to name the route in the log; a refused key is still
      // answered 401 whatever the path.
      // HEAD is GET without the body (Node leaves the body out of a HEAD response by itself).
      const found = rest.match(req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'), url.pathname);
      if (found && 'route' in found) {
        observed.route = found.route.path;
        observed.operation = found.route.operationId;
      }
      if (url.pathname === BATCH_PATH) {
        observed.route = BATCH_PATH;
        observed.operation = 'runBatch';
      }
      const context = await createContext({ authorization: req.headers.authorization, address: req.socket.remoteAddress }, requestId);
      observed.caller = { keyPrefix: context.apiKey.prefix, organizationId: context.organizationId };
      Object.assign(headers, rateLimitHeaders(context.rateLimit));
      if (url.pathname === BATCH_PATH) return await handleBatch(req, res, context, headers);
      await handleRest(req, res, url, found, context, headers);
    } catch (error) {
      // The client hung up before its request was read (a closed tab, a load tool stopping): nobody is
      // left to answer, and it is not the server's fault.
      if (!req.socket || req.socket.destroyed) {
        logger.debug('client closed the request before it was answered', { requestId, method: req.method, path: url.pathname });
        res.destroy();
        return;
      }
      if (res.headersSent) {
        logger.error('error after the response started', { requestId, error });
        res.destroy();
        return;
      }
      // A body refused before its end (a file's line past its limit): the rest is read and dropped, up to a
      // bound, so the client is reading when the refusal comes; the connection is not kept.
      if (req.readableDidRead && !req.complete) {
        headers.connection = 'close';
        await discardBody(req, UNREAD_BODY_DISCARDED);
      }
      if (error instanceof RateLimitedError) Object.assign(headers, rateLimitHeaders(error.decision));
      if (error instanceof RestGraphQLError) {
        const summary = summarizeGraphQLErrors(error.errors);
        if (summary.code === 'INTERNAL') logger.error('REST request failed', { requestId, errors: error.errors.map((e) => e.message) });
        return sendProblem(
          res,
          problem(summary.code, summary.message, requestId, summary.fieldErrors, summary.details),
          Object.assign(headers, errorHeaders(summary.code, summary.details)),
        );
      }
      const appError = toAppError(error);
      if (appError?.code === 'SERVICE_UNAVAILABLE' && isDatabaseUnavailable(error)) metrics.databaseUnavailable();
      if (appError) {
        return sendProblem(
          res,
          problem(appError.code, appError.message, requestId, appError.fieldErrors, appError.details),
          Object.assign(headers, errorHeaders(appError.code, appError.details)),
        );
      }
      logger.error('unexpected error', { requestId, method: req.method, path: url.pathname, error });
      return sendProblem(
        res,
        problem('INTERNAL', 'Unexpected error. The failure was logged; retry later or quote the request id to support.', requestId),
        headers,
      );
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const method = req.method ?? 'GET';
      const status = res.statusCode;
      metrics.request(method, observed.route, status, seconds);
      const caller = observed.caller ?? observed.exchange?.caller;
      if (caller?.organizationId) deps.recordCost?.(caller.organizationId, seconds);
      const operation = observed.operation ?? observed.exchange?.operation;
      if (span) {
        span.updateName(`${method} ${observed.route}`);
        span.setAttributes({
          'http.route': observed.route,
          'url.path': redactSecrets(url.pathname),
          'http.response.status_code': status,
          'request.id': requestId,
          ...(operation ? { 'graphql.operation.name': operation } : {}),
        });
        if (caller) span.setAttributes({ 'api_key.prefix': caller.keyPrefix, 'organization.id': caller.organizationId });
      }
      const line = {
        requestId,
        method,
        route: observed.route,
        path: url.pathname,
        ...(operation ? { operation } : {}),
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(caller ? { keyPrefix: caller.keyPrefix, organizationId: caller.organizationId } : {}),
      };
      if (status >= 500) logger.warn('request', line);
      else logger.request(line);
    }
  }
}
