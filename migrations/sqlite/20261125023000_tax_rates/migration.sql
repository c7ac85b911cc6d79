-- CreateTable
CREATE TABLE "TaxRate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ratePpm" INTEGER NOT NULL,
    "salesAccountId" TEXT,
    "purchaseAccountId" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "TaxRate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TaxRate_salesAccountId_fkey" FOREIGN KEY ("salesAccountId") REFERENCES "Account" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "TaxRate_purchaseAccountId_fkey" FOREIGN KEY ("purchaseAccountId") REFERENCES "Account" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_InvoiceLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "invoiceId" TEXT NOT NULL,
    "lineNo" INTEGER NOT NULL,
    "productId" TEXT,
    "accountId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "quantityMilli" BIGINT NOT NULL,
    "unitPrice" BIGINT NOT NULL,
    "discountPpm" INTEGER NOT NULL DEFAULT 0,
    "taxRatePpm" INTEGER NOT NULL DEFAULT 0,
    "taxRateId" TEXT,
    "amount" BIGINT NOT NULL,
    "taxAmount" BIGINT NOT NULL,
    CONSTRAINT "InvoiceLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InvoiceLine_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InvoiceLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "InvoiceLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "InvoiceLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_InvoiceLine" ("accountId", "amount", "description", "discountPpm", "id", "invoiceId", "lineNo", "organizationId", "productId", "quantityMilli", "taxAmount", "taxRatePpm", "unitPrice") SELECT "accountId", "amount", "description", "discountPpm", "id", "invoiceId", "lineNo", "organizationId", "productId", "quantityMilli", "taxAmount", "taxRatePpm", "unitPrice" FROM "InvoiceLine";
DROP TABLE "InvoiceLine";
ALTER TABLE "new_InvoiceLine" RENAME TO "InvoiceLine";
CREATE INDEX "InvoiceLine_productId_idx" ON "InvoiceLine"("productId");
CREATE INDEX "InvoiceLine_taxRateId_idx" ON "InvoiceLine"("taxRateId");
CREATE UNIQUE INDEX "InvoiceLine_invoiceId_lineNo_key" ON "InvoiceLine"("invoiceId", "lineNo");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "TaxRate_organizationId_ratePpm_id_idx" ON "TaxRate"("organizationId", "ratePpm", "id");

-- CreateIndex
CREATE INDEX "TaxRate_organizationId_createdAt_id_idx" ON "TaxRate"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "TaxRate_organizationId_name_key" ON "TaxRate"("organizationId", "name");

-- The tax rates' kept count, as every listed model's (list_counts).
CREATE TRIGGER "TaxRate_count_insert" AFTER INSERT ON "TaxRate" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'TaxRate', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "TaxRate_count_delete" AFTER DELETE ON "TaxRate" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'TaxRate';
END;
