// The chart of accounts every new organization starts with: a small-business chart in the usual
// numbering (1xxx assets, 2xxx liabilities, 3xxx equity, 4xxx income, 5xxx cost of sales, 6xxx expenses).
// `systemRole` marks the accounts automatic postings use (invoices, bills, payments, year end).
import type { AccountType } from '../../db/generated/sqlite/enums.ts';

export interface StandardAccount {
  code: string;
  name: string;
  type: AccountType;
  subtype: string;
  systemRole?: string;
}

export const STANDARD_CHART: readonly StandardAccount[] = [
  { code: '1000', name: 'Cash', type: 'ASSET', subtype: 'cash', systemRole: 'cash' },
  { code: '1010', name: 'Bank', type: 'ASSET', subtype: 'bank', systemRole: 'bank' },
  { code: '1200', name: 'Accounts Receivable', type: 'ASSET', subtype: 'accounts_receivable', systemRole: 'accounts_receivable' },
  { code: '1300', name: 'Inventory', type: 'ASSET', subtype: 'inventory', systemRole: 'inventory' },
  { code: '1400', name: 'Recoverable Tax', type: 'ASSET', subtype: 'tax_recoverable', systemRole: 'tax_recoverable' },
  { code: '1500', name: 'Equipment', type: 'ASSET', subtype: 'fixed_asset' },
  { code: '2000', name: 'Accounts Payable', type: 'LIABILITY', subtype: 'accounts_payable', systemRole: 'accounts_payable' },
  { code: '2200', name: 'Sales Tax Payable', type: 'LIABILITY', subtype: 'sales_tax', systemRole: 'sales_tax_payable' },
  { code: '2300', name: 'Payroll Liabilities', type: 'LIABILITY', subtype: 'payroll' },
  { code: '3000', name: "Owner's Equity", type: 'EQUITY', subtype: 'owners_equity', systemRole: 'owners_equity' },
  { code: '3200', name: 'Retained Earnings', type: 'EQUITY', subtype: 'retained_earnings', systemRole: 'retained_earnings' },
  { code: '4000', name: 'Sales Revenue', type: 'INCOME', subtype: 'sales', systemRole: 'sales' },
  { code: '4100', name: 'Service Revenue', type: 'INCOME', subtype: 'service' },
  { code: '5000', name: 'Cost of Goods Sold', type: 'EXPENSE', subtype: 'cost_of_sales', systemRole: 'cost_of_goods_sold' },
  { code: '6000', name: 'Operating Expenses', type: 'EXPENSE', subtype: 'operating' },
  { code: '6100', name: 'Rent Expense', type: 'EXPENSE', subtype: 'rent' },
  { code: '6200', name: 'Salaries and Wages', type: 'EXPENSE', subtype: 'payroll' },
  { code: '6300', name: 'Utilities', type: 'EXPENSE', subtype: 'utilities' },
  { code: '6800', name: 'Bad Debts', type: 'EXPENSE', subtype: 'bad_debts', systemRole: 'bad_debts' },
  { code: '6900', name: 'Bank Fees', type: 'EXPENSE', subtype: 'bank_fees' },
];
