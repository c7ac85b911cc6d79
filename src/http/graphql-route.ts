// POST and GET /graphql: a plain JSON query answered on Yoga's envelop directly (fast-paths/
// direct-queries.ts), anything else (GraphiQL, subscriptions over SSE, multipart, GET) by Yoga itself,
// which builds the request context from the same key.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNodeResponse } from '@whatwg-node/server';
import { rateLimitHeaders } from '../core/rate-limit.ts';
import type { HttpExchange } from '../core/request-context.ts';
import { directQuery } from '../fast-paths/direct-queries.ts';
import { loadGraphiQL, wantsGraphiQL } from '../graphql/graphiql.ts';
import { assertJsonContentType, assertParsesAsJson, assertUtf8, readBody } from './body.ts';
import type { Front, Observed } from './front.ts';
import { allowPageScripts } from './headers.ts';

export async function handleGraphQL(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  requestId: string,
  observed: Observed,
) {
  const { yoga, createContext, metrics, logger } = front;
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req, front.maxBodyBytes);
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
    req.method === 'POST' && body && front.directQueries !== false
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
