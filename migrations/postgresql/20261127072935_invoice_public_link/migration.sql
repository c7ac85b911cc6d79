-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "publicToken" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_publicToken_key" ON "Invoice"("publicToken");

-- Every invoice already posted gets its public page: 122 random bits (a version 4 UUID), URL-safe.
UPDATE "Invoice" SET "publicToken" = replace(gen_random_uuid()::text, '-', '') WHERE "status" <> 'DRAFT';
