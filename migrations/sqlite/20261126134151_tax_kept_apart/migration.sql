-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Product" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sku" TEXT,
    "description" TEXT,
    "type" TEXT NOT NULL DEFAULT 'SERVICE',
    "unitPrice" BIGINT NOT NULL DEFAULT 0,
    "taxRatePpm" INTEGER,
    "incomeAccountId" TEXT,
    "expenseAccountId" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Product_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Product_incomeAccountId_fkey" FOREIGN KEY ("incomeAccountId") REFERENCES "Account" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Product_expenseAccountId_fkey" FOREIGN KEY ("expenseAccountId") REFERENCES "Account" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Product" ("active", "createdAt", "description", "expenseAccountId", "id", "incomeAccountId", "name", "organizationId", "sku", "taxRatePpm", "type", "unitPrice", "updatedAt") SELECT "active", "createdAt", "description", "expenseAccountId", "id", "incomeAccountId", "name", "organizationId", "sku", "taxRatePpm", "type", "unitPrice", "updatedAt" FROM "Product";
DROP TABLE "Product";
ALTER TABLE "new_Product" RENAME TO "Product";
CREATE INDEX "Product_organizationId_name_id_idx" ON "Product"("organizationId", "name", "id");
CREATE INDEX "Product_organizationId_sku_id_idx" ON "Product"("organizationId", "sku", "id");
CREATE INDEX "Product_organizationId_unitPrice_id_idx" ON "Product"("organizationId", "unitPrice", "id");
CREATE INDEX "Product_organizationId_createdAt_id_idx" ON "Product"("organizationId", "createdAt", "id");
CREATE UNIQUE INDEX "Product_organizationId_sku_key" ON "Product"("organizationId", "sku");
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
    "taxRatePpm" INTEGER,
    "taxRateId" TEXT,
    "amount" BIGINT NOT NULL,
    "taxAmount" BIGINT NOT NULL,
    "taxAccountId" TEXT,
    CONSTRAINT "InvoiceLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InvoiceLine_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InvoiceLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "InvoiceLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "InvoiceLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_InvoiceLine" ("accountId", "amount", "description", "discountPpm", "id", "invoiceId", "lineNo", "organizationId", "productId", "quantityMilli", "taxAmount", "taxRateId", "taxRatePpm", "unitPrice") SELECT "accountId", "amount", "description", "discountPpm", "id", "invoiceId", "lineNo", "organizationId", "productId", "quantityMilli", "taxAmount", "taxRateId", "taxRatePpm", "unitPrice" FROM "InvoiceLine";
DROP TABLE "InvoiceLine";
ALTER TABLE "new_InvoiceLine" RENAME TO "InvoiceLine";
CREATE INDEX "InvoiceLine_productId_idx" ON "InvoiceLine"("productId");
CREATE INDEX "InvoiceLine_taxRateId_idx" ON "InvoiceLine"("taxRateId");
CREATE UNIQUE INDEX "InvoiceLine_invoiceId_lineNo_key" ON "InvoiceLine"("invoiceId", "lineNo");
CREATE TABLE "new_BillLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "billId" TEXT NOT NULL,
    "lineNo" INTEGER NOT NULL,
    "productId" TEXT,
    "accountId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "quantityMilli" BIGINT NOT NULL,
    "unitPrice" BIGINT NOT NULL,
    "discountPpm" INTEGER NOT NULL DEFAULT 0,
    "taxRatePpm" INTEGER,
    "taxRateId" TEXT,
    "amount" BIGINT NOT NULL,
    "taxAmount" BIGINT NOT NULL,
    "taxAccountId" TEXT,
    CONSTRAINT "BillLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BillLine_billId_fkey" FOREIGN KEY ("billId") REFERENCES "Bill" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BillLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "BillLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "BillLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_BillLine" ("accountId", "amount", "billId", "description", "discountPpm", "id", "lineNo", "organizationId", "productId", "quantityMilli", "taxAmount", "taxRateId", "taxRatePpm", "unitPrice") SELECT "accountId", "amount", "billId", "description", "discountPpm", "id", "lineNo", "organizationId", "productId", "quantityMilli", "taxAmount", "taxRateId", "taxRatePpm", "unitPrice" FROM "BillLine";
