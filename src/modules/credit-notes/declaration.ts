// The credit notes module's declaration: what the central lists take from it (src/module.ts).
import { declareModule } from '../../module.ts';

export default declareModule(
  {
    name: 'credit-notes',
    representations: { credit_note: 'invoices' },
    ids: { CreditNote: 'cn', CreditNoteLine: 'cnl', CreditNoteAllocation: 'cna', CreditNoteRefund: 'cnr' },
    types: { CreditNote: 'invoices', CreditNoteLine: 'invoices', CreditNoteAllocation: 'invoices', CreditNoteRefund: 'invoices' },
    nodes: ['CreditNote'],
    sequences: { creditNote: 'nextCreditNoteNumber' },
    events: {
      'invoice.credit_applied':
        'Credit from a credit note was applied to an invoice; the object is the invoice after it (invoice.paid follows when nothing ' +
        'is left due).',
      'credit_note.created': 'A credit note was issued and posted (with its journal_entry.created).',
      'credit_note.applied':
        'Credit from a credit note was applied to invoices (each with its invoice.credit_applied); the object is the credit note after it.',
      'credit_note.refunded': 'Credit from a credit note was paid back to the customer (with its journal_entry.created).',
      'credit_note.voided': 'A credit note none of whose credit was used was voided, and the reversal of its posting posted.',
    },
    sourceTypes: ['credit_note', 'credit_note_refund', 'credit_note_void'],
  },
  () => import('./index.ts'),
);
