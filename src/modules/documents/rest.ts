// The REST parts every document shares: quantities sent as JSON numbers, and the routes of an owed
// document (list, retrieve, create, finalize, void, pay), declared once for invoices and bills.
import type { Representation } from '../../core/representations.ts';
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, idempotencyKeyOf, type NodeHit, resourceRoutes, writeResult } from '../../http/rest-resource.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { idType } from '../../lib/ids.ts';
import { type DocumentReader, letterheadOf, type PdfView, renderPdf } from './pdf.ts';
import { refuseWhenShareTaken } from '../../core/heavy-work.ts';
import { type Schema, replaceProperty, withoutFields } from '../../lib/json-schema.ts';
import type { CreditDocumentType, OwedDocumentType } from './kinds.ts';

/** REST sends quantities as JSON numbers; the GraphQL inputs of document lines take them as decimal strings. */
export function quantitiesAsText(body: Record<string, unknown>) {
  if (!Array.isArray(body.lines)) return body;
  return {
    ...body,
    lines: body.lines.map((line) =>
      line && typeof line === 'object' && typeof (line as { quantity?: unknown }).quantity === 'number'
        ? { ...line, quantity: String((line as { quantity: number }).quantity) }
        : line,
    ),
  };
}

/** A document body's schema as REST documents it: a line's quantity a number or a decimal string. */
export const quantitiesAsNumbers = (schema: Schema) =>
  replaceProperty(schema, ['lines', '[]', 'quantity'], (q) => ({ ...q, type: ['number', 'string'] }));

/** REST takes an exchange rate as a JSON number too; GraphQL as exact decimal text. */
export const rateAsText = (body: Record<string, unknown>) =>
  typeof body.exchangeRate === 'number' ? { ...body, exchangeRate: String(body.exchangeRate) } : body;

/** A body's schema with its exchange rate a number or a decimal string. */
export const rateAsNumber = (schema: Schema) => replaceProperty(schema, ['exchangeRate'], (r) => ({ ...r, type: ['number', 'string'] }));

/** An owed document's body in REST: quantities and its exchange rate as numbers or text. */
const documentBodyToInput = (body: Record<string, unknown>) => rateAsText(quantitiesAsText(body));

const documentBodySchema = (schema: Schema) => rateAsNumber(quantitiesAsNumbers(schema));

/** What an owed document's routes say beyond its description. */
export interface OwedDocumentRoutes {
  path: string;
  /** Its GraphQL type (`Invoice`) and plural (`invoices`); its mutations are `finalize<Type>`, `void<Type>`. */
  typename: string;
  plural: string;
  representation: Representation;
  paymentRepresentation: Representation;
  filters: string[];
  summaries: { list: string; retrieve: string; create: string; update: string; delete: string; pay: string };
  /**
   * The payment mutation and its input type (`recordPayment`, `RecordPaymentInput`), and where a payment
   * is voided (`/api/v1/payments` + `/{id}/void`, by `void<Payment typename>`).
   */
  payment: { mutation: string; inputType: string; path: string };
  /** Routes the OpenAPI document lists right after the document's list and retrieve (its payments' own). */
  listedWith?: RestRoute[];
}

/** `/api/v1/<documents>`: list, retrieve and create, and POST /{id}/finalize, /{id}/void and /{id}/payments. */
export function owedDocumentRoutes(type: OwedDocumentType, r: OwedDocumentRoutes): RestRoute[] {
  const label = type.label.toLowerCase();
  const article = /^[aeiou]/.test(label) ? 'an' : 'a';
  return [
    ...resourceRoutes({
      path: r.path,
      typename: r.typename,
      label,
      plural: r.plural,
      representation: r.representation,
      filters: r.filters,
      list: r.summaries.list,
      retrieve: r.summaries.retrieve,
      create: { summary: r.summaries.create, bodyToInput: documentBodyToInput, documentBody: documentBodySchema },
      update: { summary: r.summaries.update, bodyToInput: documentBodyToInput, documentBody: documentBodySchema },
      delete: { summary: r.summaries.delete },
    }),
    ...(r.listedWith ?? []),
    actionRoute({
      path: `${r.path}/:id/finalize`,
      mutation: `finalize${r.typename}`,
      summary: `Post a draft ${label}`,
      status: 200,
      schema: r.representation.schema,
    }),
    actionRoute({
      path: `${r.path}/:id/void`,
      mutation: `void${r.typename}`,
      summary: `Void ${article} ${label} without payments (posts the reversal)`,
      inputType: `Void${r.typename}Input`,
      status: 200,
      schema: r.representation.schema,
    }),
    {
      method: 'POST',
      path: `${r.path}/:id/payments`,
      operationId: r.payment.mutation,
      summary: r.summaries.pay,
      bodyType: r.payment.inputType,
      documentBody: (schema) => rateAsNumber(withoutFields(schema, [type.parentKey])),
      responses: { 201: r.paymentRepresentation.schema },
      // The document is the one in the path; a body naming another is refused by the id check below.
      bodyToInput: (body, req) => ({ [type.parentKey]: req.params.id, ...rateAsText(body) }),
      document: `mutation ${r.payment.mutation}($input: ${r.payment.inputType}!, $idempotencyKey: String) {
        ${r.payment.mutation}(input: $input, idempotencyKey: $idempotencyKey) { id } }`,
      toVariables: (req) => {
        const input = req.body as Record<string, unknown>;
        if (input[type.parentKey] !== req.params.id)
          throw validationError([{ path: type.parentKey, message: `must be left out or equal the ${label} in the path` }]);
        return { input, idempotencyKey: idempotencyKeyOf(req) };
      },
      toResult: (_data, _req, _context, write) => writeResult(201, write),
    },
    actionRoute({
      path: `${r.payment.path}/:id/void`,
      mutation: `void${type.payment.typename}`,
      summary: `Void a ${type.payment.label.toLowerCase()} (posts the reversal; the ${label}'s amount due is restored)`,
      inputType: `Void${type.payment.typename}Input`,
      status: 200,
      schema: r.paymentRepresentation.schema,
    }),
  ];
}

