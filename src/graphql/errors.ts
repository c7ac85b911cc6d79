// Maps every error a resolver can raise onto the catalogue, once, for both surfaces (REST reads the
// same extensions). Unexpected errors are logged with their stack and reach the client masked.
import {
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  isEnumType,
  NoSchemaIntrospectionCustomRule,
  type ValidationRule,
} from 'graphql';
import { AppError, type ErrorCode, ERROR_CATALOGUE, type FieldError, errorHeaders, validationError } from '../lib/errors.ts';
import { badTextIn, textProblem } from '../lib/text.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../ops/metrics.ts';

/** What Prisma's known request errors carry; the adapter puts a unique constraint's columns under driverAdapterError. */
interface DriverAdapterCause {
  kind?: string;
  table?: string;
  constraint?: { fields?: string[]; index?: string };
}

interface PrismaKnownError {
  name: 'PrismaClientKnownRequestError';
  code?: string;
  meta?: { target?: string[] | string; driverAdapterError?: { cause?: DriverAdapterCause } };
}

/**
 * The columns of the unique constraint a driver adapter reports broken: named (SQLite), or its index's name,
 * which Prisma makes `<Model>_<column>_…_key` (PostgreSQL; columns here are camelCase, never with `_`).
 */
function constraintColumns(cause: DriverAdapterCause): string[] {
  if (cause.constraint?.fields) return cause.constraint.fields;
  const index = cause.constraint?.index;
  const named = index && cause.table ? new RegExp(`^${cause.table}_(.+)_key$`).exec(index) : null;
  return named ? named[1].split('_') : [];
}

/** A unique value taken: the columns of the constraint, but the organization (every one is per organization). */
function alreadyTaken(columns: string[]): AppError {
  const fields = columns.filter((f) => f !== 'organizationId');
  return new AppError(
    'CONFLICT',
    `A record with the same ${fields.join(', ') || 'unique value'} already exists`,
    fields.map((path) => ({ path, message: 'is already taken' })),
  );
}

/** A foreign key broken: a record the write names is gone (services check the ids they are given first). */
const referenceMissing = () => new AppError('VALIDATION_FAILED', 'A referenced record does not exist');

/**
 * A constraint broken by a raw statement on SQLite's connection (src/db/sql.ts), which better-sqlite3 reports
 * as `SQLITE_CONSTRAINT_UNIQUE` with the columns in its message ("UNIQUE constraint failed: Invoice.organizationId,
 * Invoice.number"), or as `SQLITE_CONSTRAINT_FOREIGNKEY`.
 */
function sqliteConstraintViolation(error: object): AppError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return referenceMissing();
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return undefined;
  const columns = /constraint failed: (.+)$/.exec((error as Error).message ?? '')?.[1].split(',') ?? [];
  return alreadyTaken(columns.map((c) => c.trim().split('.').pop()!));
}

/**
 * A constraint broken by a raw statement on a PostgreSQL connection of the unit of work's own
 * (src/db/sql.ts `pgTransaction`), as node-postgres reports it: the SQLSTATE, the table and the
 * constraint's (index's) name.
 */
function pgConstraintViolation(error: object): AppError | undefined {
  const { code, table, constraint } = error as { code?: unknown; table?: unknown; constraint?: unknown };
  if (code === '23505' && typeof constraint === 'string')
    return alreadyTaken(constraintColumns({ table: typeof table === 'string' ? table : undefined, constraint: { index: constraint } }));
  if (code === '23503') return referenceMissing();
  return undefined;
}

