// Seq order for one instance's listeners, whatever order the events arrive in. Two instances publish
// their commits to Redis independently, so an instance can hear 11439 (committed on b) before 11437 (on
// a, committed first but published later). Handed on as heard, a client resuming with `after: 11439`
// would never receive 11437: a silent loss.
//
// Every event a write commits names the organization's event before it (`previousSeq`, read under the
// organization lock in the same transaction), so a gap is visible the moment it opens. An event whose
// predecessor has not been handed on waits; the missing ones usually arrive within milliseconds through
// the bus, and if they do not (a publish lost with Redis, an instance killed between commit and publish)
// they are read from the log, where they must be: within an organization commit order is seq order, so
// every event before a committed one is committed too.
//
// Where an organization's stream starts on this instance (its `frontier`) is read from the log when it
// gets its first listener; events arriving before that wait for it, and those at or before it are
// dropped (a listener replaying with `after` reads the log after `ready` resolves, so it has them).
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
  /**
   * The seq of the organization's event before this one (0: none), as the writing transaction saw it
   * under the organization lock; absent where unknown (events relayed by the sweep, read from the log).
   */
  previousSeq?: number;
}

/** What the ordering reads of the event log. */
export interface OrderLog {
  /** The organization's events after `afterSeq`, in seq order, at most `limit`. */
  after(organizationId: string, afterSeq: number, limit: number): Promise<LoggedEvent[]>;
  /** The seq of the organization's latest committed event (0 when it has none). */
  latestSeq(organizationId: string): Promise<number>;
}

/** How long an event waits for its predecessors to arrive before they are read from the log. */
export const GAP_WAIT_MS = 250;
const LOG_PAGE = 500;

interface OrganizationOrder {
  organizationId: string;
  /** The seq of the last event handed on; undefined until the frontier is read. */
  last: number | undefined;
  /** Arrived ahead of a predecessor (or before the frontier was known), by seq. */
  held: Map<number, LoggedEvent>;
  ready: Promise<void>;
  gapTimer?: NodeJS.Timeout;
  filling?: boolean;
  gone?: boolean;
  /** The frontier could not be read: the next event starts the stream. */
  startAtNext?: boolean;
}

export interface SeqOrder {
  /** Starts ordering an organization's events (its first listener here); resolves once its frontier is known. */
  track(organizationId: string): Promise<void>;
  /** Stops (its last listener left). */
  untrack(organizationId: string): void;
  /** An event heard from the bus or read from the log; handed on in seq order, each once. */
  receive(event: LoggedEvent): void;
  close(): void;
}

// Long on purpose: one closure over each organization's frontier and held events, which every arrival and gap read
// changes.
export function seqOrder(log: OrderLog, handOn: (event: LoggedEvent) => void, logger: Logger, gapWaitMs = GAP_WAIT_MS): SeqOrder {
  const organizations = new Map<string, OrganizationOrder>();

  function deliver(state: OrganizationOrder, event: LoggedEvent) {
    state.last = event.seq;
    state.held.delete(event.seq);
    handOn(event);
  }

  /** Hands on what waited and may go now: the next in line while its predecessor has been handed on. */
  function release(state: OrganizationOrder) {
    if (state.last === undefined) return;
    for (const seq of [...state.held.keys()].sort((a, b) => a - b)) {
      const event = state.held.get(seq)!;
      if (seq <= state.last) state.held.delete(seq);
      else if (event.previousSeq === undefined || event.previousSeq <= state.last) deliver(state, event);
      else break;
    }
    if (state.held.size === 0) {
      clearTimeout(state.gapTimer);
      state.gapTimer = undefined;
    } else state.gapTimer ??= setTimeout(() => void fillGap(state), gapWaitMs);
  }

  function start(state: OrganizationOrder, first: LoggedEvent) {
    state.startAtNext = false;
    state.last = first.previousSeq ?? first.seq - 1;
    release(state);
  }

  /** Reads the log past the last event handed on, up to the newest that waits, and hands on all of it in order. */
  async function fillGap(state: OrganizationOrder) {
    state.gapTimer = undefined;
    if (state.filling || state.gone || state.last === undefined) return;
    state.filling = true;
    try {
      const newest = Math.max(...state.held.keys());
      while (!state.gone && state.last < newest) {
        const page = await log.after(state.organizationId, state.last, LOG_PAGE);
        for (const event of page) if (event.seq > state.last) deliver(state, event);
        if (page.length < LOG_PAGE) break;
      }
    } catch (error) {
      logger.warn('reading the event log to fill a gap failed; trying again', { error });
    } finally {
      state.filling = false;
      if (!state.gone) release(state);
    }
  }

  return {
    track(organizationId) {
      const known = organizations.get(organizationId);
      if (known) return known.ready;
      const state: OrganizationOrder = { organizationId, last: undefined, held: new Map(), ready: Promise.resolve() };
      organizations.set(organizationId, state);
      state.ready = log.latestSeq(organizationId).then(
        (frontier) => {
          state.last = frontier;
          release(state);
        },
        (error) => {
          // Without a frontier, the first event at hand starts the stream (an earlier one cannot be told
          // from a gap that would send the whole log after it).
          logger.warn('reading where the event log ends failed; starting from the next event', { error });
          state.startAtNext = true;
          const first = state.held.get(Math.min(...state.held.keys()));
          if (first) start(state, first);
        },
      );
      return state.ready;
    },
    untrack(organizationId) {
      const state = organizations.get(organizationId);
      if (!state) return;
      state.gone = true;
      clearTimeout(state.gapTimer);
      organizations.delete(organizationId);
    },
    receive(event) {
      const state = organizations.get(event.organizationId);
      if (!state) return; // nobody here listens to this organization
      if (state.startAtNext) {
        state.held.set(event.seq, event);
        start(state, event);
        return;
      }
      if (state.last !== undefined && event.seq <= state.last) return; // handed on already, or before the frontier
      state.held.set(event.seq, event);
      release(state);
    },
    close() {
      for (const organizationId of [...organizations.keys()]) this.untrack(organizationId);
    },
  };
}
