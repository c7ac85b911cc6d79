// GET and POST /api/v1/bills, GET /{id}, POST /{id}/finalize, /{id}/void and /{id}/payments: the
// invoices' routes for what vendors invoice us (the contract names vendors; bills are beyond it).
import type { RestRoute } from '../../http/rest.ts';
import { replaceProperty, withoutFields } from '../../lib/json-schema.ts';
import { actionRoute, idempotencyKeyOf, resourceRoutes, writeResult } from '../../http/rest-resource.ts';
import { validationError } from '../../lib/errors.ts';
import { quantitiesAsText } from '../invoices/invoices.rest.ts';
import { billPaymentRepresentation, billRepresentation } from './bills.public.ts';

export const billRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/bills',
    typename: 'Bill',
    label: 'bill',
    plural: 'bills',
    representation: billRepresentation,
    filters: ['status', 'vendorId', 'from', 'to', 'dueBefore', 'overdue', 'search'],
    list: 'List bills',
    retrieve: 'Retrieve a bill',
    create: {
      summary: 'Enter a bill (posted unless draft)',
      bodyToInput: quantitiesAsText,
      documentBody: (schema) => replaceProperty(schema, ['lines', '[]', 'quantity'], (q) => ({ ...q, type: ['number', 'string'] })),
    },
  }),
  actionRoute({
    path: '/api/v1/bills/:id/finalize',
    mutation: 'finalizeBill',
    summary: 'Post a draft bill',
    status: 200,
    schema: billRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/bills/:id/void',
    mutation: 'voidBill',
    summary: 'Void a bill without payments (posts the reversal)',
    inputType: 'VoidBillInput',
    status: 200,
    schema: billRepresentation.schema,
  }),
  {
    method: 'POST',
    path: '/api/v1/bills/:id/payments',
    operationId: 'recordBillPayment',
    summary: 'Record a payment of a bill',
    bodyType: 'RecordBillPaymentInput',
    documentBody: (schema) => withoutFields(schema, ['billId']),
    responses: { 201: billPaymentRepresentation.schema },
    // The bill is the one in the path; a body naming another is refused by the id check below.
    bodyToInput: (body, req) => ({ billId: req.params.id, ...body }),
    document:
      'mutation recordBillPayment($input: RecordBillPaymentInput!, $idempotencyKey: String) { recordBillPayment(input: $input, idempotencyKey: $idempotencyKey) { id } }',
    toVariables: (req) => {
      const input = req.body as { billId?: unknown };
      if (input.billId !== req.params.id)
        throw validationError([{ path: 'billId', message: 'must be left out or equal the bill in the path' }]);
      return { input, idempotencyKey: idempotencyKeyOf(req) };
    },
    toResult: (_data, _req, _context, write) => writeResult(201, write),
  },
];
