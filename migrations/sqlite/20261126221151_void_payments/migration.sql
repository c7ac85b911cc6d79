-- Added columns, in place (schema.prisma puts them last; see nextBillNumber there): a payment's void.
ALTER TABLE "Payment" ADD COLUMN "voidJournalEntryId" TEXT CONSTRAINT "Payment_voidJournalEntryId_fkey" REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Payment" ADD COLUMN "voidedAt" DATETIME;
ALTER TABLE "Payment" ADD COLUMN "voidDate" TEXT;
CREATE UNIQUE INDEX "Payment_voidJournalEntryId_key" ON "Payment"("voidJournalEntryId");

ALTER TABLE "BillPayment" ADD COLUMN "voidJournalEntryId" TEXT CONSTRAINT "BillPayment_voidJournalEntryId_fkey" REFERENCES "JournalEntry" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "BillPayment" ADD COLUMN "voidedAt" DATETIME;
ALTER TABLE "BillPayment" ADD COLUMN "voidDate" TEXT;
CREATE UNIQUE INDEX "BillPayment_voidJournalEntryId_key" ON "BillPayment"("voidJournalEntryId");

-- Bill payments are listed now: the orders their list offers, read from an index (list-plans test),
CREATE INDEX "BillPayment_organizationId_date_id_idx" ON "BillPayment"("organizationId", "date", "id");
CREATE INDEX "BillPayment_organizationId_createdAt_id_idx" ON "BillPayment"("organizationId", "createdAt", "id");

-- and their kept count, as every listed model's (list_counts), from what is there.
INSERT INTO "ListCount" ("organizationId", "model", "count")
SELECT "organizationId", 'BillPayment', COUNT(*) FROM "BillPayment" GROUP BY "organizationId";
CREATE TRIGGER "BillPayment_count_insert" AFTER INSERT ON "BillPayment" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BillPayment', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BillPayment_count_delete" AFTER DELETE ON "BillPayment" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BillPayment';
END;
