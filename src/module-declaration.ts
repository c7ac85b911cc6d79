// A module's declaration (modules/<name>/declaration.ts): plain data the infrastructure's central lists
// are made of (its id prefixes, scope resources, GraphQL types and their scopes, node types, number
// series, events, journal source types). This file is a leaf: it imports nothing, so core/, lib/,
// events/ and graphql/ read every module's declaration (through src/declarations.ts, the one list of
// modules) without reaching any module's code, and the import graph stays a tree.

export interface ModuleDeclaration {
  name: string;
  /** The id prefix of each type it stores (`Invoice: 'inv'`); lib/ids.ts. */
  ids?: Readonly<Record<string, string>>;
  /**
   * The models it lists in pages (`orderInput`): the database keeps each one's count of an organization's
   * rows (ListCount, by triggers `npm run db:migration` writes for a new table), so a list's total reads a row.
   */
  lists?: readonly string[];
  /** The scope resources it owns (`invoices` → invoices:read, invoices:write), with what each covers; core/scopes.ts. */
  resources?: Readonly<Record<string, string>>;
  /** The resource whose read scope guards each of its GraphQL object types (by GraphQL or Prisma name); graphql/scopes.ts. */
  types?: Readonly<Record<string, string>>;
  /** The scope resource guarding each public resource type it renders (what its events carry); core/scopes.ts. */
  representations?: Readonly<Record<string, string>>;
  /**
   * Scope resources whose read scopes the events about a resource type need beside its own (an attachment's
   * event names its record: files may be on any of these); core/scopes.ts.
   */
  eventsAlsoRead?: Readonly<Record<string, readonly string[]>>;
  /** Its types `node(id:)` can return; graphql/builder.ts. */
  nodes?: readonly string[];
  /** Its number series: the organization column holding each series' next number; core/unit-of-work.ts. */
  sequences?: Readonly<Record<string, string>>;
  /** The events it raises, with the change each reports; events/catalogue.ts. */
  events?: Readonly<Record<string, string>>;
  /** The journal source types of the postings it makes; journal.public.ts. */
  sourceTypes?: readonly string[];
}

/**
 * Declares a module by its data. Keeps the data's literal names, so the lists made of declarations stay
 * typed by name; the module's code (which uses those types) is loaded by src/registry.ts from
 * `modules/<name>/index.ts`, so nothing here depends on it.
 */
export const declareModule = <const Data extends ModuleDeclaration>(data: Data): Data => data;
