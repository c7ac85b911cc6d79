// The HTTP front door: request ids, health and public documents, then /graphql (Yoga, which builds the
// request context itself: graphql-route.ts) or /api/v1 (the REST route table, on the same request
// context: rest-route.ts), and the pages anyone may open (public-routes.ts). Plain node:http: nothing
// here needs a framework. Each step is a named function taking the front door's parts (front.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { isReachable } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { rateLimitHeaders } from '../core/rate-limit.ts';
import { RateLimitedError } from '../core/request-context.ts';
import { toAppError } from '../graphql/errors.ts';
import { AppError, errorHeaders } from '../lib/errors.ts';
import { containsSecret, redactSecrets } from '../lib/logger.ts';
import { endSpan, incomingContext, inSpan, SpanKind, tracer, tracing } from '../ops/tracing.ts';
import { BATCH_PATH, createBatchRunner } from './batch.ts';
import { dashboardFiles } from './dashboard.ts';
import type { Front, HandlerDeps, Observed } from './front.ts';
import { handleGraphQL } from './graphql-route.ts';
import { allowPageScripts, corsPolicy, setStandardHeaders } from './headers.ts';
import { SHED_FOR_MS } from './load-shedding.ts';
import { publicDocs, publicPageAt, serveDashboard, servePublicPage } from './public-routes.ts';
import { problem, sendJson, sendProblem } from './respond.ts';
import { RestGraphQLError, summarizeGraphQLErrors } from './rest.ts';
import { handleBatch, handleRest } from './rest-route.ts';

export type { HandlerDeps } from './front.ts';

/** How much of a refused body's remainder is read and dropped before the refusal is sent. */
const UNREAD_BODY_DISCARDED = 8 * 1024 * 1024;

/** The URL a request is logged under until its own target has parsed. */
const ROOT_URL = new URL('http://localhost/');

/** A request id the client may choose: a safe shape, and never a secret (it is logged and echoed). */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

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

