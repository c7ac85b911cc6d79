import { prepaymentSchema } from '../documents/prepayment-schema.ts';
import { CUSTOMER_PREPAYMENT_TYPE } from './customer-prepayments.public.ts';

/** The CustomerPrepayment object type, for fields elsewhere that answer one (the aged reports). */
export const CustomerPrepaymentRef = prepaymentSchema(CUSTOMER_PREPAYMENT_TYPE, {
  typename: 'CustomerPrepayment',
  prefixes: { id: 'cpp', allocation: 'cppa', refund: 'cppr' },
  description:
    "Money a customer paid ahead of its invoices (a deposit), or beyond what a payment's invoice owed (an overpayment): " +
    'posted Dr the bank or cash account, Cr receivables. ' +
    "Its credit is applied to the customer's invoices or refunded.",
  account: { relation: 'depositAccount', description: 'The bank or cash account the money went into.' },
  refund: {
    description: 'Prepaid credit paid back to the customer: debit receivables, credit the bank or cash account.',
    amount: 'Amount paid back.',
    paymentAccount: 'The bank or cash account the money left.',
  },
  mutations: {
    createCustomerPrepayment:
      'Records money received from a customer ahead of its invoices and posts it (Dr the bank or cash account, Cr receivables).',
    applyCustomerPrepayment: 'Applies prepaid credit to open invoices of its customer; their amounts due fall.',
    refundCustomerPrepayment: 'Records prepaid credit paid back and posts it (Dr receivables, Cr the bank).',
    voidCustomerPrepayment:
      'Voids a prepayment none of whose credit is used, posting the reversal of its entry (an overpayment: void its payment).',
    unapplyCustomerPrepayment:
      "Undoes an application of the customer prepayment's credit: the invoice owes the amount again, the credit is free again. " +
      'Nothing is posted.',
    voidCustomerPrepaymentRefund:
      "Voids a refund of the customer prepayment's credit, posting the reversal of its entry; the credit is free again.",
  },
});
