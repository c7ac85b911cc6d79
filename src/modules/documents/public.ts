// Documents as the public sees them, in what they share: the head and body of an owed document
// (invoice, bill), the lines of every document, and when a document was voided. Each document renders
// itself as one object literal (hot: a page renders many), which the compiler holds to these schemas.
import type { PrismaTypes } from '../../db/database.ts';
import { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { S } from '../../lib/json-schema.ts';
import { formatPercent } from '../../lib/money.ts';
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
export const documentHead = (prefix: string) => ({ id: S.id(prefix), number: S.string, status: S.enum(Object.values(InvoiceStatus)) });

export const documentBody = (linePrefix: string, referenceDescription: string) => ({
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

/** The lines of a document (invoice, bill, sales receipt), in order. */
export const documentLines = (linePrefix: string) =>
  S.array(
    S.object({
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
    }),
  );

/** A document's line as it is stored (every document's lines share the invoice line's columns but the parent's). */
export type DocumentLineRow = Omit<PrismaTypes.InvoiceLineGetPayload<object>, 'invoiceId'>;

export function renderLines(lines: DocumentLineRow[], money: (minor: bigint) => number) {
  return [...lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => ({
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
    }));
}
