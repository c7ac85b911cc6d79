// Books of any size, fast: invoices with their payments and voids written as multi-row INSERTs, many
// invoices to a transaction, instead of one unit of work each (which costs about 2 ms an invoice: a
// million would take over half an hour). The rows are the ones the write path makes — the same invoice
// arithmetic, the same posting lines (`documentPostingLines`), the same column lists, daily totals,
// customer balances, numbering and `settledOn` — and test/db/bulk-seed.test.ts holds that to the write
// path row for row. Not written: events (a seed's events would be history nobody is sent) and
// idempotency keys.
import type { Database } from '../src/db/database.ts';
import { addToTotals, insertRows } from '../src/db/insert.ts';
import { addDays } from '../src/lib/dates.ts';
import { newId, newPublicToken } from '../src/lib/ids.ts';
import { currencyDecimals, parseMoney } from '../src/lib/money.ts';
import { invoiceTotals, lineFigures, parseQuantity } from '../src/modules/documents/arithmetic.ts';
import { documentPostingLines } from '../src/modules/documents/posting.ts';
import { INVOICE_LINE_COLUMNS, INVOICE_TYPE } from '../src/modules/invoices/invoices.service.ts';
import { AGING_STEP_COLUMNS, agingSteps, owedAgingSource } from '../src/modules/documents/aging.ts';
import { DAILY_TOTAL_KEY, JOURNAL_ENTRY_COLUMNS, JOURNAL_LINE_COLUMNS, mirrorLines } from '../src/modules/journal/journal.service.ts';

/** An invoice as a client would send it, with what happens to it afterwards (payments in the order recorded, a void). */
export interface PlannedInvoice {
  customerId: string;
  issueDate: string;
  lines: ({ productId: string; quantity: string } | { description: string; unitPrice: string; quantity: string })[];
  /** `half`: half of what is then due (rounded down); `rest`: all that is then due. */
  payments: { portion: 'half' | 'rest'; date: string }[];
  voidOn?: string;
}

/**
 * A business's invoices over the days up to `endDate`, `perDay` a day, oldest first, the same every run:
 * 1–3 lines each (a product, or a service at a price); an invoice older than 60 days is paid (one payment
 * in four in two halves) or, one in a hundred, voided; a newer one is unpaid, half paid or paid. So what
 * is open at any date is the last two months' business, however long the history behind it.
 */
export function planInvoices(
  count: number,
  { customerIds, productIds, endDate, perDay }: { customerIds: string[]; productIds: string[]; endDate: string; perDay: number },
): PlannedInvoice[] {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const below = (n: number) => Math.floor(random() * n);
  const plans: PlannedInvoice[] = [];
  for (let i = 0; i < count; i++) {
    const age = Math.floor((count - 1 - i) / perDay);
    const issueDate = addDays(endDate, -age);
    const lines = Array.from({ length: 1 + below(3) }, (_, n) =>
      random() < 0.5
        ? { productId: productIds[below(productIds.length)], quantity: String(1 + below(3)) }
        : { description: `Service ${n + 1}`, unitPrice: `${10 + below(500)}.${String(below(100)).padStart(2, '0')}`, quantity: '1.5' },
    );
    const plan: PlannedInvoice = { customerId: customerIds[below(customerIds.length)], issueDate, lines, payments: [] };
    const draw = random();
    if (age > 60) {
      const paidOn = addDays(issueDate, 5 + below(36));
      if (draw < 0.01) plan.voidOn = addDays(issueDate, 10);
      else if (draw < 0.25) plan.payments.push({ portion: 'half', date: paidOn }, { portion: 'rest', date: addDays(paidOn, below(21)) });
      else plan.payments.push({ portion: 'rest', date: paidOn });
    } else if (draw >= 0.4) {
      plan.payments.push({ portion: draw < 0.6 ? 'half' : 'rest', date: addDays(issueDate, below(Math.min(age, 40) + 1)) });
    }
    plans.push(plan);
  }
  return plans;
}

type Row = Record<string, unknown>;
const INVOICE_COLUMNS = [
  'id',
  'organizationId',
  'number',
  'customerId',
  'status',
  'issueDate',
  'dueDate',
  'currency',
  'memo',
  'reference',
  'subtotal',
  'discountTotal',
  'taxTotal',
  'total',
  'amountPaid',
  'journalEntryId',
  'voidJournalEntryId',
  'voidedAt',
  'settledOn',
  'createdAt',
  'updatedAt',
  'publicToken',
] as const;
const PAYMENT_COLUMNS = [
  'id',
  'organizationId',
  'invoiceId',
  'amount',
  'date',
  'depositAccountId',
  'method',
  'reference',
  'journalEntryId',
  'createdAt',
] as const;
const AGED_INVOICES = owedAgingSource(INVOICE_TYPE);

/** Rows per INSERT: well under SQLite's 32,766 bound parameters for the widest table. */
const ROWS_PER_STATEMENT = 1_000;

