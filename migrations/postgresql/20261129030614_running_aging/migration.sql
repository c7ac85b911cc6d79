-- Aged reports read each party's running balances at the buckets' edges (one key lookup each) instead of
-- summing every due date owed: AgingBalance keeps, per row, the party's balance in its currency due on or
-- before that date, and AgingParty lists the parties and currencies with a balance, with their totals and
-- first and last due dates (an edge outside those needs no lookup).
-- AlterTable
ALTER TABLE "AgingBalance" ADD COLUMN "runningAmount" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN "runningHome" BIGINT NOT NULL DEFAULT 0;
UPDATE "AgingBalance" b SET "runningHome" = r."runningHome", "runningAmount" = r."runningAmount"
FROM (
  SELECT "organizationId", "side", "partyId", "currency", "dueDate",
    SUM("home") OVER "party" AS "runningHome", SUM("amount") OVER "party" AS "runningAmount"
  FROM "AgingBalance"
  WINDOW "party" AS (PARTITION BY "organizationId", "side", "partyId", "currency" ORDER BY "dueDate")
) r
WHERE b."organizationId" = r."organizationId" AND b."side" = r."side" AND b."partyId" = r."partyId"
  AND b."currency" = r."currency" AND b."dueDate" = r."dueDate";
ALTER TABLE "AgingBalance" ALTER COLUMN "runningAmount" DROP DEFAULT, ALTER COLUMN "runningHome" DROP DEFAULT;

-- CreateTable
CREATE TABLE "AgingParty" (
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,
    "earliestDue" TEXT NOT NULL,
    "latestDue" TEXT NOT NULL,

    CONSTRAINT "AgingParty_pkey" PRIMARY KEY ("organizationId","side","partyId","currency")
);

-- AddForeignKey
ALTER TABLE "AgingParty" ADD CONSTRAINT "AgingParty_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "AgingParty" ("organizationId", "side", "partyId", "currency", "home", "amount", "earliestDue", "latestDue")
SELECT "organizationId", "side", "partyId", "currency", SUM("home"), SUM("amount"), MIN("dueDate"), MAX("dueDate")
FROM "AgingBalance" GROUP BY "organizationId", "side", "partyId", "currency";

