// A query sent as a plain JSON POST (what API clients, code generators' fetchers and the benchmark send)
// runs on Yoga's own envelop (the same parse and validation caches, plugins, error masking and
// execution) without Yoga's fetch-API round trip around it: building a Request from the Node request,
// running Yoga's request plugins, and building a Response back were a quarter of a cheap query's CPU
// (docs/performance.md). The answer is the one Yoga gives, byte for byte (status,
// content type, body; test/fast-paths/direct-queries.test.ts compares them): what is not plainly a valid
// query of this kind (GET, a persisted-operation id, extensions, a batch, a mutation or subscription, a
// document that does not parse or validate, an Accept that asks for a stream) is left to Yoga, and each
// such fallback is told to `onFallback` with its reason (counted and logged at debug by the caller).
import { type DocumentNode, type ExecutionResult, getOperationAST } from 'graphql';
import { isAsyncIterable, processRegularResult } from 'graphql-yoga';
import { BEARER, type CreateRequestContext, type HttpExchange } from '../core/request-context.ts';
import { contextOnExchange, type Yoga, type YogaServerContext } from '../graphql/context.ts';
import { withHttpStatus } from '../graphql/errors.ts';
import { setBounded } from '../lib/bounded-map.ts';

/** The media types Yoga answers a single result in; it picks one from Accept. */
export type ResultMediaType = 'application/json' | 'application/graphql-response+json';

export interface DirectQuery {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** A query's answer: a body to send as it is, or the Response Yoga's result processor made of a result with errors. */
export type DirectAnswer = { status: 200; mediaType: ResultMediaType; body: string } | { response: Response };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body's GraphQL parameters when they are exactly `query` (a string), `variables` (an object or null) and `operationName` (a string
 * or null).
 */
export function directQueryParams(body: Buffer): DirectQuery | undefined {
  let params: unknown;
  try {
    params = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // not JSON: the caller counts it as not plain parameters, and answers MALFORMED_JSON
  }
  if (!isPlainObject(params) || typeof params.query !== 'string') return undefined;
  for (const key of Object.keys(params)) if (key !== 'query' && key !== 'variables' && key !== 'operationName') return undefined;
  if (params.variables !== undefined && params.variables !== null && !isPlainObject(params.variables)) return undefined;
  if (params.operationName !== undefined && params.operationName !== null && typeof params.operationName !== 'string') return undefined;
  return params as unknown as DirectQuery;
}

/**
 * The media type Yoga would answer a single result in for this Accept header, or undefined when it
 * would not answer with a plain JSON body. Yoga's rule (plugins/result-processor/accept.js): entries in
 * the order sent, quality ignored, any charset but utf-8 skipped; the first entry the JSON processor
 * matches decides, and a wildcard matches application/json last, so it wins.
 */
export function resultMediaType(accept: string | undefined): ResultMediaType | undefined {
  // A client sends the same Accept on every request: each one's answer is kept (a few clients, a few values).
  if (mediaTypes.has(accept)) return mediaTypes.get(accept) ?? undefined;
  const answer = mediaTypeFor(accept);
  setBounded(mediaTypes, accept, answer ?? null, MEDIA_TYPES_KEPT);
  return answer;
}

const mediaTypes = new Map<string | undefined, ResultMediaType | null>();
const MEDIA_TYPES_KEPT = 100;

/**
 * Each server's documents that parsed and validated, by their text. A client sends the same few queries
 * again and again, and whether one parses and validates depends on its text alone (the schema and the
 * rules, the plugins' included, are the server's). Yoga keeps parsed documents and their validation
 * too, but reaching its caches ran every plugin's parse and validate hooks and joined the validation
 * rules' names into a key, on every request. The document kept is the one first parsed, so the plugins'
 * caches by document keep finding it.
 */
const validDocuments = new WeakMap<Yoga, Map<string, DocumentNode>>();
const VALID_DOCUMENTS_KEPT = 1_000;

function mediaTypeFor(accept: string | undefined): ResultMediaType | undefined {
  for (const entry of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaType = '', ...params] = entry.split(';');
    if ((params.find((param) => param.includes('charset=')) ?? 'charset=utf-8') !== 'charset=utf-8') continue;
    const [type, subtype] = mediaType.split('/');
    const matches = (wanted: string) => (type === '*' || type === 'application') && (subtype === '*' || subtype === wanted);
    if (matches('json')) return 'application/json';
    if (matches('graphql-response+json')) return 'application/graphql-response+json';
  }
  return undefined;
}

/**
 * Answers a query as Yoga's processRequest would (parse, validate, context, execute), or says which
 * server context Yoga should answer with: `{ exchange }` when nothing was consumed (not a plain valid
 * query: no context made, nothing run), the request context once made (Yoga passes it through, so the
 * key is not checked and counted twice), or the refusal met making it (Yoga answers it as always).
 */
export async function directQuery(
  yoga: Yoga,
  createContext: CreateRequestContext,
  request: { body: Buffer; accept?: string; authorization?: string },
  exchange: HttpExchange,
  onFallback: (reason: string, error?: unknown) => void = () => {},
): Promise<{ answer?: DirectAnswer; serverContext: YogaServerContext }> {
  const serverContext: YogaServerContext = { exchange };
  const toYoga = (reason: string, error?: unknown) => {
    onFallback(reason, error);
    return { serverContext };
  };
  if (!BEARER.test(request.authorization ?? '')) return toYoga('no bearer key');
  const params = directQueryParams(request.body);
  if (!params) return toYoga('not plain query parameters');
  const mediaType = resultMediaType(request.accept);
  if (!mediaType) return toYoga('accept asks for another media type');
  const enveloped = yoga.getEnveloped(serverContext);
  let valid = validDocuments.get(yoga);
  if (!valid) validDocuments.set(yoga, (valid = new Map()));
  let document: DocumentNode | undefined = valid.get(params.query);
  if (!document) {
    try {
      const parsed: DocumentNode = enveloped.parse(params.query);
      // Validation may throw as well as report (the depth and alias limits throw).
      if (enveloped.validate(enveloped.schema, parsed).length) return toYoga('document does not validate');
      document = parsed;
    } catch (error) {
      return toYoga('document refused', error);
    }
    setBounded(valid, params.query, document, VALID_DOCUMENTS_KEPT);
  }
  if (getOperationAST(document, params.operationName)?.operation !== 'query') return toYoga('not a query');
  try {
    // Joins the server context (with its exchange, for the request log) as Yoga's context would.
    Object.assign(
      serverContext,
      await contextOnExchange(createContext, { authorization: request.authorization, address: exchange.address }, exchange),
    );
  } catch (refusal) {
    onFallback('key refused');
    return { serverContext: { exchange, refusal } };
  }
  let result: ExecutionResult;
  try {
    result = (await enveloped.execute({
      schema: enveloped.schema,
      document,
      contextValue: await enveloped.contextFactory(),
      variableValues: params.variables,
      operationName: params.operationName,
    })) as ExecutionResult;
  } catch (error) {
    return toYoga('execution threw', error); // Yoga runs the query again (it only reads) and answers as it does
  }
  if (!isAsyncIterable(result) && !result.errors?.length && !(result.extensions as { http?: unknown } | undefined)?.http) {
    return { answer: { status: 200, mediaType, body: JSON.stringify(result) }, serverContext };
  }
  return {
    answer: {
      response: await processRegularResult(isAsyncIterable(result) ? result : withHttpStatus(result), yoga.fetchAPI, mediaType),
    },
    serverContext,
  };
}
