// The estimates module as the app sees it: its routes and public representation (src/module.ts).
import './estimates.schema.ts';
import './estimates.mail.ts';
import { defineModule } from '../../module.ts';
import { estimateRepresentation } from './estimates.public.ts';
import { estimateRoutes } from './estimates.rest.ts';

export default defineModule({
  name: 'estimates',
  routes: estimateRoutes,
  representations: [estimateRepresentation],
});
