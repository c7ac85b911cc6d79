// Invoices post themselves: finalizing (or creating without `draft`) posts Dr receivables, Cr revenue
// per account, Cr sales tax. Payments post Dr bank, Cr receivables. Voiding posts the reversal.
// Posted invoices are never edited; these actions replace editing.
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
} from './documents.ts';
import {
  type AccountRef,
  CASH_ACCOUNT,
  checkAccountRefs,
  checkAccountRefsWithSystem,
  systemAccounts,
} from '../accounts/accounts.service.ts';
import { taxRatesFor } from '../tax-rates/tax-rates.service.ts';
import { invoiceTotals, lineFigures, MAX_LINE_GROSS, parseQuantity } from './invoice-math.ts';
import { INVOICE, type InvoiceRow, LINES_IN_ORDER, PAYMENT } from './invoices.public.ts';

export interface InvoiceLineInput {
  productId?: string | null;
  description?: string | null;
  quantity?: string | number | null;
  unitPrice?: string | number | null;
  discountPercent?: string | number | null;
  taxRate?: string | number | null;
  taxRateId?: string | null;
  accountId?: string | null;
}

export interface InvoiceInput {
  customerId?: string | null;
  issueDate?: string | null;
  dueDate?: string | null;
  paymentTermsDays?: number | null;
  memo?: string | null;
  reference?: string | null;
  draft?: boolean | null;
  lines?: InvoiceLineInput[] | null;
}

export interface InvoiceFilter {
  status?: InvoiceStatus | null;
  customerId?: string | null;
  from?: string | null;
  to?: string | null;
  dueBefore?: string | null;
  overdue?: boolean | null;
  search?: string | null;
}

export function invoiceWhere(
  organizationId: string,
  filter: InvoiceFilter = {},
  provider: SearchProvider,
  asOf = today(),
): PrismaTypes.InvoiceWhereInput {
  const where: PrismaTypes.InvoiceWhereInput = { organizationId };
  const and: PrismaTypes.InvoiceWhereInput[] = [];
  if (filter.status) and.push({ status: filter.status });
  if (filter.customerId) and.push({ customerId: filter.customerId });
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
        { customer: { name: textMatch(provider, 'contains', text) } },
      ],
    });
  }
  if (and.length) where.AND = and;
  return where;
}

export interface PaymentFilter {
  invoiceId?: string | null;
  customerId?: string | null;
  depositAccountId?: string | null;
  from?: string | null;
  to?: string | null;
}

/** The payments of an organization a list's filter selects. */
export function paymentWhere(organizationId: string, filter: PaymentFilter = {}): PrismaTypes.PaymentWhereInput {
  const where: PrismaTypes.PaymentWhereInput = { organizationId };
  const and: PrismaTypes.PaymentWhereInput[] = [];
  if (filter.invoiceId) and.push({ invoiceId: filter.invoiceId });
  if (filter.customerId) and.push({ invoice: { customerId: filter.customerId } });
  if (filter.depositAccountId) and.push({ depositAccountId: filter.depositAccountId });
  if (filter.from) and.push({ date: { gte: filter.from } });
  if (filter.to) and.push({ date: { lte: filter.to } });
  if (and.length) where.AND = and;
  return where;
}

/**
 * Checks the lines of a sale (an invoice, a sales receipt, a credit note: one rule for every document that
 * sells) and computes each: a product gives the description, unit price, tax and income account it leaves
 * out; a line's tax is a tax rate by id, else a bare percentage, else its product's default, else none.
 * Reads the products, tax rates and accounts the lines name, with the system accounts `roles` asks for
 * (the sales and sales tax accounts always). Failures join `check`.
 */
