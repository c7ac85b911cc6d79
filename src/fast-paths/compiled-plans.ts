// The compiled reader's plans (compiled-reads.ts runs them): Prisma's `findMany` arguments (equality and
// range filters, a stated order, take/skip, nested relation selections) turned into SQL for one level
// and its children's, with the datamodel's fields and how each row is made. What a plan cannot say
// (an operator, a relation filter) is Unsupported, and the read is left to Prisma.
import { getDatamodel } from '../db/generated/pothos-types.ts';
import { CONVERTIBLE, conversion, convert } from '../db/model-rows.ts';
import * as enums from '../db/generated/sqlite/enums.ts';

export type Args = Record<string, unknown>;

export type Row = Record<string, unknown>;

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

export interface Model {
  name: string;
  fields: Map<string, Field>;
  scalars: string[];
  id: string | undefined;
  /** The unique `id` column a row is named by (Event's too, whose @id is `seq`). */
  rowKey: string | undefined;
}

export const models: Map<string, Model> = (() => {
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
export class Unsupported extends Error {}

export const unsupported = (what: string): never => {
  throw new Unsupported(what);
};

export const quoted = (name: string) => `"${name}"`;

/** Each statement reads its model as `t0` and the to-one relations joined to it as `t1`, `t2`, … */
export const MAIN = 't0';

export const column = (alias: string, name: string) => `${alias}.${quoted(name)}`;

/** Where a bound value sits in a level's `where` (keys and list positions), to bind the next arguments of the same shape. */
export type Path = (string | number)[];

/** A statement's bound values, and where each came from in the `where` it was planned from. */
export interface Params {
  values: unknown[];
  paths: Path[];
}

/** Upper-case words: the only filter values written into SQL (an enum's). */
export const UPPER_WORD = /^[A-Z][A-Z0-9_]*$/;

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
export function whereSql(model: Model, where: unknown, params: Params, at: Path = []): string[] {
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
export interface RelationPlan {
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

export interface Plan {
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
export interface WithChildren {
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
export const KEYS_PER_STATEMENT = 10_000;

/** Texts a plan keeps (`Plan.texts`; on SQLite each number of keys is a text of its own), oldest dropped first. */
export const TEXTS_KEPT = 16;

const TOP_KEYS = new Set(['select', 'include', 'where', 'orderBy', 'take', 'skip']);

const NESTED_KEYS = new Set(['select', 'include', 'where', 'orderBy']);

export function planOf(model: Model, args: Args, nested: boolean, dialect: Dialect): Plan {
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
export function withChildren(plan: Plan): WithChildren | undefined {
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

export type Planned = { plan: unknown } | { refused: string };

/** How a database runs the reader's statements, and how it matches a relation's keys. */
export interface Dialect {
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
