-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "nextBillNumber" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Vendor" ADD COLUMN     "balance" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Bill" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'OPEN',
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
    "voidedAt" TIMESTAMP(3),
    "settledOn" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Bill_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillLine" (
    "id" TEXT NOT NULL,
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

    CONSTRAINT "BillLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillPayment" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "billId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "date" TEXT NOT NULL,
    "paymentAccountId" TEXT NOT NULL,
    "method" TEXT,
    "reference" TEXT,
    "journalEntryId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillPayment_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "Bill" ADD CONSTRAINT "Bill_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bill" ADD CONSTRAINT "Bill_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "Vendor"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bill" ADD CONSTRAINT "Bill_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bill" ADD CONSTRAINT "Bill_voidJournalEntryId_fkey" FOREIGN KEY ("voidJournalEntryId") REFERENCES "JournalEntry"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillLine" ADD CONSTRAINT "BillLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillLine" ADD CONSTRAINT "BillLine_billId_fkey" FOREIGN KEY ("billId") REFERENCES "Bill"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillLine" ADD CONSTRAINT "BillLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillLine" ADD CONSTRAINT "BillLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillLine" ADD CONSTRAINT "BillLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillPayment" ADD CONSTRAINT "BillPayment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillPayment" ADD CONSTRAINT "BillPayment_billId_fkey" FOREIGN KEY ("billId") REFERENCES "Bill"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillPayment" ADD CONSTRAINT "BillPayment_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillPayment" ADD CONSTRAINT "BillPayment_journalEntryId_fkey" FOREIGN KEY ("journalEntryId") REFERENCES "JournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The bills' kept count, as every listed model's (list_counts).
CREATE TRIGGER "Bill_count" AFTER INSERT OR DELETE ON "Bill" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();

-- The standard chart gained a recoverable tax account (tax paid on bills without a rate's own purchase
-- account): every organization made before it gets one, as code 1400 unless that code is taken.
INSERT INTO "Account" ("id", "organizationId", "code", "name", "type", "subtype", "active", "system", "systemRole", "createdAt", "updatedAt")
SELECT 'acct_' || substr(md5(random()::text || o."id"), 1, 26), o."id",
  CASE WHEN EXISTS (SELECT 1 FROM "Account" a WHERE a."organizationId" = o."id" AND a."code" = '1400') THEN '1400-TAX' ELSE '1400' END,
  'Recoverable Tax', 'ASSET'::"AccountType", 'tax_recoverable', true, true, 'tax_recoverable', now(), now()
FROM "Organization" o
WHERE NOT EXISTS (SELECT 1 FROM "Account" a WHERE a."organizationId" = o."id" AND a."systemRole" = 'tax_recoverable');

-- The open bills in the bill list's default order, for the overdue filter: the invoices' partial index
-- (20261125022000_open_invoices_in_issue_order says why), for bills.
CREATE INDEX "Bill_open_issueDate_id_idx" ON "Bill"("organizationId", "issueDate", "id") WHERE "status" IN ('OPEN', 'PARTIALLY_PAID');
