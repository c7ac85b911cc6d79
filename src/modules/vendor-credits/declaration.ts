// The vendor credits module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'vendor-credits',
  representations: { vendor_credit: 'bills' },
  ids: { VendorCredit: 'vc', VendorCreditLine: 'vcl', VendorCreditAllocation: 'vca', VendorCreditRefund: 'vcr' },
  lists: ['VendorCredit'],
  types: { VendorCredit: 'bills', VendorCreditLine: 'bills', VendorCreditAllocation: 'bills', VendorCreditRefund: 'bills' },
  nodes: ['VendorCredit'],
  sequences: { vendorCredit: 'nextVendorCreditNumber' },
  events: {
    'bill.credit_applied':
      'Credit from a vendor credit was applied to a bill; the object is the bill after it (bill.paid follows when nothing is left due).',
    'vendor_credit.created': 'A vendor credit was entered and posted (with its journal_entry.created).',
    'vendor_credit.applied':
      'Credit from a vendor credit was applied to bills (each with its bill.credit_applied); the object is the vendor credit after it.',
    'vendor_credit.refunded': 'The vendor paid credit back to us (with its journal_entry.created).',
    'vendor_credit.application_undone':
      'An application of vendor credit to a bill was undone (with its bill.credit_unapplied); the credit is free again.',
    'bill.credit_unapplied': 'Vendor credit applied to a bill was taken off it again; the object is the bill, owing it again.',
    'vendor_credit.refund_voided': "A refund of vendor credit was voided (with the reversal's journal_entry.created).",
    'vendor_credit.voided': 'A vendor credit none of whose credit was used was voided, and the reversal of its posting posted.',
  },
  sourceTypes: ['vendor_credit', 'vendor_credit_refund', 'vendor_credit_void', 'vendor_credit_refund_void'],
});