-- The row trigger of kept_aging, keeping the parties too (a step adds to its party's total; a party's
-- first or last due date emptied is found again; a party with no due date left is removed); a new
-- balance row starts at a running balance of zero, which the statement triggers below put right.
CREATE OR REPLACE FUNCTION "aging_step_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s "AgingStep";
  sign BIGINT;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'aging steps are replaced, not updated';
  END IF;
  IF TG_OP = 'INSERT' THEN s := NEW; sign := 1; ELSE s := OLD; sign := -1; END IF;
  INSERT INTO "AgingParty" ("organizationId", "side", "partyId", "currency", "home", "amount", "earliestDue", "latestDue")
  VALUES (s."organizationId", s."side", s."partyId", s."currency", sign * s."home", sign * s."amount", s."dueDate", s."dueDate")
  ON CONFLICT ("organizationId", "side", "partyId", "currency")
  DO UPDATE SET "home" = "AgingParty"."home" + excluded."home", "amount" = "AgingParty"."amount" + excluded."amount",
    "earliestDue" = LEAST("AgingParty"."earliestDue", excluded."earliestDue"),
    "latestDue" = GREATEST("AgingParty"."latestDue", excluded."latestDue");
  INSERT INTO "AgingBalance" ("organizationId", "side", "partyId", "currency", "dueDate", "home", "amount", "runningHome", "runningAmount")
  VALUES (s."organizationId", s."side", s."partyId", s."currency", s."dueDate", sign * s."home", sign * s."amount", 0, 0)
  ON CONFLICT ("organizationId", "side", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "AgingBalance"."home" + excluded."home", "amount" = "AgingBalance"."amount" + excluded."amount";
  DELETE FROM "AgingBalance" WHERE "organizationId" = s."organizationId" AND "side" = s."side" AND "partyId" = s."partyId"
    AND "currency" = s."currency" AND "dueDate" = s."dueDate" AND "home" = 0 AND "amount" = 0;
  DELETE FROM "AgingParty" WHERE "organizationId" = s."organizationId" AND "side" = s."side" AND "partyId" = s."partyId"
    AND "currency" = s."currency" AND NOT EXISTS (SELECT 1 FROM "AgingBalance" WHERE "organizationId" = s."organizationId"
      AND "side" = s."side" AND "partyId" = s."partyId" AND "currency" = s."currency");
  UPDATE "AgingParty" SET
    "earliestDue" = (SELECT MIN("dueDate") FROM "AgingBalance" WHERE "organizationId" = s."organizationId" AND "side" = s."side"
      AND "partyId" = s."partyId" AND "currency" = s."currency"),
    "latestDue" = (SELECT MAX("dueDate") FROM "AgingBalance" WHERE "organizationId" = s."organizationId" AND "side" = s."side"
      AND "partyId" = s."partyId" AND "currency" = s."currency")
  WHERE "organizationId" = s."organizationId" AND "side" = s."side" AND "partyId" = s."partyId" AND "currency" = s."currency"
    AND s."dueDate" IN ("earliestDue", "latestDue") AND NOT EXISTS (SELECT 1 FROM "AgingBalance" WHERE "organizationId" = s."organizationId"
      AND "side" = s."side" AND "partyId" = s."partyId" AND "currency" = s."currency" AND "dueDate" = s."dueDate");
  INSERT INTO "AgingDay" ("organizationId", "side", "date", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (s."organizationId", s."side", s."date", s."partyId", s."currency", s."dueDate", sign * s."home", sign * s."amount")
  ON CONFLICT ("organizationId", "side", "date", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "AgingDay"."home" + excluded."home", "amount" = "AgingDay"."amount" + excluded."amount";
  DELETE FROM "AgingDay" WHERE "organizationId" = s."organizationId" AND "side" = s."side" AND "date" = s."date"
    AND "partyId" = s."partyId" AND "currency" = s."currency" AND "dueDate" = s."dueDate" AND "home" = 0 AND "amount" = 0;
  RETURN NULL;
END;
$$;

-- The running balances of the parties a statement's steps touched, summed again once the statement's row
-- triggers have run (they fire first), from each party's earliest due date the statement changed (the
-- running balance before it stands), and written where they changed. Once a statement, not once a step:
-- a statement of many steps of one party (a rebuild, an import) would otherwise rewrite its later due
-- dates once per step, each a new row version PostgreSQL keeps until the transaction ends.
CREATE FUNCTION "aging_running"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g RECORD;
BEGIN
  FOR g IN SELECT "organizationId", "side", "partyId", "currency", MIN("dueDate") AS "from" FROM "changed"
    GROUP BY "organizationId", "side", "partyId", "currency"
  LOOP
    UPDATE "AgingBalance" b SET "runningHome" = r."runningHome", "runningAmount" = r."runningAmount"
    FROM (
      SELECT a."dueDate", s."home" + SUM(a."home") OVER "upward" AS "runningHome", s."amount" + SUM(a."amount") OVER "upward" AS "runningAmount"
      FROM "AgingBalance" a, (
        SELECT COALESCE(MAX(x."runningHome"), 0) AS "home", COALESCE(MAX(x."runningAmount"), 0) AS "amount" FROM (
          SELECT "runningHome", "runningAmount" FROM "AgingBalance" WHERE "organizationId" = g."organizationId" AND "side" = g."side"
            AND "partyId" = g."partyId" AND "currency" = g."currency" AND "dueDate" < g."from" ORDER BY "dueDate" DESC LIMIT 1
        ) x
      ) s
      WHERE a."organizationId" = g."organizationId" AND a."side" = g."side" AND a."partyId" = g."partyId"
        AND a."currency" = g."currency" AND a."dueDate" >= g."from"
      WINDOW "upward" AS (ORDER BY a."dueDate")
    ) r
    WHERE b."organizationId" = g."organizationId" AND b."side" = g."side" AND b."partyId" = g."partyId"
      AND b."currency" = g."currency" AND b."dueDate" = r."dueDate"
      AND (b."runningHome" <> r."runningHome" OR b."runningAmount" <> r."runningAmount");
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "AgingStep_running_insert" AFTER INSERT ON "AgingStep" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "aging_running"();
CREATE TRIGGER "AgingStep_running_delete" AFTER DELETE ON "AgingStep" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "aging_running"();
