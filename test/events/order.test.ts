// Each organization's events reach an instance's listeners in seq order and once, whatever order they
// arrive in: a later event waits for its predecessors, which come through the bus or, if they never do,
// from the log. (Two instances at load in test/events/instances.test.ts.)
import { expect, it } from 'vitest';
import { inProcessBus, type LoggedEvent } from '../../src/events/bus.ts';
import { GAP_WAIT_MS } from '../../src/events/order.ts';
import { createLogger } from '../../src/lib/logger.ts';

const event = (seq: number, previousSeq: number | undefined, organizationId = 'org_a'): LoggedEvent => ({
  seq,
  previousSeq,
  id: `evt_${seq}`,
  organizationId,
  type: 'customer.created',
  resourceType: 'customer',
  resourceId: `cus_${seq}`,
  payload: '{}',
  createdAt: new Date(),
  actor: null,
  actorKeyId: null,
});

/** A log holding `events`, counting its reads. */
function logOf(events: LoggedEvent[], frontier: number) {
  const reads: number[] = [];
  return {
    reads,
    log: {
      read: async (organizationId: string, from: { afterSeq: number } | { since: Date }, limit: number) => {
        const afterSeq = 'afterSeq' in from ? from.afterSeq : 0;
        reads.push(afterSeq);
        return events
          .filter((e) => e.organizationId === organizationId && e.seq > afterSeq)
          .slice(0, limit)
          .map((e) => ({ ...e, previousSeq: undefined }));
      },
      latestSeq: async () => frontier,
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it('hands on a later event only after the ones before it, however they arrive', async () => {
  // org_a's events are 10, 12, 13, 15 (11 and 14 are another organization's)
  const { log, reads } = logOf([], 10);
  const bus = inProcessBus(log, createLogger('silent'));
  const received: number[] = [];
  bus.subscribe('org_a', (e) => received.push(e.seq));
  await bus.opened('org_a');
  await bus.publish([event(13, 12), event(15, 13)]);
  expect(received).toEqual([]);
  await bus.publish([event(12, 10)]);
  expect(received).toEqual([12, 13, 15]);
  await bus.publish([event(13, 12), event(10, 9), event(12, 10)]); // again, or from before it started: dropped
  expect(received).toEqual([12, 13, 15]);
  expect(reads).toEqual([]); // everything came through the bus: the log was not read
  await bus.close();
});

it('reads from the log what never arrives, then goes on in order', async () => {
  const logged = [event(21, 20), event(22, 21), event(23, 22)];
  const { log, reads } = logOf(logged, 20);
  const bus = inProcessBus(log, createLogger('silent'));
  const received: number[] = [];
  bus.subscribe('org_a', (e) => received.push(e.seq));
  await bus.opened('org_a');
  await bus.publish([event(23, 22)]); // 21 and 22 were lost on the way
  await new Promise((resolve) => setTimeout(resolve, GAP_WAIT_MS * 2));
  for (let i = 0; i < 50 && received.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(received).toEqual([21, 22, 23]);
  expect(reads).toEqual([20]);
  logged.push(event(24, 23));
  await bus.publish([event(24, 23)]);
  expect(received).toEqual([21, 22, 23, 24]);
  await bus.close();
});

it("events arriving before the organization's start is known wait for it; those at or before it are dropped", async () => {
  let resolveFrontier!: (seq: number) => void;
  const log = { read: async () => [], latestSeq: () => new Promise<number>((resolve) => (resolveFrontier = resolve)) };
  const bus = inProcessBus(log, createLogger('silent'));
  const received: number[] = [];
  bus.subscribe('org_a', (e) => received.push(e.seq));
  await bus.publish([event(31, 30), event(32, 31)]);
  await settle();
  expect(received).toEqual([]);
  resolveFrontier(31);
  await bus.opened('org_a');
  expect(received).toEqual([32]);
  await bus.close();
});

it('an organization nobody here listens to costs nothing and is not read', async () => {
  const { log, reads } = logOf([], 0);
  const bus = inProcessBus(log, createLogger('silent'));
  const received: LoggedEvent[] = [];
  bus.subscribe('org_a', (e) => received.push(e));
  await bus.opened('org_a');
  await bus.publish([event(5, 4, 'org_b')]);
  await new Promise((resolve) => setTimeout(resolve, GAP_WAIT_MS * 2));
  expect(received).toEqual([]);
  expect(reads).toEqual([]);
  await bus.close();
});
