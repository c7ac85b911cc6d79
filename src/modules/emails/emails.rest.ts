// Sending documents by email (beyond the contract, in its conventions): POST /api/v1/invoices/{id}/send,
// /api/v1/credit-notes/{id}/send, /api/v1/estimates/{id}/send and /api/v1/reports/customer-statement/send answer 202 with the queued
// email; /api/v1/emails lists what was sent, and POST /{id}/retry queues a failed one again.
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, createRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { emailRepresentation } from './emails.public.ts';

const emailAt = (id: string) => `/api/v1/emails/${id}`;

export const emailRoutes: RestRoute[] = [
  actionRoute({
    path: '/api/v1/invoices/:id/send',
    mutation: 'sendInvoice',
    summary: 'Email an invoice to its customer with its PDF and public link (202: queued; see the email for when it was sent)',
    inputType: 'SendDocumentInput',
    status: 202,
    location: emailAt,
    schema: emailRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/credit-notes/:id/send',
    mutation: 'sendCreditNote',
    summary: 'Email a credit note to its customer with its PDF (202: queued)',
    inputType: 'SendDocumentInput',
    status: 202,
    location: emailAt,
    schema: emailRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/estimates/:id/send',
    mutation: 'sendEstimate',
    summary: 'Email an estimate to its customer with its PDF (202: queued; a draft becomes sent once the mail server takes it)',
    inputType: 'SendDocumentInput',
    status: 202,
    location: emailAt,
    schema: emailRepresentation.schema,
  }),
  createRoute({
    path: '/api/v1/reports/customer-statement/send',
    mutation: 'sendCustomerStatement',
    summary: "Email a customer's statement for a period as a PDF (202: queued)",
    inputType: 'SendCustomerStatementInput',
    status: 202,
    location: emailAt,
    schema: emailRepresentation.schema,
  }),
  ...resourceRoutes({
    path: '/api/v1/emails',
    typename: 'DocumentEmail',
    label: 'email',
    plural: 'documentEmails',
    representation: emailRepresentation,
    filters: ['documentId', 'customerId', 'status'],
    list: 'List emails sent (and queued or failed), newest first',
    retrieve: 'Retrieve an email',
  }),
  actionRoute({
    path: '/api/v1/emails/:id/retry',
    mutation: 'retryEmail',
    summary: 'Queue a failed email again, with a fresh set of retries',
    status: 200,
    schema: emailRepresentation.schema,
  }),
];
