// The sales receipts module as the app sees it: its routes and public representations (src/module.ts).
import './sales-receipts.schema.ts';
import { defineModule } from '../../module.ts';
import { salesReceiptRoutes } from './sales-receipts.rest.ts';
import { salesReceiptRepresentation } from './sales-receipts.public.ts';

export default defineModule({
  name: 'sales-receipts',
  routes: [...salesReceiptRoutes],
  representations: [salesReceiptRepresentation],
});
