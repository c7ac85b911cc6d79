-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "balance" BIGINT NOT NULL DEFAULT 0;

-- What every customer owes now: the amount due on its open and partly paid invoices.
UPDATE "Customer" SET "balance" = COALESCE((
  SELECT SUM(i."total" - i."amountPaid") FROM "Invoice" i WHERE i."customerId" = "Customer"."id" AND i."status" IN ('OPEN', 'PARTIALLY_PAID')
), 0);
