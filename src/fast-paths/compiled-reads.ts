// A request's reads at the driver's cost (`readingClient`, the request context's client): a `findMany`
// whose arguments use only plain equality and range filters, a stated order, take/skip and nested
// relation selections is run as one SQL statement per level, straight on the database's connection
// (SQLite: the adapter's; PostgreSQL: the pool Prisma's adapter shares), and answered with the rows
// Prisma would answer (same fields, same types, same order). Anything else is left to Prisma.
//
// Why by hand: Prisma 7's client work for a nested page (argument validation, its query plan's
// interpreter, per-row result mapping and relation stitching) cost several times what a GraphQL invoice
// page's four SQL statements take on SQLite. On PostgreSQL Prisma answers a nested page with one
// relation-join statement that builds the page as JSON in the database, costly in the database's CPU,
// where these statements (prepared once per connection, each an index lookup) take a fraction of
// it. No library compiles Prisma's own arguments to SQL; PostGraphile-style compilers replace the ORM
// and the schema with it. test/fast-paths/compiled-reads.test.ts compares these answers with Prisma's for
// generated arguments, on both databases.
import { type Database, delegateOf, type Prisma } from '../db/database.ts';
import * as enums from '../db/generated/sqlite/enums.ts';
import { getDatamodel } from '../db/generated/pothos-types.ts';
import { CONVERTIBLE, conversion, convert } from '../db/model-rows.ts';
import { offThreadOwner, pgQuery, pgValue, readSql, sqliteValue } from '../db/sql.ts';
import { HeavyTaskFailed, runHeavyTask } from '../core/heavy-work.ts';
import { AppError } from '../lib/errors.ts';
import { setBounded } from '../lib/bounded-map.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

interface Field {
  name: string;
  kind: 'scalar' | 'enum' | 'object';
  type: string;
  isList: boolean;
  isId: boolean;
  isUnique: boolean;
  relationName?: string;
  relationFromFields?: string[];
}

interface Model {
  name: string;
  fields: Map<string, Field>;
  scalars: string[];
  id: string | undefined;
  /** The unique `id` column a row is named by (Event's too, whose @id is `seq`). */
  rowKey: string | undefined;
}

const models: Map<string, Model> = (() => {
  const datamodel = getDatamodel().datamodel.models as unknown as Record<string, { fields: Field[] }>;
  return new Map(
    Object.entries(datamodel).map(([name, model]) => {
      const fields = new Map(model.fields.map((f) => [f.name, f]));
      const scalars = model.fields.filter((f) => f.kind !== 'object').map((f) => f.name);
      // The generated datamodel does not say which column a relation references. Every relation here
      // references its model's `id`, except those into Event, whose @id is `seq` and whose `id` is a
      // unique column relations reference: a model keyed by anything but `id` is left to Prisma.
      const id = model.fields.find((f) => f.isId)?.name;
      const rowKey = fields.get('id')?.isId || fields.get('id')?.isUnique ? 'id' : undefined;
      return [name, { name, fields, scalars, id: id === 'id' ? id : undefined, rowKey }];
    }),
  );
})();

/** Thrown while planning when the arguments use something this reader does not do: Prisma answers. */
class Unsupported extends Error {}
const unsupported = (what: string): never => {
  throw new Unsupported(what);
};

const quoted = (name: string) => `"${name}"`;
/** Each statement reads its model as `t0` and the to-one relations joined to it as `t1`, `t2`, … */
const MAIN = 't0';
const column = (alias: string, name: string) => `${alias}.${quoted(name)}`;

/** Where a bound value sits in a level's `where` (keys and list positions), to bind the next arguments of the same shape. */
type Path = (string | number)[];

/** A statement's bound values, and where each came from in the `where` it was planned from. */
interface Params {
  values: unknown[];
  paths: Path[];
}

/** Upper-case words: the only filter values written into SQL (an enum's). */
const UPPER_WORD = /^[A-Z][A-Z0-9_]*$/;

/** A filter value to bind (as the database's adapter binds it, when read); objects are Prisma's to interpret. */
function bindValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return unsupported('object value');
  if (typeof value === 'function' || typeof value === 'symbol' || value === undefined) return unsupported(`value ${typeof value}`);
  return value;
}

/** Each enum's values, by the enum's name. */
const enumValues = new Map(
  Object.entries(enums as Record<string, unknown>)
    .filter(([, v]) => v && typeof v === 'object')
    .map(([name, v]) => [name, new Set(Object.values(v as Record<string, string>))]),
);

/**
 * A filter value as SQL: a placeholder (its value pushed to `params`), or, for an enum, the value itself
 * as a literal. Literal, so that a partial index whose predicate names the values (the open invoices')
 * can serve the statement on PostgreSQL: a prepared statement's generic plan cannot prove a predicate
 * from parameters. Only a value of the enum's own is written into SQL (upper-case identifiers, so no
 * quoting can break out); anything else goes to Prisma, which refuses it.
 */
function valueSql(field: Field, value: unknown, params: Params, path: Path): string {
  if (field.kind === 'enum') {
    if (typeof value !== 'string' || !enumValues.get(field.type)?.has(value) || !UPPER_WORD.test(value))
      return unsupported(`value of ${field.name}`);
    return `'${value}'`;
  }
  params.values.push(bindValue(value));
  params.paths.push(path);
  return '?';
}

const rowMakers = new Map<string, (values: unknown[]) => Row>();

/**
 * A function making a row of `fields` (in that order, from the values read in the same order), compiled
 * once per model and field list. Generated code because a page builds ~200 rows of ~10 fields each: an
 * object literal of fixed shape with its conversions inlined instead of a loop assigning each field
 * through `convert` made the bench's nested invoice page's reads cheaper (docs/performance.md). Field
 * names and types come from Prisma's datamodel, never from a request.
 */
