-- AlterTable
ALTER TABLE "CreditNoteAllocation" ADD COLUMN     "voidDate" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "CreditNoteRefund" ADD COLUMN     "voidDate" TEXT,
ADD COLUMN     "voidJournalEntryId" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "VendorCreditAllocation" ADD COLUMN     "voidDate" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "VendorCreditRefund" ADD COLUMN     "voidDate" TEXT,
ADD COLUMN     "voidJournalEntryId" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "CreditNoteRefund_voidJournalEntryId_key" ON "CreditNoteRefund"("voidJournalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorCreditRefund_voidJournalEntryId_key" ON "VendorCreditRefund"("voidJournalEntryId");

-- AddForeignKey
ALTER TABLE "CreditNoteRefund" ADD CONSTRAINT "CreditNoteRefund_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorCreditRefund" ADD CONSTRAINT "VendorCreditRefund_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;
