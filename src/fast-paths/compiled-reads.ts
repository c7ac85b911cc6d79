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
import { CONVERTIBLE, convert } from '../db/model-rows.ts';
import { offThreadOwner, pgQuery, pgValue, readSql, sqliteValue } from '../db/sql.ts';
import { HeavyTaskFailed, runHeavyTask } from '../core/heavy-work.ts';
import { AppError } from '../lib/errors.ts';
import { setBounded } from '../lib/bounded-map.ts';
import {
  type Args,
  type Dialect,
  KEYS_PER_STATEMENT,
  MAIN,
  type Model,
  type Params,
  type Path,
  type Plan,
  type RelationPlan,
  type Row,
  TEXTS_KEPT,
  UPPER_WORD,
  Unsupported,
  type WithChildren,
  column,
  models,
  planOf,
  quoted,
  unsupported,
  whereSql,
} from './compiled-plans.ts';

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
      // Another's transaction is open: reading on its connection now would see its uncommitted rows
      // (ConnectionGate); the reader connection sees the last commit (`Database.sqliteReadStatement`).
      const busy = db.sqliteBusy?.();
      const statement = busy ? db.sqliteReadStatement?.(sql) : db.sqliteStatement!(sql);
      if (!statement) return busy!.then(() => execute(sql, params));
      db.onQuery?.(sql);
      return statement.raw(true).all(...params.map(sqliteValue)) as unknown[][];
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
export async function read(
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
export function plan<P>(
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
