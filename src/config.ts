// Reads the environment once, with an error a person can act on for every bad value.
import { delimiter } from 'node:path';
import { DEFAULT_HEAVY_WORK, type HeavyWorkSettings } from './core/heavy-work.ts';

export interface Config {
  port: number;
  host: string;
  /** Unset: an embedded SQLite file under dataDir. `postgresql://…` switches to PostgreSQL. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * PostgreSQL: the planner's `random_page_cost` for the service's sessions; undefined: the service's default
   * (db/pg-session.ts `DEFAULT_PG_RANDOM_PAGE_COST`); null: the database's own.
   */
  pgRandomPageCost: number | null | undefined;
  /** Set: rate limits and live events are shared through Redis. */
  redisUrl: string | undefined;
  /** Namespace of this deployment's keys and channels in Redis (several deployments may share one). */
  redisKeyPrefix: string;
  rateLimit: {
    points: number;
    /**
     * Requests a window one organization's keys may make together (RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE;
     * default ten keys' worth): more keys do not buy an organization more of the service.
     */
    organizationPoints: number;
    durationSeconds: number;
    /** Requests without a valid key one client address may make per window before it is refused. */
    authFailures: number;
    /**
     * Points a minute for the public pages (a customer's invoice page and its PDF), per client address and
     * per page's token alike: a page costs 1, a PDF PUBLIC_PDF_COST (PUBLIC_PAGES_PER_MINUTE).
     */
    publicPages: number;
    /** What the limits do while Redis cannot answer. */
    onRedisError: 'open' | 'memory' | 'closed';
  };
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** How long SIGTERM waits for in-flight requests before closing connections. */
  shutdownGraceMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Set: Prometheus metrics at http://metricsHost:metricsPort/metrics (a listener of its own). Unset: not served. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) set: spans are exported there over OTLP/HTTP (ops/tracing.ts). */
  tracing: boolean;
  /** Create the demo organization and print a key when the database has no organization. */
  seedDemo: boolean;
  /** GraphQL subscriptions one API key may hold open at once (per instance). */
  maxSubscriptionsPerKey: number;
  /** How often open graphql-ws connections re-check their key, so a revoked key is dropped. */
  socketRecheckMs: number;
  /** How often a graphql-ws socket is pinged; one that has not answered the previous ping is ended. */
  socketKeepAliveMs: number;
  /** Event-loop lag past which API requests are answered 503 + Retry-After for a second (0: never). */
  shedLoadLagMs: number;
  /**
   * PostgreSQL: how long an instance may answer a verified key without looking it up again (core/api-keys.ts `keyVerifier`); 0: every
   * request.
   */
  apiKeyCacheMs: number;
  /** Live events one subscription may have waiting for a client that does not read; past it the subscription ends. */
  subscriptionBacklog: number;
  /** With REDIS_URL: how often the event log is read for other instances' events while Redis is unreachable. */
  busOutagePollMs: number;
  /** SQLite: compiled reads and kept prepared statements on the adapter's connection (off: everything through Prisma). */
  /**
   * Every fast path (src/fast-paths/: direct queries, planned queries, compiled reads, SQLite's statements
   * on the adapter's connection); false runs everything through Prisma and Yoga alone (FAST_PATHS).
   */
  fastPaths: boolean;
  sqliteFastPaths: boolean;
  /** SQLite: the write-ahead log copied back by a worker thread (src/db/checkpoint.ts), not inside a request's COMMIT. */
  sqliteBackgroundCheckpoints: boolean;
  /** Browser origins allowed to call the API (CORS); empty: none, `*`: any. */
  corsOrigins: string[];
  /** Answer GraphQL introspection (and suggest field names in errors). */
  graphqlIntrospection: boolean;
  /**
   * Run queries over the lists from plans made once per document (fast-paths/planned-queries.ts); off: every query through the
   * executor.
   */
  graphqlPlannedQueries: boolean;
  /** How far V8's heap may grow past what is live before a full collection, in percent; 0: V8 decides (ops/v8-settings.ts). */
  heapGrowingPercent: number;
  /** Documents sent by email (modules/emails): through SMTP_URL; unset, sending is refused. */
  mail: {
    /** smtp://user:password@host:port (smtps:// for TLS from the start); unset: no mail is sent. */
    smtpUrl: string | undefined;
    /** The From address of every mail (MAIL_FROM). */
    from: string;
    /** Where this server is reached from outside (PUBLIC_URL): links in mail to public pages start with it. */
    publicUrl: string;
    /** Delay before each retry of a mail the server did not take; when it runs out the mail has failed. */
    retryScheduleMs: number[];
    /** How long an instance's claim on a mail lasts: a killed instance's mail is taken over after it. */
    leaseMs: number;
    /** How often the mailer looks for mail due (MAIL_POLL_MS). */
    pollMs: number;
    /** Emails one organization may queue an hour through the API (MAIL_PER_HOUR). */
    perHour: number;
  };
  /** How often the recurring runner looks for occurrences due (RECURRING_POLL_MS). */
  recurringPollMs: number;
  bulk: {
    /** How often each instance looks for bulk operations to run (BULK_POLL_MS). */
    pollMs: number;
    /**
     * How long an instance's claim on a running operation lasts between checkpoints (BULK_LEASE_MS): a
     * killed instance's job is carried on after it.
     */
    leaseMs: number;
    /** Days a finished operation's result file (and its link) is kept (BULK_FILE_DAYS). */
    fileDays: number;
  };
  /**
   * Days an event keeps its data (EVENT_RETENTION_DAYS; 0: for ever). After them its payload is pruned and
   * its row kept as the audit trail (type, resource, time, actor) — never while a webhook delivery waits for it.
   */
  eventRetentionDays: number;
  /**
   * graphql-ws sockets one client address may have open before their key is accepted
   * (MAX_UNIDENTIFIED_SOCKETS_PER_ADDRESS); behind a proxy every client shares its address: raise it there.
   */
  maxUnidentifiedSocketsPerAddress: number;
  /** Megabytes of attachments one organization may keep (ATTACHMENT_QUOTA_MB). */
  attachmentQuotaMb: number;
  /** The worker threads that draw PDFs and read statement files (src/core/heavy-work.ts). */
  heavyWork: HeavyWorkSettings;
  webhooks: {
    /** A delivery not answered 2xx within this is retried. */
    timeoutMs: number;
    /** Delay before each retry; when the schedule runs out the delivery has failed. */
    retryScheduleMs: number[];
    /** Deliver to loopback and private addresses too (local development and tests only). */
    allowPrivateTargets: boolean;
    /** How long an instance's claim on a delivery lasts: a killed instance's sends are taken over after it. */
    leaseMs: number;
  };
}

