// Bills are what vendors invoice us: the mirror of invoices. Posting one (creating it without `draft`,
// or finalizing a draft) debits each line's expense or asset account and the recoverable tax account of
// each tax rate, and credits payables; paying it debits payables and credits the bank; voiding posts the
// reversal. Posted bills are never edited. The line arithmetic and rounding are the invoices' own.
import type { PrismaTypes } from '../../db/database.ts';
import { insertRows } from '../../db/insert.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import type { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import { decimalsOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { addDays, today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';
import { assertOpenPeriod, type PostingLine, writePosting } from '../journal/journal.service.ts';
import {
  checkPaymentFields,
  lineColumns,
  lineRows,
  OPEN_STATUSES,
  paidInFullOn,
  type PaymentInput,
  recordTaxAccounts,
  statusAfterPayment,
  taxAccountsAtPosting,
  voidPosting,
} from '../invoices/documents.ts';
import { CASH_ACCOUNT, checkAccountRefs, checkAccountRefsWithSystem, systemAccounts } from '../accounts/accounts.service.ts';
import { taxRatesFor } from '../tax-rates/tax-rates.service.ts';
import { invoiceTotals, lineFigures, MAX_LINE_GROSS, parseQuantity } from '../invoices/invoice-math.ts';
import { BILL, BILL_LINES_IN_ORDER, BILL_PAYMENT, type BillRow } from './bills.public.ts';

export interface BillLineInput {
  productId?: string | null;
  description?: string | null;
  quantity?: string | number | null;
  unitPrice?: string | number | null;
  discountPercent?: string | number | null;
  taxRateId?: string | null;
  accountId?: string | null;
}

export interface BillInput {
  vendorId?: string | null;
  issueDate?: string | null;
  dueDate?: string | null;
  paymentTermsDays?: number | null;
  memo?: string | null;
  reference?: string | null;
  draft?: boolean | null;
  lines?: BillLineInput[] | null;
}

export interface BillFilter {
  status?: InvoiceStatus | null;
  vendorId?: string | null;
  from?: string | null;
  to?: string | null;
  dueBefore?: string | null;
  overdue?: boolean | null;
  search?: string | null;
}

/** Where a bill's line may be debited: what was bought is an expense, or an asset (equipment, stock, a prepayment). */
const BILL_LINE_ACCOUNT_TYPES = ['EXPENSE' as const, 'ASSET' as const];

export function billWhere(
  organizationId: string,
  filter: BillFilter = {},
  provider: SearchProvider,
  asOf = today(),
): PrismaTypes.BillWhereInput {
  const where: PrismaTypes.BillWhereInput = { organizationId };
  const and: PrismaTypes.BillWhereInput[] = [];
  if (filter.status) and.push({ status: filter.status });
  if (filter.vendorId) and.push({ vendorId: filter.vendorId });
  if (filter.from) and.push({ issueDate: { gte: filter.from } });
  if (filter.to) and.push({ issueDate: { lte: filter.to } });
  if (filter.dueBefore) and.push({ dueDate: { lt: filter.dueBefore } });
  if (filter.overdue === true) and.push({ status: { in: OPEN_STATUSES }, dueDate: { lt: asOf } });
  if (filter.overdue === false) and.push({ NOT: { status: { in: OPEN_STATUSES }, dueDate: { lt: asOf } } });
  if (filter.search?.trim()) {
    const text = filter.search.trim();
    and.push({
      OR: [
        { number: textMatch(provider, 'contains', text) },
        { reference: textMatch(provider, 'contains', text) },
        { vendor: { name: textMatch(provider, 'contains', text) } },
      ],
    });
  }
  if (and.length) where.AND = and;
  return where;
}

