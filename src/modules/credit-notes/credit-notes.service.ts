// Credit notes: what a shop issues for a return or an overcharge, a credit document of the sale side
// (documents/credits.ts runs its life; credit-notes.public.ts describes it). Creating one posts the mirror of an invoice (Dr revenue per
// account, Dr sales tax per tax account, Cr receivables): the customer now has credit, applied to its
// open invoices or refunded (Dr receivables, Cr bank). Lines follow an invoice's rules, naming tax
// rates by id only.
import type { WriteScope } from '../../core/tenant.ts';
import {
  type ApplyCreditInput,
  applyCreditDocument,
  type CreditDocumentInput,
  createCreditDocument,
  type RefundCreditInput,
  refundCreditDocument,
  voidCreditDocument,
} from '../documents/index.ts';
import { CREDIT_NOTE_TYPE, type CreditNoteRow } from './credit-notes.public.ts';

export type CreditNoteInput = Omit<CreditDocumentInput, 'vendorId'>;

/** Creates a credit note and posts it: Dr revenue and tax, Cr receivables. The customer's balance falls by its total. */
export const createCreditNote = (scope: WriteScope, input: CreditNoteInput) =>
  createCreditDocument<CreditNoteRow>(scope, CREDIT_NOTE_TYPE, input);

export type CreditNoteApplication = ApplyCreditInput & {
  allocations?: { invoiceId?: string | null; amount?: string | number | null }[] | null;
};

/** Applies credit to open invoices of the credit note's customer; their amounts due fall. No posting. */
export const applyCreditNote = (scope: WriteScope, id: string, input: CreditNoteApplication) =>
  applyCreditDocument<CreditNoteRow>(scope, CREDIT_NOTE_TYPE, id, input);

/** Pays (part of) the remaining credit back to the customer: Dr receivables, Cr the bank or cash account. */
export const refundCreditNote = (scope: WriteScope, id: string, input: RefundCreditInput) =>
  refundCreditDocument<CreditNoteRow>(scope, CREDIT_NOTE_TYPE, id, input);

/** Voids a credit note none of whose credit is used: posts the reversal. */
export const voidCreditNote = (scope: WriteScope, id: string, input: { date?: string | null; reason?: string | null } = {}) =>
  voidCreditDocument<CreditNoteRow>(scope, CREDIT_NOTE_TYPE, id, input);
