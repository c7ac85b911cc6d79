-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "fiscalYearEnd" TEXT NOT NULL DEFAULT '12-31';