function rowMaker(model: Model, fields: string[], offset = 0): (values: unknown[]) => Row {
  const key = `${model.name}:${offset}:${fields.join(',')}`;
  let make = rowMakers.get(key);
  if (!make) {
    const body = fields.map((name, i) => `${JSON.stringify(name)}: ${conversion(model.fields.get(name)!, `v[${offset + i}]`)}`).join(',\n');
    make = new Function('convert', `return (v) => ({\n${body}\n});`)(convert) as (values: unknown[]) => Row;
    rowMakers.set(key, make);
  }
  return make;
}

const RANGE: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** `where` as SQL over `model`'s columns; only scalar equality, `in`, ranges, `not: value` and AND. */
function whereSql(model: Model, where: unknown, params: Params, at: Path = []): string[] {
  if (where === undefined) return [];
  const columnOf = (name: string) => column(MAIN, name);
  if (!where || typeof where !== 'object' || Array.isArray(where)) return unsupported('where');
  const clauses: string[] = [];
  for (const [key, condition] of Object.entries(where)) {
    if (condition === undefined) continue;
    if (key === 'AND') {
      if (Array.isArray(condition)) condition.forEach((part, i) => clauses.push(...whereSql(model, part, params, [...at, key, i])));
      else clauses.push(...whereSql(model, condition, params, [...at, key]));
      continue;
    }
    const field = model.fields.get(key);
    if (!field || field.kind === 'object') return unsupported(`where ${key}`);
    const column = columnOf(key);
    if (condition === null) {
      clauses.push(`${column} IS NULL`);
    } else if (typeof condition !== 'object' || condition instanceof Date) {
      clauses.push(`${column} = ${valueSql(field, condition, params, [...at, key])}`);
    } else {
      for (const [operator, operand] of Object.entries(condition)) {
        if (operand === undefined) continue;
        const path = [...at, key, operator];
        if (operator === 'equals' && operand !== null) {
          clauses.push(`${column} = ${valueSql(field, operand, params, path)}`);
        } else if (operator === 'in' && Array.isArray(operand)) {
          const values: string[] = [];
          operand.forEach((v, i) => v !== null && values.push(valueSql(field, v, params, [...path, i])));
          clauses.push(values.length === 0 ? '1 = 0' : `${column} IN (${values.join(',')})`);
        } else if (operator in RANGE && operand !== null) {
          clauses.push(`${column} ${RANGE[operator]} ${valueSql(field, operand, params, path)}`);
        } else if (operator === 'not' && operand !== null && (typeof operand !== 'object' || operand instanceof Date)) {
          // Prisma's `not: value` keeps rows whose column is NULL out, as SQL's <> does.
          clauses.push(`${column} <> ${valueSql(field, operand, params, path)}`);
        } else return unsupported(`where ${key}.${operator}`);
      }
    }
  }
  return clauses;
}

/**
 * `conditions` with every one but the row key's made unusable to an index (SQLite's unary `+`), when the key is given; see
 * `Dialect.byPrimaryKey`.
 */
function pinnedToPrimaryKey(model: Model, where: unknown, conditions: string[], dialect: Dialect): string[] {
  if (!dialect.byPrimaryKey || !model.rowKey || !where || typeof where !== 'object') return conditions;
  const key = (where as Record<string, unknown>)[model.rowKey];
  const byKey =
    typeof key === 'string' ||
    (!!key &&
      typeof key === 'object' &&
      (typeof (key as { equals?: unknown }).equals === 'string' || Array.isArray((key as { in?: unknown }).in)));
  if (!byKey) return conditions;
  const keyColumn = column(MAIN, model.rowKey);
  return conditions.map((condition) => (condition.startsWith(`${keyColumn} `) ? condition : `+${condition}`));
}

function orderOf(model: Model, orderBy: unknown): Pick<Plan, 'order' | 'orderTerms'> {
  if (orderBy === undefined) return { order: '', orderTerms: [] };
  const orderTerms = (Array.isArray(orderBy) ? orderBy : [orderBy]).flatMap((term) => {
    if (!term || typeof term !== 'object') return unsupported('orderBy');
    return Object.entries(term).map(([key, direction]) => {
      const field = model.fields.get(key);
      if (!field || field.kind === 'object' || (direction !== 'asc' && direction !== 'desc')) return unsupported(`orderBy ${key}`);
      return { column: key, direction: direction === 'asc' ? ('ASC' as const) : ('DESC' as const) };
    });
  });
  const order = orderTerms.map((term) => `${column(MAIN, term.column)} ${term.direction}`).join(', ');
  return { order: order ? ` ORDER BY ${order}` : '', orderTerms };
}

/** A relation selected below a level, and how its rows attach to their parents. */
interface RelationPlan {
  field: string;
  plan: Plan;
  /**
   * The parent's column and the child's column that match (Invoice.customerId = Customer.id; Invoice.id = InvoiceLine.invoiceId), as
   * positions in each plan's `columns`.
   */
  parentKey: number;
  childKey: string;
  childKeyAt: number;
  /** A list (to-many), or one row or null. */
  many: boolean;
}

/**
 * A to-one relation without relations of its own (an invoice's customer, a line's product), read in its
 * parent's statement by a LEFT JOIN on its id rather than by a statement of its own, on PostgreSQL: each
 * statement is a round trip whose socket work costs the server more than the join costs the database.
 */
interface Join {
  field: string;
  model: Model;
  /** The parent's column holding the related row's id. */
  parentKey: string;
  /** The related row's fields the caller asked for; its id is read too, to tell "no row" from a row. */
  fields: string[];
}

/** A join as read: where its values sit in a row of the statement. */
interface JoinRead {
  field: string;
  makeRow: (values: unknown[]) => Row;
  /** Position of the related row's id: NULL when there is no related row. */
  idAt: number;
}

