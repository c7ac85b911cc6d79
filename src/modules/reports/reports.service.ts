// Every report, from the files that compute them: balances.ts (the kept totals), statements.ts
// (trial balance, balance sheet, profit and loss, general ledger), aging.ts (aged reports, statements
// of account), tax.ts (tax summary). Reports are aggregates computed in the database, never by loading
// every line into memory.
export * from './balances.ts';
export * from './statements.ts';
export * from './aging.ts';
export * from './tax.ts';
