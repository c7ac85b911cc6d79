// Request quotas.
//   - Per API key (REST v1 contract: 100 requests a minute per key, all endpoints and transports).
//   - Per client address, for requests without a valid key: after AUTH_FAILURES_PER_MINUTE failures an
//     address is refused before its key is even looked up, so guessing keys is slow and a refused guess
//     says nothing about whether it was right. Keys this instance verified recently still pass, so a
//     valid key is never blocked behind an address someone else is abusing.
// In memory by default; with REDIS_URL both are shared across instances. If Redis cannot answer,
// RATE_LIMIT_ON_REDIS_ERROR decides: `memory` (default) limits in process until Redis is back
// (rate-limiter-flexible's insurance limiter), `open` lets requests through, `closed` refuses them (503).
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../lib/errors.ts';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  /** The window's length in seconds (for RateLimit-Policy). */
  windowSeconds: number;
}

export interface RateLimiter {
  /** Spends `points` (default 1) of the key's quota: one request, or a batch's share. */
  consume(key: string, points?: number): Promise<RateDecision>;
  /** The current state without spending a point (undefined when nothing was spent in the window). */
  peek(key: string): Promise<RateDecision | undefined>;
  close(): Promise<void>;
}

export type RedisFailurePolicy = 'open' | 'memory' | 'closed';

export interface RateLimitSettings {
  points: number;
  durationSeconds: number;
  redisUrl?: string;
  onRedisError?: RedisFailurePolicy;
}

/** The limiter for one quota: shared through Redis when a URL is given, else in memory. */
export function rateLimiterFor(
  { points, durationSeconds, redisUrl, onRedisError = 'memory' }: RateLimitSettings,
  keyPrefix = 'accounting:rate',
): RateLimiter {
  if (!redisUrl) return createRateLimiter(points, durationSeconds);
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => {}); // handled per request below; a dropped connection reconnects by itself
  const store = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: durationSeconds,
    rejectIfRedisNotReady: true,
    ...(onRedisError === 'memory' ? { insuranceLimiter: new RateLimiterMemory({ points, duration: durationSeconds }) } : {}),
  });
  const limiter = createRateLimiter(points, durationSeconds, store);
  const unavailable = () => {
    if (onRedisError === 'closed')
      throw new AppError('SERVICE_UNAVAILABLE', 'The rate limit store cannot be reached; retry in a few seconds');
    return { allowed: true, limit: points, remaining: points, resetSeconds: durationSeconds, windowSeconds: durationSeconds };
  };
  return {
    consume: (key, points) => limiter.consume(key, points).catch(unavailable),
    peek: (key) => limiter.peek(key).catch(() => undefined),
    close: async () => void redis.disconnect(),
  };
}

export function createRateLimiter(points: number, durationSeconds: number, store?: RateLimiterAbstract): RateLimiter {
  const limiter = store ?? new RateLimiterMemory({ points, duration: durationSeconds });
  const decision = (res: RateLimiterRes, allowed: boolean): RateDecision => ({
    allowed,
    limit: points,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    windowSeconds: durationSeconds,
  });
  return {
    async consume(key, points = 1) {
      try {
        return decision(await limiter.consume(key, points), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(rejection, false);
        throw rejection;
      }
    },
    async peek(key) {
      const res = await limiter.get(key);
      return res ? decision(res, res.consumedPoints <= points) : undefined;
    },
    async close() {},
  };
}

/**
 * Quota headers on every authenticated response: the X-RateLimit-* trio clients have long read, and
 * the IETF pair (`RateLimit-Policy: 100;w=60`, `RateLimit: limit=100, remaining=…, reset=…`).
 */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetSeconds),
    'ratelimit-policy': `${decision.limit};w=${decision.windowSeconds}`,
    ratelimit: `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.resetSeconds);
  return headers;
}
