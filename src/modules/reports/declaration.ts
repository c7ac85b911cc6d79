// The reports module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'reports',
  resources: {
    reports: 'Trial balance, profit and loss, balance sheet, aged receivables and payables, tax summary',
  },
});
