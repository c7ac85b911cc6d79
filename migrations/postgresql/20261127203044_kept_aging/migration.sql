-- CreateTable
CREATE TABLE "AgingStep" (
    "documentId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "AgingStep_pkey" PRIMARY KEY ("documentId","date")
);

-- CreateTable
CREATE TABLE "AgingBalance" (
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "AgingBalance_pkey" PRIMARY KEY ("organizationId","side","partyId","currency","dueDate")
);

-- CreateTable
CREATE TABLE "AgingDay" (
    "organizationId" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "partyId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "dueDate" TEXT NOT NULL,
    "home" BIGINT NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "AgingDay_pkey" PRIMARY KEY ("organizationId","side","date","partyId","currency","dueDate")
);

-- CreateTable
CREATE TABLE "AgingRebuild" (
    "organizationId" TEXT NOT NULL,

    CONSTRAINT "AgingRebuild_pkey" PRIMARY KEY ("organizationId")
);

-- CreateIndex
CREATE INDEX "AgingStep_organizationId_idx" ON "AgingStep"("organizationId");

-- AddForeignKey
ALTER TABLE "AgingStep" ADD CONSTRAINT "AgingStep_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgingBalance" ADD CONSTRAINT "AgingBalance_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgingDay" ADD CONSTRAINT "AgingDay_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgingRebuild" ADD CONSTRAINT "AgingRebuild_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The sums are kept by a trigger on the steps, so every way a step is written (a write, a rebuild) moves
-- them in the same transaction. A sum that comes back to zero is removed: the balances hold only what
-- is owed, so an aged report reads the parties and due dates owed, not every one there ever was.
CREATE FUNCTION "aging_step_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s "AgingStep";
  sign BIGINT;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'aging steps are replaced, not updated';
  END IF;
  IF TG_OP = 'INSERT' THEN s := NEW; sign := 1; ELSE s := OLD; sign := -1; END IF;
  INSERT INTO "AgingBalance" ("organizationId", "side", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (s."organizationId", s."side", s."partyId", s."currency", s."dueDate", sign * s."home", sign * s."amount")
  ON CONFLICT ("organizationId", "side", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "AgingBalance"."home" + excluded."home", "amount" = "AgingBalance"."amount" + excluded."amount";
  DELETE FROM "AgingBalance" WHERE "organizationId" = s."organizationId" AND "side" = s."side" AND "partyId" = s."partyId"
    AND "currency" = s."currency" AND "dueDate" = s."dueDate" AND "home" = 0 AND "amount" = 0;
  INSERT INTO "AgingDay" ("organizationId", "side", "date", "partyId", "currency", "dueDate", "home", "amount")
  VALUES (s."organizationId", s."side", s."date", s."partyId", s."currency", s."dueDate", sign * s."home", sign * s."amount")
  ON CONFLICT ("organizationId", "side", "date", "partyId", "currency", "dueDate")
  DO UPDATE SET "home" = "AgingDay"."home" + excluded."home", "amount" = "AgingDay"."amount" + excluded."amount";
  DELETE FROM "AgingDay" WHERE "organizationId" = s."organizationId" AND "side" = s."side" AND "date" = s."date"
    AND "partyId" = s."partyId" AND "currency" = s."currency" AND "dueDate" = s."dueDate" AND "home" = 0 AND "amount" = 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "AgingStep_sums" AFTER INSERT OR UPDATE OR DELETE ON "AgingStep" FOR EACH ROW EXECUTE FUNCTION "aging_step_change"();

-- The organizations whose documents came before kept aging: started, the service derives their steps.
INSERT INTO "AgingRebuild" ("organizationId") SELECT "id" FROM "Organization";
