// The revaluations module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'revaluations',
  types: { Revaluation: 'reports', RevaluationRow: 'reports' },
  sourceTypes: ['revaluation', 'revaluation_reversal', 'exchange_difference', 'exchange_difference_void'],
});
