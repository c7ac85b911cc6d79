// The journal module as the app sees it: its routes and public representations (src/module.ts).
import './journal.schema.ts';
import { defineModule } from '../../module.ts';
import { journalRoutes } from './journal.rest.ts';
import { journalEntryRepresentation } from './journal.public.ts';

export default defineModule({
  name: 'journal',
  routes: [...journalRoutes],
  representations: [journalEntryRepresentation],
});
