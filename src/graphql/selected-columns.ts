// Which columns of a model a query's selection reads below a field, so a report can read those and not
// every column of every row it shows (a trial balance's accounts: their dates cost more to read and
// convert than the rest of the row). Only a selection of plain column fields is narrowed: fields that
// expose a column (`t.exposeString('code')`), fields whose `select` is columns of their own row
// (`select: { currency: true }`), a node's id and `__typename`. Anything else below the path (a relation,
// a computed field, an argument, a directive, a fragment on another type) reads every column, as before:
// its resolver may need any of them. plugin-prisma's queryFromInfo answers this only for types in
// select mode, and the account type is not one.
import { type FieldNode, type GraphQLField, type GraphQLObjectType, type GraphQLResolveInfo, getNamedType, isObjectType } from 'graphql';
import { ownColumns } from '../fast-paths/column-fields.ts';
import { collectFields } from '../fast-paths/planned-queries.ts';

/**
 * What a path's selection reads, by the field's node: a document's nodes are the same objects each time Yoga's cache
 * returns it. Kept only for a field met once in its operation: which of several occurrences are merged may depend on
 * the variables (`@include(if: $x)` on one of them).
 */
const known = new WeakMap<FieldNode, Map<string, readonly string[] | null>>();

/**
 * The columns the selections at `paths` below the resolving field read (dotted field names, e.g.
 * 'rows.account'), when each is nothing but plain column fields of a Prisma object type; undefined when
 * any may need more (read every column then).
 */
export function selectedColumns(info: GraphQLResolveInfo, ...paths: string[]): readonly string[] | undefined {
  const first = info.fieldNodes[0];
  if (!first) return undefined;
  const key = paths.join(' ');
  const keep = info.fieldNodes.length === 1;
  let byPath = keep ? known.get(first) : undefined;
  if (byPath?.has(key)) return byPath.get(key) ?? undefined;
  let found: string[] | null = [];
  for (const path of paths) {
    const read = columnsAt(info, path.split('.'));
    if (!read) {
      found = null;
      break;
    }
    found.push(...read);
  }
  if (found) found = [...new Set(found)];
  if (keep) {
    if (!byPath) known.set(first, (byPath = new Map()));
    byPath.set(key, found);
  }
  return found ?? undefined;
}

function columnsAt(info: GraphQLResolveInfo, path: readonly string[]): string[] | undefined {
  let type = getNamedType(info.returnType);
  let nodes: readonly FieldNode[] = info.fieldNodes;
  for (const name of path) {
    if (!isObjectType(type)) return undefined;
    const field = type.getFields()[name];
    const selected = field && fieldsBelow(info, nodes, type);
    if (!selected) return undefined;
    nodes = selected.filter((node) => node.name.value === name);
    type = getNamedType(field.type);
  }
  if (!isObjectType(type) || !(type.extensions as { pothosPrismaModel?: unknown }).pothosPrismaModel) return undefined;
  const selections = fieldsBelow(info, nodes, type);
  if (!selections) return undefined;
  const columns = new Set<string>();
  for (const node of selections) {
    if (node.name.value === '__typename') continue;
    const read = columnsOf(type, type.getFields()[node.name.value]);
    if (!read || node.arguments?.length) return undefined;
    for (const column of read) columns.add(column);
  }
  return [...columns];
}

/**
 * Every field the nodes select on `type`, through fragments on that type (as a plan collects them);
 * undefined at a directive or another type's fragment.
 */
function fieldsBelow(info: GraphQLResolveInfo, nodes: readonly FieldNode[], type: GraphQLObjectType): FieldNode[] | undefined {
  const selectionSets = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  const collected = collectFields(type, selectionSets, info.fragments);
  return collected && [...collected.values()].flat();
}

/** The columns a field of a Prisma object type reads from its own row, or undefined when it is not such a field. */
function columnsOf(type: GraphQLObjectType, field: GraphQLField<unknown, unknown> | undefined): string[] | undefined {
  if (!field || field.args.length) return undefined;
  const extensions = field.extensions as { pothosExposedField?: unknown; pothosPrismaSelect?: unknown };
  if (typeof extensions.pothosExposedField === 'string') return [extensions.pothosExposedField];
  // Every node type here is a tenant node (graphql/builder.ts tenantNode), whose id is its `id` column.
  if (field.name === 'id' && (type.extensions as { pothosOptions?: { id?: unknown } }).pothosOptions?.id) return ['id'];
  return ownColumns(extensions.pothosPrismaSelect);
}
