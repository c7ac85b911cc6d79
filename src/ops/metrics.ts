// Prometheus metrics (prom-client), one registry per app. Every part of the server counts into the
// same object; the registry is served only when METRICS_PORT is set (http/metrics.ts), and counting
// costs a few hundred nanoseconds a request either way.
import { droppedLogLines } from '../lib/logger.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: a 1 ms read to a 10 s webhook timeout. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Lag buckets in seconds: events relayed at commit (milliseconds) to webhooks retried for days. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 60, 300, 1800, 7200, 86_400];

const MAX_OPERATION_NAMES = 500;

export type WebhookOutcome = 'succeeded' | 'retrying' | 'failed';

/** The fast paths (src/fast-paths/), as the fallback counter names them. */
export type FastPath = 'direct_query' | 'planned_query' | 'compiled_read' | 'direct_transaction';

/** Why a live subscription was ended with `resumeAfter` (http/live-delivery.ts). */
export type SubscriptionEnding = 'backlog' | 'unresponsive' | 'undeliverable' | 'log_unreadable';

export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request: `route` is a REST route template, `/graphql`, or a group (docs, dashboard, unmatched). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One executed GraphQL operation (REST routes run theirs too). */
  operation(name: string, type: string, ok: boolean, seconds: number): void;
  /** A GraphQL request over HTTP: answered on the envelop directly (a plain JSON query) or through Yoga's HTTP handling. */
  graphqlHandled(handling: 'direct' | 'yoga'): void;
  /** A query with a plan (fast-paths/planned-queries.ts) ran from it, or the plan was abandoned for the executor. */
  plannedQuery(outcome: 'planned' | 'abandoned'): void;
  /** A request a fast path (src/fast-paths/) left to the general path, and why (a short fixed reason, or a model). */
  fastPathFallback(path: FastPath, reason: string): void;
  rateLimited(kind: 'key' | 'organization' | 'address'): void;
  /** A write that lost a race and ran again; `gaveUp` when it answered 409. */
  writeConflict(gaveUp: boolean): void;
  databaseUnavailable(): void;
  webhookAttempt(outcome: WebhookOutcome, lagSeconds: number | undefined): void;
  webhookSubscriptionDisabled(): void;
  /** One offer of a document's email to the mail server: sent, retrying (another attempt is scheduled) or failed for good. */
  emailAttempt(outcome: 'sent' | 'retrying' | 'failed'): void;
  /** A recurring schedule's occurrence: made, or failed (tried again later). */
  recurringOccurrence(outcome: 'made' | 'failed'): void;
  /** A bulk operation ended (completed, failed or canceled), with the records or lines it did. */
  bulkOperationFinished(type: 'export' | 'import', status: 'completed' | 'failed' | 'canceled', objects: number): void;
  /** A live subscription ended with where to resume: its client fell behind, stopped reading, or an event could not be delivered. */
  subscriptionEnded(reason: SubscriptionEnding): void;
  /** Events handed on: seconds from their commit to now. */
  relayed(lagSeconds: number): void;
  /** Reads the open WebSocket connections and subscriptions when scraped. */
  watchSockets(read: () => { connections: number; subscriptions: number }): void;
  /** Reads SQLite's write-ahead log at the background checkpoints' last pass when scraped (pages written, pages copied back). */
  watchWriteAheadLog(read: () => { log: number; checkpointed: number } | undefined): void;
  /** Process memory, CPU, event-loop delay and the like (prom-client's defaults); started by the listener. */
  collectProcessMetrics(): void;
}

