// The bulk operations module as the app sees it: its routes, representation, runner and file links (src/module.ts).
import './bulk-operations.schema.ts';
import { defineModule } from '../../module.ts';
import { resultFilePage } from './bulk-operations.files.ts';
import { bulkOperationRepresentation } from './bulk-operations.public.ts';
import { bulkOperationRoutes } from './bulk-operations.rest.ts';
import { bulkRunner } from './bulk-operations.runner.ts';

export default defineModule({
  name: 'bulk-operations',
  routes: bulkOperationRoutes,
  representations: [bulkOperationRepresentation],
  workers: [bulkRunner],
  pages: [resultFilePage],
});
