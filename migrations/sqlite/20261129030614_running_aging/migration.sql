-- Aged reports read each party's running balances at the buckets' edges (one key lookup each) instead of
-- summing every due date owed: AgingBalance keeps, per row, the party's balance in its currency due on or
-- before that date, and AgingParty lists the parties and currencies with a balance, with their totals and
-- first and last due dates (an edge outside those needs no lookup). Both tables are read
-- and written by their primary keys only (WITHOUT ROWID, as kept_aging's).
-- CreateTable
CREATE TABLE "AgingParty" (
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    "earliestDue" TEXT NOT NULL,
    "latestDue" TEXT NOT NULL,

    PRIMARY KEY ("organizationId", "side", "partyId", "currency"),
    CONSTRAINT "AgingParty_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;

-- The triggers of kept_aging name AgingBalance: dropped before it is redefined, made anew below.
DROP TRIGGER "AgingStep_sums_insert";
DROP TRIGGER "AgingStep_sums_delete";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AgingBalance" (
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    "runningHome" BIGINT NOT NULL,
    "runningAmount" BIGINT NOT NULL,

    PRIMARY KEY ("organizationId", "side", "partyId", "currency", "dueDate"),
    CONSTRAINT "AgingBalance_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;
INSERT INTO "new_AgingBalance" ("organizationId", "side", "partyId", "currency", "dueDate", "home", "amount", "runningHome", "runningAmount")
SELECT "organizationId", "side", "partyId", "currency", "dueDate", "home", "amount",
  SUM("home") OVER "party", SUM("amount") OVER "party"
FROM "AgingBalance"
WINDOW "party" AS (PARTITION BY "organizationId", "side", "partyId", "currency" ORDER BY "dueDate");
DROP TABLE "AgingBalance";
ALTER TABLE "new_AgingBalance" RENAME TO "AgingBalance";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

INSERT INTO "AgingParty" ("organizationId", "side", "partyId", "currency", "home", "amount", "earliestDue", "latestDue")
SELECT "organizationId", "side", "partyId", "currency", SUM("home"), SUM("amount"), MIN("dueDate"), MAX("dueDate")
FROM "AgingBalance" GROUP BY "organizationId", "side", "partyId", "currency";

-- The triggers of kept_aging, moving the running balances and the parties too: a step adds to its due
-- date's row (a new row starts from the running balance of the date before it), to every later date's
-- running balance and to its party's total; a party's first or last due date emptied is found again, and a
-- party with no due date left is removed.
CREATE TRIGGER "AgingStep_sums_insert" AFTER INSERT ON "AgingStep" BEGIN
  INSERT INTO "AgingParty" ("organizationId", "side", "partyId", "currency", "home", "amount", "earliestDue", "latestDue")
  VALUES (NEW."organizationId", NEW."side", NEW."partyId", NEW."currency", NEW."home", NEW."amount", NEW."dueDate", NEW."dueDate")
  ON CONFLICT ("organizationId", "side", "partyId", "currency")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount",
    "earliestDue" = MIN("earliestDue", excluded."earliestDue"), "latestDue" = MAX("latestDue", excluded."latestDue");
  INSERT INTO "AgingBalance" ("organizationId", "side", "partyId", "currency", "dueDate", "home", "amount", "runningHome", "runningAmount")
  VALUES (NEW."organizationId", NEW."side", NEW."partyId", NEW."currency", NEW."dueDate", NEW."home", NEW."amount",
    NEW."home" + COALESCE((SELECT "runningHome" FROM "AgingBalance" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side"
      AND "partyId" = NEW."partyId" AND "currency" = NEW."currency" AND "dueDate" < NEW."dueDate" ORDER BY "dueDate" DESC LIMIT 1), 0),
    NEW."amount" + COALESCE((SELECT "runningAmount" FROM "AgingBalance" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side"
      AND "partyId" = NEW."partyId" AND "currency" = NEW."currency" AND "dueDate" < NEW."dueDate" ORDER BY "dueDate" DESC LIMIT 1), 0))
  ON CONFLICT ("organizationId", "side", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount",
    "runningHome" = "runningHome" + excluded."home", "runningAmount" = "runningAmount" + excluded."amount";
  UPDATE "AgingBalance" SET "runningHome" = "runningHome" + NEW."home", "runningAmount" = "runningAmount" + NEW."amount"
  WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side" AND "partyId" = NEW."partyId"
    AND "currency" = NEW."currency" AND "dueDate" > NEW."dueDate";
  DELETE FROM "AgingBalance" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side" AND "partyId" = NEW."partyId"
    AND "currency" = NEW."currency" AND "dueDate" = NEW."dueDate" AND "home" = 0 AND "amount" = 0;
  DELETE FROM "AgingParty" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side" AND "partyId" = NEW."partyId"
    AND "currency" = NEW."currency" AND NOT EXISTS (SELECT 1 FROM "AgingBalance" WHERE "organizationId" = NEW."organizationId"
      AND "side" = NEW."side" AND "partyId" = NEW."partyId" AND "currency" = NEW."currency");
  UPDATE "AgingParty" SET
    "earliestDue" = (SELECT MIN("dueDate") FROM "AgingBalance" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side"
      AND "partyId" = NEW."partyId" AND "currency" = NEW."currency"),
    "latestDue" = (SELECT MAX("dueDate") FROM "AgingBalance" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side"
      AND "partyId" = NEW."partyId" AND "currency" = NEW."currency")
  WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side" AND "partyId" = NEW."partyId" AND "currency" = NEW."currency"
    AND NEW."dueDate" IN ("earliestDue", "latestDue") AND NOT EXISTS (SELECT 1 FROM "AgingBalance" WHERE "organizationId" = NEW."organizationId"
      AND "side" = NEW."side" AND "partyId" = NEW."partyId" AND "currency" = NEW."currency" AND "dueDate" = NEW."dueDate");
  INSERT INTO "AgingDay" ("organizationId", "side", "date", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (NEW."organizationId", NEW."side", NEW."date", NEW."partyId", NEW."currency", NEW."dueDate", NEW."home", NEW."amount")
  ON CONFLICT ("organizationId", "side", "date", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount";
  DELETE FROM "AgingDay" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side" AND "date" = NEW."date"
    AND "partyId" = NEW."partyId" AND "currency" = NEW."currency" AND "dueDate" = NEW."dueDate" AND "home" = 0 AND "amount" = 0;
END;
CREATE TRIGGER "AgingStep_sums_delete" AFTER DELETE ON "AgingStep" BEGIN
  INSERT INTO "AgingParty" ("organizationId", "side", "partyId", "currency", "home", "amount", "earliestDue", "latestDue")
  VALUES (OLD."organizationId", OLD."side", OLD."partyId", OLD."currency", -OLD."home", -OLD."amount", OLD."dueDate", OLD."dueDate")
  ON CONFLICT ("organizationId", "side", "partyId", "currency")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount",
    "earliestDue" = MIN("earliestDue", excluded."earliestDue"), "latestDue" = MAX("latestDue", excluded."latestDue");
  INSERT INTO "AgingBalance" ("organizationId", "side", "partyId", "currency", "dueDate", "home", "amount", "runningHome", "runningAmount")
  VALUES (OLD."organizationId", OLD."side", OLD."partyId", OLD."currency", OLD."dueDate", -OLD."home", -OLD."amount",
    -OLD."home" + COALESCE((SELECT "runningHome" FROM "AgingBalance" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side"
      AND "partyId" = OLD."partyId" AND "currency" = OLD."currency" AND "dueDate" < OLD."dueDate" ORDER BY "dueDate" DESC LIMIT 1), 0),
    -OLD."amount" + COALESCE((SELECT "runningAmount" FROM "AgingBalance" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side"
      AND "partyId" = OLD."partyId" AND "currency" = OLD."currency" AND "dueDate" < OLD."dueDate" ORDER BY "dueDate" DESC LIMIT 1), 0))
  ON CONFLICT ("organizationId", "side", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount",
    "runningHome" = "runningHome" + excluded."home", "runningAmount" = "runningAmount" + excluded."amount";
  UPDATE "AgingBalance" SET "runningHome" = "runningHome" - OLD."home", "runningAmount" = "runningAmount" - OLD."amount"
  WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side" AND "partyId" = OLD."partyId"
    AND "currency" = OLD."currency" AND "dueDate" > OLD."dueDate";
  DELETE FROM "AgingBalance" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side" AND "partyId" = OLD."partyId"
    AND "currency" = OLD."currency" AND "dueDate" = OLD."dueDate" AND "home" = 0 AND "amount" = 0;
  DELETE FROM "AgingParty" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side" AND "partyId" = OLD."partyId"
    AND "currency" = OLD."currency" AND NOT EXISTS (SELECT 1 FROM "AgingBalance" WHERE "organizationId" = OLD."organizationId"
      AND "side" = OLD."side" AND "partyId" = OLD."partyId" AND "currency" = OLD."currency");
  UPDATE "AgingParty" SET
    "earliestDue" = (SELECT MIN("dueDate") FROM "AgingBalance" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side"
      AND "partyId" = OLD."partyId" AND "currency" = OLD."currency"),
    "latestDue" = (SELECT MAX("dueDate") FROM "AgingBalance" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side"
      AND "partyId" = OLD."partyId" AND "currency" = OLD."currency")
  WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side" AND "partyId" = OLD."partyId" AND "currency" = OLD."currency"
    AND OLD."dueDate" IN ("earliestDue", "latestDue") AND NOT EXISTS (SELECT 1 FROM "AgingBalance" WHERE "organizationId" = OLD."organizationId"
      AND "side" = OLD."side" AND "partyId" = OLD."partyId" AND "currency" = OLD."currency" AND "dueDate" = OLD."dueDate");
  INSERT INTO "AgingDay" ("organizationId", "side", "date", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (OLD."organizationId", OLD."side", OLD."date", OLD."partyId", OLD."currency", OLD."dueDate", -OLD."home", -OLD."amount")
  ON CONFLICT ("organizationId", "side", "date", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount";
  DELETE FROM "AgingDay" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side" AND "date" = OLD."date"
    AND "partyId" = OLD."partyId" AND "currency" = OLD."currency" AND "dueDate" = OLD."dueDate" AND "home" = 0 AND "amount" = 0;
END;
