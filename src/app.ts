// Assembles the application from its parts; main.ts and the tests both call createApp.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { GraphQLError } from 'graphql';
import { createYoga } from 'graphql-yoga';
import type { Config } from './config.ts';
import { type Checkpointer, startCheckpointer } from './db/checkpoint.ts';
import { type Database, OPTIMIZE_EVERY_MS, optimizeDatabase } from './db/database.ts';
import { checkApiKey, keyVerifier, loadApiKey, pgKeyEpoch, sqliteDataVersion } from './core/api-keys.ts';
import type { WorkerApi } from './module.ts';
import { createBatchRunner } from './http/batch.ts';
import { SERVICE_SCOPES } from './core/scopes.ts';
import { rateLimiterFor, type RateLimiter } from './core/rate-limit.ts';
import { type RequestContext, type RequestContexts, requestContexts } from './core/request-context.ts';
import { createUnitOfWork, type UnitOfWork, type UnitOfWorkOptions } from './core/unit-of-work.ts';
import { type EventBus, inProcessBus, redisBus } from './events/bus.ts';
import { createRelay, type Relay } from './events/relay.ts';
import type { BackgroundLoop } from './events/loop.ts';
import { createRetention } from './events/retention.ts';
import { eventLog } from './events/stream.ts';
import { withPostgresKeyNotices } from './events/key-notices.ts';
import { openHeavyWork } from './core/heavy-work.ts';
import { createDispatcher, type Dispatcher } from './events/webhooks.ts';
import { useQueryCost } from './graphql/cost.ts';
import { useScopes } from './graphql/scopes.ts';
import { useSharedSubscriptionResults } from './graphql/shared-subscriptions.ts';
import { useIssuedCursorsOnly } from './graphql/cursors.ts';
import { renderGraphiQL } from './graphql/graphiql.ts';
import { attachGraphQLWs, useSubscriptionsOverWebSocketOnly } from './http/graphql-ws.ts';
import { loadShedder, organizationShares } from './http/load-shedding.ts';
import { type Yoga, type YogaServerContext, yogaContextFactory } from './graphql/context.ts';
import {
  createMaskError,
  useCatalogueCodesForRequestErrors,
  useNoIntrospection,
  useTextInputGuard,
  useHttpStatusRules,
} from './graphql/errors.ts';
import { createRestRouter } from './http/rest.ts';
import { openApiDocument } from './http/openapi.ts';
import { createRequestHandler } from './http/server.ts';
import { answerClientError } from './http/respond.ts';
import { ApiResponse } from './http/headers.ts';
import type { Logger } from './lib/logger.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { metricsServer } from './http/metrics.ts';
import { useOperationTelemetry } from './graphql/telemetry.ts';
import { usePlannedQueries } from './fast-paths/planned-queries.ts';
import {
  disableWebhookSubscription,
  moduleWorkers,
  publicPages,
  recordWebhookDeliveries,
  representations,
  resourceSchemas,
  restRoutes,
  schema,
} from './registry.ts';
import { persistedDocuments } from './dashboard/generated/persisted-operations.ts';
import { AppError } from './lib/errors.ts';

export const API_VERSION = '1.0.0';

export interface AppOptions {
  config: Config;
  db: Database;
  logger: Logger;
  limiter?: RateLimiter;
  /** Test seam: runs inside every write's transaction just before commit. */
  beforeCommit?: UnitOfWorkOptions['beforeCommit'];
  /** Live fan-out; default in-process, or Redis pub/sub when config.redisUrl is set. */
  bus?: EventBus;
  metrics?: Metrics;
  /** Now, for the unit of work and the modules' workers (tests set a day); default the system clock. */
  clock?: () => Date;
}

export interface App {
  server: Server;
  /** Hands committed events on (webhook deliveries, live subscribers); runs on its own, exposed for tests. */
  relay: Relay;
  /** Sends due webhook deliveries; runs on its own, exposed for tests. */
  dispatcher: Dispatcher;
  /** The modules' background workers by name (recurring, mail); each runs on its own, exposed for tests. */
  workers: Readonly<Record<string, BackgroundLoop>>;
  /** Live events and key announcements between instances; exposed for tests (announcing as the apikey CLI does). */
  bus: EventBus;
  metrics: Metrics;
  /** SQLite's background checkpoints, once listening (undefined on PostgreSQL or with SQLITE_CHECKPOINTS=inline). */
  checkpointer(): Promise<Checkpointer | undefined>;
  listen(port?: number, host?: string): Promise<AddressInfo>;
  /** Where the metrics listener is, once listening (METRICS_PORT set). */
  metricsAddress(): AddressInfo | undefined;
  /** Stops accepting connections, lets in-flight requests finish (up to the grace period), closes the database. */
  close(): Promise<void>;
}

