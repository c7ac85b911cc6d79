// The recurring module as the app sees it: its routes, public representation and runner (src/module.ts).
import './recurring.schema.ts';
import { defineModule } from '../../module.ts';
import { queueDocumentEmailOnce } from '../emails/emails.service.ts';
import { recurringScheduleRepresentation } from './recurring.public.ts';
import { recurringRoutes } from './recurring.rest.ts';
import { recurringRunner } from './recurring.worker.ts';

export default defineModule({
  name: 'recurring',
  routes: recurringRoutes,
  representations: [recurringScheduleRepresentation],
  workers: [recurringRunner(queueDocumentEmailOnce)],
});
