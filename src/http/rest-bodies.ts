// A REST body checked against the GraphQL input type its route feeds, with graphql-js's own coercion, and
// every problem named in REST's words (a JSON number where GraphQL says Float, an array where it says a
// list), so REST refuses exactly what GraphQL refuses and says all of it at once.
import {
  coerceInputValue,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { DATE_RANGE } from '../lib/dates.ts';
import type { FieldError } from '../lib/errors.ts';
import { enumValuesNamedIn } from '../graphql/errors.ts';

/**
 * Checks a JSON body against the GraphQL input type the route feeds, with graphql-js's own coercion,
 * so REST refuses exactly what GraphQL refuses (unknown fields, wrong types, missing required fields,
 * bad Money or Date), but names every bad field at once, by its path in the body.
 */
export function bodyProblems(body: unknown, type: GraphQLInputType, schema: GraphQLSchema): FieldError[] {
  const errors: FieldError[] = listsThatAreNotArrays(body, type);
  if (errors.length) return errors;
  coerceInputValue(body, type, (path, invalid, error) => {
    // graphql-js names an unknown or missing field in the message, not in the path: move it there.
    const unknownField = /^Field "([^"]+)" is not defined by type/.exec(error.message);
    const missingField = /^Field "([^"]+)" of required type "([^"]+)" was not provided/.exec(error.message);
    const field = unknownField?.[1] ?? missingField?.[1];
    const at = [...path, ...(field ? [field] : [])];
    const where = at.join('.');
    let message: string;
    if (unknownField) message = 'is not a known field';
    else if (missingField) message = 'is required';
    else {
      const expected = typeAt(type, at);
      message =
        (expected && restTypeMessage(expected, invalid)) ?? enumMessage(error.message, invalid, schema) ?? error.message.replace(/\.$/, '');
    }
    errors.push({ path: where || '(body)', message });
  });
  return errors;
}

/** A value of each scalar the service's rules read as harmless: empty text, zero, false. */
const PLACEHOLDERS: Record<string, unknown> = {
  String: '',
  ID: '',
  Int: 0,
  Float: 0,
  Boolean: false,
  Money: '0',
  Percent: '0',
  Date: '2000-01-01',
  DateTime: '2000-01-01T00:00:00Z',
};

/**
 * `body` with each field at fault left out, or replaced by a placeholder of its type where the type
 * requires a value (an enum's first value; an empty list); undefined when a fault cannot be set aside
 * (the body itself, or a required object).
 */
export function withoutProblems(body: unknown, type: GraphQLInputType, problems: FieldError[]): Record<string, unknown> | undefined {
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const { path } of problems) {
    if (path === '(body)') return undefined;
    const steps = path.split('.').map((step) => (/^\d+$/.test(step) ? Number(step) : step));
    const parent = steps
      .slice(0, -1)
      .reduce<unknown>(
        (node, step) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[step] : undefined),
        copy,
      );
    if (!parent || typeof parent !== 'object') return undefined;
    const last = steps.at(-1)!;
    const fieldType = typeAt(type, steps);
    if (!fieldType || !isNonNullType(fieldType)) {
      if (Array.isArray(parent)) return undefined;
      delete (parent as Record<string | number, unknown>)[last];
      continue;
    }
    const named = getNullableType(fieldType);
    const placeholder = isListType(named)
      ? []
      : isEnumType(named)
        ? named.getValues()[0]?.name
        : isScalarType(named)
          ? PLACEHOLDERS[named.name]
          : undefined;
    if (placeholder === undefined) return undefined;
    (parent as Record<string | number, unknown>)[last] = placeholder; // the body is in GraphQL's spelling here (bodyToInput ran)
  }
  return copy;
}

