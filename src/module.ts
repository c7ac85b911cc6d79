// How a domain module declares itself, in two files of its own folder:
// - declaration.ts: plain data the infrastructure's central lists are made of (src/module-declaration.ts,
//   a leaf of the import graph).
// - index.ts, which src/registry.ts loads as `modules/<name>/index.ts`: its default export is the module's
//   parts below (routes, representations, pages, workers); its GraphQL types register themselves on the
//   shared builder when index.ts imports its schema file.
import type { Representation } from './core/representations.ts';
import type { RestRoute } from './http/rest.ts';
import type { Database, Prisma } from './db/database.ts';
import type { UnitOfWork } from './core/unit-of-work.ts';
import type { BackgroundLoop } from './events/loop.ts';
import type { Logger } from './lib/logger.ts';
import type { Config } from './config.ts';
import type { Metrics } from './ops/metrics.ts';
import type { AuthenticatedKey, KeyRefusal } from './core/api-keys.ts';
import type { RequestContext } from './core/request-context.ts';
import type { BatchOperation, BatchResult } from './http/batch.ts';
import type { Yoga } from './graphql/context.ts';

/**
 * A page anyone may open without a key, found by a secret in its path (an invoice's `/i/<token>`): it
 * answers what that secret names and nothing else of the organization.
 */
export interface PublicPage {
  /** Matches the whole path; its groups go to `answer`, which may stream a large body. */
  pattern: RegExp;
  /** Names the page in the request log and metrics (never the path, which holds the secret); never under /api/ or /graphql. */
  route: string;
  /** What one request spends of the public pages' quota (default 1): more for what is costly to make, a PDF. */
  cost?: number;
  answer(
    db: Prisma,
    match: RegExpExecArray,
  ): Promise<{ status: number; type: string; body: string | Buffer | AsyncIterable<Uint8Array>; headers?: Record<string, string> }>;
}

/** What a module's background worker is given: the database, the one write path, the clock and the settings. */
export interface WorkerDeps {
  db: Database;
  unitOfWork: UnitOfWork;
  logger: Logger;
  /** Now, as the worker sees it (a test sets it to a past or future day). */
  clock: () => Date;
  config: Config;
  metrics: Pick<Metrics, 'emailAttempt' | 'recurringOccurrence' | 'bulkOperationFinished'>;
  /** The API as a key sees it, for work a key started (a bulk operation). */
  api: WorkerApi;
}

/** The two surfaces, for a worker that does what a key asked in the key's own name. */
export interface WorkerApi {
  /** The key as it is now (its scopes, whether it still works), by id. */
  key(apiKeyId: string): Promise<AuthenticatedKey | KeyRefusal>;
  /** A request context for that key (nothing of its rate limit spent). */
  contextFor(apiKey: AuthenticatedKey, requestId: string): RequestContext;
  /** One REST operation through the route table, answered as it would be on its own (http/batch.ts). */
  rest(operation: BatchOperation, context: RequestContext): Promise<BatchResult>;
  /** GraphQL with every plugin of /graphql (limits, scopes, cost), for a context. */
  graphql(context: RequestContext): ReturnType<Yoga['getEnveloped']>;
}

/**
 * Work a module does on its own, on every instance (recurring documents made when due, mail sent): a
 * background loop the app starts when it listens and stops when it closes. Several instances run it
 * side by side, so its work must be claimed in the database, never assumed to be one's own.
 */
export interface ModuleWorker {
  name: string;
  /** Answers the loop, or nothing when the settings leave the work undone (no mail server configured). */
  create(deps: WorkerDeps): BackgroundLoop | undefined;
}

export interface DomainModule {
  name: string;
  /** Its background workers, if any. */
  workers?: ModuleWorker[];
  /** Its public pages (no key), if any. */
  pages?: PublicPage[];
  /** Its /api/v1 routes, in the order the OpenAPI document lists them. */
  routes?: RestRoute[];
  /** The public shape of each resource it writes (REST bodies, event data, previousAttributes, OpenAPI). */
  representations?: Representation[];
  /** Public shapes OpenAPI names that the unit of work does not render (the event itself). */
  schemas?: Representation[];
}

export const defineModule = (module: DomainModule): DomainModule => module;
