// Live events to graphql-ws subscribers without starving the books. graphql-ws alone runs a loop per
// subscriber: each event is filtered, executed, masked, stringified and written once per subscriber, all
// in one burst of microtasks right after the commit that published it, so 1,000 subscribers of one
// organization cost a thousand times one per event, and the writes behind that burst waited seconds.
//
// Here the live part of an `events` / `invoiceChanged` subscription is delivered by this module instead:
//   - one bus listener per organization, whose events are handled in seq order, one after another;
//   - subscribers running the same document with the same variables and scopes form a group: each event
//     is filtered, executed and serialized once per group, and the same payload bytes go to every member;
//   - frames wait in each socket's outbox and are written on a timer (FLUSH_MS), all of a socket's frames
//     in one write, in slices that yield to the event loop so requests are served between them;
//   - a socket whose writes the kernel no longer takes keeps its frames in the outbox; a subscription with
//     more than `maxWaiting` frames there is ended with SERVICE_UNAVAILABLE and `resumeAfter` (the last
//     event written to its socket), and its frames are dropped, so memory stays bounded.
// graphql-ws keeps the protocol: it starts the operation (auth, validation, limits in onSubscribe), gets
// from here an iterator that yields nothing but the ending error, and sends `complete`. A replay (`after`)
// is read from the log and executed per subscriber, paced by its socket, before it joins the live group.
import type { Socket } from 'node:net';
import { type ExecutionArgs, type ExecutionResult, execute, type GraphQLError, locatedError } from 'graphql';
import type { WebSocket } from 'ws';
import type { EventBus, LoggedEvent } from '../events/bus.ts';
import { type LiveEventSource, logAfter, resumable } from '../events/stream.ts';
import type { AppError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics, SubscriptionEnding } from '../ops/metrics.ts';

/**
 * How long frames gather before a socket is written: one write carries every event of that time. Short
 * while few sockets are busy; longer once a flush writes to many, where each socket's write (a system
 * call here, a packet, a read by the client) costs more than the events it carries: a thousand sockets
 * written at the short interval took the CPU that PostgreSQL's writes needed on a 2-core machine (BENCHMARKS.md).
 */
const FLUSH_MS = 20;
const BUSY_FLUSH_MS = 100;
const BUSY_SOCKETS = 200;
/** How long one slice of writing runs before requests get the event loop back. */
const SLICE_MS = 4;
/** Bytes waiting in a socket's own buffer (the kernel took no more) past which it gets no more writes until it drains. */
const CONGESTED_BYTES = 64 * 1024;

export interface LiveDeliveryOptions {
  bus: Pick<EventBus, 'subscribe' | 'opened'>;
  logger: Logger;
  /** Yoga's error masking, applied to each result's errors as to every other answer. */
  maskError: (error: unknown, message: string) => Error;
  /** Counts the subscriptions ended with where to resume, by reason. */
  metrics?: Pick<Metrics, 'subscriptionEnded'>;
}

/** One socket's pending frames. */
interface Outlet {
  socket: WebSocket;
  raw: Socket;
  frames: Frame[];
  subscribers: Set<Subscriber>;
  /** Replays waiting for the outbox to be written before they read on. */
  drainWaiters: (() => void)[];
  /** Waiting for the kernel to take more ('drain'). */
  congested: boolean;
}

/** A message waiting for a socket: `{"id":…,"type":"next","payload":<payload>}`. */
interface Frame {
  subscriber: Subscriber;
  eventId: string;
  payload: Buffer;
}

interface Group {
  key: string;
  organization: Organization;
  args: ExecutionArgs;
  wants: (event: LoggedEvent) => boolean;
  members: Set<Subscriber>;
}

interface Organization {
  id: string;
  groups: Map<string, Group>;
  queue: LoggedEvent[];
  pumping: boolean;
  unsubscribe: () => void;
}

