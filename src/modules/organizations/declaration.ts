// The organizations module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'organizations',
  representations: { organization: 'events' },
  ids: { Organization: 'org' },
  events: {
    'organization.updated': "The organization's settings changed (name, lock date, default payment terms).",
  },
});
