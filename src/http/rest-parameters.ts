// A REST route's path and query parameters: checked, parsed by the GraphQL types of the variables they
// feed (a list's filter, paging), and turned into the stored document's variables.
import {
  type DocumentNode,
  getNullableType,
  getOperationAST,
  isEnumType,
  isInputObjectType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
  type NamedTypeNode,
  typeFromAST,
} from 'graphql';
import { DATE_RANGE, isAcceptedDate, isAcceptedMoment } from '../lib/dates.ts';
import { type IdKind, idKindNamedBy, notAnIdOf } from '../lib/ids.ts';
import { DEFAULT_PAGE_LIMIT, pageErrors } from '../lib/pagination.ts';
import { type FieldError, validationError } from '../lib/errors.ts';
import { badTextIn, textProblem } from '../lib/text.ts';
import type { CompiledRoute, ListVariables, ParameterParser, RestRequest } from './rest-types.ts';

// --- Helpers routes share to read query parameters the way the v1 contract defines them.

/**
 * Path ids and query parameters, before any route reads them: each must be acceptable text, and a query
 * parameter may be given once (a repeated one is refused rather than silently "last wins").
 */
export function checkParameters(params: Record<string, string>, query: URLSearchParams): void {
  const errors: FieldError[] = badTextIn(params);
  const seen = new Set<string>();
  for (const [name, value] of query) {
    const nameProblem = textProblem(name);
    const problem = nameProblem ?? textProblem(value);
    if (problem) errors.push({ path: nameProblem ? '(query)' : name, message: problem });
    else if (seen.has(name)) errors.push({ path: name, message: 'is given more than once; give each parameter once' });
    seen.add(name);
  }
  if (errors.length) throw validationError(errors);
}

/** Parses `page` and `limit` (whole numbers) and any allowed filters; unknown parameters are refused. */
export function listVariables(query: URLSearchParams, filters: Record<string, ParameterParser> = {}): ListVariables {
  const errors: FieldError[] = [];
  const out: ListVariables = { filter: {} };
  for (const [name, value] of query) {
    if (name === 'page' || name === 'limit') {
      if (!/^-?\d+$/.test(value)) errors.push({ path: name, message: `must be a whole number, got "${value}"` });
      else out[name] = Number(value);
    } else if (name in filters) {
      try {
        out.filter[name] = filters[name](value);
      } catch (error) {
        errors.push({ path: name, message: (error as Error).message });
      }
    } else {
      const known = ['page', 'limit', ...Object.keys(filters)].join(', ');
      errors.push({ path: name, message: `is not a parameter of this endpoint (known: ${known})` });
    }
  }
  // Checked here too, not only by the GraphQL field: a page beyond 32 bits would fail GraphQL's Int first, in its wording.
  errors.push(...pageErrors(out.page ?? 1, out.limit ?? DEFAULT_PAGE_LIMIT).filter((e) => !errors.some((f) => f.path === e.path)));
  if (errors.length) throw validationError(errors);
  return out;
}

export const booleanParam = (value: string) => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`must be true or false, got "${value}"`);
};

export const dateParam = (value: string) => {
  if (!isAcceptedDate(value)) throw new Error(`must be a calendar date as YYYY-MM-DD ${DATE_RANGE}, got "${value}"`);
  return value;
};

export const enumParam = (allowed: readonly string[]) => (value: string) => {
  const upper = value.toUpperCase();
  if (!allowed.includes(upper)) throw new Error(`must be one of ${allowed.map((a) => a.toLowerCase()).join(', ')}, got "${value}"`);
  return upper;
};

/**
 * The parser of each named field of a GraphQL filter input type, by the field's type: an enum takes its
 * values in REST's lower case, `Date` a calendar date, `Boolean` true or false, `Int` a whole number, text
 * and ids as they are. Checked at start-up: a name the type lacks, or a type with no REST spelling, fails the boot.
 */
export function filterParsersOf(schema: GraphQLSchema, typeName: string, names: string[], where: string): Record<string, ParameterParser> {
  const type = schema.getType(typeName);
  if (!isInputObjectType(type)) throw new Error(`${where}: no input type ${typeName}`);
  const fields = type.getFields();
  return Object.fromEntries(
    names.map((name) => {
      const field = fields[name];
      if (!field) throw new Error(`${where}: ${typeName} has no field ${name}`);
      return [name, parameterParserFor(field.type, `${where}: ${typeName}.${name}`, name)];
    }),
  );
}

