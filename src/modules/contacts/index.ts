// The contacts module as the app sees it: its routes and public representations (src/module.ts).
import './contacts.schema.ts';
import { defineModule } from '../../module.ts';
import { customerRoutes, vendorRoutes } from './contacts.rest.ts';
import { customerRepresentation, vendorRepresentation } from './contacts.public.ts';

export default defineModule({
  name: 'contacts',
  routes: [...customerRoutes, ...vendorRoutes],
  representations: [customerRepresentation, vendorRepresentation],
});
