-- A statement's lines are written in short transactions while staged, then shown at once
-- (src/modules/banking/statement-staging.ts); no reader sees them and the kept counts leave them out.
ALTER TABLE "BankStatement" ADD COLUMN "staged" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "BankTransaction" ADD COLUMN "staged" BOOLEAN NOT NULL DEFAULT false;

CREATE INDEX "BankTransaction_statementId_idx" ON "BankTransaction"("statementId");

-- Kept count of the whole organization's list (src/db/list-counts.ts), leaving staged rows out: they are
-- counted when the import commits.
CREATE FUNCTION "list_count_change_unstaged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT NEW."staged" THEN
      INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", TG_TABLE_NAME, 1)
      ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "ListCount"."count" + 1;
    END IF;
  ELSIF NOT OLD."staged" THEN
    UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
DROP TRIGGER "BankStatement_count" ON "BankStatement";
CREATE TRIGGER "BankStatement_count" AFTER INSERT OR DELETE ON "BankStatement" FOR EACH ROW EXECUTE FUNCTION "list_count_change_unstaged"();
DROP TRIGGER "BankTransaction_count" ON "BankTransaction";
CREATE TRIGGER "BankTransaction_count" AFTER INSERT OR DELETE ON "BankTransaction" FOR EACH ROW EXECUTE FUNCTION "list_count_change_unstaged"();
