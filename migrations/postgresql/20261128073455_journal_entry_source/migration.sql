-- CreateIndex
CREATE INDEX "JournalEntry_sourceId_idx" ON "JournalEntry"("sourceId");
