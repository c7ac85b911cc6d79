-- CreateTable
CREATE TABLE "Attachment" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "recordType" TEXT NOT NULL,
    "recordId" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Attachment_organizationId_createdAt_id_idx" ON "Attachment"("organizationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Attachment_organizationId_recordId_createdAt_idx" ON "Attachment"("organizationId", "recordId", "createdAt");

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept count of the whole organization's list (src/db/list-counts.ts).
CREATE TRIGGER "Attachment_count" AFTER INSERT OR DELETE ON "Attachment" FOR EACH ROW EXECUTE FUNCTION "list_count_change"();
