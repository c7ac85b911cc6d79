// Live fan-out of committed events to the subscribers of their organization. In one process an
// in-memory bus does; with REDIS_URL, events go through Redis pub/sub so an event relayed by one
// instance reaches subscribers connected to any instance.
import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.ts';

/** An event as the log holds it (the Event row). */
export interface LoggedEvent {
  seq: number;
  id: string;
  organizationId: string;
  type: string;
  resourceType: string;
  resourceId: string;
  payload: string;
  createdAt: Date;
}

export interface EventBus {
  publish(events: LoggedEvent[]): Promise<void>;
  /** Calls `listener` with each event of the organization published from now on; returns the unsubscribe. */
  subscribe(organizationId: string, listener: (event: LoggedEvent) => void): () => void;
  close(): Promise<void>;
}

function localFanOut() {
  const listeners = new Map<string, Set<(event: LoggedEvent) => void>>();
  return {
    deliver(event: LoggedEvent) {
      for (const listener of listeners.get(event.organizationId) ?? []) listener(event);
    },
    subscribe(organizationId: string, listener: (event: LoggedEvent) => void) {
      const set = listeners.get(organizationId) ?? listeners.set(organizationId, new Set()).get(organizationId)!;
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(organizationId);
      };
    },
  };
}

export function inProcessBus(): EventBus {
  const fanOut = localFanOut();
  return {
    async publish(events) {
      for (const event of events) fanOut.deliver(event);
    },
    subscribe: fanOut.subscribe,
    async close() {},
  };
}

/** Redis pub/sub: one publishing and one subscribed connection per instance, on `<prefix>:events`. */
export function redisBus(url: string, logger: Logger, prefix = 'accounting'): EventBus {
  const CHANNEL = `${prefix}:events`;
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const connection of [publisher, subscriber]) connection.on('error', (error) => logger.warn('redis event bus', { error: error.message }));
  const fanOut = localFanOut();
  void subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel, message) => {
    const event = JSON.parse(message) as LoggedEvent & { createdAt: string };
    fanOut.deliver({ ...event, createdAt: new Date(event.createdAt) });
  });
  return {
    async publish(events) {
      if (events.length === 0) return;
      const pipeline = publisher.pipeline();
      for (const event of events) pipeline.publish(CHANNEL, JSON.stringify(event));
      await pipeline.exec();
    },
    subscribe: fanOut.subscribe,
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
