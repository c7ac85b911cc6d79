-- CreateTable
CREATE TABLE "ListCount" (
    "organizationId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ListCount_pkey" PRIMARY KEY ("organizationId","model")
);

-- AddForeignKey
ALTER TABLE "ListCount" ADD CONSTRAINT "ListCount_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by triggers, so every way a row is written (the API, the operator's CLI, bulk seeding) counts.
CREATE FUNCTION "list_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", TG_TABLE_NAME, 1)
    ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "ListCount"."count" + 1;
  ELSE
    UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Account', COUNT(*) FROM "Account" GROUP BY "organizationId";
CREATE TRIGGER "Account_count" AFTER INSERT OR DELETE ON "Account" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'ApiKey', COUNT(*) FROM "ApiKey" GROUP BY "organizationId";
CREATE TRIGGER "ApiKey_count" AFTER INSERT OR DELETE ON "ApiKey" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Customer', COUNT(*) FROM "Customer" GROUP BY "organizationId";
CREATE TRIGGER "Customer_count" AFTER INSERT OR DELETE ON "Customer" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Vendor', COUNT(*) FROM "Vendor" GROUP BY "organizationId";
CREATE TRIGGER "Vendor_count" AFTER INSERT OR DELETE ON "Vendor" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Employee', COUNT(*) FROM "Employee" GROUP BY "organizationId";
CREATE TRIGGER "Employee_count" AFTER INSERT OR DELETE ON "Employee" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Invoice', COUNT(*) FROM "Invoice" GROUP BY "organizationId";
CREATE TRIGGER "Invoice_count" AFTER INSERT OR DELETE ON "Invoice" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'JournalEntry', COUNT(*) FROM "JournalEntry" GROUP BY "organizationId";
CREATE TRIGGER "JournalEntry_count" AFTER INSERT OR DELETE ON "JournalEntry" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Product', COUNT(*) FROM "Product" GROUP BY "organizationId";
CREATE TRIGGER "Product_count" AFTER INSERT OR DELETE ON "Product" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'WebhookSubscription', COUNT(*) FROM "WebhookSubscription" GROUP BY "organizationId";
CREATE TRIGGER "WebhookSubscription_count" AFTER INSERT OR DELETE ON "WebhookSubscription" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Event', COUNT(*) FROM "Event" GROUP BY "organizationId";
CREATE TRIGGER "Event_count" AFTER INSERT OR DELETE ON "Event" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'WebhookDelivery', COUNT(*) FROM "WebhookDelivery" GROUP BY "organizationId";
CREATE TRIGGER "WebhookDelivery_count" AFTER INSERT OR DELETE ON "WebhookDelivery" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
