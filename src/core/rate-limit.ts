// Per-API-key request quota (REST v1 contract: 100 requests a minute per key, all endpoints).
// In memory by default; a Redis store shares it across instances (see app.ts).
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  consume(key: string): Promise<RateDecision>;
  close(): Promise<void>;
}

/** The limiter the configuration asks for: shared through Redis when REDIS_URL is set, else in memory. */
export function rateLimiterFor(points: number, durationSeconds: number, redisUrl?: string): RateLimiter {
  if (!redisUrl) return createRateLimiter(points, durationSeconds);
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => {}); // reported per request below; a dropped connection reconnects by itself
  const store = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'accounting:rate', points, duration: durationSeconds, rejectIfRedisNotReady: true });
  const limiter = createRateLimiter(points, durationSeconds, store);
  return {
    // If Redis cannot answer, requests go through unlimited rather than fail: the quota protects the
    // service, and refusing every request would be the bigger outage.
    consume: (key) => limiter.consume(key).catch(() => ({ allowed: true, limit: points, remaining: points, resetSeconds: durationSeconds })),
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
  });
  return {
    async consume(key) {
      try {
        return decision(await limiter.consume(key), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(rejection, false);
        throw rejection;
      }
    },
    async close() {},
  };
}

/** Standard quota headers (the IETF RateLimit draft's names, as GitHub and Stripe-style clients read them). */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetSeconds),
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.resetSeconds);
  return headers;
}
