import { validationError } from '../../lib/errors.ts';
import type { Tenant } from '../../core/tenant.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { offThread } from '../../db/sql.ts';
import { creditDocumentTypes } from '../documents/index.ts';
import { minor } from './balances.ts';

/**
 * The statement of tax over a period per tax rate (or bare percentage): charged on invoices and sales
 * receipts posted in it (less refund receipts), and paid on bills posted in it, each less what voids
 * posted in it took back (a void posts the reversal on its own date: settledOn, or a receipt's voidDate).
 */
export function taxStatement(organizationId: string, from: string, to: string): Prisma.Sql {
  type Taxed = { lines: string; key: string; side: 'sales' | 'purchases'; posted: string; voided: string; givesBack?: boolean };
  const DOCUMENTS: Record<string, Taxed> = {
    Invoice: { lines: '"InvoiceLine"', key: '"invoiceId"', side: 'sales', posted: '"issueDate"', voided: '"settledOn"' },
    SalesReceipt: { lines: '"SalesReceiptLine"', key: '"receiptId"', side: 'sales', posted: '"date"', voided: '"voidDate"' },
    Bill: { lines: '"BillLine"', key: '"billId"', side: 'purchases', posted: '"issueDate"', voided: '"settledOn"' },
    // Bad-debt relief: the tax a write-off took back, off the tax collected in the write-off's period.
    InvoiceWriteOff: {
      lines: '"InvoiceWriteOffTax"',
      key: '"writeOffId"',
      side: 'sales',
      posted: '"date"',
      voided: '"voidDate"',
      givesBack: true,
    },
  };
  // Credit documents with lines (credit notes, vendor credits) post the mirror of their side's documents;
  // prepayments carry no tax (it is charged on the invoice they are applied to).
  for (const c of [...creditDocumentTypes('sale'), ...creditDocumentTypes('purchase')].filter((t) => t.linesInOrder))
    DOCUMENTS[c.typename] = {
      lines: `"${c.lineTable}"`,
      key: `"${c.parentKey}"`,
      side: c.side === 'sale' ? 'sales' : 'purchases',
      posted: '"issueDate"',
      voided: '"settledOn"',
      givesBack: true,
    };
  const part = (documents: string, posting: 'posted' | 'voided') => {
    const d = DOCUMENTS[documents]!;
    // A void takes back what its document posted; a refund receipt and a credit document are their side's mirror.
    const mirrored = (posting === 'voided') !== (d.givesBack === true);
    const sign = `${mirrored ? '-' : ''}${documents === 'SalesReceipt' ? `(CASE WHEN i."kind" = 'REFUND' THEN -1 ELSE 1 END) * ` : ''}`;
    // In home currency: a foreign document's lines keep their amounts converted as posted.
    // A write-off's relieved tax is kept in home currency already.
    const [taxable, tax] =
      d.lines === '"InvoiceWriteOffTax"'
        ? [`${sign}l."amount"`, `${sign}l."taxAmount"`]
        : [`${sign}COALESCE(l."homeAmount", l."amount")`, `${sign}COALESCE(l."homeTaxAmount", l."taxAmount")`];
    const [sales, purchases] =
      d.side === 'sales'
        ? [
            [taxable, tax],
            ['0', '0'],
          ]
        : [
            ['0', '0'],
            [taxable, tax],
          ];
    // The account the line's tax was posted to, on its side: a row names where its tax went.
    const [salesAccount, purchaseAccount] =
      d.side === 'sales' ? ['l."taxAccountId"', 'CAST(NULL AS TEXT)'] : ['CAST(NULL AS TEXT)', 'l."taxAccountId"'];
    const columns =
      `${sales[0]} AS "salesTaxable", ${sales[1]} AS "salesTax", ${purchases[0]} AS "purchasesTaxable", ` +
      `${purchases[1]} AS "purchasesTax", ${salesAccount} AS "salesAccountId", ${purchaseAccount} AS "purchaseAccountId", ` +
      `'${d.side}' AS "side"`;
    const [entry, dateColumn] = posting === 'posted' ? ['"journalEntryId"', d.posted] : ['"voidJournalEntryId"', d.voided];
    // A line without tax (null) is in no row, on either side; a zero rate (0) is reported.
    return Prisma.sql`SELECT l."taxRateId", l."taxRatePpm", ${Prisma.raw(columns)} FROM ${Prisma.raw(`"${documents}"`)} i JOIN
      ${Prisma.raw(d.lines)} l ON l.${Prisma.raw(d.key)} = i."id"
      WHERE i."organizationId" = ${organizationId} AND i.${Prisma.raw(entry)} IS NOT NULL
        AND i.${Prisma.raw(dateColumn)} >= ${from} AND i.${Prisma.raw(dateColumn)} <= ${to} AND l."taxRatePpm" IS NOT NULL`;
  };
  const parts = Object.keys(DOCUMENTS).flatMap((documents) => [part(documents, 'posted'), part(documents, 'voided')]);
  return Prisma.sql`
    SELECT o."taxRateId", o."taxRatePpm", o."side", o."salesAccountId", o."purchaseAccountId",
           SUM(o."salesTaxable") AS "salesTaxable", SUM(o."salesTax") AS "salesTax",
           SUM(o."purchasesTaxable") AS "purchasesTaxable", SUM(o."purchasesTax") AS "purchasesTax"
    FROM (${Prisma.join(parts, ' UNION ALL ')}) o
    GROUP BY o."taxRateId", o."taxRatePpm", o."side", o."salesAccountId", o."purchaseAccountId"`;
}

