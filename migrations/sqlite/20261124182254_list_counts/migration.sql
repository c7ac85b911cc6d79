-- CreateTable
CREATE TABLE "ListCount" (
    "organizationId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("organizationId", "model"),
    CONSTRAINT "ListCount_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Kept by triggers, so every way a row is written (the API, the operator's CLI, bulk seeding) counts.
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Account', COUNT(*) FROM "Account" GROUP BY "organizationId";
CREATE TRIGGER "Account_count_insert" AFTER INSERT ON "Account" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Account', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Account_count_delete" AFTER DELETE ON "Account" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Account';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'ApiKey', COUNT(*) FROM "ApiKey" GROUP BY "organizationId";
CREATE TRIGGER "ApiKey_count_insert" AFTER INSERT ON "ApiKey" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'ApiKey', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "ApiKey_count_delete" AFTER DELETE ON "ApiKey" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'ApiKey';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Customer', COUNT(*) FROM "Customer" GROUP BY "organizationId";
CREATE TRIGGER "Customer_count_insert" AFTER INSERT ON "Customer" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Customer', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Customer_count_delete" AFTER DELETE ON "Customer" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Customer';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Vendor', COUNT(*) FROM "Vendor" GROUP BY "organizationId";
CREATE TRIGGER "Vendor_count_insert" AFTER INSERT ON "Vendor" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Vendor', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Vendor_count_delete" AFTER DELETE ON "Vendor" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Vendor';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Employee', COUNT(*) FROM "Employee" GROUP BY "organizationId";
CREATE TRIGGER "Employee_count_insert" AFTER INSERT ON "Employee" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Employee', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Employee_count_delete" AFTER DELETE ON "Employee" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Employee';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Invoice', COUNT(*) FROM "Invoice" GROUP BY "organizationId";
CREATE TRIGGER "Invoice_count_insert" AFTER INSERT ON "Invoice" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Invoice', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Invoice_count_delete" AFTER DELETE ON "Invoice" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Invoice';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'JournalEntry', COUNT(*) FROM "JournalEntry" GROUP BY "organizationId";
CREATE TRIGGER "JournalEntry_count_insert" AFTER INSERT ON "JournalEntry" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'JournalEntry', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "JournalEntry_count_delete" AFTER DELETE ON "JournalEntry" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'JournalEntry';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Product', COUNT(*) FROM "Product" GROUP BY "organizationId";
CREATE TRIGGER "Product_count_insert" AFTER INSERT ON "Product" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Product', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Product_count_delete" AFTER DELETE ON "Product" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Product';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'WebhookSubscription', COUNT(*) FROM "WebhookSubscription" GROUP BY "organizationId";
CREATE TRIGGER "WebhookSubscription_count_insert" AFTER INSERT ON "WebhookSubscription" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'WebhookSubscription', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "WebhookSubscription_count_delete" AFTER DELETE ON "WebhookSubscription" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'WebhookSubscription';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'Event', COUNT(*) FROM "Event" GROUP BY "organizationId";
CREATE TRIGGER "Event_count_insert" AFTER INSERT ON "Event" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Event', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Event_count_delete" AFTER DELETE ON "Event" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Event';
END;
INSERT INTO "ListCount" ("organizationId", "model", "count") SELECT "organizationId", 'WebhookDelivery', COUNT(*) FROM "WebhookDelivery" GROUP BY "organizationId";
CREATE TRIGGER "WebhookDelivery_count_insert" AFTER INSERT ON "WebhookDelivery" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'WebhookDelivery', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "WebhookDelivery_count_delete" AFTER DELETE ON "WebhookDelivery" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'WebhookDelivery';
END;
