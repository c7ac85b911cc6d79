// Live fan-out of committed events to the subscribers of their organization, and of key revocations to
// the sockets that hold the key. In one process an in-memory bus does; with REDIS_URL, both go through
// one Redis pub/sub channel, so an event or a revocation from one instance reaches every instance, in
// the order Redis received them (a revocation announced before an event was published reaches every
// instance before that event).
//
// Redis is a fast path, never the record: the event log is. While this instance's subscription to Redis
// is down, it delivers its own commits to its own subscribers directly and reads the log every second for
// the events other instances commit, and once Redis is back it reads the log once more for whatever
// arrived in between. An event is delivered at most once per instance (by seq), whichever way it came.
// Revocations announced during an outage reach the other instances through their periodic key re-check.
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
  /** JSON of the Actor that made the change (core/unit-of-work.ts); null for events older than actors. */
  actor: string | null;
  actorKeyId: string | null;
}

export interface EventBus {
  publish(events: LoggedEvent[]): Promise<void>;
  /** Calls `listener` with each event of the organization published from now on; returns the unsubscribe. */
  subscribe(organizationId: string, listener: (event: LoggedEvent) => void): () => void;
  /** Tells every instance (this one at once) that a key no longer authenticates. */
  announceRevocation(apiKeyId: string): Promise<void>;
  /** Calls `listener` with the id of each key revoked from now on; returns the unsubscribe. */
  onRevocation(listener: (apiKeyId: string) => void): () => void;
  /**
   * Tells every instance (this one before it returns) that an organization's keys or settings changed
   * (a key rolled or revoked, the lock date moved): what an instance remembers of its verified keys is stale.
   */
  announceKeysChanged(organizationId: string): Promise<void>;
  /** Calls `listener` with the organization of each such change from now on; returns the unsubscribe. */
  onKeysChanged(listener: (organizationId: string) => void): () => void;
  close(): Promise<void>;
}

/** Reads the log of one organization for the bus's catch-up: events after `afterSeq`, or created since `since`, in seq order. */
export type EventLogReader = (organizationId: string, from: { afterSeq: number } | { since: Date }, limit: number) => Promise<LoggedEvent[]>;

