// The emails module as the app sees it: its routes, public representation and mailer (src/module.ts).
import './emails.schema.ts';
import { defineModule } from '../../module.ts';
import { emailRepresentation } from './emails.public.ts';
import { emailRoutes } from './emails.rest.ts';
import { mailer } from './mailer.ts';

export default defineModule({
  name: 'emails',
  routes: emailRoutes,
  representations: [emailRepresentation],
  workers: [mailer],
});