/** Checks the input and computes every line; reads only. */
async function checkBill(tenant: Tenant, input: BillInput, now: Date) {
  const decimals = decimalsOf(tenant);
  const check = new Checker();
  const issueDate = check.date('issueDate', input.issueDate) ?? today(now);
  const explicitDue = check.date('dueDate', input.dueDate);
  const terms = check.integer('paymentTermsDays', input.paymentTermsDays, 0, 365);
  const memo = check.text('memo', input.memo, { max: 2000 });
  const reference = check.text('reference', input.reference, { max: 100 });
  if (!input.vendorId) check.fail('vendorId', 'is required');
  const inputLines = input.lines ?? [];
  if (inputLines.length === 0) check.fail('lines', 'a bill needs at least one line');
  if (inputLines.length > 200) check.fail('lines', 'a bill may have at most 200 lines');

  const productIds = [...new Set(inputLines.map((l) => l.productId).filter((id): id is string => !!id))];
  const [vendor, products, taxRates, sameReference] = await Promise.all([
    input.vendorId ? tenant.prisma.vendor.findFirst({ where: { id: input.vendorId, organizationId: tenant.organizationId } }) : null,
    productIds.length ? tenant.prisma.product.findMany({ where: { organizationId: tenant.organizationId, id: { in: productIds } } }) : [],
    taxRatesFor(
      tenant,
      inputLines.map((l) => l.taxRateId),
    ),
    // A vendor's invoice is entered once (QuickBooks warns, Xero refuses): its number may not be on another live bill of the vendor.
    reference && input.vendorId
      ? tenant.prisma.bill.findFirst({
          where: { organizationId: tenant.organizationId, vendorId: input.vendorId, reference, status: { not: 'VOID' } },
          select: { number: true },
        })
      : null,
  ]);
  if (input.vendorId && !vendor) check.fail('vendorId', `no vendor with id "${input.vendorId}"`);
  else if (vendor && !vendor.active) check.fail('vendorId', 'is an inactive vendor');
  if (sameReference)
    check.fail(
      'reference',
      `the vendor's invoice "${reference}" is already entered as bill ${sameReference.number}; void that bill first to enter it again`,
    );

  const lines = [];
  const accountRefs = [];
  for (const [i, line] of inputLines.entries()) {
    const at = `lines.${i}`;
    const product = line.productId ? products.find((p) => p.id === line.productId) : undefined;
    if (line.productId && !product) check.fail(`${at}.productId`, `no product with id "${line.productId}"`);
    else if (product && !product.active) check.fail(`${at}.productId`, 'is an inactive product');
    const quantityMilli = line.quantity === undefined || line.quantity === null ? 1000n : parseQuantity(line.quantity);
    if (quantityMilli === undefined) check.fail(`${at}.quantity`, 'must be a number above 0 with at most 3 decimals');
    // A product's price is what we sell it for, not what a vendor charges: a bill line always states its price.
    const unitPrice = check.money(`${at}.unitPrice`, line.unitPrice, decimals, { required: true });
    const discountPpm = check.percent(`${at}.discountPercent`, line.discountPercent) ?? 0;
    const taxRate = line.taxRateId ? taxRates.find((r) => r.id === line.taxRateId) : undefined;
    if (line.taxRateId && !taxRate) check.fail(`${at}.taxRateId`, `no tax rate with id "${line.taxRateId}"`);
    else if (taxRate && !taxRate.active) check.fail(`${at}.taxRateId`, 'is an inactive tax rate');
    const description = check.text(`${at}.description`, line.description, { max: 500 }) ?? product?.name ?? null;
    if (!description) check.fail(`${at}.description`, 'is required when the line has no product');
    const accountId = line.accountId ?? product?.expenseAccountId ?? null;
    if (!accountId) check.fail(`${at}.accountId`, 'is required when the line has no product with an expense account');
    else accountRefs.push({ path: `${at}.accountId`, id: accountId, types: BILL_LINE_ACCOUNT_TYPES });
    if (quantityMilli !== undefined && typeof unitPrice === 'bigint' && accountId) {
      if (quantityMilli * unitPrice > MAX_LINE_GROSS * 1000n) {
        check.fail(at, 'quantity × unit price is too large');
        continue;
      }
      // A bill line's tax is its rate's; without a rate the line has no tax (null, not a 0 % rate).
      const taxRatePpm = taxRate?.ratePpm ?? null;
      lines.push({
        productId: product?.id ?? null,
        accountId,
        description: description ?? '',
        quantityMilli,
        unitPrice,
        discountPpm,
        taxRatePpm,
        taxRateId: taxRate?.id ?? null,
        taxAccountId: taxRate?.purchaseAccountId ?? null,
        figures: lineFigures(quantityMilli, unitPrice, discountPpm, taxRatePpm),
      });
    }
  }
  const system = await checkAccountRefsWithSystem(tenant, check, accountRefs, [
    'accounts_payable',
    'tax_recoverable',
    'accounts_receivable',
  ]);
  for (const line of lines) if (line.taxRatePpm !== null) line.taxAccountId ??= system.tax_recoverable;
  // Receivables and payables only move with their own documents: a bill line may debit neither.
  for (const ref of accountRefs) {
    if (ref.id === system.accounts_receivable)
      check.fail(ref.path, 'is a receivables or payables account, which only invoices, bills and their payments post to');
  }
  const termsDays = terms ?? vendor?.paymentTermsDays ?? tenant.organization.defaultPaymentTermsDays;
  const dueDate = explicitDue ?? addDays(issueDate, termsDays);
  if (dueDate < issueDate) check.fail('dueDate', `must not be before issueDate ${issueDate}`);
  check.done();
  const totals = invoiceTotals(lines.map((l) => l.figures));
  if (totals.total <= 0n) throw validationError([{ path: 'lines', message: 'the bill must total more than 0' }]);
  return { vendor: vendor!, issueDate, dueDate, memo, reference, lines, totals, system };
}

