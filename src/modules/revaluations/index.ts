// The revaluations module as the app sees it: its routes (src/module.ts).
import './revaluations.schema.ts';
import { defineModule } from '../../module.ts';
import { revaluationRoutes } from './revaluations.rest.ts';

export default defineModule({
  name: 'revaluations',
  routes: [...revaluationRoutes],
});
