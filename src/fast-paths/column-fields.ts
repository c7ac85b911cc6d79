// A Pothos plugin: a field over a row's own columns answers from the row when the row holds them.
//
// In select mode plugin-prisma reads only the columns a query's fields select, and wraps every field that
// selects something in a check, per row, that the row was loaded with that selection (a lookup keyed by
// the response path), loading the selection when it was not. For a field that selects nothing but
// scalar columns of its own row and answers a scalar, the row itself says whether they were loaded: a
// row Prisma (or the compiled reader) loaded holds every column it selected, null or not, and none it
// did not. So such a field resolves straight from a row that holds its columns, and goes through
// plugin-prisma's check (and its loading) only when the row lacks one. That check, per field per row,
// is what made narrow selects dearer than reading every small column for every query; with this,
// a page of 25 invoices with their lines, customers and products reads the columns its fields name
// and nothing else. No Pothos or plugin-prisma option does this; it is written by hand for that reason.
import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import { defaultFieldResolver, type GraphQLFieldResolver } from 'graphql';

const pluginName = 'columnFields';

/** The columns a field selects, when its selection is nothing but columns of its own row (`{ total: true }`). */
export function ownColumns(select: unknown): string[] | undefined {
  if (!select || typeof select !== 'object' || Array.isArray(select)) return undefined;
  const columns = Object.keys(select);
  return columns.length > 0 && columns.every((column) => (select as Record<string, unknown>)[column] === true) ? columns : undefined;
}

export class ColumnFieldsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const columns = fieldConfig.kind === 'PrismaObject' ? ownColumns(fieldConfig.extensions?.pothosPrismaSelect) : undefined;
    // Only a scalar answer without arguments: nothing below it, and no plugin between this one and the
    // field's own resolver does anything for such a field (plugin-relay and plugin-dataloader wrap
    // object-valued fields and fields with arguments only).
    const leaf = fieldConfig.type.kind === 'Scalar' || fieldConfig.type.kind === 'Enum';
    if (!columns || !leaf || Object.keys(fieldConfig.args).length > 0) return resolver;
    const own = (fieldConfig.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, Types['Context'], object>;
    if (columns.length === 1) {
      const [column] = columns;
      return (row, args, context, info) =>
        (row as Record<string, unknown>)[column] !== undefined ? own(row, args, context, info) : resolver(row, args, context, info);
    }
    return (row, args, context, info) =>
      columns.every((column) => (row as Record<string, unknown>)[column] !== undefined)
        ? own(row, args, context, info)
        : resolver(row, args, context, info);
  }
}

SchemaBuilder.registerPlugin(pluginName, ColumnFieldsPlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      columnFields: ColumnFieldsPlugin<Types>;
    }
  }
}

export default pluginName;

/**
 * The `select` of a field over columns of its own row, for a helper that defines the same fields on
 * several models' types (document lines): TypeScript cannot type a selection generically over the
 * models, so the helper's options spread this untyped. A type's own fields write `select: {…}`.
 */
export function readsColumns(...columns: string[]): object {
  return { select: Object.fromEntries(columns.map((column) => [column, true])) };
}
