-- CreateEnum
CREATE TYPE "ReceiptKind" AS ENUM ('SALE', 'REFUND');

-- CreateEnum
CREATE TYPE "ReceiptStatus" AS ENUM ('POSTED', 'VOID');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextReceiptNumber" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "SalesReceipt" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "kind" "ReceiptKind" NOT NULL DEFAULT 'SALE',
    "status" "ReceiptStatus" NOT NULL DEFAULT 'POSTED',
    "customerId" TEXT,
    "date" TEXT NOT NULL,
    "depositAccountId" TEXT NOT NULL,
    "paymentMethod" TEXT,
    "reference" TEXT,
    "memo" TEXT,
    "currency" TEXT NOT NULL,
    "subtotal" BIGINT NOT NULL,
    "discountTotal" BIGINT NOT NULL DEFAULT 0,
    "taxTotal" BIGINT NOT NULL,
    "total" BIGINT NOT NULL,
    "refundOfId" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "voidJournalEntryId" TEXT,
    "voidDate" TEXT,
    "voidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SalesReceipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SalesReceiptLine" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "receiptId" TEXT NOT NULL,
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

    CONSTRAINT "SalesReceiptLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SalesReceipt_journalEntryId_key" ON "SalesReceipt"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "SalesReceipt_voidJournalEntryId_key" ON "SalesReceipt"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "SalesReceipt_customerId_date_id_idx" ON "SalesReceipt"("customerId", "date", "id");

-- CreateIndex
CREATE INDEX "SalesReceipt_refundOfId_idx" ON "SalesReceipt"("refundOfId");

-- CreateIndex
CREATE INDEX "SalesReceipt_organizationId_voidDate_idx" ON "SalesReceipt"("organizationId", "voidDate");

-- CreateIndex
CREATE INDEX "SalesReceipt_organizationId_date_id_idx" ON "SalesReceipt"("organizationId", "date", "id");

-- CreateIndex
CREATE INDEX "SalesReceipt_organizationId_total_id_idx" ON "SalesReceipt"("organizationId", "total", "id");

-- CreateIndex
CREATE INDEX "SalesReceipt_organizationId_createdAt_id_idx" ON "SalesReceipt"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SalesReceipt_organizationId_number_key" ON "SalesReceipt"("organizationId", "number");

-- CreateIndex
CREATE INDEX "SalesReceiptLine_productId_idx" ON "SalesReceiptLine"("productId");

-- CreateIndex
CREATE INDEX "SalesReceiptLine_taxRateId_idx" ON "SalesReceiptLine"("taxRateId");

-- CreateIndex
CREATE UNIQUE INDEX "SalesReceiptLine_receiptId_lineNo_key" ON "SalesReceiptLine"("receiptId", "lineNo");

-- AddForeignKey
ALTER TABLE "SalesReceipt" ADD CONSTRAINT "SalesReceipt_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceipt" ADD CONSTRAINT "SalesReceipt_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceipt" ADD CONSTRAINT "SalesReceipt_depositAccountId_fkey" FOREIGN KEY ("depositAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceipt" ADD CONSTRAINT "SalesReceipt_refundOfId_fkey" FOREIGN KEY ("refundOfId") REFERENCES "SalesReceipt"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceipt" ADD CONSTRAINT "SalesReceipt_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceipt" ADD CONSTRAINT "SalesReceipt_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceiptLine" ADD CONSTRAINT "SalesReceiptLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceiptLine" ADD CONSTRAINT "SalesReceiptLine_receiptId_fkey" FOREIGN KEY ("receiptId") REFERENCES "SalesReceipt"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceiptLine" ADD CONSTRAINT "SalesReceiptLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceiptLine" ADD CONSTRAINT "SalesReceiptLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SalesReceiptLine" ADD CONSTRAINT "SalesReceiptLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The sales receipts' kept count, as every listed model's (list_counts).
CREATE TRIGGER "SalesReceipt_count" AFTER INSERT OR DELETE ON "SalesReceipt" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
