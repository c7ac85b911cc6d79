import { prepaymentSchema } from '../documents/prepayment-schema.ts';
import { CUSTOMER_PREPAYMENT_TYPE } from './customer-prepayments.public.ts';

/** The CustomerPrepayment object type, for fields elsewhere that answer one (the aged reports). */
export const CustomerPrepaymentRef = prepaymentSchema(CUSTOMER_PREPAYMENT_TYPE, {
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
    create: 'Records money received from a customer ahead of its invoices and posts it (Dr the bank or cash account, Cr receivables).',
    apply: 'Applies prepaid credit to open invoices of its customer; their amounts due fall.',
    refund: 'Records prepaid credit paid back and posts it (Dr receivables, Cr the bank).',
    void: 'Voids a prepayment none of whose credit is used, posting the reversal of its entry (an overpayment: void its payment).',
  },
});
