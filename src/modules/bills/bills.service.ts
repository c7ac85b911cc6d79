// Bills: what vendors invoice us, an owed document of the purchase side (documents/owed.ts runs its
// life). Posting one debits each line's expense or asset account and the recoverable tax of each rate,
// and credits payables; a payment debits payables and credits the bank; voiding posts the reversal.
import { rawSqlOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import {
  createOwedDocument,
  finalizeOwedDocument,
  type OwedDocumentInput,
  defineOwedDocument,
  type PaymentInput,
  recordOwedPayment,
  voidOwedDocument,
} from '../documents/index.ts';
import { BILL_LINES_IN_ORDER, type BillPaymentRow, type BillRow } from './bills.public.ts';

/** The bill, as the document kernel runs it. */
export const BILL_TYPE = defineOwedDocument({
  label: 'Bill',
  resource: 'bill',
  side: 'purchase',
  typename: 'Bill',
  number: { prefix: 'BILL', sequence: 'bill' },
  party: 'vendor',
  sourceTypes: { posting: 'bill', void: 'bill_void' },
  payment: {
    resource: 'bill_payment',
    typename: 'BillPayment',
    accountKey: 'paymentAccountId',
    sourceType: 'bill_payment',
    voidSourceType: 'bill_payment_void',
    describe: (number) => `Payment of bill ${number}`,
  },
  settledBy: [{ model: 'billPayment', voidable: true }],
  linesInOrder: BILL_LINES_IN_ORDER,
  checkReference: uniqueVendorReference,
});

/** A vendor's invoice is entered once (QuickBooks warns, Xero refuses): its number may not be on another live bill of the vendor. */
async function uniqueVendorReference(tenant: Tenant, vendorId: string, reference: string, exceptId?: string) {
  // Raw, as the rest of a bill's reads inside its write (src/db/model-rows.ts says why).
  const [same] = await rawSqlOf(tenant).$queryRaw<{ number: string }[]>(
    Prisma.sql`SELECT "number" FROM "Bill" WHERE "organizationId" = ${tenant.organizationId} AND "vendorId" = ${vendorId}
      AND "reference" = ${reference} AND "status" <> 'VOID'${exceptId ? Prisma.sql` AND "id" <> ${exceptId}` : Prisma.empty} LIMIT 1`,
  );
  return same
    ? `the vendor's invoice "${reference}" is already entered as bill ${same.number}; void that bill first to enter it again`
    : undefined;
}

export type BillInput = Omit<OwedDocumentInput, 'customerId'>;

/** Enters a bill; unless it is a draft, posts it. */
export const createBill = (scope: WriteScope, input: BillInput) => createOwedDocument<BillRow>(scope, BILL_TYPE, input);

/** Turns a draft into an open bill and posts it. */
export const finalizeBill = (scope: WriteScope, id: string) => finalizeOwedDocument<BillRow>(scope, BILL_TYPE, id);

export type BillPaymentInput = PaymentInput & {
  billId?: string | null;
  paymentAccountId?: string | null;
};

/** Pays (part of) an open bill: Dr payables, Cr the bank or cash account the money left. */
export const recordBillPayment = (scope: WriteScope, input: BillPaymentInput) =>
  recordOwedPayment<BillRow, BillPaymentRow>(scope, BILL_TYPE, input);

/** Voids a bill without payments: posts the reversal of its entry. A draft is simply voided. */
export const voidBill = (scope: WriteScope, id: string, input: { date?: string | null; reason?: string | null } = {}) =>
  voidOwedDocument<BillRow>(scope, BILL_TYPE, id, input);
