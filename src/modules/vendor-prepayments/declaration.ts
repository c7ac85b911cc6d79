// The vendor prepayments module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'vendor-prepayments',
  representations: { vendor_prepayment: 'bills' },
  ids: { VendorPrepayment: 'vpp', VendorPrepaymentAllocation: 'vppa', VendorPrepaymentRefund: 'vppr' },
  lists: ['VendorPrepayment'],
  types: { VendorPrepayment: 'bills', VendorPrepaymentAllocation: 'bills', VendorPrepaymentRefund: 'bills' },
  nodes: ['VendorPrepayment'],
  sequences: { vendorPrepayment: 'nextVendorPrepaymentNumber' },
  events: {
    'vendor_prepayment.created':
      "Vendor prepayment recorded and posted (with its journal_entry.created), or a payment's excess kept (with the payment's events).",
    'vendor_prepayment.applied':
      'Prepaid credit was applied to bills (each with its bill.credit_applied); the object is the prepayment after it.',
    'vendor_prepayment.refunded': 'Prepaid credit was paid back (with its journal_entry.created).',
    'vendor_prepayment.application_undone':
      'An application of prepaid credit to a bill was undone (with its bill.credit_unapplied); the credit is free again.',
    'vendor_prepayment.refund_voided': "A refund of prepaid credit was voided (with the reversal's journal_entry.created).",
    'vendor_prepayment.voided':
      'A prepayment none of whose credit was used was voided and the reversal posted; an overpayment, with its payment.',
  },
  sourceTypes: ['vendor_prepayment', 'vendor_prepayment_refund', 'vendor_prepayment_void', 'vendor_prepayment_refund_void'],
});
