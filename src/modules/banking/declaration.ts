// The banking module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'banking',
  representations: {
    bank_account: 'banking',
    bank_statement: 'banking',
    bank_transaction: 'banking',
    bank_reconciliation: 'banking',
  },
  ids: {
    BankAccount: 'ba',
    BankCsvLayout: 'bcl',
    BankStatement: 'bst',
    BankTransaction: 'btx',
    BankMatch: 'bmt',
    BankReconciliation: 'brec',
  },
  lists: ['BankAccount', 'BankReconciliation', 'BankStatement', 'BankTransaction'],
  resources: {
    banking: 'Bank accounts, imported statements and their lines, matching and reconciliation',
  },
  types: {
    BankAccount: 'banking',
    BankStatement: 'banking',
    BankTransaction: 'banking',
    BankReconciliation: 'banking',
    BankMatch: 'banking',
    BankMatchSuggestion: 'banking',
    BankReconciliationReport: 'banking',
    BankCsvLayout: 'banking',
    BankCsvLayouts: 'banking',
  },
  nodes: ['BankAccount', 'BankStatement', 'BankTransaction', 'BankReconciliation'],
  events: {
    'bank_account.created': 'A bank, cash or credit card account was added (with its opening balance posted, if any).',
    'bank_account.updated': "A bank account's details changed, or a statement set its statement balance.",
    'bank_statement.imported': 'A bank statement file was imported; the object counts its new and skipped lines.',
    'bank_transaction.matched':
      'A statement line was matched to recorded transactions, or explained into a new one (with its journal_entry.created).',
    'bank_transaction.unmatched': 'A matched or excluded statement line is unmatched again (an entry made from it reversed).',
    'bank_transaction.excluded': 'A statement line was excluded: it is not for the books (a duplicate, a pending line).',
    'bank_reconciliation.completed': 'A bank account was reconciled to a statement: its matched lines are now locked.',
    'bank_reconciliation.undone': 'The latest reconciliation of a bank account was undone: its lines are unlocked.',
  },
  sourceTypes: ['bank_opening_balance', 'bank_transaction', 'bank_transfer', 'bank_transaction_void'],
});
