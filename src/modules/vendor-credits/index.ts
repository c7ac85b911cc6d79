// The vendor credits module as the app sees it: its routes and public representations (src/module.ts).
import './vendor-credits.schema.ts';
import { defineModule } from '../../module.ts';
import { vendorCreditRoutes } from './vendor-credits.rest.ts';
import { vendorCreditRepresentation } from './vendor-credits.public.ts';

export default defineModule({
  name: 'vendor-credits',
  routes: [...vendorCreditRoutes],
  representations: [vendorCreditRepresentation],
});
