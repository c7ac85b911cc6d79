// `npm run db:migration` on SQLite: a column added to a table is added in place, as a person writes it, so
// the table keeps its triggers (the kept list counts'); any other change keeps Prisma's redefinition.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { addColumnsInsteadOfRedefining } from '../../src/db/sqlite-add-columns.ts';

/** What Prisma's SQLite diff writes for a `status` column (and an index on it) added to a two-column table. */
const REDEFINED = `-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Statement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'IMPORTED',
    CONSTRAINT "Statement_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE
);
INSERT INTO "new_Statement" ("id", "organizationId") SELECT "id", "organizationId" FROM "Statement";
DROP TABLE "Statement";
ALTER TABLE "new_Statement" RENAME TO "Statement";
CREATE INDEX "Statement_organizationId_idx" ON "Statement"("organizationId");
CREATE INDEX "Statement_status_idx" ON "Statement"("status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
`;
const POSTGRES_ADDS = `-- AlterTable
ALTER TABLE "Statement" ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'IMPORTED';

-- CreateIndex
CREATE INDEX "Statement_status_idx" ON "Statement"("status");
`;

describe('a SQLite migration that adds a column', () => {
  it('adds it in place, with only its new index, and the table keeps its rows and triggers', () => {
    const sql = addColumnsInsteadOfRedefining(REDEFINED, POSTGRES_ADDS);
    expect(sql).toBe(`-- AlterTable
ALTER TABLE "Statement" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'IMPORTED';
CREATE INDEX "Statement_status_idx" ON "Statement"("status");
`);
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE "Organization" ("id" TEXT PRIMARY KEY);
      CREATE TABLE "Statement" ("id" TEXT NOT NULL PRIMARY KEY, "organizationId" TEXT NOT NULL REFERENCES "Organization" ("id"));
      CREATE INDEX "Statement_organizationId_idx" ON "Statement"("organizationId");
      CREATE TABLE "Counted" ("n" INTEGER); INSERT INTO "Counted" VALUES (0);
      CREATE TRIGGER "Statement_count_insert" AFTER INSERT ON "Statement" BEGIN UPDATE "Counted" SET "n" = "n" + 1; END;
      INSERT INTO "Organization" VALUES ('org'); INSERT INTO "Statement" VALUES ('s1', 'org');`);
    db.exec(sql);
    db.prepare(`INSERT INTO "Statement" ("id", "organizationId") VALUES ('s2', 'org')`).run();
    expect(db.prepare(`SELECT "id", "status" FROM "Statement" ORDER BY "id"`).all()).toEqual([
      { id: 's1', status: 'IMPORTED' },
      { id: 's2', status: 'IMPORTED' },
    ]);
    expect(db.prepare(`SELECT "n" FROM "Counted"`).get()).toEqual({ n: 2 });
  });

  it('keeps the redefinition when the change is more than columns added, or a column cannot be added in place', () => {
    const retyped =
      '-- AlterTable\nALTER TABLE "Statement" ALTER COLUMN "organizationId" SET DATA TYPE INTEGER,\nADD COLUMN "status" TEXT;\n';
    expect(addColumnsInsteadOfRedefining(REDEFINED, retyped)).toBe(REDEFINED);
    const noDefault = REDEFINED.replace(`"status" TEXT NOT NULL DEFAULT 'IMPORTED'`, `"status" TEXT NOT NULL`);
    expect(addColumnsInsteadOfRedefining(noDefault, POSTGRES_ADDS.replace(` DEFAULT 'IMPORTED'`, ''))).toBe(noDefault);
  });

  it("adds it in place beside a new table whose foreign key names the table (a document's number series and its tables)", () => {
    // A new document adds its tables and its sequence's column on Organization: the new table's foreign key
    // to Organization is not a change to Organization, whose rebuild would run every ON DELETE referencing it.
    const newTable = `-- CreateTable
CREATE TABLE "DebitNote" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    CONSTRAINT "DebitNote_pkey" PRIMARY KEY ("id")
);
`;
    const postgres = `${POSTGRES_ADDS}
${newTable}
-- AddForeignKey
ALTER TABLE "DebitNote" ADD CONSTRAINT "DebitNote_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Statement"("id") ON DELETE CASCADE ON UPDATE CASCADE;
`;
    const sqlite = `${newTable.replace(',\n    CONSTRAINT "DebitNote_pkey" PRIMARY KEY ("id")', ' PRIMARY KEY')}\n${REDEFINED}`;
    const sql = addColumnsInsteadOfRedefining(sqlite, postgres);
    expect(sql).not.toContain('new_Statement');
    expect(sql).toContain(`ALTER TABLE "Statement" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'IMPORTED';`);
    expect(sql).toContain('CREATE TABLE "DebitNote"');
  });
});
