-- CreateTable
CREATE TABLE "VendorCredit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'OPEN',
    "issueDate" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "memo" TEXT,
    "reference" TEXT,
    "subtotal" BIGINT NOT NULL,
    "discountTotal" BIGINT NOT NULL DEFAULT 0,
    "taxTotal" BIGINT NOT NULL,
    "total" BIGINT NOT NULL,
    "amountApplied" BIGINT NOT NULL DEFAULT 0,
    "amountRefunded" BIGINT NOT NULL DEFAULT 0,
    "journalEntryId" TEXT NOT NULL,
    "voidJournalEntryId" TEXT,
    "voidedAt" DATETIME,
    "settledOn" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "VendorCredit_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VendorCredit_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "Vendor" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "VendorCredit_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "VendorCredit_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VendorCreditLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "vendorCreditId" TEXT NOT NULL,
    "lineNo" INTEGER NOT NULL,
    "productId" TEXT,
    "accountId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "quantityMilli" BIGINT NOT NULL,
    "unitPrice" BIGINT NOT NULL,
    "discountPpm" INTEGER NOT NULL DEFAULT 0,
    "taxRatePpm" INTEGER,
    "taxRateId" TEXT,
    "amount" BIGINT NOT NULL,
    "taxAmount" BIGINT NOT NULL,
    "taxAccountId" TEXT,
    CONSTRAINT "VendorCreditLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditLine_vendorCreditId_fkey" FOREIGN KEY ("vendorCreditId") REFERENCES "VendorCredit" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VendorCreditAllocation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "vendorCreditId" TEXT NOT NULL,
    "billId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VendorCreditAllocation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditAllocation_vendorCreditId_fkey" FOREIGN KEY ("vendorCreditId") REFERENCES "VendorCredit" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditAllocation_billId_fkey" FOREIGN KEY ("billId") REFERENCES "Bill" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VendorCreditRefund" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "vendorCreditId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "paymentAccountId" TEXT NOT NULL,
    "method" TEXT,
    "reference" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VendorCreditRefund_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditRefund_vendorCreditId_fkey" FOREIGN KEY ("vendorCreditId") REFERENCES "VendorCredit" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditRefund_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "VendorCreditRefund_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- Added columns, in place (schema.prisma puts them last; see nextBillNumber there).
ALTER TABLE "Organization" ADD COLUMN "nextVendorCreditNumber" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "Bill" ADD COLUMN "amountCredited" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "VendorCredit_journalEntryId_key" ON "VendorCredit"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorCredit_voidJournalEntryId_key" ON "VendorCredit"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "VendorCredit_organizationId_status_issueDate_id_idx" ON "VendorCredit"("organizationId", "status", "issueDate", "id");

-- CreateIndex
CREATE INDEX "VendorCredit_organizationId_settledOn_idx" ON "VendorCredit"("organizationId", "settledOn");

-- CreateIndex
CREATE INDEX "VendorCredit_vendorId_issueDate_id_idx" ON "VendorCredit"("vendorId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "VendorCredit_organizationId_issueDate_id_idx" ON "VendorCredit"("organizationId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "VendorCredit_organizationId_total_id_idx" ON "VendorCredit"("organizationId", "total", "id");

-- CreateIndex
CREATE INDEX "VendorCredit_organizationId_createdAt_id_idx" ON "VendorCredit"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "VendorCredit_organizationId_number_key" ON "VendorCredit"("organizationId", "number");

-- CreateIndex
CREATE INDEX "VendorCreditLine_productId_idx" ON "VendorCreditLine"("productId");

-- CreateIndex
CREATE INDEX "VendorCreditLine_taxRateId_idx" ON "VendorCreditLine"("taxRateId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorCreditLine_vendorCreditId_lineNo_key" ON "VendorCreditLine"("vendorCreditId", "lineNo");

-- CreateIndex
CREATE INDEX "VendorCreditAllocation_vendorCreditId_idx" ON "VendorCreditAllocation"("vendorCreditId");

-- CreateIndex
CREATE INDEX "VendorCreditAllocation_billId_idx" ON "VendorCreditAllocation"("billId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorCreditRefund_journalEntryId_key" ON "VendorCreditRefund"("journalEntryId");

-- CreateIndex
CREATE INDEX "VendorCreditRefund_vendorCreditId_idx" ON "VendorCreditRefund"("vendorCreditId");

-- The vendor credits' kept count, as every listed model's (list_counts).
CREATE TRIGGER "VendorCredit_count_insert" AFTER INSERT ON "VendorCredit" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'VendorCredit', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "VendorCredit_count_delete" AFTER DELETE ON "VendorCredit" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'VendorCredit';
END;
