// /api/v1: a REST route of the table (rest.ts) run for a request whose key is known, and
// POST /api/v1/batch (batch.ts), its operations through the same routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rateLimitHeaders } from '../core/rate-limit.ts';
import type { RequestContext } from '../core/request-context.ts';
import { BATCH_PATH } from './batch.ts';
import { mediaType, parseRequestBody, readBody } from './body.ts';
import type { Front } from './front.ts';
import { type Problem, problem, sendJson, sendProblem } from './respond.ts';
import { checkParameters, type RestRouter } from './rest.ts';

export async function handleRest(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  found: ReturnType<RestRouter['match']>,
  context: RequestContext,
  headers: Record<string, string>,
) {
  const { rest } = front;
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
  // answered on the same connection, which the handler then closes.
  if (rawBody?.store) body = await rawBody.store(req.iterator({ destroyOnReturn: false }), url.searchParams, context);
  else if (found.route.method !== 'GET') {
    const bytes = await readBody(req, found.route.maxBodyBytes ?? front.maxBodyBytes);
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

/** POST /api/v1/batch: its operations through the same routes (http/batch.ts). */
export async function handleBatch(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  context: RequestContext,
  headers: Record<string, string>,
) {
  if (req.method !== 'POST')
    return sendProblem(
      res,
      problem('METHOD_NOT_ALLOWED', `${BATCH_PATH} accepts POST`, context.requestId),
      Object.assign(headers, { allow: 'POST' }),
    );
  const bytes = await readBody(req, front.maxBodyBytes);
  const result = await front.runBatch(bytes.length === 0 ? {} : parseRequestBody(bytes, req.headers['content-type']), context);
  Object.assign(headers, rateLimitHeaders(context.rateLimit));
  if (result.status >= 400) return sendProblem(res, result.body as Problem, headers);
  sendJson(res, result.status, result.body, headers);
}
