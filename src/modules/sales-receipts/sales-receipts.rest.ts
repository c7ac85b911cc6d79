// GET and POST /api/v1/sales-receipts, GET /{id}, POST /{id}/void: sales paid at once and refunds, for
// tills and shops (beyond the contract).
import { type RestRoute, upperCaseFields } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { quantitiesAsNumbers, quantitiesAsText } from '../documents/rest.ts';
import { salesReceiptRepresentation } from './sales-receipts.public.ts';

export const salesReceiptRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/sales-receipts',
    typename: 'SalesReceipt',
    label: 'sales receipt',
    plural: 'salesReceipts',
    representation: salesReceiptRepresentation,
    filters: ['kind', 'status', 'customerId', 'from', 'to', 'search'],
    list: 'List sales and refund receipts',
    retrieve: 'Retrieve a sales or refund receipt',
    create: {
      summary: 'Record a sale paid at once, or a refund (posted at once)',
      bodyToInput: (body) => quantitiesAsText(upperCaseFields(body, ['kind'])),
      documentBody: quantitiesAsNumbers,
    },
  }),
  actionRoute({
    path: '/api/v1/sales-receipts/:id/void',
    mutation: 'voidSalesReceipt',
    summary: 'Void a receipt (posts the reversal)',
    inputType: 'VoidSalesReceiptInput',
    status: 200,
    schema: salesReceiptRepresentation.schema,
  }),
];
