// The accounts module as the app sees it: its routes and public representations (src/module.ts).
import './accounts.schema.ts';
import { defineModule } from '../../module.ts';
import { accountRoutes } from './accounts.rest.ts';
import { accountRepresentation } from './accounts.public.ts';

export default defineModule({
  name: 'accounts',
  routes: [...accountRoutes],
  representations: [accountRepresentation],
});
