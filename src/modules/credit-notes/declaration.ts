// The credit notes module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'credit-notes',
  representations: { credit_note: 'invoices' },
  ids: { CreditNote: 'cn', CreditNoteLine: 'cnl', CreditNoteAllocation: 'cna', CreditNoteRefund: 'cnr' },
  lists: ['CreditNote'],
  types: { CreditNote: 'invoices', CreditNoteLine: 'invoices', CreditNoteAllocation: 'invoices', CreditNoteRefund: 'invoices' },
  nodes: ['CreditNote'],
  sequences: { creditNote: 'nextCreditNoteNumber' },
  events: {
    'invoice.credit_applied':
      'Credit from a credit note was applied to an invoice; the object is the invoice after it (invoice.paid follows when nothing ' +
      'is left due).',
    'credit_note.sent': "A credit note was emailed to its customer (with the email's email.sent).",
    'credit_note.created': 'A credit note was issued and posted (with its journal_entry.created).',
    'credit_note.applied':
      'Credit from a credit note was applied to invoices (each with its invoice.credit_applied); the object is the credit note after it.',
    'credit_note.refunded': 'Credit from a credit note was paid back to the customer (with its journal_entry.created).',
    'credit_note.application_undone':
      'An application of credit to an invoice was undone (with its invoice.credit_unapplied); the credit is free again.',
    'invoice.credit_unapplied': 'Credit applied to an invoice was taken off it again; the object is the invoice, owing it again.',
    'credit_note.refund_voided': "A refund of credit was voided (with the reversal's journal_entry.created); the credit is free again.",
    'credit_note.voided': 'A credit note none of whose credit was used was voided, and the reversal of its posting posted.',
  },
  sourceTypes: ['credit_note', 'credit_note_refund', 'credit_note_void', 'credit_note_refund_void'],
});