interface Plan {
  model: Model;
  /** Makes the caller's row (its fields are the first columns read) from the values read (`rowMaker`). */
  makeRow: (values: unknown[]) => Row;
  /** The fields the caller asked for: its rows' (`makeRow`). */
  output: string[];
  /** Columns read of the model: output, then the keys relations need that the caller did not ask for. */
  columns: string[];
  joins: Join[];
  /** `SELECT <columns, then each join's> FROM <table> t0 LEFT JOIN …`, and where each join's values sit. */
  select: string;
  joined: JoinRead[];
  /** The `where` as SQL conditions, their values and where in the `where` each value was; the ORDER BY clause. */
  conditions: string[];
  params: unknown[];
  paramPaths: Path[];
  order: string;
  /** The ORDER BY's columns of this model, in order (`order` is their SQL). */
  orderTerms: { column: string; direction: 'ASC' | 'DESC' }[];
  take?: number;
  skip?: number;
  relations: RelationPlan[];
  /** The row and its one list of children in a single statement (`Dialect.oneStatementForOne`), when this plan reads at most one row. */
  withChildren?: WithChildren;
  /**
   * Its statements' texts made so far (`read`), by the number of keys read (0: none) and whether a window
   * is bound (negative). Shared by the plan's bound copies; a plan with another SELECT gets its own.
   */
  texts: Map<number, string>;
}

/**
 * A read of one row by its key and the children of its one to-many relation as one statement: the row,
 * then its children, each in a branch of a UNION ALL whose other branch's columns are NULL. The children's
 * branch joins them to the row under the row's own conditions, so no child of a row the caller may not
 * read is ever read. `part` (the first column) is 0 for the row and 1 for a child.
 */
interface WithChildren {
  /** The statement without its values: the row's conditions' values twice, then the children's. */
  sql: string;
  makeParent: (values: unknown[]) => Row;
  makeChild: (values: unknown[]) => Row;
}

/** The SELECT of `model`'s `columns` and `joins`, and where each join's values sit in a row. */
function selectOf(model: Model, columns: string[], joins: Join[]): Pick<Plan, 'select' | 'joined'> {
  const read = columns.map((name) => column(MAIN, name));
  let from = `${quoted(model.name)} ${MAIN}`;
  const joined = joins.map((join, i) => {
    const alias = `t${i + 1}`;
    const offset = read.length;
    read.push(...join.fields.map((name) => column(alias, name)));
    // The related row's id tells "no row" from a row: read once, among its fields when asked for.
    let idAt = offset + join.fields.indexOf(join.model.id!);
    if (idAt < offset) idAt = read.push(column(alias, join.model.id!)) - 1;
    from += ` LEFT JOIN ${quoted(join.model.name)} ${alias} ON ${column(alias, join.model.id!)} = ${column(MAIN, join.parentKey)}`;
    return { field: join.field, makeRow: rowMaker(join.model, join.fields, offset), idAt };
  });
  return { select: `SELECT ${read.join(', ')} FROM ${from}`, joined };
}

/** A relation whose child plan also reads the child's key column, to match rows by. */
function relationPlan(field: string, child: Plan, parentKey: number, childKey: string, many: boolean): RelationPlan {
  const columns = child.columns.includes(childKey) ? child.columns : [...child.columns, childKey];
  const plan =
    columns === child.columns
      ? child
      : Object.assign({}, child, { columns }, selectOf(child.model, columns, child.joins), { texts: new Map() });
  return { field, plan, parentKey, childKey, childKeyAt: plan.columns.indexOf(childKey), many };
}

/** Most values one statement binds (SQLite allows 32,766): a relation's keys are read in slices of this. */
const KEYS_PER_STATEMENT = 10_000;
/** Texts a plan keeps (`Plan.texts`; on SQLite each number of keys is a text of its own), oldest dropped first. */
const TEXTS_KEPT = 16;

const TOP_KEYS = new Set(['select', 'include', 'where', 'orderBy', 'take', 'skip']);
const NESTED_KEYS = new Set(['select', 'include', 'where', 'orderBy']);

