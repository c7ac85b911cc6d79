// How many rows of a listed model an organization has, as the database keeps them (model ListCount, its
// triggers in the migration list_counts): an unfiltered list's `total` reads one row instead of counting
// every row of the organization, a cost that grew with the books.
import type { Prisma } from './database.ts';

/**
 * In a `where` of a model with a `staged` column: every row but those a write has staged and not yet
 * committed (a statement and its lines while its import runs). No reader sees staged rows, and the kept
 * counts leave them out until the write counts them.
 */
export const UNSTAGED = { staged: false } as const;

/**
 * True when a list's `where` is the organization alone (leaving out staged rows, as the kept count does):
 * no filter narrows it, so the kept count is its total.
 */
export function isWholeOrganization(where: object): where is { organizationId: string } {
  const { organizationId, staged, ...rest } = where as { organizationId?: unknown; staged?: unknown };
  return typeof organizationId === 'string' && Object.keys(rest).length === 0 && (staged === undefined || staged === false);
}

/**
 * The organization's kept count of `model` rows (0 before its first row). A `findMany` rather than a
 * `findUnique`: a request's reading client compiles it (src/fast-paths/compiled-reads.ts), which on every
 * list page saves a pass through Prisma's query engine.
 */
export async function keptCount(prisma: Prisma, organizationId: string, model: string): Promise<number> {
  const [row] = await prisma.listCount.findMany({ where: { organizationId, model }, select: { count: true }, orderBy: { model: 'asc' } });
  return row?.count ?? 0;
}

/**
 * The triggers that keep a new listed table's count (`npm run db:migration` writes them after its CREATE
 * TABLE): on PostgreSQL the one function every listed table shares (migration list_counts), on SQLite a
 * trigger for inserts and one for deletes. A new table has no rows, so no count is seeded.
 */
export function listCountTriggers(model: string, provider: 'sqlite' | 'postgresql'): string {
  const comment = `-- The kept count of ${model}'s rows, as every listed model's (list_counts).\n`;
  if (provider === 'postgresql')
    return (
      `${comment}CREATE TRIGGER "${model}_count" AFTER INSERT OR DELETE ON "${model}" ` +
      'FOR EACH ROW EXECUTE FUNCTION "list_count_change"();\n'
    );
  return (
    `${comment}CREATE TRIGGER "${model}_count_insert" AFTER INSERT ON "${model}" BEGIN\n` +
    `  INSERT INTO "ListCount" ("organizationId", "model", "count") VALUES (NEW."organizationId", '${model}', 1)\n` +
    `  ON CONFLICT ("organizationId", "model") DO UPDATE SET "count" = "count" + 1;\nEND;\n` +
    `CREATE TRIGGER "${model}_count_delete" AFTER DELETE ON "${model}" BEGIN\n` +
    `  UPDATE "ListCount" SET "count" = "count" - 1 WHERE "organizationId" = OLD."organizationId" AND "model" = '${model}';\nEND;\n`
  );
}

/** The listed tables a migration creates (its CREATE TABLE statements), in the order it creates them. */
export const createdTables = (migration: string, listed: readonly string[]) =>
  [...migration.matchAll(/^CREATE TABLE "(\w+)"/gm)].map((m) => m[1]!).filter((table) => listed.includes(table));
