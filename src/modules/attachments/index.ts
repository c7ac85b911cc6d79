// The attachments module as the app sees it: its routes and public representation (src/module.ts).
import './attachments.schema.ts';
import { defineModule } from '../../module.ts';
import { attachmentRepresentation } from './attachments.public.ts';
import { attachmentRoutes } from './attachments.rest.ts';

export default defineModule({
  name: 'attachments',
  routes: attachmentRoutes,
  representations: [attachmentRepresentation],
});
