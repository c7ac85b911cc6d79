-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "paymentDetails" TEXT;
