// GET and POST /api/v1/invoices (contract); GET /{id}, POST /{id}/finalize, /{id}/void and
// /{id}/payments, and GET /api/v1/payments[/{id}] (beyond it).
import type { RestRoute } from '../../http/rest.ts';
import { replaceProperty, withoutFields } from '../../lib/json-schema.ts';
import { actionRoute, idempotencyKeyOf, resourceRoutes, writeResult } from '../../http/rest-resource.ts';
import { invoiceRepresentation, paymentRepresentation } from './invoices.public.ts';
import { validationError } from '../../lib/errors.ts';

/** REST sends quantities as JSON numbers; the GraphQL inputs (invoice and bill lines) take them as decimal strings. */
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

export const invoiceRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/invoices',
    typename: 'Invoice',
    label: 'invoice',
    plural: 'invoices',
    representation: invoiceRepresentation,
    filters: ['status', 'customerId', 'from', 'to', 'dueBefore', 'overdue', 'search'],
    list: 'List invoices',
    retrieve: 'Retrieve an invoice',
    create: {
      summary: 'Create an invoice (posted unless draft)',
      bodyToInput: quantitiesAsText,
      documentBody: (schema) => replaceProperty(schema, ['lines', '[]', 'quantity'], (q) => ({ ...q, type: ['number', 'string'] })),
    },
  }),
  ...resourceRoutes({
    path: '/api/v1/payments',
    typename: 'Payment',
    label: 'payment',
    plural: 'payments',
    representation: paymentRepresentation,
    filters: ['invoiceId', 'customerId', 'depositAccountId', 'from', 'to'],
    list: 'List payments received against invoices, oldest first',
    retrieve: 'Retrieve a payment',
  }),
  actionRoute({
    path: '/api/v1/invoices/:id/finalize',
    mutation: 'finalizeInvoice',
    summary: 'Post a draft invoice',
    status: 200,
    schema: invoiceRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/invoices/:id/void',
    mutation: 'voidInvoice',
    summary: 'Void an invoice without payments (posts the reversal)',
    inputType: 'VoidInvoiceInput',
    status: 200,
    schema: invoiceRepresentation.schema,
  }),
  {
    method: 'POST',
    path: '/api/v1/invoices/:id/payments',
    operationId: 'recordPayment',
    summary: 'Record a payment against an invoice',
    bodyType: 'RecordPaymentInput',
    documentBody: (schema) => withoutFields(schema, ['invoiceId']),
    responses: { 201: paymentRepresentation.schema },
    // The invoice is the one in the path; a body naming another is refused by the id check below.
    bodyToInput: (body, req) => ({ invoiceId: req.params.id, ...body }),
    document:
      'mutation recordPayment($input: RecordPaymentInput!, $idempotencyKey: String) { recordPayment(input: $input, idempotencyKey: $idempotencyKey) { id } }',
    toVariables: (req) => {
      const input = req.body as { invoiceId?: unknown };
      if (input.invoiceId !== req.params.id)
        throw validationError([{ path: 'invoiceId', message: 'must be left out or equal the invoice in the path' }]);
      return { input, idempotencyKey: idempotencyKeyOf(req) };
    },
    toResult: (_data, _req, _context, write) => writeResult(201, write),
  },
];
