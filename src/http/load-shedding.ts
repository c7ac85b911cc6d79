// Sheds load before the kernel's accept queue does. When the event loop falls behind (work arrives
// faster than one thread does it), every request waits behind it, and past a point connections time out
// unanswered while clients retry into the queue. Instead, once the loop has lagged more than `lagMs`,
// requests to the APIs are answered at once with 503 and `Retry-After: 1` for the next second: cheap
// answers that let the loop catch up, and clients told when to come back. (The approach of toobusy-js and
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