/** 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 24 h, 24 h: about three days of retries (Standard Webhooks' schedule, stretched). */
export const DEFAULT_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 86_400_000, 86_400_000];

function schedule(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > 50 || !parts.every((p) => /^\d{1,10}$/.test(p)))
    throw new ConfigError(`${name} must be up to 50 whole numbers of milliseconds separated by commas, got "${raw}"`);
  return parts.map(Number);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function origins(env: NodeJS.ProcessEnv, name: string): string[] {
  const raw = (env[name] ?? '').trim();
  if (!raw) return [];
  const list = raw.split(',').map((o) => o.trim().replace(/\/$/, ''));
  for (const origin of list) {
    if (origin !== '*' && !/^https?:\/\/[^/\s?#]+$/.test(origin))
      throw new ConfigError(`${name} must be origins such as https://app.example.com separated by commas, or *; got "${origin}"`);
  }
  return list;
}

function redisKeyPrefix(env: NodeJS.ProcessEnv): string {
  const raw = env.REDIS_KEY_PREFIX || 'accounting';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(raw))
    throw new ConfigError(`REDIS_KEY_PREFIX must be 1 to 64 letters, digits, dots, dashes or underscores, got "${raw}"`);
  return raw;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^(postgres(ql)?:\/\/|file:)/.test(databaseUrl)) {
    throw new ConfigError(
      'DATABASE_URL must start with postgresql:// (PostgreSQL) or file: (SQLite); leave it unset for the embedded database',
    );
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  const fastPaths = oneOf(env, 'FAST_PATHS', ['true', 'false'] as const, 'true') === 'true';
  return {
    port: integer(env, 'PORT', 4000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    dataDir: env.DATA_DIR || 'data',
    pgRandomPageCost: pageCost(env, 'PG_RANDOM_PAGE_COST'),
    redisUrl,
    redisKeyPrefix: redisKeyPrefix(env),
    rateLimit: {
      points: integer(env, 'RATE_LIMIT_PER_MINUTE', 100, 1, 1_000_000),
      organizationPoints: integer(
        env,
        'RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE',
        10 * integer(env, 'RATE_LIMIT_PER_MINUTE', 100, 1, 1_000_000),
        1,
        10_000_000,
      ),
      durationSeconds: 60,
      authFailures: integer(env, 'AUTH_FAILURES_PER_MINUTE', 30, 1, 1_000_000),
      publicPages: integer(env, 'PUBLIC_PAGES_PER_MINUTE', 60, 1, 1_000_000),
      onRedisError: oneOf(env, 'RATE_LIMIT_ON_REDIS_ERROR', ['open', 'memory', 'closed'] as const, 'memory'),
    },
    maxBodyBytes: integer(env, 'MAX_BODY_BYTES', 1_000_000, 1024, 100_000_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    metricsPort: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined,
    metricsHost: env.METRICS_HOST || env.HOST || '127.0.0.1',
    tracing: !!(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
    seedDemo: oneOf(env, 'SEED_DEMO', ['true', 'false'] as const, 'true') === 'true',
    maxSubscriptionsPerKey: integer(env, 'MAX_SUBSCRIPTIONS_PER_KEY', 50, 1, 100_000),
    socketRecheckMs: integer(env, 'SOCKET_RECHECK_MS', 5_000, 100, 600_000),
    socketKeepAliveMs: integer(env, 'SOCKET_KEEPALIVE_MS', 12_000, 100, 600_000),
    shedLoadLagMs: integer(env, 'SHED_LOAD_LAG_MS', 1_000, 0, 60_000),
    apiKeyCacheMs: integer(env, 'API_KEY_CACHE_MS', 5_000, 0, 60_000),
    subscriptionBacklog: integer(env, 'SUBSCRIPTION_BACKLOG', 1_000, 10, 1_000_000),
    busOutagePollMs: integer(env, 'EVENT_BUS_OUTAGE_POLL_MS', 1_000, 50, 60_000),
    fastPaths,
    sqliteFastPaths: fastPaths && oneOf(env, 'SQLITE_FAST_PATHS', ['true', 'false'] as const, 'true') === 'true',
    sqliteBackgroundCheckpoints: oneOf(env, 'SQLITE_CHECKPOINTS', ['background', 'inline'] as const, 'background') === 'background',
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    graphqlIntrospection: oneOf(env, 'GRAPHQL_INTROSPECTION', ['true', 'false'] as const, 'true') === 'true',
    graphqlPlannedQueries: fastPaths && oneOf(env, 'GRAPHQL_PLANNED_QUERIES', ['true', 'false'] as const, 'true') === 'true',
    heapGrowingPercent: integer(env, 'HEAP_GROWING_PERCENT', 50, 0, 1000),
    mail: mailSettings(env),
    recurringPollMs: integer(env, 'RECURRING_POLL_MS', 60_000, 100, 3_600_000),
    bulk: {
      pollMs: integer(env, 'BULK_POLL_MS', 1_000, 20, 3_600_000),
      leaseMs: integer(env, 'BULK_LEASE_MS', 60_000, 200, 3_600_000),
      fileDays: integer(env, 'BULK_FILE_DAYS', 7, 1, 365),
    },
    eventRetentionDays: integer(env, 'EVENT_RETENTION_DAYS', 30, 0, 36_500),
    webhooks: webhookSettings(env),
    attachmentQuotaMb: integer(env, 'ATTACHMENT_QUOTA_MB', 1024, 1, 10_000_000),
    maxUnidentifiedSocketsPerAddress: integer(env, 'MAX_UNIDENTIFIED_SOCKETS_PER_ADDRESS', 64, 1, 1_000_000),
    heavyWork: {
      threads: integer(env, 'HEAVY_WORK_THREADS', DEFAULT_HEAVY_WORK.threads, 1, 64),
      perOrganization: integer(env, 'HEAVY_WORK_PER_ORGANIZATION', DEFAULT_HEAVY_WORK.perOrganization, 1, 1000),
      timeoutMs: integer(env, 'HEAVY_WORK_TIMEOUT_MS', DEFAULT_HEAVY_WORK.timeoutMs, 100, 3_600_000),
      memoryMb: integer(env, 'HEAVY_WORK_MEMORY_MB', DEFAULT_HEAVY_WORK.memoryMb, 32, 65_536),
      fonts: (env.PDF_FONTS ?? '').split(delimiter).filter((file) => file.trim()),
    },
  };
}

/** A positive cost (PostgreSQL's planner units), or `server` for the database's own setting. */
function pageCost(env: NodeJS.ProcessEnv, name: string): number | null | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'server') return null;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0) || value > 1000)
    throw new ConfigError(`${name} must be a number above 0 and at most 1000, or "server" for the database's own setting; got "${raw}"`);
  return value;
}