function planOf(model: Model, args: Args, nested: boolean, dialect: Dialect): Plan {
  for (const key of Object.keys(args)) if (!(nested ? NESTED_KEYS : TOP_KEYS).has(key) && args[key] !== undefined) unsupported(key);
  if (args.select && args.include) unsupported('select and include');
  const selection = (args.select ?? args.include) as Record<string, unknown> | undefined;
  if (selection !== undefined && (typeof selection !== 'object' || selection === null)) unsupported('selection');
  const output = new Set<string>(args.select ? [] : model.scalars);
  const relations: { name: string; child: Plan; parentKey: string; childKey: string; many: boolean }[] = [];
  const joins: Join[] = [];
  for (const [name, value] of Object.entries(selection ?? {})) {
    if (value === false || value === undefined) continue;
    const field = model.fields.get(name);
    if (!field) return unsupported(`field ${name}`);
    if (field.kind !== 'object') {
      if (value !== true) unsupported(`field ${name}`);
      output.add(name);
      continue;
    }
    const target = models.get(field.type) ?? unsupported(`model ${field.type}`);
    const childArgs: Args = value === true ? {} : (value as Args);
    if (typeof childArgs !== 'object' || childArgs === null) unsupported(`relation ${name}`);
    const from = field.relationFromFields ?? [];
    if (from.length === 1 && !field.isList) {
      // This row holds the key: customerId -> Customer.id.
      if (!target.id || childArgs.where || childArgs.orderBy) return unsupported(`relation ${name}`);
      const child = planOf(target, childArgs, true, dialect);
      if (dialect.joinToOne && child.relations.length === 0 && child.joins.length === 0)
        joins.push({ field: name, model: target, parentKey: from[0], fields: child.columns });
      else relations.push({ name, child, parentKey: from[0], childKey: target.id, many: false });
    } else if (from.length === 0) {
      // The other side holds the key: Invoice.lines -> InvoiceLine.invoiceId.
      const back = [...target.fields.values()].find(
        (f) => f.relationName === field.relationName && f !== field && (f.relationFromFields?.length ?? 0) === 1,
      );
      if (!back || !model.id) return unsupported(`relation ${name}`);
      const parentKey = model.id;
      // A list's order must be stated: without it Prisma's own order is whatever the database's plan gives.
      if (field.isList && !childArgs.orderBy) unsupported(`relation ${name} without orderBy`);
      if (!field.isList && childArgs.orderBy) unsupported(`relation ${name}`);
      relations.push({
        name,
        child: planOf(target, childArgs, true, dialect),
        parentKey,
        childKey: back.relationFromFields![0],
        many: field.isList,
      });
    } else return unsupported(`relation ${name}`);
  }
  for (const name of output)
    if (!CONVERTIBLE.has(model.fields.get(name)!.type) && model.fields.get(name)!.kind !== 'enum') unsupported(`type of ${name}`);
  // The keys the relations match rows by; a join's key is compared in its ON clause, never read.
  const columns = [...output];
  for (const relation of relations) if (!columns.includes(relation.parentKey)) columns.push(relation.parentKey);
  // Without an order Prisma's rows come in whatever order the database's plan gives, which another statement need not.
  if (!nested && args.orderBy === undefined) unsupported('no orderBy');
  const take = args.take as number | undefined;
  const skip = args.skip as number | undefined;
  if (take !== undefined && (!Number.isInteger(take) || take < 0)) unsupported('take');
  if (skip !== undefined && (!Number.isInteger(skip) || skip < 0)) unsupported('skip');
  const params: Params = { values: [], paths: [] };
  const conditions = pinnedToPrimaryKey(model, args.where, whereSql(model, args.where, params), dialect);
  if (params.values.length > KEYS_PER_STATEMENT) unsupported('too many values'); // SQLite binds at most 32,766
  const plan: Plan = {
    model,
    makeRow: rowMaker(model, [...output]),
    output: [...output],
    columns,
    joins,
    ...selectOf(model, columns, joins),
    conditions,
    params: params.values,
    paramPaths: params.paths,
    ...orderOf(model, args.orderBy),
    take,
    skip,
    relations: relations.map((r) => relationPlan(r.name, r.child, columns.indexOf(r.parentKey), r.childKey, r.many)),
    texts: new Map(),
  };
  if (!nested && dialect.oneStatementForOne && readsAtMostOne(model, args.where)) plan.withChildren = withChildren(plan);
  return plan;
}

/** True when `where` names one row by its key (`id: "…"`, `id: { equals: "…" }` or `id: { in: ["…"] }`), beside other conditions. */
function readsAtMostOne(model: Model, where: unknown): boolean {
  if (!model.rowKey || !where || typeof where !== 'object') return false;
  const key = (where as Record<string, unknown>)[model.rowKey];
  if (typeof key === 'string') return true;
  if (!key || typeof key !== 'object') return false;
  const { equals, in: among, ...rest } = key as { equals?: unknown; in?: unknown };
  if (Object.keys(rest).length) return false;
  return typeof equals === 'string' ? among === undefined : Array.isArray(among) && among.length === 1 && typeof among[0] === 'string';
}

/** Names `t0."column"` of the row as `p0."column"`, for the children's branch, where `t0` is the child. */
const asParent = (sql: string) => sql.replaceAll(`${MAIN}."`, 'p0."');

/**
 * `plan`'s one-statement form (WithChildren), or undefined unless the row has exactly one relation, a list
 * of children with no relations or joins of their own, and no joins itself.
 */
function withChildren(plan: Plan): WithChildren | undefined {
  if (plan.joins.length || plan.relations.length !== 1) return undefined;
  const [relation] = plan.relations;
  const child = relation.plan;
  if (!relation.many || child.relations.length || child.joins.length) return undefined;
  // The children's order, by position in the statement's columns: a UNION orders by its own columns.
  const ordered = child.orderTerms.map((term) => term.column).filter((name) => !child.columns.includes(name));
  const childColumns = [...child.columns, ...ordered];
  const parentAt = 1;
  const childAt = parentAt + plan.columns.length;
  const nulls = (n: number) => Array.from({ length: n }, () => 'NULL');
  const parentBranch =
    `SELECT 0, ${plan.columns.map((name) => column(MAIN, name)).join(', ')}, ${nulls(childColumns.length).join(', ')} ` +
    `FROM ${quoted(plan.model.name)} ${MAIN}${plan.conditions.length ? ` WHERE ${plan.conditions.join(' AND ')}` : ''}`;
  const joined = `${column(MAIN, relation.childKey)} = ${asParent(column(MAIN, plan.columns[relation.parentKey]))}`;
  const childBranch =
    `SELECT 1, ${nulls(plan.columns.length).join(', ')}, ${childColumns.map((name) => column(MAIN, name)).join(', ')} ` +
    `FROM ${quoted(plan.model.name)} p0 JOIN ${quoted(child.model.name)} ${MAIN} ON ${joined}` +
    ` WHERE ${[...plan.conditions.map(asParent), ...child.conditions].join(' AND ')}`;
  const order = child.orderTerms.map((term) => `${childAt + childColumns.indexOf(term.column) + 1} ${term.direction}`);
  return {
    sql: `${parentBranch} UNION ALL ${childBranch} ORDER BY 1${order.map((term) => `, ${term}`).join('')}`,
    makeParent: rowMaker(plan.model, plan.output, parentAt),
    makeChild: rowMaker(child.model, child.output, childAt),
  };
}

/** Runs one statement (`?` placeholders) and answers its rows as arrays of values, in the SELECT's order. */
type Execute = (sql: string, params: unknown[]) => unknown[][] | Promise<unknown[][]>;

