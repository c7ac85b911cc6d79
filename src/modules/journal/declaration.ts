// The journal module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'journal',
  representations: { journal_entry: 'journal_entries' },
  ids: { JournalEntry: 'je', JournalLine: 'jl' },
  lists: ['JournalEntry'],
  resources: {
    journal_entries: 'Journal entries and their lines',
  },
  types: { JournalEntry: 'journal_entries', JournalLine: 'journal_entries' },
  nodes: ['JournalEntry'],
  sequences: { journalEntry: 'nextEntryNumber' },
  events: {
    'journal_entry.created':
      'A journal entry was posted: manually, or by an invoice, a bill, a receipt, a payment, a void or a reversal (see sourceType).',
    'journal_entry.reversed': 'A journal entry was cancelled by a reversal; the object is the original entry, now status reversed.',
  },
  sourceTypes: ['manual', 'reversal'],
});
