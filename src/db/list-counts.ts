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
