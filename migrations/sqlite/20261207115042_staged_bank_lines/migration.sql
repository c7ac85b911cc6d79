-- A statement's lines are written in short transactions while STAGED, then made visible at once
-- (src/modules/banking/statement-staging.ts); no reader sees them and the kept counts leave them out.
ALTER TABLE "BankStatement" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'IMPORTED';

CREATE INDEX "BankTransaction_statementId_idx" ON "BankTransaction"("statementId");

DROP TRIGGER "BankStatement_count_insert";
DROP TRIGGER "BankStatement_count_delete";
DROP TRIGGER "BankTransaction_count_insert";
DROP TRIGGER "BankTransaction_count_delete";

-- Kept count of the whole organization's list (src/db/list-counts.ts): staged rows are counted when the import commits.
CREATE TRIGGER "BankStatement_count_insert" AFTER INSERT ON "BankStatement" WHEN NEW."status" <> 'STAGED' BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BankStatement', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BankStatement_count_delete" AFTER DELETE ON "BankStatement" WHEN OLD."status" <> 'STAGED' BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BankStatement';
END;
CREATE TRIGGER "BankTransaction_count_insert" AFTER INSERT ON "BankTransaction" WHEN NEW."status" <> 'STAGED' BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BankTransaction', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BankTransaction_count_delete" AFTER DELETE ON "BankTransaction" WHEN OLD."status" <> 'STAGED' BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BankTransaction';
END;