function prismaToAppError(error: PrismaKnownError): AppError | undefined {
  // P2002 unique constraint, P2025 record not found, P2003 foreign key: input problems, not crashes.
  if (error.code === 'P2002') {
    const target = error.meta?.target ?? error.meta?.driverAdapterError?.cause?.constraint?.fields;
    return alreadyTaken(Array.isArray(target) ? target : target ? [target] : []);
  }
  // P2010: a raw statement failed; through a driver adapter a unique value taken says so in its cause.
  if (error.code === 'P2010' && error.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation')
    return alreadyTaken(constraintColumns(error.meta.driverAdapterError.cause));
  if (error.code === 'P2010' && error.meta?.driverAdapterError?.cause?.kind === 'ForeignKeyConstraintViolation') return referenceMissing();
  if (error.code === 'P2025') return new AppError('NOT_FOUND', 'The record does not exist');
  if (error.code === 'P2003') return referenceMissing();
  return undefined;
}

const databaseUnavailable = () => new AppError('SERVICE_UNAVAILABLE', 'The database cannot be reached right now; retry in a few seconds');

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  // Pothos refuses bad connection arguments (e.g. a cursor that is not one of ours) with this error.
  if (error && typeof error === 'object' && (error as Error).name === 'PothosValidationError')
    return new AppError('VALIDATION_FAILED', (error as Error).message);
  // Before Prisma's input errors: a lost connection is reported as one whatever code it came with.
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (error && typeof error === 'object' && (error as { name?: unknown }).name === 'PrismaClientKnownRequestError')
    return prismaToAppError(error as PrismaKnownError);
  if (error && typeof error === 'object') return sqliteConstraintViolation(error) ?? pgConstraintViolation(error);
  return undefined;
}

/** A request error's code: VALIDATION_FAILED, unless Yoga answered it with 405 (a mutation over GET). */
function requestErrorCode(error: GraphQLError): ErrorCode {
  return (error.extensions?.http as { status?: number } | undefined)?.status === 405 ? 'METHOD_NOT_ALLOWED' : 'VALIDATION_FAILED';
}

/** The message of a request error as a client should read it. */
function requestErrorMessage(message: string, schema: GraphQLSchema): string {
  // graphql-armor words its refusals (depth, cost, aliases, tokens) as "Syntax Error: …": they are limits.
  return withAllowedEnumValues(message, schema).replace(/^Syntax Error: (?=.*limit)/i, '');
}

/** The values of the enum a graphql-js message (`Value "X" does not exist in "AccountType" enum.`) names. */
export function enumValuesNamedIn(message: string, schema: GraphQLSchema): string[] | undefined {
  const named = /does not exist in "(\w+)" enum/.exec(message);
  const type = named ? schema.getType(named[1]) : undefined;
  return type && isEnumType(type) ? type.getValues().map((v) => v.name) : undefined;
}

/** graphql-js names a wrong enum value (maybe with one guess); a client needs every allowed value. */
export function withAllowedEnumValues(message: string, schema: GraphQLSchema): string {
  const values = enumValuesNamedIn(message, schema);
  return values ? `${message.replace(/\s*Did you mean[^?]*\?$/, '')} Allowed values: ${values.join(', ')}.` : message;
}

export function createMaskError(logger: Logger, schema: GraphQLSchema, metrics?: Pick<Metrics, 'databaseUnavailable'>) {
  return (error: unknown, _message: string): Error => {
    const graphQLError = error instanceof GraphQLError ? error : undefined;
    const original = graphQLError ? graphQLError.originalError : error;
    const appError = toAppError(original);
    if (appError && !(original instanceof AppError) && appError.code === 'SERVICE_UNAVAILABLE') metrics?.databaseUnavailable();
    if (appError) {
      return new GraphQLError(appError.message, {
        nodes: graphQLError?.nodes,
        path: graphQLError?.path,
        extensions: {
          code: appError.code,
          status: appError.status,
          ...(appError.fieldErrors.length ? { errors: appError.fieldErrors } : {}),
          ...appError.details,
        },
      });
    }
    // Errors GraphQL itself raises (syntax, unknown field, bad variable) and scalar parse errors.
    if (graphQLError && (!original || original instanceof GraphQLError)) {
      const code = (original as GraphQLError | undefined)?.extensions?.code ?? graphQLError.extensions?.code;
      const known = typeof code === 'string' && code in ERROR_CATALOGUE ? (code as ErrorCode) : requestErrorCode(graphQLError);
      return new GraphQLError(requestErrorMessage(graphQLError.message, schema), {
        nodes: graphQLError.nodes,
        path: graphQLError.path,
        extensions: { ...graphQLError.extensions, code: known, status: ERROR_CATALOGUE[known].status },
      });
    }
    logger.error('unexpected error in a resolver', { error: original, path: graphQLError?.path?.join('.') });
    return new GraphQLError('Unexpected error. The failure was logged; retry later or quote the request id to support.', {
      nodes: graphQLError?.nodes,
      path: graphQLError?.path,
      extensions: { code: 'INTERNAL', status: 500 },
    });
  };
}

