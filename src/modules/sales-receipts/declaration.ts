// The sales receipts module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'sales-receipts',
  representations: { sales_receipt: 'sales_receipts' },
  ids: { SalesReceipt: 'sr', SalesReceiptLine: 'srl' },
  lists: ['SalesReceipt'],
  resources: {
    sales_receipts: 'Sales receipts (sales paid at once) and refund receipts',
  },
  types: { SalesReceipt: 'sales_receipts', SalesReceiptLine: 'sales_receipts' },
  nodes: ['SalesReceipt'],
  sequences: { receipt: 'nextReceiptNumber' },
  events: {
    'sales_receipt.created': 'A sales receipt (a sale paid at once) or a refund receipt was recorded and posted (see kind).',
    'sales_receipt.voided': 'A sales or refund receipt was voided, and the reversal of its posting posted.',
  },
  sourceTypes: ['sales_receipt', 'refund_receipt', 'sales_receipt_void'],
});
