-- AlterTable
ALTER TABLE "Event" ADD COLUMN "prunedAt" DATETIME;
