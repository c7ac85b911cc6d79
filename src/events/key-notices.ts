// Key announcements through PostgreSQL's own publish/subscribe (LISTEN/NOTIFY), so a revocation or a
// roll reaches every instance on the database at once, with or without Redis: by the API (the relay
// announces after commit) or by the apikey CLI beside the servers. The instances' memory of verified
// keys (API_KEY_CACHE_MS) is then only the net for a notice lost while an instance's listening
// connection was down.
//
// NOTIFY reaches every listener of the database, whatever its schema: the payload names the schema, and
// an instance acts only on its own.
import pg from 'pg';
import { RAISE_KEY_EPOCH } from '../core/api-keys.ts';
import type { Database } from '../db/database.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';
import type { Logger } from '../lib/logger.ts';
import type { EventBus } from './bus.ts';

/** The channel; a listening connection's last statement in pg_stat_activity is `LISTEN <channel>`. */
export const CHANNEL = 'accounting_api_keys';
const RECONNECT_MS = 1000;

export type KeyNotice = { kind: 'revoked'; apiKeyId: string } | { kind: 'keys_changed'; organizationId: string };
type Notice = KeyNotice;

const payloadOf = (schema: string, notice: Notice) => JSON.stringify({ schema, ...notice });

/**
 * The statement that announces `notice` from inside a write's own transaction: PostgreSQL delivers it to
 * every listener when the transaction commits, so every instance hears of a revoked key as it is
 * revoked, before the revoking request's answer leaves, with or without Redis. Undefined off PostgreSQL.
 */
export function keyNoticeStatement(db: Database, notice: KeyNotice): Prisma.Sql | undefined {
  if (db.direct.kind !== 'postgresql') return undefined;
  return Prisma.sql`SELECT pg_notify(${CHANNEL}, ${payloadOf(db.direct.schema, notice)})`;
}

/**
 * Tells every instance on this PostgreSQL database that a key was revoked (the apikey CLI's announcement):
 * the key epoch raised, which the instances read before trusting a key they remember, and the notice.
 */
export async function notifyRevocation(db: Database, apiKeyId: string): Promise<void> {
  if (db.direct.kind !== 'postgresql') return;
  await db.prisma.$executeRawUnsafe(RAISE_KEY_EPOCH);
  await db.prisma.$executeRawUnsafe('SELECT pg_notify($1, $2)', CHANNEL, payloadOf(db.direct.schema, { kind: 'revoked', apiKeyId }));
}

/**
 * `bus` whose key announcements also go through PostgreSQL (announced on both; heard from both: a
 * listener may hear one twice, and forgetting a key twice is harmless). `ready` resolves once this
 * instance listens, or after its first failure to (it keeps trying in the background).
 * Long on purpose: one closure over the LISTEN connection and its reconnecting, which the wrapped bus shares.
 */
export function withPostgresKeyNotices(bus: EventBus, db: Database, logger: Logger): EventBus & { ready: Promise<void> } {
  if (db.direct.kind !== 'postgresql' || !db.pgPool) throw new Error('PostgreSQL key notices need a PostgreSQL database');
  const { connectionString, schema } = db.direct;
  const pool = db.pgPool;
  const revocationListeners = new Set<(apiKeyId: string) => void>();
  const keysChangedListeners = new Set<(organizationId: string) => void>();
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const hear = (payload: string | undefined) => {
    let notice: Notice & { schema?: string };
    try {
      notice = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (notice.schema !== schema) return;
    if (notice.kind === 'revoked') for (const listener of revocationListeners) listener(notice.apiKeyId);
    if (notice.kind === 'keys_changed') for (const listener of keysChangedListeners) listener(notice.organizationId);
  };

  // One retry pending at most, whichever way a connection was lost.
  const retryLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, RECONNECT_MS).unref();
  };
  // A connection of its own, outside the pool: LISTEN holds its session for as long as it lives.
  const listen = async (): Promise<void> => {
    const connection = new pg.Client({ connectionString });
    connection.on('error', () => {}); // a listening connection's 'end' follows, which reconnects
    connection.on('notification', (message) => hear(message.payload));
    connection.on('end', () => {
      if (client !== connection) return; // one that never listened is retried below
      client = undefined;
      retryLater();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANNEL}`);
      if (closed) return void (await connection.end().catch(() => {}));
      client = connection;
    } catch (error) {
      logger.warn('listening for key announcements on PostgreSQL failed; retrying', { error });
      await connection.end().catch(() => {});
      retryLater();
    }
  };
  const ready = listen();

  const notify = (notice: Notice) => pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payloadOf(schema, notice)]).then(() => undefined);
  const both = <T>(set: Set<T>, listener: T, unsubscribe: () => void) => {
    set.add(listener);
    return () => {
      set.delete(listener);
      unsubscribe();
    };
  };

  return {
    ...bus,
    ready,
    publish: (events) => bus.publish(events),
    subscribe: (organizationId, listener) => bus.subscribe(organizationId, listener),
    opened: (organizationId) => bus.opened(organizationId),
    async announceRevocation(apiKeyId) {
      await Promise.all([bus.announceRevocation(apiKeyId), notify({ kind: 'revoked', apiKeyId })]);
    },
    onRevocation: (listener) => both(revocationListeners, listener, bus.onRevocation(listener)),
    async announceKeysChanged(organizationId) {
      await Promise.all([bus.announceKeysChanged(organizationId), notify({ kind: 'keys_changed', organizationId })]);
    },
    onKeysChanged: (listener) => both(keysChangedListeners, listener, bus.onKeysChanged(listener)),
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      await bus.close();
    },
  };
}
