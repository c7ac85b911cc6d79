-- AlterTable
ALTER TABLE "WebhookSubscription" ADD COLUMN "failingSince" DATETIME;
ALTER TABLE "WebhookSubscription" ADD COLUMN "previousSecret" TEXT;
ALTER TABLE "WebhookSubscription" ADD COLUMN "previousSecretExpiresAt" DATETIME;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN "relayedAt" DATETIME;

-- CreateTable
CREATE TABLE "WebhookDeliveryAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "attemptedAt" DATETIME NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "error" TEXT,
    CONSTRAINT "WebhookDeliveryAttempt_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WebhookDeliveryAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WebhookDelivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "subscriptionId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "lastAttemptAt" DATETIME,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "error" TEXT,
    "eventSeq" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "WebhookDelivery_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WebhookDelivery_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "WebhookSubscription" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WebhookDelivery_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_WebhookDelivery" ("attempts", "createdAt", "error", "eventId", "id", "lastAttemptAt", "nextAttemptAt", "organizationId", "responseBody", "responseStatus", "status", "subscriptionId", "updatedAt") SELECT "attempts", "createdAt", "error", "eventId", "id", "lastAttemptAt", "nextAttemptAt", "organizationId", "responseBody", "responseStatus", "status", "subscriptionId", "updatedAt" FROM "WebhookDelivery";
DROP TABLE "WebhookDelivery";
ALTER TABLE "new_WebhookDelivery" RENAME TO "WebhookDelivery";
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");
CREATE INDEX "WebhookDelivery_subscriptionId_eventSeq_idx" ON "WebhookDelivery"("subscriptionId", "eventSeq");
CREATE UNIQUE INDEX "WebhookDelivery_subscriptionId_eventId_key" ON "WebhookDelivery"("subscriptionId", "eventId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "WebhookDeliveryAttempt_deliveryId_attemptedAt_idx" ON "WebhookDeliveryAttempt"("deliveryId", "attemptedAt");

-- CreateIndex
CREATE INDEX "Event_relayedAt_seq_idx" ON "Event"("relayedAt", "seq");

-- Events written before the relay existed are history: no webhook or live subscriber is owed them.
UPDATE "Event" SET "relayedAt" = CURRENT_TIMESTAMP WHERE "relayedAt" IS NULL;
