// The tax rates module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'tax-rates',
  representations: { tax_rate: 'tax_rates' },
  ids: { TaxRate: 'txr' },
  lists: ['TaxRate'],
  resources: {
    tax_rates: 'Tax rates and the accounts their tax posts to',
  },
  types: { TaxRate: 'tax_rates' },
  nodes: ['TaxRate'],
  events: {
    'tax_rate.created': 'A tax rate was created.',
    'tax_rate.updated':
      'A tax rate was renamed, re-pointed to other accounts, or (de)activated (its percentage only while no document uses it).',
  },
});
