// Live fan-out of committed events to the subscribers of their organization, and of key revocations to
// the sockets that hold the key. In one process an in-memory bus does; with REDIS_URL, both go through
// one Redis pub/sub channel, so an event or a revocation from one instance reaches every instance, in
// the order Redis received them (a revocation announced before an event was published reaches every
// instance before that event).
//
// Redis is a fast path, never the record: the event log is. While this instance's subscription to Redis
// is down, it delivers its own commits to its own subscribers directly and reads the log every second for
// the events other instances commit, and once Redis is back it reads the log once more for whatever
// arrived in between. Whichever way an event came, listeners get each organization's events once and in
// seq order (events/order.ts). Revocations announced during an outage reach the other instances through
// their periodic key re-check.
import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.ts';
import { type LoggedEvent, type OrderLog, type SeqOrder, seqOrder } from './order.ts';

export type { LoggedEvent } from './order.ts';

export interface EventBus {
  publish(events: LoggedEvent[]): Promise<void>;
  /** Calls `listener` with each event of the organization published from now on; returns the unsubscribe. */
  subscribe(organizationId: string, listener: (event: LoggedEvent) => void): () => void;
  /**
   * Resolves once this instance knows where the organization's live events start (after `subscribe`):
   * every event at or before that point is in the log, every later one reaches the listener.
   */
  opened(organizationId: string): Promise<void>;
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
export type EventLogReader = (
  organizationId: string,
  from: { afterSeq: number } | { since: Date },
  limit: number,
) => Promise<LoggedEvent[]>;

/** What a bus reads of the event log: pages of it, and where an organization's ends. */
export interface EventLog {
  read: EventLogReader;
  latestSeq(organizationId: string): Promise<number>;
}

/**
 * This instance's listeners, by organization. With the log, each organization's events reach them in seq
 * order and once (events/order.ts); without it (a bus in a test), as published.
 */
function localFanOut(log: EventLog | undefined, logger: Logger | undefined) {
  const listeners = new Map<string, Set<(event: LoggedEvent) => void>>();
  const revocationListeners = new Set<(apiKeyId: string) => void>();
  const keysChangedListeners = new Set<(organizationId: string) => void>();
  const handOn = (event: LoggedEvent) => {
    for (const listener of listeners.get(event.organizationId) ?? []) listener(event);
  };
  const order: SeqOrder | undefined =
    log && logger
      ? seqOrder(
          {
            after: (organizationId, afterSeq, limit) => log.read(organizationId, { afterSeq }, limit),
            latestSeq: log.latestSeq,
          } satisfies OrderLog,
          handOn,
          logger,
        )
      : undefined;
  return {
    listeners,
    deliver: order ? (event: LoggedEvent) => order.receive(event) : handOn,
    subscribe(organizationId: string, listener: (event: LoggedEvent) => void) {
      let set = listeners.get(organizationId);
      if (!set) {
        listeners.set(organizationId, (set = new Set()));
        void order?.track(organizationId);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(organizationId) === set) {
          listeners.delete(organizationId);
          order?.untrack(organizationId);
        }
      };
    },
    opened: (organizationId: string) => order?.track(organizationId) ?? Promise.resolve(),
    close: () => order?.close(),
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

/** One process: events reach this process's listeners. Give it the log (and a logger) to have them in seq order. */
export function inProcessBus(log?: EventLog, logger?: Logger): EventBus {
  const fanOut = localFanOut(log, logger);
  return {
    async publish(events) {
      for (const event of events) fanOut.deliver(event);
    },
    subscribe: fanOut.subscribe,
    opened: fanOut.opened,
    async announceRevocation(apiKeyId) {
      fanOut.revoked(apiKeyId);
    },
    onRevocation: fanOut.onRevocation,
    async announceKeysChanged(organizationId) {
      fanOut.keysChanged(organizationId);
    },
    onKeysChanged: fanOut.onKeysChanged,
    async close() {
      fanOut.close();
    },
  };
}

/** What travels on the channel: an event, a revoked key's id, or an organization whose keys or settings changed. */
type Message = { event: LoggedEvent } | { revokedKey: string } | { keysChanged: string };

export const eventChannel = (prefix: string) => `${prefix}:events`;

/** How often the log is read while Redis is down. */
const OUTAGE_POLL_MS = 1_000;
/** How far before the outage was noticed the first read of the log starts (events published just before it may not have arrived). */
const OUTAGE_GRACE_MS = 30_000;
const LOG_PAGE = 500;

export interface RedisBusOptions {
  url: string;
  logger: Logger;
  prefix?: string;
  /** The event log: read while Redis is down and once it is back, and for the gaps ordering finds. */
  log: EventLog;
  /** How often to read the log during an outage (tests shorten it). */
  pollMs?: number;
}

/**
 * Redis pub/sub: one publishing and one subscribed connection per instance, on `<prefix>:events`. Long on purpose:
 * one closure over the two Redis connections and the outage state they share (the poll that fills gaps while Redis is
 * down).
 */
export function redisBus({ url, logger, prefix = 'accounting', log, pollMs = OUTAGE_POLL_MS }: RedisBusOptions): EventBus {
  const channel = eventChannel(prefix);
  // No offline queue: while Redis is away a publish fails at once and this instance delivers locally,
  // rather than queueing messages (and memory) for a Redis that may be gone for minutes.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const connection of [publisher, subscriber])
    connection.on('error', (error) => logger.warn('redis event bus', { error: error.message }));
  const fanOut = localFanOut(log, logger);

  // --- Outage: noticed when the subscribed connection drops; over once it is subscribed again.
  let live = false;
  let outage: { since: Date; firstSubscribed: Map<string, Date>; cursors: Map<string, number>; timer: NodeJS.Timeout } | undefined;
  let catchingUp: Promise<void> | undefined;
  let closed = false;

  function beginOutage() {
    live = false;
    if (outage || closed) return;
    logger.warn('redis event bus: subscription lost; delivering from the event log until it is back');
    outage = {
      since: new Date(Date.now() - OUTAGE_GRACE_MS),
      firstSubscribed: new Map(),
      cursors: new Map(),
      timer: setInterval(() => void catchUp(), pollMs),
    };
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
          const page = await log.read(organizationId, cursor === undefined ? { since } : { afterSeq: cursor }, LOG_PAGE);
          // A page of the log is complete after its cursor: each event's predecessor is the one before it.
          page.forEach((event, i) => fanOut.deliver(Object.assign({}, event, { previousSeq: i > 0 ? page[i - 1].seq : cursor })));
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
    else fanOut.deliver(Object.assign({}, message.event, { createdAt: new Date(message.event.createdAt) }));
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
      if (!(await send(events.map((event) => ({ event }))))) for (const event of events) fanOut.deliver(event);
    },
    subscribe(organizationId, listener) {
      // An organization first subscribed to during an outage is read from then on (less a second for the
      // transaction in flight), not from before the outage: its subscribers asked for what comes next.
      if (outage && !fanOut.listeners.has(organizationId)) outage.firstSubscribed.set(organizationId, new Date(Date.now() - 1_000));
      return fanOut.subscribe(organizationId, listener);
    },
    opened: fanOut.opened,
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
      fanOut.close();
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
