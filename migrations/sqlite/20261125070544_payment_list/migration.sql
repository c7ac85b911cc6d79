-- DropIndex
DROP INDEX "Payment_organizationId_date_idx";

-- CreateIndex
CREATE INDEX "Payment_organizationId_date_id_idx" ON "Payment"("organizationId", "date", "id");

-- CreateIndex
CREATE INDEX "Payment_organizationId_createdAt_id_idx" ON "Payment"("organizationId", "createdAt", "id");

-- Payments are listed now: their kept count, as every listed model's (list_counts), from what is there.
INSERT INTO "ListCount" ("organizationId", "model", "count")
SELECT "organizationId", 'Payment', COUNT(*) FROM "Payment" GROUP BY "organizationId";
CREATE TRIGGER "Payment_count_insert" AFTER INSERT ON "Payment" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Payment', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Payment_count_delete" AFTER DELETE ON "Payment" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Payment';
END;
