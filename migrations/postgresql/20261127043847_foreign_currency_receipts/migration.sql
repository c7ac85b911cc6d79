-- AlterTable
ALTER TABLE "SalesReceipt" ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeTotal" BIGINT;
