// GET and POST /api/v1/customer-prepayments, GET /{id}, POST /{id}/apply, /{id}/refund, /{id}/void,
// /{id}/unapply and /{id}/void-refund (beyond the contract): money a customer paid ahead of its
// invoices (a deposit), or beyond what a payment's invoice owed (an overpayment).
import type { RestRoute } from '../../http/rest.ts';
import { creditDocumentRoutes } from '../documents/rest.ts';
import { CUSTOMER_PREPAYMENT_TYPE, customerPrepaymentRepresentation } from './customer-prepayments.public.ts';

export const customerPrepaymentRoutes: RestRoute[] = creditDocumentRoutes(CUSTOMER_PREPAYMENT_TYPE, {
  path: '/api/v1/customer-prepayments',
  plural: 'customerPrepayments',
  representation: customerPrepaymentRepresentation,
  filters: ['status', 'customerId', 'from', 'to', 'search'],
  summaries: {
    list: 'List customer prepayments (prepayments and overpayments)',
    retrieve: 'Retrieve a customer prepayment',
    create: 'Record money a customer paid ahead of its invoices (posted at once)',
    apply: 'Apply prepaid credit to open invoices of the customer',
    refund: 'Pay prepaid credit back to the customer (posts it)',
    void: 'Void a prepayment none of whose credit is used (posts the reversal; an overpayment is voided with its payment)',
    unapply: 'Undo an application of prepaid credit (the invoice owes it again)',
    voidRefund: 'Void a refund of prepaid credit (posts the reversal; the credit is free again)',
  },
});
