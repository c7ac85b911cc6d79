// Money a customer paid ahead of its invoices (a deposit), or beyond what a payment's invoice owed (an
// overpayment): a prepayment, run by the document kernel (documents/prepayments.ts, credits.ts), and as
// the public sees it: the REST v1 body, and `data.object` of customer_prepayment.* events. Posted Dr the
// bank or cash account, Cr receivables.
import type { PrismaTypes } from '../../db/database.ts';
import { defineCreditDocument, prepaymentRepresentation } from '../documents/index.ts';

export const CUSTOMER_PREPAYMENT_TYPE = defineCreditDocument({
  label: 'Customer prepayment',
  resource: 'customer_prepayment',
  typename: 'CustomerPrepayment',
  side: 'sale',
  party: 'customer',
  number: { prefix: 'CP', sequence: 'customerPrepayment' },
  appliesTo: 'invoice',
  accountKey: 'depositAccountId',
  sourceTypes: {
    posting: 'customer_prepayment',
    refund: 'customer_prepayment_refund',
    refundVoid: 'customer_prepayment_refund_void',
    void: 'customer_prepayment_void',
  },
});

type Allocation = Pick<PrismaTypes.CustomerPrepaymentAllocationGetPayload<object>, 'id' | 'invoiceId' | 'amount' | 'date' | 'voidDate'>;
type Refund = Pick<
  PrismaTypes.CustomerPrepaymentRefundGetPayload<object>,
  'id' | 'amount' | 'date' | 'paymentAccountId' | 'journalEntryId' | 'voidDate'
>;
export type CustomerPrepaymentRow = PrismaTypes.CustomerPrepaymentGetPayload<object> & { allocations: Allocation[]; refunds: Refund[] };

export const customerPrepaymentRepresentation = prepaymentRepresentation<CustomerPrepaymentRow>(CUSTOMER_PREPAYMENT_TYPE, {
  prefixes: {
    id: 'cpp',
    allocation: 'cppa',
    refund: 'cppr',
    party: 'cus',
    applied: 'inv',
    payment: 'pay',
  },
  total: 'The money received.',
  account: 'The bank or cash account the money went into.',
  reference: 'External reference (a cheque or transfer number).',
  amountApplied: "Applied to the customer's invoices.",
  amountRefunded: 'Paid back to the customer.',
  remainingCredit: 'total − amountApplied − amountRefunded: what the customer still has with us (0 when void).',
});
