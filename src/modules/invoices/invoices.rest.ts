// GET and POST /api/v1/invoices (contract); GET, PATCH and DELETE /{id}, POST /{id}/finalize, /{id}/void,
// /{id}/payments and /{id}/write-off[/void], and /api/v1/payments (beyond it).
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { owedDocumentRoutes } from '../documents/rest.ts';
import { invoiceRepresentation, paymentRepresentation } from './invoices.public.ts';
import { INVOICE_TYPE } from './invoices.service.ts';

export const invoiceRoutes: RestRoute[] = [
  ...owedDocumentRoutes(INVOICE_TYPE, {
    path: '/api/v1/invoices',
    typename: 'Invoice',
    plural: 'invoices',
    representation: invoiceRepresentation,
    paymentRepresentation,
    filters: ['status', 'customerId', 'from', 'to', 'dueBefore', 'overdue', 'search'],
    summaries: {
      list: 'List invoices',
      retrieve: 'Retrieve an invoice',
      create: 'Create an invoice (posted unless draft)',
      update: 'Edit a draft invoice (the lines given replace its lines)',
      delete: 'Delete a draft invoice',
      pay: 'Record a payment against an invoice',
    },
    payment: { mutation: 'recordPayment', inputType: 'RecordPaymentInput', path: '/api/v1/payments' },
    listedWith: resourceRoutes({
      path: '/api/v1/payments',
      typename: 'Payment',
      label: 'payment',
      plural: 'payments',
      representation: paymentRepresentation,
      filters: ['invoiceId', 'customerId', 'depositAccountId', 'from', 'to'],
      list: 'List payments received against invoices, oldest first',
      retrieve: 'Retrieve a payment',
    }),
  }),
  // Bad debt written off, and put back.
  actionRoute({
    path: '/api/v1/invoices/:id/write-off',
    mutation: 'writeOffInvoice',
    summary: 'Write off what is left on an invoice as bad debt',
    inputType: 'WriteOffInvoiceInput',
    status: 200,
    schema: invoiceRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/invoices/:id/write-off/void',
    mutation: 'voidInvoiceWriteOff',
    summary: "Void an invoice's write-off (posts the reversal; the invoice is owed again)",
    inputType: 'VoidInvoiceWriteOffInput',
    status: 200,
    schema: invoiceRepresentation.schema,
  }),
];
