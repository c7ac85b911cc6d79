-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "currency" TEXT;

-- AlterTable
ALTER TABLE "JournalLine" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "foreignAmount" BIGINT;

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "currency" TEXT;

-- AlterTable
ALTER TABLE "Vendor" ADD COLUMN     "currency" TEXT;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "InvoiceLine" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "Bill" ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "BillLine" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "BillPayment" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "SalesReceiptLine" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "CreditNoteLine" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "VendorCreditLine" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeTaxAmount" BIGINT;

-- AlterTable
ALTER TABLE "InvoiceWriteOff" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeSettled" BIGINT;
