// Invoices: what the customer owes us, an owed document of the sale side (documents/owed.ts runs its
// life). Posting one debits receivables and credits revenue per account and sales tax per tax account;
// a payment debits the bank and credits receivables; voiding posts the reversal.
import type { WriteScope } from '../../core/tenant.ts';
import {
  createOwedDocument,
  finalizeOwedDocument,
  lineColumns,
  type OwedDocumentInput,
  defineOwedDocument,
  type PaymentInput,
  recordOwedPayment,
  changePublicLink,
  voidOwedDocument,
} from '../documents/index.ts';
import { type InvoiceRow, LINES_IN_ORDER, type PaymentRow } from './invoices.public.ts';

/** The invoice, as the document kernel runs it. */
export const INVOICE_TYPE = defineOwedDocument({
  label: 'Invoice',
  resource: 'invoice',
  side: 'sale',
  typename: 'Invoice',
  number: { prefix: 'INV', sequence: 'invoice' },
  party: 'customer',
  sourceTypes: { posting: 'invoice', void: 'invoice_void' },
  payment: {
    resource: 'payment',
    typename: 'Payment',
    accountKey: 'depositAccountId',
    sourceType: 'payment',
    voidSourceType: 'payment_void',
    describe: (number) => `Payment for invoice ${number}`,
  },
  settledBy: [
    { model: 'payment', voidable: true },
    { model: 'invoiceWriteOff', voidable: true },
  ],
  writeOff: { sourceType: 'write_off', voidSourceType: 'write_off_void' },
  linesInOrder: LINES_IN_ORDER,
  publicLink: true,
});

/** Gives a posted invoice a new public page link (the old one finds nothing), or (`rotate` false) takes it away. */
export const changeInvoicePublicLink = (scope: WriteScope, id: string, rotate: boolean) =>
  changePublicLink<InvoiceRow>(scope, INVOICE_TYPE, id, rotate);

export type InvoiceInput = Omit<OwedDocumentInput, 'vendorId'>;

/** The columns of an invoice line, as every invoice write inserts them (one raw INSERT, src/db/insert.ts). */
export const INVOICE_LINE_COLUMNS = lineColumns('invoiceId');

/** Creates an invoice; unless it is a draft, posts it. */
export const createInvoice = (scope: WriteScope, input: InvoiceInput) => createOwedDocument<InvoiceRow>(scope, INVOICE_TYPE, input);

/** Turns a draft into an open invoice and posts it. */
export const finalizeInvoice = (scope: WriteScope, id: string) => finalizeOwedDocument<InvoiceRow>(scope, INVOICE_TYPE, id);

export type InvoicePaymentInput = PaymentInput & {
  invoiceId?: string | null;
  depositAccountId?: string | null;
};

/** Records a payment against an invoice: Dr the bank (or the deposit account given), Cr receivables. */
export const recordPayment = (scope: WriteScope, input: InvoicePaymentInput) =>
  recordOwedPayment<InvoiceRow, PaymentRow>(scope, INVOICE_TYPE, input);

/** Voids an invoice without payments: posts the reversal of its entry. A draft is simply voided. */
export const voidInvoice = (scope: WriteScope, id: string, input: { date?: string | null; reason?: string | null } = {}) =>
  voidOwedDocument<InvoiceRow>(scope, INVOICE_TYPE, id, input);
