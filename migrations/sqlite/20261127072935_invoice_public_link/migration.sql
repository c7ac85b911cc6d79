-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN "publicToken" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_publicToken_key" ON "Invoice"("publicToken");

-- Every invoice already posted gets its public page: 128 random bits, URL-safe.
UPDATE "Invoice" SET "publicToken" = lower(hex(randomblob(16))) WHERE "status" <> 'DRAFT';
