-- CreateEnum
CREATE TYPE "BulkOperationType" AS ENUM ('EXPORT', 'IMPORT');

-- CreateEnum
CREATE TYPE "BulkOperationStatus" AS ENUM ('CREATED', 'RUNNING', 'CANCELING', 'CANCELED', 'COMPLETED', 'FAILED');

-- CreateTable
CREATE TABLE "BulkOperation" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "type" "BulkOperationType" NOT NULL,
    "status" "BulkOperationStatus" NOT NULL DEFAULT 'CREATED',
    "query" TEXT,
    "resource" TEXT,
    "inputFileId" TEXT,
    "totalCount" INTEGER,
    "objectCount" INTEGER NOT NULL DEFAULT 0,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "resultChunks" INTEGER NOT NULL DEFAULT 0,
    "resultBytes" BIGINT NOT NULL DEFAULT 0,
    "resultExpiresAt" TIMESTAMP(3),
    "resultUrl" TEXT,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "secret" TEXT NOT NULL,
    "leaseToken" TEXT,
    "leasedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BulkOperation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BulkFile" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "byteCount" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BulkFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BulkFileChunk" (
    "fileId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BulkFileChunk_pkey" PRIMARY KEY ("fileId","seq")
);

-- CreateIndex
CREATE INDEX "BulkOperation_organizationId_createdAt_id_idx" ON "BulkOperation"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "BulkOperation_status_createdAt_idx" ON "BulkOperation"("status", "createdAt");

-- CreateIndex
CREATE INDEX "BulkFile_organizationId_createdAt_idx" ON "BulkFile"("organizationId", "createdAt");

-- AddForeignKey
ALTER TABLE "BulkOperation" ADD CONSTRAINT "BulkOperation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The list of bulk operations is counted like every other list.
CREATE TRIGGER "BulkOperation_count" AFTER INSERT OR DELETE ON "BulkOperation" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
