// The bulk operations module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'bulk-operations',
  representations: { bulk_operation: 'bulk_operations' },
  ids: { BulkOperation: 'bop', BulkFile: 'bfl' },
  lists: ['BulkOperation'],
  resources: {
    bulk_operations: 'Bulk exports and imports run as jobs (each also needs what its query reads, or the write scope of what it imports)',
  },
  types: { BulkOperation: 'bulk_operations' },
  nodes: ['BulkOperation'],
  events: {
    'bulk_operation.created': 'A bulk export or import was queued; it runs in the background.',
    'bulk_operation.finished':
      'A bulk operation ended: completed, failed or canceled; url (when it wrote anything) is where its file is, until urlExpiresAt.',
  },
});
