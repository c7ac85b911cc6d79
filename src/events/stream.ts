// One organization's events as a stream: with `afterSeq`, first the log after that point, then live
// events as the relay publishes them, with no gap and no duplicate at the seam.
//
// The live subscription starts before the log is read, so nothing committed meanwhile is missed; a
// live event already read from the log is dropped. "Already read" is a seq comparison with the last
// event the log gave: within an organization seq order is commit order (every write holds the
// organization lock until it commits), so every event numbered up to it was committed before the read
// and is in it, and every later one comes live.
import type { Prisma } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { echo } from '../lib/text.ts';
import type { EventBus, EventLog, LoggedEvent } from './bus.ts';

const PAGE = 100;

export interface StreamOptions {
  prisma: Prisma;
  bus: Pick<EventBus, 'subscribe' | 'opened'>;
  organizationId: string;
  /** Only these types (all when absent). */
  types?: readonly string[] | null;
  /** Only events about resources of these types may be read (the key's scopes); all when absent. */
  readable?: (resourceType: string) => boolean;
  /** Replay the log after this position first. */
  afterSeq?: number;
  /**
   * How many live events may wait for the client (SUBSCRIPTION_BACKLOG). A client that stops reading (a
   * stalled socket: graphql-ws waits for each frame to be written before taking the next) would otherwise
   * make the server keep every event of its organization for it. Past this the subscription is ended with
   * an error naming the last event it received; the log keeps everything, so subscribing again with
   * `after` resumes without a gap.
   */
  maxWaiting: number;
}

/** The error that ends a subscription the client can resume: why, and the last event its socket was given. */
export function resumable({ lastSentId }: { lastSentId?: string }, why: string): AppError {
  const resume = lastSentId
    ? `subscribe again with after: "${lastSentId}" (the last event it received)`
    : 'subscribe again with after: the id of the last event you received';
  return new AppError(
    'SERVICE_UNAVAILABLE',
    `${why}; ${resume} to resume from the log without a gap`,
    [],
    lastSentId ? { resumeAfter: lastSentId } : {},
  );
}

/** What a live event stream is, for a transport that delivers it itself (http/live-delivery.ts). */
export type LiveEventSource = StreamOptions;
export const LIVE_SOURCE = Symbol('live event source');

/** The source a stream was made from, when `value` is such a stream. */
export const liveSourceOf = (value: unknown): LiveEventSource | undefined =>
  value && typeof value === 'object' ? (value as { [LIVE_SOURCE]?: LiveEventSource })[LIVE_SOURCE] : undefined;

/** The log after `afterSeq`, a page at a time, in seq order: the events of `types` the key may read. */
export async function* logAfter({
  prisma,
  organizationId,
  types,
  readable,
  afterSeq,
}: StreamOptions): AsyncGenerator<LoggedEvent[] & { lastSeq: number }> {
  if (afterSeq === undefined) return;
  let lastSeq = afterSeq;
  for (;;) {
    const page = await prisma.event.findMany({
      where: { organizationId, seq: { gt: lastSeq }, ...(types?.length ? { type: { in: [...types] } } : {}) },
      orderBy: { seq: 'asc' },
      take: PAGE,
      omit: { relayedAt: true },
    });
    if (page.length === 0) return;
    lastSeq = page[page.length - 1].seq;
    // The page's last seq is where it read up to, even when the key may read none of it.
    const readablePage = readable ? page.filter((event) => readable(event.resourceType)) : page;
    yield Object.assign(readablePage, { lastSeq });
    if (page.length < PAGE) return;
  }
}

/**
 * The stream as an iterator whose `return()` (a client unsubscribing) ends it at once: a bare async
 * generator waiting for the next event would only notice at that event. graphql-ws's sockets do not
 * iterate it: they hand its source (LIVE_SOURCE) to http/live-delivery.ts, which delivers a whole
 * organization's subscribers at once; this is the same stream for one subscriber alone.
 */
