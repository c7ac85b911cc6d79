// The one catalogue of error codes. Services throw AppError with a code from here; GraphQL carries
// the code in `extensions.code`, REST answers application/problem+json with the same code.

export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, title: 'The request is invalid' },
  MALFORMED_JSON: { status: 400, title: 'The request body is not valid JSON' },
  UNBALANCED_ENTRY: { status: 400, title: 'Debits and credits do not balance' },
  PERIOD_LOCKED: { status: 400, title: 'The period is locked' },
  INVALID_STATE: { status: 400, title: 'The record is not in a state that allows this' },
  IDEMPOTENCY_KEY_REUSED: { status: 400, title: 'The idempotency key was used with a different request' },
  UNAUTHENTICATED: { status: 401, title: 'Authentication required' },
  INSUFFICIENT_SCOPE: { status: 403, title: 'The API key lacks the scope this needs' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  PERSISTED_QUERY_NOT_FOUND: { status: 400, title: 'No persisted operation has this id' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  CONFLICT: { status: 409, title: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported content type' },
  HEADERS_TOO_LARGE: { status: 431, title: 'The request line or headers are too large' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  INTERNAL: { status: 500, title: 'Internal server error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface FieldError {
  /** Where the problem is, as a dotted path into the input (`lines.1.debit`). */
  path: string;
  message: string;
}

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    /** Extra facts for the client, e.g. both totals of an unbalanced entry. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}

export const notFound = (what: string, id: string) => new AppError('NOT_FOUND', `No ${what} with id "${id}"`);

/** One VALIDATION_FAILED error listing every bad field; its message names them for a person. */
export function validationError(fieldErrors: FieldError[]): AppError {
  const message =
    fieldErrors.length === 1
      ? `${fieldErrors[0].path}: ${fieldErrors[0].message}`
      : `${fieldErrors.length} fields are invalid: ${fieldErrors.map((e) => e.path).join(', ')}`;
  return new AppError('VALIDATION_FAILED', message, fieldErrors);
}

/** Seconds a client should wait before retrying, for errors that say so (Retry-After). */
export function retryAfterSeconds(code: ErrorCode, details: Record<string, unknown> = {}): number | undefined {
  if (typeof details.retryAfterSeconds === 'number') return details.retryAfterSeconds;
  return code === 'SERVICE_UNAVAILABLE' ? 5 : undefined;
}

/** HTTP headers an error answer carries: Retry-After when waiting helps, the Bearer challenge on 401 and 403 (RFC 6750). */
export function errorHeaders(code: ErrorCode, details: Record<string, unknown> = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const retryAfter = retryAfterSeconds(code, details);
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  if (code === 'UNAUTHENTICATED') headers['www-authenticate'] = 'Bearer realm="accounting-api"';
  if (code === 'INSUFFICIENT_SCOPE' && typeof details.requiredScope === 'string') {
    headers['www-authenticate'] = `Bearer realm="accounting-api", error="insufficient_scope", scope="${details.requiredScope}"`;
  }
  return headers;
}
