// The estimates module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'estimates',
  representations: { estimate: 'estimates' },
  ids: { Estimate: 'est', EstimateLine: 'estl' },
  lists: ['Estimate'],
  resources: {
    estimates: 'Estimates (quotes) offered to customers; converting one into an invoice also needs invoices:write',
  },
  types: { Estimate: 'estimates', EstimateLine: 'estimates' },
  nodes: ['Estimate'],
  sequences: { estimate: 'nextEstimateNumber' },
  events: {
    'estimate.created': 'An estimate was created (a draft; it posts nothing).',
    'estimate.updated': 'A draft or sent estimate was edited; previousAttributes holds what changed.',
    'estimate.deleted': 'A draft estimate was deleted; the object is the estimate as it was.',
    'estimate.sent': 'An estimate was sent to its customer (emailed, or marked as sent).',
    'estimate.accepted': 'The customer accepted an estimate.',
    'estimate.declined': 'The customer declined an estimate.',
    'estimate.invoiced': 'An accepted estimate was converted into a draft invoice (with its invoice.created); invoiceId names it.',
  },
});
