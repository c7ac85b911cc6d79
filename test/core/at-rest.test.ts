// A server at rest keeps polling (the relay four times a second, the webhook dispatcher twice, the bulk
// runner every second, the mailer every five), on every instance. A pass that finds nothing must cost one
// plain read: no transaction (on SQLite a write lock taken four times a second), and none of Prisma's
// client work, whose garbage grew the heap of an idle server until its next full collection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, http, startMailServer, type TestApp, type TestMailServer } from '../helpers.ts';

let t: TestApp;
let key: string;
let mail: TestMailServer;

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ mail: mail.settings() });
  ({ key } = await t.tenant('Resting Co'));
  // Something to relay once, so the log holds relayed events and a subscription has a delivery history.
  const hook = await http(t.url, '/api/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook', eventTypes: ['customer.created'] } });
  expect(hook.status).toBe(201);
  expect((await http(t.url, '/api/v1/customers', { key, body: { name: 'Rested Ltd' } })).status).toBe(201);
  await t.app.relay.drain();
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** The statements `passes` cause. */
async function statementsOf(passes: () => Promise<unknown>): Promise<string[]> {
  const from = t.queries.length;
  await passes();
  return t.queries.slice(from);
}

describe('a server at rest', () => {
  it('looks for work with one plain read a pass, and opens no transaction', async () => {
    // Settle what the setup left (the failed delivery's attempt is due later, not now).
    await t.app.dispatcher.drain();
    // The relay's and the dispatcher's own timers keep polling meanwhile; nothing else touches the bulk
    // operations or the mail, so those two are counted exactly.
    const passes = [
      ['relay', () => t.app.relay.drain(), 'Event', false],
      ['webhook dispatcher', () => t.app.dispatcher.drain(), 'WebhookDelivery', false],
      ['bulk runner', () => t.app.workers['bulk-operations']!.drain(), 'BulkOperation', true],
      ['mailer', () => t.app.workers.mailer!.drain(), 'DocumentEmail', true],
    ] as const;
    for (const [name, pass, table, exact] of passes) {
      await pass(); // the bulk runner's housekeeping (expired files), at most once a minute
      const statements = await statementsOf(async () => {
        for (let i = 0; i < 3; i++) await pass();
      });
      for (const statement of statements) expect(statement, name).toMatch(/^\s*SELECT\b[\s\S]*\bLIMIT\b/);
      const own = statements.filter((statement) => statement.includes(`"${table}"`));
      if (exact) expect(own.length, `${name}: ${statements.join('\n')}`).toBe(3);
      else expect(own.length, `${name}: ${statements.join('\n')}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('still relays what another instance logged, with nothing here to wake it', async () => {
    // An event as another process writes it: in the log, not yet relayed, and no write here to wake the relay.
    const last = await t.db.prisma.event.findFirstOrThrow({ orderBy: { seq: 'desc' } });
    const { seq: _seq, ...copy } = last;
    const id = newId('Event');
    // Its timer or this drain relays it, whichever comes first.
    const statements = await statementsOf(async () => {
      await t.db.prisma.event.create({ data: { ...copy, id, createdAt: new Date(), relayedAt: null } });
      await t.app.relay.drain();
    });
    expect(statements.some((s) => /UPDATE "Event"/.test(s))).toBe(true);
    expect((await t.db.prisma.event.findUniqueOrThrow({ where: { id } })).relayedAt).not.toBeNull();
  });
});
