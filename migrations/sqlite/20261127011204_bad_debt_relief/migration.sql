-- CreateTable
CREATE TABLE "InvoiceWriteOffTax" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "writeOffId" TEXT NOT NULL,
    "lineNo" INTEGER NOT NULL,
    "taxRateId" TEXT,
    "taxRatePpm" INTEGER NOT NULL,
    "amount" BIGINT NOT NULL,
    "taxAmount" BIGINT NOT NULL,
    "taxAccountId" TEXT NOT NULL,
    CONSTRAINT "InvoiceWriteOffTax_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InvoiceWriteOffTax_writeOffId_fkey" FOREIGN KEY ("writeOffId") REFERENCES "InvoiceWriteOff" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InvoiceWriteOffTax_taxRateId_fkey" FOREIGN KEY ("taxRateId") REFERENCES "TaxRate" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "InvoiceWriteOffTax_taxAccountId_fkey" FOREIGN KEY ("taxAccountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- Added columns, in place (schema.prisma puts them last; see nextBillNumber there).
ALTER TABLE "Organization" ADD COLUMN "badDebtTaxRelief" TEXT NOT NULL DEFAULT 'NONE';
ALTER TABLE "InvoiceWriteOff" ADD COLUMN "taxRelieved" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "InvoiceWriteOffTax_taxRateId_idx" ON "InvoiceWriteOffTax"("taxRateId");

-- CreateIndex
CREATE INDEX "InvoiceWriteOffTax_taxAccountId_idx" ON "InvoiceWriteOffTax"("taxAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "InvoiceWriteOffTax_writeOffId_lineNo_key" ON "InvoiceWriteOffTax"("writeOffId", "lineNo");
