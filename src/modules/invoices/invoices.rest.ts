// GET and POST /api/v1/invoices (contract); GET /{id}, POST /{id}/finalize, /{id}/void and
// /{id}/payments (beyond it).
import { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import type { RestRoute } from '../../http/rest.ts';
import { replaceProperty, S, withoutFields } from '../../http/json-schema.ts';
import { actionRoute, idempotencyKeyOf, resourceRoutes, writeResult } from '../../http/rest-resource.ts';
import { invoiceRepresentation } from './invoices.public.ts';
import { validationError } from '../../lib/errors.ts';

/** REST sends quantities as JSON numbers; the GraphQL input takes them as decimal strings. */
function invoiceBodyToInput(body: Record<string, unknown>) {
  if (!Array.isArray(body.lines)) return body;
  return {
    ...body,
    lines: body.lines.map((line) =>
      line && typeof line === 'object' && typeof (line as any).quantity === 'number' ? { ...line, quantity: String((line as any).quantity) } : line,
    ),
  };
}

const INVOICE_SCHEMA = S.object({
  id: S.id('inv'),
  number: S.string,
  status: S.enum(Object.values(InvoiceStatus)),
  customerId: S.id('cus'),
  issueDate: S.date,
  dueDate: S.date,
  currency: S.string,
  memo: S.nullable(S.string),
  reference: S.nullable(S.string),
  subtotal: S.number,
  discountTotal: S.number,
  taxTotal: S.number,
  total: S.number,
  amountPaid: S.number,
  amountDue: S.number,
  isOverdue: S.boolean,
  lines: S.array(
    S.object({
      id: S.id('il'),
      lineNo: S.integer,
      productId: S.nullable(S.id('prod')),
      accountId: S.id('acct'),
      description: S.string,
      quantity: { type: 'number', exclusiveMinimum: 0 },
      unitPrice: S.number,
      discountPercent: S.number,
      taxRate: S.number,
      amount: S.number,
      taxAmount: S.number,
    }),
  ),
  journalEntryId: S.nullable(S.id('je')),
  voidedAt: S.nullable(S.dateTime),
  createdAt: S.dateTime,
  updatedAt: S.dateTime,
});

const PAYMENT_SCHEMA = S.object({
  id: S.id('pay'),
  invoiceId: S.id('inv'),
  amount: S.number,
  date: S.date,
  method: S.nullable(S.string),
  reference: S.nullable(S.string),
  depositAccountId: S.id('acct'),
  journalEntryId: S.id('je'),
  invoiceStatus: S.enum(Object.values(InvoiceStatus)),
  invoiceAmountDue: S.number,
  createdAt: S.dateTime,
});

export const invoiceRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/invoices',
    typename: 'Invoice',
    label: 'invoice',
    plural: 'invoices',
    representation: invoiceRepresentation,
    schema: INVOICE_SCHEMA,
    filterType: 'InvoiceFilter',
    filters: ['status', 'customerId', 'from', 'to', 'dueBefore', 'overdue', 'search'],
    list: { operationId: 'listInvoices', summary: 'List invoices' },
    retrieve: { operationId: 'getInvoice', summary: 'Retrieve an invoice' },
    create: { operationId: 'createInvoice', summary: 'Create an invoice (posted unless draft)', mutation: 'createInvoice', inputType: 'CreateInvoiceInput', bodyToInput: invoiceBodyToInput, documentBody: (schema) => replaceProperty(schema, ['lines', '[]', 'quantity'], (q) => ({ ...q, type: ['number', 'string'] })) },
  }),
  actionRoute({ path: '/api/v1/invoices/:id/finalize', mutation: 'finalizeInvoice', summary: 'Post a draft invoice', status: 200, schema: INVOICE_SCHEMA }),
  actionRoute({ path: '/api/v1/invoices/:id/void', mutation: 'voidInvoice', summary: 'Void an invoice without payments (posts the reversal)', inputType: 'VoidInvoiceInput', status: 200, schema: INVOICE_SCHEMA }),
  {
    method: 'POST',
    path: '/api/v1/invoices/:id/payments',
    operationId: 'recordPayment',
    summary: 'Record a payment against an invoice',
    bodyType: 'RecordPaymentInput',
    documentBody: (schema) => withoutFields(schema, ['invoiceId']),
    responses: { 201: PAYMENT_SCHEMA },
    // The invoice is the one in the path; a body naming another is refused by the id check below.
    bodyToInput: (body, req) => ({ invoiceId: req.params.id, ...body }),
    document: 'mutation recordPayment($input: RecordPaymentInput!, $idempotencyKey: String) { recordPayment(input: $input, idempotencyKey: $idempotencyKey) { id } }',
    toVariables: (req) => {
      const input = req.body as { invoiceId?: unknown };
      if (input.invoiceId !== req.params.id) throw validationError([{ path: 'invoiceId', message: 'must be left out or equal the invoice in the path' }]);
      return { input, idempotencyKey: idempotencyKeyOf(req) };
    },
    toResult: (_data, _req, _context, write) => writeResult(201, write),
  },
];
