// The purchase orders module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'purchase-orders',
  representations: { purchase_order: 'purchase_orders' },
  ids: { PurchaseOrder: 'po', PurchaseOrderLine: 'pol' },
  lists: ['PurchaseOrder'],
  resources: {
    purchase_orders: 'Purchase orders to vendors, what arrived of them; billing one also needs bills:write',
  },
  types: { PurchaseOrder: 'purchase_orders', PurchaseOrderLine: 'purchase_orders' },
  nodes: ['PurchaseOrder'],
  sequences: { purchase_order: 'nextPurchaseOrderNumber' },
  events: {
    'purchase_order.created': 'A purchase order was created (a draft; it posts nothing).',
    'purchase_order.updated': 'A draft purchase order was edited; previousAttributes holds what changed.',
    'purchase_order.deleted': 'A draft purchase order was deleted; the object is the order as it was.',
    'purchase_order.issued': 'A purchase order was issued to its vendor: now open, to be received and billed.',
    'purchase_order.received': 'Goods of an open purchase order arrived (lines[].quantityReceived says how much of each).',
    'purchase_order.billed':
      'A draft bill was made from a purchase order (with its bill.created); lines[].quantityBilled says how much of each is ' +
      'billed, and the order is billed once all of it is.',
    'purchase_order.closed': 'An open purchase order was closed: nothing more is expected of it.',
  },
});