interface Subscriber {
  outlet: Outlet;
  group: Group;
  /** `{"id":"<operation id>","type":"next","payload":` */
  prefix: Buffer;
  maxWaiting: number;
  /** Frames in the outbox. */
  waiting: number;
  /** Events up to here came from the log (a replay); live ones at or before it are dropped. */
  lastSeq: number;
  /** The last event written to its socket: where to resume. */
  lastSentId?: string;
  /** While replaying: live payloads held until the replay is done. */
  held?: { seq: number; id: string; payload: Buffer }[];
  ended: boolean;
  end: (error?: AppError) => void;
}

/** The header of a WebSocket text frame of `length` bytes as a server sends it (RFC 6455 §5.2: FIN, opcode 1, no mask). */
function writeFrameHeader(into: Buffer, at: number, length: number): number {
  into[at] = 0x81;
  if (length < 126) {
    into[at + 1] = length;
    return at + 2;
  }
  if (length < 65_536) {
    into[at + 1] = 126;
    into.writeUInt16BE(length, at + 2);
    return at + 4;
  }
  into[at + 1] = 127;
  into.writeBigUInt64BE(BigInt(length), at + 2);
  return at + 10;
}
const headerLength = (length: number) => (length < 126 ? 2 : length < 65_536 ? 4 : 10);

/**
 * Every frame waiting for a socket, framed by hand into one buffer: one write per socket per flush, and
 * each payload copied once per socket from the bytes its group shares. (ws frames one message per send
 * and has no way to write frames built elsewhere.)
 */
function framesBuffer(frames: Frame[]): Buffer {
  let total = 0;
  for (const frame of frames) {
    const length = frame.subscriber.prefix.length + frame.payload.length + 1;
    total += headerLength(length) + length;
  }
  const buffer = Buffer.allocUnsafe(total);
  let at = 0;
  for (const { subscriber, payload } of frames) {
    at = writeFrameHeader(buffer, at, subscriber.prefix.length + payload.length + 1);
    at += subscriber.prefix.copy(buffer, at);
    at += payload.copy(buffer, at);
    buffer[at++] = 0x7d; // }
  }
  return buffer;
}

/** The group key: the organization, the document and what changes its result (variables, scopes). */
function groupKey(source: LiveEventSource, args: ExecutionArgs): string {
  const context = args.contextValue as { apiKey?: { scopes?: string[] } } | undefined;
  const scopes = [...(context?.apiKey?.scopes ?? [])].sort().join(' ');
  return [
    source.organizationId,
    scopes,
    args.operationName ?? '',
    JSON.stringify(args.variableValues ?? {}),
    args.document.loc?.source.body ?? '',
  ].join('\u0000');
}

