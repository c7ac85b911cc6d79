-- DropIndex
DROP INDEX "Payment_organizationId_date_idx";

-- CreateIndex
CREATE INDEX "Payment_organizationId_date_id_idx" ON "Payment"("organizationId", "date", "id");

-- CreateIndex
CREATE INDEX "Payment_organizationId_createdAt_id_idx" ON "Payment"("organizationId", "createdAt", "id");

-- Payments are listed now: their kept count, as every listed model's (list_counts), from what is there.
INSERT INTO "ListCount" ("organizationId", "model", "count")
SELECT "organizationId", 'Payment', COUNT(*) FROM "Payment" GROUP BY "organizationId";
CREATE TRIGGER "Payment_count" AFTER INSERT OR DELETE ON "Payment" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
