-- DropIndex
DROP INDEX "Invoice_organizationId_status_idx";

-- CreateIndex
CREATE INDEX "Invoice_organizationId_status_issueDate_id_idx" ON "Invoice"("organizationId", "status", "issueDate", "id");
