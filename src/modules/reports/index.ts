// The reports module as the app sees it: its routes and public representations (src/module.ts).
import './reports.schema.ts';
import './aging.schema.ts';
import './statements.mail.ts';
import { defineModule } from '../../module.ts';
import { reportRoutes } from './reports.rest.ts';

export default defineModule({
  name: 'reports',
  routes: [...reportRoutes],
});
