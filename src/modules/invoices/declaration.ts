// The invoices module's declaration: what the central lists take from it (src/module.ts).
import { declareModule } from '../../module.ts';

export default declareModule(
  {
    name: 'invoices',
    representations: { invoice: 'invoices', payment: 'invoices' },
    ids: { Invoice: 'inv', InvoiceLine: 'il', Payment: 'pay' },
    resources: {
      invoices: 'Invoices, their lines and payments, and credit notes',
    },
    types: { Invoice: 'invoices', InvoiceLine: 'invoices', Payment: 'invoices', InvoiceChange: 'invoices' },
    nodes: ['Invoice', 'Payment'],
    sequences: { invoice: 'nextInvoiceNumber' },
    events: {
      'invoice.created': 'An invoice was created: status open (posted, with its journal_entry.created) or draft (not posted).',
      'invoice.finalized': 'A draft invoice was finalized: now open, and its journal entry posted.',
      'invoice.payment_recorded': 'A payment was recorded against an invoice; the object is the invoice after it.',
      'invoice.paid': 'An invoice was paid in full (follows the invoice.payment_recorded that paid it).',
      'invoice.voided': 'An invoice was voided; if it was posted, the reversal was posted too.',
    },
    sourceTypes: ['invoice', 'invoice_void', 'payment'],
  },
  () => import('./index.ts'),
);
