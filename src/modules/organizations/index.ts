// The organizations module as the app sees it: its routes and public representations (src/module.ts).
import './organizations.schema.ts';
import { defineModule } from '../../module.ts';
import { organizationRoutes } from './organizations.rest.ts';
import { organizationRepresentation } from './organizations.public.ts';

export default defineModule({
  name: 'organizations',
  routes: [...organizationRoutes],
  representations: [organizationRepresentation],
});