/** What a credit document's routes say beyond its description. */
export interface CreditDocumentRoutes {
  path: string;
  plural: string;
  representation: Representation;
  filters: string[];
  summaries: {
    list: string;
    retrieve: string;
    create: string;
    apply: string;
    refund: string;
    void: string;
    unapply: string;
    voidRefund: string;
  };
}

/** `/api/v1/<credits>`: list, retrieve and create (posted at once), and POST /{id}/apply, /{id}/refund and /{id}/void. */
export function creditDocumentRoutes(type: CreditDocumentType, r: CreditDocumentRoutes): RestRoute[] {
  const action = (name: 'apply' | 'refund' | 'void', inputRequired: boolean) =>
    actionRoute({
      path: `${r.path}/:id/${name}`,
      mutation: `${name}${type.typename}`,
      summary: r.summaries[name],
      inputType: `${name.charAt(0).toUpperCase()}${name.slice(1)}${type.typename}Input`,
      ...(inputRequired ? { inputRequired } : {}),
      ...(name === 'refund' ? { bodyToInput: rateAsText, documentBody: rateAsNumber } : {}),
      status: 200,
      schema: r.representation.schema,
    });
  return [
    ...resourceRoutes({
      path: r.path,
      typename: type.typename,
      label: type.label.toLowerCase(),
      plural: r.plural,
      representation: r.representation,
      filters: r.filters,
      list: r.summaries.list,
      retrieve: r.summaries.retrieve,
      create: type.linesInOrder
        ? { summary: r.summaries.create, bodyToInput: documentBodyToInput, documentBody: documentBodySchema }
        : { summary: r.summaries.create, bodyToInput: rateAsText, documentBody: rateAsNumber },
    }),
    action('apply', true),
    action('refund', true),
    action('void', false),
    actionRoute({
      path: `${r.path}/:id/unapply`,
      mutation: `unapply${type.typename}`,
      summary: r.summaries.unapply,
      inputType: `Unapply${type.typename}Input`,
      inputRequired: true,
      status: 200,
      schema: r.representation.schema,
    }),
    actionRoute({
      path: `${r.path}/:id/void-refund`,
      mutation: `void${type.typename}Refund`,
      summary: r.summaries.voidRefund,
      inputType: `Void${type.typename}RefundInput`,
      inputRequired: true,
      status: 200,
      schema: r.representation.schema,
    }),
  ];
}

/**
 * `GET <path>/{id}/pdf`: the document as the PDF it is sent as (application/pdf). The stored query names
 * the type, so the route needs the type's read scope, and another organization's id is a 404.
 */
export function pdfRoute(r: {
  path: string;
  typename: string;
  label: string;
  view: (tenant: DocumentReader, id: string) => Promise<PdfView>;
}): RestRoute {
  const operationId = `get${r.typename}Pdf`;
  return {
    method: 'GET',
    path: `${r.path}/:id/pdf`,
    operationId,
    summary: `The ${r.label} as a PDF (its letterhead, lines, tax per rate, totals and what is due)`,
    produces: 'application/pdf',
    // Past the organization's share of the pool, refused before the document is looked up: a burst costs little.
    admit: (context) => refuseWhenShareTaken(context.organizationId),
    responses: { 200: { type: 'string', format: 'binary' } },
    document: `query ${operationId}($id: ID!) { node(id: $id) { __typename ... on ${r.typename} { id } } }`,
    toVariables: (req) => {
      if (idType(req.params.id) !== r.typename) throw notFound(r.label, req.params.id);
      return { id: req.params.id };
    },
    toResult: async (data, req, context) => {
      const node = data.node as NodeHit;
      if (node?.__typename !== r.typename) throw notFound(r.label, req.params.id);
      const view = await r.view(context, node.id);
      const bytes = await renderPdf(await letterheadOf(context), view);
      return { status: 200, body: bytes, headers: { 'content-disposition': `inline; filename="${view.number ?? node.id}.pdf"` } };
    },
  };
}
