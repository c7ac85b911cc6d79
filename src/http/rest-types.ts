// What a REST route is (RestRoute: its path, stored GraphQL document, body and answer), and what the
// router makes of it (CompiledRoute). Types only: the router (rest.ts), its shortcuts (fast-paths/
// rest-shortcuts.ts) and the modules' route tables all read them.
import type { DocumentNode, OperationDefinitionNode, GraphQLInputType } from 'graphql';
import type { Schema } from '../lib/json-schema.ts';
import type { RequestContext } from '../core/request-context.ts';
import type { WriteOutcome } from '../core/unit-of-work.ts';
import type { DirectWrite } from '../graphql/mutations.ts';
import type { Scope } from '../core/scopes.ts';

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
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
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
  /**
   * Query parameters that are variables of the document, each parsed by the type the document declares
   * for it (a `Date!` is a required calendar date); path parameters of the same name are variables too.
   * A route with `variables` needs no `toVariables`.
   */
  variables?: string[];
  /**
   * The answer is this root field of the document's data, as it stands, in REST's spelling (amounts as
   * numbers, enum values in lower case): its schema follows from the GraphQL type (http/graphql-result.ts),
   * and the route needs no `responses` or `toResult`. For reports.
   */
  result?: string;
  /** JSON Schema of the success body, by status (for the OpenAPI document; tests check responses against it). */
  responses?: Record<number, Schema>;
  /**
   * Refuses the request (throws) before anything of it runs: a heavy operation past its organization's
   * share is told so before the document it would draw is looked up.
   */
  admit?: (context: RequestContext) => void;
  /**
   * The media type of a success body that is not JSON (`application/pdf`): `toResult` then answers its
   * bytes (a Buffer) as the body. Errors are problem+json as everywhere.
   */
  produces?: string;
  document: string;
  /** For POST routes: the GraphQL input type the JSON body must fit (checked field by field). */
  bodyType?: string;
  /** Whether a body must be sent (default: yes, when there is a body type); optional for actions like void. */
  bodyRequired?: boolean;
  /** Adjusts the documented body schema to REST's spelling (fields the path supplies, numbers REST accepts). */
  documentBody?(schema: Schema): Schema;
  /** Maps REST spellings onto the GraphQL input (e.g. lower-case enum values) before the check. */
  bodyToInput?(body: Record<string, unknown>, req: RestRequest): Record<string, unknown>;
  /**
   * A route that also takes a table as `text/csv` (a file from a bank or a feed): turns its text into the
   * JSON body, or refuses it; `example` is the table the OpenAPI document shows.
   */
  csv?: { toBody(text: string): Record<string, unknown>; example: string };
  /**
   * A route that also takes a file as its raw body, sent with one of the media types `accepts` matches:
   * `toBody` turns the bytes and the query into the JSON body; or, for a file too large to hold in
   * memory, `store` takes the body as it streams in (stores it) and answers the JSON body. `maxBodyBytes`
   * raises the body limit for this route alone (`store` keeps its own). `mediaType` is what the OpenAPI
   * document names (default application/octet-stream).
   */
  rawBody?: {
    accepts: RegExp;
    mediaType?: string;
    /** What the OpenAPI document says of the file. */
    description?: string;
  } & (
    | { toBody(bytes: Buffer, query: URLSearchParams): Record<string, unknown>; store?: never }
    | {
        store(body: AsyncIterable<Uint8Array>, query: URLSearchParams, context: RequestContext): Promise<Record<string, unknown>>;
        toBody?: never;
      }
  );
  maxBodyBytes?: number;
  toVariables?(req: RestRequest): Record<string, unknown>;
  /**
   * The route's answer read without running its document, where the document adds nothing to the read
   * (a retrieve through the tenant-walled representation): a fast path, taken only with FAST_PATHS on,
   * and observed as the operation it stands for. The same answer as `toVariables`, the document and
   * `toResult`, which the fast-paths-off suite holds it to.
   */
  read?(req: RestRequest, context: RequestContext): Promise<RestResult>;
  /**
   * As `read`, for a read that needs the document's variables as GraphQL coerces them (a list's filter,
   * page and size): given them, it answers as the document and `toResult` would. A variable GraphQL
   * refuses leaves the request to the document, which answers that as always.
   */
  readCoerced?(variables: Record<string, unknown>, context: RequestContext): Promise<RestResult>;
  /** The response, from the GraphQL data, the request context and, for a write, what it committed. */
  toResult?(
    data: GraphQLData,
    req: RestRequest,
    context: RequestContext,
    write: WriteOutcome | undefined,
  ): RestResult | Promise<RestResult>;
}

/** A GraphQL result's data, as the route's document selected it. */
export type GraphQLData = Record<string, unknown>;

export interface CompiledRoute extends Omit<RestRoute, 'responses' | 'toVariables' | 'toResult'> {
  responses: Record<number, Schema>;
  toVariables(req: RestRequest): Record<string, unknown>;
  toResult(data: GraphQLData, req: RestRequest, context: RequestContext, write: WriteOutcome | undefined): RestResult | Promise<RestResult>;
  /** Parsers and GraphQL types of the query parameters that are variables (`variables`), and which of them are required. */
  variableParsers?: { parsers: Record<string, ParameterParser>; types: Record<string, GraphQLInputType>; required: string[] };
  /** The scopes its operation needs (graphql/scopes.ts). */
  scopes: Scope[];
  bodyInputType?: GraphQLInputType;
  filterParsers?: Record<string, ParameterParser>;
  pattern: RegExp;
  paramNames: string[];
  parsed: DocumentNode;
  /** What the document writes, when it can be written without running it (`directWriteOf`). */
  directWrite?: DirectWriteRoute;
  /** The document's operation, whose variable definitions coerce the variables of `readCoerced`. */
  operation?: OperationDefinitionNode;
}

/** A route's document as a direct write: the mutation's write, and which variable gives each argument. */
export interface DirectWriteRoute {
  write: DirectWrite;
  operation: OperationDefinitionNode;
  field: string;
  args: [argument: string, variable: string][];
}

export interface RestRouter {
  /** Every route, as served (what the OpenAPI document describes). */
  routes: CompiledRoute[];
  /** The route for a method and path; `methodMismatch` when the path exists under other methods. */
  match(method: string, path: string): { route: CompiledRoute; params: Record<string, string> } | { methodMismatch: string[] } | undefined;
  /**
   * Refuses a key without a scope the route's operation needs, before its body is read: the same verdict
   * the operation gets from graphql/scopes.ts (it runs there too), given first, as a 401 comes before a 400.
   */
  admit(route: CompiledRoute, context: RequestContext): void;
  execute(route: CompiledRoute, req: RestRequest, context: RequestContext): Promise<RestResult>;
}
