// The products module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'products',
  representations: { product: 'products' },
  ids: { Product: 'prod' },
  lists: ['Product'],
  resources: {
    products: 'Products and services',
  },
  types: { Product: 'products' },
  nodes: ['Product'],
  events: {
    'product.created': 'A product or service was created.',
    'product.updated': 'A product or service changed.',
  },
});
