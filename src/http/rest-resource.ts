// The routes most resources share (list, retrieve, create, update), generated from one description
// so every resource behaves the same. Each resource's .rest.ts says only what is its own.
import type { WriteOutcome } from '../core/unit-of-work.ts';
import { AppError } from '../lib/errors.ts';
import { pageSchema, type Schema } from './json-schema.ts';
import { listVariables, type RestRequest, type RestResult, type RestRoute } from './rest.ts';

export interface ResourceDescription {
  /** `/api/v1/customers` */
  path: string;
  /** GraphQL type name, e.g. `Customer`; `label` is how people call it, e.g. `customer`. */
  typename: string;
  label: string;
  /** GraphQL list field (without `Page`), e.g. `customers`. */
  plural: string;
  /** Selection of the GraphQL type's fields the REST shape needs. */
  fields: string;
  toRest: (node: any) => object;
  /** JSON Schema of `toRest`'s result. */
  schema: Schema;
  filterType: string;
  filters: Record<string, (value: string) => unknown>;
  list: { operationId: string; summary: string };
  retrieve?: { operationId: string; summary: string };
  create?: { operationId: string; summary: string; mutation: string; inputType: string; bodyToInput?: (body: Record<string, unknown>, req: RestRequest) => Record<string, unknown> };
  update?: { operationId: string; summary: string; mutation: string; inputType: string; bodyToInput?: (body: Record<string, unknown>, req: RestRequest) => Record<string, unknown> };
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

/** A money value from GraphQL (decimal string) as the JSON number REST v1 speaks. */
export const num = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));
export const lower = (value: string | null | undefined) => (value === null || value === undefined ? null : value.toLowerCase());

export function resourceRoutes(r: ResourceDescription): RestRoute[] {
  const routes: RestRoute[] = [
    {
      method: 'GET',
      path: r.path,
      operationId: r.list.operationId,
      summary: r.list.summary,
      document: `query ${r.list.operationId}($page: Int, $limit: Int, $filter: ${r.filterType}) {
        ${r.plural}Page(page: $page, limit: $limit, filter: $filter) { data { ${r.fields} } total page limit pages }
      }`,
      queryParams: Object.keys(r.filters),
      responses: { 200: pageSchema(r.schema) },
      toVariables: (req) => listVariables(req.query, r.filters),
      toResult: (data) => {
        const page = data[`${r.plural}Page`];
        return { status: 200, body: { ...page, data: page.data.map(r.toRest) } };
      },
    },
  ];
  if (r.retrieve) {
    routes.push({
      method: 'GET',
      path: `${r.path}/:id`,
      operationId: r.retrieve.operationId,
      summary: r.retrieve.summary,
      responses: { 200: r.schema },
      document: `query ${r.retrieve.operationId}($id: ID!) { node(id: $id) { __typename ... on ${r.typename} { ${r.fields} } } }`,
      toVariables: (req) => ({ id: req.params.id }),
      toResult: (data, req) => {
        if (data.node?.__typename !== r.typename) throw new AppError('NOT_FOUND', `No ${r.label} with id "${req.params.id}"`);
        return { status: 200, body: r.toRest(data.node) };
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
      responses: { 201: r.schema },
      document: `mutation ${c.operationId}($input: ${c.inputType}!, $idempotencyKey: String) { ${c.mutation}(input: $input, idempotencyKey: $idempotencyKey) { id } }`,
      toVariables: (req) => ({ input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
      toResult: (_data, _req, write) => writeResult(201, write, { location: `${r.path}/${write?.id}` }),
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
      responses: { 200: r.schema },
      document: `mutation ${u.operationId}($id: ID!, $input: ${u.inputType}!, $idempotencyKey: String) { ${u.mutation}(id: $id, input: $input, idempotencyKey: $idempotencyKey) { id } }`,
      toVariables: (req) => ({ id: req.params.id, input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
      toResult: (_data, _req, write) => writeResult(200, write),
    });
  }
  return routes;
}