export async function checkSaleLines<Role extends string>(
  tenant: Tenant,
  check: Checker,
  inputLines: InvoiceLineInput[],
  roles: Role[],
  options: { accountRefs?: AccountRef[] } = {},
) {
  const decimals = decimalsOf(tenant);
  const productIds = [...new Set(inputLines.map((l) => l.productId).filter((id): id is string => !!id))];
  const [products, taxRates] = await Promise.all([
    productIds.length ? tenant.prisma.product.findMany({ where: { organizationId: tenant.organizationId, id: { in: productIds } } }) : [],
    taxRatesFor(
      tenant,
      inputLines.map((l) => l.taxRateId),
    ),
  ]);
  const accountRefs = [
    ...inputLines.map((line, i) => ({ path: `lines.${i}.accountId`, id: line.accountId, types: ['INCOME' as const] })),
    ...(options.accountRefs ?? []),
  ];
  const system = await checkAccountRefsWithSystem(tenant, check, accountRefs, ['sales' as const, 'sales_tax_payable' as const, ...roles]);
  const lines = [];
  for (const [i, line] of inputLines.entries()) {
    const at = `lines.${i}`;
    const product = line.productId ? products.find((p) => p.id === line.productId) : undefined;
    if (line.productId && !product) check.fail(`${at}.productId`, `no product with id "${line.productId}"`);
    else if (product && !product.active) check.fail(`${at}.productId`, 'is an inactive product');
    const quantityMilli = line.quantity === undefined || line.quantity === null ? 1000n : parseQuantity(line.quantity);
    if (quantityMilli === undefined) check.fail(`${at}.quantity`, 'must be a number above 0 with at most 3 decimals');
    const unitPrice =
      line.unitPrice === undefined || line.unitPrice === null
        ? product?.unitPrice
        : check.money(`${at}.unitPrice`, line.unitPrice, decimals);
    if (unitPrice === undefined && (line.unitPrice === undefined || line.unitPrice === null))
      check.fail(`${at}.unitPrice`, 'is required when the line has no product');
    const discountPpm = check.percent(`${at}.discountPercent`, line.discountPercent) ?? 0;
    const taxRate = line.taxRateId ? taxRates.find((r) => r.id === line.taxRateId) : undefined;
    const bare = line.taxRate !== undefined && line.taxRate !== null;
    if (line.taxRateId && bare) check.fail(`${at}.taxRateId`, 'give either taxRateId or taxRate (a bare percentage), not both');
    else if (line.taxRateId && !taxRate) check.fail(`${at}.taxRateId`, `no tax rate with id "${line.taxRateId}"`);
    else if (taxRate && !taxRate.active) check.fail(`${at}.taxRateId`, 'is an inactive tax rate');
    // Without a rate: the bare percentage, else the product's default; null (no tax) without either.
    const taxRatePpm = taxRate ? taxRate.ratePpm : bare ? check.percent(`${at}.taxRate`, line.taxRate) : (product?.taxRatePpm ?? null);
    const description = check.text(`${at}.description`, line.description, { max: 500 }) ?? product?.name ?? null;
    if (!description) check.fail(`${at}.description`, 'is required when the line has no product');
    const accountId = line.accountId ?? product?.incomeAccountId ?? system.sales;
    if (quantityMilli !== undefined && typeof unitPrice === 'bigint' && taxRatePpm !== undefined) {
      if (quantityMilli * unitPrice > MAX_LINE_GROSS * 1000n) {
        check.fail(at, 'quantity × unit price is too large');
        continue;
      }
      lines.push({
        productId: product?.id ?? null,
        accountId,
        description: description ?? '',
        quantityMilli,
        unitPrice,
        discountPpm,
        taxRatePpm,
        taxRateId: taxRate?.id ?? null,
        taxAccountId: taxRatePpm === null ? null : (taxRate?.salesAccountId ?? system.sales_tax_payable),
        figures: lineFigures(quantityMilli, unitPrice, discountPpm, taxRatePpm),
      });
    }
  }
  return { lines, system };
}