// Long on purpose: one closure over the groups of like subscribers and their queues, which every step reads and
// changes.
export function liveDelivery({ bus, logger, maskError, metrics }: LiveDeliveryOptions) {
  /** Ends a subscription its client can resume, counted by why. */
  const endResumable = (subscriber: Subscriber, reason: SubscriptionEnding, why: string) => {
    if (subscriber.ended) return;
    metrics?.subscriptionEnded(reason);
    subscriber.end(resumable(subscriber, why));
  };

  const organizations = new Map<string, Organization>();
  const outlets = new WeakMap<WebSocket, Outlet>();
  const dirty = new Set<Outlet>();
  let flushTimer: NodeJS.Timeout | undefined;
  /** Sockets written by the last flush (all its slices): many, and the next one waits longer. */
  let lastWritten = 0;
  let writtenThisFlush = 0;

  /** An event executed for a group, as the payload bytes every member gets. */
  async function render(args: ExecutionArgs, event: LoggedEvent): Promise<Buffer> {
    const result = (await execute(Object.assign({}, args, { rootValue: event }))) as ExecutionResult;
    const errors = result.errors?.map((error) => maskError(error, 'Unexpected error.') as GraphQLError);
    return Buffer.from(JSON.stringify(errors ? { ...result, errors } : result));
  }

  function enqueue(subscriber: Subscriber, eventId: string, payload: Buffer, counted = true) {
    const { outlet } = subscriber;
    if (counted && subscriber.waiting >= subscriber.maxWaiting) return overflow(subscriber);
    outlet.frames.push({ subscriber, eventId, payload });
    subscriber.waiting++;
    dirty.add(outlet);
    flushTimer ??= setTimeout(flush, lastWritten >= BUSY_SOCKETS ? BUSY_FLUSH_MS : FLUSH_MS);
  }

  function overflow(subscriber: Subscriber) {
    endResumable(subscriber, 'backlog', `This subscription fell more than ${subscriber.maxWaiting} events behind and was ended`);
  }

  /** Writes what waits, socket by socket, yielding to the event loop every SLICE_MS. */
  function flush() {
    flushTimer = undefined;
    const started = performance.now();
    for (const outlet of dirty) {
      if (performance.now() - started > SLICE_MS) {
        flushTimer ??= setTimeout(flush, 0); // the rest of this flush, after the requests that waited
        return;
      }
      dirty.delete(outlet);
      if (outlet.socket.readyState !== outlet.socket.OPEN) {
        outlet.frames = [];
        drained(outlet);
        continue;
      }
      if (outlet.raw.writableLength > CONGESTED_BYTES) {
        // The kernel takes no more: keep the frames (bounded per subscription) and look again when it drains.
        if (!outlet.congested) {
          outlet.congested = true;
          outlet.raw.once('drain', () => {
            outlet.congested = false;
            dirty.add(outlet);
            flushTimer ??= setTimeout(flush, 0);
          });
        }
        continue;
      }
      const frames = outlet.frames;
      outlet.frames = [];
      outlet.raw.write(framesBuffer(frames));
      writtenThisFlush++;
      for (const frame of frames) {
        frame.subscriber.waiting--;
        frame.subscriber.lastSentId = frame.eventId;
      }
      drained(outlet);
    }
    lastWritten = writtenThisFlush;
    writtenThisFlush = 0;
  }

  function drained(outlet: Outlet) {
    const waiters = outlet.drainWaiters;
    outlet.drainWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Hands an organization's events to its groups, one event at a time (so every socket gets them in order). */
  async function pump(organization: Organization) {
    if (organization.pumping) return;
    organization.pumping = true;
    try {
      for (let event = organization.queue.shift(); event; event = organization.queue.shift()) {
        const groups = [...organization.groups.values()].filter((group) => group.members.size && group.wants(event!));
        const payloads = await Promise.all(
          groups.map((group) =>
            render(group.args, event!).catch((error) => {
              logger.error('a live event could not be executed', { error, eventId: event!.id });
              return undefined;
            }),
          ),
        );
        groups.forEach((group, i) => {
          const payload = payloads[i];
          if (!payload) {
            // Never a silent gap: its subscribers are told where to resume, and the log has the event.
            for (const member of [...group.members])
              endResumable(member, 'undeliverable', 'An event could not be delivered live and this subscription was ended');
            return;
          }
          for (const member of group.members) {
            if (member.ended || event!.seq <= member.lastSeq) continue;
            if (member.held) {
              if (member.held.length >= member.maxWaiting) overflow(member);
              else member.held.push({ seq: event!.seq, id: event!.id, payload });
            } else enqueue(member, event!.id, payload);
          }
        });
      }
    } finally {
      organization.pumping = false;
    }
  }

  function organizationOf(id: string): Organization {
    let organization = organizations.get(id);
    if (!organization) {
      const created: Organization = { id, groups: new Map(), queue: [], pumping: false, unsubscribe: () => {} };
      created.unsubscribe = bus.subscribe(id, (event) => {
        created.queue.push(event);
        void pump(created);
      });
      organizations.set(id, (organization = created));
    }
    return organization;
  }

  function leave(subscriber: Subscriber) {
    const { group, outlet } = subscriber;
    group.members.delete(subscriber);
    outlet.subscribers.delete(subscriber);
    if (outlet.frames.some((frame) => frame.subscriber === subscriber))
      outlet.frames = outlet.frames.filter((frame) => frame.subscriber !== subscriber);
    drained(outlet); // a replay of it waiting on the socket stops
    if (group.members.size === 0) group.organization.groups.delete(group.key);
    if (group.organization.groups.size === 0) {
      group.organization.unsubscribe();
      organizations.delete(group.organization.id);
    }
  }

  /** Replays the log after `afterSeq` to one subscriber (paced by its socket), then lets its held live events go. */
  async function replay(subscriber: Subscriber, source: LiveEventSource, args: ExecutionArgs) {
    try {
      await bus.opened(source.organizationId);
      if (source.afterSeq !== undefined) {
        for await (const page of logAfter(source)) {
          for (const event of page) {
            if (subscriber.ended) return;
            enqueue(subscriber, event.id, await render(args, event), false);
          }
          subscriber.lastSeq = page.lastSeq;
          if (subscriber.outlet.frames.length) await new Promise<void>((resolve) => subscriber.outlet.drainWaiters.push(resolve));
        }
      }
    } catch (error) {
      logger.warn('replaying the event log to a subscriber failed', { error });
      return endResumable(subscriber, 'log_unreadable', 'The event log could not be read');
    }
    const held = subscriber.held ?? [];
    subscriber.held = undefined;
    for (const { seq, id, payload } of held) if (seq > subscriber.lastSeq && !subscriber.ended) enqueue(subscriber, id, payload);
  }

  return {
    /**
     * Delivers `source`'s events to the operation `operationId` on `socket`; returns the iterator graphql-ws
     * waits on: it yields the ending error if there is one, and ends when the subscription does.
     */
    attach(
      socket: WebSocket,
      raw: Socket,
      operationId: string,
      source: LiveEventSource,
      args: ExecutionArgs,
    ): AsyncIterableIterator<ExecutionResult> {
      let outlet = outlets.get(socket);
      if (!outlet) outlets.set(socket, (outlet = { socket, raw, frames: [], subscribers: new Set(), drainWaiters: [], congested: false }));
      const organization = organizationOf(source.organizationId);
      const key = groupKey(source, args);
      let group = organization.groups.get(key);
      if (!group) {
        const types = source.types?.length ? new Set(source.types) : undefined;
        const { readable } = source;
        group = {
          key,
          organization,
          args,
          members: new Set(),
          wants: (event) => (!types || types.has(event.type)) && (!readable || readable(event.resourceType)),
        };
        organization.groups.set(key, group);
      }
      // graphql-ws waits on `next()` until the subscription ends: with its error (one result), or done.
      let finished: ((result: IteratorResult<ExecutionResult>) => void) | undefined;
      let ending: ExecutionResult | undefined;
      const subscriber: Subscriber = {
        outlet,
        group,
        prefix: Buffer.from(`{"id":${JSON.stringify(operationId)},"type":"next","payload":`),
        maxWaiting: source.maxWaiting,
        waiting: 0,
        lastSeq: -1,
        held: [],
        ended: false,
        end(error) {
          if (subscriber.ended) return;
          subscriber.ended = true;
          leave(subscriber);
          if (error) ending = { data: null, errors: [locatedError(error, undefined)] };
          const resolve = finished;
          finished = undefined;
          if (resolve && ending) resolve({ done: false, value: ending });
          else resolve?.({ done: true, value: undefined });
          if (resolve) ending = undefined;
        },
      };
      group.members.add(subscriber);
      outlet.subscribers.add(subscriber);
      void replay(subscriber, source, args);
      const iterator: AsyncIterableIterator<ExecutionResult> = {
        next() {
          if (ending) {
            const value = ending;
            ending = undefined;
            return Promise.resolve({ done: false, value });
          }
          if (subscriber.ended) return Promise.resolve({ done: true, value: undefined });
          return new Promise((resolve) => (finished = resolve));
        },
        return() {
          subscriber.end();
          return Promise.resolve({ done: true, value: undefined });
        },
        throw(error) {
          subscriber.end();
          return Promise.reject(error);
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
      return iterator;
    },

    /** Ends every subscription on `socket`, each told where to resume and why (a client that stopped answering). */
    endSocket(socket: WebSocket, why: string) {
      const outlet = outlets.get(socket);
      if (!outlet) return;
      for (const subscriber of [...outlet.subscribers]) endResumable(subscriber, 'unresponsive', why);
    },

    close() {
      clearTimeout(flushTimer);
      for (const organization of organizations.values()) organization.unsubscribe();
      organizations.clear();
    },
  };
}

export type LiveDelivery = ReturnType<typeof liveDelivery>;
