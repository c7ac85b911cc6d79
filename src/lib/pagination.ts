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
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE)
    errors.push({ path: 'page', message: `must be a whole number from 1 to ${MAX_PAGE}` });
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT)
    errors.push({ path: 'limit', message: `must be a whole number from 1 to ${MAX_PAGE_LIMIT}` });
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

type Delegate<Row> = { findMany(args: object): Promise<Row[]>; count(args: object): Promise<number> };
type Order = Record<string, unknown>;

/** From this offset on, a page reads its rows' ids first and then only those rows (see readWindow). */
export const DEEP_OFFSET = 1_000;

/**
 * A page: its rows and the total (counted, unless `total` says how else). Page 1 runs both at once.
 * A later page needs the total first, so a page past the middle can be read from the far end: the last
 * page of a million rows then walks 25 index entries, not a million (an offset is walked entry by entry).
 */
export async function findPage<Row>(
  delegate: Delegate<Row>,
  where: object,
  orderBy: Order[],
  window: PageWindow,
  query: object = {},
  total: () => Promise<number> = () => delegate.count({ where }),
): Promise<PageResult<Row>> {
  if (window.skip === 0) {
    const [rows, count] = await Promise.all([delegate.findMany(Object.assign({}, query, { where, orderBy, take: window.limit })), total()]);
    return pageResult(rows, count, window);
  }
  const count = await total();
  return pageResult(await readWindow(delegate, where, orderBy, window, query, count), count, window);
}

async function readWindow<Row>(
  delegate: Delegate<Row>,
  where: object,
  orderBy: Order[],
  window: PageWindow,
  query: object,
  count: number,
): Promise<Row[]> {
  const end = Math.min(window.skip + window.limit, count);
  if (end <= window.skip) return []; // past the last page
  const take = end - window.skip;
  const reversed = reverseOrder(orderBy);
  const fromEnd = reversed && count - end < window.skip;
  const [order, skip] = fromEnd ? [reversed, count - end] : [orderBy, window.skip];
  const inOrder = (rows: Row[]) => (fromEnd ? rows.reverse() : rows);
  if (skip < DEEP_OFFSET || isIdsOnly(query))
    return inOrder(await delegate.findMany(Object.assign({}, query, { where, orderBy: order, skip, take })));
  // Deep in a long list: walk the order's index for the ids alone (an index-only scan, no row is read
  // for the rows skipped), then read just the page's rows.
  const ids = (await delegate.findMany({ where, orderBy: order, skip, take, select: { id: true } })) as { id: string }[];
  const rows = (await delegate.findMany(Object.assign({}, withId(query), { where: { id: { in: ids.map((r) => r.id) } } }))) as (Row & {
    id: string;
  })[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const page = ids.map((r) => byId.get(r.id)).filter((row): row is Row & { id: string } => row !== undefined);
  return inOrder(selectsId(query) ? page : page.map(({ id: _id, ...row }) => row as Row));
}

/** The order read backwards (every column's direction flipped), or undefined when it is not a plain column order. */
function reverseOrder(orderBy: Order[]): Order[] | undefined {
  const reversed: Order[] = [];
  for (const term of orderBy) {
    const entries = Object.entries(term);
    if (entries.length !== 1 || (entries[0][1] !== 'asc' && entries[0][1] !== 'desc')) return undefined;
    reversed.push({ [entries[0][0]]: entries[0][1] === 'asc' ? 'desc' : 'asc' });
  }
  return reversed;
}

const isIdsOnly = (query: { select?: Record<string, unknown> }) => !!query.select && Object.keys(query.select).every((key) => key === 'id');

const selectsId = (query: { select?: Record<string, unknown> }) => !query.select || query.select.id === true;

/** A query that also selects `id` (to put rows back in the order of their ids; dropped again if not asked for). */
const withId = (query: { select?: Record<string, unknown> }) =>
  selectsId(query) ? query : Object.assign({}, query, { select: Object.assign({}, query.select, { id: true }) });
