-- AlterTable
ALTER TABLE "Product" ALTER COLUMN "taxRatePpm" DROP NOT NULL,
ALTER COLUMN "taxRatePpm" DROP DEFAULT;

-- AlterTable
ALTER TABLE "InvoiceLine" ADD COLUMN     "taxAccountId" TEXT,
ALTER COLUMN "taxRatePpm" DROP NOT NULL,
ALTER COLUMN "taxRatePpm" DROP DEFAULT;

-- AlterTable
ALTER TABLE "BillLine" ADD COLUMN     "taxAccountId" TEXT,
ALTER COLUMN "taxRatePpm" DROP NOT NULL,
ALTER COLUMN "taxRatePpm" DROP DEFAULT;

-- AlterTable
ALTER TABLE "SalesReceiptLine" ADD COLUMN     "taxAccountId" TEXT,
ALTER COLUMN "taxRatePpm" DROP NOT NULL,
ALTER COLUMN "taxRatePpm" DROP DEFAULT;

-- AlterTable
ALTER TABLE "CreditNoteLine" ADD COLUMN     "taxAccountId" TEXT,
ALTER COLUMN "taxRatePpm" DROP NOT NULL,
ALTER COLUMN "taxRatePpm" DROP DEFAULT;

-- Data. Lines without tax were stored as a 0 % rate, so "no tax" and "zero-rated" could not be told
-- apart: a line with neither a tax rate nor a percentage above 0 is "no tax" from now on (null), and a
-- product's default of 0 is "sold without tax". A bare 0 % given explicitly was stored the same way and
-- becomes "no tax" too; a tax rate of 0 % keeps its 0.
UPDATE "InvoiceLine" SET "taxRatePpm" = NULL WHERE "taxRateId" IS NULL AND "taxRatePpm" = 0;
UPDATE "SalesReceiptLine" SET "taxRatePpm" = NULL WHERE "taxRateId" IS NULL AND "taxRatePpm" = 0;
UPDATE "CreditNoteLine" SET "taxRatePpm" = NULL WHERE "taxRateId" IS NULL AND "taxRatePpm" = 0;
UPDATE "BillLine" SET "taxRatePpm" = NULL WHERE "taxRateId" IS NULL AND "taxRatePpm" = 0;
UPDATE "Product" SET "taxRatePpm" = NULL WHERE "taxRatePpm" = 0;

-- The account each posted line's tax went to: its rate's account (as it stands now: a rate whose account
-- was changed before this migration cannot be told from its history), else the organization's tax account.
UPDATE "InvoiceLine" SET "taxAccountId" = COALESCE(
  (SELECT r."salesAccountId" FROM "TaxRate" r WHERE r."id" = "InvoiceLine"."taxRateId"),
  (SELECT a."id" FROM "Account" a WHERE a."organizationId" = "InvoiceLine"."organizationId" AND a."systemRole" = 'sales_tax_payable'))
WHERE "taxRatePpm" IS NOT NULL AND EXISTS (SELECT 1 FROM "Invoice" d WHERE d."id" = "InvoiceLine"."invoiceId" AND d."journalEntryId" IS NOT NULL);
UPDATE "SalesReceiptLine" SET "taxAccountId" = COALESCE(
  (SELECT r."salesAccountId" FROM "TaxRate" r WHERE r."id" = "SalesReceiptLine"."taxRateId"),
  (SELECT a."id" FROM "Account" a WHERE a."organizationId" = "SalesReceiptLine"."organizationId" AND a."systemRole" = 'sales_tax_payable'))
WHERE "taxRatePpm" IS NOT NULL AND EXISTS (SELECT 1 FROM "SalesReceipt" d WHERE d."id" = "SalesReceiptLine"."receiptId" AND d."journalEntryId" IS NOT NULL);
UPDATE "CreditNoteLine" SET "taxAccountId" = COALESCE(
  (SELECT r."salesAccountId" FROM "TaxRate" r WHERE r."id" = "CreditNoteLine"."taxRateId"),
  (SELECT a."id" FROM "Account" a WHERE a."organizationId" = "CreditNoteLine"."organizationId" AND a."systemRole" = 'sales_tax_payable'))
WHERE "taxRatePpm" IS NOT NULL AND EXISTS (SELECT 1 FROM "CreditNote" d WHERE d."id" = "CreditNoteLine"."creditNoteId" AND d."journalEntryId" IS NOT NULL);
UPDATE "BillLine" SET "taxAccountId" = COALESCE(
  (SELECT r."purchaseAccountId" FROM "TaxRate" r WHERE r."id" = "BillLine"."taxRateId"),
  (SELECT a."id" FROM "Account" a WHERE a."organizationId" = "BillLine"."organizationId" AND a."systemRole" = 'tax_recoverable'))
WHERE "taxRatePpm" IS NOT NULL AND EXISTS (SELECT 1 FROM "Bill" d WHERE d."id" = "BillLine"."billId" AND d."journalEntryId" IS NOT NULL);
