// Vendor credits: a supplier's credit note (a return, an overcharge, a rebate), a credit document of the
// purchase side (documents/credits.ts runs its life; vendor-credits.public.ts describes it). Entering one
// posts the mirror of a bill (Dr payables, Cr each line's expense or asset account, Cr recoverable tax):
// we now have credit with the vendor, applied to its open bills or refunded (Dr bank, Cr payables).
import type { CreditDocumentInput } from '../documents/index.ts';

export type VendorCreditInput = Omit<CreditDocumentInput, 'customerId'>;

export type VendorCreditApplication = {
  date?: string | null;
  allocations?: { billId?: string | null; amount?: string | number | null }[] | null;
};