export interface ErrorSummary {
  code: ErrorCode;
  status: number;
  message: string;
  fieldErrors: FieldError[];
  details: Record<string, unknown>;
}

/** The one error a REST response reports for a failed GraphQL result: the first, most severe. */
export function summarizeGraphQLErrors(errors: readonly GraphQLError[]): ErrorSummary {
  const first = [...errors].sort((a, b) => severity(b) - severity(a))[0];
  const {
    code: rawCode,
    status: _status,
    errors: fieldErrors,
    http: _http,
    ...details
  } = (first.extensions ?? {}) as { code?: unknown; status?: unknown; errors?: FieldError[]; http?: unknown; [detail: string]: unknown };
  const code: ErrorCode = typeof rawCode === 'string' && rawCode in ERROR_CATALOGUE ? (rawCode as ErrorCode) : 'INTERNAL';
  const allFieldErrors: FieldError[] = errors.flatMap((e) => (e.extensions?.errors as FieldError[] | undefined) ?? []);
  return {
    code,
    status: ERROR_CATALOGUE[code].status,
    message: first.message,
    fieldErrors: allFieldErrors.length ? allFieldErrors : (fieldErrors ?? []),
    details,
  };
}

function severity(error: GraphQLError): number {
  const code = error.extensions?.code;
  return typeof code === 'string' && code in ERROR_CATALOGUE ? ERROR_CATALOGUE[code as ErrorCode].status : 500;
}

/**
 * Yoga reports syntax and validation errors before execution (so maskError never sees them), with its
 * own codes; this gives them the catalogue's VALIDATION_FAILED like every other input error.
 */
export function useCatalogueCodesForRequestErrors(schema: GraphQLSchema) {
  const recode = (error: GraphQLError) => {
    const code = requestErrorCode(error);
    return new GraphQLError(requestErrorMessage(error.message, schema), {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      extensions: { ...error.extensions, code, status: ERROR_CATALOGUE[code].status },
    });
  };
  return {
    onParse:
      () =>
      ({ result, replaceParseResult }: { result: unknown; replaceParseResult: (r: unknown) => void }) => {
        if (result instanceof GraphQLError) replaceParseResult(recode(result));
      },
    onValidate:
      () =>
      ({ result, setResult }: { result: readonly GraphQLError[]; setResult: (r: GraphQLError[]) => void }) => {
        if (result.length) setResult(result.map(recode));
      },
  };
}

/**
 * Every string an operation carries (literals in the document, variable values) must be acceptable
 * text, and variables nest at most MAX_JSON_DEPTH levels (lib/text.ts), on every transport: HTTP,
 * WebSocket, and the REST layer's stored documents. Refused before anything runs (a request error, useHttpStatusRules).
 */
