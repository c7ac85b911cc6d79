// Credit notes: what a shop issues for a return or an overcharge. Creating one posts the mirror of an
// invoice (Dr revenue per account, Dr sales tax per tax account, Cr receivables): the customer now has
// credit. The credit is applied to the customer's open invoices (their amount due falls, no posting:
// both sit in receivables) or refunded (Dr receivables, Cr bank). Voiding posts the reversal, while none
// of the credit has been used. Lines follow an invoice's rules, naming tax rates by id only.
import type { PrismaTypes } from '../../db/database.ts';
import { insertRows } from '../../db/insert.ts';
import type { CreditNoteStatus, InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import type { EventType } from '../../events/catalogue.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import { decimalsOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import type { SearchProvider } from '../../lib/search.ts';
import { assertOpenPeriod, writePosting } from '../journal/journal.service.ts';
import { CASH_ACCOUNT, checkAccountRefs, systemAccounts } from '../accounts/accounts.service.ts';
import {
  checkPaymentFields,
  checkSaleLines,
  documentPostingLines,
  documentWhere,
  invoiceTotals,
  type LineInput,
  latestSettlement,
  lineColumns,
  lineRows,
  movePartyBalance,
  OPEN_STATUSES,
  type OwedDocumentRow,
  owedDocumentType,
  type PaymentInput,
  statusWords,
  voidPosting,
} from '../documents/index.ts';
import { CREDIT_NOTE, CREDIT_NOTE_INCLUDE, type CreditNoteRow, remainingCreditOf } from './credit-notes.public.ts';

export interface CreditNoteInput {
  customerId?: string | null;
  issueDate?: string | null;
  memo?: string | null;
  reference?: string | null;
  lines?: Omit<LineInput, 'taxRate'>[] | null;
}

export interface CreditNoteFilter {
  status?: CreditNoteStatus | null;
  customerId?: string | null;
  from?: string | null;
  to?: string | null;
  search?: string | null;
}

export const creditNoteWhere = (organizationId: string, filter: CreditNoteFilter = {}, provider: SearchProvider) =>
  documentWhere(
    { partyKey: 'customerId', partyRelation: 'customer', dateColumn: 'issueDate' },
    organizationId,
    filter,
    provider,
  ) as PrismaTypes.CreditNoteWhereInput;

const CREDIT_LINE_COLUMNS = lineColumns('creditNoteId');

/** Creates a credit note and posts it: Dr revenue and tax, Cr receivables. The customer's balance falls by its total. */
export async function createCreditNote(scope: WriteScope, input: CreditNoteInput) {
  const check = new Checker();
  const issueDate = check.date('issueDate', input.issueDate) ?? today(scope.now);
  const memo = check.text('memo', input.memo, { max: 2000 }) ?? null;
  const reference = check.text('reference', input.reference, { max: 100 }) ?? null;
  if (!input.customerId) check.fail('customerId', 'is required');
  const inputLines = input.lines ?? [];
  if (inputLines.length === 0) check.fail('lines', 'a credit note needs at least one line');
  if (inputLines.length > 200) check.fail('lines', 'a credit note may have at most 200 lines');
  const [customer, { lines: checkedLines, system }] = await Promise.all([
    input.customerId ? scope.prisma.customer.findFirst({ where: { id: input.customerId, organizationId: scope.organizationId } }) : null,
    checkSaleLines(scope, check, inputLines, ['accounts_receivable']),
  ]);
  if (input.customerId && !customer) check.fail('customerId', `no customer with id "${input.customerId}"`);
  check.done();
  const totals = invoiceTotals(checkedLines.map((l) => l.figures));
  if (totals.total <= 0n) throw validationError([{ path: 'lines', message: 'the credit note must total more than 0' }]);
  assertOpenPeriod(scope, issueDate, 'issueDate');

  const id = newId('CreditNote');
  const number = `CN-${String(scope.nextNumber('creditNote')).padStart(4, '0')}`;
  const lines = lineRows(scope, 'CreditNoteLine', 'creditNoteId', id, checkedLines);
  const posted = await writePosting(scope, {
    date: issueDate,
    description: `Credit note ${number}`,
    reference: number,
    sourceType: 'credit_note',
    sourceId: id,
    // An invoice's posting, mirrored.
    lines: documentPostingLines(
      'sale',
      { total: totals.total, lines },
      { counterAccountId: system.accounts_receivable, taxAccountId: system.sales_tax_payable },
      { customerId: customer!.id },
      { givesBack: true },
    ),
  });
  const written = await scope.prisma.creditNote.create({
    data: {
      id,
      organizationId: scope.organizationId,
      number,
      customerId: customer!.id,
      issueDate,
      currency: scope.organization.baseCurrency,
      memo,
      reference,
      ...totals,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  await insertRows(scope.sql, 'CreditNoteLine', CREDIT_LINE_COLUMNS, lines);
  await movePartyBalance(scope, 'Customer', customer!.id, -totals.total);
  const note: CreditNoteRow = { ...written, lines, allocations: [], refunds: [] };
  return change(CREDIT_NOTE, note, [{ type: 'credit_note.created', resource: { type: CREDIT_NOTE, id, row: note } }, posted.event]);
}

async function loadCreditNote(tenant: Tenant, id: string) {
  const note = await tenant.prisma.creditNote.findFirst({
    where: { id, organizationId: tenant.organizationId },
    include: CREDIT_NOTE_INCLUDE,
  });
  if (!note) throw notFound('credit note', id);
  return note;
}

function assertOpen(note: { number: string; status: CreditNoteStatus }, action: string) {
  if (note.status !== 'OPEN')
    throw new AppError(
      'INVALID_STATE',
      `Credit note ${note.number} is ${note.status === 'VOID' ? 'void' : 'used up (closed)'} and cannot be ${action}`,
    );
}

/** The credit note's status and settled date once `used` more of it is used on `date`. */
async function afterUse(
  scope: WriteScope,
  note: { id: string; total: bigint; amountApplied: bigint; amountRefunded: bigint },
  used: bigint,
  date: string,
): Promise<{ status: CreditNoteStatus; settledOn: string | null }> {
  if (note.total - note.amountApplied - note.amountRefunded - used > 0n) return { status: 'OPEN', settledOn: null };
  // Used up: from the latest of its applications' and refunds' dates (they may be recorded out of order).
  const [allocations, refunds] = await Promise.all([
    scope.prisma.creditNoteAllocation.aggregate({ where: { creditNoteId: note.id }, _max: { date: true } }),
    scope.prisma.creditNoteRefund.aggregate({ where: { creditNoteId: note.id }, _max: { date: true } }),
  ]);
  const latest = [date, allocations._max.date, refunds._max.date]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1)!;
  return { status: 'CLOSED', settledOn: latest };
}

export interface ApplyCreditInput {
  date?: string | null;
  allocations?: { invoiceId?: string | null; amount?: string | number | null }[] | null;
}

/**
 * Applies credit to open invoices of the credit note's customer, each at most its amount due, in all at
 * most the credit remaining. No posting; each invoice's amount due falls (paid in full when none is left).
 */
export async function applyCreditNote(scope: WriteScope, id: string, input: ApplyCreditInput) {
  const decimals = decimalsOf(scope);
  const check = new Checker();
  const date = check.date('date', input.date) ?? today(scope.now);
  const wanted = input.allocations ?? [];
  if (wanted.length === 0) check.fail('allocations', 'name at least one invoice and amount');
  if (wanted.length > 50) check.fail('allocations', 'at most 50 invoices at once');
  const amounts = wanted.map((a, i) => {
    if (!a.invoiceId) check.fail(`allocations.${i}.invoiceId`, 'is required');
    const amount = check.money(`allocations.${i}.amount`, a.amount, decimals, { required: true });
    if (amount === 0n) check.fail(`allocations.${i}.amount`, 'must be above 0');
    return amount ?? 0n;
  });
  const ids = wanted.map((a) => a.invoiceId).filter((v): v is string => !!v);
  if (new Set(ids).size !== ids.length) check.fail('allocations', 'name each invoice once');
  check.done();
  const note = await loadCreditNote(scope, id);
  assertOpen(note, 'applied');
  const invoiceType = owedDocumentType('invoice');
  const invoices = await scope.prisma.invoice.findMany({
    where: { organizationId: scope.organizationId, id: { in: ids } },
    include: { lines: { orderBy: invoiceType.linesInOrder as PrismaTypes.InvoiceLineOrderByWithRelationInput[] } },
  });
  for (const [i, a] of wanted.entries()) {
    const invoice = invoices.find((inv) => inv.id === a.invoiceId);
    const at = `allocations.${i}`;
    if (!invoice) check.fail(`${at}.invoiceId`, `no invoice with id "${a.invoiceId}"`);
    else if (invoice.customerId !== note.customerId)
      check.fail(`${at}.invoiceId`, `invoice ${invoice.number} is another customer's; credit applies to its own customer's invoices`);
    else if (!OPEN_STATUSES.includes(invoice.status))
      check.fail(`${at}.invoiceId`, `invoice ${invoice.number} is ${statusWords(invoice.status)}; credit applies to open invoices`);
    else {
      const due = invoice.total - invoice.amountPaid - invoice.amountCredited;
      if (amounts[i] > due)
        check.fail(
          `${at}.amount`,
          `${formatMoney(amounts[i], decimals)} is more than invoice ${invoice.number}'s amount due ${formatMoney(due, decimals)}`,
        );
      if (date < invoice.issueDate) check.fail('date', `must not be before invoice ${invoice.number}'s date ${invoice.issueDate}`);
    }
  }
  const applying = amounts.reduce((t, a) => t + a, 0n);
  const remaining = remainingCreditOf(note);
  if (applying > remaining)
    check.fail('allocations', `${formatMoney(applying, decimals)} is more than the credit remaining ${formatMoney(remaining, decimals)}`);
  if (date < note.issueDate) check.fail('date', `must not be before the credit note date ${note.issueDate}`);
  check.done();
  assertOpenPeriod(scope, date);

  const events: EventDraft[] = [];
  const allocations = wanted.map((a, i) => ({
    id: newId('CreditNoteAllocation'),
    organizationId: scope.organizationId,
    creditNoteId: note.id,
    invoiceId: a.invoiceId!,
    amount: amounts[i],
    date,
    createdAt: scope.now,
  }));
  await scope.prisma.creditNoteAllocation.createMany({ data: allocations });
  for (const allocation of allocations) {
    const invoice = invoices.find((inv) => inv.id === allocation.invoiceId)!;
    const amountCredited = invoice.amountCredited + allocation.amount;
    const paid = invoice.total - invoice.amountPaid - amountCredited === 0n;
    const status: InvoiceStatus = paid ? 'PAID' : 'PARTIALLY_PAID';
    const settledOn = paid
      ? [date, await latestSettlement(scope, invoiceType, invoice.id)]
          .filter((d): d is string => !!d)
          .sort()
          .at(-1)!
      : null;
    const row = await scope.prisma.invoice.update({
      where: { id: invoice.id },
      data: { amountCredited, status, settledOn, updatedAt: scope.now },
    });
    const updated: OwedDocumentRow = { ...row, lines: invoice.lines };
    const ref = { type: invoiceType.resource, id: invoice.id, row: updated };
    events.push({ type: `${invoiceType.resource}.credit_applied` as EventType, resource: ref });
    if (paid) events.push({ type: `${invoiceType.resource}.paid` as EventType, resource: ref });
  }
  const used = await afterUse(scope, note, applying, date);
  const written = await scope.prisma.creditNote.update({
    where: { id: note.id },
    data: { amountApplied: note.amountApplied + applying, ...used, updatedAt: scope.now },
  });
  const updated: CreditNoteRow = {
    ...written,
    lines: note.lines,
    refunds: note.refunds,
    allocations: [...note.allocations, ...allocations.map(({ invoiceId, amount, date: d }) => ({ invoiceId, amount, date: d }))],
  };
  return change(CREDIT_NOTE, updated, [
    { type: 'credit_note.applied', resource: { type: CREDIT_NOTE, id: note.id, row: updated } },
    ...events,
  ]);
}

export interface RefundCreditInput extends PaymentInput {
  paymentAccountId?: string | null;
}

/** Pays (part of) the remaining credit back to the customer: Dr receivables, Cr the bank or cash account. */
export async function refundCreditNote(scope: WriteScope, id: string, input: RefundCreditInput) {
  const check = new Checker();
  const { amount, date, method, reference } = checkPaymentFields(scope, input, check);
  await checkAccountRefs(scope, check, [{ path: 'paymentAccountId', id: input.paymentAccountId, ...CASH_ACCOUNT }]);
  check.done();
  const note = await loadCreditNote(scope, id);
  assertOpen(note, 'refunded');
  const decimals = decimalsOf(scope);
  const remaining = remainingCreditOf(note);
  if (amount > remaining)
    throw validationError([
      { path: 'amount', message: `${formatMoney(amount, decimals)} is more than the credit remaining ${formatMoney(remaining, decimals)}` },
    ]);
  if (date < note.issueDate)
    throw validationError([{ path: 'date', message: `must not be before the credit note date ${note.issueDate}` }]);
  assertOpenPeriod(scope, date);
  const system = await systemAccounts(scope, ['bank', 'accounts_receivable']);
  const paymentAccountId = input.paymentAccountId ?? system.bank;
  const refundId = newId('CreditNoteRefund');
  const posted = await writePosting(scope, {
    date,
    description: `Refund of credit note ${note.number}`,
    reference: reference ?? note.number,
    sourceType: 'credit_note_refund',
    sourceId: refundId,
    lines: [
      { accountId: system.accounts_receivable, debit: amount, credit: 0n, customerId: note.customerId },
      { accountId: paymentAccountId, debit: 0n, credit: amount, customerId: note.customerId },
    ],
  });
  const refund = await scope.prisma.creditNoteRefund.create({
    data: {
      id: refundId,
      organizationId: scope.organizationId,
      creditNoteId: note.id,
      amount,
      date,
      paymentAccountId,
      method,
      reference,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
    },
  });
  const used = await afterUse(scope, note, amount, date);
  const written = await scope.prisma.creditNote.update({
    where: { id: note.id },
    data: { amountRefunded: note.amountRefunded + amount, ...used, updatedAt: scope.now },
  });
  await movePartyBalance(scope, 'Customer', note.customerId, amount);
  const updated: CreditNoteRow = { ...written, lines: note.lines, allocations: note.allocations, refunds: [...note.refunds, refund] };
  return change(CREDIT_NOTE, updated, [
    { type: 'credit_note.refunded', resource: { type: CREDIT_NOTE, id: note.id, row: updated } },
    posted.event,
  ]);
}

/** Voids a credit note none of whose credit is used: posts the reversal. */
export async function voidCreditNote(scope: WriteScope, id: string, input: { date?: string | null; reason?: string | null } = {}) {
  const note = await loadCreditNote(scope, id);
  if (note.status === 'OPEN' && note.amountApplied + note.amountRefunded > 0n) {
    throw new AppError(
      'INVALID_STATE',
      `Credit note ${note.number} has ${formatMoney(note.amountApplied + note.amountRefunded, decimalsOf(scope))} of its credit applied or refunded; it cannot be voided`,
    );
  }
  if (note.status === 'CLOSED') throw new AppError('INVALID_STATE', `Credit note ${note.number} is used up (closed); it cannot be voided`);
  const voided = await voidPosting(
    scope,
    'Credit note',
    { ...note, amountPaid: 0n, status: note.status === 'VOID' ? 'VOID' : 'OPEN' },
    'credit_note_void',
    input,
  );
  const written = await scope.prisma.creditNote.update({
    where: { id },
    data: {
      status: 'VOID',
      voidJournalEntryId: voided.voidJournalEntryId,
      voidedAt: scope.now,
      settledOn: voided.settledOn,
      updatedAt: scope.now,
    },
  });
  await movePartyBalance(scope, 'Customer', note.customerId, note.total);
  const updated: CreditNoteRow = { ...written, lines: note.lines, allocations: note.allocations, refunds: note.refunds };
  return change(CREDIT_NOTE, updated, [
    { type: 'credit_note.voided', resource: { type: CREDIT_NOTE, id, row: updated } },
    ...voided.events,
  ]);
}