/** A bill line as its posting needs it: cost to `accountId`, tax to `taxAccountId` (null: the recoverable tax account). */
interface PostedLine {
  accountId: string;
  amount: bigint;
  taxAmount: bigint;
  taxAccountId: string | null;
}

/** The posting an open bill makes: Dr each line account, Dr recoverable tax per tax account, Cr payables. */
export function billPostingLines(
  bill: { vendorId: string; total: bigint; lines: PostedLine[] },
  system: { accounts_payable: string; tax_recoverable: string },
): PostingLine[] {
  const cost = new Map<string, bigint>();
  const tax = new Map<string, bigint>();
  for (const line of bill.lines) {
    cost.set(line.accountId, (cost.get(line.accountId) ?? 0n) + line.amount);
    const taxAccount = line.taxAccountId ?? system.tax_recoverable;
    tax.set(taxAccount, (tax.get(taxAccount) ?? 0n) + line.taxAmount);
  }
  const debits = (sums: Map<string, bigint>) =>
    [...sums]
      .filter(([, amount]) => amount > 0n)
      .map(([accountId, amount]) => ({ accountId, debit: amount, credit: 0n, vendorId: bill.vendorId }));
  return [...debits(cost), ...debits(tax), { accountId: system.accounts_payable, debit: 0n, credit: bill.total, vendorId: bill.vendorId }];
}

function postBill(
  scope: WriteScope,
  bill: { id: string; number: string; issueDate: string; vendorId: string; total: bigint; lines: PostedLine[] },
  system: { accounts_payable: string; tax_recoverable: string },
) {
  return writePosting(scope, {
    date: bill.issueDate,
    description: `Bill ${bill.number}`,
    reference: bill.number,
    sourceType: 'bill',
    sourceId: bill.id,
    lines: billPostingLines(bill, system),
  });
}

/** The columns of a bill line, as every bill write inserts them (one raw INSERT, src/db/insert.ts). */
const BILL_LINE_COLUMNS = lineColumns('billId');

