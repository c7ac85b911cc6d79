-- CreateTable
CREATE TABLE "AccountMonthlyTotal" (
    "organizationId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "debit" BIGINT NOT NULL DEFAULT 0,
    "credit" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "AccountMonthlyTotal_pkey" PRIMARY KEY ("organizationId","accountId","month")
);

-- AddForeignKey
ALTER TABLE "AccountMonthlyTotal" ADD CONSTRAINT "AccountMonthlyTotal_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountMonthlyTotal" ADD CONSTRAINT "AccountMonthlyTotal_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Kept by a trigger on the daily totals, so every way a posting is written (the write path, bulk seeding)
-- keeps the months too, in the same statement's transaction.
CREATE FUNCTION "account_monthly_total_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "AccountMonthlyTotal" SET "debit" = "debit" - OLD."debit", "credit" = "credit" - OLD."credit"
    WHERE "organizationId" = OLD."organizationId" AND "accountId" = OLD."accountId" AND "month" = substr(OLD."date", 1, 7);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "AccountMonthlyTotal" ("organizationId", "accountId", "month", "debit", "credit")
    VALUES (NEW."organizationId", NEW."accountId", substr(NEW."date", 1, 7), NEW."debit", NEW."credit")
    ON CONFLICT ("organizationId", "accountId", "month") DO UPDATE SET "debit" = "AccountMonthlyTotal"."debit" + excluded."debit", "credit" = "AccountMonthlyTotal"."credit" + excluded."credit";
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "AccountDailyTotal_month" AFTER INSERT OR UPDATE OR DELETE ON "AccountDailyTotal" FOR EACH ROW EXECUTE FUNCTION "account_monthly_total_change"();

-- The months of the books posted so far.
INSERT INTO "AccountMonthlyTotal" ("organizationId", "accountId", "month", "debit", "credit")
SELECT "organizationId", "accountId", substr("date", 1, 7), SUM("debit"), SUM("credit") FROM "AccountDailyTotal" GROUP BY "organizationId", "accountId", substr("date", 1, 7);
