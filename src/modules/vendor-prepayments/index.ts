// The vendor prepayments module as the app sees it: its routes and public representations (src/module.ts).
import './vendor-prepayments.schema.ts';
import { defineModule } from '../../module.ts';
import { vendorPrepaymentRoutes } from './vendor-prepayments.rest.ts';
import { vendorPrepaymentRepresentation } from './vendor-prepayments.public.ts';

export default defineModule({
  name: 'vendor-prepayments',
  routes: [...vendorPrepaymentRoutes],
  representations: [vendorPrepaymentRepresentation],
});
