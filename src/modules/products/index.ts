// The products module as the app sees it: its routes and public representations (src/module.ts).
import './products.schema.ts';
import { defineModule } from '../../module.ts';
import { productRoutes } from './products.rest.ts';
import { productRepresentation } from './products.public.ts';

export default defineModule({
  name: 'products',
  routes: [...productRoutes],
  representations: [productRepresentation],
});