/** How a database runs the reader's statements, and how it matches a relation's keys. */
interface Dialect {
  execute: Execute;
  /** The condition "the column `name` is one of `count` keys" (a relation's keys), and the values it binds for `keys`. */
  keysIn(name: string, count: number): string;
  keyParams(keys: unknown[]): unknown[];
  /** Whether the condition's text depends on how many keys it matches (a placeholder each). */
  keyCountInText: boolean;
  /** LIMIT/OFFSET values for a window with no `take`. */
  noLimit: unknown;
  /**
   * To-one relations without relations of their own are LEFT JOINed (PostgreSQL: a statement is a round
   * trip). On SQLite a statement of their own is cheaper: each related row is read and made once and
   * shared by the rows that refer to it (the bench's nested page cost more CPU joined).
   */
  joinToOne: boolean;
  /**
   * SQLite: a read by primary key (`id` equal to, or one of, given values) looks the rows up by that key,
   * its other conditions kept from choosing an index. Its planner otherwise reads the organization's rows
   * through an index on `organizationId` (every row of a one-company file), so a REST page's load by ids
   * cost more the more rows the books held. PostgreSQL's planner picks the key by itself.
   */
  byPrimaryKey: boolean;
  /**
   * PostgreSQL: a row read by its key and its one list of children (an invoice and its lines) are one
   * statement (WithChildren), not two round trips, each of which costs the server more socket and
   * protocol work than the database's part of it. SQLite has no round trip, and one statement there cost
   * the same as two. A page stays two statements: built four ways as one, it saved node's CPU and cost
   * PostgreSQL more than that at 10,000 invoices (docs/performance.md, "a page and its children").
   */
  oneStatementForOne: boolean;
  /**
   * Plans (and refusals) by the shape of their arguments (`shapeOf`): a request's reads repeat a few shapes
   * with other values (an id, an organization), and planning one afresh cost about as much as SQLite's read
   * of a single invoice. Bounded, oldest dropped first.
   */
  plans: Map<string, Planned>;
}

const dialects = new WeakMap<Database, Dialect>();

/** How this database runs compiled reads, or undefined when it cannot (SQLite before it connects, or without its fast paths). */
function dialectOf(db: Database): Dialect | undefined {
  if (db.provider === 'sqlite' && !db.sqliteStatement?.('SELECT 1')) return undefined;
  if (db.provider === 'postgresql' && !db.pgPool) return undefined;
  let dialect = dialects.get(db);
  if (dialect) return dialect;
  if (db.provider === 'postgresql') {
    const pool = db.pgPool!;
    dialect = {
      execute: async (sql, params) => {
        db.onQuery?.(sql);
        return (await pgQuery(pool, sql, params.map(pgValue), 'array')) as unknown[][];
      },
      // One array parameter: the same statement text (prepared once per connection) for any number of keys.
      keysIn: (name) => `${column(MAIN, name)} = ANY(?)`,
      keyParams: (keys) => [keys],
      keyCountInText: false,
      noLimit: null,
      joinToOne: true,
      byPrimaryKey: false,
      oneStatementForOne: true,
      plans: new Map(),
    };
  } else {
    const execute = (sql: string, params: unknown[]): unknown[][] | Promise<unknown[][]> => {
      // Another's transaction is open: reading now would see its uncommitted rows (ConnectionGate).
      const busy = db.sqliteBusy?.();
      if (busy) return busy.then(() => execute(sql, params));
      db.onQuery?.(sql);
      return db.sqliteStatement!(sql)!
        .raw(true)
        .all(...params.map(sqliteValue)) as unknown[][];
    };
    dialect = {
      execute,
      keysIn: (name, count) => `${column(MAIN, name)} IN (${'?,'.repeat(count - 1)}?)`,
      keyParams: (keys) => keys,
      keyCountInText: true,
      noLimit: -1,
      joinToOne: false,
      byPrimaryKey: true,
      oneStatementForOne: false,
      plans: new Map(),
    };
  }
  dialects.set(db, dialect);
  return dialect;
}

/**
 * The rows of `plan` (with their relations attached), and the values read for each, in `plan.columns`'
 * order. A row gets only the fields its caller asked for: key columns read to match relations stay in
 * `values` (deleting them from the row after would leave every row a slow dictionary-mode object).
 */
async function read(
  dialect: Dialect,
  plan: Plan,
  keyFilter?: { column: string; values: unknown[] },
): Promise<{ rows: Row[]; values: unknown[][] }> {
  if (plan.withChildren && !keyFilter && plan.take !== 0 && !plan.skip) return readWithChildren(dialect, plan, plan.withChildren);
  const windowed = plan.take !== undefined || !!plan.skip;
  // What of the keys the text depends on: none read (0), their number (SQLite), or only that there are some.
  const keysInText = !keyFilter ? 0 : dialect.keyCountInText ? keyFilter.values.length : 1;
  let params = keyFilter ? [...plan.params, ...dialect.keyParams(keyFilter.values)] : plan.params;
  if (windowed) params = [...params, plan.take ?? dialect.noLimit, plan.skip ?? 0];
  // The same text object every time: SQLite's statement cache and pg's statement names look it up by
  // its hash, which a string built afresh computes again over the whole text.
  const textKey = windowed ? -1 - keysInText : keysInText;
  let sql = plan.texts.get(textKey);
  if (sql === undefined) {
    const clauses = keyFilter ? [...plan.conditions, dialect.keysIn(keyFilter.column, keyFilter.values.length)] : plan.conditions;
    sql = plan.select;
    if (clauses.length) sql += ` WHERE ${clauses.join(' AND ')}`;
    sql += plan.order;
    if (windowed) sql += ' LIMIT ? OFFSET ?';
    setBounded(plan.texts, textKey, sql, TEXTS_KEPT);
  }
  const values = await dialect.execute(sql, params);
  const rows: Row[] = new Array(values.length);
  for (let r = 0; r < values.length; r++) {
    const row = plan.makeRow(values[r]);
    for (const join of plan.joined) row[join.field] = values[r][join.idAt] === null ? null : join.makeRow(values[r]);
    rows[r] = row;
  }
  // Siblings (an invoice's customer and its lines) are independent: on PostgreSQL they run at once.
  await Promise.all(plan.relations.map((relation) => attach(dialect, relation, rows, values)));
  return { rows, values };
}