/** The input type at a path of field names and list indices. */
function typeAt(type: GraphQLInputType, path: readonly (string | number)[]): GraphQLInputType | undefined {
  let current: GraphQLInputType | undefined = type;
  for (const step of path) {
    const bare: GraphQLInputType | undefined = current && (getNullableType(current) as GraphQLInputType);
    if (isListType(bare) && typeof step === 'number') current = bare.ofType as GraphQLInputType;
    else if (isInputObjectType(bare) && typeof step === 'string') current = bare.getFields()[step]?.type;
    else return undefined;
  }
  return current;
}

/** What REST expects of a field, in JSON's words (never a GraphQL type name). */
const REST_EXPECTATIONS: Record<string, string> = {
  String: 'a string',
  ID: 'an id (a string)',
  Int: 'a whole number',
  Float: 'a number',
  Boolean: 'true or false',
  Money: "a number with at most the currency's decimals, such as 12.5",
  Percent: 'a number from 0 to 100 with at most 4 decimals, such as 8.875',
  Date: `a calendar date as "YYYY-MM-DD" ${DATE_RANGE}`,
  DateTime: `an ISO 8601 date-time such as "2026-11-24T09:30:00Z", on a day ${DATE_RANGE}`,
};

/** How a JSON value is named in a refusal: its kind, and the value itself when it is short. */
function jsonValueText(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  return String(value);
}

/** `expected a string, got 5`: a refused value in REST's words, or undefined when the type has none. */
function restTypeMessage(expected: GraphQLInputType, invalid: unknown): string | undefined {
  const bare = getNullableType(expected);
  if (invalid === null && isNonNullType(expected))
    return `must not be null${isScalarType(bare) && REST_EXPECTATIONS[bare.name] ? ` (expected ${REST_EXPECTATIONS[bare.name]})` : ''}`;
  if (isEnumType(bare))
    return `must be one of ${bare
      .getValues()
      .map((v) => v.name.toLowerCase())
      .join(', ')}, got ${jsonValueText(typeof invalid === 'string' ? invalid.toLowerCase() : invalid)}`;
  if (isInputObjectType(bare)) return `expected a JSON object, got ${jsonValueText(invalid)}`;
  if (isListType(bare)) return `expected a JSON array, got ${jsonValueText(invalid)}`;
  const expectation = isScalarType(bare) ? REST_EXPECTATIONS[bare.name] : undefined;
  if (!expectation) return undefined;
  // A whole number too large for 32 bits is a number, but not one this field takes.
  if (bare.name === 'Int' && typeof invalid === 'number' && Number.isInteger(invalid))
    return `expected a whole number from -2147483648 to 2147483647, got ${invalid}`;
  return `expected ${expectation}, got ${jsonValueText(invalid)}`;
}

/** REST spells enum values in lower case: `must be one of asset, liability, …, got "planet"`. */
function enumMessage(message: string, invalid: unknown, schema: GraphQLSchema): string | undefined {
  const values = enumValuesNamedIn(message, schema);
  return (
    values &&
    `must be one of ${values.map((v) => v.toLowerCase()).join(', ')}, got ` +
      `${JSON.stringify(typeof invalid === 'string' ? invalid.toLowerCase() : invalid)}`
  );
}

/**
 * GraphQL coerces a single value where a list is expected ("input coercion" for lists); JSON has
 * arrays, and the REST contract's list fields are arrays, so a REST body must send one.
 */
function listsThatAreNotArrays(value: unknown, type: GraphQLInputType, path: string[] = [], found: FieldError[] = []): FieldError[] {
  const bare = getNullableType(type);
  if (value === null || value === undefined) return found;
  if (isListType(bare)) {
    if (!Array.isArray(value))
      found.push({ path: path.join('.') || '(body)', message: `expected a JSON array, got ${jsonValueText(value)}` });
    else value.forEach((item, i) => listsThatAreNotArrays(item, bare.ofType, [...path, String(i)], found));
  } else if (isInputObjectType(bare) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = bare.getFields();
    for (const [name, item] of Object.entries(value))
      if (fields[name]) listsThatAreNotArrays(item, fields[name].type, [...path, name], found);
  }
  return found;
}
