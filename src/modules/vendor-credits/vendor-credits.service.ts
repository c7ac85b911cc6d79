// Vendor credits: a supplier's credit note (a return, an overcharge, a rebate), a credit document of the
// purchase side (documents/credits.ts runs its life; vendor-credits.public.ts describes it). Entering one
// posts the mirror of a bill (Dr payables, Cr each line's expense or asset account, Cr recoverable tax):
// we now have credit with the vendor, applied to its open bills or refunded (Dr bank, Cr payables).
import type { PrismaTypes } from '../../db/database.ts';
import type { CreditNoteStatus } from '../../db/generated/sqlite/enums.ts';
import type { SearchProvider } from '../../lib/search.ts';
import { type CreditDocumentInput, creditDocumentWhere } from '../documents/index.ts';
import { VENDOR_CREDIT_TYPE } from './vendor-credits.public.ts';

export type VendorCreditInput = Omit<CreditDocumentInput, 'customerId'>;

export type VendorCreditApplication = {
  date?: string | null;
  allocations?: { billId?: string | null; amount?: string | number | null }[] | null;
};

export interface VendorCreditFilter {
  status?: CreditNoteStatus | null;
  vendorId?: string | null;
  from?: string | null;
  to?: string | null;
  search?: string | null;
}

export const vendorCreditWhere = (organizationId: string, filter: VendorCreditFilter = {}, provider: SearchProvider) =>
  creditDocumentWhere(VENDOR_CREDIT_TYPE, organizationId, filter, provider) as PrismaTypes.VendorCreditWhereInput;