/** Creates a bill; unless it is a draft, posts it (the entry first, so the bill is written once). */
export async function createBill(scope: WriteScope, input: BillInput) {
  const checked = await checkBill(scope, input, scope.now);
  const draft = input.draft === true;
  if (!draft) assertOpenPeriod(scope, checked.issueDate, 'issueDate');
  const id = newId('Bill');
  const number = `BILL-${String(scope.nextNumber('bill')).padStart(4, '0')}`;
  const lines = lineRows(scope, 'BillLine', 'billId', id, checked.lines, { draft });
  const events: EventDraft[] = [];
  let journalEntryId: string | null = null;
  if (!draft) {
    const posted = await postBill(
      scope,
      { id, number, issueDate: checked.issueDate, vendorId: checked.vendor.id, ...checked.totals, lines },
      checked.system,
    );
    journalEntryId = posted.entry.id;
    events.push(posted.event);
  }
  const written = await scope.prisma.bill.create({
    data: {
      id,
      organizationId: scope.organizationId,
      number,
      vendorId: checked.vendor.id,
      status: draft ? 'DRAFT' : 'OPEN',
      issueDate: checked.issueDate,
      dueDate: checked.dueDate,
      currency: scope.organization.baseCurrency,
      memo: checked.memo ?? null,
      reference: checked.reference ?? null,
      ...checked.totals,
      journalEntryId,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  await insertRows(scope.sql, 'BillLine', BILL_LINE_COLUMNS, lines);
  if (!draft) await moveVendorBalance(scope, checked.vendor.id, written.total);
  const bill: BillRow = { ...written, lines };
  return change(BILL, bill, [{ type: 'bill.created', resource: { type: BILL, id, row: bill } }, ...events]);
}

/** Moves a vendor's kept balance (what we owe it on open bills) by `delta`, in the write's transaction. */
async function moveVendorBalance(scope: WriteScope, vendorId: string, delta: bigint) {
  if (delta !== 0n) await scope.sql.$executeRaw(Prisma.sql`UPDATE "Vendor" SET "balance" = "balance" + ${delta} WHERE "id" = ${vendorId}`);
}

async function loadBill(tenant: Tenant, id: string) {
  const bill = await tenant.prisma.bill.findFirst({
    where: { id, organizationId: tenant.organizationId },
    include: { lines: { orderBy: BILL_LINES_IN_ORDER } },
  });
  if (!bill) throw notFound('bill', id);
  return bill;
}

/** Turns a draft into an open bill and posts it. */
export async function finalizeBill(scope: WriteScope, id: string) {
  const bill = await loadBill(scope, id);
  if (bill.status !== 'DRAFT') throw new AppError('INVALID_STATE', `Bill ${bill.number} is ${bill.status.toLowerCase()}, not a draft`);
  assertOpenPeriod(scope, bill.issueDate, 'issueDate');
  const [system, rates] = await Promise.all([
    systemAccounts(scope, ['accounts_payable', 'tax_recoverable']),
    taxRatesFor(
      scope,
      bill.lines.map((l) => l.taxRateId),
    ),
  ]);
  // A draft's tax posts to its rates' accounts as they are now, when it is posted.
  const lines = taxAccountsAtPosting(bill.lines, new Map(rates.map((r) => [r.id, r.purchaseAccountId])), system.tax_recoverable);
  const posted = await postBill(scope, { ...bill, lines }, system);
  await recordTaxAccounts(
    (ids, taxAccountId) => scope.prisma.billLine.updateMany({ where: { id: { in: ids } }, data: { taxAccountId } }),
    lines,
  );
  const updated: BillRow = {
    ...(await scope.prisma.bill.update({ where: { id }, data: { status: 'OPEN', journalEntryId: posted.entry.id, updatedAt: scope.now } })),
    lines,
  };
  await moveVendorBalance(scope, bill.vendorId, bill.total);
  return change(BILL, updated, [{ type: 'bill.finalized', resource: { type: BILL, id, row: updated } }, posted.event]);
}

export interface BillPaymentInput extends PaymentInput {
  billId?: string | null;
  paymentAccountId?: string | null;
}

/** Pays (part of) an open bill: Dr payables, Cr the bank or cash account the money left. */
export async function recordBillPayment(scope: WriteScope, input: BillPaymentInput) {
  const check = new Checker();
  const { amount, date, method, reference } = checkPaymentFields(scope, input, check);
  if (!input.billId) check.fail('billId', 'is required');
  await checkAccountRefs(scope, check, [{ path: 'paymentAccountId', id: input.paymentAccountId, ...CASH_ACCOUNT }]);
  check.done();
  const bill = await loadBill(scope, input.billId!);
  const status = statusAfterPayment(scope, 'Bill', bill, amount, date);
  const system = await systemAccounts(scope, ['bank', 'accounts_payable']);
  const paymentAccountId = input.paymentAccountId ?? system.bank;
  const paymentId = newId('BillPayment');
  const posted = await writePosting(scope, {
    date,
    description: `Payment of bill ${bill.number}`,
    reference: reference ?? bill.number,
    sourceType: 'bill_payment',
    sourceId: paymentId,
    lines: [
      { accountId: system.accounts_payable, debit: amount, credit: 0n, vendorId: bill.vendorId },
      { accountId: paymentAccountId, debit: 0n, credit: amount, vendorId: bill.vendorId },
    ],
  });
  const settledOn =
    status === 'PAID'
      ? await paidInFullOn(
          bill,
          date,
          async () => (await scope.prisma.billPayment.aggregate({ where: { billId: bill.id }, _max: { date: true } }))._max.date,
        )
      : null;
  const updated: BillRow = {
    ...(await scope.prisma.bill.update({
      where: { id: bill.id },
      data: { amountPaid: bill.amountPaid + amount, status, settledOn, updatedAt: scope.now },
    })),
    lines: bill.lines,
  };
  await moveVendorBalance(scope, bill.vendorId, -amount);
  const payment = await scope.prisma.billPayment.create({
    data: {
      id: paymentId,
      organizationId: scope.organizationId,
      billId: bill.id,
      amount,
      date,
      paymentAccountId,
      method,
      reference,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
    },
  });
  const billRef = { type: BILL, id: bill.id, row: updated };
  const events: EventDraft[] = [{ type: 'bill.payment_recorded', resource: billRef }];
  if (status === 'PAID') events.push({ type: 'bill.paid', resource: billRef });
  return change(BILL_PAYMENT, { ...payment, bill: updated }, [...events, posted.event]);
}

/** Voids a bill without payments: posts the reversal of its entry. A draft is simply voided. */
export async function voidBill(scope: WriteScope, id: string, input: { date?: string | null; reason?: string | null } = {}) {
  const bill = await loadBill(scope, id);
  const voided = await voidPosting(scope, 'Bill', bill, 'bill_void', input);
  const updated: BillRow = {
    ...(await scope.prisma.bill.update({
      where: { id },
      data: {
        status: 'VOID',
        voidJournalEntryId: voided.voidJournalEntryId,
        voidedAt: scope.now,
        settledOn: voided.settledOn,
        updatedAt: scope.now,
      },
    })),
    lines: bill.lines,
  };
  if (OPEN_STATUSES.includes(bill.status)) await moveVendorBalance(scope, bill.vendorId, -bill.total);
  return change(BILL, updated, [{ type: 'bill.voided', resource: { type: BILL, id, row: updated } }, ...voided.events]);
}
