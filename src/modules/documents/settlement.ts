// What is owed on a document and how a payment settles it: the statuses in which it is owed, its
// amount due and whether it is overdue, the checks of a payment and the status and settled date after one.
import type { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { decimalsOf, type WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { homeCurrency } from './currency.ts';
import type { Checker } from '../../lib/validate.ts';
import { assertOpenPeriod } from '../journal/journal.service.ts';

/** A status as messages say it: `PARTIALLY_PAID` → `partially paid`. */
export const statusWords = (status: string) => status.toLowerCase().replaceAll('_', ' ');

/** The statuses in which a document is owed (and can take a payment). */
export const OPEN_STATUSES: InvoiceStatus[] = ['OPEN', 'PARTIALLY_PAID'];

/** What a document was settled by besides its payments: credit applied, and (invoices) what was written off. */
export const settledApartFromPayments = (d: { amountCredited?: bigint; amountWrittenOff?: bigint }) =>
  (d.amountCredited ?? 0n) + (d.amountWrittenOff ?? 0n);

/** What is still owed on an invoice or bill: its total less payments, credit applied and write-offs; 0 when void. */
export const amountDueOf = (d: {
  status: string;
  total: bigint;
  amountPaid: bigint;
  amountCredited?: bigint;
  amountWrittenOff?: bigint;
}) => (d.status === 'VOID' ? 0n : d.total - d.amountPaid - settledApartFromPayments(d));

/** Owed and past its due date (`asOf`, default today, UTC). */
export const isOverdue = (d: { status: string; dueDate: string }, asOf = today()) =>
  (OPEN_STATUSES as string[]).includes(d.status) && d.dueDate < asOf;

export interface PaymentInput {
  amount?: string | number | null;
  date?: string | null;
  method?: string | null;
  reference?: string | null;
}

/** The fields every payment has, checked (amount above 0, a date, method, reference); more checks may join `check`. */
export function checkPaymentFields(scope: WriteScope, input: PaymentInput, check: Checker, decimals = decimalsOf(scope)) {
  const amount = check.money('amount', input.amount, decimals, { required: true });
  if (amount === 0n) check.fail('amount', 'must be above 0');
  return {
    amount: amount ?? 0n,
    date: check.date('date', input.date) ?? today(scope.now),
    method: check.text('method', input.method, { max: 50 }) ?? null,
    reference: check.text('reference', input.reference, { max: 100 }) ?? null,
  };
}

/** How messages name a document, capitalized: `Invoice INV-0001 is already void`. */
export type DocumentLabel = string;

/** What a payment or a void reads of a document. */
export interface SettledDocument {
  number: string;
  /** The currency its amounts are in (absent: home). */
  currency?: string;
  status: InvoiceStatus;
  issueDate: string;
  total: bigint;
  amountPaid: bigint;
  /** Credit applied (credit notes to invoices, vendor credits to bills). */
  amountCredited?: bigint;
  /** Written off as bad debt (invoices only). */
  amountWrittenOff?: bigint;
}

/**
 * Refuses a payment the document cannot take (not open, more than is due, dated before the document, in a
 * locked period) and answers the document's status after it.
 */
export function statusAfterPayment(
  scope: WriteScope,
  label: DocumentLabel,
  document: SettledDocument,
  amount: bigint,
  date: string,
): InvoiceStatus {
  if (!OPEN_STATUSES.includes(document.status)) {
    const hint = document.status === 'DRAFT' ? '; finalize it first' : '';
    throw new AppError('INVALID_STATE', `${label} ${document.number} is ${statusWords(document.status)} and cannot take a payment${hint}`);
  }
  const decimals = currencyDecimals(document.currency ?? homeCurrency(scope));
  const due = document.total - document.amountPaid - settledApartFromPayments(document);
  if (amount > due)
    throw validationError([
      {
        path: 'amount',
        message: `${formatMoney(amount, decimals)} is more than the amount due ${formatMoney(due, decimals)}; overpayments are refused`,
      },
    ]);
  if (date < document.issueDate)
    throw validationError([{ path: 'date', message: `must not be before the ${label.toLowerCase()} date ${document.issueDate}` }]);
  assertOpenPeriod(scope, date);
  return amount === due ? 'PAID' : 'PARTIALLY_PAID';
}