/** The rate limiters: each key's requests, each organization's (all its keys), failed key checks per address, the public pages' quota. */
function createLimiters(config: Config, given: RateLimiter | undefined) {
  const limits = {
    durationSeconds: config.rateLimit.durationSeconds,
    redisUrl: config.redisUrl,
    onRedisError: config.rateLimit.onRedisError,
  };
  return {
    rate: given ?? rateLimiterFor({ ...limits, points: config.rateLimit.points }, `${config.redisKeyPrefix}:rate`),
    organizations: rateLimiterFor({ ...limits, points: config.rateLimit.organizationPoints }, `${config.redisKeyPrefix}:organization-rate`),
    authFailures: rateLimiterFor({ ...limits, points: config.rateLimit.authFailures }, `${config.redisKeyPrefix}:auth-failures`),
    publicPages: rateLimiterFor({ ...limits, points: config.rateLimit.publicPages }, `${config.redisKeyPrefix}:public-pages`),
  };
}

/** Live events and key announcements between instances: Redis when configured, else in-process. */
function createEventBus(config: Config, db: Database, logger: Logger, given: EventBus | undefined) {
  const eventBus =
    given ??
    (config.redisUrl
      ? redisBus({ url: config.redisUrl, logger, prefix: config.redisKeyPrefix, log: eventLog(db.prisma), pollMs: config.busOutagePollMs })
      : inProcessBus(eventLog(db.prisma), logger));
  // On PostgreSQL a revoked or rolled key reaches every instance through the database itself, Redis or not.
  const keyNotices = db.provider === 'postgresql' ? withPostgresKeyNotices(eventBus, db, logger) : undefined;
  return { bus: keyNotices ?? eventBus, keyNotices };
}

/** The one write path, the outbox's relay and the webhook dispatcher, which writes through the unit of work. */
function createWritePath(
  {
    config,
    db,
    logger,
    metrics,
    beforeCommit,
    clock,
  }: Required<Pick<AppOptions, 'config' | 'db' | 'logger' | 'metrics' | 'clock'>> & Pick<AppOptions, 'beforeCommit'>,
  bus: EventBus,
) {
  // Writes hand their events to the relay, which wakes the dispatcher, which writes through the unit of
  // work: the relay is bound late.
  const unitOfWork = createUnitOfWork({
    db,
    representations,
    logger,
    metrics,
    beforeCommit,
    clock,
    directTransactions: config.fastPaths,
    relay: { relayInTransaction: (...a) => relay.relayInTransaction(...a), committed: (...a) => relay.committed(...a) },
  });
  const dispatcher = createDispatcher({
    db,
    logger,
    metrics,
    ...config.webhooks,
    disableSubscription: async (organizationId, subscriptionId, reason) => {
      await unitOfWork.write(organizationId, { operation: 'disableWebhookSubscription', input: { subscriptionId } }, (scope) =>
        disableWebhookSubscription(scope, subscriptionId, SERVICE_SCOPES, reason),
      );
    },
  });
  const relay = createRelay({ db, bus, logger, metrics, recordDeliveries: recordWebhookDeliveries, onRelayed: () => dispatcher.wake() });
  return { unitOfWork, relay, dispatcher };
}

/**
 * How a request's key is checked. Verified keys are remembered briefly, and forgotten on every instance
 * when a key or its organization changes: at once through the key epoch the database moves in the
 * change's commit (on SQLite whenever another process, such as the apikey CLI, wrote to the file), then
 * through the bus. A lookup is a round trip a request on PostgreSQL, and on SQLite a statement, the
 * secret's hash and the scopes' parsing (remembered: measurably cheaper for the lightest requests,
 * docs/performance.md).
 */
function createKeyCheck(config: Config, db: Database, bus: EventBus) {
  const keys =
    config.apiKeyCacheMs > 0
      ? keyVerifier(db, bus, config.apiKeyCacheMs, { epoch: db.provider === 'sqlite' ? sqliteDataVersion(db) : pgKeyEpoch(db) })
      : undefined;
  const checkKey = keys
    ? (token: string, digest: string) => keys.check(token, undefined, digest)
    : (token: string) => checkApiKey(db, token);
  return { keys, checkKey };
}

