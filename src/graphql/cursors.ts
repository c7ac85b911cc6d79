// Connection cursors are opaque: the only acceptable `after`/`before` is one this server issued. Pothos
// refuses a cursor that does not decode, but one that decodes to another kind of value (`GPC:N:1`, a
// number, or `GPC:J:{}`, an object) reached Prisma as a malformed id and failed as a 500. Every
// connection here pages by the record id, so a cursor must decode to `GPC:S:<an id of ours>`; this is
// checked once per operation, before anything runs, for literals and variables alike, on every transport.
import {
  type DocumentNode,
  getNamedType,
  GraphQLError,
  isScalarType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type GraphQLSchema,
} from 'graphql';
import { idType } from '../lib/ids.ts';

const CURSOR_ARGUMENTS = new Set(['after', 'before']);

export function isIssuedCursor(cursor: unknown): boolean {
  if (typeof cursor !== 'string' || cursor.length > 200) return false;
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  return decoded.startsWith('GPC:S:') && idType(decoded.slice(6)) !== undefined;
}

interface CursorArgument {
  argument: string;
  field: string;
  /** The literal written in the document, or the variable that carries the value. */
  literal?: string;
  variable?: string;
}

/** Where a document passes cursors: found once per parsed document (Yoga caches those), not per request. */
const cursorArgumentsOf = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, CursorArgument[]>>();

function cursorArguments(schema: GraphQLSchema, document: DocumentNode): CursorArgument[] {
  const bySchema = cursorArgumentsOf.get(schema) ?? cursorArgumentsOf.set(schema, new WeakMap()).get(schema)!;
  const known = bySchema.get(document);
  if (known) return known;
  const found: CursorArgument[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const argument = typeInfo.getArgument();
        if (!argument || !CURSOR_ARGUMENTS.has(argument.name)) return;
        const type = getNamedType(argument.type);
        if (!isScalarType(type) || type.name !== 'String') return; // `events(after: ID)` takes an event id, not a cursor
        const where = { argument: argument.name, field: typeInfo.getFieldDef()?.name ?? '' };
        if (node.value.kind === Kind.VARIABLE) found.push({ ...where, variable: node.value.name.value });
        else if (node.value.kind === Kind.STRING) found.push({ ...where, literal: node.value.value });
      },
    }),
  );
  bySchema.set(document, found);
  return found;
}

/** The cursor arguments of an operation that are not cursors this server issued, with where they are. */
export function foreignCursors(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): { argument: string; field: string }[] {
  return cursorArguments(schema, document)
    .filter(({ literal, variable }) => {
      const value = variable === undefined ? literal : variables[variable];
      return value !== null && value !== undefined && !isIssuedCursor(value);
    })
    .map(({ argument, field }) => ({ argument, field }));
}

export function useIssuedCursorsOnly() {
  const check = ({
    args,
    setResultAndStopExecution,
  }: {
    args: { schema: GraphQLSchema; document: DocumentNode; variableValues?: Record<string, unknown> | null };
    setResultAndStopExecution: (result: { errors: GraphQLError[] }) => void;
  }) => {
    const bad = foreignCursors(args.schema, args.document, args.variableValues ?? {});
    if (!bad.length) return;
    const fieldErrors = bad.map(({ argument, field }) => ({
      path: `${field}.${argument}`,
      message: "is not a cursor this API issued; use an edge's cursor or pageInfo.endCursor / startCursor",
    }));
    setResultAndStopExecution({
      errors: [
        new GraphQLError(`Invalid cursor for ${fieldErrors.map((e) => e.path).join(', ')}: pass back a cursor from a previous page`, {
          extensions: { code: 'VALIDATION_FAILED', status: 400, errors: fieldErrors },
        }),
      ],
    });
  };
  return { onExecute: check, onSubscribe: check };
}
