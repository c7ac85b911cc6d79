-- AlterTable
ALTER TABLE "CreditNote" ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "CreditNoteAllocation" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeApplied" BIGINT,
ADD COLUMN     "homeSettled" BIGINT,
ADD COLUMN     "journalEntryId" TEXT,
ADD COLUMN     "voidJournalEntryId" TEXT;

-- AlterTable
ALTER TABLE "CreditNoteRefund" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "VendorCredit" ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "VendorCreditAllocation" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeApplied" BIGINT,
ADD COLUMN     "homeSettled" BIGINT,
ADD COLUMN     "journalEntryId" TEXT,
ADD COLUMN     "voidJournalEntryId" TEXT;

-- AlterTable
ALTER TABLE "VendorCreditRefund" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "CustomerPrepayment" ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "CustomerPrepaymentAllocation" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeApplied" BIGINT,
ADD COLUMN     "homeSettled" BIGINT,
ADD COLUMN     "journalEntryId" TEXT,
ADD COLUMN     "voidJournalEntryId" TEXT;

-- AlterTable
ALTER TABLE "CustomerPrepaymentRefund" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "VendorPrepayment" ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "VendorPrepaymentAllocation" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "homeApplied" BIGINT,
ADD COLUMN     "homeSettled" BIGINT,
ADD COLUMN     "journalEntryId" TEXT,
ADD COLUMN     "voidJournalEntryId" TEXT;

-- AlterTable
ALTER TABLE "VendorPrepaymentRefund" ADD COLUMN     "currency" TEXT,
ADD COLUMN     "exchangeRate" TEXT,
ADD COLUMN     "homeAmount" BIGINT,
ADD COLUMN     "homeSettled" BIGINT;
