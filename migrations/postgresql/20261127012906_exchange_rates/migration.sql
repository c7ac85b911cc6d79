-- CreateTable
CREATE TABLE "ExchangeRate" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "rate" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ExchangeRate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ExchangeRate_organizationId_date_id_idx" ON "ExchangeRate"("organizationId", "date", "id");

-- CreateIndex
CREATE INDEX "ExchangeRate_organizationId_createdAt_id_idx" ON "ExchangeRate"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ExchangeRate_organizationId_currency_date_key" ON "ExchangeRate"("organizationId", "currency", "date");

-- AddForeignKey
ALTER TABLE "ExchangeRate" ADD CONSTRAINT "ExchangeRate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Listed models' kept counts (list_counts).
CREATE TRIGGER "ExchangeRate_count" AFTER INSERT OR DELETE ON "ExchangeRate" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
