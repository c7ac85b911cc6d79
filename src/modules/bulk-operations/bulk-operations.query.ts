// An export's query, as Shopify's bulkOperationRunQuery takes it: a GraphQL query whose one top-level
// field is a connection (`invoices(filter: …) { edges { node { … } } }`). The job pages through it itself:
// the query is rewritten once to take `first`/`after` from variables and to ask for its page info, then
// run a page at a time; each node is one line of the result file, nested fields inside it.
import {
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  getNamedType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  validate,
} from 'graphql';
import { AppError, type FieldError, validationError } from '../../lib/errors.ts';
import { estimateCost, MAX_QUERY_COST } from '../../graphql/cost.ts';

/** The longest export query taken. */
const MAX_QUERY_LENGTH = 20_000;
const PAGING_ARGUMENTS = ['first', 'after', 'last', 'before', 'page', 'limit'];
/** Where the rewritten query puts the connection's page info (a name no client query uses). */
export const PAGE_INFO_ALIAS = 'bulkPageInfo';

export interface ExportQuery {
  /** The query as run, a page at a time: variables `bulkFirst` and `bulkAfter`. */
  document: DocumentNode;
  /** Where the connection is in the answer (its alias or name). */
  field: string;
}

const fault = (message: string) => validationError([{ path: 'query', message }]);

/** The one operation of a document, or why there is not exactly one query. */
function theQuery(document: DocumentNode): OperationDefinitionNode {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1 || document.definitions.length !== 1)
    throw fault('must hold exactly one operation and no fragments (write the fields inline)');
  const [operation] = operations;
  if (operation.operation !== 'query') throw fault(`must be a query, not a ${operation.operation}`);
  if (operation.variableDefinitions?.length) throw fault('takes no variables: write the values inline');
  return operation;
}

/**
 * Checks an export query against the schema (every GraphQL error, and the shape: one connection with
 * `edges { node { … } }`, no paging arguments) and answers it rewritten to run a page at a time.
 */
export function exportQuery(schema: GraphQLSchema, text: string): ExportQuery {
  if (text.length > MAX_QUERY_LENGTH) throw fault(`is longer than ${MAX_QUERY_LENGTH} characters`);
  let document: DocumentNode;
  try {
    document = parse(text, { maxTokens: 5000 });
  } catch (error) {
    throw fault(`does not parse: ${(error as Error).message}`);
  }
  const operation = theQuery(document);
  const errors = validate(schema, document);
  if (errors.length) {
    const named: FieldError[] = errors.map((e) => ({ path: 'query', message: e.message }));
    throw new AppError('VALIDATION_FAILED', `The query is not valid: ${errors[0].message}`, named);
  }
  const fields = operation.selectionSet.selections.filter((s) => !(s.kind === Kind.FIELD && s.name.value === '__typename'));
  const top = fields[0];
  if (fields.length !== 1 || top.kind !== Kind.FIELD)
    throw fault('must select exactly one list at the top, such as { invoices { edges { node { id } } } }');
  const type = getNamedType(schema.getQueryType()!.getFields()[top.name.value]?.type);
  if (!isObjectType(type) || !type.getFields().edges || !type.getFields().pageInfo)
    throw fault(`${top.name.value} is not a list that pages (a connection with edges); choose one such as invoices or journalEntries`);
  const given = (top.arguments ?? []).map((a) => a.name.value).filter((name) => PAGING_ARGUMENTS.includes(name));
  if (given.length) throw fault(`leave out ${given.join(', ')}: the export pages through every record itself`);
  const edges = top.selectionSet?.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'edges');
  const node = edges?.selectionSet?.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'node');
  if (!node || edges?.alias || node.alias) throw fault(`must select ${top.name.value} { edges { node { … } } }: each node is one line`);
  return { document: paged(document, operation, top), field: top.alias?.value ?? top.name.value };
}

const variable = (name: string) => ({ kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } }) as const;
const name = (value: string) => ({ kind: Kind.NAME, value }) as const;
const fieldNode = (fieldName: string, selections?: FieldNode[]): FieldNode => ({
  kind: Kind.FIELD,
  name: name(fieldName),
  ...(selections ? { selectionSet: { kind: Kind.SELECTION_SET, selections } } : {}),
});

/** The query with `first: $bulkFirst, after: $bulkAfter` on its connection, and the connection's page info asked for. */
function paged(document: DocumentNode, operation: OperationDefinitionNode, top: FieldNode): DocumentNode {
  const pageInfo: FieldNode = {
    ...fieldNode('pageInfo', [fieldNode('hasNextPage'), fieldNode('endCursor')]),
    alias: name(PAGE_INFO_ALIAS),
  };
  const connection: FieldNode = {
    ...top,
    arguments: [
      ...(top.arguments ?? []),
      { kind: Kind.ARGUMENT, name: name('first'), value: variable('bulkFirst') },
      { kind: Kind.ARGUMENT, name: name('after'), value: variable('bulkAfter') },
    ],
    selectionSet: { ...(top.selectionSet as SelectionSetNode), selections: [...top.selectionSet!.selections, pageInfo] },
  };
  const type = (typeName: string, required: boolean) =>
    required
      ? ({ kind: Kind.NON_NULL_TYPE, type: { kind: Kind.NAMED_TYPE, name: name(typeName) } } as const)
      : ({ kind: Kind.NAMED_TYPE, name: name(typeName) } as const);
  const rewritten: OperationDefinitionNode = {
    ...operation,
    variableDefinitions: [
      { kind: Kind.VARIABLE_DEFINITION, variable: variable('bulkFirst'), type: type('Int', true) },
      { kind: Kind.VARIABLE_DEFINITION, variable: variable('bulkAfter'), type: type('String', false) },
    ],
    selectionSet: {
      ...operation.selectionSet,
      selections: operation.selectionSet.selections.map((s) => (s === top ? connection : s)),
    },
  };
  return { ...document, definitions: [rewritten] };
}

/**
 * The page size an export runs its query with: the most records a page whose cost stays within the query
 * cost maximum (the cost grows by the same amount with each record), from `least` to `most`. A query
 * that costs more than the maximum at `least` is left at `least`, where the cost check refuses it.
 */
export function exportPageSize(schema: GraphQLSchema, query: ExportQuery, least: number, most: number): number {
  const cost = (first: number) => estimateCost(schema, query.document, { bulkFirst: first, bulkAfter: null });
  const perRecord = cost(2) - cost(1);
  const fixed = cost(1) - perRecord;
  const fits = perRecord > 0 ? Math.floor((MAX_QUERY_COST - fixed) / perRecord) : most;
  return Math.max(least, Math.min(most, fits));
}
