// The document kernel: what invoices, bills, credit notes and receipts share (lines and their
// arithmetic, posting, settlement, voiding, the owed documents' whole life, their public shape, GraphQL
// fields and REST routes). A document module describes itself to it and imports nothing of its siblings.

export * from './arithmetic.ts';
export * from './credits.ts';
export * from './lines.ts';
export * from './lists.ts';
export * from './owed.ts';
export * from './posting.ts';
export * from './public.ts';
export * from './settlement.ts';
export * from './currency.ts';
export * from './pdf.ts';
export * from './offers.ts';
export * from './aging.ts';
export * from './kinds.ts';
export * from './common.ts';
export * from './owed-payments.ts';
export * from './owed-drafts.ts';
export * from './write-offs.ts';
export * from './credit-applications.ts';
export * from './credit-refunds.ts';
