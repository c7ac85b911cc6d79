-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "createdByKeyId" TEXT,
ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "previousSecretExpiresAt" TIMESTAMP(3),
ADD COLUMN     "previousSecretHash" TEXT,
ADD COLUMN     "scopes" TEXT NOT NULL DEFAULT '*';

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "actor" TEXT,
ADD COLUMN     "actorKeyId" TEXT;

-- CreateIndex
CREATE INDEX "Event_organizationId_resourceId_seq_idx" ON "Event"("organizationId", "resourceId", "seq");

-- CreateIndex
CREATE INDEX "Event_organizationId_actorKeyId_seq_idx" ON "Event"("organizationId", "actorKeyId", "seq");

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_createdByKeyId_fkey" FOREIGN KEY ("createdByKeyId") REFERENCES "ApiKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;
