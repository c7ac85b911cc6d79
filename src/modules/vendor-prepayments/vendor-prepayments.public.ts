// Money we paid a vendor ahead of its bills (a deposit, an advance), or beyond what a payment's bill owed
// (an overpayment): a prepayment, run by the document kernel (documents/prepayments.ts, credits.ts), and
// as the public sees it: the REST v1 body, and `data.object` of vendor_prepayment.* events. Posted Dr
// payables, Cr the bank or cash account.
import type { PrismaTypes } from '../../db/database.ts';
import { defineCreditDocument, prepaymentRepresentation } from '../documents/index.ts';

export const VENDOR_PREPAYMENT_TYPE = defineCreditDocument({
  label: 'Vendor prepayment',
  resource: 'vendor_prepayment',
  typename: 'VendorPrepayment',
  side: 'purchase',
  party: 'vendor',
  number: { prefix: 'VP', sequence: 'vendorPrepayment' },
  appliesTo: 'bill',
  accountKey: 'paymentAccountId',
  sourceTypes: {
    posting: 'vendor_prepayment',
    refund: 'vendor_prepayment_refund',
    refundVoid: 'vendor_prepayment_refund_void',
    void: 'vendor_prepayment_void',
  },
});

type Allocation = Pick<PrismaTypes.VendorPrepaymentAllocationGetPayload<object>, 'id' | 'billId' | 'amount' | 'date' | 'voidDate'>;
type Refund = Pick<
  PrismaTypes.VendorPrepaymentRefundGetPayload<object>,
  'id' | 'amount' | 'date' | 'paymentAccountId' | 'journalEntryId' | 'voidDate'
>;
export type VendorPrepaymentRow = PrismaTypes.VendorPrepaymentGetPayload<object> & { allocations: Allocation[]; refunds: Refund[] };

export const vendorPrepaymentRepresentation = prepaymentRepresentation<VendorPrepaymentRow>(VENDOR_PREPAYMENT_TYPE, {
  prefixes: {
    id: 'vpp',
    allocation: 'vppa',
    refund: 'vppr',
    party: 'ven',
    applied: 'bill',
    payment: 'bpay',
  },
  total: 'The money paid.',
  account: 'The bank or cash account the money went out of.',
  reference: 'External reference (a cheque or transfer number).',
  amountApplied: "Applied to the vendor's bills.",
  amountRefunded: 'Paid back to us by the vendor.',
  remainingCredit: 'total − amountApplied − amountRefunded: credit we still have with the vendor (0 when void).',
});
