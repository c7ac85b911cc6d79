// A document's lines: the two rules that check them (a sale's and a purchase's), the rows they are
// stored as, and where their tax posts. Every document's lines are one shape (arithmetic.ts computes
// their figures); only which accounts, which tax accounts and which defaults differ by side.
import { decimalsOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import type { Checker } from '../../lib/validate.ts';
import { type IdType, newId } from '../../lib/ids.ts';
import { currencyDecimals } from '../../lib/money.ts';
import { type AccountRef, checkAccountRefsWithSystem } from '../accounts/accounts.service.ts';
import { taxRatesFor } from '../tax-rates/tax-rates.service.ts';
import { homeCurrency, homeLineAmounts } from './currency.ts';
import { type LineFigures, lineFigures, MAX_LINE_GROSS, parseQuantity } from './arithmetic.ts';

/** Which side of trade a document is on: what we sell (invoices, credit notes, receipts) or buy (bills). */
export type Side = 'sale' | 'purchase';

export interface LineInput {
  productId?: string | null;
  description?: string | null;
  quantity?: string | number | null;
  unitPrice?: string | number | null;
  discountPercent?: string | number | null;
  /** A bare percentage (invoices only). */
  taxRate?: string | number | null;
  taxRateId?: string | null;
  accountId?: string | null;
}

/** A line as a document's check computed it. */
export interface CheckedLine {
  productId: string | null;
  accountId: string;
  description: string;
  quantityMilli: bigint;
  unitPrice: bigint;
  discountPpm: number;
  /** null: no tax; 0: a zero rate. */
  taxRatePpm: number | null;
  taxRateId: string | null;
  /** The account the line's tax posts to (its rate's, else the organization's tax account); null with no tax. */
  taxAccountId: string | null;
  figures: LineFigures;
}

/** The system accounts of each side: where its documents' totals sit and where their tax goes by default. */
export const SIDE_ACCOUNTS = {
  sale: { control: 'accounts_receivable', tax: 'sales_tax_payable', rateAccount: 'salesAccountId' },
  purchase: { control: 'accounts_payable', tax: 'tax_recoverable', rateAccount: 'purchaseAccountId' },
} as const;

/** The first checks every line takes: its product, quantity, discount and description. */
function checkLineBasics(check: Checker, at: string, line: LineInput, product: { id: string; active: boolean; name: string } | undefined) {
  if (line.productId && !product) check.fail(`${at}.productId`, `no product with id "${line.productId}"`);
  else if (product && !product.active) check.fail(`${at}.productId`, 'is an inactive product');
  const quantityMilli = line.quantity === undefined || line.quantity === null ? 1000n : parseQuantity(line.quantity);
  if (quantityMilli === undefined) check.fail(`${at}.quantity`, 'must be a number above 0 with at most 3 decimals');
  return quantityMilli;
}

function checkDescription(check: Checker, at: string, line: LineInput, product: { name: string } | undefined) {
  const description = check.text(`${at}.description`, line.description, { max: 500 }) ?? product?.name ?? null;
  if (!description) check.fail(`${at}.description`, 'is required when the line has no product');
  return description;
}

/** A line whose parts passed their checks, with its figures; undefined (and a failure) when quantity × price is too large. */
function checkedLine(
  check: Checker,
  at: string,
  l: {
    product: { id: string } | undefined;
    accountId: string;
    description: string | null;
    quantityMilli: bigint;
    unitPrice: bigint;
    discountPpm: number;
    taxRatePpm: number | null;
    taxRate: { id: string } | undefined;
  },
): Omit<CheckedLine, 'taxAccountId'> | undefined {
  if (l.quantityMilli * l.unitPrice > MAX_LINE_GROSS * 1000n) {
    check.fail(at, 'quantity × unit price is too large');
    return undefined;
  }
  return {
    productId: l.product?.id ?? null,
    accountId: l.accountId,
    description: l.description ?? '',
    quantityMilli: l.quantityMilli,
    unitPrice: l.unitPrice,
    discountPpm: l.discountPpm,
    taxRatePpm: l.taxRatePpm,
    taxRateId: l.taxRate?.id ?? null,
    figures: lineFigures(l.quantityMilli, l.unitPrice, l.discountPpm, l.taxRatePpm),
  };
}

/** Reads the products and tax rates the lines name. */
async function productsAndRates(tenant: Tenant, inputLines: LineInput[]) {
  const productIds = [...new Set(inputLines.map((l) => l.productId).filter((id): id is string => !!id))];
  return Promise.all([
    productIds.length ? tenant.prisma.product.findMany({ where: { organizationId: tenant.organizationId, id: { in: productIds } } }) : [],
    taxRatesFor(
      tenant,
      inputLines.map((l) => l.taxRateId),
    ),
  ]);
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
  inputLines: LineInput[],
  roles: Role[],
  options: { accountRefs?: AccountRef[]; currency?: string } = {},
) {
  // A foreign-currency line states its price in that currency: a product's price is in home currency.
  const foreign = options.currency !== undefined && options.currency !== homeCurrency(tenant);
  const decimals = options.currency ? currencyDecimals(options.currency) : decimalsOf(tenant);
  const [products, taxRates] = await productsAndRates(tenant, inputLines);
  const accountRefs = [
    ...inputLines.map((line, i) => ({ path: `lines.${i}.accountId`, id: line.accountId, types: ['INCOME' as const] })),
    ...(options.accountRefs ?? []),
  ];
  const system = await checkAccountRefsWithSystem(tenant, check, accountRefs, ['sales' as const, 'sales_tax_payable' as const, ...roles]);
  const lines: CheckedLine[] = [];
  for (const [i, line] of inputLines.entries()) {
    const at = `lines.${i}`;
    const product = line.productId ? products.find((p) => p.id === line.productId) : undefined;
    const quantityMilli = checkLineBasics(check, at, line, product);
    const unitPrice =
      line.unitPrice === undefined || line.unitPrice === null
        ? foreign
          ? undefined
          : product?.unitPrice
        : check.money(`${at}.unitPrice`, line.unitPrice, decimals);
    if (unitPrice === undefined && (line.unitPrice === undefined || line.unitPrice === null))
      check.fail(
        `${at}.unitPrice`,
        foreign
          ? `is required on a ${options.currency} document (a product's price is in home currency)`
          : 'is required when the line has no product',
      );
    const discountPpm = check.percent(`${at}.discountPercent`, line.discountPercent) ?? 0;
    const taxRate = line.taxRateId ? taxRates.find((r) => r.id === line.taxRateId) : undefined;
    const bare = line.taxRate !== undefined && line.taxRate !== null;
    if (line.taxRateId && bare) check.fail(`${at}.taxRateId`, 'give either taxRateId or taxRate (a bare percentage), not both');
    else if (line.taxRateId && !taxRate) check.fail(`${at}.taxRateId`, `no tax rate with id "${line.taxRateId}"`);
    else if (taxRate && !taxRate.active) check.fail(`${at}.taxRateId`, 'is an inactive tax rate');
    // Without a rate: the bare percentage, else the product's default; null (no tax) without either.
    const taxRatePpm = taxRate ? taxRate.ratePpm : bare ? check.percent(`${at}.taxRate`, line.taxRate) : (product?.taxRatePpm ?? null);
    const description = checkDescription(check, at, line, product);
    const accountId = line.accountId ?? product?.incomeAccountId ?? system.sales;
    if (quantityMilli !== undefined && typeof unitPrice === 'bigint' && taxRatePpm !== undefined) {
      const taxAccountId = taxRatePpm === null ? null : (taxRate?.salesAccountId ?? system.sales_tax_payable);
      const checked = checkedLine(check, at, {
        product,
        accountId,
        description,
        quantityMilli,
        unitPrice,
        discountPpm,
        taxRatePpm,
        taxRate,
      });
      if (checked) lines.push({ ...checked, taxAccountId });
    }
  }
  return { lines, system };
}

/** Where a purchase line may be debited: what was bought is an expense, or an asset (equipment, stock, a prepayment). */
const PURCHASE_LINE_ACCOUNT_TYPES = ['EXPENSE' as const, 'ASSET' as const];

/**
 * Checks the lines of a purchase (a bill) and computes each: a line always states its price (a product's
 * price is what we sell it for), debits its own account or its product's expense account (never
 * receivables), and is taxed only by a tax rate named by id, whose purchase account (else the recoverable
 * tax account) takes the tax. Reads the products, tax rates and accounts the lines name, with the system
 * accounts `roles` asks for. Failures join `check`.
 */
export async function checkPurchaseLines<Role extends string>(
  tenant: Tenant,
  check: Checker,
  inputLines: LineInput[],
  roles: Role[],
  options: { currency?: string } = {},
) {
  const decimals = options.currency ? currencyDecimals(options.currency) : decimalsOf(tenant);
  const [products, taxRates] = await productsAndRates(tenant, inputLines);
  const lines: CheckedLine[] = [];
  const accountRefs: AccountRef[] = [];
  for (const [i, line] of inputLines.entries()) {
    const at = `lines.${i}`;
    const product = line.productId ? products.find((p) => p.id === line.productId) : undefined;
    const quantityMilli = checkLineBasics(check, at, line, product);
    // A product's price is what we sell it for, not what a vendor charges: a purchase line always states its price.
    const unitPrice = check.money(`${at}.unitPrice`, line.unitPrice, decimals, { required: true });
    const discountPpm = check.percent(`${at}.discountPercent`, line.discountPercent) ?? 0;
    const taxRate = line.taxRateId ? taxRates.find((r) => r.id === line.taxRateId) : undefined;
    if (line.taxRateId && !taxRate) check.fail(`${at}.taxRateId`, `no tax rate with id "${line.taxRateId}"`);
    else if (taxRate && !taxRate.active) check.fail(`${at}.taxRateId`, 'is an inactive tax rate');
    const description = checkDescription(check, at, line, product);
    const accountId = line.accountId ?? product?.expenseAccountId ?? null;
    if (!accountId) check.fail(`${at}.accountId`, 'is required when the line has no product with an expense account');
    else accountRefs.push({ path: `${at}.accountId`, id: accountId, types: PURCHASE_LINE_ACCOUNT_TYPES });
    if (quantityMilli !== undefined && typeof unitPrice === 'bigint' && accountId) {
      // A purchase line's tax is its rate's; without a rate the line has no tax (null, not a 0 % rate).
      const taxRatePpm = taxRate?.ratePpm ?? null;
      const checked = checkedLine(check, at, {
        product,
        accountId,
        description,
        quantityMilli,
        unitPrice,
        discountPpm,
        taxRatePpm,
        taxRate,
      });
      if (checked) lines.push({ ...checked, taxAccountId: taxRate?.purchaseAccountId ?? null });
    }
  }
  const system = await checkAccountRefsWithSystem(tenant, check, accountRefs, [
    'tax_recoverable' as const,
    'accounts_receivable' as const,
    ...roles,
  ]);
  for (const line of lines) if (line.taxRatePpm !== null) line.taxAccountId ??= system.tax_recoverable;
  // Receivables and payables only move with their own documents: a purchase line may debit neither.
  for (const ref of accountRefs) {
    if (ref.id === system.accounts_receivable)
      check.fail(ref.path, 'is a receivables or payables account, which only invoices, bills and their payments post to');
  }
  return { lines, system };
}

/** The columns of a document's line, as every write of one inserts them (one raw INSERT, src/db/insert.ts). */
export const lineColumns = <Key extends string>(parentKey: Key) =>
  [
    'id',
    'organizationId',
    parentKey,
    'lineNo',
    'productId',
    'accountId',
    'description',
    'quantityMilli',
    'unitPrice',
    'discountPpm',
    'taxRatePpm',
    'taxRateId',
    'amount',
    'taxAmount',
    'taxAccountId',
    'currency',
    'homeAmount',
    'homeTaxAmount',
  ] as const;

/**
 * The rows a document's checked lines are stored as, numbered from 1 (the `parentKey` column names the
 * document). A draft's lines name no tax account: their tax is posted, to its rates' accounts as they are
 * then, when the draft is finalized (`recordTaxAccounts`). A foreign-currency document's lines given its
 * `rate` keep their amounts converted to home currency (currency.ts); without a rate yet (a draft), they
 * are converted when it is posted.
 */
export function lineRows<Key extends string>(
  scope: WriteScope,
  idType: IdType,
  parentKey: Key,
  parentId: string,
  lines: CheckedLine[],
  options: { draft?: boolean; currency?: string; rate?: string | null } = {},
) {
  const currency = options.currency ?? homeCurrency(scope);
  const rate = options.rate ?? null;
  return lines.map((l, i) => ({
    id: newId(idType),
    organizationId: scope.organizationId,
    ...({ [parentKey]: parentId } as Record<Key, string>),
    lineNo: i + 1,
    productId: l.productId,
    accountId: l.accountId,
    description: l.description,
    quantityMilli: l.quantityMilli,
    unitPrice: l.unitPrice,
    discountPpm: l.discountPpm,
    taxRatePpm: l.taxRatePpm,
    taxRateId: l.taxRateId,
    amount: l.figures.amount,
    taxAmount: l.figures.tax,
    taxAccountId: options.draft ? null : l.taxAccountId,
    ...homeLineAmounts(scope, { amount: l.figures.amount, taxAmount: l.figures.tax }, currency, rate),
  }));
}

/** The tax account of each taxed line of a draft being posted: its rate's account now, else `fallback`. */
export function taxAccountsAtPosting<Line extends { taxRateId: string | null; taxRatePpm: number | null }>(
  lines: Line[],
  rateAccounts: Map<string, string | null>,
  fallback: string,
) {
  return lines.map((l) => ({
    ...l,
    taxAccountId: l.taxRatePpm === null ? null : (l.taxRateId && rateAccounts.get(l.taxRateId)) || fallback,
  }));
}

/** Stores where a finalized draft's lines' tax went, grouped by account (one statement per account). */
export async function recordTaxAccounts(
  update: (ids: string[], taxAccountId: string) => Promise<unknown>,
  lines: { id: string; taxAccountId: string | null }[],
) {
  const byAccount = new Map<string, string[]>();
  for (const line of lines) if (line.taxAccountId) byAccount.set(line.taxAccountId, [...(byAccount.get(line.taxAccountId) ?? []), line.id]);
  for (const [account, ids] of byAccount) await update(ids, account);
}