/** The row `plan` reads (at most one) with its children attached, read as one statement (WithChildren). */
async function readWithChildren(dialect: Dialect, plan: Plan, one: WithChildren): Promise<{ rows: Row[]; values: unknown[][] }> {
  const [relation] = plan.relations;
  const values = await dialect.execute(one.sql, [...plan.params, ...plan.params, ...relation.plan.params]);
  if (values.length === 0 || values[0][0] !== 0) return { rows: [], values: [] };
  const row = one.makeParent(values[0]);
  const children: Row[] = new Array(values.length - 1);
  for (let r = 1; r < values.length; r++) children[r - 1] = one.makeChild(values[r]);
  row[relation.field] = children;
  return { rows: [row], values: [values[0].slice(1)] };
}

async function attach(dialect: Dialect, relation: RelationPlan, parents: Row[], parentValues: unknown[][]) {
  const at = relation.parentKey;
  const keys = [...new Set(parentValues.map((v) => v[at]).filter((k) => k !== null && k !== undefined))];
  const byKey = new Map<unknown, Row[]>();
  for (let i = 0; i < keys.length; i += KEYS_PER_STATEMENT) {
    const children = await read(dialect, relation.plan, { column: relation.childKey, values: keys.slice(i, i + KEYS_PER_STATEMENT) });
    for (let c = 0; c < children.rows.length; c++) {
      const key = children.values[c][relation.childKeyAt];
      const list = byKey.get(key);
      if (list) list.push(children.rows[c]);
      else byKey.set(key, [children.rows[c]]);
    }
  }
  for (let p = 0; p < parents.length; p++) {
    const matched = byKey.get(parentValues[p][at]);
    parents[p][relation.field] = relation.many ? (matched ?? []) : (matched?.[0] ?? null);
  }
}

/**
 * `findMany` on `model` with `args`, compiled as above, or undefined when the arguments use something
 * this reader does not do or the database cannot run it (the caller then asks Prisma). Reads outside a
 * transaction only: it runs on the connection (pool) as Prisma's own reads outside a transaction do.
 * On PostgreSQL each level is its own statement, as Prisma's reads without relation joins are: read
 * committed, not one snapshot.
 */
export function compiledFindMany<T = Row>(db: Database, model: string, args: Args): Promise<T[]> | undefined {
  const planned = plan(db, model, 'findMany', args, (target, dialect) => planOf(target, args, false, dialect), boundPlan);
  return planned && read(planned.dialect, planned.plan).then((result) => result.rows as T[]);
}

/**
 * `findUnique` by the row's `id` (a string in `where`, beside any plain filters such as the organization):
 * at most one row, so it is `findMany` of one, compiled as that is; undefined when it cannot be (Prisma
 * answers). What a node lookup (`node(id:)`, REST's retrieve) runs on every request.
 */
export function compiledFindUnique<T = Row>(db: Database, model: string, args: Args): Promise<T | null> | undefined {
  const where = args.where as Record<string, unknown> | undefined;
  if (typeof where?.id !== 'string' || models.get(model)?.rowKey !== 'id') return undefined;
  const one = Object.assign({}, args, { orderBy: { id: 'asc' }, take: 1 });
  const planned = plan(db, model, 'findMany', one, (target, dialect) => planOf(target, one, false, dialect), boundPlan);
  return planned && read(planned.dialect, planned.plan).then((result) => (result.rows[0] as T | undefined) ?? null);
}

/**
 * The arguments' shape as text: everything planning decides by, and none of the values it only binds.
 * That is their structure (keys in order, list lengths), each value's kind, and every value outside a
 * `where` (fields named, sort directions), with those inside it that decide or are written into the SQL:
 * booleans and null, and upper-case words (an enum's values); of a number, whether it is a count (take,
 * skip). Undefined for a value no text stands for (an instance of a class other than Date): such
 * arguments are planned afresh.
 */
