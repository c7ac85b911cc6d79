-- CreateIndex
CREATE INDEX "BankTransaction_bankAccountId_reconciliationId_date_idx" ON "BankTransaction"("bankAccountId", "reconciliationId", "date");
