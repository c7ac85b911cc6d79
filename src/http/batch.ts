// POST /api/v1/batch: up to 100 REST operations in one request, run in order through the same route
// table (each checked, scoped and answered exactly as on its own, each with its own idempotency key),
// answered one by one. A failure stops nothing unless the batch is `atomic`: then every operation runs
// in one transaction and the first failure rolls all of them back, writing nothing (QuickBooks' batch
// runs each item apart; Stripe has no batch; an all-or-nothing mode is what a migration wants).
// Rate limit: a batch spends one request of the key's quota per 10 operations (rounded up).
import type { RequestContext } from '../core/request-context.ts';
import type { Prisma } from '../db/database.ts';
import { checkIdempotencyKey } from '../core/unit-of-work.ts';
import { toAppError } from '../graphql/errors.ts';
import { AppError, type FieldError, validationError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { problem } from './respond.ts';
import { checkParameters, RestGraphQLError, type RestResult, type RestRouter, summarizeGraphQLErrors } from './rest.ts';

export const BATCH_PATH = '/api/v1/batch';
export const MAX_BATCH_OPERATIONS = 100;
/** Operations a batch may hold per point of the key's rate limit it spends. */
export const OPERATIONS_PER_POINT = 10;

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/** One operation of a batch (or of a bulk import's line). */
export interface BatchOperation {
  method: Method;
  path: string;
  body?: Record<string, unknown>;
  idempotencyKey?: string;
}

/** One operation's answer: its status and body as it would have been answered on its own. */
export interface BatchResult {
  index: number;
  status: number;
  body: unknown;
  /** Where a created record lives (the Location header on its own). */
  location?: string;
  /** An earlier request with the same idempotency key produced this answer. */
  idempotentReplayed?: boolean;
}

/** Thrown inside an atomic batch's transaction to roll it back at its first failure. */
class BatchFailed extends Error {
  constructor(readonly result: BatchResult) {
    super('batch operation failed');
  }
}

/** Checks the batch's shape; every fault named at once, nothing run. */
function checkBatch(body: unknown): { operations: BatchOperation[]; atomic: boolean } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('VALIDATION_FAILED', 'The body must be a JSON object');
  const { operations, atomic, ...unknown } = body as Record<string, unknown>;
  const errors: FieldError[] = Object.keys(unknown).map((path) => ({ path, message: 'is not a known field' }));
  if (atomic !== undefined && typeof atomic !== 'boolean') errors.push({ path: 'atomic', message: 'must be true or false' });
  if (!Array.isArray(operations) || operations.length === 0 || operations.length > MAX_BATCH_OPERATIONS)
    errors.push({ path: 'operations', message: `must be a list of 1 to ${MAX_BATCH_OPERATIONS} operations` });
  else
    operations.forEach((op, i) => {
      const at = `operations.${i}`;
      if (typeof op !== 'object' || op === null || Array.isArray(op)) return errors.push({ path: at, message: 'must be an object' });
      const { method, path, body: opBody, idempotencyKey, ...extra } = op as Record<string, unknown>;
      for (const field of Object.keys(extra)) errors.push({ path: `${at}.${field}`, message: 'is not a known field' });
      if (!METHODS.includes(method as Method)) errors.push({ path: `${at}.method`, message: `must be one of ${METHODS.join(', ')}` });
      else if (atomic === true && method === 'GET')
        errors.push({ path: `${at}.method`, message: 'an atomic batch holds writes only (POST, PATCH, DELETE); read afterwards' });
      if (typeof path !== 'string' || !path.startsWith('/api/v1/') || path.length > 2000)
        errors.push({ path: `${at}.path`, message: 'must be a path of this API, such as /api/v1/invoices' });
      else if (path.split('?')[0] === BATCH_PATH) errors.push({ path: `${at}.path`, message: 'a batch cannot hold a batch' });
      if (opBody !== undefined && (typeof opBody !== 'object' || opBody === null || Array.isArray(opBody)))
        errors.push({ path: `${at}.body`, message: 'must be a JSON object' });
      if (idempotencyKey !== undefined) {
        try {
          if (typeof idempotencyKey !== 'string') throw new Error();
          checkIdempotencyKey(idempotencyKey);
        } catch {
          errors.push({ path: `${at}.idempotencyKey`, message: 'must be 1 to 255 printable ASCII characters' });
        }
      }
    });
  if (errors.length) throw validationError(errors);
  return { operations: operations as BatchOperation[], atomic: atomic === true };
}

