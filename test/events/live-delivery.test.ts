// Live delivery (src/http/live-delivery.ts) at its seams, deterministically: a live event that arrives
// while a replay is still reading the log goes out after the replay, once; the frames it writes by hand
// are WebSocket frames ws itself reads, whatever the payload's size; like subscribers share one execution.
import { GraphQLID, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, parse } from 'graphql';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import type { LoggedEvent } from '../../src/events/bus.ts';
import { inProcessBus } from '../../src/events/bus.ts';
import type { LiveEventSource } from '../../src/events/stream.ts';
import { liveDelivery } from '../../src/http/live-delivery.ts';
import { createLogger } from '../../src/lib/logger.ts';

const event = (seq: number, id = `evt_${seq}`): LoggedEvent => ({
  seq,
  id,
  organizationId: 'org_a',
  type: 'customer.created',
  resourceType: 'customer',
  resourceId: `cus_${seq}`,
  payload: '{}',
  createdAt: new Date(0),
  actor: null,
  actorKeyId: null,
});

let executions = 0;
const EventType = new GraphQLObjectType({
  name: 'Event',
  fields: { id: { type: new GraphQLNonNull(GraphQLID) }, type: { type: GraphQLString } },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      events: {
        type: EventType,
        resolve: (root: LoggedEvent) => {
          executions++;
          return root;
        },
      },
    },
  }),
});
const document = parse('subscription { events { id } }');
const args = { schema, document, contextValue: { apiKey: { scopes: ['*'] } } };

/** ws's frame parser (exported by ws, not in its type declarations): it reads what a client would. */
const { Receiver } = createRequire(import.meta.url)('ws') as {
  Receiver: new (options: {
    isServer: boolean;
  }) => { write(bytes: Buffer): boolean; on(event: 'message', listener: (data: Buffer) => void): void };
};

/** A socket as live delivery sees one: open, taking every write; what was written, read back by ws's own Receiver. */
function socketPair() {
  const messages: any[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data: Buffer) => messages.push(JSON.parse(String(data))));
  const raw = { writableLength: 0, write: (bytes: Buffer) => receiver.write(bytes), once: () => raw } as never;
  const socket = { readyState: 1, OPEN: 1 } as never;
  return { raw, socket, messages, ids: () => messages.map((m) => m.payload.data.events.id as string) };
}

/** A log whose read the test lets go when it chooses. */
function heldLog(events: LoggedEvent[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reads: number[] = [];
  const prisma = {
    event: {
      findMany: async ({ where }: { where: { seq: { gt: number } } }) => {
        reads.push(where.seq.gt);
        await released;
        return events.filter((e) => e.seq > where.seq.gt);
      },
    },
  };
  return { prisma: prisma as never, release, reads };
}

const flushed = async (socket: { messages: unknown[] }, count: number) => {
  for (let tries = 0; socket.messages.length < count && tries < 200; tries++) await new Promise((r) => setTimeout(r, 10));
};

it('a live event arriving while the replay reads the log goes out after it, once', async () => {
  const bus = inProcessBus();
  const delivery = liveDelivery({ bus, logger: createLogger('silent'), maskError: (error) => error as Error });
  const log = heldLog([event(1), event(2)]);
  const source: LiveEventSource = { prisma: log.prisma, bus, organizationId: 'org_a', afterSeq: 0, maxWaiting: 10 };
  const client = socketPair();
  const ended = delivery.attach(client.socket, client.raw, 'op', source, args).next();
  await new Promise((r) => setTimeout(r, 20));
  expect(log.reads).toEqual([0]); // the replay is reading
  await bus.publish([event(2), event(3)]); // 2 is in the log too; 3 is not yet
  await new Promise((r) => setTimeout(r, 50));
  expect(client.messages).toEqual([]); // nothing live before the replay
  log.release();
  await flushed(client, 3);
  await new Promise((r) => setTimeout(r, 50));
  expect(client.ids()).toEqual(['evt_1', 'evt_2', 'evt_3']);
  await bus.publish([event(4)]);
  await flushed(client, 4);
  expect(client.ids()).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4']);
  expect(client.messages.every((m) => m.id === 'op' && m.type === 'next')).toBe(true);
  delivery.close();
  void ended;
});

it(
  'frames payloads of every length ws distinguishes (under 126 bytes, under 64 KB, ' + 'over), and shares one execution per event',
  async () => {
    const bus = inProcessBus();
    const delivery = liveDelivery({ bus, logger: createLogger('silent'), maskError: (error) => error as Error });
    const clients = [socketPair(), socketPair(), socketPair()];
    for (const [i, client] of clients.entries()) {
      delivery.attach(
        client.socket,
        client.raw,
        `op${i}`,
        { prisma: undefined as never, bus, organizationId: 'org_a', maxWaiting: 10 },
        args,
      );
    }
    await new Promise((r) => setTimeout(r, 20));
    const ids = ['evt_s', `evt_${'m'.repeat(300)}`, `evt_${'l'.repeat(70_000)}`];
    executions = 0;
    await bus.publish(ids.map((id, i) => event(10 + i, id)));
    for (const client of clients) await flushed(client, 3);
    for (const [i, client] of clients.entries()) {
      expect(client.ids()).toEqual(ids);
      expect(client.messages.every((m) => m.id === `op${i}`)).toBe(true);
    }
    expect(executions).toBe(3); // one per event, for the three subscribers
    delivery.close();
  },
);
