// GET and POST /api/v1/bills, GET /{id}, POST /{id}/finalize, /{id}/void and /{id}/payments: the
// invoices' routes for what vendors invoice us (the contract names vendors; bills are beyond it).
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { owedDocumentRoutes, quantitiesAsNumbers, quantitiesAsText } from '../documents/rest.ts';
import { billPaymentRepresentation, billRepresentation } from './bills.public.ts';
import { BILL_TYPE } from './bills.service.ts';

export const billRoutes: RestRoute[] = [
  ...owedDocumentRoutes(BILL_TYPE, {
    path: '/api/v1/bills',
    typename: 'Bill',
    plural: 'bills',
    representation: billRepresentation,
    paymentRepresentation: billPaymentRepresentation,
    filters: ['status', 'vendorId', 'from', 'to', 'dueBefore', 'overdue', 'search'],
    summaries: {
      list: 'List bills',
      retrieve: 'Retrieve a bill',
      create: 'Enter a bill (posted unless draft)',
      update: 'Edit a draft bill (the lines given replace its lines)',
      delete: 'Delete a draft bill',
      pay: 'Record a payment of a bill',
    },
    payment: { mutation: 'recordBillPayment', inputType: 'RecordBillPaymentInput', path: '/api/v1/bill-payments' },
    listedWith: resourceRoutes({
      path: '/api/v1/bill-payments',
      typename: 'BillPayment',
      label: 'bill payment',
      plural: 'billPayments',
      representation: billPaymentRepresentation,
      filters: ['billId', 'vendorId', 'paymentAccountId', 'from', 'to'],
      list: 'List payments made against bills, oldest first',
      retrieve: 'Retrieve a bill payment',
    }),
  }),
  // An open purchase order (modules/purchase-orders) billed in part or whole: the answer is the draft bill.
  actionRoute({
    path: '/api/v1/purchase-orders/:id/bill',
    mutation: 'billPurchaseOrder',
    summary: 'Make a draft bill of an open purchase order, of the quantities given or all not yet billed (answers the bill)',
    inputType: 'BillPurchaseOrderInput',
    bodyToInput: quantitiesAsText,
    documentBody: quantitiesAsNumbers,
    status: 201,
    location: (id) => `/api/v1/bills/${id}`,
    schema: billRepresentation.schema,
  }),
];
