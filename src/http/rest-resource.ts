// The routes most resources share (list, retrieve, create, update), generated from one description
// so every resource behaves the same. Each resource's .rest.ts says only what is its own.
//
// Every body is the resource's public representation (its module's *.public.ts): reads run their stored
// GraphQL document for what GraphQL decides (authentication, arguments, filters, order, pages, the
// tenant wall) and select ids; the ids are then rendered by the representation, the same rendering
// writes answer with and events carry. One mapper per resource, so the shapes cannot drift apart.
import type { RequestContext } from '../core/request-context.ts';
import type { WriteOutcome } from '../core/unit-of-work.ts';
import { type Representation, renderAll } from '../core/representations.ts';
import { AppError } from '../lib/errors.ts';
import { pageSchema, type Schema } from '../lib/json-schema.ts';
import type { RestRequest, RestResult, RestRoute } from './rest.ts';

export interface ResourceDescription {
  /** `/api/v1/customers` */
  path: string;
  /** GraphQL type name, e.g. `Customer`; `label` is how people call it, e.g. `customer`. */
  typename: string;
  label: string;
  /** GraphQL list field (without `Page`), e.g. `customers`. */
  plural: string;
  /** How the resource looks to the public: every body of these routes (its schema documents them). */
  representation: Representation;
  /** The GraphQL filter input of the list, and which of its fields REST takes as query parameters, in REST's order. */
  filterType: string;
  filters: string[];
  list: { operationId: string; summary: string };
  retrieve?: { operationId: string; summary: string };
  create?: WriteDescription;
  update?: WriteDescription;
}

interface WriteDescription {
  operationId: string;
  summary: string;
  mutation: string;
  inputType: string;
  bodyToInput?: (body: Record<string, unknown>, req: RestRequest) => Record<string, unknown>;
  documentBody?: (schema: Schema) => Schema;
}

/** The Idempotency-Key header of a request, if any. */
export function idempotencyKeyOf(req: RestRequest): string | undefined {
  const header = req.headers['idempotency-key'];
  return typeof header === 'string' ? header : undefined;
}

/**
 * The response to a write: the written resource's public object, the very one its events carry and an
 * idempotent retry gets back (marked `Idempotent-Replayed: true`, as Stripe does).
 */
export function writeResult(status: number, write: WriteOutcome | undefined, headers: Record<string, string> = {}): RestResult {
  if (!write) throw new Error('a write route ran without a write');
  return { status, body: write.object, headers: { ...headers, ...(write.replayed ? { 'idempotent-replayed': 'true' } : {}) } };
}

/** A list page: the page figures GraphQL computed, the items rendered by the representation. */
export async function listResult(page: { data: { id: string }[] }, context: RequestContext, representation: Representation): Promise<RestResult> {
  return { status: 200, body: { ...page, data: await renderAll(context.prisma, context.organization, representation, page.data.map((item) => item.id)) } };
}

export function resourceRoutes(r: ResourceDescription): RestRoute[] {
  const routes: RestRoute[] = [
    {
      method: 'GET',
      path: r.path,
      operationId: r.list.operationId,
      summary: r.list.summary,
      document: `query ${r.list.operationId}($page: Int, $limit: Int, $filter: ${r.filterType}) {
        ${r.plural}Page(page: $page, limit: $limit, filter: $filter) { data { id } total page limit pages }
      }`,
      filter: { type: r.filterType, names: r.filters },
      responses: { 200: pageSchema(r.representation.schema) },
      toVariables: (req) => ({ ...req.list }),
      toResult: (data, _req, context) => listResult(data[`${r.plural}Page`], context, r.representation),
    },
  ];
  if (r.retrieve) {
    routes.push({
      method: 'GET',
      path: `${r.path}/:id`,
      operationId: r.retrieve.operationId,
      summary: r.retrieve.summary,
      responses: { 200: r.representation.schema },
      document: `query ${r.retrieve.operationId}($id: ID!) { node(id: $id) { __typename id } }`,
      toVariables: (req) => ({ id: req.params.id }),
      toResult: async (data, req, context) => {
        const [object] = data.node?.__typename === r.typename ? await renderAll(context.prisma, context.organization, r.representation, [data.node.id]) : [];
        if (!object) throw new AppError('NOT_FOUND', `No ${r.label} with id "${req.params.id}"`);
        return { status: 200, body: object };
      },
    });
  }
  if (r.create) {
    const c = r.create;
    routes.push({
      method: 'POST',
      path: r.path,
      operationId: c.operationId,
      summary: c.summary,
      bodyType: c.inputType,
      bodyToInput: c.bodyToInput,
      documentBody: c.documentBody,
      responses: { 201: r.representation.schema },
      document: `mutation ${c.operationId}($input: ${c.inputType}!, $idempotencyKey: String) { ${c.mutation}(input: $input, idempotencyKey: $idempotencyKey) { id } }`,
      toVariables: (req) => ({ input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
      toResult: (_data, _req, _context, write) => writeResult(201, write, { location: `${r.path}/${write?.id}` }),
    });
  }
  if (r.update) {
    const u = r.update;
    routes.push({
      method: 'PATCH',
      path: `${r.path}/:id`,
      operationId: u.operationId,
      summary: u.summary,
      bodyType: u.inputType,
      bodyToInput: u.bodyToInput,
      documentBody: u.documentBody,
      responses: { 200: r.representation.schema },
      document: `mutation ${u.operationId}($id: ID!, $input: ${u.inputType}!, $idempotencyKey: String) { ${u.mutation}(id: $id, input: $input, idempotencyKey: $idempotencyKey) { id } }`,
      toVariables: (req) => ({ id: req.params.id, input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
      toResult: (_data, _req, _context, write) => writeResult(200, write),
    });
  }
  return routes;
}

export interface ActionDescription {
  /** `/api/v1/invoices/:id/void` */
  path: string;
  /** The GraphQL mutation `name(id, input?, idempotencyKey)`; also the OpenAPI operationId. */
  mutation: string;
  summary: string;
  /** The mutation's optional input type, when the action takes a body. */
  inputType?: string;
  /** The input is required (an update-like action) rather than optional (when and why). */
  inputRequired?: boolean;
  status: 200 | 201 | 202;
  schema: Schema;
  /** Extra fields of the result to select, and how they join the body (a secret shown once). */
  extra?: { selection: string; add: (result: any) => Record<string, unknown> };
  location?: (id: string) => string;
}

/** A POST on one record (`/:id/<action>`) that runs the mutation and answers with the written record. */
export function actionRoute(a: ActionDescription): RestRoute {
  const input = a.inputType ? `, $input: ${a.inputType}${a.inputRequired ? '!' : ''}` : '';
  return {
    method: 'POST',
    path: a.path,
    operationId: a.mutation,
    summary: a.summary,
    bodyType: a.inputType,
    bodyRequired: !!a.inputRequired,
    responses: { [a.status]: a.schema },
    document: `mutation ${a.mutation}($id: ID!${input}, $idempotencyKey: String) { ${a.mutation}(id: $id${a.inputType ? ', input: $input' : ''}, idempotencyKey: $idempotencyKey) { id ${a.extra?.selection ?? ''} } }`,
    toVariables: (req) => ({ id: req.params.id, ...(a.inputType ? { input: req.body } : {}), idempotencyKey: idempotencyKeyOf(req) }),
    toResult: (data, _req, _context, write) => {
      const result = writeResult(a.status, write, a.location && write ? { location: a.location(write.id) } : {});
      return a.extra ? { ...result, body: { ...(result.body as object), ...a.extra.add(data[a.mutation]) } } : result;
    },
  };
}
