// The bills module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'bills',
  representations: { bill: 'bills', bill_payment: 'bills' },
  ids: { Bill: 'bill', BillLine: 'bl', BillPayment: 'bpay' },
  lists: ['Bill', 'BillPayment'],
  resources: {
    bills: 'Bills (what vendors invoice), their lines and payments',
  },
  types: { Bill: 'bills', BillLine: 'bills', BillPayment: 'bills' },
  nodes: ['Bill', 'BillPayment'],
  sequences: { bill: 'nextBillNumber' },
  events: {
    'bill.created': 'A bill was entered: status open (posted, with its journal_entry.created) or draft (not posted).',
    'bill.deleted': 'A draft bill was deleted; the object is the draft as it was.',
    'bill.updated': 'A draft bill was edited; previousAttributes holds what changed.',
    'bill.finalized': 'A draft bill was finalized: now open, and its journal entry posted.',
    'bill.payment_recorded': 'A payment of a bill was recorded; the object is the bill after it.',
    'bill.paid': 'A bill was paid in full (follows the bill.payment_recorded that paid it).',
    'bill.voided': 'A bill was voided; if it was posted, the reversal was posted too.',
    'bill.payment_voided': 'A payment of a bill was voided; the object is the bill after it (its amount due restored).',
    'bill_payment.voided': "A bill payment was voided (with the bill.payment_voided and the reversal's journal_entry.created).",
  },
  sourceTypes: ['bill', 'bill_void', 'bill_payment', 'bill_payment_void'],
});