/** Each read the compiled reader does not understand goes to Prisma: counted, and visible at LOG_LEVEL=debug. */
function countCompiledReadFallbacks(db: Database, metrics: Metrics, logger: Logger) {
  const toldBefore = db.onCompiledReadFallback;
  db.onCompiledReadFallback = (model, reason) => {
    toldBefore?.(model, reason);
    metrics.fastPathFallback('compiled_read', model);
    logger.debug('compiled read left to Prisma', { model, reason });
  };
}

/** Yoga over the schema, with the plugins every GraphQL request goes through, in their order. */
function createGraphQLServer(
  config: Config,
  createContext: RequestContexts['create'],
  maskError: ReturnType<typeof createMaskError>,
  metrics: Metrics,
  logger: Logger,
): Yoga {
  return createYoga<YogaServerContext, RequestContext>({
    schema,
    context: yogaContextFactory(createContext),
    graphqlEndpoint: '/graphql',
    maskedErrors: { maskError },
    logging: false,
    landingPage: false,
    cors: false, // the front door applies CORS_ORIGINS to both surfaces (http/headers.ts)
    // The front door reads the body with MAX_BODY_BYTES before Yoga sees it (http/body.ts); Yoga's own limit
    // piped every request's body through a TransformStream again.
    maxRequestBodySize: false,
    plugins: [
      // Bounds what one request may ask for, before it runs (GitHub and Shopify enforce the same kind of limits).
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        maxAliases: { n: 15 },
        maxTokens: { n: 5000 },
        maxDirectives: { n: 50 },
        costLimit: { enabled: false }, // graphql/cost.ts: page sizes and list variables count
        // With introspection on the schema is public and suggestions help integrators; with it off, no hints.
        blockFieldSuggestion: { enabled: !config.graphqlIntrospection },
      }),
      // The dashboard's operations may be sent by id (extensions.persistedQuery, Apollo's shape); any other
      // client still sends its own documents.
      usePersistedOperations({
        allowArbitraryOperations: true,
        getPersistedOperation: (id) => persistedDocuments[id] ?? null,
        customErrors: {
          notFound: () =>
            new AppError('PERSISTED_QUERY_NOT_FOUND', 'This server has no persisted operation with that id; send the query text instead', [
              { path: 'extensions.persistedQuery.sha256Hash', message: 'is not the id of a persisted operation' },
            ]),
          // Not a GraphQL request at all: 400 (GraphQL over HTTP), not an answer with errors.
          keyNotFound: () =>
            new GraphQLError('The request has neither a query nor a persisted-operation id', {
              extensions: { code: 'VALIDATION_FAILED', errors: [{ path: 'query', message: 'is required' }], http: { status: 400 } },
            }),
        },
      }),
      ...(config.graphqlPlannedQueries ? [usePlannedQueries(metrics, logger)] : []), // before telemetry, whose span wraps the execution
      useOperationTelemetry(metrics),
      useCatalogueCodesForRequestErrors(schema),
      useHttpStatusRules(),
      useTextInputGuard(),
      useSubscriptionsOverWebSocketOnly(), // before the hooks that start or share a subscription
      useIssuedCursorsOnly(),
      useScopes(schema),
      useQueryCost(),
      useSharedSubscriptionResults(),
      ...(config.graphqlIntrospection ? [] : [useNoIntrospection()]),
    ],
    renderGraphiQL,
    graphiql: {
      title: 'Accounting API',
      headers: JSON.stringify({ Authorization: 'Bearer <your API key>' }),
      defaultQuery:
        '# Paste your API key into the Headers tab below, in place of <your API key>, then run this with ▶.\n# The schema (Docs, ' +
        'autocomplete) loads without a key.\n{\n  viewer { organization { name baseCurrency } }\n  accounts(first: 5) { ' +
        'totalCount edges { node { code name type } } }\n}\n',
    },
  });
}

