// Sheds load before the kernel's accept queue does. When the event loop falls behind (work arrives
// faster than one thread does it), every request waits behind it, and past a point connections time out
// unanswered while clients retry into the queue. Instead, once the loop has lagged more than `lagMs`,
// requests to the APIs are answered at once with 503 and `Retry-After: 1` for the next second: cheap
// answers that let the loop catch up, and clients told when to come back. Only the organizations
// causing the load are shed (organizationShares): a quiet tenant's requests are still served. (The approach of toobusy-js and
// @fastify/under-pressure; a few lines on perf_hooks, so no dependency for it.)
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How long requests are shed after a lag was seen: the Retry-After a client is given. */
export const SHED_FOR_MS = 1_000;
const SAMPLE_MS = 100;

export interface LoadShedder {
  /** True while requests should be refused (the loop lagged past the limit within the last SHED_FOR_MS). */
  overloaded(): boolean;
  stop(): void;
}

/** Watches the event loop's delay once started (after listening: start-up's own work is no lag); `lagMs` 0 never sheds. */
export function loadShedder(lagMs: number): LoadShedder & { start(): void } {
  let laggedAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  return {
    start() {
      if (lagMs <= 0 || timer) return;
      delay.enable();
      let expected = performance.now() + SAMPLE_MS;
      // The histogram sees delays as they happen; the timer's own lateness sees a block the moment it ends.
      timer = setInterval(() => {
        const now = performance.now();
        if (now - expected > lagMs || delay.max / 1e6 > lagMs) laggedAt = now;
        delay.reset();
        expected = now + SAMPLE_MS;
      }, SAMPLE_MS);
      timer.unref();
    },
    overloaded: () => performance.now() - laggedAt < SHED_FOR_MS,
    stop() {
      clearInterval(timer);
      timer = undefined;
      delay.disable();
    },
  };
}

/** Half-life of an organization's recent cost: what it did a few seconds ago counts, a minute ago hardly. */
const SHARE_HALF_LIFE_MS = 5_000;

/**
 * Who is causing the load: each organization's recent cost (its requests, and the time they took),
 * decaying with SHARE_HALF_LIFE_MS. While the loop lags, an organization at or above the mean of the
 * active ones is shed; a quieter one is still served, so the tenant that caused the load carries it.
 */
export function organizationShares(now = () => performance.now()) {
  const scores = new Map<string, { score: number; at: number }>();
  const decayed = (entry: { score: number; at: number }, t: number) => entry.score * 2 ** (-(t - entry.at) / SHARE_HALF_LIFE_MS);
  return {
    /** A finished request of `organizationId` that took `seconds`: one request, plus a request's worth for each 10 ms. */
    record(organizationId: string, seconds: number) {
      const t = now();
      const entry = scores.get(organizationId);
      scores.set(organizationId, { score: (entry ? decayed(entry, t) : 0) + 1 + seconds * 100, at: t });
      if (scores.size > 10_000) {
        for (const [id, e] of scores) if (decayed(e, t) < 0.01) scores.delete(id);
      }
    },
    /** Whether `organizationId` is at or above the mean recent cost of the organizations active now. */
    heavy(organizationId: string) {
      const t = now();
      let total = 0;
      let active = 0;
      for (const entry of scores.values()) {
        const score = decayed(entry, t);
        if (score < 0.01) continue;
        total += score;
        active++;
      }
      const own = scores.get(organizationId);
      const score = own ? decayed(own, t) : 0;
      return active === 0 || score >= total / active;
    },
  };
}

export type OrganizationShares = ReturnType<typeof organizationShares>;
