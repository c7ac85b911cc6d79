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
import { notFound } from '../lib/errors.ts';
import { idType } from '../lib/ids.ts';
import { pageSchema, S, type Schema } from '../lib/json-schema.ts';
import type { RestRequest, RestResult, RestRoute } from './rest.ts';
import { pageReaderOf } from '../graphql/lists.ts';

/**
 * A resource's routes, named by the schema's conventions: for `typename` Customer and `plural`
 * customers, the list runs `customersPage` with the `CustomerFilter` input (operation `listCustomers`),
 * retrieve runs `node` (`getCustomer`), create and update run `createCustomer(input: CreateCustomerInput)`
 * and `updateCustomer(id, input: UpdateCustomerInput)`, which are also their operation ids.
 */
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
  /** Which fields of the list's filter input REST takes as query parameters, in REST's order. */
  filters: string[];
  /** Each route's OpenAPI summary; a route not described is not served. */
  list: string;
  retrieve?: string;
  create?: WriteDescription;
  update?: WriteDescription;
  /**
   * Whether `node(id:)` finds this type by more than the tenant wall (events: only those the key's scopes
   * may read). The retrieve route then always runs its document; otherwise it may read the record straight
   * through the representation, whose load is walled by the organization (RestRoute.read).
   */
  nodeNarrowed?: boolean;
  /** With `nodeNarrowed`: why the lookup found nothing, when the key lacks a scope the record needs (throws a 403 naming it). */
  whyNotFound?: (id: string, context: RequestContext) => Promise<void>;
  /** `DELETE <path>/{id}`, answering `{ id, deleted: true }` (the mutation is `delete<Type>`). */
  delete?: { summary: string };
}

/** What a DELETE answers, as Stripe's deletes do: the id, and that it is gone. */
const DELETED_SCHEMA = S.object({ id: S.string, deleted: { type: 'boolean', const: true } as Schema<boolean> });

interface WriteDescription {
  summary: string;
  bodyToInput?: (body: Record<string, unknown>, req: RestRequest) => Record<string, unknown>;
  documentBody?: (schema: Schema) => Schema;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
  return { status, body: write.object, headers: write.replayed ? Object.assign({}, headers, { 'idempotent-replayed': 'true' }) : headers };
}

/** A list page: the page figures GraphQL computed, the items rendered by the representation. */
/** A page of ids, as a list route's document selects it (`data { id } total page limit pages`). */
export type IdPage = { data: { id: string }[] };
/** What `node(id:)` answers a retrieve route with. */
export type NodeHit = { __typename: string; id: string } | null | undefined;

export async function listResult(page: IdPage, context: RequestContext, representation: Representation): Promise<RestResult> {
  return {
    status: 200,
    body: {
      ...page,
      data: await renderAll(
        context.prisma,
        context.organization,
        representation,
        page.data.map((item) => item.id),
      ),
    },
  };
}

/**
 * A list's page read once, its rows with what the representation renders (`Representation.query`), where
 * the document reads the page's ids and `listResult` then loads the rows by id: the same page, filter and
 * total (the page list field's own read, graphql/lists.ts), in one statement fewer and no GraphQL execution.
 */
function listReader(field: string, representation: Representation): NonNullable<RestRoute['readCoerced']> {
  return async (variables, context) => {
    const page = await pageReaderOf(field)(context, variables, representation.query!);
    const rows = representation.complete ? await representation.complete(context.prisma, context.organizationId, page.data) : page.data;
    const data = rows.map((row) => representation.render(row, context.organization));
    return { status: 200, body: { data, total: page.total, page: page.page, limit: page.limit, pages: page.pages } };
  };
}

