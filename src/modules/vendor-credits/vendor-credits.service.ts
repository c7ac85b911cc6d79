import type { CreditDocumentInput } from '../documents/index.ts';

export type VendorCreditInput = Omit<CreditDocumentInput, 'customerId'>;

export type VendorCreditApplication = {
  date?: string | null;
  allocations?: { billId?: string | null; amount?: string | number | null }[] | null;
};