/**
 * Runs batches over the REST route table, and single operations (a bulk import's lines). Long on purpose: one closure
 * over the route table for batches and single operations, which share how an operation is answered.
 */
export function createBatchRunner(rest: RestRouter, logger: Logger) {
  /** An error as the operation alone would have been answered (problem+json's body). */
  function answerOf(index: number, error: unknown, requestId: string): BatchResult {
    if (error instanceof RestGraphQLError) {
      const s = summarizeGraphQLErrors(error.errors);
      return {
        index,
        status: problem(s.code, s.message, requestId).status,
        body: problem(s.code, s.message, requestId, s.fieldErrors, s.details),
      };
    }
    const appError = toAppError(error);
    if (appError) {
      const body = problem(appError.code, appError.message, requestId, appError.fieldErrors, appError.details);
      return { index, status: body.status, body };
    }
    logger.error('batch operation failed unexpectedly', { requestId, index, error });
    const body = problem('INTERNAL', 'Unexpected error. The failure was logged; quote the request id to support.', requestId);
    return { index, status: body.status, body };
  }

  async function runOne(index: number, op: BatchOperation, context: RequestContext): Promise<BatchResult> {
    try {
      const url = new URL(op.path, 'http://batch.invalid');
      const found = rest.match(op.method, url.pathname);
      if (!found) throw new AppError('NOT_FOUND', `No endpoint ${op.method} ${url.pathname}`);
      if ('methodMismatch' in found) throw new AppError('METHOD_NOT_ALLOWED', `${url.pathname} accepts ${found.methodMismatch.join(', ')}`);
      if (found.route.produces)
        throw new AppError('VALIDATION_FAILED', `${url.pathname} answers a file (${found.route.produces}): fetch it on its own`);
      rest.admit(found.route, context);
      checkParameters(found.params, url.searchParams);
      const headers = op.idempotencyKey ? { 'idempotency-key': op.idempotencyKey } : {};
      const body = op.method === 'GET' ? undefined : (op.body ?? {});
      const result: RestResult = await rest.execute(found.route, { params: found.params, query: url.searchParams, body, headers }, context);
      return {
        index,
        status: result.status,
        body: result.body,
        ...(result.headers?.location ? { location: result.headers.location } : {}),
        ...(result.headers?.['idempotent-replayed'] ? { idempotentReplayed: true } : {}),
      };
    } catch (error) {
      return answerOf(index, error, context.requestId);
    }
  }

  async function runBatch(body: unknown, context: RequestContext): Promise<RestResult> {
    const { operations, atomic } = checkBatch(body);
    await context.spendRateLimit(Math.ceil(operations.length / OPERATIONS_PER_POINT) - 1);
    if (!atomic) {
      const results: BatchResult[] = [];
      for (const [i, op] of operations.entries()) results.push(await runOne(i, op, context));
      return { status: 200, body: { atomic: false, results } };
    }
    try {
      const results = await context.atomically(async (tx) => {
        // Reads inside the batch see its own writes: they go through its transaction.
        const inBatch: RequestContext = { ...context, prisma: tx as unknown as Prisma };
        const done: BatchResult[] = [];
        for (const [i, op] of operations.entries()) {
          const result = await runOne(i, op, inBatch);
          if (result.status >= 400) throw new BatchFailed(result);
          done.push(result);
        }
        return done;
      });
      return { status: 200, body: { atomic: true, results } };
    } catch (error) {
      if (!(error instanceof BatchFailed)) throw error;
      const { index, status, body: failed } = error.result;
      const op = operations[index]!;
      const cause = failed as { code: string; detail: string; errors?: FieldError[]; [extra: string]: unknown };
      const { type: _type, title: _title, status: _status, detail, code, errors, requestId: _id, ...details } = cause;
      const prefixed = (errors ?? []).map((e) => ({ path: `operations.${index}.body.${e.path}`, message: e.message }));
      const answer = problem(
        code as never,
        `Operation ${index} (${op.method} ${op.path}) failed, so nothing in the batch was written: ${detail}`,
        context.requestId,
        prefixed,
        { ...details, failedIndex: index },
      );
      return { status, body: answer };
    }
  }

  return { runBatch, runOne };
}
