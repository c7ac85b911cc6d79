// The OpenAPI 3.1 document of /api/v1, generated from the REST route table: paths and operations from
// the routes, request bodies from the GraphQL input types the routes feed, responses from each route's
// JSON Schema, errors from the catalogue. Nothing here is written twice.
import {
  type GraphQLInputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  parse,
} from 'graphql';
import { problemSchema, type Schema } from '../lib/json-schema.ts';
import { idKindNamedBy, idPattern } from '../lib/ids.ts';
import examplesFile from './openapi-examples.json' with { type: 'json' };
import type { CompiledRoute } from './rest.ts';
import { requiredScopes } from '../graphql/scopes.ts';
import { BATCH_PATH, MAX_BATCH_OPERATIONS, OPERATIONS_PER_POINT } from './batch.ts';

/**
 * A real request and answer per operation, recorded by the OpenAPI conformance test (`UPDATE_OPENAPI_EXAMPLES=1`), which fails when
 * they no longer fit.
 */
const examples = examplesFile as Record<string, { request?: unknown; response?: unknown }>;

const SCALARS: Record<string, Schema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  Money: { type: ['number', 'string'], description: "Amount as a JSON number (or decimal string), at most the currency's decimals." },
  Percent: { type: ['number', 'string'], description: 'Percentage, e.g. 8.875, at most 4 decimals.' },
  Date: { type: 'string', format: 'date' },
  DateTime: { type: 'string', format: 'date-time' },
  JSON: {},
};

/** JSON Schema for a GraphQL input type as REST bodies spell it (enum values in lower case). */
export function inputSchema(type: GraphQLInputType): Schema {
  if (isNonNullType(type)) return inputSchema(type.ofType);
  if (isListType(type)) return { type: 'array', items: inputSchema(type.ofType) };
  if (isEnumType(type))
    return {
      type: 'string',
      enum: type.getValues().map((v) => v.name.toLowerCase()),
      ...(type.description ? { description: type.description } : {}),
    };
  if (isScalarType(type)) return SCALARS[type.name] ?? { type: 'string' };
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return {
      type: 'object',
      ...(type.description ? { description: type.description } : {}),
      properties: Object.fromEntries(
        fields.map((f) => [f.name, { ...inputSchema(f.type), ...(f.description ? { description: f.description } : {}) }]),
      ),
      required: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
      additionalProperties: false,
    };
  }
  return {};
}

const ERROR_RESPONSES = {
  400:
    'Data missing or invalid (VALIDATION_FAILED, MALFORMED_JSON, UNBALANCED_ENTRY, PERIOD_LOCKED, INVALID_STATE, ' +
    'IDEMPOTENCY_KEY_REUSED); `errors` names each bad field.',
  401:
    'API key missing, malformed, unknown, revoked or expired (UNAUTHENTICATED; the message says which of the last two); the ' +
    'answer carries `WWW-Authenticate: Bearer`.',
  403:
    'The API key lacks a scope this operation needs (INSUFFICIENT_SCOPE); `requiredScope` names it, as does ' +
    '`WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`.',
  404: 'The resource does not exist in your organization (NOT_FOUND).',
  409: "The organization's books were busy with other changes (CONFLICT); retry after Retry-After seconds with the same Idempotency-Key.",
  413: 'The body is larger than the server accepts (PAYLOAD_TOO_LARGE).',
  415: 'The body is not sent as application/json (UNSUPPORTED_MEDIA_TYPE).',
  429:
    'More than the per-key quota this minute, or too many requests without a valid key from one address (RATE_LIMITED); wait ' +
    'Retry-After seconds.',
  500: 'Failure in the service (INTERNAL); quote the requestId; you may retry later.',
  503: 'The database (or the rate-limit store) cannot be reached right now (SERVICE_UNAVAILABLE); wait Retry-After seconds.',
};

/**
 * Which errors an operation can answer: 404 only with an id in the path or the query, 409/413/415 only for writes, 403 when it needs a
 * scope.
 */
function errorStatusesOf(route: CompiledRoute, scopes: string[]): string[] {
  const write = route.method !== 'GET';
  return Object.keys(ERROR_RESPONSES).filter((status) => {
    if (status === '403') return scopes.length > 0;
    if (status === '404') return route.path.includes(':') || !!route.variables?.some((name) => name.endsWith('Id'));
    if (['409', '413', '415'].includes(status)) return write;
    return true;
  });
}

/**
 * A query parameter's schema: its GraphQL type's, or, for one named `<type>Id`, the pattern of that type's ids (the REST layer refuses
 * others).
 */
function parameterSchema(name: string, type: GraphQLInputType) {
  const idOf = idKindNamedBy(name);
  return idOf ? { type: 'string', pattern: idPattern(idOf) } : inputSchema(type);
}

/** A route's query parameters that are variables of its document, typed as the document declares them. */
function variableParameters(route: CompiledRoute) {
  if (!route.variables || !route.variableParsers) return [];
  const { types, required } = route.variableParsers;
  return route.variables.map((name) => {
    const description = PARAMETER_DESCRIPTIONS[name];
    return {
      name,
      in: 'query',
      required: required.includes(name),
      schema: parameterSchema(name, types[name]),
      ...(description ? { description } : {}),
    };
  });
}

const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  asOf: "The report's date (YYYY-MM-DD): everything dated up to and including it. Default: today.",
  from: 'First day of the period (YYYY-MM-DD).',
  to: 'Last day of the period (YYYY-MM-DD).',
  page: 'Page number, from 1.',
  limit: 'Items per page, at most 100.',
};

/** The response headers clients rely on, declared once (components.headers). */
const HEADERS: Record<string, { description: string; required?: boolean; schema: Schema }> = {
  'X-Request-Id': {
    description:
      "The request's id: the X-Request-Id the client sent (1–128 letters, digits, `.`, `_`, `-`, and not shaped like an API " +
      'key), else a new UUID. Quote it to support.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests the key may make per window (a minute), all endpoints and transports.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window ends.', schema: { type: 'integer' } },
  RateLimit: {
    description: 'The same figures in one header (IETF draft): `limit=100, remaining=99, reset=60`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': { description: 'The quota policy: `<limit>;w=<window seconds>`.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key; nothing was written again.',
    schema: { type: 'string', enum: ['true'] },
  },
  Location: { description: 'Where the created record lives.', schema: { type: 'string' } },
  'WWW-Authenticate': {
    description: '`Bearer realm="accounting-api"`; for a missing scope also `error="insufficient_scope", scope="<scope>"`.',
    schema: { type: 'string' },
  },
};
const SUCCESS_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
];
const headerRefs = (names: string[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** The headers of an error answer: the request id always; what to do next where the status says so. */
function errorHeadersOf(status: string) {
  const extra: Record<string, string[]> = {
    '401': ['WWW-Authenticate'],
    '403': ['WWW-Authenticate'],
    '409': ['Retry-After'],
    '429': ['Retry-After'],
    '503': ['Retry-After'],
  };
  return headerRefs(['X-Request-Id', ...(extra[status] ?? [])]);
}

/** A list's filters as query parameters, typed by the GraphQL filter input (enums in lower case, dates, booleans, ids' patterns). */
function filterParameters(route: CompiledRoute, schema: GraphQLSchema) {
  if (!route.filter) return [];
  const input = schema.getType(route.filter.type);
  if (!isInputObjectType(input)) return [];
  const fields = input.getFields();
  return route.filter.names.map((name) => {
    const field = fields[name];
    return { name, in: 'query', schema: parameterSchema(name, field.type), description: field.description ?? `Filter: ${name}.` };
  });
}

/**
 * The document's named schemas: every request and response body is one, referenced by `$ref`, so a
 * generated client has a type per resource, input and page (`Invoice`, `CreateInvoiceInput`,
 * `InvoicePage`). A resource's schema keeps the name it is handed; an input, its GraphQL input type's;
 * a page, its item's; any other body, its operation's (`GetTrialBalanceResponse`).
 */
function schemaNames(resources: Record<string, Schema>) {
  const schemas: Record<string, Schema> = { Problem: problemSchema };
  const nameOf = new Map<object, string>(Object.entries(resources).map(([name, schema]) => [schema, name]));
  const named = (name: string, schema: Schema) => {
    let unique = name;
    for (let i = 2; schemas[unique] && schemas[unique] !== schema; i++) unique = `${name}${i}`;
    schemas[unique] = schema;
    nameOf.set(schema, unique);
    return { $ref: `#/components/schemas/${unique}` };
  };
  const pageItem = (schema: Schema) =>
    (schema as { properties?: { data?: { items?: object }; pages?: unknown } }).properties?.pages
      ? (schema as { properties: { data: { items: object } } }).properties.data.items
      : undefined;
  return {
    schemas,
    /** Any other body's reference, under `name` (a table sent as CSV). */
    named,
    /** A response body's reference. */
    response(schema: Schema, operationName: string) {
      const known = nameOf.get(schema);
      if (known) return named(known, schema);
      const item = pageItem(schema);
      const itemName = item && nameOf.get(item);
      if (itemName) {
        // Every page of one resource has one shape: named once.
        if (schemas[`${itemName}Page`]) return { $ref: `#/components/schemas/${itemName}Page` };
        return named(`${itemName}Page`, {
          ...schema,
          properties: { ...(schema.properties as object), data: { type: 'array', items: named(itemName, item as Schema) } },
        });
      }
      return named(`${operationName}Response`, schema);
    },
    /** An input object type's reference (its nested input objects referenced too). */
    input(type: GraphQLInputType): Schema {
      if (isNonNullType(type)) return this.input(type.ofType);
      if (isListType(type)) return { type: 'array', items: this.input(type.ofType) };
      if (!isInputObjectType(type)) return inputSchema(type);
      if (schemas[type.name]) return { $ref: `#/components/schemas/${type.name}` };
      schemas[type.name] = {}; // before its fields: an input may nest itself
      const fields = Object.values(type.getFields());
      schemas[type.name] = {
        type: 'object',
        ...(type.description ? { description: type.description } : {}),
        properties: Object.fromEntries(fields.map((f) => [f.name, withDescription(this.input(f.type), f.description)])),
        required: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
        additionalProperties: false,
      };
      return { $ref: `#/components/schemas/${type.name}` };
    },
    /** A request body's reference: its input type's, or a name of its own when the route narrows it. */
    request(schema: Schema, operationName: string) {
      return (schema as { $ref?: string }).$ref ? schema : named(`${operationName}Request`, schema);
    },
  };
}

/** A referenced schema with a description of its own (OpenAPI 3.1 allows siblings of `$ref`). */
const withDescription = (schema: Schema, description: string | null | undefined): Schema =>
  description ? { ...schema, description } : schema;

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

// Long on purpose: the OpenAPI document in one pass over the routes, each operation's parts made by the helpers
// above.
export function openApiDocument(routes: CompiledRoute[], schema: GraphQLSchema, version: string, resources: Record<string, Schema> = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  const names = schemaNames(resources);
  for (const route of routes) {
    const path = route.path.replace(/:([a-zA-Z]+)/g, '{$1}');
    const pathParams = [...route.path.matchAll(/:([a-zA-Z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const isList =
      route.method === 'GET' &&
      route.responses[200] &&
      (route.responses[200] as { properties?: Record<string, unknown> }).properties?.pages;
    const queryParams = isList
      ? [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 }, description: 'Page number, from 1.' },
          {
            name: 'limit',
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            description: 'Items per page, at most 100.',
          },
          ...filterParameters(route, schema),
        ]
      : [];
    const variableParams = variableParameters(route);
    const bodyType = route.bodyType ? schema.getType(route.bodyType) : undefined;
    const write = route.method !== 'GET';
    const example = examples[route.operationId];
    const successHeaders = (status: string) => ({
      ...headerRefs(SUCCESS_HEADERS),
      ...(write ? headerRefs(['Idempotent-Replayed']) : {}),
      ...(status === '201' && route.path.split('/').length <= 4 ? headerRefs(['Location']) : {}),
    });
    const success = Object.entries(route.responses).map(([status, body]) => [
      status,
      {
        description: status === '201' ? 'Created' : status === '202' ? 'Accepted' : 'OK',
        headers: successHeaders(status),
        content: route.produces
          ? { [route.produces]: { schema: names.response(body, pascal(route.operationId)) } }
          : {
              'application/json': {
                schema: names.response(body, pascal(route.operationId)),
                ...(example?.response !== undefined ? { example: example.response } : {}),
              },
            },
      },
    ]);
    // What the key must hold: OpenAPI 3.1 lets a bearer requirement name them (as roles).
    const scopes = requiredScopes(schema, parse(route.document));
    const errors = errorStatusesOf(route, scopes).map((status) => [status, { $ref: `#/components/responses/Problem${status}` }]);
    const body = bodyType
      ? route.documentBody
        ? names.request(route.documentBody(inputSchema(bodyType as GraphQLInputType)), pascal(route.operationId))
        : names.input(bodyType as GraphQLInputType)
      : undefined;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      security: [{ bearerAuth: scopes }],
      tags: [route.path.split('/')[3]],
      parameters: [
        ...pathParams,
        ...queryParams,
        ...variableParams,
        ...(route.method === 'POST'
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                schema: { type: 'string', maxLength: 255 },
                description: 'Makes retries safe for 24 hours.',
              },
            ]
          : []),
      ],
      ...(body
        ? {
            requestBody: {
              required: route.bodyRequired ?? true,
              content: {
                'application/json': { schema: body, ...(example?.request !== undefined ? { example: example.request } : {}) },
                ...(route.rawBody
                  ? {
                      [route.rawBody.mediaType ?? 'application/octet-stream']: {
                        schema: names.named(`${pascal(route.operationId)}File`, {
                          type: 'string',
                          format: 'binary',
                          description:
                            route.rawBody.description ??
                            'The raw file (also sent with its own type: application/pdf, image/png, text/csv…).',
                        }),
                      },
                    }
                  : {}),
                ...(route.csv
                  ? {
                      'text/csv': {
                        schema: names.named(`${pascal(route.operationId)}Table`, {
                          type: 'string',
                          description: 'The same records as a CSV table: a header row naming the columns, then one row per record.',
                        }),
                        example: route.csv.example,
                      },
                    }
                  : {}),
              },
            },
          }
        : {}),
      responses: Object.fromEntries([...success, ...errors]),
    };
    // HEAD is GET without the body: the same statuses and headers.
    if (route.method === 'GET') {
      const get = paths[path].get as { parameters: unknown[]; security: unknown; tags: unknown };
      paths[path].head = {
        operationId: `head${route.operationId.charAt(0).toUpperCase()}${route.operationId.slice(1)}`,
        summary: `${route.summary} (headers only)`,
        security: get.security,
        tags: get.tags,
        parameters: get.parameters,
        responses: Object.fromEntries([
          ...Object.keys(route.responses).map((status) => [status, { description: 'OK, without a body', headers: successHeaders(status) }]),
          ...errors.map(([status]) => [
            status,
            { description: ERROR_RESPONSES[status as unknown as keyof typeof ERROR_RESPONSES], headers: errorHeadersOf(String(status)) },
          ]),
        ]),
      };
    }
  }
  paths[BATCH_PATH] = batchOperation(names, ERROR_RESPONSES);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Accounting API',
      version,
      description:
        'REST API v1. Every request needs `Authorization: Bearer <API key>`. Lists take `page` and `limit` (at most 100) and ' +
        'answer `{ data, total, page, limit, pages }`. Errors are RFC 9457 problem details with a `code`. ' +
        "Every answer carries `X-Request-Id`; every answer to a request with a valid key carries the key's quota " +
        '(`X-RateLimit-*`, `RateLimit`, `RateLimit-Policy`). ' +
        'A path this document does not list answers 404 (`NOT_FOUND`, the `Problem404` shape); a listed path asked with a method ' +
        'it does not take answers 405 (`METHOD_NOT_ALLOWED`, the same problem shape) with an `Allow` header listing the ' +
        'methods it takes (there is no operation to declare that on). Every GET also answers HEAD.',
      license: { name: 'Proprietary: for integrators of the service', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'API key: ak_<prefix>_<secret>. Each operation names the scopes the key needs (`<resource>:write` includes ' +
            '`<resource>:read`; `*` holds every scope).',
        },
      },
      schemas: names.schemas,
      headers: HEADERS,
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, description]) => [
          `Problem${status}`,
          {
            description,
            headers: errorHeadersOf(status),
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        ]),
      ),
    },
  };
}