DROP TABLE "BillLine";
ALTER TABLE "new_BillLine" RENAME TO "BillLine";
CREATE INDEX "BillLine_productId_idx" ON "BillLine"("productId");
CREATE INDEX "BillLine_taxRateId_idx" ON "BillLine"("taxRateId");
CREATE UNIQUE INDEX "BillLine_billId_lineNo_key" ON "BillLine"("billId", "lineNo");
CREATE TABLE "new_SalesReceiptLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "receiptId" TEXT NOT NULL,
    "lineNo" INTEGER NOT NULL,
    "productId" TEXT,
    "accountId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "quantityMilli" BIGINT NOT NULL,
    "unitPrice" BIGINT NOT NULL,
    "discountPpm" INTEGER NOT NULL DEFAULT 0,
    "taxRatePpm" INTEGER,
    "taxRateId" TEXT,
    "amount" BIGINT NOT NULL,
    "taxAmount" BIGINT NOT NULL,
    "taxAccountId" TEXT,
    CONSTRAINT "SalesReceiptLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SalesReceiptLine_receiptId_fkey" FOREIGN KEY ("receiptId") REFERENCES "SalesReceipt" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SalesReceiptLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "SalesReceiptLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "SalesReceiptLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_SalesReceiptLine" ("accountId", "amount", "description", "discountPpm", "id", "lineNo", "organizationId", "productId", "quantityMilli", "receiptId", "taxAmount", "taxRateId", "taxRatePpm", "unitPrice") SELECT "accountId", "amount", "description", "discountPpm", "id", "lineNo", "organizationId", "productId", "quantityMilli", "receiptId", "taxAmount", "taxRateId", "taxRatePpm", "unitPrice" FROM "SalesReceiptLine";
DROP TABLE "SalesReceiptLine";
ALTER TABLE "new_SalesReceiptLine" RENAME TO "SalesReceiptLine";
CREATE INDEX "SalesReceiptLine_productId_idx" ON "SalesReceiptLine"("productId");
CREATE INDEX "SalesReceiptLine_taxRateId_idx" ON "SalesReceiptLine"("taxRateId");
CREATE UNIQUE INDEX "SalesReceiptLine_receiptId_lineNo_key" ON "SalesReceiptLine"("receiptId", "lineNo");
CREATE TABLE "new_CreditNoteLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "creditNoteId" TEXT NOT NULL,
    "lineNo" INTEGER NOT NULL,
    "productId" TEXT,
    "accountId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "quantityMilli" BIGINT NOT NULL,
    "unitPrice" BIGINT NOT NULL,
    "discountPpm" INTEGER NOT NULL DEFAULT 0,
    "taxRatePpm" INTEGER,
    "taxRateId" TEXT,
    "amount" BIGINT NOT NULL,
    "taxAmount" BIGINT NOT NULL,
    "taxAccountId" TEXT,
    CONSTRAINT "CreditNoteLine_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteLine_creditNoteId_fkey" FOREIGN KEY ("creditNoteId") REFERENCES "CreditNote" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "CreditNoteLine_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_CreditNoteLine" ("accountId", "amount", "creditNoteId", "description", "discountPpm", "id", "lineNo", "organizationId", "productId", "quantityMilli", "taxAmount", "taxRateId", "taxRatePpm", "unitPrice") SELECT "accountId", "amount", "creditNoteId", "description", "discountPpm", "id", "lineNo", "organizationId", "productId", "quantityMilli", "taxAmount", "taxRateId", "taxRatePpm", "unitPrice" FROM "CreditNoteLine";
