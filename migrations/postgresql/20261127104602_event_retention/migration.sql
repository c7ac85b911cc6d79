-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "prunedAt" TIMESTAMP(3);
