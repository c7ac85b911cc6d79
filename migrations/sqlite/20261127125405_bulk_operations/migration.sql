-- CreateTable
CREATE TABLE "BulkOperation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'CREATED',
    "query" TEXT,
    "resource" TEXT,
    "inputFileId" TEXT,
    "totalCount" INTEGER,
    "objectCount" INTEGER NOT NULL DEFAULT 0,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "resultChunks" INTEGER NOT NULL DEFAULT 0,
    "resultBytes" BIGINT NOT NULL DEFAULT 0,
    "resultExpiresAt" DATETIME,
    "resultUrl" TEXT,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "secret" TEXT NOT NULL,
    "leaseToken" TEXT,
    "leasedUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "completedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BulkOperation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BulkFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "byteCount" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "BulkFileChunk" (
    "fileId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "data" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("fileId", "seq")
);

-- CreateIndex
CREATE INDEX "BulkOperation_organizationId_createdAt_id_idx" ON "BulkOperation"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BulkOperation_status_createdAt_idx" ON "BulkOperation"("status", "createdAt");

-- CreateIndex
CREATE INDEX "BulkFile_organizationId_createdAt_idx" ON "BulkFile"("organizationId", "createdAt");

-- The list of bulk operations is counted like every other list.
CREATE TRIGGER "BulkOperation_count_insert" AFTER INSERT ON "BulkOperation" BEGIN
  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", 'BulkOperation', 1)
  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;
END;
CREATE TRIGGER "BulkOperation_count_delete" AFTER DELETE ON "BulkOperation" BEGIN
  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = 'BulkOperation';
END;
