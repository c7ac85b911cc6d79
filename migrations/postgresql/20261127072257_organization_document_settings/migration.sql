-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "address" TEXT,
ADD COLUMN     "email" TEXT,
ADD COLUMN     "locale" TEXT,
ADD COLUMN     "logo" TEXT,
ADD COLUMN     "taxId" TEXT;
