// One request context for every surface: REST, GraphQL over HTTP and graphql-ws all
// turn their credentials into the same object here: the verified key, its organization, the rate
// limit verdict, and the write path (the unit of work) bound to the organization. Resolvers
// and REST routes receive it as their GraphQL context.
import { readingClient } from '../fast-paths/compiled-reads.ts';
import type { Database, Prisma } from '../db/database.ts';
import type { EventBus } from '../events/bus.ts';
import { AppError } from '../lib/errors.ts';
import type { Metrics } from '../ops/metrics.ts';
import { type AuthenticatedKey, type KeyRefusal, tokenDigest } from './api-keys.ts';
import type { RateDecision, RateLimiter } from './rate-limit.ts';
import type { Change } from './representations.ts';
import type { OrganizationInfo, Tx, WriteScope } from './tenant.ts';
import type { Actor, UnitOfWork, WriteOutcome, WriteRequest } from './unit-of-work.ts';
import { setBounded } from '../lib/bounded-map.ts';

export interface RequestContext {
  requestId: string;
  db: Database;
  /** For reads (on SQLite each `findMany` compiled where it can: src/db/compiled-reads.ts). Writes go through `write`. */
  prisma: Prisma;
  apiKey: AuthenticatedKey;
  /** The tenant wall: every query filters by this id. */
  organizationId: string;
  organization: OrganizationInfo;
  rateLimit: RateDecision;
  /** Settings the rules of some writes depend on. */
  settings: RequestSettings;
  /** Committed events of this organization as they are relayed (GraphQL subscriptions). */
  liveEvents: Pick<EventBus, 'subscribe' | 'opened'>;
  /** Runs a write through the unit of work for this organization. */
  write<Row>(request: Omit<WriteRequest, 'actor'>, work: (scope: WriteScope) => Promise<Change<Row>>): Promise<WriteOutcome<Row>>;
  /** Spends more of the key's quota than the request's one point (a batch's operations); refused (429) past it. */
  spendRateLimit(points: number): Promise<void>;
  /** All-or-nothing: the writes `work` makes (through `write`) commit together or not at all (core/unit-of-work.ts). */
  atomically<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** The largest page a connection may be asked for, when not the usual 100 (a bulk export's pages). */
  largestPage?: number;
}

export interface RequestSettings {
  /** Webhook URLs may point at loopback and private addresses (local development and tests). */
  allowPrivateWebhookTargets: boolean;
  /** Whether a mail server is configured (documents may be sent by email). */
  mailConfigured: boolean;
  /** Bytes of attachments one organization may keep (ATTACHMENT_QUOTA_MB). */
  attachmentQuotaBytes: number;
  /** Emails an organization may queue an hour through the API (MAIL_PER_HOUR). */
  mailPerHour: number;
  /** Live events a subscription may have waiting for its client before it is ended (events/stream.ts). */
  subscriptionBacklog: number;
}

/** A refusal that carries the rate limit verdict, so every surface can send the quota headers with it. */
export class RateLimitedError extends AppError {
  constructor(
    readonly decision: RateDecision,
    message = `This API key made more than ${decision.limit} requests this minute; retry in ${decision.resetSeconds} s`,
  ) {
    super('RATE_LIMITED', message, [], { retryAfterSeconds: decision.resetSeconds });
  }
}

/** What a transport knows about who is asking. */
export interface Credentials {
  authorization?: string | null;
  /** The client's address (the socket's peer), for the limit on requests without a valid key. */
  address?: string;
  /**
   * The request only reads the schema (GraphQL introspection): as public as the OpenAPI document, so it
   * needs no key (GraphiQL loads the schema before a key is typed in); it counts against the address's
   * quota of requests without a valid key.
   */
  schemaOnly?: boolean;
}

/** What the HTTP front door and Yoga's context factory share for one GraphQL request. */
export interface HttpExchange {
  requestId: string;
  /** Set by the context factory, so the quota headers go on the response whatever it says. */
  rateLimit?: RateDecision;
  /** The client's address. */
  address?: string;
  /** Set by the context factory: whose request it is, for the request log. */
  caller?: Caller;
  /** Set as the operation runs: its name, for the request log. */
  operation?: string;
}

/** Who made a request, as the request log and metrics name it (never the secret). */
export interface Caller {
  keyPrefix: string;
  organizationId: string;
}

export interface RequestContextDeps {
  db: Database;
  /** The key and organization for a bearer token (and its `tokenDigest`), or why it is refused (core/api-keys.ts). */
  checkKey: (token: string, digest: string) => Promise<AuthenticatedKey | KeyRefusal>;
  limiter: RateLimiter;
  /** Counts each organization's requests, all its keys together. */
  organizationLimiter?: RateLimiter;
  /** Counts requests without a valid key, per client address. */
  authFailures: RateLimiter;
  unitOfWork: UnitOfWork;
  bus: EventBus;
  settings: RequestSettings;
  metrics?: Metrics;
  /** Reads through the compiled reader (src/fast-paths/compiled-reads.ts); false: Prisma's client alone (FAST_PATHS=false). */
  compiledReads?: boolean;
  /** True while the server is behind and this organization is among those causing it (http/load-shedding.ts). */
  shed?: (organizationId: string) => boolean;
}

export type CreateRequestContext = (credentials: Credentials, requestId: string) => Promise<RequestContext>;

/** `Authorization: Bearer <key>`, the key captured: the one spelling every surface accepts. */
export const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The organization of a schema reader: none (its currency is ISO 4217's code for "no currency"). */
const NO_ORGANIZATION: OrganizationInfo = {
  id: '',
  name: '',
  baseCurrency: 'XXX',
  lockDate: null,
  defaultPaymentTermsDays: 0,
  fiscalYearEnd: '12-31',
  badDebtTaxRelief: 'NONE',
};

/** Digests (`tokenDigest`) of keys this instance verified lately: they pass an address that is refused for failures. */
function recentlyVerified(ttlMs = 10 * 60_000, max = 10_000) {
  const seen = new Map<string, number>();
  return {
    has: (digest: string) => (seen.get(digest) ?? 0) > Date.now(),
    add(digest: string) {
      setBounded(seen, digest, Date.now() + ttlMs, max);
    },
  };
}

/** Request contexts: for a bearer token (a request), and for a key by itself (a job it started). */
export interface RequestContexts {
  create: CreateRequestContext;
  /**
   * The context a job runs its steps in as the key that started it (a bulk operation): the key's scopes
   * as they are now, its organization's wall, the same write path; no rate limit is spent.
   */
  forKey(apiKey: AuthenticatedKey, requestId: string): RequestContext;
}

export const requestContextFactory = (deps: RequestContextDeps): CreateRequestContext => requestContexts(deps).create;

// Long on purpose: one closure over the request context's dependencies: the per-request steps (key, organization,
// limits, shedding) share them.
export function requestContexts({
  db,
  checkKey,
  limiter,
  organizationLimiter,
  authFailures,
  unitOfWork,
  bus,
  settings,
  metrics,
  compiledReads = true,
  shed,
}: RequestContextDeps): RequestContexts {
  const verified = recentlyVerified();
  const reads = compiledReads ? readingClient(db) : db.prisma;

  const addressRefused = (decision: RateDecision) => {
    metrics?.rateLimited('address');
    return new RateLimitedError(
      decision,
      `Too many requests without a valid API key from this address; retry in ${decision.resetSeconds} s`,
    );
  };

  async function refuse(address: string, message: string): Promise<never> {
    const decision = await authFailures.consume(address);
    if (!decision.allowed) throw addressRefused(decision);
    throw new AppError('UNAUTHENTICATED', message);
  }

  /** A context that holds no key and no organization: it can read the schema and nothing else. */
  const schemaReader = (requestId: string, rateLimit: RateDecision): RequestContext => ({
    requestId,
    db,
    prisma: reads,
    apiKey: {
      id: '',
      prefix: '',
      name: 'schema reader',
      organizationId: '',
      organization: NO_ORGANIZATION,
      scopes: new Set(),
      expiresAt: null,
    },
    organizationId: '',
    organization: NO_ORGANIZATION,
    rateLimit,
    liveEvents: bus,
    settings,
    write: () => Promise.reject(new AppError('UNAUTHENTICATED', 'Send your API key as Authorization: Bearer <key>')),
    spendRateLimit: () => Promise.reject(new AppError('UNAUTHENTICATED', 'Send your API key as Authorization: Bearer <key>')),
    atomically: () => Promise.reject(new AppError('UNAUTHENTICATED', 'Send your API key as Authorization: Bearer <key>')),
  });

  async function createRequestContext(credentials: Credentials, requestId: string): Promise<RequestContext> {
    const address = credentials.address ?? 'unknown';
    if (credentials.schemaOnly) {
      const decision = await authFailures.consume(address);
      if (!decision.allowed) throw addressRefused(decision);
      return schemaReader(requestId, decision);
    }
    const header = credentials.authorization;
    if (!header) return refuse(address, 'Send your API key as Authorization: Bearer <key>');
    const match = BEARER.exec(header);
    if (!match) return refuse(address, 'The Authorization header must be "Bearer <key>"');
    const token = match[1];
    const digest = tokenDigest(token);
    if (!verified.has(digest)) {
      // An address over its failure quota learns nothing more, right or wrong, until the window passes.
      const failures = await authFailures.peek(address);
      if (failures && !failures.allowed) throw addressRefused(failures);
    }
    const apiKey = await checkKey(token, digest);
    if (apiKey === 'expired')
      return refuse(address, 'The API key has expired; create a new one in the settings area (or roll a key before it expires)');
    if (apiKey === 'invalid') return refuse(address, 'The API key is invalid or has been revoked');
    verified.add(digest);
    if (shed?.(apiKey.organizationId))
      throw new AppError('SERVICE_UNAVAILABLE', 'The server is too busy to take this request now; retry in a second', [], {
        retryAfterSeconds: 1,
      });
    const rateLimit = await limiter.consume(apiKey.id);
    if (!rateLimit.allowed) {
      metrics?.rateLimited('key');
      throw new RateLimitedError(rateLimit);
    }
    await spendOrganization(apiKey.organizationId, 1);
    return contextOf(apiKey, rateLimit, requestId);
  }

  /** Spends the organization's share: all its keys together, so more keys do not buy more of the service. */
  async function spendOrganization(organizationId: string, points: number) {
    const decision = await organizationLimiter?.consume(organizationId, points);
    if (!decision || decision.allowed) return;
    metrics?.rateLimited('organization');
    throw new RateLimitedError(
      decision,
      `This organization's API keys together made more than ${decision.limit} requests this minute; retry in ${decision.resetSeconds} s`,
    );
  }

  function contextOf(apiKey: AuthenticatedKey, rateLimit: RateDecision, requestId: string): RequestContext {
    const actor: Actor = { type: 'api_key', id: apiKey.id, prefix: apiKey.prefix, name: apiKey.name };
    const context: RequestContext = {
      requestId,
      db,
      prisma: reads,
      apiKey,
      organizationId: apiKey.organizationId,
      organization: apiKey.organization,
      rateLimit,
      liveEvents: bus,
      settings,
      write: (request, work) => unitOfWork.write(apiKey.organizationId, Object.assign({}, request, { actor }), work),
      async spendRateLimit(points) {
        if (points <= 0) return;
        const decision = await limiter.consume(apiKey.id, points);
        context.rateLimit = decision;
        if (!decision.allowed) {
          metrics?.rateLimited('key');
          throw new RateLimitedError(decision);
        }
        await spendOrganization(apiKey.organizationId, points);
      },
      atomically: (work) => unitOfWork.atomically(apiKey.organizationId, work),
    };
    return context;
  }

  // A job's steps spend nothing: the request that started it was counted.
  const unmetered: RateDecision = { allowed: true, limit: 0, remaining: 0, resetSeconds: 0, windowSeconds: 0 };
  return { create: createRequestContext, forKey: (apiKey, requestId) => contextOf(apiKey, unmetered, requestId) };
}
