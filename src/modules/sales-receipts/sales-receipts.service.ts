// Sales receipts: a sale paid at once, as a till or a web shop's checkout records it, in one call that
// posts Dr the bank or cash account, Cr revenue per account, Cr sales tax per tax account (no
// receivable: nothing is owed). A refund receipt gives money back for a return: the mirror posting.
// Lines follow an invoice's rules (the kernel's checkSaleLines), naming tax rates by id only.
import type { PrismaTypes } from '../../db/database.ts';
import { insertRows } from '../../db/insert.ts';
import type { ReceiptKind, ReceiptStatus } from '../../db/generated/sqlite/enums.ts';
import { change } from '../../core/representations.ts';
import { rawSqlOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { insertModelRow, selectModelRows, selectOrganizationRow } from '../../db/model-rows.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import type { SearchProvider } from '../../lib/search.ts';
import { assertOpenPeriod, writePosting } from '../journal/journal.service.ts';
import { CASH_ACCOUNT } from '../accounts/accounts.service.ts';
import {
  checkDocumentCurrency,
  homeCurrency,
  homeTotalOf,
  partyCurrency,
  rateFor,
  checkSaleLines,
  documentPostingLines,
  documentWhere,
  invoiceTotals,
  type LineInput,
  lineColumns,
  lineRows,
  nextDocumentNumber,
  partyNames,
  readParty,
  voidPosting,
} from '../documents/index.ts';
import { RECEIPT_LINES_IN_ORDER, SALES_RECEIPT, type SalesReceiptRow } from './sales-receipts.public.ts';

export interface SalesReceiptInput {
  kind?: ReceiptKind | null;
  customerId?: string | null;
  date?: string | null;
  depositAccountId?: string | null;
  paymentMethod?: string | null;
  reference?: string | null;
  memo?: string | null;
  refundOfId?: string | null;
  lines?: Omit<LineInput, 'taxRate'>[] | null;
  currency?: string | null;
  exchangeRate?: string | number | null;
}

export interface SalesReceiptFilter {
  kind?: ReceiptKind | null;
  status?: ReceiptStatus | null;
  customerId?: string | null;
  from?: string | null;
  to?: string | null;
  search?: string | null;
}

export const salesReceiptWhere = (organizationId: string, filter: SalesReceiptFilter = {}, provider: SearchProvider) =>
  documentWhere(
    { partyKey: 'customerId', partyRelation: 'customer', dateColumn: 'date' },
    organizationId,
    filter,
    provider,
  ) as PrismaTypes.SalesReceiptWhereInput;

const PREFIX: Record<ReceiptKind, string> = { SALE: 'SR', REFUND: 'RR' };
const CUSTOMER = partyNames('customer');
const RECEIPT_LINE_COLUMNS = lineColumns('receiptId');

/** A sale a refund names (null: none of the organization's), with the totals of its refunds that stand. */
async function refundedSale(tenant: Tenant, id: string) {
  const sql = rawSqlOf(tenant);
  const [sale, refunds] = await Promise.all([
    selectOrganizationRow<PrismaTypes.SalesReceiptGetPayload<object>>(sql, 'SalesReceipt', tenant.organizationId, id),
    selectModelRows<{ total: bigint }>(
      sql,
      'SalesReceipt',
      Prisma.sql`"refundOfId" = ${id} AND "organizationId" = ${tenant.organizationId} AND "status" = 'POSTED'`,
      { fields: ['total'] },
    ),
  ]);
  return sale ? { ...sale, refunds } : null;
}

/** Checks the input and computes every line; reads only. */
async function checkReceipt(tenant: Tenant, input: SalesReceiptInput, now: Date) {
  const check = new Checker();
  const kind: ReceiptKind = input.kind ?? 'SALE';
  const date = check.date('date', input.date) ?? today(now);
  const paymentMethod = check.text('paymentMethod', input.paymentMethod, { max: 50 }) ?? null;
  const reference = check.text('reference', input.reference, { max: 100 }) ?? null;
  const memo = check.text('memo', input.memo, { max: 2000 }) ?? null;
  const inputLines = input.lines ?? [];
  if (inputLines.length === 0) check.fail('lines', 'a receipt needs at least one line');
  if (inputLines.length > 200) check.fail('lines', 'a receipt may have at most 200 lines');
  if (input.refundOfId && kind !== 'REFUND') check.fail('refundOfId', 'only a refund names the sale it refunds');
  // The customer and the sale refunded first: the receipt is in their currency, and its prices in it.
  // Raw reads, so the write stays off Prisma's transaction (core/unit-of-work.ts).
  const [customer, original] = await Promise.all([
    readParty<PrismaTypes.CustomerGetPayload<object>>(tenant, { party: CUSTOMER }, input.customerId),
    input.refundOfId && kind === 'REFUND' ? refundedSale(tenant, input.refundOfId) : null,
  ]);
  const currency = receiptCurrency(tenant, check, input, customer, original);
  const exchangeRate = currency ? checkDocumentCurrency(check, tenant, currency, { exchangeRate: input.exchangeRate }) : undefined;
  const { lines, system } = await checkSaleLines(tenant, check, inputLines, ['bank'], {
    accountRefs: [
      { path: 'depositAccountId', id: input.depositAccountId, ...CASH_ACCOUNT, ...(currency !== homeCurrency(tenant) ? { currency } : {}) },
    ],
    currency,
  });
  if (input.customerId && !customer) check.fail('customerId', `no customer with id "${input.customerId}"`);
  else if (customer && !customer.active && kind === 'SALE') check.fail('customerId', 'is an inactive customer');
  if (input.refundOfId && kind === 'REFUND') {
    if (!original) check.fail('refundOfId', `no sales receipt with id "${input.refundOfId}"`);
    else if (original.kind !== 'SALE') check.fail('refundOfId', `${original.number} is a refund, not a sale`);
    else if (original.status === 'VOID') check.fail('refundOfId', `${original.number} is void`);
    else if (input.customerId && original.customerId !== input.customerId)
      check.fail('customerId', `must be the customer of ${original.number}, or left out`);
    // A refund follows its sale, as every follow-up document follows its document.
    if (original && date < original.date)
      check.fail('date', `must not be before ${original.date}, the date of ${original.number} it refunds`);
  }
  check.done();
  const totals = invoiceTotals(lines.map((l) => l.figures));
  if (totals.total <= 0n) throw validationError([{ path: 'lines', message: 'the receipt must total more than 0' }]);
  if (original && original.kind === 'SALE') {
    const refunded = original.refunds.reduce((t, r) => t + r.total, 0n);
    if (refunded + totals.total > original.total) {
      const decimals = currencyDecimals(original.currency);
      throw validationError([
        {
          path: 'lines',
          message:
            `refunds of ${original.number} would come to ${formatMoney(refunded + totals.total, decimals)}, more than its ` +
            `total ${formatMoney(original.total, decimals)}`,
        },
      ]);
    }
  }
  assertOpenPeriod(tenant, date);
  return {
    kind,
    date,
    paymentMethod,
    reference,
    memo,
    lines,
    totals,
    system,
    customerId: customer?.id ?? original?.customerId ?? null,
    refundOfId: original?.id ?? null,
    depositAccountId: input.depositAccountId ?? system.bank,
    currency: currency ?? homeCurrency(tenant),
    exchangeRate,
  };
}

/**
 * The currency of a receipt: its customer's (a named customer's receipts are in its currency), a refund's
 * sale's, else the one given (a walk-in sale in euros), else home. A given one must agree with both.
 */
function receiptCurrency(
  tenant: Tenant,
  check: Checker,
  input: SalesReceiptInput,
  customer: { currency: string | null } | null,
  original: { currency: string; number: string } | null,
) {
  const given = check.currency('currency', input.currency);
  const fixed = customer ? partyCurrency(tenant, customer) : original?.currency;
  if (input.currency && !given) return undefined;
  if (given && fixed && given !== fixed) {
    check.fail('currency', `must be ${fixed}, the currency of ${customer ? "the receipt's customer" : original!.number} (or left out)`);
    return undefined;
  }
  return given ?? fixed ?? homeCurrency(tenant);
}

/** Creates a sales (or refund) receipt and posts it: the money in (out), the revenue and tax out (back). */
export async function createSalesReceipt(scope: WriteScope, input: SalesReceiptInput) {
  const checked = await checkReceipt(scope, input, scope.now);
  const id = newId('SalesReceipt');
  const number = nextDocumentNumber(scope, { prefix: PREFIX[checked.kind], sequence: 'receipt' });
  const rate = await rateFor(scope, checked.currency, checked.date, checked.exchangeRate, 'exchangeRate');
  const lines = lineRows(scope, 'SalesReceiptLine', 'receiptId', id, checked.lines, { currency: checked.currency, rate });
  const homeTotal = homeTotalOf(lines);
  const posted = await writePosting(scope, {
    date: checked.date,
    description: checked.kind === 'SALE' ? `Sales receipt ${number}` : `Refund receipt ${number}`,
    reference: number,
    sourceType: checked.kind === 'SALE' ? 'sales_receipt' : 'refund_receipt',
    sourceId: id,
    // A sale against the bank instead of receivables; a refund its mirror.
    lines: documentPostingLines(
      'sale',
      { total: checked.totals.total, homeTotal, lines },
      { counterAccountId: checked.depositAccountId, taxAccountId: checked.system.sales_tax_payable },
      { customerId: checked.customerId },
      { givesBack: checked.kind === 'REFUND' },
    ),
  });
  const written = await insertModelRow<PrismaTypes.SalesReceiptGetPayload<object>>(scope.sql, 'SalesReceipt', {
    id,
    organizationId: scope.organizationId,
    number,
    kind: checked.kind,
    customerId: checked.customerId,
    date: checked.date,
    depositAccountId: checked.depositAccountId,
    paymentMethod: checked.paymentMethod,
    reference: checked.reference,
    memo: checked.memo,
    currency: checked.currency,
    exchangeRate: rate,
    homeTotal,
    ...checked.totals,
    refundOfId: checked.refundOfId,
    journalEntryId: posted.entry.id,
    createdAt: scope.now,
    updatedAt: scope.now,
  });
  await insertRows(scope.sql, 'SalesReceiptLine', RECEIPT_LINE_COLUMNS, lines);
  const receipt: SalesReceiptRow = { ...written, lines };
  return change(SALES_RECEIPT, receipt, [
    { type: 'sales_receipt.created', resource: { type: SALES_RECEIPT, id, row: receipt } },
    posted.event,
  ]);
}

/** Voids a receipt: posts the reversal of its posting. A sale with refunds that stand cannot be voided. */
export async function voidSalesReceipt(scope: WriteScope, id: string, input: { date?: string | null; reason?: string | null } = {}) {
  const receipt = await scope.prisma.salesReceipt.findFirst({
    where: { id, organizationId: scope.organizationId },
    include: { lines: { orderBy: RECEIPT_LINES_IN_ORDER }, refunds: { where: { status: 'POSTED' }, select: { number: true } } },
  });
  if (!receipt) throw notFound('sales receipt', id);
  if (receipt.refunds.length && receipt.status === 'POSTED') {
    throw new AppError(
      'INVALID_STATE',
      `Sales receipt ${receipt.number} has refunds (${receipt.refunds.map((r) => r.number).join(', ')}); void them first`,
    );
  }
  const voided = await voidPosting(
    scope,
    'Sales receipt',
    { ...receipt, issueDate: receipt.date, amountPaid: 0n, status: receipt.status === 'VOID' ? 'VOID' : 'OPEN' },
    'sales_receipt_void',
    input,
  );
  const { refunds: _refunds, ...row } = receipt;
  const updated: SalesReceiptRow = {
    ...(await scope.prisma.salesReceipt.update({
      where: { id },
      data: {
        status: 'VOID',
        voidJournalEntryId: voided.voidJournalEntryId,
        voidDate: voided.settledOn,
        voidedAt: scope.now,
        updatedAt: scope.now,
      },
    })),
    lines: row.lines,
  };
  return change(SALES_RECEIPT, updated, [
    { type: 'sales_receipt.voided', resource: { type: SALES_RECEIPT, id, row: updated } },
    ...voided.events,
  ]);
}
