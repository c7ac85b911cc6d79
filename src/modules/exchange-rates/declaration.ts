// The exchange rates module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'exchange-rates',
  representations: { exchange_rate: 'exchange_rates' },
  ids: { ExchangeRate: 'xr' },
  lists: ['ExchangeRate'],
  resources: {
    exchange_rates: 'Exchange rates of foreign currencies by date',
  },
  types: { ExchangeRate: 'exchange_rates' },
  nodes: ['ExchangeRate'],
  events: {
    'exchange_rate.created': 'A rate of a currency on a date was set.',
    'exchange_rate.updated': 'A rate was changed; previousAttributes holds the old rate.',
    'exchange_rate.deleted': 'A rate was deleted; the object is the rate as it was.',
  },
});
