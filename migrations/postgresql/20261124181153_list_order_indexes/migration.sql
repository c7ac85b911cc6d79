-- DropIndex
DROP INDEX "ApiKey_organizationId_idx";

-- DropIndex
DROP INDEX "JournalEntry_organizationId_date_idx";

-- DropIndex
DROP INDEX "Customer_organizationId_name_idx";

-- DropIndex
DROP INDEX "Vendor_organizationId_name_idx";

-- DropIndex
DROP INDEX "Product_organizationId_name_idx";

-- DropIndex
DROP INDEX "Invoice_organizationId_issueDate_idx";

-- DropIndex
DROP INDEX "Employee_organizationId_lastName_idx";

-- DropIndex
DROP INDEX "WebhookSubscription_organizationId_idx";

-- CreateIndex
CREATE INDEX "ApiKey_organizationId_createdAt_id_idx" ON "ApiKey"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ApiKey_organizationId_name_id_idx" ON "ApiKey"("organizationId", "name", "id");

-- CreateIndex
CREATE INDEX "Account_organizationId_name_id_idx" ON "Account"("organizationId", "name", "id");

-- CreateIndex
CREATE INDEX "Account_organizationId_createdAt_id_idx" ON "Account"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "JournalEntry_organizationId_date_id_idx" ON "JournalEntry"("organizationId", "date", "id");

-- CreateIndex
CREATE INDEX "JournalEntry_organizationId_totalAmount_id_idx" ON "JournalEntry"("organizationId", "totalAmount", "id");

-- CreateIndex
CREATE INDEX "Customer_organizationId_name_id_idx" ON "Customer"("organizationId", "name", "id");

-- CreateIndex
CREATE INDEX "Customer_organizationId_createdAt_id_idx" ON "Customer"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Vendor_organizationId_name_id_idx" ON "Vendor"("organizationId", "name", "id");

-- CreateIndex
CREATE INDEX "Vendor_organizationId_createdAt_id_idx" ON "Vendor"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Product_organizationId_name_id_idx" ON "Product"("organizationId", "name", "id");

-- CreateIndex
CREATE INDEX "Product_organizationId_sku_id_idx" ON "Product"("organizationId", "sku", "id");

-- CreateIndex
CREATE INDEX "Product_organizationId_unitPrice_id_idx" ON "Product"("organizationId", "unitPrice", "id");

-- CreateIndex
CREATE INDEX "Product_organizationId_createdAt_id_idx" ON "Product"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Invoice_organizationId_issueDate_id_idx" ON "Invoice"("organizationId", "issueDate", "id");

-- CreateIndex
CREATE INDEX "Invoice_organizationId_dueDate_id_idx" ON "Invoice"("organizationId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "Invoice_organizationId_total_id_idx" ON "Invoice"("organizationId", "total", "id");

-- CreateIndex
CREATE INDEX "Invoice_organizationId_createdAt_id_idx" ON "Invoice"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Employee_organizationId_lastName_id_idx" ON "Employee"("organizationId", "lastName", "id");

-- CreateIndex
CREATE INDEX "Employee_organizationId_employeeNumber_id_idx" ON "Employee"("organizationId", "employeeNumber", "id");

-- CreateIndex
CREATE INDEX "Employee_organizationId_startDate_id_idx" ON "Employee"("organizationId", "startDate", "id");

-- CreateIndex
CREATE INDEX "Employee_organizationId_createdAt_id_idx" ON "Employee"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookSubscription_organizationId_createdAt_id_idx" ON "WebhookSubscription"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_organizationId_createdAt_id_idx" ON "WebhookDelivery"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_subscriptionId_createdAt_id_idx" ON "WebhookDelivery"("subscriptionId", "createdAt", "id");
