-- CreateEnum
CREATE TYPE "PrepaymentKind" AS ENUM ('PREPAYMENT', 'OVERPAYMENT');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextCustomerPrepaymentNumber" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "nextVendorPrepaymentNumber" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "CustomerPrepayment" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "kind" "PrepaymentKind" NOT NULL DEFAULT 'PREPAYMENT',
    "status" "CreditNoteStatus" NOT NULL DEFAULT 'OPEN',
    "issueDate" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "memo" TEXT,
    "reference" TEXT,
    "method" TEXT,
    "depositAccountId" TEXT NOT NULL,
    "total" BIGINT NOT NULL,
    "amountApplied" BIGINT NOT NULL DEFAULT 0,
    "amountRefunded" BIGINT NOT NULL DEFAULT 0,
    "paymentId" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "voidJournalEntryId" TEXT,
    "voidedAt" TIMESTAMP(3),
    "settledOn" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerPrepayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerPrepaymentAllocation" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "customerPrepaymentId" TEXT NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "voidedAt" TIMESTAMP(3),
    "voidDate" TEXT,

    CONSTRAINT "CustomerPrepaymentAllocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerPrepaymentRefund" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "customerPrepaymentId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "paymentAccountId" TEXT NOT NULL,
    "method" TEXT,
    "reference" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "voidJournalEntryId" TEXT,
    "voidedAt" TIMESTAMP(3),
    "voidDate" TEXT,

    CONSTRAINT "CustomerPrepaymentRefund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VendorPrepayment" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "kind" "PrepaymentKind" NOT NULL DEFAULT 'PREPAYMENT',
    "status" "CreditNoteStatus" NOT NULL DEFAULT 'OPEN',
    "issueDate" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "memo" TEXT,
    "reference" TEXT,
    "method" TEXT,
    "paymentAccountId" TEXT NOT NULL,
    "total" BIGINT NOT NULL,
    "amountApplied" BIGINT NOT NULL DEFAULT 0,
    "amountRefunded" BIGINT NOT NULL DEFAULT 0,
    "paymentId" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "voidJournalEntryId" TEXT,
    "voidedAt" TIMESTAMP(3),
    "settledOn" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VendorPrepayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VendorPrepaymentAllocation" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "vendorPrepaymentId" TEXT NOT NULL,
    "billId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "voidedAt" TIMESTAMP(3),
    "voidDate" TEXT,

    CONSTRAINT "VendorPrepaymentAllocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VendorPrepaymentRefund" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "vendorPrepaymentId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "paymentAccountId" TEXT NOT NULL,
    "method" TEXT,
    "reference" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "voidJournalEntryId" TEXT,
    "voidedAt" TIMESTAMP(3),
    "voidDate" TEXT,

    CONSTRAINT "VendorPrepaymentRefund_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomerPrepayment_paymentId_key" ON "CustomerPrepayment"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerPrepayment_journalEntryId_key" ON "CustomerPrepayment"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerPrepayment_voidJournalEntryId_key" ON "CustomerPrepayment"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "CustomerPrepayment_organizationId_status_issueDate_id_idx" ON "CustomerPrepayment"("organizationId", "status", "issueDate", "id");

-- CreateIndex
CREATE INDEX "CustomerPrepayment_organizationId_settledOn_idx" ON "CustomerPrepayment"("organizationId", "settledOn");

