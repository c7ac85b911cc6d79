// The vendor credit (the supplier's credit note) as the document kernel runs it (documents/credits.ts),
// and as the public sees it: the REST v1 body, and `data.object` of vendor_credit.* events.
import type { PrismaTypes } from '../../db/database.ts';
import { creditDocumentRepresentation, defineCreditDocument, type DocumentLineRow } from '../documents/index.ts';

export const VENDOR_CREDIT = 'vendor_credit';

/** A vendor credit's lines in order, for reads of several vendor credits' lines at once. */
export const VENDOR_CREDIT_LINES_IN_ORDER = [
  { vendorCreditId: 'asc' },
  { lineNo: 'asc' },
] satisfies PrismaTypes.VendorCreditLineOrderByWithRelationInput[];

export const VENDOR_CREDIT_TYPE = defineCreditDocument({
  label: 'Vendor credit',
  resource: VENDOR_CREDIT,
  typename: 'VendorCredit',
  side: 'purchase',
  party: 'vendor',
  number: { prefix: 'VC', sequence: 'vendorCredit' },
  appliesTo: 'bill',
  sourceTypes: {
    posting: 'vendor_credit',
    refund: 'vendor_credit_refund',
    refundVoid: 'vendor_credit_refund_void',
    void: 'vendor_credit_void',
  },
  linesInOrder: VENDOR_CREDIT_LINES_IN_ORDER,
});

type Allocation = Pick<PrismaTypes.VendorCreditAllocationGetPayload<object>, 'id' | 'billId' | 'amount' | 'date' | 'voidDate'>;
type Refund = Pick<
  PrismaTypes.VendorCreditRefundGetPayload<object>,
  'id' | 'amount' | 'date' | 'paymentAccountId' | 'journalEntryId' | 'voidDate'
>;
export type VendorCreditRow = PrismaTypes.VendorCreditGetPayload<object> & {
  lines: DocumentLineRow[];
  allocations: Allocation[];
  refunds: Refund[];
};

export const vendorCreditRepresentation = creditDocumentRepresentation<VendorCreditRow>(VENDOR_CREDIT_TYPE, {
  prefixes: { id: 'vc', line: 'vcl', allocation: 'vca', refund: 'vcr', party: 'ven', applied: 'bill' },
  reference: "The vendor's own credit note number.",
  amountApplied: "Applied to the vendor's bills.",
  amountRefunded: 'Paid back to us by the vendor.',
  remainingCredit: 'total − amountApplied − amountRefunded: credit we still have with the vendor (0 when void).',
});