/** The modules' background workers and event retention, each a loop the app starts and stops. */
function createWorkers(
  { config, db, logger, metrics, clock }: Required<Pick<AppOptions, 'config' | 'db' | 'logger' | 'metrics' | 'clock'>>,
  unitOfWork: UnitOfWork,
  api: WorkerApi,
) {
  const workers: Record<string, BackgroundLoop> = {
    'event-retention': createRetention({ db, logger, clock, retentionDays: config.eventRetentionDays }),
  };
  for (const worker of moduleWorkers) {
    const loop = worker.create({ db, unitOfWork, logger, clock, config, metrics, api });
    if (loop) workers[worker.name] = loop;
  }
  return workers;
}

/** node:http's server for the handler, counting requests in flight so a shutdown can wait for them. */
function createHttpServer(handler: ReturnType<typeof createRequestHandler>, logger: Logger) {
  const flight = { requests: 0, drained: undefined as (() => void) | undefined };
  const server = createServer({ ServerResponse: ApiResponse }, (req, res) => {
    flight.requests++;
    res.on('close', () => {
      flight.requests--;
      if (flight.requests === 0) flight.drained?.();
    });
    handler(req, res).catch((error) => {
      logger.error('request handler crashed', { error });
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
  return { server, flight };
}

/** What listening and closing act on: the app's running parts, and what starting them made. */
interface RunningParts {
  config: Config;
  db: Database;
  logger: Logger;
  metrics: Metrics;
  server: Server;
  flight: ReturnType<typeof createHttpServer>['flight'];
  sockets: ReturnType<typeof attachGraphQLWs>;
  metricsListener: Server | undefined;
  keyNotices: ReturnType<typeof createEventBus>['keyNotices'];
  keys: ReturnType<typeof createKeyCheck>['keys'];
  relay: Relay;
  dispatcher: Dispatcher;
  workers: Record<string, BackgroundLoop>;
  shedder: ReturnType<typeof loadShedder>;
  bus: EventBus;
  limiters: ReturnType<typeof createLimiters>;
  releaseHeavyWork: () => Promise<void>;
  optimizer?: ReturnType<typeof setInterval>;
  checkpointer?: Promise<Checkpointer | undefined>;
  closing?: Promise<void>;
}

// Long on purpose: the composition itself: each part is made by a named function above and handed to the next.
export function createApp(options: AppOptions): App {
  const { config, db, logger, metrics = createMetrics(), clock = () => new Date() } = options;
  const limiters = createLimiters(config, options.limiter);
  const releaseHeavyWork = openHeavyWork(config.heavyWork);
  const { bus, keyNotices } = createEventBus(config, db, logger, options.bus);
  const parts = { config, db, logger, metrics, clock };
  const { unitOfWork, relay, dispatcher } = createWritePath(Object.assign({ beforeCommit: options.beforeCommit }, parts), bus);
  const { keys, checkKey } = createKeyCheck(config, db, bus);
  countCompiledReadFallbacks(db, metrics, logger);
  const shedder = loadShedder(config.shedLoadLagMs);
  // While the server is behind, the organizations causing it are shed; the others are served.
  const shares = organizationShares();
  const contexts = requestContexts({
    shed: (organizationId) => shedder.overloaded() && shares.heavy(organizationId),
    compiledReads: config.fastPaths,
    db,
    checkKey,
    limiter: limiters.rate,
    organizationLimiter: limiters.organizations,
    authFailures: limiters.authFailures,
    metrics,
    unitOfWork,
    bus,
    settings: {
      allowPrivateWebhookTargets: config.webhooks.allowPrivateTargets,
      subscriptionBacklog: config.subscriptionBacklog,
      mailConfigured: config.mail.smtpUrl !== undefined,
      mailPerHour: config.mail.perHour,
      attachmentQuotaBytes: config.attachmentQuotaMb * 1_048_576,
    },
  });
  const createContext = contexts.create;
  const maskError = createMaskError(logger, schema, metrics);
  const yoga = createGraphQLServer(config, createContext, maskError, metrics, logger);
  const rest = createRestRouter(restRoutes, schema, yoga, config.fastPaths ? { fastPaths: { metrics } } : {});
  const { runOne } = createBatchRunner(rest, logger);
  const workers = createWorkers(parts, unitOfWork, {
    key: (apiKeyId) => loadApiKey(db, apiKeyId, clock()),
    contextFor: contexts.forKey,
    rest: (operation, context) => runOne(0, operation, context),
    graphql: (context) => yoga.getEnveloped(context),
  });
  const handler = createRequestHandler({
    overloaded: shedder.overloaded,
    recordCost: shares.record,
    directQueries: config.fastPaths,
    db,
    yoga,
    rest,
    createContext,
    logger,
    metrics,
    maxBodyBytes: config.maxBodyBytes,
    corsOrigins: config.corsOrigins,
    publicPages,
    publicPageLimiter: limiters.publicPages,
    openApi: openApiDocument(rest.routes, schema, API_VERSION, resourceSchemas),
  });
  const { server, flight } = createHttpServer(handler, logger);
  const sockets = attachGraphQLWs({
    server,
    yoga,
    db,
    bus,
    createContext,
    logger,
    maskError,
    maxSubscriptionsPerKey: config.maxSubscriptionsPerKey,
    recheckMs: config.socketRecheckMs,
    keepAliveMs: config.socketKeepAliveMs,
    maxMessageBytes: config.maxBodyBytes,
    maxUnidentifiedPerAddress: config.maxUnidentifiedSocketsPerAddress,
    metrics,
  });
  metrics.watchSockets(sockets.stats);
  const metricsListener = config.metricsPort === undefined ? undefined : metricsServer(metrics);
  const running: RunningParts = {
    config,
    db,
    logger,
    metrics,
    server,
    flight,
    sockets,
    metricsListener,
    keyNotices,
    keys,
    relay,
    dispatcher,
    workers,
    shedder,
    bus,
    limiters,
    releaseHeavyWork,
  };
  return {
    server,
    relay,
    bus,
    dispatcher,
    workers,
    metrics,
    checkpointer: async () => running.checkpointer,
    metricsAddress: () => (metricsListener?.listening ? (metricsListener.address() as AddressInfo) : undefined),
    listen: (port = config.port, host = config.host) => listen(running, port, host),
    close: () => (running.closing ??= close(running)),
  };
}

/** Starts the metrics listener, SQLite's background checkpoints, then the server and its loops. */
async function listen(app: RunningParts, port: number, host: string): Promise<AddressInfo> {
  const { config, db, logger, metrics, server, metricsListener } = app;
  await app.keyNotices?.ready;
  if (metricsListener) {
    await new Promise<void>((resolve, reject) => {
      metricsListener.once('error', reject);
      metricsListener.listen(config.metricsPort, config.metricsHost, () => resolve());
    });
  }
  if (config.sqliteBackgroundCheckpoints && !app.checkpointer) {
    app.checkpointer = startCheckpointer(db, {
      onError: (error) => logger.warn('copying the write-ahead log back failed', { error }),
    }).catch((error) => {
      logger.warn('background checkpoints did not start: SQLite copies its write-ahead log back inside writes', { error });
      return undefined;
    });
    const started = await app.checkpointer;
    if (started) metrics.watchWriteAheadLog(() => started.last);
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      app.relay.start();
      app.dispatcher.start();
      for (const worker of Object.values(app.workers)) worker.start();
      app.shedder.start();
      app.optimizer ??= setInterval(
        () => void optimizeDatabase(db).catch((error) => logger.warn('refreshing table statistics failed', { error })),
        OPTIMIZE_EVERY_MS,
      ).unref();
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Stops taking connections, lets requests in flight finish (up to the grace period), then stops every part. */
async function close(app: RunningParts): Promise<void> {
  const { server, flight, metricsListener } = app;
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  // Subscriptions complete (clients see `complete`, then a normal close) before the HTTP side drains.
  await app.sockets.close();
  server.closeIdleConnections();
  if (flight.requests > 0) {
    await Promise.race([
      new Promise<void>((resolve) => (flight.drained = resolve)),
      new Promise<void>((resolve) => setTimeout(resolve, app.config.shutdownGraceMs).unref()),
    ]);
  }
  server.closeAllConnections();
  await stopped;
  if (metricsListener?.listening) await new Promise<void>((resolve) => metricsListener.close(() => resolve()));
  clearInterval(app.optimizer);
  await (await app.checkpointer)?.stop();
  app.shedder.stop();
  await app.relay.stop();
  await app.dispatcher.stop();
  for (const worker of Object.values(app.workers)) await worker.stop();
  await app.releaseHeavyWork();
  app.keys?.close();
  await app.bus.close();
  await app.limiters.rate.close();
  await app.limiters.organizations.close();
  await app.limiters.authFailures.close();
  await app.limiters.publicPages.close();
  await app.db.close();
}
