-- CreateTable
CREATE TABLE "AccountDailyTotal" (
    "organizationId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "debit" BIGINT NOT NULL DEFAULT 0,
    "credit" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("organizationId", "accountId", "date"),
    CONSTRAINT "AccountDailyTotal_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AccountDailyTotal_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- Backfill: the totals of the lines already posted (hand-written; from here on every posting keeps them).
INSERT INTO "AccountDailyTotal" ("organizationId", "accountId", "date", "debit", "credit")
SELECT "organizationId", "accountId", "date", SUM("debit"), SUM("credit") FROM "JournalLine" GROUP BY "organizationId", "accountId", "date";
