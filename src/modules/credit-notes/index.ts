// The credit notes module as the app sees it: its routes and public representations (src/module.ts).
import './credit-notes.schema.ts';
import './credit-notes.mail.ts';
import { defineModule } from '../../module.ts';
import { creditNoteRoutes } from './credit-notes.rest.ts';
import { creditNoteRepresentation } from './credit-notes.public.ts';

export default defineModule({
  name: 'credit-notes',
  routes: [...creditNoteRoutes],
  representations: [creditNoteRepresentation],
});
