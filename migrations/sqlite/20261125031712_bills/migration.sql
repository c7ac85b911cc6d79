-- CreateTable
CREATE TABLE "Bill" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'OPEN',
    "issueDate" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "memo" TEXT,
    "reference" TEXT,
    "subtotal" BIGINT NOT NULL,
    "discountTotal" BIGINT NOT NULL DEFAULT 0,
    "taxTotal" BIGINT NOT NULL,
    "total" BIGINT NOT NULL,
    "amountPaid" BIGINT NOT NULL DEFAULT 0,
    "journalEntryId" TEXT,
    "voidJournalEntryId" TEXT,
    "voidedAt" DATETIME,
    "settledOn" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Bill_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Bill_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "Vendor" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Bill_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Bill_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BillLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "billId" TEXT NOT NULL,
    "lineNo" INTEGER NOT NULL,
    "productId" TEXT,
    "accountId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "quantityMilli" BIGINT NOT NULL,
    "unitPrice" BIGINT NOT NULL,
    "discountPpm" INTEGER NOT NULL DEFAULT 0,
    "taxRatePpm" INTEGER NOT NULL DEFAULT 0,
    "taxRateId" TEXT,
    "amount" BIGINT NOT NULL,
    "taxAmount" BIGINT NOT NULL,
    CONSTRAINT "BillLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BillLine_billId_fkey" FOREIGN KEY ("billId") REFERENCES "Bill" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BillLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "BillLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "BillLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BillPayment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "billId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "paymentAccountId" TEXT NOT NULL,
    "method" TEXT,
    "reference" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BillPayment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BillPayment_billId_fkey" FOREIGN KEY ("billId") REFERENCES "Bill" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "BillPayment_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "BillPayment_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- Added in place, not by rebuilding the tables: with foreign keys on, dropping the old Organization or
-- Vendor table would run the ON DELETE actions of every row that references it.
ALTER TABLE "Organization" ADD COLUMN "nextBillNumber" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "Vendor" ADD COLUMN "balance" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Bill_journalEntryId_key" ON "Bill"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "Bill_voidJournalEntryId_key" ON "Bill"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "Bill_organizationId_status_issueDate_id_idx" ON "Bill"("organizationId", "status", "issueDate", "id");

-- CreateIndex
CREATE INDEX "Bill_organizationId_vendorId_status_idx" ON "Bill"("organizationId", "vendorId", "status");

-- CreateIndex
CREATE INDEX "Bill_vendorId_issueDate_id_idx" ON "Bill"("vendorId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "Bill_organizationId_settledOn_idx" ON "Bill"("organizationId", "settledOn");

-- CreateIndex
CREATE INDEX "Bill_organizationId_issueDate_id_idx" ON "Bill"("organizationId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "Bill_organizationId_dueDate_id_idx" ON "Bill"("organizationId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "Bill_organizationId_total_id_idx" ON "Bill"("organizationId", "total", "id");

-- CreateIndex
CREATE INDEX "Bill_organizationId_createdAt_id_idx" ON "Bill"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Bill_organizationId_number_key" ON "Bill"("organizationId", "number");

-- CreateIndex
CREATE INDEX "BillLine_productId_idx" ON "BillLine"("productId");

-- CreateIndex
CREATE INDEX "BillLine_taxRateId_idx" ON "BillLine"("taxRateId");

-- CreateIndex
CREATE UNIQUE INDEX "BillLine_billId_lineNo_key" ON "BillLine"("billId", "lineNo");

-- CreateIndex
CREATE UNIQUE INDEX "BillPayment_journalEntryId_key" ON "BillPayment"("journalEntryId");

-- CreateIndex
CREATE INDEX "BillPayment_billId_idx" ON "BillPayment"("billId");

-- CreateIndex
CREATE INDEX "BillPayment_organizationId_date_idx" ON "BillPayment"("organizationId", "date");

-- The bills' kept count, as every listed model's (list_counts).
CREATE TRIGGER "Bill_count_insert" AFTER INSERT ON "Bill" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Bill', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Bill_count_delete" AFTER DELETE ON "Bill" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Bill';
END;

-- The standard chart gained a recoverable tax account (tax paid on bills without a rate's own purchase
-- account): every organization made before it gets one, as code 1400 unless that code is taken.
INSERT INTO "Account" ("id", "organizationId", "code", "name", "type", "subtype", "active", "system", "systemRole", "createdAt", "updatedAt")
SELECT 'acct_' || lower(hex(randomblob(13))), o."id",
  CASE WHEN EXISTS (SELECT 1 FROM "Account" a WHERE a."organizationId" = o."id" AND a."code" = '1400') THEN '1400-TAX' ELSE '1400' END,
  'Recoverable Tax', 'ASSET', 'tax_recoverable', true, true, 'tax_recoverable',
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM "Organization" o
WHERE NOT EXISTS (SELECT 1 FROM "Account" a WHERE a."organizationId" = o."id" AND a."systemRole" = 'tax_recoverable');

-- Journal lines posted by invoices and payments name the invoice's customer. An earlier rebuild of the
-- customers table, run while foreign keys were on, set those to null; the documents still say whose
-- they were. (Only lines of documents: a manual entry's line without a customer was written so.)
UPDATE "JournalLine" SET "customerId" = (
  SELECT i."customerId" FROM "JournalEntry" e JOIN "Invoice" i ON i."id" = e."sourceId"
  WHERE e."id" = "JournalLine"."entryId" AND e."sourceType" IN ('invoice', 'invoice_void')
  UNION ALL
  SELECT i."customerId" FROM "JournalEntry" e JOIN "Payment" p ON p."id" = e."sourceId" JOIN "Invoice" i ON i."id" = p."invoiceId"
  WHERE e."id" = "JournalLine"."entryId" AND e."sourceType" = 'payment'
)
WHERE "customerId" IS NULL AND "entryId" IN (SELECT "id" FROM "JournalEntry" WHERE "sourceType" IN ('invoice', 'invoice_void', 'payment'));
