// The credit note as the document kernel runs it (documents/credits.ts), and as the public sees it: the
// REST v1 body, and `data.object` of credit_note.* events.
import type { PrismaTypes } from '../../db/database.ts';
import { creditDocumentRepresentation, defineCreditDocument, type DocumentLineRow } from '../documents/index.ts';

export const CREDIT_NOTE = 'credit_note';

/** A credit note's lines in order, for reads of several credit notes' lines at once. */
export const CREDIT_LINES_IN_ORDER = [
  { creditNoteId: 'asc' },
  { lineNo: 'asc' },
] satisfies PrismaTypes.CreditNoteLineOrderByWithRelationInput[];

export const CREDIT_NOTE_TYPE = defineCreditDocument({
  label: 'Credit note',
  resource: CREDIT_NOTE,
  typename: 'CreditNote',
  side: 'sale',
  party: 'customer',
  number: { prefix: 'CN', sequence: 'creditNote' },
  appliesTo: 'invoice',
  sourceTypes: { posting: 'credit_note', refund: 'credit_note_refund', refundVoid: 'credit_note_refund_void', void: 'credit_note_void' },
  linesInOrder: CREDIT_LINES_IN_ORDER,
});

type Allocation = Pick<PrismaTypes.CreditNoteAllocationGetPayload<object>, 'id' | 'invoiceId' | 'amount' | 'date' | 'voidDate'>;
type Refund = Pick<
  PrismaTypes.CreditNoteRefundGetPayload<object>,
  'id' | 'amount' | 'date' | 'paymentAccountId' | 'journalEntryId' | 'voidDate'
>;
export type CreditNoteRow = PrismaTypes.CreditNoteGetPayload<object> & {
  lines: DocumentLineRow[];
  allocations: Allocation[];
  refunds: Refund[];
};

/** The credit note's representation; the document kernel reads and renders it from the type's columns. */
export const creditNoteRepresentation = creditDocumentRepresentation<CreditNoteRow>(CREDIT_NOTE_TYPE, {
  prefixes: { id: 'cn', line: 'cnl', allocation: 'cna', refund: 'cnr', party: 'cus', applied: 'inv' },
  reference: 'E.g. the invoice or return it is for.',
  amountApplied: "Applied to the customer's invoices.",
  amountRefunded: 'Paid back to the customer.',
  remainingCredit: 'total − amountApplied − amountRefunded: credit the customer still has (0 when void).',
});
