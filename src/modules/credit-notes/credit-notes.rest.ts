// GET and POST /api/v1/credit-notes, GET /{id}, POST /{id}/apply, /{id}/refund and /{id}/void (beyond
// the contract): credit for returns and overcharges, applied to invoices or paid back.
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { quantitiesAsNumbers, quantitiesAsText } from '../documents/rest.ts';
import { creditNoteRepresentation } from './credit-notes.public.ts';

export const creditNoteRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/credit-notes',
    typename: 'CreditNote',
    label: 'credit note',
    plural: 'creditNotes',
    representation: creditNoteRepresentation,
    filters: ['status', 'customerId', 'from', 'to', 'search'],
    list: 'List credit notes',
    retrieve: 'Retrieve a credit note',
    create: {
      summary: 'Issue a credit note (posted at once)',
      bodyToInput: quantitiesAsText,
      documentBody: quantitiesAsNumbers,
    },
  }),
  actionRoute({
    path: '/api/v1/credit-notes/:id/apply',
    mutation: 'applyCreditNote',
    summary: 'Apply credit to open invoices of the customer',
    inputType: 'ApplyCreditNoteInput',
    inputRequired: true,
    status: 200,
    schema: creditNoteRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/credit-notes/:id/refund',
    mutation: 'refundCreditNote',
    summary: 'Pay credit back to the customer (posts it)',
    inputType: 'RefundCreditNoteInput',
    inputRequired: true,
    status: 200,
    schema: creditNoteRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/credit-notes/:id/void',
    mutation: 'voidCreditNote',
    summary: 'Void a credit note none of whose credit is used (posts the reversal)',
    inputType: 'VoidCreditNoteInput',
    status: 200,
    schema: creditNoteRepresentation.schema,
  }),
];
