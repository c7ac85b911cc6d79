-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Customer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "taxNumber" TEXT,
    "addressLine1" TEXT,
    "addressLine2" TEXT,
    "city" TEXT,
    "region" TEXT,
    "postalCode" TEXT,
    "country" TEXT,
    "paymentTermsDays" INTEGER,
    "notes" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "balance" BIGINT NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Customer_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Customer" ("active", "addressLine1", "addressLine2", "city", "country", "createdAt", "email", "id", "name", "notes", "organizationId", "paymentTermsDays", "phone", "postalCode", "region", "taxNumber", "updatedAt") SELECT "active", "addressLine1", "addressLine2", "city", "country", "createdAt", "email", "id", "name", "notes", "organizationId", "paymentTermsDays", "phone", "postalCode", "region", "taxNumber", "updatedAt" FROM "Customer";
DROP TABLE "Customer";
ALTER TABLE "new_Customer" RENAME TO "Customer";
CREATE INDEX "Customer_organizationId_name_id_idx" ON "Customer"("organizationId", "name", "id");
CREATE INDEX "Customer_organizationId_createdAt_id_idx" ON "Customer"("organizationId", "createdAt", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Redefining the table dropped its triggers: the kept list count of customers (see list_counts) again.
CREATE TRIGGER "Customer_count_insert" AFTER INSERT ON "Customer" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Customer', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Customer_count_delete" AFTER DELETE ON "Customer" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Customer';
END;

-- What every customer owes now: the amount due on its open and partly paid invoices.
UPDATE "Customer" SET "balance" = COALESCE((
  SELECT SUM(i."total" - i."amountPaid") FROM "Invoice" i WHERE i."customerId" = "Customer"."id" AND i."status" IN ('OPEN', 'PARTIALLY_PAID')
), 0);
