// Page-number pagination as the REST v1 contract defines it: page (from 1), limit (1..100),
// and results as { data, total, page, limit, pages }. GraphQL's `<plural>Page` fields use the same rules.
import { type FieldError, validationError } from './errors.ts';

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;
/** The largest page number (GraphQL's Int): 214 million pages of 100 is more than any list holds. */
export const MAX_PAGE = 2 ** 31 - 1;

export interface PageWindow {
  page: number;
  limit: number;
  skip: number;
}

export interface PageResult<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

/** What is wrong with a page number and size (REST and GraphQL give the same messages). */
export function pageErrors(page: number, limit: number): FieldError[] {
  const errors: FieldError[] = [];
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) errors.push({ path: 'page', message: `must be a whole number from 1 to ${MAX_PAGE}` });
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) errors.push({ path: 'limit', message: `must be a whole number from 1 to ${MAX_PAGE_LIMIT}` });
  return errors;
}

export function pageWindow(page: number | null | undefined, limit: number | null | undefined): PageWindow {
  const p = page ?? 1;
  const l = limit ?? DEFAULT_PAGE_LIMIT;
  const errors = pageErrors(p, l);
  if (errors.length) throw validationError(errors);
  return { page: p, limit: l, skip: (p - 1) * l };
}

export function pageResult<T>(data: T[], total: number, window: PageWindow): PageResult<T> {
  return { data, total, page: window.page, limit: window.limit, pages: Math.ceil(total / window.limit) };
}

/** The two queries of a page: its rows and the total (counted, unless `total` says how else), run together. */
export async function findPage<Row>(
  delegate: { findMany(args: object): Promise<Row[]>; count(args: object): Promise<number> },
  where: object,
  orderBy: object[],
  window: PageWindow,
  query: object = {},
  total: () => Promise<number> = () => delegate.count({ where }),
): Promise<PageResult<Row>> {
  const [rows, count] = await Promise.all([delegate.findMany({ ...query, where, orderBy, skip: window.skip, take: window.limit }), total()]);
  return pageResult(rows, count, window);
}
