// Writing responses: JSON, and RFC 9457 problem details (application/problem+json) for every error.
import type { ServerResponse } from 'node:http';
import { ERROR_CATALOGUE, type ErrorCode, type FieldError } from '../lib/errors.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
  requestId: string;
  [extra: string]: unknown;
}

export const PROBLEM_TYPE_BASE = 'https://docs.accounting.example/errors/';

export function problem(code: ErrorCode, detail: string, requestId: string, fieldErrors: FieldError[] = [], details: Record<string, unknown> = {}): Problem {
  const entry = ERROR_CATALOGUE[code];
  return {
    type: `${PROBLEM_TYPE_BASE}${code.toLowerCase().replace(/_/g, '-')}`,
    title: entry.title,
    status: entry.status,
    detail,
    code,
    ...(fieldErrors.length ? { errors: fieldErrors } : {}),
    ...details,
    requestId,
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, contentType = 'application/json; charset=utf-8') {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendProblem(res: ServerResponse, body: Problem, headers: Record<string, string> = {}) {
  sendJson(res, body.status, body, headers, 'application/problem+json; charset=utf-8');
}