DROP TABLE "CreditNoteLine";
ALTER TABLE "new_CreditNoteLine" RENAME TO "CreditNoteLine";
CREATE INDEX "CreditNoteLine_productId_idx" ON "CreditNoteLine"("productId");
CREATE INDEX "CreditNoteLine_taxRateId_idx" ON "CreditNoteLine"("taxRateId");
CREATE UNIQUE INDEX "CreditNoteLine_creditNoteId_lineNo_key" ON "CreditNoteLine"("creditNoteId", "lineNo");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Data. Lines without tax were stored as a 0 % rate, so "no tax" and "zero-rated" could not be told
-- apart: a line with neither a tax rate nor a percentage above 0 is "no tax" from now on (null), and a
-- product's default of 0 is "sold without tax". A bare 0 % given explicitly was stored the same way and
-- becomes "no tax" too; a tax rate of 0 % keeps its 0.
UPDATE "InvoiceLine" SET "taxRatePpm" = NULL WHERE "taxRateId" IS NULL AND "taxRatePpm" = 0;
UPDATE "SalesReceiptLine" SET "taxRatePpm" = NULL WHERE "taxRateId" IS NULL AND "taxRatePpm" = 0;
UPDATE "CreditNoteLine" SET "taxRatePpm" = NULL WHERE "taxRateId" IS NULL AND "taxRatePpm" = 0;
UPDATE "BillLine" SET "taxRatePpm" = NULL WHERE "taxRateId" IS NULL AND "taxRatePpm" = 0;
UPDATE "Product" SET "taxRatePpm" = NULL WHERE "taxRatePpm" = 0;

-- The account each posted line's tax went to: its rate's account (as it stands now: a rate whose account
-- was changed before this migration cannot be told from its history), else the organization's tax account.
UPDATE "InvoiceLine" SET "taxAccountId" = COALESCE(
  (SELECT r."salesAccountId" FROM "TaxRate" r WHERE r."id" = "InvoiceLine"."taxRateId"),
  (SELECT a."id" FROM "Account" a WHERE a."organizationId" = "InvoiceLine"."organizationId" AND a."systemRole" = 'sales_tax_payable'))
WHERE "taxRatePpm" IS NOT NULL AND EXISTS (SELECT 1 FROM "Invoice" d WHERE d."id" = "InvoiceLine"."invoiceId" AND d."journalEntryId" IS NOT NULL);
UPDATE "SalesReceiptLine" SET "taxAccountId" = COALESCE(
  (SELECT r."salesAccountId" FROM "TaxRate" r WHERE r."id" = "SalesReceiptLine"."taxRateId"),
  (SELECT a."id" FROM "Account" a WHERE a."organizationId" = "SalesReceiptLine"."organizationId" AND a."systemRole" = 'sales_tax_payable'))
WHERE "taxRatePpm" IS NOT NULL AND EXISTS (SELECT 1 FROM "SalesReceipt" d WHERE d."id" = "SalesReceiptLine"."receiptId" AND d."journalEntryId" IS NOT NULL);
UPDATE "CreditNoteLine" SET "taxAccountId" = COALESCE(
  (SELECT r."salesAccountId" FROM "TaxRate" r WHERE r."id" = "CreditNoteLine"."taxRateId"),
  (SELECT a."id" FROM "Account" a WHERE a."organizationId" = "CreditNoteLine"."organizationId" AND a."systemRole" = 'sales_tax_payable'))
WHERE "taxRatePpm" IS NOT NULL AND EXISTS (SELECT 1 FROM "CreditNote" d WHERE d."id" = "CreditNoteLine"."creditNoteId" AND d."journalEntryId" IS NOT NULL);
UPDATE "BillLine" SET "taxAccountId" = COALESCE(
  (SELECT r."purchaseAccountId" FROM "TaxRate" r WHERE r."id" = "BillLine"."taxRateId"),
  (SELECT a."id" FROM "Account" a WHERE a."organizationId" = "BillLine"."organizationId" AND a."systemRole" = 'tax_recoverable'))
WHERE "taxRatePpm" IS NOT NULL AND EXISTS (SELECT 1 FROM "Bill" d WHERE d."id" = "BillLine"."billId" AND d."journalEntryId" IS NOT NULL);

-- Rebuilding "Product" above dropped the triggers that keep its list count (migration list_counts):
-- made again, as they were. The count itself was kept in "ListCount" and is still right.
CREATE TRIGGER "Product_count_insert" AFTER INSERT ON "Product" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'Product', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "Product_count_delete" AFTER DELETE ON "Product" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'Product';
END;
