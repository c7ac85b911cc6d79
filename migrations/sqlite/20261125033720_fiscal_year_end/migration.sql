-- Added in place, not by rebuilding the table (the bills migration says why).
ALTER TABLE "Organization" ADD COLUMN "fiscalYearEnd" TEXT NOT NULL DEFAULT '12-31';