/** The request handler node:http calls: a server span per request when tracing, then `answer`. */
export function createRequestHandler(deps: HandlerDeps) {
  // The API's paths are looked up without the public pages (publicPageAt).
  for (const page of deps.publicPages ?? [])
    if (page.route.startsWith('/api/') || page.route.startsWith('/graphql'))
      throw new Error(`public page ${page.route} is on the API's paths`);
  const front: Front = Object.assign({}, deps, {
    docs: publicDocs(deps.openApi),
    dashboard: dashboardFiles(deps.dashboardDir),
    runBatch: createBatchRunner(deps.rest, deps.logger).runBatch,
    cors: corsPolicy(deps.corsOrigins),
  });
  return function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!tracing()) return answer(front, req, res);
    // Under the caller's trace when it sent `traceparent`; named by its route once known.
    const span = tracer.startSpan(
      `${req.method}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? 'GET' } },
      incomingContext(req.headers),
    );
    return inSpan(span, () => answer(front, req, res, span)).then<void>(
      () => endSpan(span, res.statusCode >= 500 ? `status ${res.statusCode}` : undefined),
      (error) => {
        endSpan(span, error);
        throw error;
      },
    );
  };
}

/** One request, answered whatever happens: routed, its failure turned into a problem, then logged and counted. */
async function answer(front: Front, req: IncomingMessage, res: ServerResponse, span?: Span): Promise<void> {
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) && !containsSecret(incoming) ? incoming : randomUUID();
  setStandardHeaders(res, requestId);
  const started = performance.now();
  const observed: Observed = { route: 'unmatched' };
  const target = { url: ROOT_URL };
  const headers: Record<string, string> = {};
  try {
    await route(front, req, res, requestId, observed, target, headers);
  } catch (error) {
    await answerFailure(front, req, res, requestId, target.url, headers, error);
  } finally {
    observe(front, req, res, { requestId, observed, url: target.url, seconds: (performance.now() - started) / 1000, span });
  }
}

/** Where a request goes, by its path: health, public documents, /graphql, public pages, the dashboard, /api/v1. */
async function route(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  observed: Observed,
  target: { url: URL },
  headers: Record<string, string>,
): Promise<void> {
  if (front.cors.handle(req, res)) return void (observed.route = 'preflight');
  let url: URL;
  try {
    url = target.url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return sendProblem(res, problem('VALIDATION_FAILED', 'The request target is not a valid URL', requestId));
  }
  if (url.pathname === '/healthz') {
    observed.route = '/healthz';
    const reachable = await isReachable(front.db);
    return sendJson(res, reachable ? 200 : 503, {
      status: reachable ? 'ok' : 'unavailable',
      database: reachable ? 'reachable' : 'unreachable',
    });
  }
  const publicDoc = front.docs(url.pathname);
  if (publicDoc) {
    observed.route = '/api/v1/docs';
    if (publicDoc.type.startsWith('text/html')) allowPageScripts(res);
    res.writeHead(200, { 'content-type': publicDoc.type, 'cache-control': 'public, max-age=300' }).end(publicDoc.body);
    return;
  }
  // Behind, a request with no key is shed here; one with a key once its organization is known (the
  // request context sheds only the organizations causing the load).
  if ((url.pathname === '/graphql' || url.pathname.startsWith('/api/')) && !req.headers.authorization && front.overloaded?.()) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The server is too busy to take this request now; retry in a second', [], {
      retryAfterSeconds: SHED_FOR_MS / 1000,
    });
  }
  if (url.pathname === '/graphql') {
    observed.route = '/graphql';
    return await handleGraphQL(front, req, res, url, requestId, observed);
  }
  const page = url.pathname.startsWith('/api/') ? undefined : publicPageAt(front, url.pathname);
  if (page && (req.method === 'GET' || req.method === 'HEAD')) {
    observed.route = page.page.route;
    return await servePublicPage(front, req, res, url.pathname, page);
  }
  if (front.dashboard.owns(url.pathname)) {
    observed.route = '/dashboard';
    return serveDashboard(front, req, res, url.pathname, requestId);
  }
  if (!url.pathname.startsWith('/api/'))
    return sendProblem(
      res,
      problem('NOT_FOUND', `Nothing at ${url.pathname}; the APIs are at /graphql and /api/v1/, the dashboard at /dashboard`, requestId),
    );
  // Matched before the key is checked only to name the route in the log; a refused key is still
  // answered 401 whatever the path.
  // HEAD is GET without the body (Node leaves the body out of a HEAD response by itself).
  const found = front.rest.match(req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'), url.pathname);
  if (found && 'route' in found) {
    observed.route = found.route.path;
    observed.operation = found.route.operationId;
  }
  if (url.pathname === BATCH_PATH) {
    observed.route = BATCH_PATH;
    observed.operation = 'runBatch';
  }
  const context = await front.createContext({ authorization: req.headers.authorization, address: req.socket.remoteAddress }, requestId);
  observed.caller = { keyPrefix: context.apiKey.prefix, organizationId: context.organizationId };
  Object.assign(headers, rateLimitHeaders(context.rateLimit));
  if (url.pathname === BATCH_PATH) return await handleBatch(front, req, res, context, headers);
  await handleRest(front, req, res, url, found, context, headers);
}

/** A failure as the client is told of it: a problem with its code, or nothing when nobody is left to tell. */
async function answerFailure(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  url: URL,
  headers: Record<string, string>,
  error: unknown,
) {
  const { logger } = front;
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
  if (appError?.code === 'SERVICE_UNAVAILABLE' && isDatabaseUnavailable(error)) front.metrics.databaseUnavailable();
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
}

/** The request's log line, metrics, organization cost and span attributes, once it is answered. */
function observe(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  { requestId, observed, url, seconds, span }: { requestId: string; observed: Observed; url: URL; seconds: number; span?: Span },
) {
  const method = req.method ?? 'GET';
  const status = res.statusCode;
  front.metrics.request(method, observed.route, status, seconds);
  const caller = observed.caller ?? observed.exchange?.caller;
  if (caller?.organizationId) front.recordCost?.(caller.organizationId, seconds);
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
  if (status >= 500) front.logger.warn('request', line);
  else front.logger.request(line);
}
