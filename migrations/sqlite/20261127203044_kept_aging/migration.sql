-- The kept aging tables are read and written by their primary keys, which on SQLite are then the rows
-- themselves (WITHOUT ROWID): an aged report reads the sums in key order with no lookup a row.
-- CreateTable
CREATE TABLE "AgingStep" (
    "documentId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,

    PRIMARY KEY ("documentId", "date"),
    CONSTRAINT "AgingStep_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;

-- CreateTable
CREATE TABLE "AgingBalance" (
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,

    PRIMARY KEY ("organizationId", "side", "partyId", "currency", "dueDate"),
    CONSTRAINT "AgingBalance_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;

-- CreateTable
CREATE TABLE "AgingDay" (
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,

    PRIMARY KEY ("organizationId", "side", "date", "partyId", "currency", "dueDate"),
    CONSTRAINT "AgingDay_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;

-- CreateTable
CREATE TABLE "AgingRebuild" (
    "organizationId" TEXT NOT NULL PRIMARY KEY,
    CONSTRAINT "AgingRebuild_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AgingStep_organizationId_idx" ON "AgingStep"("organizationId");

-- The sums are kept by triggers on the steps, so every way a step is written (a write, a rebuild) moves
-- them in the same transaction. A sum that comes back to zero is removed: the balances hold only what
-- is owed, so an aged report reads the parties and due dates owed, not every one there ever was.
CREATE TRIGGER "AgingStep_sums_insert" AFTER INSERT ON "AgingStep" BEGIN
  INSERT INTO "AgingBalance" ("organizationId", "side", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (NEW."organizationId", NEW."side", NEW."partyId", NEW."currency", NEW."dueDate", NEW."home", NEW."amount")
  ON CONFLICT ("organizationId", "side", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount";
  DELETE FROM "AgingBalance" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side" AND "partyId" = NEW."partyId"
    AND "currency" = NEW."currency" AND "dueDate" = NEW."dueDate" AND "home" = 0 AND "amount" = 0;
  INSERT INTO "AgingDay" ("organizationId", "side", "date", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (NEW."organizationId", NEW."side", NEW."date", NEW."partyId", NEW."currency", NEW."dueDate", NEW."home", NEW."amount")
  ON CONFLICT ("organizationId", "side", "date", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount";
  DELETE FROM "AgingDay" WHERE "organizationId" = NEW."organizationId" AND "side" = NEW."side" AND "date" = NEW."date"
    AND "partyId" = NEW."partyId" AND "currency" = NEW."currency" AND "dueDate" = NEW."dueDate" AND "home" = 0 AND "amount" = 0;
END;
CREATE TRIGGER "AgingStep_sums_delete" AFTER DELETE ON "AgingStep" BEGIN
  INSERT INTO "AgingBalance" ("organizationId", "side", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (OLD."organizationId", OLD."side", OLD."partyId", OLD."currency", OLD."dueDate", -OLD."home", -OLD."amount")
  ON CONFLICT ("organizationId", "side", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount";
  DELETE FROM "AgingBalance" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side" AND "partyId" = OLD."partyId"
    AND "currency" = OLD."currency" AND "dueDate" = OLD."dueDate" AND "home" = 0 AND "amount" = 0;
  INSERT INTO "AgingDay" ("organizationId", "side", "date", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (OLD."organizationId", OLD."side", OLD."date", OLD."partyId", OLD."currency", OLD."dueDate", -OLD."home", -OLD."amount")
  ON CONFLICT ("organizationId", "side", "date", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "home" + excluded."home", "amount" = "amount" + excluded."amount";
  DELETE FROM "AgingDay" WHERE "organizationId" = OLD."organizationId" AND "side" = OLD."side" AND "date" = OLD."date"
    AND "partyId" = OLD."partyId" AND "currency" = OLD."currency" AND "dueDate" = OLD."dueDate" AND "home" = 0 AND "amount" = 0;
END;
-- Steps are replaced (deleted and inserted), never updated.
CREATE TRIGGER "AgingStep_no_update" BEFORE UPDATE ON "AgingStep" BEGIN
  SELECT RAISE(ABORT, 'aging steps are replaced, not updated');
END;

-- The organizations whose documents came before kept aging: started, the service derives their steps.
INSERT INTO "AgingRebuild" ("organizationId") SELECT "id" FROM "Organization";
