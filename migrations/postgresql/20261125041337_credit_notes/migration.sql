-- CreateEnum
CREATE TYPE "CreditNoteStatus" AS ENUM ('OPEN', 'CLOSED', 'VOID');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextCreditNoteNumber" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "amountCredited" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "CreditNote" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "status" "CreditNoteStatus" NOT NULL DEFAULT 'OPEN',
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
    "voidedAt" TIMESTAMP(3),
    "settledOn" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CreditNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditNoteLine" (
    "id" TEXT NOT NULL,
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

    CONSTRAINT "CreditNoteLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditNoteAllocation" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "creditNoteId" TEXT NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditNoteAllocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditNoteRefund" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "creditNoteId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "paymentAccountId" TEXT NOT NULL,
    "method" TEXT,
    "reference" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditNoteRefund_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteLine" ADD CONSTRAINT "CreditNoteLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteLine" ADD CONSTRAINT "CreditNoteLine_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteLine" ADD CONSTRAINT "CreditNoteLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteLine" ADD CONSTRAINT "CreditNoteLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteLine" ADD CONSTRAINT "CreditNoteLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteAllocation" ADD CONSTRAINT "CreditNoteAllocation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteAllocation" ADD CONSTRAINT "CreditNoteAllocation_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteAllocation" ADD CONSTRAINT "CreditNoteAllocation_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteRefund" ADD CONSTRAINT "CreditNoteRefund_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteRefund" ADD CONSTRAINT "CreditNoteRefund_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteRefund" ADD CONSTRAINT "CreditNoteRefund_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteRefund" ADD CONSTRAINT "CreditNoteRefund_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The credit notes' kept count, as every listed model's (list_counts).
CREATE TRIGGER "CreditNote_count" AFTER INSERT OR DELETE ON "CreditNote" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
