// What the front door's parts share: the request handler's dependencies (app.ts hands them in) and
// what it makes of them once (the public documents, the dashboard's files, the batch runner). Types
// only, so server.ts and the files it dispatches to (graphql-route.ts, rest-route.ts, public-routes.ts)
// each import it and none of them the others.
import type { Database } from '../db/database.ts';
import type { CreateRequestContext, HttpExchange } from '../core/request-context.ts';
import type { RateLimiter } from '../core/rate-limit.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { PublicPage } from '../module.ts';
import type { Yoga } from '../graphql/context.ts';
import type { dashboardFiles } from './dashboard.ts';
import type { corsPolicy } from './headers.ts';
import type { createBatchRunner } from './batch.ts';
import type { RestRouter } from './rest.ts';

/** What app.ts hands the request handler. */
export interface HandlerDeps {
  db: Database;
  yoga: Yoga;
  rest: RestRouter;
  createContext: CreateRequestContext;
  logger: Logger;
  metrics: Metrics;
  maxBodyBytes: number;
  openApi: object;
  corsOrigins: readonly string[];
  /** Where the built dashboard is; default dist/dashboard. */
  dashboardDir?: string;
  /** Plain JSON queries answered on Yoga's envelop directly (fast-paths/direct-queries.ts); default true. */
  directQueries?: boolean;
  /** True while the event loop is too far behind to take API requests (http/load-shedding.ts). */
  overloaded?: () => boolean;
  /** Counts a finished request against its organization's recent share (http/load-shedding.ts). */
  recordCost?: (organizationId: string, seconds: number) => void;
  /** Pages anyone opens without a key, found by a secret in the path (src/module.ts). */
  publicPages?: PublicPage[];
  /** The public pages' quota, spent per client address and per page (a hash of its path, which holds its secret). */
  publicPageLimiter?: RateLimiter;
}

/** The handler's dependencies and what it made of them when it was created. */
export interface Front extends HandlerDeps {
  /** The API description and its viewer, public like a published reference. */
  docs: (path: string) => { type: string; body: string | Buffer } | undefined;
  dashboard: ReturnType<typeof dashboardFiles>;
  runBatch: ReturnType<typeof createBatchRunner>['runBatch'];
  cors: ReturnType<typeof corsPolicy>;
}

/**
 * What the request log line and the metrics say of a request besides its method and status: the route
 * (a REST template such as /api/v1/invoices/:id, /graphql, or a group: never a raw path, which would
 * grow the metrics without bound), the operation it ran, and whose key it was.
 */
export interface Observed extends Pick<HttpExchange, 'caller' | 'operation'> {
  route: string;
  /** A GraphQL request's exchange: Yoga fills in the caller and the operation there. */
  exchange?: HttpExchange;
}
