-- DropIndex
DROP INDEX "Invoice_customerId_idx";

-- CreateIndex
CREATE INDEX "Invoice_organizationId_customerId_status_idx" ON "Invoice"("organizationId", "customerId", "status");

-- CreateIndex
CREATE INDEX "Invoice_customerId_issueDate_id_idx" ON "Invoice"("customerId", "issueDate", "id");
