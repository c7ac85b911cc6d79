-- AlterTable
ALTER TABLE "SalesReceipt" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "SalesReceipt" ADD COLUMN "homeTotal" BIGINT;
