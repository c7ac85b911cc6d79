-- CreateTable
CREATE TABLE "KeyEpoch" (
    "id" INTEGER NOT NULL,
    "value" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "KeyEpoch_pkey" PRIMARY KEY ("id")
);

-- The one row every change to a key raises (src/core/api-keys.ts, keyEpoch).
INSERT INTO "KeyEpoch" ("id", "value") VALUES (1, 0);
