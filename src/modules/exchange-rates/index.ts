// The exchange rates module as the app sees it: its routes and public representation (src/module.ts).
import './exchange-rates.schema.ts';
import { defineModule } from '../../module.ts';
import { exchangeRateRoutes } from './exchange-rates.rest.ts';
import { exchangeRateRepresentation } from './exchange-rates.public.ts';

export default defineModule({
  name: 'exchange-rates',
  routes: [...exchangeRateRoutes],
  representations: [exchangeRateRepresentation],
});
