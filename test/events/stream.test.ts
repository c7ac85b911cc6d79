// A live subscription's queue is bounded: a client that stops reading is ended (with where to resume),
// instead of the server keeping every event of its organization for it.
import { buildSchema, type ExecutionArgs, type ExecutionResult, parse } from 'graphql';
import { expect, it } from 'vitest';
import { inProcessBus, type LoggedEvent } from '../../src/events/bus.ts';
import { eventStream } from '../../src/events/stream.ts';
import { useSharedSubscriptionResults } from '../../src/graphql/shared-subscriptions.ts';
import { AppError } from '../../src/lib/errors.ts';

const event = (seq: number, organizationId = 'org_a'): LoggedEvent => ({
  seq,
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

it('a subscriber that keeps up receives every event, however many pass through', async () => {
  const bus = inProcessBus();
  const stream = eventStream({ prisma: undefined as never, bus, organizationId: 'org_a', maxWaiting: 3 });
  const received: string[] = [];
  for (let seq = 1; seq <= 20; seq++) {
    const next = stream.next();
    await bus.publish([event(seq), event(seq, 'org_b')]);
    received.push((await next).value.id);
  }
  expect(received).toEqual(Array.from({ length: 20 }, (_, i) => `evt_${i + 1}`));
  await stream.return!();
});

it('ends a subscriber that falls more than the limit behind, naming the last event it received, and drops what waited', async () => {
  const bus = inProcessBus();
  const stream = eventStream({ prisma: undefined as never, bus, organizationId: 'org_a', maxWaiting: 5 });
  const first = stream.next(); // starts the stream: it subscribes
  await bus.publish([event(1)]);
  expect((await first).value.id).toBe('evt_1');
  // The client stops reading while six more events commit; another organization's do not count.
  await bus.publish([2, 3, 4, 5, 6, 7].map((seq) => event(seq)));
  await bus.publish([8, 9, 10, 11, 12, 13].map((seq) => event(seq, 'org_b')));
  const error = await stream.next().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { resumeAfter: 'evt_1' } });
  expect((error as AppError).message).toMatch(/more than 5 events behind.*after: "evt_1"/);
  expect((await stream.next()).done).toBe(true);
});

it(
  'resuming with after: an event committing just as the log is read comes live, ' + 'not lost between the log and the live events',
  async () => {
    const bus = inProcessBus();
    const log = [event(1), event(2), event(3)];
    let reads = 0;
    // The log as the database answers it: the first read sees events 2 and 3; event 4 commits (and is
    // published) right after it, before anything else is read.
    const prisma = {
      event: {
        findMany: async ({ where }: { where: { seq: { gt: number } } }) => {
          const page = log.filter((e) => e.seq > where.seq.gt);
          if (reads++ === 0) {
            log.push(event(4));
            await bus.publish([event(4)]);
          }
          return page;
        },
        findFirst: async () => ({ seq: log[log.length - 1].seq }),
      },
    };
    const stream = eventStream({ prisma: prisma as never, bus, organizationId: 'org_a', afterSeq: 1, maxWaiting: 10 });
    const received: string[] = [];
    const waited = (next: Promise<IteratorResult<LoggedEvent>>) =>
      Promise.race([next.then((r) => r.value.id), new Promise((resolve) => setTimeout(() => resolve('nothing within 1 s'), 1000))]);
    for (let i = 0; i < 3; i++) received.push((await waited(stream.next())) as string);
    expect(received).toEqual(['evt_2', 'evt_3', 'evt_4']);
    await stream.return!();
  },
);

it('hands a source that ends with an error to the client as one result carrying it, then completes', async () => {
  const schema = buildSchema('type Query { ok: Boolean } type Subscription { ticks: Int }');
  const failing = new AppError('SERVICE_UNAVAILABLE', 'fell behind', [], { resumeAfter: 'evt_1' });
  async function* ticks() {
    yield { ticks: 1 };
    throw failing;
  }
  (schema.getSubscriptionType()!.getFields().ticks as { subscribe?: unknown }).subscribe = () => ticks();
  let subscribe: ((args: ExecutionArgs) => Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>) | undefined;
  useSharedSubscriptionResults().onSubscribe({ setSubscribeFn: (fn) => (subscribe = fn) });
  const results = (await subscribe!({
    schema,
    document: parse('subscription { ticks }'),
    contextValue: { organizationId: 'org_a' },
  })) as AsyncIterableIterator<ExecutionResult>;
  expect((await results.next()).value).toEqual({ data: { ticks: 1 } });
  const failed = (await results.next()).value as ExecutionResult;
  expect(failed.errors?.[0]?.originalError).toBe(failing);
  expect((await results.next()).done).toBe(true);
});
