-- AlterTable
ALTER TABLE "Account" ADD COLUMN "currency" TEXT;

-- AlterTable
ALTER TABLE "JournalLine" ADD COLUMN "currency" TEXT;
ALTER TABLE "JournalLine" ADD COLUMN "foreignAmount" BIGINT;

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN "currency" TEXT;

-- AlterTable
ALTER TABLE "Vendor" ADD COLUMN "currency" TEXT;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "Invoice" ADD COLUMN "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "InvoiceLine" ADD COLUMN "currency" TEXT;
ALTER TABLE "InvoiceLine" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "InvoiceLine" ADD COLUMN "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN "currency" TEXT;
ALTER TABLE "Payment" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "Payment" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "Payment" ADD COLUMN "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "Bill" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "Bill" ADD COLUMN "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "BillLine" ADD COLUMN "currency" TEXT;
ALTER TABLE "BillLine" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "BillLine" ADD COLUMN "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "BillPayment" ADD COLUMN "currency" TEXT;
ALTER TABLE "BillPayment" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "BillPayment" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "BillPayment" ADD COLUMN "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "SalesReceiptLine" ADD COLUMN "currency" TEXT;
ALTER TABLE "SalesReceiptLine" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "SalesReceiptLine" ADD COLUMN "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "CreditNoteLine" ADD COLUMN "currency" TEXT;
ALTER TABLE "CreditNoteLine" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "CreditNoteLine" ADD COLUMN "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "VendorCreditLine" ADD COLUMN "currency" TEXT;
ALTER TABLE "VendorCreditLine" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "VendorCreditLine" ADD COLUMN "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "InvoiceWriteOff" ADD COLUMN "currency" TEXT;
ALTER TABLE "InvoiceWriteOff" ADD COLUMN "homeSettled" BIGINT;