/** Checks the input and computes every line; reads only. */
async function checkInvoice(tenant: Tenant, input: InvoiceInput, now: Date) {
  const check = new Checker();
  const issueDate = check.date('issueDate', input.issueDate) ?? today(now);
  const explicitDue = check.date('dueDate', input.dueDate);
  const terms = check.integer('paymentTermsDays', input.paymentTermsDays, 0, 365);
  const memo = check.text('memo', input.memo, { max: 2000 });
  const reference = check.text('reference', input.reference, { max: 100 });
  if (!input.customerId) check.fail('customerId', 'is required');
  const inputLines = input.lines ?? [];
  if (inputLines.length === 0) check.fail('lines', 'an invoice needs at least one line');
  if (inputLines.length > 200) check.fail('lines', 'an invoice may have at most 200 lines');
  const [customer, { lines, system }] = await Promise.all([
    input.customerId ? tenant.prisma.customer.findFirst({ where: { id: input.customerId, organizationId: tenant.organizationId } }) : null,
    checkSaleLines(tenant, check, inputLines, ['accounts_receivable']),
  ]);
  if (input.customerId && !customer) check.fail('customerId', `no customer with id "${input.customerId}"`);
  else if (customer && !customer.active) check.fail('customerId', 'is an inactive customer');
  const termsDays = terms ?? customer?.paymentTermsDays ?? tenant.organization.defaultPaymentTermsDays;
  const dueDate = explicitDue ?? addDays(issueDate, termsDays);
  if (dueDate < issueDate) check.fail('dueDate', `must not be before issueDate ${issueDate}`);
  check.done();
  const totals = invoiceTotals(lines.map((l) => l.figures));
  if (totals.total <= 0n) throw validationError([{ path: 'lines', message: 'the invoice must total more than 0' }]);
  return { customer: customer!, issueDate, dueDate, memo, reference, lines, totals, system };
}

/** An invoice line as its posting needs it: revenue to `accountId`, tax to `taxAccountId` (null: the sales tax account). */
export interface PostedLine {
  accountId: string;
  amount: bigint;
  taxAmount: bigint;
  taxAccountId: string | null;
}

/**
 * The credits of a sale: revenue per account, and sales tax per tax account (a line's own, else the sales
 * tax account), each line naming the customer if there is one.
 */
export function saleCredits(lines: PostedLine[], salesTaxAccountId: string, customerId: string | null): PostingLine[] {
  const revenue = new Map<string, bigint>();
  const tax = new Map<string, bigint>();
  for (const line of lines) {
    revenue.set(line.accountId, (revenue.get(line.accountId) ?? 0n) + line.amount);
    const taxAccount = line.taxAccountId ?? salesTaxAccountId;
    tax.set(taxAccount, (tax.get(taxAccount) ?? 0n) + line.taxAmount);
  }
  const credits = (sums: Map<string, bigint>) =>
    [...sums].filter(([, amount]) => amount > 0n).map(([accountId, amount]) => ({ accountId, debit: 0n, credit: amount, customerId }));
  return [...credits(revenue), ...credits(tax)];
}

/** The posting an open invoice makes: Dr receivables, Cr revenue per account, Cr sales tax per tax account. */
export function invoicePostingLines(
  invoice: { customerId: string; total: bigint; lines: PostedLine[] },
  system: { accounts_receivable: string; sales_tax_payable: string },
): PostingLine[] {
  return [
    { accountId: system.accounts_receivable, debit: invoice.total, credit: 0n, customerId: invoice.customerId },
    ...saleCredits(invoice.lines, system.sales_tax_payable, invoice.customerId),
  ];
}

function postInvoice(
  scope: WriteScope,
  invoice: { id: string; number: string; issueDate: string; customerId: string; total: bigint; lines: PostedLine[] },
  system: { accounts_receivable: string; sales_tax_payable: string },
) {
  return writePosting(scope, {
    date: invoice.issueDate,
    description: `Invoice ${invoice.number}`,
    reference: invoice.number,
    sourceType: 'invoice',
    sourceId: invoice.id,
    lines: invoicePostingLines(invoice, system),
  });
}

const withLines = { lines: { orderBy: LINES_IN_ORDER } };

/** The columns of an invoice line, as every invoice write inserts them (one raw INSERT, src/db/insert.ts). */
export const INVOICE_LINE_COLUMNS = lineColumns('invoiceId');