function localFanOut() {
  const listeners = new Map<string, Set<(event: LoggedEvent) => void>>();
  const revocationListeners = new Set<(apiKeyId: string) => void>();
  const keysChangedListeners = new Set<(organizationId: string) => void>();
  return {
    listeners,
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
    revoked(apiKeyId: string) {
      for (const listener of revocationListeners) listener(apiKeyId);
    },
    onRevocation(listener: (apiKeyId: string) => void) {
      revocationListeners.add(listener);
      return () => void revocationListeners.delete(listener);
    },
    keysChanged(organizationId: string) {
      for (const listener of keysChangedListeners) listener(organizationId);
    },
    onKeysChanged(listener: (organizationId: string) => void) {
      keysChangedListeners.add(listener);
      return () => void keysChangedListeners.delete(listener);
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
    async announceRevocation(apiKeyId) {
      fanOut.revoked(apiKeyId);
    },
    onRevocation: fanOut.onRevocation,
    async announceKeysChanged(organizationId) {
      fanOut.keysChanged(organizationId);
    },
    onKeysChanged: fanOut.onKeysChanged,
    async close() {},
  };
}

/** What travels on the channel: an event, a revoked key's id, or an organization whose keys or settings changed. */
type Message = { event: LoggedEvent } | { revokedKey: string } | { keysChanged: string };

export const eventChannel = (prefix: string) => `${prefix}:events`;

/** How long a delivered event's seq is remembered, so the same event arriving another way is dropped. */
const REMEMBER_DELIVERED_MS = 5 * 60_000;
/** How often the log is read while Redis is down. */
const OUTAGE_POLL_MS = 1_000;
/** How far before the outage was noticed the first read of the log starts (events published just before it may not have arrived). */
const OUTAGE_GRACE_MS = 30_000;
const LOG_PAGE = 500;

export interface RedisBusOptions {
  url: string;
  logger: Logger;
  prefix?: string;
  /** The event log, read while Redis is down and once it is back. */
  readLog: EventLogReader;
  /** How often to read the log during an outage (tests shorten it). */
  pollMs?: number;
}

/** Redis pub/sub: one publishing and one subscribed connection per instance, on `<prefix>:events`. */
export function redisBus({ url, logger, prefix = 'accounting', readLog, pollMs = OUTAGE_POLL_MS }: RedisBusOptions): EventBus {
  const channel = eventChannel(prefix);
  // No offline queue: while Redis is away a publish fails at once and this instance delivers locally,
  // rather than queueing messages (and memory) for a Redis that may be gone for minutes.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const connection of [publisher, subscriber]) connection.on('error', (error) => logger.warn('redis event bus', { error: error.message }));
  const fanOut = localFanOut();

  // Seqs delivered lately (seq -> when), so an event is delivered once however many ways it arrives.
  const delivered = new Map<number, number>();
  let nextPrune = Date.now() + REMEMBER_DELIVERED_MS;
  function deliverOnce(event: LoggedEvent) {
    if (delivered.has(event.seq)) return;
    const now = Date.now();
    delivered.set(event.seq, now);
    // Not during an outage: the catch-up reads the log from before it began and needs those seqs.
    if (now > nextPrune && !outage) {
      for (const [seq, at] of delivered) if (at < now - REMEMBER_DELIVERED_MS) delivered.delete(seq);
      nextPrune = now + REMEMBER_DELIVERED_MS;
    }
    fanOut.deliver(event);
  }

  // --- Outage: noticed when the subscribed connection drops; over once it is subscribed again.
  let live = false;
  let outage: { since: Date; firstSubscribed: Map<string, Date>; cursors: Map<string, number>; timer: NodeJS.Timeout } | undefined;
  let catchingUp: Promise<void> | undefined;
  let closed = false;

  function beginOutage() {
    live = false;
    if (outage || closed) return;
    logger.warn('redis event bus: subscription lost; delivering from the event log until it is back');
    outage = { since: new Date(Date.now() - OUTAGE_GRACE_MS), firstSubscribed: new Map(), cursors: new Map(), timer: setInterval(() => void catchUp(), pollMs) };
    outage.timer.unref();
  }

  /** Reads the log of every organization with subscribers here, past what was read of it, and delivers what was not delivered. */
  function catchUp(): Promise<void> {
    if (catchingUp || !outage) return catchingUp ?? Promise.resolve();
    const state = outage;
    catchingUp = (async () => {
      for (const organizationId of [...fanOut.listeners.keys()]) {
        for (;;) {
          const cursor = state.cursors.get(organizationId);
          const since = state.firstSubscribed.get(organizationId) ?? state.since;
          const page = await readLog(organizationId, cursor === undefined ? { since } : { afterSeq: cursor }, LOG_PAGE);
          for (const event of page) deliverOnce(event);
          if (page.length) state.cursors.set(organizationId, page[page.length - 1].seq);
          else if (cursor === undefined) break;
          if (page.length < LOG_PAGE) break;
        }
      }
    })()
      .catch((error) => logger.warn('redis event bus: reading the event log failed; trying again', { error }))
      .finally(() => (catchingUp = undefined));
    return catchingUp;
  }

  async function endOutage() {
    if (!outage) return;
    // Subscribed again: anything published from here on arrives through Redis; one more read of the
    // log delivers what was committed before that.
    await catchingUp;
    await catchUp();
    clearInterval(outage.timer);
    outage = undefined;
    logger.warn('redis event bus: subscription restored; caught up from the event log');
  }

  subscriber.on('close', beginOutage);
  subscriber.on('ready', () => {
    // ioredis re-subscribes by itself after a reconnect; asking again resolves once Redis confirms it.
    subscriber.subscribe(channel).then(
      () => {
        live = true;
        void endOutage();
      },
      (error) => logger.warn('redis event bus: subscribing failed', { error: error.message }),
    );
  });
  subscriber.on('message', (_channel, text) => {
    const message = JSON.parse(text) as Message;
    if ('revokedKey' in message) fanOut.revoked(message.revokedKey);
    else if ('keysChanged' in message) fanOut.keysChanged(message.keysChanged);
    else deliverOnce({ ...message.event, createdAt: new Date(message.event.createdAt) });
  });

  /** Publishes on the channel; false when Redis did not take it. */
  async function send(messages: Message[]): Promise<boolean> {
    if (!live) return false;
    try {
      const pipeline = publisher.pipeline();
      for (const message of messages) pipeline.publish(channel, JSON.stringify(message));
      const results = await pipeline.exec();
      return !results?.some(([error]) => error);
    } catch {
      return false;
    }
  }

  return {
    async publish(events) {
      if (events.length === 0) return;
      // Healthy, this instance's own events reach its subscribers through Redis too, so they keep
      // Redis's order with revocations; otherwise directly (once, should Redis have taken them after all).
      if (!(await send(events.map((event) => ({ event }))))) for (const event of events) deliverOnce(event);
    },
    subscribe(organizationId, listener) {
      // An organization first subscribed to during an outage is read from then on (less a second for the
      // transaction in flight), not from before the outage: its subscribers asked for what comes next.
      if (outage && !fanOut.listeners.has(organizationId)) outage.firstSubscribed.set(organizationId, new Date(Date.now() - 1_000));
      return fanOut.subscribe(organizationId, listener);
    },
    async announceRevocation(apiKeyId) {
      fanOut.revoked(apiKeyId);
      await send([{ revokedKey: apiKeyId }]);
    },
    onRevocation: fanOut.onRevocation,
    async announceKeysChanged(organizationId) {
      fanOut.keysChanged(organizationId);
      await send([{ keysChanged: organizationId }]);
    },
    onKeysChanged: fanOut.onKeysChanged,
    async close() {
      closed = true;
      if (outage) clearInterval(outage.timer);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/**
 * Announces a revocation to every instance from a process that is not one (the apikey CLI): one short
 * connection, one message on the channel the instances listen to. Resolves false if Redis did not take it.
 */
export async function announceRevocationVia(url: string, prefix: string, apiKeyId: string): Promise<boolean> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, connectTimeout: 2_000, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.publish(eventChannel(prefix), JSON.stringify({ revokedKey: apiKeyId } satisfies Message));
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