function shapeOf(value: unknown, inWhere = false): string | undefined {
  switch (typeof value) {
    case 'string':
      return !inWhere || UPPER_WORD.test(value) ? JSON.stringify(value) : 's';
    case 'number':
      return Number.isInteger(value) && value >= 0 ? 'i' : 'n';
    case 'bigint':
      return 'b';
    case 'boolean':
      return value ? 'T' : 'F';
    case 'undefined':
      return 'u';
    case 'object': {
      if (value === null) return 'N';
      if (value instanceof Date) return 'D';
      let text: string;
      if (Array.isArray(value)) {
        // Runs of items of one shape as the shape and its count: a list of 1,000 ids is a short key.
        text = '[';
        let run = 0;
        let last: string | undefined;
        for (const item of value) {
          const shape = shapeOf(item, inWhere);
          if (shape === undefined) return undefined;
          if (shape === last) run++;
          else {
            if (run) text += `${last}*${run},`;
            [last, run] = [shape, 1];
          }
        }
        return `${text}${run ? `${last}*${run}` : ''}]`;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return undefined;
      text = '{';
      for (const key in value) {
        const shape = shapeOf((value as Record<string, unknown>)[key], inWhere || key === 'where');
        if (shape === undefined) return undefined;
        text += `${WORD.test(key) ? key : JSON.stringify(key)}:${shape},`;
      }
      return `${text}}`;
    }
    default:
      return undefined;
  }
}

const WORD = /^\w+$/;

/** The value at `path` in `where`. */
function valueAt(where: unknown, path: Path): unknown {
  let value = where;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  return value;
}

/** `plan` (made from arguments of the same shape as `args`) with the values of `args` bound, its relations' too. */
function boundPlan(plan: Plan, args: Args): Plan {
  const selection = (args.select ?? args.include) as Record<string, unknown> | undefined;
  return Object.assign({}, plan, {
    params: plan.paramPaths.map((path) => valueAt(args.where, path)),
    take: args.take as number | undefined,
    skip: args.skip as number | undefined,
    relations: plan.relations.map((relation) => {
      const child = selection![relation.field];
      return Object.assign({}, relation, { plan: boundPlan(relation.plan, child === true ? {} : (child as Args)) });
    }),
  });
}

type Planned = { plan: unknown } | { refused: string };

/** How many plans a database keeps (`Dialect.plans`). */
const PLAN_CACHE_SIZE = 2_000;
/** Longer shapes (arguments of unusual variety) are planned afresh rather than kept. */
const MAX_SHAPE = 4_096;

/**
 * `make`'s plan for `model` on this database, or undefined when the database cannot run compiled reads or
 * `make` refuses the arguments (counted, and told to the fallback listener): the caller then asks Prisma.
 * Refusals come here, before any statement runs. A plan made before from arguments of the same shape is
 * reused, with these arguments' values bound by `bind`.
 */
function plan<P>(
  db: Database,
  model: string,
  kind: string,
  args: Args,
  make: (target: Model, dialect: Dialect) => P,
  bind: (plan: P, args: Args) => P,
): { plan: P; dialect: Dialect } | undefined {
  const target = models.get(model);
  const dialect = target && dialectOf(db);
  if (!target || !dialect) return undefined;
  const cache = dialect.plans;
  const shape = shapeOf(args);
  const key = shape === undefined || shape.length > MAX_SHAPE ? undefined : `${kind} ${model} ${shape}`;
  let planned = key === undefined ? undefined : cache.get(key);
  if (!planned) {
    compiledReadCounts.planned++;
    try {
      planned = { plan: make(target, dialect) };
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      planned = { refused: error.message };
    }
    if (key !== undefined) setBounded(cache, key, planned, PLAN_CACHE_SIZE);
  } else if ('plan' in planned) planned = { plan: bind(planned.plan as P, args) };
  if ('refused' in planned) {
    compiledReadCounts.fallbacks++;
    db.onCompiledReadFallback?.(model, planned.refused);
    return undefined;
  }
  compiledReadCounts.compiled++;
  return { plan: planned.plan as P, dialect };
}

/**
 * A statement over one table filtered by `where` alone (an aggregate: groupBy, count): its ` WHERE …` text (empty
 * without conditions), its values, and where each value came from, to bind the next arguments of the same shape.
 */
function whereOnly(target: Model, where: unknown): { where: string; params: unknown[]; paramPaths: Path[] } {
  const params: Params = { values: [], paths: [] };
  const conditions = whereSql(target, where, params);
  if (params.values.length > KEYS_PER_STATEMENT) unsupported('too many values');
  return { where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '', params: params.values, paramPaths: params.paths };
}

/** A `whereOnly` plan with the values of `args.where` bound. */
const boundWhere = <P extends { paramPaths: Path[] }>(planned: P, args: Args): P =>
  Object.assign({}, planned, { params: planned.paramPaths.map((path) => valueAt(args.where, path)) });

const GROUP_KEYS = new Set(['by', 'where', '_sum']);
const SUMMABLE = new Set(['Int', 'BigInt', 'Float']);

/** A sum as Prisma's `groupBy` answers it for a field of `type`: bigint for BigInt, a number otherwise, null over no values. */
function sumOf(type: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return type === 'BigInt' ? BigInt(value as bigint | string) : Number(value);
}

/**
 * `groupBy` with `by`, a `where` the reader does (as findMany's) and `_sum` of integer or float fields,
 * as one statement; anything else, or a database that cannot run it, undefined (Prisma answers). The
 * trial balance and the other reports sum the kept daily and monthly totals this way on every request:
 * Prisma's client work for one was about a sixth of a trial balance's CPU. Groups come in no stated
 * order, as Prisma's do.
 */
export function compiledGroupBy<T = Row>(db: Database, model: string, args: Args): Promise<T[]> | undefined {
  const planned = plan(
    db,
    model,
    'groupBy',
    args,
    (target) => {
      for (const key of Object.keys(args)) if (!GROUP_KEYS.has(key) && args[key] !== undefined) unsupported(key);
      const field = (name: unknown) =>
        (typeof name === 'string' ? target.fields.get(name) : undefined) ?? unsupported(`field ${String(name)}`);
      const by = (Array.isArray(args.by) ? args.by : [args.by]).map(field);
      if (by.length === 0 || by.some((f) => f.kind === 'object' || (f.kind !== 'enum' && !CONVERTIBLE.has(f.type)))) unsupported('by');
      const sum = (args._sum ?? {}) as Record<string, unknown>;
      if (typeof sum !== 'object' || Object.values(sum).some((v) => v !== true && v !== false && v !== undefined)) unsupported('_sum');
      const sums = Object.entries(sum)
        .filter(([, v]) => v === true)
        .map(([name]) => field(name));
      if (sums.length === 0 || sums.some((f) => f.kind !== 'scalar' || !SUMMABLE.has(f.type))) unsupported('_sum');
      const { where, params, paramPaths } = whereOnly(target, args.where);
      const keys = by.map((f) => column(MAIN, f.name)).join(', ');
      const summed = sums.map((f) => `SUM(${column(MAIN, f.name)})`).join(', ');
      return {
        sql: `SELECT ${keys}, ${summed} FROM ${quoted(target.name)} ${MAIN}${where} GROUP BY ${keys}`,
        params,
        paramPaths,
        by,
        sums,
      };
    },
    boundWhere,
  );
  if (!planned) return undefined;
  const { sql, params, by, sums } = planned.plan;
  return Promise.resolve(planned.dialect.execute(sql, params)).then((rows) =>
    rows.map((values) => {
      const row: Row = {};
      by.forEach((f, i) => (row[f.name] = convert(f.kind === 'enum' ? 'String' : f.type, values[i])));
      row._sum = Object.fromEntries(sums.map((f, k) => [f.name, sumOf(f.type, values[by.length + k])]));
      return row as T;
    }),
  );
}

/**
 * `count` with only a `where` the reader does (as findMany's), as one `SELECT COUNT(*)`; anything else
 * (a selection of fields, a window, a cursor), or a database that cannot run it, undefined (Prisma
 * answers). A filtered list's `total` on every request (an unfiltered one reads the kept count): Prisma's
 * count read the matching rows' ids through a subquery, a lookup in the table for each row that an index
 * on the filter's columns would have counted alone, and cost its client's work on top.
 */
export function compiledCount(db: Database, model: string, args: Args = {}): Promise<number> | undefined {
  const planned = plan(
    db,
    model,
    'count',
    args,
    (target) => {
      for (const key of Object.keys(args)) if (key !== 'where' && args[key] !== undefined) unsupported(key);
      const { where, params, paramPaths } = whereOnly(target, args.where);
      return { sql: `SELECT COUNT(*) FROM ${quoted(target.name)} ${MAIN}${where}`, params, paramPaths };
    },
    boundWhere,
  );
  if (!planned) return undefined;
  // PostgreSQL's count is a bigint, which the driver hands over as text.
  return Promise.resolve(planned.dialect.execute(planned.plan.sql, planned.plan.params)).then((rows) => Number(rows[0][0]));
}

/**
 * Reads the compiled reader answered and those it left to Prisma, and the plans it made for them (the
 * rest reused a plan of the same shape), since the process started.
 */
export const compiledReadCounts = { compiled: 0, fallbacks: 0, planned: 0 };

/** A `Prisma.sql` statement (its text in both dialects and its values), not a tagged template's strings. */
const isSqlStatement = (query: unknown) =>
  typeof query === 'object' &&
  query !== null &&
  !Array.isArray(query) &&
  typeof (query as { sql?: unknown }).sql === 'string' &&
  typeof (query as { text?: unknown }).text === 'string' &&
  Array.isArray((query as { values?: unknown }).values);

/** Model names by their client property: `invoice` -> `Invoice`. */
const modelsByDelegate = new Map([...models.keys()].map((name) => [delegateOf(name), name]));
const readingClients = new WeakMap<object, Prisma>();

/**
 * `db.prisma` for a request's reads (RequestContext.prisma): each model's `findMany`, `findUnique` (by
 * id), `groupBy` and `count` go through the compiled reader first, and `$queryRaw` with a `Prisma.sql` statement (the reports'
 * aggregates) runs at the driver's cost (db/sql.ts `readSql`, cheaper than Prisma's on SQLite);
 * everything else is the client's own (called on the client itself: Prisma's methods use
 * private fields a proxy cannot reach). Not for writes or transactions: those take the unit of work's
 * transaction client.
 */
export function readingClient(db: Database): Prisma {
  const client = db.prisma;
  let reading = readingClients.get(client);
  if (reading) return reading;
  const delegates = new Map<string, unknown>();
  const own = (target: object, key: PropertyKey) => {
    const value = Reflect.get(target, key, target);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const raw = readSql(db);
  const queryRaw = (query: unknown, ...values: unknown[]) => {
    const owner = offThreadOwner(query);
    if (owner && db.direct.kind === 'sqlite') {
      const { sql, values: bound } = query as { sql: string; values: unknown[] };
      return runHeavyTask('readSqlite', { file: db.direct.file, sql, values: bound.map(sqliteValue) }, { organizationId: owner }).catch(
        (error) => {
          if (!(error instanceof HeavyTaskFailed)) throw error;
          throw new AppError('SERVICE_UNAVAILABLE', `The report could not be read (its read ${error.reason}); retry, or ask for less.`);
        },
      );
    }
    return isSqlStatement(query)
      ? raw.$queryRaw(query as Parameters<typeof raw.$queryRaw>[0])
      : (own(client, '$queryRaw') as (...args: unknown[]) => Promise<unknown>)(query, ...values);
  };
  reading = new Proxy(client, {
    get(target, key) {
      if (key === '$queryRaw') return queryRaw;
      const model = typeof key === 'string' ? modelsByDelegate.get(key) : undefined;
      if (!model) return own(target, key);
      let delegate = delegates.get(key as string);
      if (!delegate) {
        const real = Reflect.get(target, key, target) as {
          findMany(args?: Args): Promise<unknown[]>;
          findUnique(args: Args): Promise<unknown>;
          findUniqueOrThrow(args: Args): Promise<unknown>;
          groupBy(args: Args): Promise<unknown[]>;
          count(args?: Args): Promise<number>;
        };
        const compiled: Record<string, unknown> = {
          findMany: (args: Args = {}) => compiledFindMany(db, model, args) ?? real.findMany(args),
          findUnique: (args: Args) => compiledFindUnique(db, model, args) ?? real.findUnique(args),
          // Not found: Prisma's own call again, for Prisma's own error (a rare path, not worth copying the error).
          findUniqueOrThrow: (args: Args) =>
            compiledFindUnique(db, model, args)?.then((row) => row ?? real.findUniqueOrThrow(args)) ?? real.findUniqueOrThrow(args),
          groupBy: (args: Args) => compiledGroupBy(db, model, args) ?? real.groupBy(args),
          count: (args: Args = {}) => compiledCount(db, model, args) ?? real.count(args),
        };
        delegate = new Proxy(real, {
          get: (target, key) => (typeof key === 'string' && Object.hasOwn(compiled, key) ? compiled[key] : own(target, key)),
        });
        delegates.set(key as string, delegate);
      }
      return delegate;
    },
  });
  readingClients.set(client, reading);
  return reading;
}
