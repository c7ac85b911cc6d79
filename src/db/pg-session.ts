// The settings of the service's PostgreSQL sessions. No imports: the bench's baseline and peers connect
// with the same settings without loading the service.

/**
 * PostgreSQL's default `random_page_cost` (4) prices a page read out of order as a disk seek. On a
 * database held in memory or on SSD (any managed PostgreSQL today) that keeps the planner off an index
 * on a small table: a relation's keys (`= ANY($1)`) were matched by scanning every line of the table and
 * comparing it with every key. PostgreSQL's documentation suggests 1.1 for solid-state storage;
 * docs/performance.md has the plans and figures.
 */
export const DEFAULT_PG_RANDOM_PAGE_COST = 1.1;

/**
 * The settings of every session the service opens on PostgreSQL (`options` of a pg connection): its
 * schema first on the search path, and the planner's page cost. The bench's baseline and peers connect
 * with the same, so a ratio never measures a planner setting.
 */
export function pgSessionOptions(schema: string, randomPageCost: number | null = DEFAULT_PG_RANDOM_PAGE_COST): string {
  // Both values are checked (a schema name, a number): nothing else reaches the connection's options.
  return `-c search_path="${schema}"${randomPageCost === null ? '' : ` -c random_page_cost=${randomPageCost}`}`;
}
