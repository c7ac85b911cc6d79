-- CreateEnum
CREATE TYPE "RecurringScheduleStatus" AS ENUM ('ACTIVE', 'PAUSED', 'FINISHED');

-- CreateEnum
CREATE TYPE "DocumentEmailStatus" AS ENUM ('QUEUED', 'SENT', 'FAILED');

-- CreateEnum
CREATE TYPE "EstimateStatus" AS ENUM ('DRAFT', 'SENT', 'ACCEPTED', 'DECLINED', 'INVOICED');

-- CreateEnum
CREATE TYPE "PurchaseOrderStatus" AS ENUM ('DRAFT', 'OPEN', 'BILLED', 'CLOSED');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextEstimateNumber" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "nextPurchaseOrderNumber" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "estimateId" TEXT,
ADD COLUMN     "recurringScheduleId" TEXT,
ADD COLUMN     "sentAt" TIMESTAMP(3),
ADD COLUMN     "sentTo" TEXT;

-- AlterTable
ALTER TABLE "Bill" ADD COLUMN     "purchaseOrderId" TEXT,
ADD COLUMN     "recurringScheduleId" TEXT;

-- CreateTable
CREATE TABLE "RecurringSchedule" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentType" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "name" TEXT,
    "template" TEXT NOT NULL,
    "frequency" TEXT NOT NULL,
    "interval" INTEGER NOT NULL,
    "startDate" TEXT NOT NULL,
    "shortMonths" TEXT,
    "endDate" TEXT,
    "maxOccurrences" INTEGER,
    "documentStatus" TEXT NOT NULL,
    "send" BOOLEAN NOT NULL DEFAULT false,
    "status" "RecurringScheduleStatus" NOT NULL DEFAULT 'ACTIVE',
    "nextIndex" INTEGER NOT NULL DEFAULT 0,
    "nextDate" TEXT,
    "occurrences" INTEGER NOT NULL DEFAULT 0,
    "lastDocumentId" TEXT,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "retryAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecurringSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentEmail" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "documentType" TEXT NOT NULL,
    "documentId" TEXT,
    "customerId" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "cc" TEXT,
    "subject" TEXT NOT NULL,
    "message" TEXT,
    "parameters" TEXT,
    "status" "DocumentEmailStatus" NOT NULL DEFAULT 'QUEUED',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "leasedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "messageId" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DocumentEmail_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Estimate" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "status" "EstimateStatus" NOT NULL DEFAULT 'DRAFT',
    "issueDate" TEXT NOT NULL,
    "expiryDate" TEXT,
    "currency" TEXT NOT NULL,
    "memo" TEXT,
    "reference" TEXT,
    "subtotal" BIGINT NOT NULL,
    "discountTotal" BIGINT NOT NULL DEFAULT 0,
    "taxTotal" BIGINT NOT NULL,
    "total" BIGINT NOT NULL,
    "invoiceId" TEXT,
    "acceptedAt" TIMESTAMP(3),
    "declinedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "sentTo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Estimate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EstimateLine" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "estimateId" TEXT NOT NULL,
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
    "currency" TEXT,
    "homeAmount" BIGINT,
    "homeTaxAmount" BIGINT,

    CONSTRAINT "EstimateLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrder" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "status" "PurchaseOrderStatus" NOT NULL DEFAULT 'DRAFT',
    "issueDate" TEXT NOT NULL,
    "deliveryDate" TEXT,
    "currency" TEXT NOT NULL,
    "memo" TEXT,
    "reference" TEXT,
    "subtotal" BIGINT NOT NULL,
    "discountTotal" BIGINT NOT NULL DEFAULT 0,
    "taxTotal" BIGINT NOT NULL,
    "total" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PurchaseOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseOrderLine" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "purchaseOrderId" TEXT NOT NULL,
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
    "currency" TEXT,
    "homeAmount" BIGINT,
    "homeTaxAmount" BIGINT,
    "quantityReceivedMilli" BIGINT NOT NULL DEFAULT 0,
    "quantityBilledMilli" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "PurchaseOrderLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RecurringSchedule_organizationId_createdAt_id_idx" ON "RecurringSchedule"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "RecurringSchedule_organizationId_partyId_idx" ON "RecurringSchedule"("organizationId", "partyId");

-- CreateIndex
CREATE INDEX "RecurringSchedule_status_nextDate_idx" ON "RecurringSchedule"("status", "nextDate");

