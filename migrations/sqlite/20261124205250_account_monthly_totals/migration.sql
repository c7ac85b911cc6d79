-- CreateTable
CREATE TABLE "AccountMonthlyTotal" (
    "organizationId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "debit" BIGINT NOT NULL DEFAULT 0,
    "credit" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("organizationId", "accountId", "month"),
    CONSTRAINT "AccountMonthlyTotal_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AccountMonthlyTotal_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- Kept by triggers on the daily totals, so every way a posting is written (the write path, bulk seeding)
-- keeps the months too, in the same statement's transaction.
CREATE TRIGGER "AccountDailyTotal_month_insert" AFTER INSERT ON "AccountDailyTotal" BEGIN
  INSERT INTO "AccountMonthlyTotal" ("organizationId", "accountId", "month", "debit", "credit")
  VALUES (NEW."organizationId", NEW."accountId", substr(NEW."date", 1, 7), NEW."debit", NEW."credit")
  ON CONFLICT ("organizationId", "accountId", "month") DO UPDATE SET "debit" = "debit" + excluded."debit", "credit" = "credit" + excluded."credit";
END;
CREATE TRIGGER "AccountDailyTotal_month_update" AFTER UPDATE ON "AccountDailyTotal" BEGIN
  UPDATE "AccountMonthlyTotal" SET "debit" = "debit" - OLD."debit", "credit" = "credit" - OLD."credit"
  WHERE "organizationId" = OLD."organizationId" AND "accountId" = OLD."accountId" AND "month" = substr(OLD."date", 1, 7);
  INSERT INTO "AccountMonthlyTotal" ("organizationId", "accountId", "month", "debit", "credit")
  VALUES (NEW."organizationId", NEW."accountId", substr(NEW."date", 1, 7), NEW."debit", NEW."credit")
  ON CONFLICT ("organizationId", "accountId", "month") DO UPDATE SET "debit" = "debit" + excluded."debit", "credit" = "credit" + excluded."credit";
END;
CREATE TRIGGER "AccountDailyTotal_month_delete" AFTER DELETE ON "AccountDailyTotal" BEGIN
  UPDATE "AccountMonthlyTotal" SET "debit" = "debit" - OLD."debit", "credit" = "credit" - OLD."credit"
  WHERE "organizationId" = OLD."organizationId" AND "accountId" = OLD."accountId" AND "month" = substr(OLD."date", 1, 7);
END;

-- The months of the books posted so far.
INSERT INTO "AccountMonthlyTotal" ("organizationId", "accountId", "month", "debit", "credit")
SELECT "organizationId", "accountId", substr("date", 1, 7), SUM("debit"), SUM("credit") FROM "AccountDailyTotal" GROUP BY "organizationId", "accountId", substr("date", 1, 7);