export function useTextInputGuard() {
  const refusal = (fieldErrors: FieldError[]) =>
    new GraphQLError(validationError(fieldErrors).message, {
      extensions: { code: 'VALIDATION_FAILED', status: 400, errors: fieldErrors },
    });
  const checkVariables = ({
    args,
    setResultAndStopExecution,
  }: {
    args: { variableValues?: unknown };
    setResultAndStopExecution: (result: { errors: GraphQLError[] }) => void;
  }) => {
    const bad = badTextIn(args.variableValues ?? {});
    if (bad.length) setResultAndStopExecution({ errors: [refusal(bad)] });
  };
  return {
    onValidate: ({ addValidationRule }: { addValidationRule: (rule: ValidationRule) => void }) => {
      addValidationRule((context) => ({
        StringValue(node) {
          const problem = textProblem(node.value);
          if (problem) context.reportError(new GraphQLError(`A string in the document ${problem}`, { nodes: [node] }));
        },
      }));
    },
    onExecute: checkVariables,
    onSubscribe: checkVariables,
  };
}

/** GRAPHQL_INTROSPECTION=false: `__schema` and `__type` are refused at validation (graphql-js's own rule). */
export function useNoIntrospection() {
  return {
    onValidate: ({ addValidationRule }: { addValidationRule: (rule: ValidationRule) => void }) =>
      addValidationRule(NoSchemaIntrospectionCustomRule),
  };
}

/**
 * The HTTP status of a GraphQL answer, one rule for every way a request can fail (docs/graphql.md):
 * - A request error (the document did not parse, failed validation or a limit, or its variables did not
 *   coerce; nothing ran, so the answer has no `data`) is 400 for a client that accepts
 *   `application/graphql-response+json` and 200 for one that asked for `application/json`, as the
 *   GraphQL-over-HTTP spec says (Yoga's `http.spec` mark does the choosing).
 * - "The service cannot answer right now" with nothing else answered is 503 with Retry-After, as REST
 *   answers it, so a client or a load balancer sees it without reading the body. An answer that carries
 *   data (a mutation that committed before another one failed) stays 200: its body reports what was written.
 * - Refusals of the request itself (no key 401, rate limit 429) carry their own status on both media types.
 */
export function useHttpStatusRules() {
  return {
    onResultProcess({ result, setResult }: { result: unknown; setResult: (result: ExecutionResult) => void }) {
      if (!result || typeof result !== 'object' || Array.isArray(result) || Symbol.asyncIterator in result) return;
      const marked = withHttpStatus(result as ExecutionResult);
      if (marked !== result) setResult(marked);
    },
  };
}

/** The result with its errors marked for the HTTP status useHttpStatusRules describes, or the result itself. */
export function withHttpStatus(result: ExecutionResult): ExecutionResult {
  const { errors, data } = result as { errors?: readonly GraphQLError[]; data?: Record<string, unknown> | null };
  if (!errors?.length) return result;
  if (!('data' in result) && errors.every((e) => e.extensions?.code === 'VALIDATION_FAILED')) {
    const spec = (e: GraphQLError) => {
      const http = e.extensions?.http as { status?: number; spec?: boolean } | undefined;
      // A status on an error that points at no place in the document is Yoga's (or the front door's) refusal of
      // the HTTP request itself (a batch, a body without a query): 4xx whatever the client accepts.
      if ((http?.status && !e.locations?.length) || (http?.status === 400 && http.spec)) return e;
      return withExtensions(e, { ...e.extensions, http: { status: 400, spec: true } });
    };
    const marked = errors.map(spec);
    return marked.every((e, i) => e === errors[i]) ? result : { ...result, errors: marked };
  }
  const unavailable = errors.find((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE');
  if (!unavailable || (data && Object.values(data).some((value) => value !== null && value !== undefined))) return result;
  const { http: _http, ...extensions } = unavailable.extensions ?? {};
  const marked = withExtensions(unavailable, {
    ...extensions,
    http: { status: 503, headers: errorHeaders('SERVICE_UNAVAILABLE', extensions) },
  });
  return { ...result, errors: errors.map((e) => (e === unavailable ? marked : e)) };
}

const withExtensions = (error: GraphQLError, extensions: Record<string, unknown>) =>
  new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions });
