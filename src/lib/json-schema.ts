// Small builders for the JSON Schemas of REST shapes (OpenAPI 3.1 uses JSON Schema 2020-12). Each
// builder also carries, for the compiler only, the TypeScript type of the JSON it describes, so a
// resource's public representation renders exactly the shape its schema documents (core/representations.ts).
import type { IdPrefix } from './ids.ts';
declare const described: unique symbol;

/** A JSON Schema; `T` is the type of the JSON it describes (unknown for hand-written ones). */
export type Schema<T = unknown> = Record<string, unknown> & { readonly [described]?: T };

/** The TypeScript type of the JSON a schema describes. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape<P extends Record<string, Schema<unknown>>> = { [K in keyof P]: Infer<P[K]> };

const nullable = <T>(schema: Schema<T>): Schema<T | null> => ({ ...schema, type: [schema.type as string, 'null'] });

export const S = {
  string: { type: 'string' } as Schema<string>,
  integer: { type: 'integer' } as Schema<number>,
  number: { type: 'number', description: "Amount in the organization's currency, at most its minor-unit decimals." } as Schema<number>,
  /** A percentage, 0 to 100, at most 4 decimals. */
  percent: (description: string): Schema<number> => ({ type: 'number', minimum: 0, maximum: 100, description }),
  boolean: { type: 'boolean' } as Schema<boolean>,
  date: { type: 'string', format: 'date' } as Schema<string>,
  dateTime: { type: 'string', format: 'date-time' } as Schema<string>,
  id: (prefix: IdPrefix): Schema<string> => ({ type: 'string', pattern: `^${prefix}_[0-9a-z]{26}$` }),
  nullable,
  enum: (values: readonly string[]): Schema<string> => ({ type: 'string', enum: values.map((v) => v.toLowerCase()) }),
  array: <T>(items: Schema<T>): Schema<T[]> => ({ type: 'array', items }),
  /** An object whose every property is present (nullable ones may be null) and nothing else. */
  object: <P extends Record<string, Schema<unknown>>>(properties: P, description?: string): Schema<Shape<P>> => ({
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  }),
  /** An object whose `properties` are always present and whose `optional` ones only sometimes (and nothing else). */
  objectWithOptional: <P extends Record<string, Schema<unknown>>, O extends Record<string, Schema<unknown>>>(
    properties: P,
    optional: O,
    description?: string,
  ): Schema<Shape<P> & Partial<Shape<O>>> => ({
    type: 'object',
    ...(description ? { description } : {}),
    properties: { ...properties, ...optional },
    required: Object.keys(properties),
    additionalProperties: false,
  }),
};

export const pageSchema = (item: Schema): Schema =>
  S.object({
    data: S.array(item),
    total: { type: 'integer', minimum: 0, description: 'Count of results across all pages.' },
    page: { type: 'integer', minimum: 1, description: 'Current page number.' },
    limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size in effect.' },
    pages: { type: 'integer', minimum: 0, description: 'Number of pages: ceil(total / limit).' },
  });

export const problemSchema: Schema = {
  type: 'object',
  description: 'RFC 9457 problem details; `code` is from the error catalogue shared with GraphQL.',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string' },
    errors: S.array(S.object({ path: S.string, message: S.string })),
    requiredScope: { type: 'string', description: 'INSUFFICIENT_SCOPE: the scope the API key lacks.' },
    requestId: { type: 'string' },
  },
  required: ['type', 'title', 'status', 'detail', 'code', 'requestId'],
};

/** An object schema without some of its fields (e.g. the ones a REST path supplies). */
export function withoutFields(schema: Schema, fields: string[]): Schema {
  const properties = { ...(schema.properties as Record<string, Schema>) };
  for (const field of fields) delete properties[field];
  return { ...schema, properties, required: ((schema.required as string[] | undefined) ?? []).filter((f) => !fields.includes(f)) };
}

/** The schema with the property at `path` (names through objects; `[]` steps into array items) replaced. */
export function replaceProperty(schema: Schema, path: string[], replace: (property: Schema) => Schema): Schema {
  if (path.length === 0) return replace(schema);
  const [head, ...rest] = path;
  if (head === '[]') return { ...schema, items: replaceProperty(schema.items as Schema, rest, replace) };
  const properties = schema.properties as Record<string, Schema>;
  return { ...schema, properties: { ...properties, [head]: replaceProperty(properties[head], rest, replace) } };
}
