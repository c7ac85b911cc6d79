-- A statement's lines are written in short transactions while staged, then shown at once
-- (src/modules/banking/statement-staging.ts); no reader sees them and the kept counts leave them out.
ALTER TABLE "BankStatement" ADD COLUMN "staged" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "BankTransaction" ADD COLUMN "staged" BOOLEAN NOT NULL DEFAULT false;

CREATE INDEX "BankTransaction_statementId_idx" ON "BankTransaction"("statementId");

DROP TRIGGER "BankStatement_count_insert";
DROP TRIGGER "BankStatement_count_delete";
DROP TRIGGER "BankTransaction_count_insert";
DROP TRIGGER "BankTransaction_count_delete";

-- Kept count of the whole organization's list (src/db/list-counts.ts): staged rows are counted when the import commits.
CREATE TRIGGER "BankStatement_count_insert" AFTER INSERT ON "BankStatement" WHEN NOT NEW."staged" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BankStatement', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BankStatement_count_delete" AFTER DELETE ON "BankStatement" WHEN NOT OLD."staged" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BankStatement';
END;
CREATE TRIGGER "BankTransaction_count_insert" AFTER INSERT ON "BankTransaction" WHEN NOT NEW."staged" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BankTransaction', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BankTransaction_count_delete" AFTER DELETE ON "BankTransaction" WHEN NOT OLD."staged" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BankTransaction';
END;