/** Writes the invoices, `batch` to a transaction, numbered after what the organization already has. */
export async function writeInvoices(
  db: Database,
  organizationId: string,
  invoices: readonly PlannedInvoice[],
  { batch = 5_000, now = new Date() } = {},
): Promise<void> {
  const organization = await db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } });
  const accounts = await db.prisma.account.findMany({
    where: { organizationId, systemRole: { in: ['sales', 'accounts_receivable', 'sales_tax_payable', 'bank'] } },
  });
  const role = (name: string) => accounts.find((a) => a.systemRole === name)!.id;
  const system = {
    sales: role('sales'),
    accounts_receivable: role('accounts_receivable'),
    sales_tax_payable: role('sales_tax_payable'),
    bank: role('bank'),
  };
  const customers = new Map((await db.prisma.customer.findMany({ where: { organizationId } })).map((c) => [c.id, c]));
  const products = new Map((await db.prisma.product.findMany({ where: { organizationId } })).map((p) => [p.id, p]));
  const decimals = currencyDecimals(organization.baseCurrency);
  let nextInvoice = organization.nextInvoiceNumber;
  let nextEntry = organization.nextEntryNumber;

  for (let start = 0; start < invoices.length; start += batch) {
    const rows = {
      Invoice: [] as Row[],
      InvoiceLine: [] as Row[],
      JournalEntry: [] as Row[],
      JournalLine: [] as Row[],
      Payment: [] as Row[],
      AgingStep: [] as Row[],
    };
    const daily = new Map<string, { organizationId: string; accountId: string; date: string; debit: bigint; credit: bigint }>();
    const balances = new Map<string, bigint>();
    /** writePosting's rows: the entry, its lines, and the accounts' totals of the day. */
    const post = (posting: {
      date: string;
      description: string;
      reference: string;
      sourceType: string;
      sourceId: string;
      lines: { accountId: string; debit: bigint; credit: bigint; customerId?: string | null; description?: string | null }[];
    }) => {
      const id = newId('JournalEntry');
      const lines = posting.lines.map((line, i) => ({
        id: newId('JournalLine'),
        organizationId,
        entryId: id,
        lineNo: i + 1,
        accountId: line.accountId,
        description: line.description ?? null,
        debit: line.debit,
        credit: line.credit,
        date: posting.date,
        customerId: line.customerId ?? null,
        vendorId: null,
      }));
      rows.JournalEntry.push({
        id,
        organizationId,
        number: nextEntry++,
        date: posting.date,
        description: posting.description,
        reference: posting.reference,
        sourceType: posting.sourceType,
        sourceId: posting.sourceId,
        reversalOfId: null,
        totalAmount: lines.reduce((t, l) => t + l.debit, 0n),
        currency: organization.baseCurrency,
        createdAt: now,
      });
      rows.JournalLine.push(...lines);
      for (const line of lines) {
        const key = `${line.accountId} ${posting.date}`;
        const total =
          daily.get(key) ??
          daily.set(key, { organizationId, accountId: line.accountId, date: posting.date, debit: 0n, credit: 0n }).get(key)!;
        total.debit += line.debit;
        total.credit += line.credit;
      }
      return { id, lines };
    };

    for (const planned of invoices.slice(start, start + batch)) {
      const customer = customers.get(planned.customerId)!;
      const id = newId('Invoice');
      const number = `INV-${String(nextInvoice++).padStart(4, '0')}`;
      const lines = planned.lines.map((line, i) => {
        const product = 'productId' in line ? products.get(line.productId)! : undefined;
        const quantityMilli = parseQuantity(line.quantity)!;
        const unitPrice = product
          ? product.unitPrice
          : (parseMoney((line as { unitPrice: string }).unitPrice, decimals, 'unitPrice') as bigint);
        const taxRatePpm = product?.taxRatePpm ?? null; // no tax without the product's (the write path's rule)
        const figures = lineFigures(quantityMilli, unitPrice, 0, taxRatePpm);
        return {
          id: newId('InvoiceLine'),
          organizationId,
          invoiceId: id,
          lineNo: i + 1,
          productId: product?.id ?? null,
          accountId: product?.incomeAccountId ?? system.sales,
          description: product ? product.name : (line as { description: string }).description,
          quantityMilli,
          unitPrice,
          discountPpm: 0,
          taxRatePpm,
          taxRateId: null,
          taxAccountId: taxRatePpm === null ? null : system.sales_tax_payable,
          amount: figures.amount,
          taxAmount: figures.tax,
          figures,
        };
      });
      const totals = invoiceTotals(lines.map((l) => l.figures));
      const posted = post({
        date: planned.issueDate,
        description: `Invoice ${number}`,
        reference: number,
        sourceType: 'invoice',
        sourceId: id,
        lines: documentPostingLines(
          'sale',
          { ...totals, lines },
          { counterAccountId: system.accounts_receivable, taxAccountId: system.sales_tax_payable },
          { customerId: customer.id },
        ),
      });
      let amountPaid = 0n;
      let settledOn: string | null = null;
      const settlements: { date: string; voidDate: null; amount: bigint; home: bigint }[] = [];
      for (const payment of planned.payments) {
        const paymentId = newId('Payment');
        const due = totals.total - amountPaid;
        const amount = payment.portion === 'rest' ? due : due / 2n;
        const entry = post({
          date: payment.date,
          description: `Payment for invoice ${number}`,
          reference: number,
          sourceType: 'payment',
          sourceId: paymentId,
          lines: [
            { accountId: system.bank, debit: amount, credit: 0n, customerId: customer.id },
            { accountId: system.accounts_receivable, debit: 0n, credit: amount, customerId: customer.id },
          ],
        });
        rows.Payment.push({
          id: paymentId,
          organizationId,
          invoiceId: id,
          amount,
          date: payment.date,
          depositAccountId: system.bank,
          method: null,
          reference: null,
          journalEntryId: entry.id,
          createdAt: now,
        });
        amountPaid += amount;
        settlements.push({ date: payment.date, voidDate: null, amount, home: amount });
        if (amountPaid === totals.total)
          settledOn = planned.payments.reduce((latest, p) => (p.date > latest ? p.date : latest), payment.date);
      }
      const voided = planned.voidOn
        ? post({
            date: planned.voidOn,
            description: `Void of invoice ${number}`,
            reference: number,
            sourceType: 'invoice_void',
            sourceId: id,
            lines: mirrorLines(posted.lines),
          })
        : undefined;
      const status = voided ? 'VOID' : amountPaid === 0n ? 'OPEN' : amountPaid === totals.total ? 'PAID' : 'PARTIALLY_PAID';
      if (status === 'OPEN' || status === 'PARTIALLY_PAID')
        balances.set(customer.id, (balances.get(customer.id) ?? 0n) + totals.total - amountPaid);
      rows.Invoice.push({
        id,
        organizationId,
        number,
        customerId: customer.id,
        status,
        issueDate: planned.issueDate,
        dueDate: addDays(planned.issueDate, customer.paymentTermsDays ?? organization.defaultPaymentTermsDays),
        currency: organization.baseCurrency,
        memo: null,
        reference: null,
        ...totals,
        amountPaid,
        journalEntryId: posted.id,
        voidJournalEntryId: voided?.id ?? null,
        voidedAt: voided ? now : null,
        settledOn: voided ? planned.voidOn : settledOn,
        createdAt: now,
        updatedAt: now,
        publicToken: newPublicToken(),
      });
      rows.InvoiceLine.push(...lines);
      const dueDate = addDays(planned.issueDate, customer.paymentTermsDays ?? organization.defaultPaymentTermsDays);
      const aged = { id, partyId: customer.id, currency: organization.baseCurrency, dueDate, issueDate: planned.issueDate, status };
      for (const step of agingSteps(AGED_INVOICES, {
        ...aged,
        settledOn: voided ? planned.voidOn! : settledOn,
        ...totals,
        homeTotal: null,
        settlements,
      }))
        rows.AgingStep.push({
          documentId: id,
          organizationId,
          side: AGED_INVOICES.side,
          partyId: customer.id,
          currency: aged.currency,
          dueDate,
          ...step,
        });
    }

    await db.prisma.$transaction(
      async (tx) => {
        // In the order the write path writes them (an invoice's entry before the invoice, its lines after).
        for (const [table, columns] of [
          ['JournalEntry', JOURNAL_ENTRY_COLUMNS],
          ['JournalLine', JOURNAL_LINE_COLUMNS],
          ['Invoice', INVOICE_COLUMNS],
          ['InvoiceLine', INVOICE_LINE_COLUMNS],
          ['Payment', PAYMENT_COLUMNS],
          ['AgingStep', AGING_STEP_COLUMNS],
        ] as const) {
          const all = rows[table];
          for (let i = 0; i < all.length; i += ROWS_PER_STATEMENT)
            await insertRows(tx, table, columns, all.slice(i, i + ROWS_PER_STATEMENT));
        }
        const totals = [...daily.values()];
        for (let i = 0; i < totals.length; i += ROWS_PER_STATEMENT)
          await addToTotals(tx, 'AccountDailyTotal', DAILY_TOTAL_KEY, ['debit', 'credit'], totals.slice(i, i + ROWS_PER_STATEMENT));
        for (const [customerId, delta] of balances)
          await tx.$executeRaw`UPDATE "Customer" SET "balance" = "balance" + ${delta} WHERE "id" = ${customerId}`;
        await tx.$executeRaw`UPDATE "Organization" SET "nextInvoiceNumber" = ${nextInvoice}, "nextEntryNumber" = ${nextEntry}
          WHERE "id" = ${organizationId}`;
      },
      { timeout: 600_000, maxWait: 60_000 },
    );
  }
}