-- CreateIndex
CREATE INDEX "CustomerPrepayment_customerId_issueDate_id_idx" ON "CustomerPrepayment"("customerId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "CustomerPrepayment_depositAccountId_idx" ON "CustomerPrepayment"("depositAccountId");

-- CreateIndex
CREATE INDEX "CustomerPrepayment_organizationId_issueDate_id_idx" ON "CustomerPrepayment"("organizationId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "CustomerPrepayment_organizationId_total_id_idx" ON "CustomerPrepayment"("organizationId", "total", "id");

-- CreateIndex
CREATE INDEX "CustomerPrepayment_organizationId_createdAt_id_idx" ON "CustomerPrepayment"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerPrepayment_organizationId_number_key" ON "CustomerPrepayment"("organizationId", "number");

-- CreateIndex
CREATE INDEX "CustomerPrepaymentAllocation_customerPrepaymentId_idx" ON "CustomerPrepaymentAllocation"("customerPrepaymentId");

-- CreateIndex
CREATE INDEX "CustomerPrepaymentAllocation_invoiceId_idx" ON "CustomerPrepaymentAllocation"("invoiceId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerPrepaymentRefund_journalEntryId_key" ON "CustomerPrepaymentRefund"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerPrepaymentRefund_voidJournalEntryId_key" ON "CustomerPrepaymentRefund"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "CustomerPrepaymentRefund_customerPrepaymentId_idx" ON "CustomerPrepaymentRefund"("customerPrepaymentId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorPrepayment_paymentId_key" ON "VendorPrepayment"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorPrepayment_journalEntryId_key" ON "VendorPrepayment"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorPrepayment_voidJournalEntryId_key" ON "VendorPrepayment"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "VendorPrepayment_organizationId_status_issueDate_id_idx" ON "VendorPrepayment"("organizationId", "status", "issueDate", "id");

-- CreateIndex
CREATE INDEX "VendorPrepayment_organizationId_settledOn_idx" ON "VendorPrepayment"("organizationId", "settledOn");

-- CreateIndex
CREATE INDEX "VendorPrepayment_vendorId_issueDate_id_idx" ON "VendorPrepayment"("vendorId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "VendorPrepayment_paymentAccountId_idx" ON "VendorPrepayment"("paymentAccountId");

-- CreateIndex
CREATE INDEX "VendorPrepayment_organizationId_issueDate_id_idx" ON "VendorPrepayment"("organizationId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "VendorPrepayment_organizationId_total_id_idx" ON "VendorPrepayment"("organizationId", "total", "id");

-- CreateIndex
CREATE INDEX "VendorPrepayment_organizationId_createdAt_id_idx" ON "VendorPrepayment"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "VendorPrepayment_organizationId_number_key" ON "VendorPrepayment"("organizationId", "number");

-- CreateIndex
CREATE INDEX "VendorPrepaymentAllocation_vendorPrepaymentId_idx" ON "VendorPrepaymentAllocation"("vendorPrepaymentId");

-- CreateIndex
CREATE INDEX "VendorPrepaymentAllocation_billId_idx" ON "VendorPrepaymentAllocation"("billId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorPrepaymentRefund_journalEntryId_key" ON "VendorPrepaymentRefund"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorPrepaymentRefund_voidJournalEntryId_key" ON "VendorPrepaymentRefund"("voidJournalEntryId");

-- CreateIndex
CREATE INDEX "VendorPrepaymentRefund_vendorPrepaymentId_idx" ON "VendorPrepaymentRefund"("vendorPrepaymentId");

-- AddForeignKey
ALTER TABLE "CustomerPrepayment" ADD CONSTRAINT "CustomerPrepayment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepayment" ADD CONSTRAINT "CustomerPrepayment_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepayment" ADD CONSTRAINT "CustomerPrepayment_depositAccountId_fkey" FOREIGN KEY ("depositAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepayment" ADD CONSTRAINT "CustomerPrepayment_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepayment" ADD CONSTRAINT "CustomerPrepayment_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepayment" ADD CONSTRAINT "CustomerPrepayment_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepaymentAllocation" ADD CONSTRAINT "CustomerPrepaymentAllocation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepaymentAllocation" ADD CONSTRAINT "CustomerPrepaymentAllocation_customerPrepaymentId_fkey" FOREIGN KEY ("customerPrepaymentId") REFERENCES "CustomerPrepayment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepaymentAllocation" ADD CONSTRAINT "CustomerPrepaymentAllocation_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepaymentRefund" ADD CONSTRAINT "CustomerPrepaymentRefund_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepaymentRefund" ADD CONSTRAINT "CustomerPrepaymentRefund_customerPrepaymentId_fkey" FOREIGN KEY ("customerPrepaymentId") REFERENCES "CustomerPrepayment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepaymentRefund" ADD CONSTRAINT "CustomerPrepaymentRefund_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepaymentRefund" ADD CONSTRAINT "CustomerPrepaymentRefund_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerPrepaymentRefund" ADD CONSTRAINT "CustomerPrepaymentRefund_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepayment" ADD CONSTRAINT "VendorPrepayment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepayment" ADD CONSTRAINT "VendorPrepayment_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "Vendor"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepayment" ADD CONSTRAINT "VendorPrepayment_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepayment" ADD CONSTRAINT "VendorPrepayment_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "BillPayment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepayment" ADD CONSTRAINT "VendorPrepayment_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepayment" ADD CONSTRAINT "VendorPrepayment_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepaymentAllocation" ADD CONSTRAINT "VendorPrepaymentAllocation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepaymentAllocation" ADD CONSTRAINT "VendorPrepaymentAllocation_vendorPrepaymentId_fkey" FOREIGN KEY ("vendorPrepaymentId") REFERENCES "VendorPrepayment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepaymentAllocation" ADD CONSTRAINT "VendorPrepaymentAllocation_billId_fkey" FOREIGN KEY ("billId") REFERENCES "Bill"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepaymentRefund" ADD CONSTRAINT "VendorPrepaymentRefund_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepaymentRefund" ADD CONSTRAINT "VendorPrepaymentRefund_vendorPrepaymentId_fkey" FOREIGN KEY ("vendorPrepaymentId") REFERENCES "VendorPrepayment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepaymentRefund" ADD CONSTRAINT "VendorPrepaymentRefund_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepaymentRefund" ADD CONSTRAINT "VendorPrepaymentRefund_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VendorPrepaymentRefund" ADD CONSTRAINT "VendorPrepaymentRefund_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Listed models' kept counts (list_counts).
CREATE TRIGGER "CustomerPrepayment_count" AFTER INSERT OR DELETE ON "CustomerPrepayment" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
CREATE TRIGGER "VendorPrepayment_count" AFTER INSERT OR DELETE ON "VendorPrepayment" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
