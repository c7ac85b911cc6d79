// The accounts module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'accounts',
  representations: { account: 'accounts' },
  ids: { Account: 'acct' },
  lists: ['Account'],
  resources: {
    accounts: 'The chart of accounts',
  },
  types: { Account: 'accounts' },
  nodes: ['Account'],
  events: {
    'account.created': 'An account was added to the chart of accounts.',
    'account.updated': 'An account was renamed, re-described, or (de)activated.',
  },
});