export function eventStream(options: StreamOptions): AsyncIterableIterator<LoggedEvent> & { [LIVE_SOURCE]: LiveEventSource } {
  const control: StreamControl = { stopped: false };
  const events = streamEvents(options, control);
  return {
    [LIVE_SOURCE]: options,
    next: () => events.next(),
    return: (value?: unknown) => {
      control.stopped = true;
      control.wakeUp?.();
      return events.return(value as never);
    },
    throw: (error?: unknown) => events.throw(error),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * How the iterator stops the generator: a flag and the wake-up of its wait. (Not an AbortSignal: its
 * `aborted` getter, read for every event of every subscriber, showed in a busy fan-out's profile.)
 */
interface StreamControl {
  stopped: boolean;
  wakeUp?: () => void;
}

async function* streamEvents(
  { prisma, bus, organizationId, types, readable, afterSeq, maxWaiting }: StreamOptions,
  control: StreamControl,
): AsyncGenerator<LoggedEvent> {
  const wanted = (event: LoggedEvent) => (!types?.length || types.includes(event.type)) && (!readable || readable(event.resourceType));
  const queue: LoggedEvent[] = [];
  let overflowed = false;
  let lastSent: string | undefined;
  const unsubscribe = bus.subscribe(organizationId, (event) => {
    if (overflowed) return;
    if (queue.length >= maxWaiting) {
      overflowed = true;
      queue.length = 0; // let them go now, not when the client finally reads
    } else queue.push(event);
    control.wakeUp?.();
  });
  try {
    // The last log position read: a live event at or before it was in the log. Not the log's end read
    // afterwards: an event committing between the last page and that read would be past neither.
    let lastSeq = -1;
    // Where this instance's live events of the organization start: the log read below reaches at least there.
    await bus.opened(organizationId);
    if (afterSeq !== undefined) lastSeq = afterSeq;
    for await (const page of logAfter({ prisma, bus, organizationId, types, readable, afterSeq, maxWaiting })) {
      for (const event of page) {
        yield event;
        lastSent = event.id;
      }
      lastSeq = page.lastSeq;
    }
    while (!control.stopped) {
      if (overflowed) {
        throw resumable({ lastSentId: lastSent }, `This subscription fell more than ${maxWaiting} events behind and was ended`);
      }
      const event = queue.shift();
      if (event) {
        if (event.seq > lastSeq && wanted(event)) {
          yield event;
          lastSent = event.id;
        }
        continue;
      }
      await new Promise<void>((resolve) => (control.wakeUp = resolve));
      control.wakeUp = undefined;
    }
  } finally {
    unsubscribe();
  }
}

/**
 * The log position of an event of the organization (a subscription's `after`), or undefined without one;
 * only of an event about a resource type in `readable` (all when undefined), as any read of an event.
 */
export async function positionAfter(
  prisma: Prisma,
  organizationId: string,
  eventId: string | null | undefined,
  readable?: string[],
): Promise<number | undefined> {
  if (!eventId) return undefined;
  const anchor = await prisma.event.findFirst({
    where: { id: eventId, organizationId, ...(readable ? { resourceType: { in: readable } } : {}) },
    select: { seq: true, prunedAt: true },
  });
  if (!anchor)
    throw new AppError('NOT_FOUND', `No event with id ${echo(eventId)}`, [
      { path: 'after', message: 'is not an event of your organization' },
    ]);
  // What followed a pruned event may be pruned too: a gap the client must be told of, not skip over.
  if (anchor.prunedAt)
    throw new AppError('VALIDATION_FAILED', `Event ${eventId} is older than the events kept whole; read the current state instead`, [
      { path: 'after', message: 'is an event whose data was pruned (EVENT_RETENTION_DAYS): resume from a newer one' },
    ]);
  return anchor.seq;
}

/** The event log as a bus reads it: by seq (the first read of an outage by time), and where an organization's ends. */
export function eventLog(prisma: Prisma): EventLog {
  return {
    read: (organizationId, from, limit) =>
      prisma.event.findMany({
        where: { organizationId, ...('afterSeq' in from ? { seq: { gt: from.afterSeq } } : { createdAt: { gte: from.since } }) },
        orderBy: { seq: 'asc' },
        take: limit,
        omit: { relayedAt: true },
      }),
    latestSeq: async (organizationId) =>
      (await prisma.event.findFirst({ where: { organizationId }, orderBy: { seq: 'desc' }, select: { seq: true } }))?.seq ?? 0,
  };
}
