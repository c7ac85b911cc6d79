// A background pass that runs at most once at a time: on a timer, and at once when woken. A wake
// during a pass asks for one more pass after it, so nothing woken for is left waiting for the timer.
// (The relay and the webhook dispatcher both run this way.)
import { AsyncResource } from 'node:async_hooks';
import type { Logger } from '../lib/logger.ts';

export interface BackgroundLoop {
  wake(): void;
  /** Runs passes until one reports nothing left (or resolves with the pass already running). */
  drain(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** `pass` does one batch of work and resolves true while there may be more. */
export function backgroundLoop(name: string, pass: () => Promise<boolean>, intervalMs: number, logger: Logger): BackgroundLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  // Passes run in the context the loop was made in, not the waker's: a wake from inside a write's
  // transaction (the relay's) must not make the pass, or the work it starts, look like part of it.
  const detached = AsyncResource.bind((run: () => Promise<void>) => run());

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = detached(async () => {
      try {
        do {
          again = false;
          while (!stopped && (await pass()));
        } while (again && !stopped);
      } catch (error) {
        // A busy database or a lost connection: the next pass picks the same work up.
        logger.warn(`${name} pass failed`, { error });
      } finally {
        running = undefined;
      }
    });
    return running;
  }

  return {
    wake: () => {
      if (!stopped) void drain();
    },
    drain,
    start() {
      stopped = false;
      timer ??= setInterval(() => void drain(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
