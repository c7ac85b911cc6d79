-- The open invoices (open or partly paid) of an organization in the invoice list's default order: the
-- overdue filter's page (open, due before today) then reads only open invoices, however many paid ones
-- the years behind them hold. A partial index, which schema.prisma cannot state, so it lives here only
-- (test/db/migrations.test.ts knows it). PostgreSQL 15 cannot read `status IN (two values)` in issue-date
-- order from the status index, and its estimate for the issue-date index assumes the matches are spread
-- through the history when they sit at its end. SQLite reads the open invoices from the status index and
-- sorts those few (its statistics know how few): no index needed there.
CREATE INDEX "Invoice_open_issueDate_id_idx" ON "Invoice"("organizationId", "issueDate", "id") WHERE "status" IN ('OPEN', 'PARTIALLY_PAID');
