-- CreateTable
CREATE TABLE "CreditNote" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
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
    CONSTRAINT "CreditNote_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CreditNote_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CreditNote_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CreditNote_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CreditNoteLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "creditNoteId" TEXT NOT NULL,
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
    CONSTRAINT "CreditNoteLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteLine_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CreditNoteAllocation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "creditNoteId" TEXT NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CreditNoteAllocation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteAllocation_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteAllocation_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CreditNoteRefund" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "creditNoteId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "paymentAccountId" TEXT NOT NULL,
    "method" TEXT,
    "reference" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CreditNoteRefund_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteRefund_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteRefund_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteRefund_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- Added in place, not by rebuilding the tables (the bills migration says why).
ALTER TABLE "Organization" ADD COLUMN "nextCreditNoteNumber" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "Invoice" ADD COLUMN "amountCredited" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "CreditNote_journalEntryId_key" ON "CreditNote"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "CreditNote_voidJournalEntryId_key" ON "CreditNote"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "CreditNote_organizationId_status_issueDate_id_idx" ON "CreditNote"("organizationId", "status", "issueDate", "id");

-- CreateIndex
CREATE INDEX "CreditNote_organizationId_settledOn_idx" ON "CreditNote"("organizationId", "settledOn");

-- CreateIndex
CREATE INDEX "CreditNote_customerId_issueDate_id_idx" ON "CreditNote"("customerId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "CreditNote_organizationId_issueDate_id_idx" ON "CreditNote"("organizationId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "CreditNote_organizationId_total_id_idx" ON "CreditNote"("organizationId", "total", "id");

-- CreateIndex
CREATE INDEX "CreditNote_organizationId_createdAt_id_idx" ON "CreditNote"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CreditNote_organizationId_number_key" ON "CreditNote"("organizationId", "number");

-- CreateIndex
CREATE INDEX "CreditNoteLine_productId_idx" ON "CreditNoteLine"("productId");

-- CreateIndex
CREATE INDEX "CreditNoteLine_taxRateId_idx" ON "CreditNoteLine"("taxRateId");

-- CreateIndex
CREATE UNIQUE INDEX "CreditNoteLine_creditNoteId_lineNo_key" ON "CreditNoteLine"("creditNoteId", "lineNo");

-- CreateIndex
CREATE INDEX "CreditNoteAllocation_creditNoteId_idx" ON "CreditNoteAllocation"("creditNoteId");

-- CreateIndex
CREATE INDEX "CreditNoteAllocation_invoiceId_idx" ON "CreditNoteAllocation"("invoiceId");

-- CreateIndex
CREATE UNIQUE INDEX "CreditNoteRefund_journalEntryId_key" ON "CreditNoteRefund"("journalEntryId");

-- CreateIndex
CREATE INDEX "CreditNoteRefund_creditNoteId_idx" ON "CreditNoteRefund"("creditNoteId");

-- The credit notes' kept count, as every listed model's (list_counts).
CREATE TRIGGER "CreditNote_count_insert" AFTER INSERT ON "CreditNote" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'CreditNote', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "CreditNote_count_delete" AFTER DELETE ON "CreditNote" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'CreditNote';
END;
