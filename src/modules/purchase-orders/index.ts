// The purchase orders module as the app sees it: its routes and public representation (src/module.ts).
import './purchase-orders.schema.ts';
import { defineModule } from '../../module.ts';
import { purchaseOrderRepresentation } from './purchase-orders.public.ts';
import { purchaseOrderRoutes } from './purchase-orders.rest.ts';

export default defineModule({
  name: 'purchase-orders',
  routes: purchaseOrderRoutes,
  representations: [purchaseOrderRepresentation],
});
