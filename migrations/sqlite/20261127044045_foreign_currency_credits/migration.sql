-- AlterTable
ALTER TABLE "CreditNote" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "CreditNote" ADD COLUMN "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "CreditNoteAllocation" ADD COLUMN "currency" TEXT;
ALTER TABLE "CreditNoteAllocation" ADD COLUMN "homeApplied" BIGINT;
ALTER TABLE "CreditNoteAllocation" ADD COLUMN "homeSettled" BIGINT;
ALTER TABLE "CreditNoteAllocation" ADD COLUMN "journalEntryId" TEXT;
ALTER TABLE "CreditNoteAllocation" ADD COLUMN "voidJournalEntryId" TEXT;

-- AlterTable
ALTER TABLE "CreditNoteRefund" ADD COLUMN "currency" TEXT;
ALTER TABLE "CreditNoteRefund" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "CreditNoteRefund" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "CreditNoteRefund" ADD COLUMN "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "VendorCredit" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "VendorCredit" ADD COLUMN "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "VendorCreditAllocation" ADD COLUMN "currency" TEXT;
ALTER TABLE "VendorCreditAllocation" ADD COLUMN "homeApplied" BIGINT;
ALTER TABLE "VendorCreditAllocation" ADD COLUMN "homeSettled" BIGINT;
ALTER TABLE "VendorCreditAllocation" ADD COLUMN "journalEntryId" TEXT;
ALTER TABLE "VendorCreditAllocation" ADD COLUMN "voidJournalEntryId" TEXT;

-- AlterTable
ALTER TABLE "VendorCreditRefund" ADD COLUMN "currency" TEXT;
ALTER TABLE "VendorCreditRefund" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "VendorCreditRefund" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "VendorCreditRefund" ADD COLUMN "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "CustomerPrepayment" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "CustomerPrepayment" ADD COLUMN "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "CustomerPrepaymentAllocation" ADD COLUMN "currency" TEXT;
ALTER TABLE "CustomerPrepaymentAllocation" ADD COLUMN "homeApplied" BIGINT;
ALTER TABLE "CustomerPrepaymentAllocation" ADD COLUMN "homeSettled" BIGINT;
ALTER TABLE "CustomerPrepaymentAllocation" ADD COLUMN "journalEntryId" TEXT;
ALTER TABLE "CustomerPrepaymentAllocation" ADD COLUMN "voidJournalEntryId" TEXT;

-- AlterTable
ALTER TABLE "CustomerPrepaymentRefund" ADD COLUMN "currency" TEXT;
ALTER TABLE "CustomerPrepaymentRefund" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "CustomerPrepaymentRefund" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "CustomerPrepaymentRefund" ADD COLUMN "homeSettled" BIGINT;

-- AlterTable
ALTER TABLE "VendorPrepayment" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "VendorPrepayment" ADD COLUMN "homeTotal" BIGINT;

-- AlterTable
ALTER TABLE "VendorPrepaymentAllocation" ADD COLUMN "currency" TEXT;
ALTER TABLE "VendorPrepaymentAllocation" ADD COLUMN "homeApplied" BIGINT;
ALTER TABLE "VendorPrepaymentAllocation" ADD COLUMN "homeSettled" BIGINT;
ALTER TABLE "VendorPrepaymentAllocation" ADD COLUMN "journalEntryId" TEXT;
ALTER TABLE "VendorPrepaymentAllocation" ADD COLUMN "voidJournalEntryId" TEXT;

-- AlterTable
ALTER TABLE "VendorPrepaymentRefund" ADD COLUMN "currency" TEXT;
ALTER TABLE "VendorPrepaymentRefund" ADD COLUMN "exchangeRate" TEXT;
ALTER TABLE "VendorPrepaymentRefund" ADD COLUMN "homeAmount" BIGINT;
ALTER TABLE "VendorPrepaymentRefund" ADD COLUMN "homeSettled" BIGINT;
