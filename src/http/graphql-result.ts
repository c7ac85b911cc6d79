// REST answers that are a GraphQL result as it stands (the reports): the JSON Schema of what a stored
// document selects, read from the GraphQL types, and the result turned into REST's spelling: amounts
// and percentages as JSON numbers (GraphQL sends them as decimal strings), enum values in lower case.
// The GraphQL type is the one declaration of the shape; REST's schema and values follow from it.
import {
  type DocumentNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
  getNamedType,
  getOperationAST,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
} from 'graphql';
import type { Schema } from '../lib/json-schema.ts';

/** GraphQL scalars as REST answers them. */
const SCALARS: Record<string, { schema: Schema; toRest?: (value: unknown) => unknown }> = {
  String: { schema: { type: 'string' } },
  ID: { schema: { type: 'string' } },
  Int: { schema: { type: 'integer' } },
  Float: { schema: { type: 'number' } },
  Boolean: { schema: { type: 'boolean' } },
  Date: { schema: { type: 'string', format: 'date' } },
  DateTime: { schema: { type: 'string', format: 'date-time' } },
  // Exact decimal text in GraphQL; a JSON number with at most the currency's decimals in REST, as every REST amount.
  Money: {
    schema: { type: 'number', description: "Amount in the organization's currency, at most its minor-unit decimals." },
    toRest: Number,
  },
  Percent: { schema: { type: 'number', description: 'Percentage, e.g. 8.875.' }, toRest: Number },
};

export interface ResultShape {
  schema: Schema;
  toRest(value: unknown): unknown;
}

type Convert = (value: unknown) => unknown;

function shapeOf(type: GraphQLOutputType, selections: SelectionSetNode | undefined, where: string): { schema: Schema; convert: Convert } {
  const nullable = !isNonNullType(type);
  const bare = isNonNullType(type) ? type.ofType : type;
  let schema: Schema;
  let convert: Convert;
  if (isListType(bare)) {
    const item = shapeOf(bare.ofType, selections, where);
    schema = { type: 'array', items: item.schema };
    convert = (value) => (value as unknown[]).map(item.convert);
  } else if (isEnumType(bare)) {
    // A value's REST spelling: its name in lower case, or the one it declares (`extensions.rest`).
    const spelling = new Map(bare.getValues().map((v) => [v.name, (v.extensions?.rest as string | undefined) ?? v.name.toLowerCase()]));
    schema = { type: 'string', enum: [...spelling.values()] };
    convert = (value) => spelling.get(value as string) ?? (value as string).toLowerCase();
  } else if (isScalarType(bare)) {
    const scalar = SCALARS[bare.name];
    if (!scalar) throw new Error(`${where}: no REST spelling for the GraphQL scalar ${bare.name}`);
    schema = scalar.schema;
    convert = scalar.toRest ?? ((value) => value);
  } else if (isObjectType(bare)) {
    if (!selections) throw new Error(`${where}: ${bare.name} needs a selection`);
    const fields = bare.getFields();
    const properties: [string, { schema: Schema; convert: Convert }][] = selections.selections.map((selection) => {
      if (selection.kind !== Kind.FIELD) throw new Error(`${where}: fragments are not supported in REST result documents`);
      const field = fields[selection.name.value];
      if (!field) throw new Error(`${where}: ${bare.name} has no field ${selection.name.value}`);
      const key = selection.alias?.value ?? selection.name.value;
      const shape = shapeOf(field.type, selection.selectionSet, `${where}.${key}`);
      return [
        key,
        {
          schema: { ...shape.schema, ...(field.description && !shape.schema.description ? { description: field.description } : {}) },
          convert: shape.convert,
        },
      ];
    });
    schema = {
      type: 'object',
      ...(bare.description ? { description: bare.description } : {}),
      properties: Object.fromEntries(properties.map(([key, p]) => [key, p.schema])),
      required: properties.map(([key]) => key),
      additionalProperties: false,
    };
    convert = (value) => {
      const object = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, p] of properties) out[key] = p.convert(object[key]);
      return out;
    };
  } else {
    throw new Error(`${where}: ${getNamedType(bare).name} (an interface or union) has no fixed REST shape`);
  }
  if (!nullable) return { schema, convert };
  return {
    schema: { ...schema, type: [schema.type as string, 'null'] },
    convert: (value) => (value === null || value === undefined ? null : convert(value)),
  };
}

/** The shape of the root field `field` of a query document, as REST answers it. */
export function resultShape(schema: GraphQLSchema, document: DocumentNode, field: string): ResultShape {
  const operation = getOperationAST(document);
  const root = operation?.selectionSet.selections.find((s) => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === field);
  if (operation?.operation !== 'query' || root?.kind !== Kind.FIELD) throw new Error(`the document has no query field ${field}`);
  const definition = schema.getQueryType()!.getFields()[root.name.value];
  if (!definition) throw new Error(`Query has no field ${root.name.value}`);
  const shape = shapeOf(definition.type, root.selectionSet, field);
  return { schema: shape.schema, toRest: shape.convert };
}