/**
 * Tax over a period, per tax rate, as a company files it: the amounts taxed and the tax charged on
 * invoices and sales receipts posted in it (less refund receipts, and the tax write-offs in it took back as
 * bad-debt relief), and the amounts and tax paid on bills posted in it (each less what voids posted in it
 * took back); net = collected − paid. Invoice lines with a bare percentage are grouped by
 * percentage, without a rate; their tax went to the sales tax account. Collected tax moved each row's
 * `account` and paid tax its `purchaseAccount` through documents in the period (a manual journal entry
 * to a tax account is not a document and is not in it).
 * Long on purpose: the summary's rows per rate, in one place with the rule that pairs charged and paid tax.
 */
export async function taxSummary(tenant: Tenant, from: string, to: string) {
  if (to < from) throw validationError([{ path: 'to', message: `must not be before from (${from})` }]);
  type Sum = {
    taxRateId: string | null;
    taxRatePpm: unknown;
    side: 'sales' | 'purchases';
    salesAccountId: string | null;
    purchaseAccountId: string | null;
    salesTaxable: unknown;
    salesTax: unknown;
    purchasesTaxable: unknown;
    purchasesTax: unknown;
  };
  // Every taxed line of the period: off the request thread on SQLite.
  const sums: Sum[] = await tenant.prisma.$queryRaw(offThread(taxStatement(tenant.organizationId, from, to), tenant.organizationId));
  const rateIds = [...new Set(sums.map((s) => s.taxRateId).filter((id): id is string => !!id))];
  const rates = rateIds.length
    ? await tenant.prisma.taxRate.findMany({ where: { organizationId: tenant.organizationId, id: { in: rateIds } } })
    : [];
  const rateOf = new Map(rates.map((r) => [r.id, r]));
  const accountIds = [
    ...sums.flatMap((s) => [s.salesAccountId, s.purchaseAccountId]),
    ...rates.flatMap((r) => [r.salesAccountId, r.purchaseAccountId]),
  ].filter((id): id is string => !!id);
  const accounts = await tenant.prisma.account.findMany({
    where: {
      organizationId: tenant.organizationId,
      OR: [{ id: { in: [...new Set(accountIds)] } }, { systemRole: { in: ['sales_tax_payable', 'tax_recoverable'] } }],
    },
  });
  const bySystemRole = (role: string) => accounts.find((a) => a.systemRole === role) ?? null;
  const accountOf = new Map(accounts.map((a) => [a.id, a]));
  // One row per rate (a rate's lines all carry its percentage) and per bare percentage, and within it per
  // account its tax went to: a rate whose account changed shows a row for each account, as the ledger does.
  // Sales and purchases at the same rate share a row, side by side.
  const byRate = new Map<string, { sales: Sum[]; purchases: Sum[] }>();
  for (const sum of sums) {
    const key = `${sum.taxRateId ?? ''}/${Number(sum.taxRatePpm)}`;
    const group = byRate.get(key) ?? byRate.set(key, { sales: [], purchases: [] }).get(key)!;
    group[sum.side].push(sum);
  }
  const rows = [...byRate.values()]
    .flatMap(({ sales, purchases }) =>
      Array.from({ length: Math.max(sales.length, purchases.length) }, (_, i) => {
        const sale = sales[i];
        const purchase = purchases[i];
        const any = (sale ?? purchase)!;
        const taxRate = any.taxRateId ? rateOf.get(any.taxRateId)! : null;
        const collected = minor(sale?.salesTax ?? 0);
        const paid = minor(purchase?.purchasesTax ?? 0);
        // A side with no lines in the period names where its tax would go now.
        const account =
          (sale?.salesAccountId ? accountOf.get(sale.salesAccountId) : undefined) ??
          (taxRate?.salesAccountId ? accountOf.get(taxRate.salesAccountId) : undefined) ??
          bySystemRole('sales_tax_payable');
        const purchaseAccount =
          (purchase?.purchaseAccountId ? accountOf.get(purchase.purchaseAccountId) : undefined) ??
          (taxRate?.purchaseAccountId ? accountOf.get(taxRate.purchaseAccountId) : undefined) ??
          bySystemRole('tax_recoverable');
        return {
          taxRate,
          ratePpm: Number(any.taxRatePpm),
          account,
          purchaseAccount,
          taxable: minor(sale?.salesTaxable ?? 0),
          collected,
          taxablePurchases: minor(purchase?.purchasesTaxable ?? 0),
          paid,
          net: collected - paid,
        };
      }),
    )
    .filter((r) => r.taxable !== 0n || r.collected !== 0n || r.taxablePurchases !== 0n || r.paid !== 0n)
    .sort(
      (a, b) =>
        (a.taxRate ? 0 : 1) - (b.taxRate ? 0 : 1) ||
        (a.taxRate?.name ?? '').localeCompare(b.taxRate?.name ?? '') ||
        a.ratePpm - b.ratePpm ||
        (a.account?.code ?? '').localeCompare(b.account?.code ?? ''),
    );
  const total = (pick: (r: (typeof rows)[number]) => bigint) => rows.reduce((t, r) => t + pick(r), 0n);
  return {
    from,
    to,
    rows,
    totalTaxable: total((r) => r.taxable),
    totalCollected: total((r) => r.collected),
    totalTaxablePurchases: total((r) => r.taxablePurchases),
    totalPaid: total((r) => r.paid),
    totalNet: total((r) => r.net),
  };
}
