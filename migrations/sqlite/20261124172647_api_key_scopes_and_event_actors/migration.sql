-- AlterTable
ALTER TABLE "Event" ADD COLUMN "actor" TEXT;
ALTER TABLE "Event" ADD COLUMN "actorKeyId" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "scopes" TEXT NOT NULL DEFAULT '*',
    "expiresAt" DATETIME,
    "previousSecretHash" TEXT,
    "previousSecretExpiresAt" DATETIME,
    "createdByKeyId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "ApiKey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ApiKey_createdByKeyId_fkey" FOREIGN KEY ("createdByKeyId") REFERENCES "ApiKey" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ApiKey" ("createdAt", "id", "lastUsedAt", "name", "organizationId", "prefix", "revokedAt", "secretHash") SELECT "createdAt", "id", "lastUsedAt", "name", "organizationId", "prefix", "revokedAt", "secretHash" FROM "ApiKey";
DROP TABLE "ApiKey";
ALTER TABLE "new_ApiKey" RENAME TO "ApiKey";
CREATE UNIQUE INDEX "ApiKey_prefix_key" ON "ApiKey"("prefix");
CREATE INDEX "ApiKey_organizationId_idx" ON "ApiKey"("organizationId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Event_organizationId_resourceId_seq_idx" ON "Event"("organizationId", "resourceId", "seq");

-- CreateIndex
CREATE INDEX "Event_organizationId_actorKeyId_seq_idx" ON "Event"("organizationId", "actorKeyId", "seq");
