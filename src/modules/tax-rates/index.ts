// The tax rates module as the app sees it: its routes and public representations (src/module.ts).
import './tax-rates.schema.ts';
import { defineModule } from '../../module.ts';
import { taxRateRoutes } from './tax-rates.rest.ts';
import { taxRateRepresentation } from './tax-rates.public.ts';

export default defineModule({
  name: 'tax-rates',
  routes: [...taxRateRoutes],
  representations: [taxRateRepresentation],
});
