// The employees module as the app sees it: its routes and public representations (src/module.ts).
import './employees.schema.ts';
import { defineModule } from '../../module.ts';
import { employeeRoutes } from './employees.rest.ts';
import { employeeRepresentation } from './employees.public.ts';

export default defineModule({
  name: 'employees',
  routes: [...employeeRoutes],
  representations: [employeeRepresentation],
});
