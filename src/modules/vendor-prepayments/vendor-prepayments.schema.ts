import { prepaymentSchema } from '../documents/prepayment-schema.ts';
import { VENDOR_PREPAYMENT_TYPE } from './vendor-prepayments.public.ts';

/** The VendorPrepayment object type, for fields elsewhere that answer one (the aged reports). */
export const VendorPrepaymentRef = prepaymentSchema(VENDOR_PREPAYMENT_TYPE, {
  typename: 'VendorPrepayment',
  prefixes: { id: 'vpp', allocation: 'vppa', refund: 'vppr' },
  description:
    "Money we paid a vendor ahead of its bills (a deposit, an advance), or beyond what a payment's bill owed (an overpayment): " +
    'posted Dr payables, Cr the bank or cash account. ' +
    "Its credit is applied to the vendor's bills or refunded.",
  account: { relation: 'paymentAccount', description: 'The bank or cash account the money went out of.' },
  refund: {
    description: 'Prepaid credit the vendor paid back to us: debit the bank or cash account, credit payables.',
    amount: 'Amount the vendor paid back.',
    paymentAccount: 'The bank or cash account the money went into.',
  },
  mutations: {
    createVendorPrepayment: 'Records money paid to a vendor ahead of its bills and posts it (Dr payables, Cr the bank or cash account).',
    applyVendorPrepayment: 'Applies prepaid credit to open bills of its vendor; their amounts due fall.',
    refundVendorPrepayment: 'Records prepaid credit paid back and posts it (Dr the bank, Cr payables).',
    voidVendorPrepayment:
      'Voids a prepayment none of whose credit is used, posting the reversal of its entry (an overpayment: void its payment).',
    unapplyVendorPrepayment:
      "Undoes an application of the vendor prepayment's credit: the bill owes the amount again, the credit is free again. " +
      'Nothing is posted.',
    voidVendorPrepaymentRefund:
      "Voids a refund of the vendor prepayment's credit, posting the reversal of its entry; the credit is free again.",
  },
});
