// Documents as the public sees them, in what they share: the head and body of an owed document
// (invoice, bill), the lines of every document, and when a document was voided. Each document renders
// itself as one object literal (hot: a page renders many), which the compiler holds to these schemas.
import type { IdPrefix } from '../../lib/ids.ts';
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { CreditNoteStatus, InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { S } from '../../lib/json-schema.ts';
import { currencyDecimals, formatPercent, moneyNumber } from '../../lib/money.ts';
import { formatQuantity } from './arithmetic.ts';

/** What voidedAt and voidDate mean, on every document that can be voided (REST and GraphQL say the same). */
export const VOIDED_AT_DESCRIPTION = 'When the void was requested (the clock time of the request); voidDate is the date it was posted.';
export const VOID_DATE_DESCRIPTION =
  "The date the void was posted (its reversing entry's date, which the void request may set); null unless void, and for a voided " +
  'draft (nothing was posted).';

/**
 * What owed documents share, in the order REST shows it: the head before the party (customerId,
 * vendorId) and the rest after it. One declaration of both documents' schema; each renders itself as
 * one object literal (hot: a page renders many), which the compiler holds to that schema.
 */
export const documentHead = (prefix: IdPrefix) => ({ id: S.id(prefix), number: S.string, status: S.enum(Object.values(InvoiceStatus)) });

export const documentBody = (linePrefix: IdPrefix, referenceDescription: string) => ({
  issueDate: S.date,
  dueDate: S.date,
  currency: S.string,
  memo: S.nullable(S.string),
  reference: { ...S.nullable(S.string), description: referenceDescription },
  subtotal: S.number,
  discountTotal: S.number,
  taxTotal: S.number,
  total: S.number,
  amountPaid: S.number,
  amountDue: S.number,
  isOverdue: S.boolean,
  lines: documentLines(linePrefix),
  journalEntryId: S.nullable(S.id('je')),
  ...voidFields,
  createdAt: S.dateTime,
  updatedAt: S.dateTime,
});

/** When a document was voided: the request's moment and the posting's date. */
export const voidFields = {
  voidedAt: { ...S.nullable(S.dateTime), description: VOIDED_AT_DESCRIPTION },
  voidDate: { ...S.nullable(S.date), description: VOID_DATE_DESCRIPTION },
};

/** When a payment was voided, and the reversal it posted (all null while it stands). */
export const paymentVoidFields = {
  voidedAt: { ...S.nullable(S.dateTime), description: 'When the void was requested; null unless the payment is void.' },
  voidDate: { ...S.nullable(S.date), description: "The date the payment's reversal was posted; null unless void." },
  voidJournalEntryId: { ...S.nullable(S.id('je')), description: 'The reversal posted when it was voided.' },
};

/** What a payment paid beyond its document's amount due, kept as the party's credit (a prepayment `prefix_…`). */
export const excessCreditSchema = (prefix: IdPrefix) => ({
  ...S.nullable(S.object({ id: S.id(prefix), amount: S.number })),
  description:
    "What it paid beyond the amount due, kept as the party's credit when asked (keepExcessAsCredit): the prepayment holding it " +
    'and its amount. amount is what it paid on the document; the bank moved amount + excessCredit.amount. Null when none.',
});

/** A payment's kept excess as its representation reads it. */
export const renderExcessCredit = (excess: { id: string; total: bigint } | null, decimals: number) =>
  excess ? { id: excess.id, amount: moneyNumber(excess.total, decimals) } : null;

/** The lines of a document (invoice, bill, sales receipt), in order. */
export const documentLines = (linePrefix: IdPrefix) =>
  S.array(
    S.objectWithOptional(
      {
        id: S.id(linePrefix),
        lineNo: S.integer,
        productId: S.nullable(S.id('prod')),
        accountId: S.id('acct'),
        description: S.string,
        quantity: { type: 'number', exclusiveMinimum: 0 },
        unitPrice: S.number,
        discountPercent: S.percent('Discount in percent, e.g. 10.'),
        taxRate: S.nullable(S.percent('Tax in percent, e.g. 8.875; null when the line has no tax (0 is a zero rate).')),
        taxRateId: {
          ...S.nullable(S.id('txr')),
          description:
            "The tax rate the line's tax comes from; null when the line named none (on an invoice: gave a bare percentage, taxRate).",
        },
        amount: S.number,
        taxAmount: S.number,
      },
      {
        homeAmount: {
          ...S.nullable(S.number),
          description: 'Only on a foreign-currency document: amount in the home currency, as posted.',
        },
        homeTaxAmount: {
          ...S.nullable(S.number),
          description: 'Only on a foreign-currency document: taxAmount in the home currency, as posted.',
        },
      },
    ),
  );

/** A document's line as it is stored (every document's lines share the invoice line's columns but the parent's). */
export type DocumentLineRow = Omit<PrismaTypes.InvoiceLineGetPayload<object>, 'invoiceId'>;

/** A document's lines in order; a foreign-currency document's also with their home amounts (`home` formats them). */
export function renderLines(lines: DocumentLineRow[], money: (minor: bigint) => number, home?: (minor: bigint) => number) {
  return [...lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => {
      const line = {
        id: l.id,
        lineNo: l.lineNo,
        productId: l.productId,
        accountId: l.accountId,
        description: l.description,
        quantity: Number(formatQuantity(l.quantityMilli)),
        unitPrice: money(l.unitPrice),
        discountPercent: Number(formatPercent(l.discountPpm)),
        taxRate: l.taxRatePpm === null ? null : Number(formatPercent(l.taxRatePpm)),
        taxRateId: l.taxRateId,
        amount: money(l.amount),
        taxAmount: money(l.taxAmount),
      };
      if (!home || !l.currency) return line;
      const inHome = (minor: bigint | null) => (minor === null ? null : home(minor));
      return Object.assign(line, { homeAmount: inHome(l.homeAmount), homeTaxAmount: inHome(l.homeTaxAmount) });
    });
}

/** Home minor units as a JSON number, in the organization's currency. */
export const homeMoney = (organization: { baseCurrency: string }) => (minor: bigint) =>
  moneyNumber(minor, currencyDecimals(organization.baseCurrency));

/** What a credit document's public shape says in its own words. */
export interface CreditDocumentTexts {
  /**
   * Its id's prefix, its lines', allocations' and refunds' (`cn`, `cnl`, `cna`, `cnr`), and its party's
   * and credited documents' (`cus`, `inv`).
   */
  prefixes: { id: IdPrefix; line: IdPrefix; allocation: IdPrefix; refund: IdPrefix; party: IdPrefix; applied: IdPrefix };
  reference: string;
  amountApplied: string;
  amountRefunded: string;
  remainingCredit: string;
}

/** A credit document as the kernel reads it for its representation (credits.ts declares what it loads). */
export interface CreditDocumentRendered {
  id: string;
  number: string;
  status: string;
  customerId?: string;
  vendorId?: string;
  issueDate: string;
  currency: string;
  exchangeRate: string | null;
  homeTotal: bigint | null;
  memo: string | null;
  reference: string | null;
  subtotal: bigint;
  discountTotal: bigint;
  taxTotal: bigint;
  total: bigint;
  amountApplied: bigint;
  amountRefunded: bigint;
  settledOn: string | null;
  journalEntryId: string;
  voidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  lines: DocumentLineRow[];
  allocations: ({ id: string; amount: bigint; date: string; voidDate: string | null } & Record<string, unknown>)[];
  refunds: ({
    id: string;
    amount: bigint;
    date: string;
    paymentAccountId: string;
    journalEntryId: string;
    voidDate: string | null;
  } & Record<string, unknown>)[];
}

/** What a use of foreign credit adds to its entry in the credit's answer (present only on such a use). */
const FOREIGN_USE = {
  exchangeGain: {
    ...S.number,
    description:
      'Only on credit in a foreign currency: the realized exchange gain the use posted, in the home currency (negative: a loss).',
  },
};

/** A use of foreign credit's exchange gain (home units), against the credit's side; undefined at home. */
function foreignUse(
  use: Record<string, unknown>,
  home: (minor: bigint) => number,
  side: 'sale' | 'purchase',
  homeAmount: 'homeApplied' | 'homeAmount',
) {
  if (!use.currency || use[homeAmount] == null || use.homeSettled == null) return undefined;
  return { exchangeGain: home(exchangeGainOf({ homeAmount: use[homeAmount] as bigint, homeSettled: use.homeSettled as bigint }, side)) };
}

/** Where a credit document's credit went: its applications and refunds, oldest first. */
function creditUseSchemas(prefixes: Omit<CreditDocumentTexts['prefixes'], 'line'>, appliedKey: string) {
  return {
    allocations: S.array(
      S.objectWithOptional(
        {
          id: S.id(prefixes.allocation),
          [appliedKey]: S.id(prefixes.applied),
          amount: S.number,
          date: S.date,
          voidDate: { ...S.nullable(S.date), description: 'When the application was undone; null while it stands.' },
        },
        FOREIGN_USE,
      ),
    ),
    refunds: S.array(
      S.objectWithOptional(
        {
          id: S.id(prefixes.refund),
          amount: S.number,
          date: S.date,
          paymentAccountId: S.id('acct'),
          journalEntryId: S.id('je'),
          voidDate: { ...S.nullable(S.date), description: 'When the refund was voided; null while it stands.' },
        },
        FOREIGN_USE,
      ),
    ),
  };
}

/**
 * A credit's applications and refunds; a foreign one's with the exchange gain each posted (an application
 * against the credit's side, a refund against the money's, which runs the other way).
 */
const renderCreditUses = (
  c: Pick<CreditDocumentRendered, 'allocations' | 'refunds'>,
  appliedKey: string,
  money: (minor: bigint) => number,
  home: (minor: bigint) => number,
  side: 'sale' | 'purchase',
) => ({
  allocations: c.allocations.map((a) => {
    const use = { id: a.id, [appliedKey]: a[appliedKey], amount: money(a.amount), date: a.date, voidDate: a.voidDate };
    const foreign = foreignUse(a, home, side, 'homeApplied');
    return foreign ? Object.assign(use, foreign) : use;
  }),
  refunds: c.refunds.map((r) => {
    const use = {
      id: r.id,
      amount: money(r.amount),
      date: r.date,
      paymentAccountId: r.paymentAccountId,
      journalEntryId: r.journalEntryId,
      voidDate: r.voidDate,
    };
    const foreign = foreignUse(r, home, side === 'sale' ? 'purchase' : 'sale', 'homeAmount');
    return foreign ? Object.assign(use, foreign) : use;
  }),
});

const loadCredits =
  <Row>(type: { model: string; include: object }): Representation<Row>['load'] =>
  (db, organizationId, ids) =>
    (db as unknown as Record<string, { findMany(args: object): Promise<Row[]> }>)[type.model]!.findMany({
      where: { organizationId, id: { in: ids } },
      include: type.include,
      orderBy: { id: 'asc' },
    });

/**
 * The public shape of a credit document (credit note, vendor credit): its party and the documents its
 * credit went to are named by the type's columns (`customerId` and `invoiceId`, `vendorId` and `billId`).
 */
export function creditDocumentRepresentation<Row extends CreditDocumentRendered>(
  type: {
    resource: string;
    model: string;
    include: object;
    party: { key: 'customerId' | 'vendorId' };
    appliedKey: string;
    side: 'sale' | 'purchase';
  },
  texts: CreditDocumentTexts,
): Representation<Row> {
  const { prefixes } = texts;
  const partyKey = type.party.key;
  const appliedKey = type.appliedKey;
  const schema = S.objectWithOptional(
    {
      id: S.id(prefixes.id),
      number: S.string,
      status: S.enum(Object.values(CreditNoteStatus)),
      [partyKey]: S.id(prefixes.party),
      issueDate: S.date,
      currency: S.string,
      memo: S.nullable(S.string),
      reference: { ...S.nullable(S.string), description: texts.reference },
      subtotal: S.number,
      discountTotal: S.number,
      taxTotal: S.number,
      total: S.number,
      amountApplied: { ...S.number, description: texts.amountApplied },
      amountRefunded: { ...S.number, description: texts.amountRefunded },
      remainingCredit: { ...S.number, description: texts.remainingCredit },
      lines: documentLines(prefixes.line),
      ...creditUseSchemas(prefixes, appliedKey),
      journalEntryId: S.id('je'),
      ...voidFields,
      createdAt: S.dateTime,
      updatedAt: S.dateTime,
    },
    foreignDocumentSchema,
  );
  return {
    type: type.resource,
    schema,
    load: loadCredits<Row>(type),
    query: { include: type.include },
    // One object literal (hot: a page renders many), in the schema's order.
    render(c, organization) {
      const decimals = currencyDecimals(c.currency);
      const money = (minor: bigint) => moneyNumber(minor, decimals);
      const body = {
        id: c.id,
        number: c.number,
        status: c.status.toLowerCase(),
        [partyKey]: c[partyKey],
        issueDate: c.issueDate,
        currency: c.currency,
        memo: c.memo,
        reference: c.reference,
        subtotal: money(c.subtotal),
        discountTotal: money(c.discountTotal),
        taxTotal: money(c.taxTotal),
        total: money(c.total),
        amountApplied: money(c.amountApplied),
        amountRefunded: money(c.amountRefunded),
        remainingCredit: money(c.status === 'VOID' ? 0n : c.total - c.amountApplied - c.amountRefunded),
        lines: renderLines(c.lines, money, homeMoney(organization)),
        ...renderCreditUses(c, appliedKey, money, homeMoney(organization), type.side),
        journalEntryId: c.journalEntryId,
        voidedAt: c.voidedAt?.toISOString() ?? null,
        voidDate: c.status === 'VOID' ? c.settledOn : null,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      };
      const foreign = foreignDocumentBody(c, organization.baseCurrency);
      return foreign ? Object.assign(body, foreign) : body;
    },
  };
}

/** A prepayment as the kernel reads it for its representation (credits.ts declares what it loads). */
export type PrepaymentRendered = Omit<CreditDocumentRendered, 'subtotal' | 'discountTotal' | 'taxTotal' | 'lines'> & {
  kind: string;
  method: string | null;
  paymentId: string | null;
  voidJournalEntryId: string | null;
} & Record<string, unknown>;

/**
 * The public shape of a prepayment (a customer's, a vendor's): the money, its bank or cash account
 * (`depositAccountId` or `paymentAccountId`, the type's `accountKey`), and where its credit went.
 * Long on purpose: one prepayment's whole public shape and its rendering side by side, so the compiler holds one to
 * the other.
 */
export function prepaymentRepresentation<Row extends PrepaymentRendered>(
  type: {
    resource: string;
    model: string;
    include: object;
    party: { key: 'customerId' | 'vendorId' };
    appliedKey: string;
    accountKey?: string;
    side: 'sale' | 'purchase';
  },
  texts: Omit<CreditDocumentTexts, 'prefixes'> & {
    prefixes: Omit<CreditDocumentTexts['prefixes'], 'line'> & { payment: IdPrefix };
    account: string;
    total: string;
  },
): Representation<Row> {
  const { prefixes } = texts;
  const partyKey = type.party.key;
  const { appliedKey } = type;
  const accountKey = type.accountKey!;
  const schema = S.objectWithOptional(
    {
      id: S.id(prefixes.id),
      number: S.string,
      kind: {
        ...S.enum(['prepayment', 'overpayment']),
        description: 'prepayment: money paid ahead of any document; overpayment: what a payment paid beyond its document.',
      },
      status: S.enum(Object.values(CreditNoteStatus)),
      [partyKey]: S.id(prefixes.party),
      date: { ...S.date, description: 'When the money moved; the posting date.' },
      currency: S.string,
      total: { ...S.number, description: texts.total },
      [accountKey]: { ...S.id('acct'), description: texts.account },
      method: S.nullable(S.string),
      reference: { ...S.nullable(S.string), description: texts.reference },
      memo: S.nullable(S.string),
      paymentId: {
        ...S.nullable(S.id(prefixes.payment)),
        description: 'The payment whose excess it holds (an overpayment); null otherwise.',
      },
      amountApplied: { ...S.number, description: texts.amountApplied },
      amountRefunded: { ...S.number, description: texts.amountRefunded },
      remainingCredit: { ...S.number, description: texts.remainingCredit },
      ...creditUseSchemas(prefixes, appliedKey),
      journalEntryId: { ...S.id('je'), description: "Its posting (an overpayment's is its payment's)." },
      voidJournalEntryId: { ...S.nullable(S.id('je')), description: 'The reversal posted when it was voided.' },
      ...voidFields,
      createdAt: S.dateTime,
      updatedAt: S.dateTime,
    },
    foreignDocumentSchema,
  );
  return {
    type: type.resource,
    schema,
    load: loadCredits<Row>(type),
    query: { include: type.include },
    render(c, organization) {
      const decimals = currencyDecimals(c.currency);
      const money = (minor: bigint) => moneyNumber(minor, decimals);
      const body = {
        id: c.id,
        number: c.number,
        kind: c.kind.toLowerCase(),
        status: c.status.toLowerCase(),
        [partyKey]: c[partyKey],
        date: c.issueDate,
        currency: c.currency,
        total: money(c.total),
        [accountKey]: c[accountKey],
        method: c.method,
        reference: c.reference,
        memo: c.memo,
        paymentId: c.paymentId,
        amountApplied: money(c.amountApplied),
        amountRefunded: money(c.amountRefunded),
        remainingCredit: money(c.status === 'VOID' ? 0n : c.total - c.amountApplied - c.amountRefunded),
        ...renderCreditUses(c, appliedKey, money, homeMoney(organization), type.side),
        journalEntryId: c.journalEntryId,
        voidJournalEntryId: c.voidJournalEntryId,
        voidedAt: c.voidedAt?.toISOString() ?? null,
        voidDate: c.status === 'VOID' ? c.settledOn : null,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      };
      const foreign = foreignDocumentBody(c, organization.baseCurrency);
      return foreign ? Object.assign(body, foreign) : body;
    },
  };
}

/**
 * What a document in a foreign currency adds to its body: present only on such a document, so the
 * answers of an organization that keeps to its home currency stay exactly as they were.
 */
export const foreignDocumentSchema = {
  exchangeRate: {
    ...S.nullable(S.string),
    description: 'Only on a foreign-currency document: home-currency units per one unit of its currency, as posted (null on a draft).',
  },
  homeTotal: {
    ...S.nullable(S.number),
    description: 'Only on a foreign-currency document: its total in the home currency, as posted (null on a draft).',
  },
};

/** A document's foreign-currency fields, or nothing when it is in the home currency. */
export function foreignDocumentBody(d: { currency: string; exchangeRate: string | null; homeTotal: bigint | null }, home: string) {
  if (d.currency === home) return undefined;
  return { exchangeRate: d.exchangeRate, homeTotal: d.homeTotal === null ? null : homeMoney({ baseCurrency: home })(d.homeTotal) };
}

/** What a payment of a foreign-currency document adds (present only on one). */
export const foreignPaymentSchema = {
  currency: { ...S.string, description: "Only on a foreign-currency payment: its currency (its document's), which amount is in." },
  exchangeRate: { ...S.string, description: 'Only on a foreign-currency payment: the rate it was paid at (home units per unit).' },
  homeAmount: { ...S.number, description: 'Only on a foreign-currency payment: its amount in the home currency at that rate.' },
  exchangeGain: {
    ...S.number,
    description:
      'Only on a foreign-currency payment: the realized exchange gain it posted, in the home currency (negative: a loss), ' +
      "against the document's rate.",
  },
};

/** A payment's foreign-currency fields, or nothing when it is in the home currency. */
export function foreignPaymentBody(
  p: { currency: string | null; exchangeRate: string | null; homeAmount: bigint | null; homeSettled: bigint | null },
  side: 'sale' | 'purchase',
  home: string,
) {
  if (!p.currency || p.exchangeRate === null || p.homeAmount === null) return undefined;
  const decimals = currencyDecimals(home);
  const gain = exchangeGainOf(p, side);
  return {
    currency: p.currency,
    exchangeRate: p.exchangeRate,
    homeAmount: moneyNumber(p.homeAmount, decimals),
    exchangeGain: moneyNumber(gain, decimals),
  };
}

/** A payment's realized exchange gain (negative: loss), in home units: 0 at home. */
export const exchangeGainOf = (p: { homeAmount: bigint | null; homeSettled: bigint | null }, side: 'sale' | 'purchase') =>
  p.homeAmount === null || p.homeSettled === null ? 0n : side === 'sale' ? p.homeAmount - p.homeSettled : p.homeSettled - p.homeAmount;
