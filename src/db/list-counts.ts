// How many rows of a listed model an organization has, as the database keeps them (model ListCount, its
// triggers in the migration list_counts): an unfiltered list's `total` reads one row instead of counting
// every row of the organization, a cost that grew with the books.
import type { Prisma } from './database.ts';

/** True when a list's `where` is the organization alone: no filter narrows it, so the kept count is its total. */
export function isWholeOrganization(where: object): where is { organizationId: string } {
  const keys = Object.keys(where);
  return keys.length === 1 && keys[0] === 'organizationId' && typeof (where as { organizationId: unknown }).organizationId === 'string';
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
