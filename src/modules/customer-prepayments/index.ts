// The customer prepayments module as the app sees it: its routes and public representations (src/module.ts).
import './customer-prepayments.schema.ts';
import { defineModule } from '../../module.ts';
import { customerPrepaymentRoutes } from './customer-prepayments.rest.ts';
import { customerPrepaymentRepresentation } from './customer-prepayments.public.ts';

export default defineModule({
  name: 'customer-prepayments',
  routes: [...customerPrepaymentRoutes],
  representations: [customerPrepaymentRepresentation],
});
