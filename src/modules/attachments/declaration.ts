// The attachments module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'attachments',
  representations: { attachment: 'attachments' },
  ids: { Attachment: 'att' },
  lists: ['Attachment'],
  resources: {
    attachments:
      'Files attached to documents, journal entries, bank lines, customers and vendors; each also needs read access to ' +
      'its record (to list and download) or write access (to attach and delete)',
  },
  types: { Attachment: 'attachments' },
  // An attachment's events name its record and file: only a key that may read every record files go on receives them.
  eventsAlsoRead: {
    attachment: [
      'invoices',
      'bills',
      'sales_receipts',
      'estimates',
      'purchase_orders',
      'journal_entries',
      'banking',
      'customers',
      'vendors',
    ],
  },
  nodes: ['Attachment'],
  events: {
    'attachment.created': 'A file was attached to a record (the object says which, and its SHA-256; never its bytes).',
    'attachment.deleted': 'A file was taken off its record; the object is the attachment as it was.',
  },
});
