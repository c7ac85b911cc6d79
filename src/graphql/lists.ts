// Every resource gets the same two list fields, built here once: a Relay cursor connection named
// after the resource (`invoices`) and a page list (`invoicesPage`) with the REST v1 rules. Both take the
// same `filter` and `orderBy`, and both preload nested selections (no N+1).
import { queryFromInfo } from '@pothos/plugin-prisma';
import { type GraphQLResolveInfo, Kind } from 'graphql';
import { modelDelegate, type Prisma } from '../db/database.ts';
import { isWholeOrganization, keptCount } from '../db/list-counts.ts';
import { declaredList } from '../declarations.ts';
import { readScopeOf, requires } from './scopes.ts';
import { AppError, validationError } from '../lib/errors.ts';
import { idKindNamedBy, notAnIdOf } from '../lib/ids.ts';
import { findPage, type PageResult, pageWindow } from '../lib/pagination.ts';
import type { InputObjectRef, ObjectRef } from '@pothos/core';
import { builder, type BuilderTypes } from './builder.ts';
import type { GraphQLContext } from './context.ts';
import { pageArgs, pageType } from './pages.ts';
import { PLANNED_LIST } from '../fast-paths/planned-queries.ts';

export const OrderDirection = builder.enumType('OrderDirection', {
  description: 'Sort direction.',
  values: { ASC: { description: 'Smallest first.' }, DESC: { description: 'Largest first.' } },
});

/**
 * `<Resource>Order { field, direction }` (GitHub style). `fields` maps each enum value to the column it
 * sorts by; the id always breaks ties so pages never overlap.
 */
/** A column a list can be sorted by; `unique` when no two rows of an organization share a value (no tie to break). */
export interface OrderColumn {
  column: string;
  description: string;
  unique?: boolean;
}

/** Every order a list offers, by model: each needs an index (organizationId, column, id), which test/db/list-plans.test.ts checks. */
export const LIST_ORDERS: { model: string; columns: OrderColumn[] }[] = [];

/** The models the modules declare they list (their declarations' `lists`): each has its kept count. */
const DECLARED_LISTS = new Set<string>(declaredList('lists'));

export function orderInput(name: string, fields: Record<string, OrderColumn>, defaultField: string) {
  // A list's total reads the kept count, which only a declared model has (db:migration writes its triggers).
  if (!DECLARED_LISTS.has(name)) throw new Error(`${name} is listed in pages, but no module declares it in \`lists\``);
  LIST_ORDERS.push({ model: name, columns: Object.values(fields) });
  const fieldEnum = builder.enumType(`${name}OrderField`, {
    description: `What ${name.toLowerCase()} lists can be sorted by.`,
    values: Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, { description: f.description }])),
  });
  const input = builder.inputType(`${name}Order`, {
    description: `Sort order of a ${name.toLowerCase()} list. Default: ${defaultField} ascending.`,
    fields: (t) => ({
      field: t.field({ type: fieldEnum, required: true, description: 'What to sort by.' }),
      direction: t.field({ type: OrderDirection, defaultValue: 'ASC', description: 'Ascending (default) or descending.' }),
    }),
  });
  const toOrderBy = (order?: OrderArgument | null) => {
    const { column, unique } = fields[order?.field ?? defaultField];
    const direction = (order?.direction ?? 'ASC') === 'DESC' ? 'desc' : 'asc';
    // Ties broken by id, so pages never overlap; a unique column has none.
    return column === 'id' || unique ? [{ [column]: direction }] : [{ [column]: direction }, { id: direction }];
  };
  return { input, toOrderBy };
}

/** Largest page a connection serves. */
export const MAX_CONNECTION_SIZE = 100;

/**
 * Pothos' maxSize hook, used to refuse (as GitHub does) rather than silently clamp `first`/`last`
 * outside 0..100. Every connection, root or nested, passes it. A context may allow larger pages
 * (`largestPage`: a bulk export's, whose pages the query cost still bounds).
 */
export function connectionMaxSize(args: { first?: number | null; last?: number | null }, ctx?: { largestPage?: number }): number {
  const largest = ctx?.largestPage ?? MAX_CONNECTION_SIZE;
  for (const name of ['first', 'last'] as const) {
    const value = args[name];
    if (value !== undefined && value !== null && (value < 0 || value > largest)) {
      throw new AppError('VALIDATION_FAILED', `${name} must be from 0 to ${largest}, got ${value}`, [
        { path: name, message: `must be from 0 to ${largest}` },
      ]);
    }
  }
  return largest;
}

export interface ListFieldsOptions<Filter> {
  /** Field name of the connection, e.g. `invoices`; the page list is `invoicesPage`. */
  plural: string;
  /** Prisma model name, e.g. `Invoice`. */
  model: string;
  nodeRef: ObjectRef<BuilderTypes, unknown>;
  description: string;
  /** The filter input; its shape must be the service's `Filter` (checked by the compiler: one shape, two views). */
  filterInput: InputObjectRef<BuilderTypes, Filter>;
  order: ReturnType<typeof orderInput>;
  /** The Prisma `where` for the organization and the filter (none given: undefined). */
  where: (ctx: GraphQLContext, filter: Filter | undefined) => object;
}

/** The arguments both list fields take. */
interface ListArgs<Filter> {
  filter?: Filter | null;
  orderBy?: OrderArgument | null;
}

