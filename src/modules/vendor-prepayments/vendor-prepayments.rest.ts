// GET and POST /api/v1/vendor-prepayments, GET /{id}, POST /{id}/apply, /{id}/refund, /{id}/void,
// /{id}/unapply and /{id}/void-refund (beyond the contract): money we paid a vendor ahead of its bills
// (a deposit, an advance), or beyond what a payment's bill owed (an overpayment).
import type { RestRoute } from '../../http/rest.ts';
import { creditDocumentRoutes } from '../documents/rest.ts';
import { VENDOR_PREPAYMENT_TYPE, vendorPrepaymentRepresentation } from './vendor-prepayments.public.ts';

export const vendorPrepaymentRoutes: RestRoute[] = creditDocumentRoutes(VENDOR_PREPAYMENT_TYPE, {
  path: '/api/v1/vendor-prepayments',
  plural: 'vendorPrepayments',
  representation: vendorPrepaymentRepresentation,
  filters: ['status', 'vendorId', 'from', 'to', 'search'],
  summaries: {
    list: 'List vendor prepayments (prepayments and overpayments)',
    retrieve: 'Retrieve a vendor prepayment',
    create: 'Record money paid to a vendor ahead of its bills (posted at once)',
    apply: 'Apply prepaid credit to open bills of the vendor',
    refund: 'Record prepaid credit the vendor paid back (posts it)',
    void: 'Void a prepayment none of whose credit is used (posts the reversal; an overpayment is voided with its payment)',
    unapply: 'Undo an application of prepaid credit (the bill owes it again)',
    voidRefund: 'Void a refund of prepaid credit (posts the reversal; the credit is free again)',
  },
});
