// The organizations module's declaration: what the central lists take from it (src/module.ts).
import { declareModule } from '../../module.ts';

export default declareModule(
  {
    name: 'organizations',
    representations: { organization: 'events' },
    ids: { Organization: 'org' },
    events: {
      'organization.updated': "The organization's settings changed (name, lock date, default payment terms).",
    },
  },
  () => import('./index.ts'),
);
