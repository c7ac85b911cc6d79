-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN "settledOn" TEXT;

-- CreateIndex
CREATE INDEX "Invoice_organizationId_settledOn_idx" ON "Invoice"("organizationId", "settledOn");

-- When each settled invoice stopped being owed: a paid one on its latest payment's date (the payment
-- that paid it in full; earlier ones left some due), a voided posted one on its void's posting date.
UPDATE "Invoice" SET "settledOn" = (SELECT MAX(p."date") FROM "Payment" p WHERE p."invoiceId" = "Invoice"."id") WHERE "status" = 'PAID';
UPDATE "Invoice" SET "settledOn" = (SELECT v."date" FROM "JournalEntry" v WHERE v."id" = "Invoice"."voidJournalEntryId") WHERE "status" = 'VOID' AND "voidJournalEntryId" IS NOT NULL;
