-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "voidDate" TEXT,
ADD COLUMN     "voidJournalEntryId" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "BillPayment" ADD COLUMN     "voidDate" TEXT,
ADD COLUMN     "voidJournalEntryId" TEXT,
ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "Payment_voidJournalEntryId_key" ON "Payment"("voidJournalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "BillPayment_voidJournalEntryId_key" ON "BillPayment"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "BillPayment_organizationId_date_id_idx" ON "BillPayment"("organizationId", "date", "id");

-- CreateIndex
CREATE INDEX "BillPayment_organizationId_createdAt_id_idx" ON "BillPayment"("organizationId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillPayment" ADD CONSTRAINT "BillPayment_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Bill payments are listed now: their kept count, as every listed model's (list_counts), from what is there.
INSERT INTO "ListCount" ("organizationId", "model", "count")
SELECT "organizationId", 'BillPayment', COUNT(*) FROM "BillPayment" GROUP BY "organizationId";
CREATE TRIGGER "BillPayment_count" AFTER INSERT OR DELETE ON "BillPayment" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
