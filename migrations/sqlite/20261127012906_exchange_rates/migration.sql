-- CreateTable
CREATE TABLE "ExchangeRate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "rate" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ExchangeRate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ExchangeRate_organizationId_date_id_idx" ON "ExchangeRate"("organizationId", "date", "id");

-- CreateIndex
CREATE INDEX "ExchangeRate_organizationId_createdAt_id_idx" ON "ExchangeRate"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ExchangeRate_organizationId_currency_date_key" ON "ExchangeRate"("organizationId", "currency", "date");

-- Listed models' kept counts (list_counts).
CREATE TRIGGER "ExchangeRate_count_insert" AFTER INSERT ON "ExchangeRate" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'ExchangeRate', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "ExchangeRate_count_delete" AFTER DELETE ON "ExchangeRate" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'ExchangeRate';
END;
