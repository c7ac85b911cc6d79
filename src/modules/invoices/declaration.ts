// The invoices module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'invoices',
  representations: { invoice: 'invoices', payment: 'invoices' },
  ids: { Invoice: 'inv', InvoiceLine: 'il', Payment: 'pay', InvoiceWriteOff: 'wo', InvoiceWriteOffTax: 'wot' },
  lists: ['Invoice', 'Payment'],
  resources: {
    invoices: 'Invoices, their lines and payments, and credit notes',
  },
  types: {
    Invoice: 'invoices',
    InvoiceLine: 'invoices',
    Payment: 'invoices',
    InvoiceWriteOff: 'invoices',
    InvoiceChange: 'invoices',
  },
  nodes: ['Invoice', 'Payment'],
  sequences: { invoice: 'nextInvoiceNumber' },
  events: {
    'invoice.created': 'An invoice was created: status open (posted, with its journal_entry.created) or draft (not posted).',
    'invoice.deleted': 'A draft invoice was deleted; the object is the draft as it was.',
    'invoice.updated': 'A draft invoice was edited, or its public page link was rotated or revoked; previousAttributes holds what changed.',
    'invoice.finalized': 'A draft invoice was finalized: now open, and its journal entry posted.',
    'invoice.payment_recorded': 'A payment was recorded against an invoice; the object is the invoice after it.',
    'invoice.paid': 'An invoice was paid in full (follows the invoice.payment_recorded that paid it).',
    'invoice.written_off':
      'What was left on an invoice was written off as bad debt (with the journal_entry.created); the object is the invoice after it.',
    'invoice.write_off_voided': "An invoice's write-off was voided and the reversal posted; the invoice is owed again.",
    'invoice.sent':
      'An invoice was emailed to its customer (the mail server took it); sentAt and sentTo say when and to whom, with the ' +
      "email's email.sent.",
    'invoice.voided': 'An invoice was voided; if it was posted, the reversal was posted too.',
    'invoice.payment_voided':
      'A payment of an invoice was voided; the object is the invoice after it (its amount due restored; paid becomes partially ' +
      'paid or open).',
    'payment.voided': "A payment received was voided (with the invoice.payment_voided and the reversal's journal_entry.created).",
  },
  sourceTypes: ['invoice', 'invoice_void', 'payment', 'payment_void', 'write_off', 'write_off_void'],
});
