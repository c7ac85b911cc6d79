// The api keys module as the app sees it: its routes and public representations (src/module.ts).
import './api-keys.schema.ts';
import { defineModule } from '../../module.ts';
import { apiKeyRoutes } from './api-keys.rest.ts';
import { apiKeyRepresentation } from './api-keys.public.ts';

export default defineModule({
  name: 'api-keys',
  routes: [...apiKeyRoutes],
  representations: [apiKeyRepresentation],
});