/** POST /api/v1/batch (http/batch.ts): not a route of the table but a way to call several of them. */
function batchOperation(names: ReturnType<typeof schemaNames>, errorResponses: Record<string, string>) {
  const operation = {
    type: 'object',
    required: ['method', 'path'],
    additionalProperties: false,
    properties: {
      method: { type: 'string', enum: ['GET', 'POST', 'PATCH', 'DELETE'] },
      path: {
        type: 'string',
        description: 'A path of this API with its query, e.g. /api/v1/sales-receipts or /api/v1/invoices?status=open.',
      },
      body: { type: 'object', description: 'The JSON body the operation takes on its own.' },
      idempotencyKey: { type: 'string', maxLength: 255, description: "The operation's own Idempotency-Key." },
    },
  };
  const result = {
    type: 'object',
    required: ['index', 'status', 'body'],
    additionalProperties: false,
    properties: {
      index: { type: 'integer', minimum: 0, description: "The operation's position in the batch." },
      status: { type: 'integer', description: 'The status it would have been answered alone.' },
      body: { description: 'The body it would have been answered alone (a problem+json body for an error).' },
      location: { type: 'string', description: 'Where a created record lives.' },
      idempotentReplayed: { type: 'boolean', description: 'An earlier request with the same key produced this answer.' },
    },
  };
  const example = examples.runBatch;
  return {
    post: {
      operationId: 'runBatch',
      summary: `Run up to ${MAX_BATCH_OPERATIONS} operations in order, each answered as alone; atomic: all or nothing`,
      description:
        'Each operation is checked, scoped and answered exactly as on its own. A failure stops nothing, unless `atomic` is ' +
        'true: then the batch holds writes only, they run in one transaction, and the first failure rolls all of them back and ' +
        'is the answer (its problem names `failedIndex`, and its field errors `operations.<i>.body.<field>`). A batch spends one ' +
        `request of the key's quota per ${OPERATIONS_PER_POINT} operations, rounded up.`,
      security: [{ bearerAuth: [] }],
      tags: ['batch'],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: names.named('RunBatchRequest', {
              type: 'object',
              required: ['operations'],
              additionalProperties: false,
              properties: {
                operations: { type: 'array', minItems: 1, maxItems: MAX_BATCH_OPERATIONS, items: operation },
                atomic: { type: 'boolean', description: 'All or nothing (writes only).' },
              },
            }),
            ...(example?.request !== undefined ? { example: example.request } : {}),
          },
        },
      },
      responses: {
        200: {
          description: 'OK',
          headers: headerRefs(['X-Request-Id']),
          content: {
            'application/json': {
              schema: names.named('RunBatchResponse', {
                type: 'object',
                required: ['atomic', 'results'],
                additionalProperties: false,
                properties: { atomic: { type: 'boolean' }, results: { type: 'array', items: result } },
              }),
              ...(example?.response !== undefined ? { example: example.response } : {}),
            },
          },
        },
        ...Object.fromEntries(
          Object.keys(errorResponses)
            .filter((status) => !['403', '404'].includes(status))
            .map((status) => [status, { $ref: `#/components/responses/Problem${status}` }]),
        ),
      },
    },
  };
}

export const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Accounting API v1</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/api/v1/docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/v1/docs/swagger-ui-bundle.js"></script>
<script>
// Every GET also answers HEAD and the document says so, operation by operation, for tools; a person
// reading the page needs each operation once, so the page shows the document without its HEADs.
const withoutHead = (response) => {
  if (response.url && response.url.endsWith('/api/v1/openapi.json') && response.text) {
    const doc = JSON.parse(response.text);
    for (const operations of Object.values(doc.paths)) delete operations.head;
    response.text = JSON.stringify(doc);
    response.body = response.obj = doc;
  }
  return response;
};
window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#docs', responseInterceptor: withoutHead });
</script>
</body></html>`;