/** Creates an invoice; unless it is a draft, posts it (the entry first, so the invoice is written once). */
export async function createInvoice(scope: WriteScope, input: InvoiceInput) {
  const checked = await checkInvoice(scope, input, scope.now);
  const draft = input.draft === true;
  if (!draft) assertOpenPeriod(scope, checked.issueDate, 'issueDate');
  const id = newId('Invoice');
  const number = `INV-${String(scope.nextNumber('invoice')).padStart(4, '0')}`;
  const lines = lineRows(scope, 'InvoiceLine', 'invoiceId', id, checked.lines, { draft });
  const events: EventDraft[] = [];
  let journalEntryId: string | null = null;
  if (!draft) {
    const posted = await postInvoice(
      scope,
      { id, number, issueDate: checked.issueDate, customerId: checked.customer.id, ...checked.totals, lines },
      checked.system,
    );
    journalEntryId = posted.entry.id;
    events.push(posted.event);
  }
  const written = await scope.prisma.invoice.create({
    data: {
      id,
      organizationId: scope.organizationId,
      number,
      customerId: checked.customer.id,
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
  await insertRows(scope.sql, 'InvoiceLine', INVOICE_LINE_COLUMNS, lines);
  if (!draft) await moveCustomerBalance(scope, checked.customer.id, written.total);
  const invoice: InvoiceRow = { ...written, lines };
  return change(INVOICE, invoice, [{ type: 'invoice.created', resource: { type: INVOICE, id, row: invoice } }, ...events]);
}

/**
 * Moves a customer's kept balance (what it owes on open invoices) by `delta`: every write that changes
 * an invoice's amount due calls it, in its transaction. Not an event of its own: a derived figure.
 */
export async function moveCustomerBalance(scope: WriteScope, customerId: string, delta: bigint) {
  if (delta !== 0n)
    await scope.sql.$executeRaw(Prisma.sql`UPDATE "Customer" SET "balance" = "balance" + ${delta} WHERE "id" = ${customerId}`);
}

async function loadInvoice(tenant: Tenant, id: string) {
  const invoice = await tenant.prisma.invoice.findFirst({ where: { id, organizationId: tenant.organizationId }, include: withLines });
  if (!invoice) throw notFound('invoice', id);
  return invoice;
}

/** Turns a draft into an open invoice and posts it. */
export async function finalizeInvoice(scope: WriteScope, id: string) {
  const invoice = await loadInvoice(scope, id);
  if (invoice.status !== 'DRAFT')
    throw new AppError('INVALID_STATE', `Invoice ${invoice.number} is ${invoice.status.toLowerCase()}, not a draft`);
  assertOpenPeriod(scope, invoice.issueDate, 'issueDate');
  const system = await systemAccounts(scope, ['accounts_receivable', 'sales_tax_payable']);
  // A draft's tax posts to its rates' accounts as they are now, when it is posted.
  const rates = await taxRatesFor(
    scope,
    invoice.lines.map((l) => l.taxRateId),
  );
  const lines = taxAccountsAtPosting(invoice.lines, new Map(rates.map((r) => [r.id, r.salesAccountId])), system.sales_tax_payable);
  const posted = await postInvoice(scope, { ...invoice, lines }, system);
  await recordTaxAccounts(
    (ids, taxAccountId) => scope.prisma.invoiceLine.updateMany({ where: { id: { in: ids } }, data: { taxAccountId } }),
    lines,
  );
  const updated: InvoiceRow = {
    ...(await scope.prisma.invoice.update({
      where: { id },
      data: { status: 'OPEN', journalEntryId: posted.entry.id, updatedAt: scope.now },
    })),
    lines,
  };
  await moveCustomerBalance(scope, invoice.customerId, invoice.total);
  return change(INVOICE, updated, [{ type: 'invoice.finalized', resource: { type: INVOICE, id, row: updated } }, posted.event]);
}

export interface InvoicePaymentInput extends PaymentInput {
  invoiceId?: string | null;
  depositAccountId?: string | null;
}

/** The latest date of an invoice's payments and credit applications so far (null: none). */
export async function latestSettlement(scope: WriteScope, invoiceId: string): Promise<string | null> {
  const [payments, credits] = await Promise.all([
    scope.prisma.payment.aggregate({ where: { invoiceId }, _max: { date: true } }),
    scope.prisma.creditNoteAllocation.aggregate({ where: { invoiceId }, _max: { date: true } }),
  ]);
  const dates = [payments._max.date, credits._max.date].filter((d): d is string => !!d).sort();
  return dates.at(-1) ?? null;
}

export async function recordPayment(scope: WriteScope, input: InvoicePaymentInput) {
  const check = new Checker();
  const { amount, date, method, reference } = checkPaymentFields(scope, input, check);
  if (!input.invoiceId) check.fail('invoiceId', 'is required');
  await checkAccountRefs(scope, check, [{ path: 'depositAccountId', id: input.depositAccountId, ...CASH_ACCOUNT }]);
  check.done();
  const invoice = await loadInvoice(scope, input.invoiceId!);
  const status = statusAfterPayment(scope, 'Invoice', invoice, amount, date);
  const system = await systemAccounts(scope, ['bank', 'accounts_receivable']);
  const depositAccountId = input.depositAccountId ?? system.bank;
  const paymentId = newId('Payment');
  const posted = await writePosting(scope, {
    date,
    description: `Payment for invoice ${invoice.number}`,
    reference: reference ?? invoice.number,
    sourceType: 'payment',
    sourceId: paymentId,
    lines: [
      { accountId: depositAccountId, debit: amount, credit: 0n, customerId: invoice.customerId },
      { accountId: system.accounts_receivable, debit: 0n, credit: amount, customerId: invoice.customerId },
    ],
  });
  const settledOn = status === 'PAID' ? await paidInFullOn(invoice, date, () => latestSettlement(scope, invoice.id)) : null;
  const updated: InvoiceRow = {
    ...(await scope.prisma.invoice.update({
      where: { id: invoice.id },
      data: { amountPaid: invoice.amountPaid + amount, status, settledOn, updatedAt: scope.now },
    })),
    lines: invoice.lines,
  };
  await moveCustomerBalance(scope, invoice.customerId, -amount);
  const payment = await scope.prisma.payment.create({
    data: {
      id: paymentId,
      organizationId: scope.organizationId,
      invoiceId: invoice.id,
      amount,
      date,
      depositAccountId,
      method,
      reference,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
    },
  });
  const invoiceRef = { type: INVOICE, id: invoice.id, row: updated };
  const events: EventDraft[] = [{ type: 'invoice.payment_recorded', resource: invoiceRef }];
  if (status === 'PAID') events.push({ type: 'invoice.paid', resource: invoiceRef });
  return change(PAYMENT, { ...payment, invoice: updated }, [...events, posted.event]);
}

/** Voids an invoice without payments: posts the reversal of its entry. A draft is simply voided. */
export async function voidInvoice(scope: WriteScope, id: string, input: { date?: string | null; reason?: string | null } = {}) {
  const invoice = await loadInvoice(scope, id);
  const voided = await voidPosting(scope, 'Invoice', invoice, 'invoice_void', input);
  const updated: InvoiceRow = {
    ...(await scope.prisma.invoice.update({
      where: { id },
      data: {
        status: 'VOID',
        voidJournalEntryId: voided.voidJournalEntryId,
        voidedAt: scope.now,
        settledOn: voided.settledOn,
        updatedAt: scope.now,
      },
    })),
    lines: invoice.lines,
  };
  // A posted invoice without payments owed its whole total; a draft owed nothing.
  if (OPEN_STATUSES.includes(invoice.status)) await moveCustomerBalance(scope, invoice.customerId, -invoice.total);
  return change(INVOICE, updated, [{ type: 'invoice.voided', resource: { type: INVOICE, id, row: updated } }, ...voided.events]);
}
