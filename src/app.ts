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
import { requestContexts, type RequestContext } from './core/request-context.ts';
import { createUnitOfWork, type UnitOfWorkOptions } from './core/unit-of-work.ts';
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

export function createApp({
  config,
  db,
  logger,
  limiter,
  beforeCommit,
  bus: givenBus,
  metrics = createMetrics(),
  clock = () => new Date(),
}: AppOptions): App {
  const limits = {
    durationSeconds: config.rateLimit.durationSeconds,
    redisUrl: config.redisUrl,
    onRedisError: config.rateLimit.onRedisError,
  };
  const releaseHeavyWork = openHeavyWork(config.heavyWork);
  const rateLimiter = limiter ?? rateLimiterFor({ ...limits, points: config.rateLimit.points }, `${config.redisKeyPrefix}:rate`);
  const authFailures = rateLimiterFor({ ...limits, points: config.rateLimit.authFailures }, `${config.redisKeyPrefix}:auth-failures`);
  const publicPageLimiter = rateLimiterFor({ ...limits, points: config.rateLimit.publicPages }, `${config.redisKeyPrefix}:public-pages`);
  const eventBus =
    givenBus ??
    (config.redisUrl
      ? redisBus({ url: config.redisUrl, logger, prefix: config.redisKeyPrefix, log: eventLog(db.prisma), pollMs: config.busOutagePollMs })
      : inProcessBus(eventLog(db.prisma), logger));
  // On PostgreSQL a revoked or rolled key reaches every instance through the database itself, Redis or not.
  const keyNotices = db.provider === 'postgresql' ? withPostgresKeyNotices(eventBus, db, logger) : undefined;
  const bus = keyNotices ?? eventBus;
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
  const workers: Record<string, BackgroundLoop> = {
    'event-retention': createRetention({ db, logger, clock, retentionDays: config.eventRetentionDays }),
  };
  const relay = createRelay({ db, bus, logger, metrics, recordDeliveries: recordWebhookDeliveries, onRelayed: () => dispatcher.wake() });
  // Verified keys are remembered briefly, and forgotten on every instance when a key or its organization
  // changes: at once through the key epoch the database moves in the change's commit (on SQLite whenever
  // another process, such as the apikey CLI, wrote to the file), then through the bus. A lookup is a
  // round trip a request on PostgreSQL, and on SQLite a statement, the secret's hash and the scopes'
  // parsing (remembered: measurably cheaper for the lightest requests, docs/performance.md).
  const keys =
    config.apiKeyCacheMs > 0
      ? keyVerifier(db, bus, config.apiKeyCacheMs, { epoch: db.provider === 'sqlite' ? sqliteDataVersion(db) : pgKeyEpoch(db) })
      : undefined;
  const checkKey = keys
    ? (token: string, digest: string) => keys.check(token, undefined, digest)
    : (token: string) => checkApiKey(db, token);
  // Each read the compiled reader does not understand goes to Prisma: counted, and visible at LOG_LEVEL=debug.
  const toldBefore = db.onCompiledReadFallback;
  db.onCompiledReadFallback = (model, reason) => {
    toldBefore?.(model, reason);
    metrics.fastPathFallback('compiled_read', model);
    logger.debug('compiled read left to Prisma', { model, reason });
  };
  const shedder = loadShedder(config.shedLoadLagMs);
  // While the server is behind, the organizations causing it are shed; the others are served.
  const shares = organizationShares();
  const contexts = requestContexts({
    shed: (organizationId) => shedder.overloaded() && shares.heavy(organizationId),
    compiledReads: config.fastPaths,
    db,
    checkKey,
    limiter: rateLimiter,
    authFailures,
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
  const yoga: Yoga = createYoga<YogaServerContext, RequestContext>({
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
  const rest = createRestRouter(restRoutes, schema, yoga, config.fastPaths ? { fastPaths: { metrics } } : {});
  const { runOne } = createBatchRunner(rest, logger);
  const api: WorkerApi = {
    key: (apiKeyId) => loadApiKey(db, apiKeyId, clock()),
    contextFor: contexts.forKey,
    rest: (operation, context) => runOne(0, operation, context),
    graphql: (context) => yoga.getEnveloped(context),
  };
  for (const worker of moduleWorkers) {
    const loop = worker.create({ db, unitOfWork, logger, clock, config, metrics, api });
    if (loop) workers[worker.name] = loop;
  }
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
    publicPageLimiter,
    openApi: openApiDocument(rest.routes, schema, API_VERSION, resourceSchemas),
  });

  let optimizer: ReturnType<typeof setInterval> | undefined;
  let checkpointer: Promise<Checkpointer | undefined> | undefined;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server = createServer({ ServerResponse: ApiResponse }, (req, res) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
    handler(req, res).catch((error) => {
      logger.error('request handler crashed', { error });
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
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

  let closing: Promise<void> | undefined;
  return {
    server,
    relay,
    bus,
    dispatcher,
    workers,
    metrics,
    checkpointer: async () => checkpointer,
    metricsAddress: () => (metricsListener?.listening ? (metricsListener.address() as AddressInfo) : undefined),
    async listen(port = config.port, host = config.host) {
      await keyNotices?.ready;
      if (metricsListener) {
        await new Promise<void>((resolve, reject) => {
          metricsListener.once('error', reject);
          metricsListener.listen(config.metricsPort, config.metricsHost, () => resolve());
        });
      }
      if (config.sqliteBackgroundCheckpoints && !checkpointer) {
        checkpointer = startCheckpointer(db, {
          onError: (error) => logger.warn('copying the write-ahead log back failed', { error }),
        }).catch((error) => {
          logger.warn('background checkpoints did not start: SQLite copies its write-ahead log back inside writes', { error });
          return undefined;
        });
        const started = await checkpointer;
        if (started) metrics.watchWriteAheadLog(() => started.last);
      }
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          relay.start();
          dispatcher.start();
          for (const worker of Object.values(workers)) worker.start();
          shedder.start();
          optimizer ??= setInterval(
            () => void optimizeDatabase(db).catch((error) => logger.warn('refreshing table statistics failed', { error })),
            OPTIMIZE_EVERY_MS,
          ).unref();
          resolve(server.address() as AddressInfo);
        });
      });
    },
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Subscriptions complete (clients see `complete`, then a normal close) before the HTTP side drains.
        await sockets.close();
        server.closeIdleConnections();
        if (inFlight > 0) {
          await Promise.race([
            new Promise<void>((resolve) => (drained = resolve)),
            new Promise<void>((resolve) => setTimeout(resolve, config.shutdownGraceMs).unref()),
          ]);
        }
        server.closeAllConnections();
        await stopped;
        if (metricsListener?.listening) await new Promise<void>((resolve) => metricsListener.close(() => resolve()));
        clearInterval(optimizer);
        await (await checkpointer)?.stop();
        shedder.stop();
        await relay.stop();
        await dispatcher.stop();
        for (const worker of Object.values(workers)) await worker.stop();
        await releaseHeavyWork();
        keys?.close();
        await bus.close();
        await rateLimiter.close();
        await authFailures.close();
        await publicPageLimiter.close();
        await db.close();
      })();
      return closing;
    },
  };
}