// Long on purpose: a resource's routes (list, retrieve, create, update, delete) from one description, each route's
// documents and shapes beside it.
export function resourceRoutes(r: ResourceDescription): RestRoute[] {
  const listOperation = `list${capitalize(r.plural)}`;
  const filterType = `${r.typename}Filter`;
  const routes: RestRoute[] = [
    {
      method: 'GET',
      path: r.path,
      operationId: listOperation,
      summary: r.list,
      document: `query ${listOperation}($page: Int, $limit: Int, $filter: ${filterType}) {
        ${r.plural}Page(page: $page, limit: $limit, filter: $filter) { data { id } total page limit pages }
      }`,
      filter: { type: filterType, names: r.filters },
      responses: { 200: pageSchema(r.representation.schema) },
      toVariables: (req) => ({ ...req.list }),
      toResult: (data, _req, context) => listResult(data[`${r.plural}Page`] as IdPage, context, r.representation),
      ...(r.representation.query ? { readCoerced: listReader(`${r.plural}Page`, r.representation) } : {}),
    },
  ];
  if (r.retrieve) {
    // An id of another type is no record of this one (and must not be judged by that type's scope).
    const idOfType = (req: RestRequest) => {
      if (idType(req.params.id) !== r.typename) throw notFound(r.label, req.params.id);
      return req.params.id;
    };
    const rendered = async (id: string, context: RequestContext): Promise<RestResult> => {
      const [object] = await renderAll(context.prisma, context.organization, r.representation, [id]);
      if (!object) throw notFound(r.label, id);
      return { status: 200, body: object };
    };
    routes.push({
      method: 'GET',
      path: `${r.path}/:id`,
      operationId: `get${r.typename}`,
      summary: r.retrieve,
      responses: { 200: r.representation.schema },
      // The fragment names the type, so the route needs its read scope (graphql/scopes.ts) whatever the id.
      document: `query get${r.typename}($id: ID!) { node(id: $id) { __typename ... on ${r.typename} { id } } }`,
      toVariables: (req) => ({ id: idOfType(req) }),
      toResult: async (data, req, context) => {
        const node = data.node as NodeHit;
        if (node?.__typename !== r.typename) {
          await r.whyNotFound?.(req.params.id, context);
          throw notFound(r.label, req.params.id);
        }
        return rendered(node.id, context);
      },
      // The node lookup finds what the representation's load finds (both walled by the organization alone).
      ...(r.nodeNarrowed ? {} : { read: (req: RestRequest, context: RequestContext) => rendered(idOfType(req), context) }),
    });
  }
  if (r.create) {
    routes.push(
      createRoute({
        path: r.path,
        mutation: `create${r.typename}`,
        inputType: `Create${r.typename}Input`,
        schema: r.representation.schema,
        location: (id) => `${r.path}/${id}`,
        ...r.create,
      }),
    );
  }
  if (r.delete) {
    const mutation = `delete${r.typename}`;
    routes.push({
      method: 'DELETE',
      path: `${r.path}/:id`,
      operationId: mutation,
      summary: r.delete.summary,
      responses: { 200: DELETED_SCHEMA },
      document: `mutation ${mutation}($id: ID!, $idempotencyKey: String) { ${mutation}(id: $id, idempotencyKey: $idempotencyKey) { id } }`,
      toVariables: (req) => ({ id: req.params.id, idempotencyKey: idempotencyKeyOf(req) }),
      toResult: (_data, _req, _context, write) => {
        if (!write) throw new Error('a delete route ran without a write');
        const headers: Record<string, string> = write.replayed ? { 'idempotent-replayed': 'true' } : {};
        return { status: 200, body: { id: write.id, deleted: true }, headers };
      },
    });
  }
  if (r.update) {
    const u = r.update;
    const [mutation, inputType] = [`update${r.typename}`, `Update${r.typename}Input`];
    routes.push({
      method: 'PATCH',
      path: `${r.path}/:id`,
      operationId: mutation,
      summary: u.summary,
      bodyType: inputType,
      bodyToInput: u.bodyToInput,
      documentBody: u.documentBody,
      responses: { 200: r.representation.schema },
      document: `mutation ${mutation}($id: ID!, $input: ${inputType}!, $idempotencyKey: String) { ${mutation}(id: $id, input:
        $input, idempotencyKey: $idempotencyKey) { id } }`,
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
  extra?: { selection: string; add: (result: Record<string, unknown>) => Record<string, unknown> };
  location?: (id: string) => string;
  /** How REST's body becomes the input (JSON numbers where GraphQL takes text), and how OpenAPI documents it. */
  bodyToInput?: RestRoute['bodyToInput'];
  documentBody?: RestRoute['documentBody'];
}

export interface CreateDescription extends WriteDescription {
  path: string;
  /** The GraphQL mutation `name(input, idempotencyKey)`; also the OpenAPI operationId. */
  mutation: string;
  inputType: string;
  schema: Schema;
  /** Where the created record lives (the Location header). */
  location: (id: string) => string;
  /** 201 (default); 202 when what was created is work still to be done (an email queued). */
  status?: 201 | 202;
  /** Extra fields of the result to select, and how they join the body (a secret shown once). */
  extra?: { selection: string; add: (result: Record<string, unknown>) => Record<string, unknown> };
}

/** A POST that creates a record: 201 with the written record (and its extra fields) and its Location. */
export function createRoute(c: CreateDescription): RestRoute {
  return {
    method: 'POST',
    path: c.path,
    operationId: c.mutation,
    summary: c.summary,
    bodyType: c.inputType,
    bodyToInput: c.bodyToInput,
    documentBody: c.documentBody,
    responses: { [c.status ?? 201]: c.schema },
    document: `mutation ${c.mutation}($input: ${c.inputType}!, $idempotencyKey: String) { ${c.mutation}(input: $input,
      idempotencyKey: $idempotencyKey) { id ${c.extra?.selection ?? ''} } }`,
    toVariables: (req) => ({ input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
    toResult: (data, _req, _context, write) => {
      const result = writeResult(c.status ?? 201, write, write ? { location: c.location(write.id) } : {});
      return c.extra
        ? { ...result, body: { ...(result.body as object), ...c.extra.add(data[c.mutation] as Record<string, unknown>) } }
        : result;
    },
  };
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
    ...(a.bodyToInput ? { bodyToInput: a.bodyToInput } : {}),
    ...(a.documentBody ? { documentBody: a.documentBody } : {}),
    responses: { [a.status]: a.schema },
    document: `mutation ${a.mutation}($id: ID!${input}, $idempotencyKey: String) { ${a.mutation}(id:
      $id${a.inputType ? ', input: $input' : ''}, idempotencyKey: $idempotencyKey) { id ${a.extra?.selection ?? ''} } }`,
    toVariables: (req) => ({ id: req.params.id, ...(a.inputType ? { input: req.body } : {}), idempotencyKey: idempotencyKeyOf(req) }),
    toResult: (data, _req, _context, write) => {
      const result = writeResult(a.status, write, a.location && write ? { location: a.location(write.id) } : {});
      return a.extra
        ? { ...result, body: { ...(result.body as object), ...a.extra.add(data[a.mutation] as Record<string, unknown>) } }
        : result;
    },
  };
}
