// The contacts module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'contacts',
  representations: { customer: 'customers', vendor: 'vendors' },
  ids: { Customer: 'cus', Vendor: 'ven' },
  lists: ['Customer', 'Vendor'],
  resources: {
    customers: 'Customers, their balances and addresses',
    vendors: 'Vendors',
  },
  types: { Customer: 'customers', Vendor: 'vendors' },
  nodes: ['Customer', 'Vendor'],
  events: {
    'customer.created': 'A customer was created.',
    'customer.updated': "A customer's details changed.",
    'vendor.created': 'A vendor was created.',
    'vendor.updated': "A vendor's details changed.",
  },
});
