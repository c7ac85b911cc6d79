// The customer prepayments module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'customer-prepayments',
  representations: { customer_prepayment: 'invoices' },
  ids: { CustomerPrepayment: 'cpp', CustomerPrepaymentAllocation: 'cppa', CustomerPrepaymentRefund: 'cppr' },
  lists: ['CustomerPrepayment'],
  types: { CustomerPrepayment: 'invoices', CustomerPrepaymentAllocation: 'invoices', CustomerPrepaymentRefund: 'invoices' },
  nodes: ['CustomerPrepayment'],
  sequences: { customerPrepayment: 'nextCustomerPrepaymentNumber' },
  events: {
    'customer_prepayment.created':
      "Customer prepayment recorded and posted (with its journal_entry.created), or a payment's excess kept (with the payment's events).",
    'customer_prepayment.applied':
      'Prepaid credit was applied to invoices (each with its invoice.credit_applied); the object is the prepayment after it.',
    'customer_prepayment.refunded': 'Prepaid credit was paid back (with its journal_entry.created).',
    'customer_prepayment.application_undone':
      'An application of prepaid credit to a invoice was undone (with its invoice.credit_unapplied); the credit is free again.',
    'customer_prepayment.refund_voided': "A refund of prepaid credit was voided (with the reversal's journal_entry.created).",
    'customer_prepayment.voided':
      'A prepayment none of whose credit was used was voided and the reversal posted; an overpayment, with its payment.',
  },
  sourceTypes: ['customer_prepayment', 'customer_prepayment_refund', 'customer_prepayment_void', 'customer_prepayment_refund_void'],
});
