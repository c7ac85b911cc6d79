// GET and POST /api/v1/vendor-credits, GET /{id}, POST /{id}/apply, /{id}/refund and /{id}/void (beyond
// the contract): a supplier's credit, applied to its bills or paid back to us.
import type { RestRoute } from '../../http/rest.ts';
import { creditDocumentRoutes } from '../documents/rest.ts';
import { VENDOR_CREDIT_TYPE, vendorCreditRepresentation } from './vendor-credits.public.ts';

export const vendorCreditRoutes: RestRoute[] = creditDocumentRoutes(VENDOR_CREDIT_TYPE, {
  path: '/api/v1/vendor-credits',
  plural: 'vendorCredits',
  representation: vendorCreditRepresentation,
  filters: ['status', 'vendorId', 'from', 'to', 'search'],
  summaries: {
    list: 'List vendor credits',
    retrieve: 'Retrieve a vendor credit',
    create: "Enter a vendor's credit (posted at once)",
    apply: 'Apply credit to open bills of the vendor',
    refund: 'Record credit the vendor paid back (posts it)',
    void: 'Void a vendor credit none of whose credit is used (posts the reversal)',
    unapply: 'Undo an application of vendor credit to a bill (the bill owes it again)',
    voidRefund: 'Void a refund of vendor credit (posts the reversal; the credit is free again)',
  },
});