/** A page list's arguments, as GraphQL coerces them. */
export type PageArgs = ListArgs<unknown> & { page?: number | null; limit?: number | null };

/** A page list's page (`invoicesPage`), read with `query` (a Prisma include or select) for its rows. */
export type PageReader = (ctx: GraphQLContext, args: PageArgs, query: object) => Promise<PageResult<unknown>>;

const pageReaders = new Map<string, PageReader>();

/**
 * The page list field's own read, for REST's lists (http/rest-resource.ts): the same filter, order, window
 * and total as the field, with the rows a representation renders, so a REST list reads its page once.
 */
export function pageReaderOf(field: string): PageReader {
  const reader = pageReaders.get(field);
  if (!reader) throw new Error(`no page list ${field}`);
  return reader;
}

type OrderArgument = { field: string; direction?: string | null };

/**
 * A filter's fields named after a kind of record (`customerId`, `depositAccountId`) take an id of that
 * kind, as the REST query parameters do: `customerId: "5"` is a mistake to report, not a filter that
 * matches nothing.
 */
function checkFilterIds(filter: object | null | undefined) {
  const problems = Object.entries(filter ?? {}).flatMap(([name, value]) => {
    const kind = idKindNamedBy(name);
    const problem = kind && typeof value === 'string' ? notAnIdOf(kind, value) : undefined;
    return problem ? [{ path: `filter.${name}`, message: problem }] : [];
  });
  if (problems.length) throw validationError(problems);
}

export function listFields<Filter>(options: ListFieldsOptions<Filter>) {
  const Page = pageType(options.model, options.nodeRef, options.description);
  const where = (ctx: GraphQLContext, filter: Filter | null | undefined) => {
    checkFilterIds(filter as object | null | undefined);
    return options.where(ctx, filter ?? undefined);
  };
  const delegate = (prisma: Prisma) => modelDelegate(prisma, options.model);
  /** The list's total: the kept count when nothing narrows it (db/list-counts.ts), else a count. */
  const totalOf = (ctx: GraphQLContext, where: object) =>
    isWholeOrganization(where) ? keptCount(ctx.prisma, where.organizationId, options.model) : delegate(ctx.prisma).count({ where });
  // Pothos types a Prisma field builder per model literal; the model here is a run-time name, so `t` is
  // untyped. What flows through it is typed by the options (filter, order, where) and by ListArgs.
  const extensions = { ...requires(readScopeOf(options.model) ?? null), ...PLANNED_LIST };
  // biome-ignore lint/suspicious/noExplicitAny: the model is a run-time name, so Pothos cannot type its field builder
  builder.queryFields((t: any) => ({
    [options.plural]: t.prismaConnection({
      type: options.model,
      extensions,
      cursor: 'id',
      maxSize: connectionMaxSize,
      description:
        `${capitalize(options.description)} of your organization as a cursor connection (first/after, last/before, at ` +
        `most ${MAX_CONNECTION_SIZE} a page).`,
      args: { filter: t.arg({ type: options.filterInput }), orderBy: t.arg({ type: options.order.input }) },
      totalCount: (_parent: unknown, args: ListArgs<Filter>, ctx: GraphQLContext) => totalOf(ctx, where(ctx, args.filter)),
      resolve: (query: object, _parent: unknown, args: ListArgs<Filter>, ctx: GraphQLContext) =>
        delegate(ctx.prisma).findMany(
          Object.assign({}, query, { where: where(ctx, args.filter), orderBy: options.order.toOrderBy(args.orderBy) }),
        ),
    }),
    [`${options.plural}Page`]: t.field({
      type: Page,
      extensions,
      description: `${capitalize(options.description)} of your organization by page number; the shape of the REST v1 lists.`,
      args: { ...pageArgs(t), filter: t.arg({ type: options.filterInput }), orderBy: t.arg({ type: options.order.input }) },
      resolve: (_parent: unknown, args: PageArgs, ctx: GraphQLContext, info: GraphQLResolveInfo) =>
        readPage(ctx, args, asksOnlyForIds(info) ? { select: { id: true } } : queryFromInfo({ context: ctx, info, path: ['data'] })),
    }),
  }));
  function readPage(ctx: GraphQLContext, args: PageArgs, query: object) {
    const filtered = where(ctx, args.filter as Filter | null | undefined);
    return findPage(delegate(ctx.prisma), filtered, options.order.toOrderBy(args.orderBy), pageWindow(args.page, args.limit), query, () =>
      totalOf(ctx, filtered),
    );
  }
  pageReaders.set(`${options.plural}Page`, readPage);
}

/**
 * True when a page's `data` selects nothing but `id`: the REST lists, which render their items through
 * the resource's public representation and need only the ids, in order. Reading just the ids saves
 * loading (and mapping) every column of every row twice. Anything else, fragments included, reads rows.
 */
function asksOnlyForIds(info: GraphQLResolveInfo): boolean {
  let sawData = false;
  for (const node of info.fieldNodes) {
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind !== Kind.FIELD) return false;
      if (selection.name.value !== 'data') continue;
      sawData = true;
      const fields = selection.selectionSet?.selections ?? [];
      if (
        !fields.every(
          (field) =>
            field.kind === Kind.FIELD && (field.name.value === 'id' || field.name.value === '__typename') && !field.directives?.length,
        )
      )
        return false;
    }
  }
  return sawData;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