-- CreateIndex
CREATE INDEX "DocumentEmail_organizationId_createdAt_id_idx" ON "DocumentEmail"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "DocumentEmail_organizationId_documentId_idx" ON "DocumentEmail"("organizationId", "documentId");

-- CreateIndex
CREATE INDEX "DocumentEmail_status_nextAttemptAt_idx" ON "DocumentEmail"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "Estimate_invoiceId_key" ON "Estimate"("invoiceId");

-- CreateIndex
CREATE INDEX "Estimate_organizationId_createdAt_id_idx" ON "Estimate"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Estimate_organizationId_issueDate_id_idx" ON "Estimate"("organizationId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "Estimate_organizationId_status_issueDate_id_idx" ON "Estimate"("organizationId", "status", "issueDate", "id");

-- CreateIndex
CREATE INDEX "Estimate_customerId_issueDate_id_idx" ON "Estimate"("customerId", "issueDate", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Estimate_organizationId_number_key" ON "Estimate"("organizationId", "number");

-- CreateIndex
CREATE INDEX "EstimateLine_productId_idx" ON "EstimateLine"("productId");

-- CreateIndex
CREATE INDEX "EstimateLine_taxRateId_idx" ON "EstimateLine"("taxRateId");

-- CreateIndex
CREATE UNIQUE INDEX "EstimateLine_estimateId_lineNo_key" ON "EstimateLine"("estimateId", "lineNo");

-- CreateIndex
CREATE INDEX "PurchaseOrder_organizationId_createdAt_id_idx" ON "PurchaseOrder"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "PurchaseOrder_organizationId_issueDate_id_idx" ON "PurchaseOrder"("organizationId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "PurchaseOrder_organizationId_status_issueDate_id_idx" ON "PurchaseOrder"("organizationId", "status", "issueDate", "id");

-- CreateIndex
CREATE INDEX "PurchaseOrder_vendorId_issueDate_id_idx" ON "PurchaseOrder"("vendorId", "issueDate", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrder_organizationId_number_key" ON "PurchaseOrder"("organizationId", "number");

-- CreateIndex
CREATE INDEX "PurchaseOrderLine_productId_idx" ON "PurchaseOrderLine"("productId");

-- CreateIndex
CREATE INDEX "PurchaseOrderLine_taxRateId_idx" ON "PurchaseOrderLine"("taxRateId");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrderLine_purchaseOrderId_lineNo_key" ON "PurchaseOrderLine"("purchaseOrderId", "lineNo");

-- CreateIndex
CREATE INDEX "Invoice_estimateId_idx" ON "Invoice"("estimateId");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_recurringScheduleId_issueDate_key" ON "Invoice"("recurringScheduleId", "issueDate");

-- CreateIndex
CREATE INDEX "Bill_purchaseOrderId_idx" ON "Bill"("purchaseOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "Bill_recurringScheduleId_issueDate_key" ON "Bill"("recurringScheduleId", "issueDate");

-- AddForeignKey
ALTER TABLE "RecurringSchedule" ADD CONSTRAINT "RecurringSchedule_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentEmail" ADD CONSTRAINT "DocumentEmail_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Estimate" ADD CONSTRAINT "Estimate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Estimate" ADD CONSTRAINT "Estimate_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EstimateLine" ADD CONSTRAINT "EstimateLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EstimateLine" ADD CONSTRAINT "EstimateLine_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "Estimate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EstimateLine" ADD CONSTRAINT "EstimateLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EstimateLine" ADD CONSTRAINT "EstimateLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EstimateLine" ADD CONSTRAINT "EstimateLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrder" ADD CONSTRAINT "PurchaseOrder_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrder" ADD CONSTRAINT "PurchaseOrder_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "Vendor"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_purchaseOrderId_fkey" FOREIGN KEY ("purchaseOrderId") REFERENCES "PurchaseOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Kept count of the whole organization's list (src/db/list-counts.ts).
CREATE TRIGGER "RecurringSchedule_count" AFTER INSERT OR DELETE ON "RecurringSchedule" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
CREATE TRIGGER "DocumentEmail_count" AFTER INSERT OR DELETE ON "DocumentEmail" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
CREATE TRIGGER "Estimate_count" AFTER INSERT OR DELETE ON "Estimate" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
CREATE TRIGGER "PurchaseOrder_count" AFTER INSERT OR DELETE ON "PurchaseOrder" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
