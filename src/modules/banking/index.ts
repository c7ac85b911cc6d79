// The banking module as the app sees it: its routes and public representations (src/module.ts).
import './banking.schema.ts';
import './csv-layouts.schema.ts';
import './reconciliation.schema.ts';
import { defineModule } from '../../module.ts';
import { bankingRoutes } from './banking.rest.ts';
import {
  bankAccountRepresentation,
  bankReconciliationRepresentation,
  bankStatementRepresentation,
  bankTransactionRepresentation,
} from './banking.public.ts';

export default defineModule({
  name: 'banking',
  routes: [...bankingRoutes],
  representations: [
    bankAccountRepresentation,
    bankStatementRepresentation,
    bankTransactionRepresentation,
    bankReconciliationRepresentation,
  ],
});
