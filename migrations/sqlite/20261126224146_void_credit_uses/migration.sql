-- Added columns, in place (schema.prisma puts them last; see nextBillNumber there): an application of
-- credit undone, and a refund voided.
ALTER TABLE "CreditNoteAllocation" ADD COLUMN "voidedAt" DATETIME;
ALTER TABLE "CreditNoteAllocation" ADD COLUMN "voidDate" TEXT;
ALTER TABLE "VendorCreditAllocation" ADD COLUMN "voidedAt" DATETIME;
ALTER TABLE "VendorCreditAllocation" ADD COLUMN "voidDate" TEXT;

ALTER TABLE "CreditNoteRefund" ADD COLUMN "voidJournalEntryId" TEXT CONSTRAINT "CreditNoteRefund_voidJournalEntryId_fkey" REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "CreditNoteRefund" ADD COLUMN "voidedAt" DATETIME;
ALTER TABLE "CreditNoteRefund" ADD COLUMN "voidDate" TEXT;
CREATE UNIQUE INDEX "CreditNoteRefund_voidJournalEntryId_key" ON "CreditNoteRefund"("voidJournalEntryId");

ALTER TABLE "VendorCreditRefund" ADD COLUMN "voidJournalEntryId" TEXT CONSTRAINT "VendorCreditRefund_voidJournalEntryId_fkey" REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "VendorCreditRefund" ADD COLUMN "voidedAt" DATETIME;
ALTER TABLE "VendorCreditRefund" ADD COLUMN "voidDate" TEXT;
CREATE UNIQUE INDEX "VendorCreditRefund_voidJournalEntryId_key" ON "VendorCreditRefund"("voidJournalEntryId");
