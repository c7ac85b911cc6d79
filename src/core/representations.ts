// One public rendering per resource. Each module registers how its resources look to the outside (the
// REST v1 body); REST write responses, the event log's `data.object` (and so webhooks and subscriptions)
// and stored idempotent responses all come from here, so a receiver sees one shape everywhere.
import type { Prisma } from '../db/database.ts';
import type { EventType } from '../events/catalogue.ts';
import type { Schema } from '../lib/json-schema.ts';
import type { OrganizationInfo, Tx } from './tenant.ts';

export type PublicObject = Record<string, unknown>;

// biome-ignore lint/suspicious/noExplicitAny: a list of representations holds every model's row type
export interface Representation<Row = any, Out extends PublicObject = PublicObject> {
  /** The resource type, as events name it: `invoice`, `journal_entry`. */
  type: string;
  /**
   * The JSON Schema of what `render` returns: the documented REST body (OpenAPI), and the type the
   * compiler holds `render` to, so the shape is declared once and the two cannot drift.
   */
  schema: Schema<Out>;
  /**
   * Reads the rows `render` needs, for resources a write did not hand over itself. Callers match rows by
   * id; loads still state an order (`id`), which lets a request's read be compiled on SQLite
   * (src/fast-paths/compiled-reads.ts leaves unordered lists to Prisma).
   */
  load(db: Prisma | Tx, organizationId: string, ids: string[]): Promise<Row[]>;
  /**
   * What `load` reads with each row (its Prisma `include` or `select`; `{}` for the row alone), when it
   * reads the resource's own model: a REST list then reads its page's rows with it at once, rather than
   * the page's ids and then the rows (http/rest-resource.ts).
   */
  query?: object;
  /**
   * What the rows read with `query` still lack before `render` that no `include` reads (an account's
   * balance, from the kept totals): `load` ends with it, and a REST list calls it on its page's rows.
   */
  // biome-ignore lint/suspicious/noExplicitAny: rows of any model, as its `load` read them
  complete?(db: Prisma | Tx, organizationId: string, rows: any[]): Promise<Row[]>;
  /** The resource as the public sees it: exactly what `GET /api/v1/<resource>/{id}` answers. */
  render(row: Row, organization: OrganizationInfo): Out;
}

export type Representations = ReadonlyMap<string, Representation>;

export function representationsOf(list: Representation[]): Representations {
  const map = new Map<string, Representation>();
  for (const r of list) {
    if (map.has(r.type)) throw new Error(`two representations of resource type ${r.type}`);
    map.set(r.type, r);
  }
  return map;
}

/** A resource a write touched; `row` when the write has it at hand (saves reading it again). */
export interface ResourceRef<Row = unknown> {
  type: string;
  id: string;
  row?: Row;
}

export interface EventDraft {
  type: EventType;
  resource: ResourceRef;
  /** For `*.updated`: the row before the change; the event then carries `previousAttributes`. */
  before?: unknown;
  /** Why it happened, when the system (not a request) made the change; carried as `data.reason`. */
  reason?: string;
}

/** What a service returns: the resource the caller asked for, and the events the change caused. */
export interface Change<Row> {
  result: ResourceRef<Row> & { row: Row };
  events: EventDraft[];
}

export const change = <Row>(type: string, row: Row & { id: string }, events: EventDraft[] = []): Change<Row> => ({
  result: { type, id: row.id, row },
  events,
});

/** The fields of `after` whose value differs from `before`, with their old values (Stripe's previous_attributes). */
export function previousAttributes(before: PublicObject, after: PublicObject): PublicObject {
  const out: PublicObject = {};
  for (const key of Object.keys(after)) {
    if (key === 'updatedAt') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = before[key];
  }
  return out;
}

/** Loads and renders resources by id, in the order given (ids not found are left out). */
export async function renderAll(
  db: Prisma | Tx,
  organization: OrganizationInfo,
  representation: Representation,
  ids: string[],
): Promise<PublicObject[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await representation.load(db, organization.id, ids)).map((row: { id: string }) => [row.id, row]));
  return ids.filter((id) => rows.has(id)).map((id) => representation.render(rows.get(id), organization));
}
