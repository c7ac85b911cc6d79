-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "amountWrittenOff" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "InvoiceWriteOff" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "reason" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "voidJournalEntryId" TEXT,
    "voidedAt" TIMESTAMP(3),
    "voidDate" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InvoiceWriteOff_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceWriteOff_journalEntryId_key" ON "InvoiceWriteOff"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceWriteOff_voidJournalEntryId_key" ON "InvoiceWriteOff"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "InvoiceWriteOff_invoiceId_idx" ON "InvoiceWriteOff"("invoiceId");

-- AddForeignKey
ALTER TABLE "InvoiceWriteOff" ADD CONSTRAINT "InvoiceWriteOff_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceWriteOff" ADD CONSTRAINT "InvoiceWriteOff_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceWriteOff" ADD CONSTRAINT "InvoiceWriteOff_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceWriteOff" ADD CONSTRAINT "InvoiceWriteOff_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceWriteOff" ADD CONSTRAINT "InvoiceWriteOff_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The standard chart gained a bad-debt expense account (what write-offs debit): every organization made
-- before it gets one, as code 6800 unless that code is taken.
INSERT INTO "Account" ("id", "organizationId", "code", "name", "type", "subtype", "active", "system", "systemRole", "createdAt", "updatedAt")
SELECT 'acct_' || substr(md5(random()::text || o."id"), 1, 26), o."id",
  CASE WHEN EXISTS (SELECT 1 FROM "Account" a WHERE a."organizationId" = o."id" AND a."code" = '6800') THEN '6800-BAD' ELSE '6800' END,
  'Bad Debts', 'EXPENSE'::"AccountType", 'bad_debts', true, true, 'bad_debts', now(), now()
FROM "Organization" o
WHERE NOT EXISTS (SELECT 1 FROM "Account" a WHERE a."organizationId" = o."id" AND a."systemRole" = 'bad_debts');
