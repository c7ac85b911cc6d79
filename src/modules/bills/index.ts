// The bills module as the app sees it: its routes and public representations (src/module.ts).
import './bills.schema.ts';
import { defineModule } from '../../module.ts';
import { billRoutes } from './bills.rest.ts';
import { billPaymentRepresentation, billRepresentation } from './bills.public.ts';

export default defineModule({
  name: 'bills',
  routes: [...billRoutes],
  representations: [billRepresentation, billPaymentRepresentation],
});