/** 1 min, 5 min, 30 min, 2 h, 6 h, 12 h: about a day of retries. */
export const DEFAULT_MAIL_RETRY_SCHEDULE_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000];

function mailSettings(env: NodeJS.ProcessEnv): Config['mail'] {
  const publicUrl = (env.PUBLIC_URL || `http://${env.HOST || '127.0.0.1'}:${env.PORT || 4000}`).replace(/\/$/, '');
  if (!/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(publicUrl))
    throw new ConfigError(`PUBLIC_URL must be an address such as https://books.example.com, got "${publicUrl}"`);
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl))
    throw new ConfigError('SMTP_URL must look like smtp://user:password@host:587 (or smtps:// for TLS from the start)');
  const from = env.MAIL_FROM || 'Accounting <no-reply@localhost>';
  if (!/@/.test(from)) throw new ConfigError(`MAIL_FROM must be an address such as "Acme Billing <billing@acme.example>", got "${from}"`);
  return {
    smtpUrl,
    from,
    publicUrl,
    retryScheduleMs: schedule(env, 'MAIL_RETRY_SCHEDULE_MS', DEFAULT_MAIL_RETRY_SCHEDULE_MS),
    leaseMs: integer(env, 'MAIL_LEASE_MS', 120_000, 200, 3_600_000),
    pollMs: integer(env, 'MAIL_POLL_MS', 5_000, 100, 3_600_000),
    perHour: integer(env, 'MAIL_PER_HOUR', 100, 1, 1_000_000),
  };
}

function webhookSettings(env: NodeJS.ProcessEnv): Config['webhooks'] {
  const timeoutMs = integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000);
  const leaseMs = integer(env, 'WEBHOOK_LEASE_MS', Math.max(60_000, timeoutMs * 3), 200, 3_600_000);
  // A lease shorter than a send would let a second instance resend while the first is still waiting.
  if (leaseMs <= timeoutMs) throw new ConfigError(`WEBHOOK_LEASE_MS (${leaseMs}) must be longer than WEBHOOK_TIMEOUT_MS (${timeoutMs})`);
  return {
    timeoutMs,
    retryScheduleMs: schedule(env, 'WEBHOOK_RETRY_SCHEDULE_MS', DEFAULT_RETRY_SCHEDULE_MS),
    allowPrivateTargets: oneOf(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', ['0', '1'] as const, '0') === '1',
    leaseMs,
  };
}
