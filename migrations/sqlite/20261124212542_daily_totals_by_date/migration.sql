-- CreateIndex
CREATE INDEX "AccountDailyTotal_organizationId_date_idx" ON "AccountDailyTotal"("organizationId", "date");
