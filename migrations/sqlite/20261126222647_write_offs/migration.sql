-- CreateTable
CREATE TABLE "InvoiceWriteOff" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "reason" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "voidJournalEntryId" TEXT,
    "voidedAt" DATETIME,
    "voidDate" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "InvoiceWriteOff_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InvoiceWriteOff_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "InvoiceWriteOff_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "InvoiceWriteOff_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "InvoiceWriteOff_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- Added column, in place (schema.prisma puts it last; see nextBillNumber there).
ALTER TABLE "Invoice" ADD COLUMN "amountWrittenOff" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceWriteOff_journalEntryId_key" ON "InvoiceWriteOff"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceWriteOff_voidJournalEntryId_key" ON "InvoiceWriteOff"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "InvoiceWriteOff_invoiceId_idx" ON "InvoiceWriteOff"("invoiceId");

-- The standard chart gained a bad-debt expense account (what write-offs debit): every organization made
-- before it gets one, as code 6800 unless that code is taken.
INSERT INTO "Account" ("id", "organizationId", "code", "name", "type", "subtype", "active", "system", "systemRole", "createdAt", "updatedAt")
SELECT 'acct_' || lower(hex(randomblob(13))), o."id",
  CASE WHEN EXISTS (SELECT 1 FROM "Account" a WHERE a."organizationId" = o."id" AND a."code" = '6800') THEN '6800-BAD' ELSE '6800' END,
  'Bad Debts', 'EXPENSE', 'bad_debts', true, true, 'bad_debts',
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM "Organization" o
WHERE NOT EXISTS (SELECT 1 FROM "Account" a WHERE a."organizationId" = o."id" AND a."systemRole" = 'bad_debts');
