-- CreateTable
CREATE TABLE "KeyEpoch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "value" INTEGER NOT NULL DEFAULT 0
);

-- The one row every change to a key raises (src/core/api-keys.ts, keyEpoch).
INSERT INTO "KeyEpoch" ("id", "value") VALUES (1, 0);
