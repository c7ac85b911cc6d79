// A model's row as Prisma's client answers it, from a raw statement's record: the same fields, the same
// types (BigInt money, Date times, booleans), whichever database stored it. The compiled reader
// (src/fast-paths/compiled-reads.ts) builds its rows with these conversions; a write reads and inserts
// inside its transaction with `modelRows`, where Prisma's model operations would cost several times
// the statement (src/db/insert.ts says why) and, on SQLite, Prisma's interactive transaction besides.
import { getDatamodel } from './generated/pothos-types.ts';
import { Prisma } from './generated/sqlite/client.ts';
import { insertStatement, quoted } from './insert.ts';
import type { RawSql } from './sql.ts';

type Row = Record<string, unknown>;

interface Field {
  name: string;
  kind: 'scalar' | 'enum' | 'object';
  type: string;
}

/** Scalar types converted as Prisma does (a model field of another type is not a column this reads). */
export const CONVERTIBLE = new Set(['String', 'Int', 'BigInt', 'Boolean', 'DateTime', 'Float']);

/** A stored value as Prisma's client hands it out for a field of `type`. */
export function convert(type: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'Int':
    case 'Float':
      return Number(value);
    case 'BigInt':
      return BigInt(value as bigint);
    case 'Boolean':
      return value === 1n || value === 1 || value === true;
    case 'DateTime':
      if (value instanceof Date) return value;
      if (typeof value === 'bigint' || typeof value === 'number') return new Date(Number(value));
      // Stored as ISO 8601 with an offset by Prisma's writes (and insertRows); SQLite's own
      // CURRENT_TIMESTAMP text has none and is UTC, as PostgreSQL's `timestamp` text (read as text).
      return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value as string) ? (value as string) : `${(value as string).replace(' ', 'T')}Z`);
    default:
      return value; // String, enums
  }
}

/** The JavaScript expression converting `value` (stored) as `convert` does for `field`. */
export function conversion(field: Pick<Field, 'kind' | 'type'>, value: string): string {
  if (field.kind === 'enum') return `(${value} ?? null)`;
  switch (field.type) {
    case 'Int':
    case 'Float':
      return `(${value} == null ? null : Number(${value}))`;
    case 'BigInt':
      return `(${value} == null ? null : BigInt(${value}))`;
    case 'String':
      return `(${value} ?? null)`;
    default:
      return `convert(${JSON.stringify(field.type)}, ${value})`; // Boolean, DateTime
  }
}

let fieldsByModel: Map<string, Map<string, Field>> | undefined;
const makers = new Map<string, { columns: string; row: (record: Row) => Row }>();

/**
 * The columns of `model`'s row (every scalar field, or `fields`) for a raw statement's SELECT or RETURNING,
 * and the function making Prisma's row from each record it answers (columns by name). Compiled once per
 * model and field list: generated code with the conversions inlined, as the compiled reader's rows are.
 * Field names come from Prisma's datamodel, never from a request.
 */
export function modelRows<T = Row>(
  model: string,
  fields?: readonly string[],
  /** The table's alias in the statement, to qualify the columns with (a join). */
  alias?: string,
): { columns: string; row: (record: Row) => T } {
  const key = `${model}:${fields?.join(',') ?? '*'}:${alias ?? ''}`;
  let made = makers.get(key);
  if (!made) {
    fieldsByModel ??= new Map(
      Object.entries(getDatamodel().datamodel.models as unknown as Record<string, { fields: Field[] }>).map(([name, m]) => [
        name,
        new Map(m.fields.map((f) => [f.name, f])),
      ]),
    );
    const known = fieldsByModel.get(model);
    if (!known) throw new Error(`no model ${model}`);
    const names = fields ?? [...known.values()].filter((f) => f.kind !== 'object').map((f) => f.name);
    const body = names.map((name) => {
      const field = known.get(name);
      if (!field || field.kind === 'object' || (field.kind === 'scalar' && !CONVERTIBLE.has(field.type)))
        throw new Error(`${model}.${name} is not a column modelRows converts`);
      return `${JSON.stringify(name)}: ${conversion(field, `r[${JSON.stringify(name)}]`)}`;
    });
    made = {
      columns: names.map((name) => (alias ? `${alias}.${quoted(name)}` : quoted(name))).join(', '),
      row: new Function('convert', `return (r) => ({\n${body.join(',\n')}\n});`)(convert) as (record: Row) => Row,
    };
    makers.set(key, made);
  }
  return made as { columns: string; row: (record: Row) => T };
}

type Reads = Pick<RawSql, '$queryRaw'>;

/** The rows of `model` matching `where` (SQL), as Prisma's `findMany` answers them; `orderBy` a column, ascending. */
export async function selectModelRows<T = Row>(
  sql: Reads,
  model: string,
  where: Prisma.Sql,
  { fields, orderBy, descending, limit }: { fields?: readonly string[]; orderBy?: string; descending?: boolean; limit?: number } = {},
): Promise<T[]> {
  const { columns, row } = modelRows<T>(model, fields);
  const order = orderBy ? Prisma.raw(` ORDER BY ${quoted(orderBy)}${descending ? ' DESC' : ''}`) : Prisma.empty;
  const first = limit === undefined ? Prisma.empty : Prisma.raw(` LIMIT ${Math.trunc(limit)}`);
  const records = await sql.$queryRaw<Row[]>(
    Prisma.sql`SELECT ${Prisma.raw(columns)} FROM ${Prisma.raw(quoted(model))} WHERE ${where}${order}${first}`,
  );
  return records.map(row);
}

/** The row of `model` with `id` if it is the organization's (undefined otherwise), as Prisma's `findFirst` would answer it. */
export async function selectOrganizationRow<T = Row>(
  sql: Reads,
  model: string,
  organizationId: string,
  id: string,
): Promise<T | undefined> {
  const [found] = await selectModelRows<T>(sql, model, Prisma.sql`"id" = ${id} AND "organizationId" = ${organizationId}`);
  return found;
}

/** Inserts `data`'s columns as one row of `model` and answers the whole row, database defaults filled in, as Prisma's `create` would. */
export async function insertModelRow<T = Row>(sql: Reads, model: string, data: Row): Promise<T> {
  const { columns, row } = modelRows<T>(model);
  const [record] = await sql.$queryRaw<Row[]>(
    Prisma.sql`${insertStatement(model, Object.keys(data), [data])} RETURNING ${Prisma.raw(columns)}`,
  );
  return row(record!);
}

/**
 * Sets `data`'s defined columns (plain values, as a Prisma `update`'s `data` without operators) of the row
 * of `model` with `id`, and answers the whole row as Prisma's `update` would.
 */
export async function updateModelRow<T = Row>(sql: Reads, model: string, id: string, data: Row): Promise<T> {
  const { columns, row } = modelRows<T>(model);
  const sets = Object.entries(data)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => Prisma.sql`${Prisma.raw(quoted(column))} = ${value}`);
  const [record] = await sql.$queryRaw<Row[]>(
    Prisma.sql`UPDATE ${Prisma.raw(quoted(model))} SET ${Prisma.join(sets)} WHERE "id" = ${id} RETURNING ${Prisma.raw(columns)}`,
  );
  return row(record!);
}
