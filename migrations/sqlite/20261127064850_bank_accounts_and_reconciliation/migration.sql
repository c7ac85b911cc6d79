-- AlterTable
ALTER TABLE "JournalEntry" ADD COLUMN "reconciliationId" TEXT;

-- CreateTable
CREATE TABLE "BankAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "bankName" TEXT,
    "accountNumberLast4" TEXT,
    "currency" TEXT NOT NULL,
    "openingBalance" BIGINT NOT NULL DEFAULT 0,
    "openingDate" TEXT NOT NULL,
    "openingEntryId" TEXT,
    "statementBalance" BIGINT,
    "statementDate" TEXT,
    "csvFormat" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BankAccount_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BankAccount_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BankStatement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "bankAccountId" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "filename" TEXT,
    "fileHash" TEXT NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "newCount" INTEGER NOT NULL,
    "skippedCount" INTEGER NOT NULL,
    "startDate" TEXT,
    "endDate" TEXT,
    "closingBalance" BIGINT,
    "closingDate" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BankStatement_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BankStatement_bankAccountId_fkey" FOREIGN KEY ("bankAccountId") REFERENCES "BankAccount" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BankTransaction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "bankAccountId" TEXT NOT NULL,
    "statementId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "description" TEXT NOT NULL,
    "counterparty" TEXT,
    "reference" TEXT,
    "dedupeKey" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'UNMATCHED',
    "reconciliationId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BankTransaction_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BankTransaction_bankAccountId_fkey" FOREIGN KEY ("bankAccountId") REFERENCES "BankAccount" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "BankTransaction_statementId_fkey" FOREIGN KEY ("statementId") REFERENCES "BankStatement" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "BankTransaction_reconciliationId_fkey" FOREIGN KEY ("reconciliationId") REFERENCES "BankReconciliation" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BankMatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "bankAccountId" TEXT NOT NULL,
    "bankTransactionId" TEXT NOT NULL,
    "journalEntryId" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "explained" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BankMatch_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BankMatch_bankTransactionId_fkey" FOREIGN KEY ("bankTransactionId") REFERENCES "BankTransaction" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BankReconciliation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "bankAccountId" TEXT NOT NULL,
    "statementDate" TEXT NOT NULL,
    "openingBalance" BIGINT NOT NULL,
    "closingBalance" BIGINT NOT NULL,
    "clearedDeposits" BIGINT NOT NULL,
    "clearedPayments" BIGINT NOT NULL,
    "transactionCount" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'COMPLETED',
    "undoneAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BankReconciliation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BankReconciliation_bankAccountId_fkey" FOREIGN KEY ("bankAccountId") REFERENCES "BankAccount" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "BankAccount_accountId_key" ON "BankAccount"("accountId");

-- CreateIndex
CREATE INDEX "BankAccount_organizationId_createdAt_id_idx" ON "BankAccount"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BankStatement_organizationId_createdAt_id_idx" ON "BankStatement"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BankStatement_bankAccountId_createdAt_id_idx" ON "BankStatement"("bankAccountId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BankTransaction_organizationId_date_id_idx" ON "BankTransaction"("organizationId", "date", "id");

-- CreateIndex
CREATE INDEX "BankTransaction_organizationId_amount_id_idx" ON "BankTransaction"("organizationId", "amount", "id");

-- CreateIndex
CREATE INDEX "BankTransaction_organizationId_createdAt_id_idx" ON "BankTransaction"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BankTransaction_bankAccountId_status_date_id_idx" ON "BankTransaction"("bankAccountId", "status", "date", "id");

-- CreateIndex
CREATE INDEX "BankTransaction_bankAccountId_date_id_idx" ON "BankTransaction"("bankAccountId", "date", "id");

-- CreateIndex
CREATE INDEX "BankTransaction_reconciliationId_idx" ON "BankTransaction"("reconciliationId");

-- CreateIndex
CREATE UNIQUE INDEX "BankTransaction_bankAccountId_dedupeKey_key" ON "BankTransaction"("bankAccountId", "dedupeKey");

-- CreateIndex
CREATE INDEX "BankMatch_bankTransactionId_idx" ON "BankMatch"("bankTransactionId");

-- CreateIndex
CREATE INDEX "BankMatch_journalEntryId_idx" ON "BankMatch"("journalEntryId");

-- CreateIndex
CREATE UNIQUE INDEX "BankMatch_bankAccountId_journalEntryId_key" ON "BankMatch"("bankAccountId", "journalEntryId");

-- CreateIndex
CREATE INDEX "BankReconciliation_organizationId_createdAt_id_idx" ON "BankReconciliation"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BankReconciliation_organizationId_statementDate_id_idx" ON "BankReconciliation"("organizationId", "statementDate", "id");

-- CreateIndex
CREATE INDEX "BankReconciliation_bankAccountId_status_statementDate_idx" ON "BankReconciliation"("bankAccountId", "status", "statementDate");

-- Kept count of the whole organization's list (src/db/list-counts.ts).
CREATE TRIGGER "BankAccount_count_insert" AFTER INSERT ON "BankAccount" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BankAccount', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BankAccount_count_delete" AFTER DELETE ON "BankAccount" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BankAccount';
END;

-- Kept count of the whole organization's list (src/db/list-counts.ts).
CREATE TRIGGER "BankStatement_count_insert" AFTER INSERT ON "BankStatement" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BankStatement', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BankStatement_count_delete" AFTER DELETE ON "BankStatement" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BankStatement';
END;

-- Kept count of the whole organization's list (src/db/list-counts.ts).
CREATE TRIGGER "BankTransaction_count_insert" AFTER INSERT ON "BankTransaction" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BankTransaction', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BankTransaction_count_delete" AFTER DELETE ON "BankTransaction" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BankTransaction';
END;

-- Kept count of the whole organization's list (src/db/list-counts.ts).
CREATE TRIGGER "BankReconciliation_count_insert" AFTER INSERT ON "BankReconciliation" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BankReconciliation', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BankReconciliation_count_delete" AFTER DELETE ON "BankReconciliation" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BankReconciliation';
END;