/**
 * How a query parameter of this GraphQL type is read: an enum in lower case, or its scalar's spelling;
 * one named `<type>Id` must be an id of that type (`customerId=5` is a mistake to report, not a filter
 * that matches nothing).
 */
function parameterParserFor(type: GraphQLInputType, where: string, name: string): ParameterParser {
  const bare = getNullableType(type);
  const idOf = idKindNamedBy(name);
  if (idOf && isScalarType(bare) && (bare.name === 'ID' || bare.name === 'String')) return idParam(idOf);
  if (isEnumType(bare)) return enumParam(bare.getValues().map((v) => v.name));
  const parser = isScalarType(bare) ? SCALAR_PARAMETERS[bare.name] : undefined;
  if (!parser) throw new Error(`${where}: no query-parameter spelling for ${String(bare)}`);
  return parser;
}

const idParam = (kind: IdKind) => (value: string) => {
  const problem = notAnIdOf(kind, value);
  if (problem) throw new Error(problem);
  return value;
};

const wholeNumberParam = (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new Error(`must be a whole number, got "${value}"`);
  return Number(value);
};

/** A moment: an ISO 8601 date-time (`2026-11-24T09:30:00Z`) or a calendar date (its midnight UTC). */
export const dateTimeParam = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || !isAcceptedMoment(new Date(value))) {
    throw new Error(`must be an ISO 8601 date-time such as 2026-11-24T09:30:00Z, on a day ${DATE_RANGE}, got "${value}"`);
  }
  return value;
};

const SCALAR_PARAMETERS: Record<string, ParameterParser> = {
  String,
  ID: String,
  Boolean: booleanParam,
  Date: dateParam,
  DateTime: dateTimeParam,
  Int: wholeNumberParam,
};

/** REST spells enum values in lower case; GraphQL in upper case. */
export function upperCaseFields(body: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out = { ...body };
  for (const field of fields) if (typeof out[field] === 'string') out[field] = (out[field] as string).toUpperCase();
  return out;
}

/**
 * Parsers for query parameters that are variables of a stored document, by the type the document
 * declares for each (`$asOf: Date` is a calendar date, `$page: Int` a whole number, an enum in lower case).
 */
export function variableParsersOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  names: string[],
  where: string,
): NonNullable<CompiledRoute['variableParsers']> {
  const operation = getOperationAST(document);
  const definitions = new Map(operation?.variableDefinitions?.map((d) => [d.variable.name.value, d]) ?? []);
  const parsers: Record<string, ParameterParser> = {};
  const types: Record<string, GraphQLInputType> = {};
  const required: string[] = [];
  for (const name of names) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`${where}: the document has no variable $${name}`);
    const type = typeFromAST(schema, definition.type as NamedTypeNode) as GraphQLInputType | undefined;
    if (!type) throw new Error(`${where}: unknown type of $${name}`);
    if (isNonNullType(type) && !definition.defaultValue) required.push(name);
    types[name] = type;
    parsers[name] = parameterParserFor(type, `${where}: $${name}`, name);
  }
  return { parsers, types, required };
}

/** The variables of a route with `variables`: its path parameters and its query parameters, parsed; unknown ones refused. */
export function documentVariables(
  req: RestRequest,
  { parsers, required }: NonNullable<CompiledRoute['variableParsers']>,
  paramNames: string[],
): Record<string, unknown> {
  const errors: FieldError[] = [];
  const variables: Record<string, unknown> = {};
  for (const name of paramNames) variables[name] = req.params[name];
  for (const [name, value] of req.query) {
    const parse = parsers[name];
    if (!parse) {
      errors.push({
        path: name,
        message: Object.keys(parsers).length
          ? `is not a parameter of this endpoint (known: ${Object.keys(parsers).join(', ')})`
          : 'is not a parameter of this endpoint (it takes none)',
      });
      continue;
    }
    try {
      variables[name] = parse(value);
    } catch (error) {
      errors.push({ path: name, message: (error as Error).message });
    }
  }
  for (const name of required) if (!req.query.has(name)) errors.push({ path: name, message: 'is required' });
  if ('page' in variables || 'limit' in variables)
    errors.push(
      ...pageErrors((variables.page as number) ?? 1, (variables.limit as number) ?? DEFAULT_PAGE_LIMIT).filter(
        (e) => !errors.some((f) => f.path === e.path),
      ),
    );
  if (errors.length) throw validationError(errors);
  return variables;
}