// Long on purpose: one declaration per metric, in one registry; split, the metrics would be spread over files a
// reader must gather.
export function createMetrics(prefix = 'accounting_'): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const requestSeconds = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const operationSeconds = new Histogram({
    name: `${prefix}graphql_operation_duration_seconds`,
    help: 'Time to execute a GraphQL operation, by operation name, type and outcome',
    labelNames: ['operation', 'type', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const graphqlHandling = new Counter({
    name: `${prefix}graphql_http_requests_total`,
    help:
      "GraphQL requests over HTTP by handling: direct (a plain JSON query, run on the envelop) or yoga (the rest, through Yoga's HTTP " +
      'handling)',
    labelNames: ['handling'],
    registers,
  });
  const handled = { direct: graphqlHandling.labels('direct'), yoga: graphqlHandling.labels('yoga') };
  const plannedQueries = new Counter({
    name: `${prefix}graphql_planned_queries_total`,
    help:
      'Queries with a plan, by outcome: planned (answered from the plan) or abandoned (answered by the executor: an error, or data the ' +
      'plan cannot answer exactly)',
    labelNames: ['outcome'],
    registers,
  });
  const planOutcomes = { planned: plannedQueries.labels('planned'), abandoned: plannedQueries.labels('abandoned') };
  const fastPathFallbacks = new Counter({
    name: `${prefix}fast_path_fallbacks_total`,
    help: 'Requests a fast path left to the general path (Yoga, the executor, Prisma), by path and reason; the reason is logged at debug',
    labelNames: ['path', 'reason'],
    registers,
  });
  const rateLimited = new Counter({
    name: `${prefix}rate_limit_refusals_total`,
    help: 'Requests refused by a rate limit: per key, per organization (all its keys), or per address for requests without a valid key',
    labelNames: ['kind'],
    registers,
  });
  const conflicts = new Counter({
    name: `${prefix}write_conflicts_total`,
    help: 'Writes that conflicted with another: retried, or given up with 409',
    labelNames: ['result'],
    registers,
  });
  const unavailable = new Counter({
    name: `${prefix}database_unavailable_total`,
    help: 'Requests answered 503 because the database could not be reached',
    registers,
  });
  const webhookAttempts = new Counter({
    name: `${prefix}webhook_delivery_attempts_total`,
    help: 'Webhook delivery attempts by outcome (retrying: failed, another attempt is scheduled)',
    labelNames: ['outcome'],
    registers,
  });
  const emailAttempts = new Counter({
    name: `${prefix}email_attempts_total`,
    help: "Offers of documents' emails to the mail server by outcome (retrying: another attempt is scheduled)",
    labelNames: ['outcome'],
    registers,
  });
  const occurrences = new Counter({
    name: `${prefix}recurring_occurrences_total`,
    help: 'Occurrences of recurring schedules: made, or failed (tried again later)',
    labelNames: ['outcome'],
    registers,
  });
  const bulkOperations = new Counter({
    name: `${prefix}bulk_operations_total`,
    help: 'Bulk operations ended, by type and how they ended',
    labelNames: ['type', 'status'],
    registers,
  });
  const bulkObjects = new Counter({
    name: `${prefix}bulk_objects_total`,
    help: 'Records exported and lines imported by bulk operations that ended',
    labelNames: ['type'],
    registers,
  });
  const webhookLag = new Histogram({
    name: `${prefix}webhook_delivery_lag_seconds`,
    help: 'Time from an event to its successful webhook delivery',
    buckets: LAG_BUCKETS,
    registers,
  });
  const disabled = new Counter({
    name: `${prefix}webhook_subscriptions_disabled_total`,
    help: 'Webhook subscriptions disabled after failing a whole retry schedule',
    registers,
  });
  const subscriptionsEnded = new Counter({
    name: `${prefix}graphql_subscriptions_ended_total`,
    help:
      'Live subscriptions ended with resumeAfter, by reason: backlog (more than SUBSCRIPTION_BACKLOG events waiting), unresponsive (no ' +
      'answer to a ping), undeliverable, log_unreadable',
    labelNames: ['reason'],
    registers,
  });
  const relayLag = new Histogram({
    name: `${prefix}event_relay_lag_seconds`,
    help: "Time from an event's commit to its hand-off to subscribers and webhooks",
    buckets: LAG_BUCKETS,
    registers,
  });
  let sockets = () => ({ connections: 0, subscriptions: 0 });
  new Gauge({
    name: `${prefix}websocket_connections`,
    help: 'Open graphql-ws connections',
    registers,
    collect() {
      this.set(sockets().connections);
    },
  });
  new Gauge({
    name: `${prefix}graphql_subscriptions`,
    help: 'Open GraphQL subscriptions',
    registers,
    collect() {
      this.set(sockets().subscriptions);
    },
  });
  let writeAheadLog: () => { log: number; checkpointed: number } | undefined = () => undefined;
  new Gauge({
    name: `${prefix}sqlite_wal_pages`,
    help: "SQLite's write-ahead log at the background checkpoints' last pass, in pages: written, and copied back into the database file",
    labelNames: ['state'],
    registers,
    collect() {
      const log = writeAheadLog();
      if (!log) return;
      this.set({ state: 'written' }, log.log);
      this.set({ state: 'copied' }, log.checkpointed);
    },
  });
  new Counter({
    name: `${prefix}log_lines_dropped_total`,
    help: 'Log lines dropped because standard error stopped taking them (its reader stopped reading) and the buffer was full',
    registers,
    collect() {
      this.reset();
      this.inc(droppedLogLines());
    },
  });
  let collecting = false;
  // Operation names are the client's choice: past this many distinct ones, the rest share one label,
  // so a client cannot grow the registry without bound.
  const operationNames = new Set<string>();
  const operationLabel = (name: string) => {
    if (operationNames.has(name)) return name;
    if (operationNames.size >= MAX_OPERATION_NAMES) return '(other)';
    operationNames.add(name);
    return name;
  };

  // Each label combination's series, bound once: prom-client hashes a label object on every call otherwise,
  // a noticeable share of a cheap request.
  const requestSeries = new Map<string, { count: ReturnType<typeof requests.labels>; seconds: ReturnType<typeof requestSeconds.labels> }>();
  const operationSeries = new Map<string, ReturnType<typeof operationSeconds.labels>>();

  return {
    registry,
    request(method, route, status, seconds) {
      const key = `${method} ${route} ${status}`;
      let series = requestSeries.get(key);
      if (!series) {
        const labels = [method, route, String(status)];
        series = { count: requests.labels(...labels), seconds: requestSeconds.labels(...labels) };
        requestSeries.set(key, series);
      }
      series.count.inc();
      series.seconds.observe(seconds);
    },
    operation(name, type, ok, seconds) {
      const label = operationLabel(name);
      const outcome = ok ? 'ok' : 'error';
      const key = `${label} ${type} ${outcome}`;
      let series = operationSeries.get(key);
      if (!series) operationSeries.set(key, (series = operationSeconds.labels(label, type, outcome)));
      series.observe(seconds);
    },
    graphqlHandled: (handling) => handled[handling].inc(),
    plannedQuery: (outcome) => planOutcomes[outcome].inc(),
    fastPathFallback: (path, reason) => fastPathFallbacks.inc({ path, reason }),
    rateLimited: (kind) => rateLimited.inc({ kind }),
    writeConflict: (gaveUp) => conflicts.inc({ result: gaveUp ? 'gave_up' : 'retried' }),
    databaseUnavailable: () => unavailable.inc(),
    webhookAttempt(outcome, lagSeconds) {
      webhookAttempts.inc({ outcome });
      if (lagSeconds !== undefined) webhookLag.observe(lagSeconds);
    },
    webhookSubscriptionDisabled: () => disabled.inc(),
    emailAttempt: (outcome) => emailAttempts.inc({ outcome }),
    recurringOccurrence: (outcome) => occurrences.inc({ outcome }),
    bulkOperationFinished(type, status, objects) {
      bulkOperations.inc({ type, status });
      bulkObjects.inc({ type }, objects);
    },
    subscriptionEnded: (reason) => subscriptionsEnded.inc({ reason }),
    relayed: (lagSeconds) => relayLag.observe(lagSeconds),
    watchSockets(read) {
      sockets = read;
    },
    watchWriteAheadLog(read) {
      writeAheadLog = read;
    },
    collectProcessMetrics() {
      if (collecting) return;
      collecting = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}
